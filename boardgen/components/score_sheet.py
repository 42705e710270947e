"""Score sheets from columns: tables of rows to fill in, their columns named in the kit's
language, with the players' colours and marks where the sheet is per player, under the
game's title and the sheet's name (and a note on scoring, if it has one).

Two arrangements: players ``across`` (numbered rows, the columns repeated under each
player's colour, the tables repeated across and down the sheet while they fit), or players
``down`` (a row per player, its colour, mark and number at the left, a table per round of
the game, up to three abreast, and a summary over all of them with a note on who places
higher). The sheet fills the printable area that A4 and US Letter share, so it prints on
either at 100 %.

A column may stand for the spaces of one kind (``each = "sprint"``): one column per space of
that kind on the board, in track order, its title's ``{number}`` counting them from 1 and
``{space}`` giving the space's number on the track. The game passes the board's spaces by
kind in ``context.facts["spaces"]`` (kind → space numbers in track order). The note may name
the sheet's own values: ``{tables}`` (the tables, one per round) and ``{points}`` (the points
for the first places, spoken as a list in the kit's language).
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal, Mapping, Union

from pydantic import Field, field_validator, model_validator

from boardgen import fonts
from boardgen.components.base import Context, Parts, Player, Summary
from boardgen.components.deck import check_text, in_language
from boardgen.components.text import CAP_HEIGHT, wrap
from boardgen.components.wording import counted, spoken_list
from boardgen.layout import FieldProblem, Model as LayoutModel
from boardgen.marks import mark_node
from boardgen.product import Sheet
from boardgen.scene import Line, Node, Rect, Scene, Style, Text, ink_on, mix

NAME = "score_sheet"
SHEET_SIZE = (198.0, 254.0)  # A4 and US Letter less 6 mm margins and the page footer
MARGIN = 3.0
BOTTOM = 6.0
GRID = Style(stroke="#6b6258", stroke_mm=0.25)
FRAME = Style(stroke="#2a241d", stroke_mm=0.6)
HEAD_FILL = Style(fill="#ece6da")
TOTAL_FILL = Style(fill="#f4f0e8")
# players down: the tables of the rounds and the summary
TABLE_GAP = 4.0              # between tables side by side
BLOCK_GAP = 6.0              # between rows of tables, and above the summary
MAX_EXTRA_GAP = 6.0          # spare height added to each of those gaps at most
HEADING = 7.0
HEADER_ROW = 9.5
HEADER_SIZE = 2.5            # every column heading, in every language: the longest word
                             # of the longest language (French, German, Polish) still fits
                             # three tables abreast; a heading wraps rather than shrinks
HEADER_PAD = 1.5             # a heading's room less than its column
TABLES_PER_ROW = 3
COLOUR_ROW = 7.0             # the summary's row of player colours
SUMMARY_LABEL_W = 40.0
NOTE_SIZE = 3.2
WRITING_ROOM_MM = 7.0        # the narrowest column a number is written into by hand

Text_ = Union[str, dict[str, str]]
# The keys of one way round the players go, which the other leaves unused.
DOWN_ONLY = ("tables", "table_title", "player_title", "total", "summary")
ACROSS_ONLY = ("rows", "per_player")
WAYS = {"across": "numbered rows, each player's columns under their colour",
        "down": "a table per round with a row per player"}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
EACH_PLACEHOLDERS = ("number", "space")   # in the title of a column of each space of a kind
NOTE_PLACEHOLDERS = ("tables", "points")  # in the sheet's note


def placeholders(value: Text_) -> set[str]:
    """The ``{name}`` placeholders a text uses, in any of its languages."""
    texts = value.values() if isinstance(value, dict) else (value,)
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def check_placeholders(value: Text_, allowed: tuple[str, ...], what: str) -> Text_:
    unknown = sorted(placeholders(value) - set(allowed))
    if unknown:
        offered = ", ".join("{" + name + "}" for name in allowed) or "none"
        raise ValueError(f"{{{unknown[0]}}} is no placeholder of {what} ({offered})")
    return value


def filled(value: Text_, **values: Any) -> Text_:
    """``value`` with its placeholders replaced in every language (other braces stay)."""
    def fill(text: str) -> str:
        return PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], text)

    if isinstance(value, dict):
        return {lang: fill(text) for lang, text in value.items()}
    return fill(value)


class Column(LayoutModel):
    """A column of the table, or (with ``each``) one column per space of a kind."""

    title: Text_ = Field(description="its heading (one text, or one per language); with `each`, "
                                     "{number} counts the columns from 1 and {space} is the "
                                     "space's number on the track")
    width: float = Field(1.0, gt=0, le=10, description="its width relative to the others")
    each: str | None = Field(None, min_length=1, max_length=40,
                             description="a kind of space: one column per space of that kind "
                                         "on the board, in track order (none where the board "
                                         "has no such space)")

    @field_validator("title")
    @classmethod
    def every_language(cls, value):
        return check_text(value)

    @model_validator(mode="after")
    def placeholders_of_each(self):
        allowed = EACH_PLACEHOLDERS if self.each is not None else ()
        try:
            check_placeholders(self.title, allowed, "a column's title" if self.each is None
                               else "the title of a column of each space")
        except ValueError as error:
            raise FieldProblem("title", str(error)) from None
        return self


class Total(LayoutModel):
    """A row of the summary: one total (or the place) per player."""

    title: Text_ = Field(description="its name at the left (one text, or one per language)")
    height_mm: float = Field(9.0, ge=4, le=30, description="its height")

    @field_validator("title")
    @classmethod
    def every_language(cls, value):
        return check_text(value)


class Totals(LayoutModel):
    """A table over all the tables: a column per player, a row per total."""

    title: Text_ = Field("", description="its heading")
    rows: dict[str, Total] = Field(min_length=1, max_length=8,
                                   description="the totals by name, in order, from the top")
    note: Text_ = Field("", description="printed below it: who places higher")

    @field_validator("title", "note")
    @classmethod
    def every_language(cls, value):
        return check_text(value)


class Model(LayoutModel):
    """A score sheet."""

    type: Literal["score_sheet"] = Field(description="a sheet of tables to write scores in")
    columns: dict[str, Column] = Field(min_length=1, description="the columns by name, in order")
    rows: int = Field(10, ge=1, le=60, description="rows to write in (players across)")
    per_player: bool = Field(True, description="players across: the columns repeat for each "
                                               "player, under the player's colour and mark")
    row_mm: float = Field(8.0, ge=4, le=30, description="height of a row (players down: at "
                                                        "most, where the sheet has room)")
    players: Literal["across", "down"] = Field(
        "across", description="across: numbered rows; down: a row per player, its colour, "
                              "mark and number at the left")
    tables: int | None = Field(None, ge=1, le=12, description="players down: the tables, one "
                                                              "per round of the game")
    title: Text_ = Field("", description="the sheet's name (default: the kit's word for a "
                                         "score sheet)")
    note: Text_ = Field("", description="a note under the title, in italics; {tables} and "
                                        "{points} print the sheet's tables and points")
    table_title: Text_ = Field("", description="players down: each table's heading; {number} "
                                               "is its number (default: the kit's word for "
                                               "a round, Round 1, Round 2, ...)")
    player_title: Text_ = Field("", description="players down: the heading of the players' "
                                                "column")
    total: str | None = Field(None, description="players down: the column that totals a "
                                                "table's row, shaded")
    points: tuple[int, ...] = Field((), max_length=12,
                                    description="the points for the first places, which the "
                                                "note names as {points} (and a game's rules "
                                                "may read)")
    summary: Totals | None = Field(None, description="players down: the totals over all the "
                                                     "tables, below them")

    @field_validator("title", "note", "table_title", "player_title")
    @classmethod
    def every_language(cls, value):
        return check_text(value)

    @field_validator("note")
    @classmethod
    def note_placeholders(cls, value):
        return check_placeholders(value, NOTE_PLACEHOLDERS, "the note")

    @model_validator(mode="after")
    def keys_of_its_way_round(self):
        """A key for the other way round the players go would be left unused: refused."""
        other = DOWN_ONLY if self.players == "across" else ACROSS_ONLY
        unused = [key for key in other if key in self.model_fields_set]
        if unused:
            way = "down" if self.players == "across" else "across"
            raise FieldProblem(unused[0], f"{unused[0]} is for players = \"{way}\" "
                               f"({WAYS[way]}); this sheet has players = \"{self.players}\" "
                               f"({WAYS[self.players]}): leave it out, or set players = "
                               f"\"{way}\"")
        return self

    @model_validator(mode="after")
    def total_is_a_column(self):
        if self.total is not None and self.total not in self.columns:
            raise ValueError(f"total = {self.total!r} is not one of the columns "
                             f"({', '.join(self.columns)})")
        if self.total is not None and self.columns[self.total].each is not None:
            raise ValueError(f"total = {self.total!r} names a column of each space; the total "
                             "is one column")
        return self

    def kinds_of_columns(self) -> dict[str, str]:
        """The columns of each space of a kind: column name → the kind."""
        return {name: column.each for name, column in self.columns.items()
                if column.each is not None}


def spread_columns(model: Model, spaces: Mapping[str, tuple[int, ...]]) -> dict[str, Column]:
    """The columns with each column of ``each`` a kind replaced by one per space of that kind
    (``spaces``: kind → space numbers in track order), named ``<column>-<n>``."""
    columns: dict[str, Column] = {}
    for name, column in model.columns.items():
        if column.each is None:
            columns[name] = column
            continue
        for k, space in enumerate(spaces.get(column.each, ()), start=1):
            columns[f"{name}-{k}"] = Column(title=filled(column.title, number=k, space=space),
                                            width=column.width)
    return columns


def resolved(model: Model, context: Context) -> Model:
    """The sheet as it prints in the context's language: its columns of each space spread
    over the board's spaces, its note's placeholders filled in."""
    update: dict[str, Any] = {}
    if model.kinds_of_columns():
        update["columns"] = spread_columns(model, context.facts.get("spaces", {}))
    if placeholders(model.note):
        note = in_language(model.note, context.words.lang)
        update["note"] = filled(note, tables=model.tables or 1,
                                points=spoken_list(context.words, model.points))
    return model.model_copy(update=update) if update else model


# ---- the sheet's title ---------------------------------------------------------------------


def heading(model: Model, context: Context, width: float) -> tuple[list[Node], float]:
    """The game's title at the left, the sheet's name at the right and the note below them;
    returns them and their depth."""
    ink, lang = context.ink, context.words.lang
    title = context.title
    name = in_language(model.title, lang) or context.words("part.score_sheet.title")
    baseline = MARGIN + 8.0 * CAP_HEIGHT
    name_size = fonts.fit_size(name, width * 0.35, 5.0)
    title_room = width - fonts.text_width(name, name_size) - 6.0
    nodes: list[Node] = [
        Text(MARGIN, baseline, title, fonts.fit_size(title, title_room, 8.0, "bold"),
             font="bold", fill=ink),
        Text(MARGIN + width, baseline, name, name_size, anchor="end", fill=ink),
    ]
    y = baseline + 3.0
    for line in wrap(in_language(model.note, lang), width, 3.0, "italic", lang=lang):
        y += 4.0
        nodes.append(Text(MARGIN, y, line, 3.0, font="italic", fill=ink))
    return nodes, y + 4.0


def sheet_name(model: Model, context: Context) -> str:
    name = in_language(model.title, context.words.lang) or context.words("part.score_sheet.title")
    return context.words.titled(name)


# ---- players across ------------------------------------------------------------------------


def table_size(model: Model, players: int) -> tuple[float, float]:
    groups = players if model.per_player and players else 1
    width = 12.0 + groups * sum(c.width for c in model.columns.values()) * 18.0
    height = (9.0 if model.per_player else 0.0) + 9.0 + model.rows * model.row_mm
    return width, height


def table(model: Model, context: Context, x: float, y: float, width: float) -> tuple[list[Node], float]:
    """One table, ``width`` mm wide from (x, y); returns it and its height."""
    ink, lang = context.ink, context.words.lang
    players = context.players if model.per_player else ()
    groups = max(1, len(players))
    weights = [c.width for c in model.columns.values()]
    label_w = 12.0
    unit = (width - label_w) / (groups * sum(weights))
    nodes: list[Node] = []
    top = y
    if players:
        for g, player in enumerate(players):
            gx = x + label_w + g * sum(weights) * unit
            gw = sum(weights) * unit
            text_ink = ink_on(player.color, dark=ink)
            nodes += [Rect(gx + 0.5, top + 0.5, gw - 1, 8.0, Style(fill=player.color), rx=1.0),
                      mark_node(player.mark, gx + gw / 2, top + 4.5, 5.0, text_ink,
                                mix(player.color, "#000000", 0.3))]
        top += 9.0
    nodes.append(Rect(x, top, width, 9.0, HEAD_FILL))
    cx = x + label_w
    for g in range(groups):
        for column, weight in zip(model.columns.values(), weights):
            title = in_language(column.title, lang)
            size = fonts.fit_size(title, weight * unit - 1.5, 3.2, "bold")
            nodes.append(Text(cx + weight * unit / 2, top + 4.5 + size * CAP_HEIGHT / 2, title,
                              size, font="bold", anchor="middle", fill=ink))
            cx += weight * unit
    body = top + 9.0
    bottom = body + model.rows * model.row_mm
    for r in range(model.rows):
        ry = body + r * model.row_mm
        nodes.append(Text(x + label_w / 2, ry + model.row_mm / 2 + 1.2, str(r + 1), 3.0,
                          anchor="middle", fill=ink))
    for r in range(model.rows + 1):
        nodes.append(Line(x, body + r * model.row_mm, x + width, body + r * model.row_mm, GRID))
    cx = x + label_w
    nodes.append(Line(cx, top, cx, bottom, GRID))
    for g in range(groups):
        for weight in weights:
            cx += weight * unit
            nodes.append(Line(cx, top, cx, bottom, FRAME if abs(cx - (x + width)) > 0.01 and
                              weight is weights[-1] else GRID))
    nodes.append(Rect(x, top, width, bottom - top, FRAME))
    return nodes, bottom - y


def _across(model: Model, context: Context, nodes: list[Node], y: float) -> list[Node]:
    """Tables repeated across and down the sheet from ``y`` while they fit."""
    page_w, page_h = SHEET_SIZE
    first = y
    natural_w, natural_h = table_size(model, len(context.players))
    room = page_w - 2 * MARGIN
    across = max(1, min(3, int((room + 6) // (natural_w + 6))))
    width = (room - (across - 1) * 6.0) / across
    while True:
        row_nodes: list[Node] = []
        height = 0.0
        for k in range(across):
            part, height = table(model, context, MARGIN + k * (width + 6.0), y, width)
            row_nodes += part
        if y + height > page_h - MARGIN and y > first:
            break
        nodes += row_nodes
        y += height + 8.0
        if y + height > page_h - MARGIN:
            break
    return nodes


# ---- players down --------------------------------------------------------------------------


def header_lines(text: str, width: float, size: float) -> tuple[list[str], float]:
    """A column heading in at most two lines at ``size``, shrunk only where a word is wider
    than its column could be made (a user's heading of one very long word)."""
    while True:
        lines = wrap(text, width, size, "bold")
        if len(lines) <= 2 and all(fonts.text_width(l, size, "bold") <= width for l in lines):
            return lines, size
        size *= 0.93


def header_size(cells: list[tuple[str, float]]) -> float:
    """One size for every heading of a table: ``HEADER_SIZE`` wherever the columns hold their
    headings in two lines, which is in every shipped language."""
    return min(header_lines(text, width, HEADER_SIZE)[1] for text, width in cells)


def header_cell(text: str, x: float, y: float, w: float, ink: str, size: float) -> list[Node]:
    lines, size = header_lines(text, w - HEADER_PAD, size)
    lead = size * 1.15
    first = y + HEADER_ROW / 2 - (len(lines) - 1) * lead / 2 + size * CAP_HEIGHT / 2
    return [Text(x + w / 2, first + i * lead, line, size, font="bold", anchor="middle", fill=ink)
            for i, line in enumerate(lines)]


def player_cell(x: float, y: float, w: float, h: float, player: Player) -> list[Node]:
    """The player's colour with its number and, left of it, its mark (as on its pieces)."""
    pad = 1.0
    size = min(h * 0.55, (w - 2 * pad) * 0.5)
    pip = min(h - 2 * pad, w * 0.3) * 0.6
    color = player.color
    ink = ink_on(color)
    return [Rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, Style(fill=color, stroke="#2a241d",
                                                                  stroke_mm=0.25), rx=1.0),
            mark_node(player.mark, x + pad + 0.6 + pip / 2, y + h / 2, pip, ink,
                      mix(color, "#000000", 0.3)),
            Text(x + w / 2 + pip * 0.45, y + h / 2 + size * CAP_HEIGHT / 2, str(player.number),
                 size, font="bold", anchor="middle", fill=ink)]


