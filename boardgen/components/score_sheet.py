"""Score sheets from columns: a table of rows to fill in, its columns named in the kit's
language, with a column for each player's colour and mark where the sheet is per player.

The sheet fills the printable area that A4 and US Letter share, so it prints on either at
100 %; tables repeat across and down it while they fit.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, field_validator

from boardgen import fonts
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.deck import check_text, in_language
from boardgen.components.text import CAP_HEIGHT
from boardgen.components.wording import counted
from boardgen.layout import Model as LayoutModel
from boardgen.marks import mark_node
from boardgen.product import Sheet
from boardgen.scene import Line, Node, Rect, Scene, Style, Text, ink_on, mix

NAME = "score_sheet"
SHEET_SIZE = (198.0, 254.0)
MARGIN = 4.0
GRID = Style(stroke="#6b6258", stroke_mm=0.25)
FRAME = Style(stroke="#2a241d", stroke_mm=0.6)
HEAD_FILL = Style(fill="#ece6da")


class Column(LayoutModel):
    """A column of the table."""

    title: Union[str, dict[str, str]] = Field(description="its heading (one text, or one per "
                                                          "language)")
    width: float = Field(1.0, gt=0, le=10, description="its width relative to the others")

    @field_validator("title")
    @classmethod
    def every_language(cls, value):
        return check_text(value)


class Model(LayoutModel):
    """A score sheet."""

    type: Literal["score_sheet"] = Field(description="a sheet of tables to write scores in")
    columns: dict[str, Column] = Field(min_length=1, description="the columns by name, in order")
    rows: int = Field(10, ge=1, le=60, description="rows to write in")
    per_player: bool = Field(True, description="the columns repeat for each player, under the "
                                               "player's colour and mark")
    row_mm: float = Field(8.0, ge=4, le=30, description="height of a row")


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


def compose(model: Model, name: str, context: Context) -> Parts:
    page_w, page_h = SHEET_SIZE
    ink = context.ink
    heading = context.words.titled(context.words("part.score_sheet.title"))
    size = fonts.fit_size(heading, page_w - 2 * MARGIN, 7.0, "bold")
    nodes: list[Node] = [Rect(0, 0, page_w, page_h, Style(fill="#ffffff")),
                         Text(MARGIN, MARGIN + size * CAP_HEIGHT, heading, size, font="bold",
                              fill=ink)]
    y = MARGIN + size + 6.0
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
        if y + height > page_h - MARGIN and y > MARGIN + size + 6.0:
            break
        nodes += row_nodes
        y += height + 8.0
        if y + height > page_h - MARGIN:
            break
    scene = Scene(page_w, page_h, tuple(nodes))
    return Parts(sheets=(Sheet(name, heading, scene),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    return [Summary(1, counted(context.words, "part.score_sheet.count", 1))]