def column_titles(model: Model, lang: str) -> list[str]:
    """The columns' headings, tied as the language ties them ("Sprint 1" never breaks before
    its number)."""
    # imported here: the rule texts' package is heavy to load for sheets of players across
    from boardgen.rules.typography import tie

    return [tie(in_language(column.title, lang), lang) for column in model.columns.values()]


def heading_room(text: str) -> float:
    """The narrowest column that holds each word of ``text`` at ``HEADER_SIZE``."""
    return max(fonts.text_width(word, HEADER_SIZE, "bold") for word in text.split(" ")) \
        + HEADER_PAD


def column_widths(names: list[str], width: float) -> list[float]:
    """Widths of the score columns in ``width``: as equal as they can be while each holds the
    longest word of its heading at the heading size ("Verlorene", "okrążenia")."""
    needs = [max(WRITING_ROOM_MM, heading_room(name)) for name in names]
    if sum(needs) > width:
        return [width * need / sum(needs) for need in needs]
    fixed: set[int] = set()  # columns held at their need; the others share what is left
    while True:
        share = (width - sum(needs[i] for i in fixed)) / (len(names) - len(fixed))
        short = {i for i in range(len(names)) if i not in fixed and share < needs[i]}
        if not short:
            return [needs[i] if i in fixed else share for i in range(len(names))]
        fixed |= short


def player_column(label: str, width: float) -> float:
    """The players' column: a seventh of the table, more where its heading needs it
    ("Coureur")."""
    return max(min(13.0, width * 0.15), heading_room(label) if label else 0.0)


def table_columns(model: Model, lang: str, width: float) -> tuple[list[str], str, float,
                                                                   list[float]]:
    """The headings of a table ``width`` mm wide and the widths of its columns: the score
    columns' headings, the players' heading, the players' column, the score columns."""
    names = column_titles(model, lang)
    label = in_language(model.player_title, lang)
    label_w = player_column(label, width)
    return names, label, label_w, column_widths(names, width - label_w)


def down_table(model: Model, context: Context, number: int, x: float, y: float, width: float,
               row_h: float) -> list[Node]:
    """One round: the players down the side, the score columns across, the total shaded."""
    lang, ink = context.words.lang, context.ink
    names, label, label_w, widths = table_columns(model, lang, width)
    players = context.players
    lefts = [x + label_w + sum(widths[:k]) for k in range(len(names) + 1)]
    top = y + HEADING
    body = top + HEADER_ROW
    bottom = body + row_h * len(players)
    title = table_heading(model, context, number)
    nodes: list[Node] = [
        Text(x, y + 5.0 * CAP_HEIGHT + 0.5, title, 5.0, font="bold", fill=ink),
        Rect(x, top, width, HEADER_ROW, HEAD_FILL),
    ]
    if model.total is not None:
        k = list(model.columns).index(model.total)
        nodes.append(Rect(lefts[k], body, widths[k], bottom - body, TOTAL_FILL))
    cells = [(label, label_w - HEADER_PAD)] + [(name, w - HEADER_PAD)
                                               for name, w in zip(names, widths)]
    size = header_size(cells)
    nodes += header_cell(label, x, top, label_w, ink, size)
    for name, left, w in zip(names, lefts, widths):
        nodes += header_cell(name, left, top, w, ink, size)
    for i, player in enumerate(players):
        nodes += player_cell(x, body + i * row_h, label_w, row_h, player)
    for i in range(len(players) + 1):
        nodes.append(Line(x, body + i * row_h, x + width, body + i * row_h, GRID))
    for cx in lefts:
        nodes.append(Line(cx, top, cx, bottom, GRID))
    nodes.append(Rect(x, top, width, bottom - top, FRAME))
    return nodes


def table_heading(model: Model, context: Context, number: int) -> str:
    """A table's heading: the sheet's ``table_title``, else, where it has several tables,
    the kit's word for a round (a sheet of one table needs none)."""
    given = in_language(model.table_title, context.words.lang)
    if given:
        return given.replace("{number}", str(number))
    return context.words("part.score_sheet.table", number=number) if (model.tables or 1) > 1 \
        else ""


def summary_table(model: Model, context: Context, x: float, y: float,
                  width: float) -> list[Node]:
    """The totals: each player's colour across the top, a row per total, the note below."""
    totals, lang, ink = model.summary, context.words.lang, context.ink
    players = context.players
    labels = [in_language(row.title, lang) for row in totals.rows.values()]
    heights = [COLOUR_ROW] + [row.height_mm for row in totals.rows.values()]
    label_w = SUMMARY_LABEL_W
    label_size = min(fonts.fit_size(label, label_w - 4.0, 3.4, "bold") for label in labels if label)
    column_w = (width - label_w) / len(players)
    top = y + HEADING
    nodes: list[Node] = [
        Text(x, y + 5.0 * CAP_HEIGHT + 0.5, in_language(totals.title, lang), 5.0, font="bold",
             fill=ink),
        Rect(x, top, label_w, sum(heights), HEAD_FILL),
    ]
    row_y = top
    for r, (h, label) in enumerate(zip(heights, [""] + labels)):
        if r == 0:
            for i, player in enumerate(players):
                nodes += player_cell(x + label_w + i * column_w, row_y, column_w, h, player)
        else:
            nodes.append(Text(x + 2.0, row_y + h / 2 + label_size * CAP_HEIGHT / 2, label,
                              label_size, font="bold", fill=ink))
        nodes.append(Line(x, row_y, x + width, row_y, GRID))
        row_y += h
    for i in range(len(players) + 1):
        cx = x + label_w + i * column_w
        nodes.append(Line(cx, top, cx, row_y, GRID))
    nodes.append(Rect(x, top, width, row_y - top, FRAME))
    for line in note_lines(model, lang, width):
        row_y += NOTE_SIZE * 1.35
        nodes.append(Text(x, row_y + NOTE_SIZE * CAP_HEIGHT, line, NOTE_SIZE, font="bold",
                          fill=ink))
    return nodes


def note_lines(model: Model, lang: str, width: float) -> list[str]:
    """The summary's note (who places higher) in lines."""
    return wrap(in_language(model.summary.note, lang), width, NOTE_SIZE, "bold", lang=lang)


def summary_height(model: Model, lang: str, width: float) -> float:
    """The summary's depth: heading, rows and the note's lines below them."""
    if model.summary is None:
        return 0.0
    rows = COLOUR_ROW + sum(row.height_mm for row in model.summary.rows.values())
    return HEADING + rows + len(note_lines(model, lang, width)) * NOTE_SIZE * 1.35 + 2 * NOTE_SIZE


def heading_size(model: Model, lang: str, table_w: float) -> float:
    """The size the column headings of a table ``table_w`` mm wide get."""
    names, label, label_w, widths = table_columns(model, lang, table_w)
    return header_size([(label, label_w - HEADER_PAD)]
                       + [(name, w - HEADER_PAD) for name, w in zip(names, widths)])


def tables_abreast(model: Model, lang: str, count: int, width: float) -> int:
    """Three tables side by side, or two where three would shrink their headings."""
    for abreast in range(TABLES_PER_ROW, 2, -1):
        per_row = math.ceil(count / math.ceil(count / abreast))
        table_w = (width - (per_row - 1) * TABLE_GAP) / per_row
        if heading_size(model, lang, table_w) >= HEADER_SIZE:
            return abreast
    return 2


def _down(model: Model, context: Context, nodes: list[Node], y: float) -> list[Node]:
    """The tables up to three abreast, as deep as the sheet gives them, the summary below."""
    lang = context.words.lang
    page_w, page_h = SHEET_SIZE
    width = page_w - 2 * MARGIN
    count = model.tables or 1
    block_rows = math.ceil(count / tables_abreast(model, lang, count, width))
    per_row = math.ceil(count / block_rows)
    players = len(context.players)
    summary_h = summary_height(model, lang, width)
    room = page_h - BOTTOM - y - summary_h - block_rows * (HEADING + HEADER_ROW + BLOCK_GAP)
    row_h = min(model.row_mm, room / (block_rows * players))
    gap = BLOCK_GAP + min(MAX_EXTRA_GAP, (room - row_h * block_rows * players) / block_rows)
    table_w = (width - (per_row - 1) * TABLE_GAP) / per_row
    block_h = HEADING + HEADER_ROW + players * row_h
    for number in range(1, count + 1):
        column, row = (number - 1) % per_row, (number - 1) // per_row
        nodes += down_table(model, context, number, MARGIN + column * (table_w + TABLE_GAP),
                            y + row * (block_h + gap), table_w, row_h)
    if model.summary is not None:
        nodes += summary_table(model, context, MARGIN, y + block_rows * (block_h + gap), width)
    return nodes


# ---- the sheet -----------------------------------------------------------------------------


def compose(model: Model, name: str, context: Context) -> Parts:
    model = resolved(model, context)
    if not model.columns:
        raise ValueError("a score sheet with no columns: the board has no space of any kind "
                         "its columns are for")
    page_w, page_h = SHEET_SIZE
    nodes, y = heading(model, context, page_w - 2 * MARGIN)
    nodes = [Rect(0, 0, page_w, page_h, Style(fill="#ffffff")), *nodes]
    if model.players == "down" and context.players:
        nodes = _down(model, context, nodes, y)
    else:
        nodes = _across(model, context, nodes, y)
    scene = Scene(page_w, page_h, tuple(nodes))
    return Parts(sheets=(Sheet(name, sheet_name(model, context), scene),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    return [Summary(1, counted(context.words, "part.score_sheet.count", 1))]
