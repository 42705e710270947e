"""Player aids: a card for each player with what the kinds of space do and how a turn goes.

The game passes what the aid says in ``context.facts["aid"]``: a heading, sentences to lead
with (``lead``, how a turn goes), lines of (pictogram, fill, name, text), the legend's entries
(one without a fill is a note on play and gets no swatch; one with a ``line`` shows it across
its swatch, as the board's spaces draw it), plus closing sentences. A pictogram ``piece:K``
(any of K Q R B N P) shows that chess piece instead (a die-moves card).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardgen import fonts, pieces
from boardgen.components import pictograms
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.legend import Entry
from boardgen.components.text import CAP_HEIGHT, LEADING, wrap
from boardgen.components.wording import counted
from boardgen.layout import Color, Model as LayoutModel
from boardgen.product import Component, ComponentSet
from boardgen.scene import Line, Node, Rect, Scene, Style, Text, Use, ink_on

NAME = "player_aid"
PIECE = "piece:"  # a pictogram that names a chess piece


class Model(LayoutModel):
    """Player aid cards."""

    type: Literal["player_aid"] = Field(description="a card for each player that says what "
                                                    "the spaces do")
    count: int | None = Field(None, ge=1, le=12, description="how many (default: one per player)")
    width_mm: float = Field(63.5, ge=40, le=200, description="card width")
    height_mm: float = Field(88.9, ge=40, le=300, description="card height")
    fill: Color = Field("#f4ecd8", description="the card's ground")


def aid_nodes(model: Model, context: Context, uses: set) -> tuple[Node, ...]:
    """The card: its title, each entry with its swatch and sentence, then the closing lines;
    the text shrinks until everything fits."""
    w, h = model.width_mm, model.height_mm
    ink = ink_on(model.fill, dark=context.ink)
    entries: list[Entry] = list(context.facts.get("aid", {}).get("entries", ()))
    notes: list[str] = list(context.facts.get("aid", {}).get("notes", ()))
    lead: list[str] = list(context.facts.get("aid", {}).get("lead", ()))
    heading = context.facts.get("aid", {}).get("heading", context.title)
    # each entry's name and sentence joined as the language joins them ("Pion\u202f: ...")
    said = [(entry, context.words("part.player_aid.entry", name=entry.name, text=entry.text))
            for entry in entries]
    pad = w * 0.06
    size = w * 0.055
    while True:
        nodes, bottom = _layout(said, notes, heading, w, pad, size, ink, uses, model.fill,
                                lead)
        if bottom <= h - pad or size < 1.3:
            break
        size *= 0.92
        uses.clear()
    return (Rect(0, 0, w, h, Style(fill=model.fill)),
            Rect(pad / 2, pad / 2, w - pad, h - pad, Style(stroke=ink, stroke_mm=0.4), rx=2.0),
            *nodes)


def _sentences(texts, y, w, pad, size, ink, nodes) -> float:
    for note in texts:
        lines = wrap(note, w - 2 * pad, size)
        for k, line in enumerate(lines):
            nodes.append(Text(pad, y + CAP_HEIGHT * size + k * size * LEADING, line, size,
                              fill=ink))
        y += len(lines) * size * LEADING + size * 0.5
    return y


def _layout(entries, notes, heading, w, pad, size, ink, uses, ground, lead=()):
    nodes: list[Node] = []
    title_size = fonts.fit_size(heading, w - 2 * pad, size * 1.5, "bold")
    y = pad + title_size * CAP_HEIGHT + pad * 0.3
    nodes.append(Text(w / 2, y, heading, title_size, font="bold", anchor="middle", fill=ink))
    y += size
    y = _sentences(lead, y, w, pad, size, ink, nodes)
    swatch = size * 2.6
    for entry, sentence in entries:
        if entry.fill is not None:
            nodes.append(Rect(pad, y, swatch, swatch, Style(fill=entry.fill, stroke=ink,
                                                            stroke_mm=0.25), rx=swatch * 0.12))
        if entry.fill is not None and entry.line and not entry.pictogram:
            middle = pad + swatch / 2
            nodes += [Line(middle, y, middle, y + swatch, Style(stroke="#ffffff", stroke_mm=2.4)),
                      Line(middle, y, middle, y + swatch, Style(stroke=entry.line,
                                                                stroke_mm=0.9))]
        if entry.pictogram and entry.pictogram.startswith(PIECE):
            letter = entry.pictogram[len(PIECE):]
            nodes.append(pieces.piece_in(letter, "white", (pad, y, swatch, swatch), 0.86))
            uses.add((entry.pictogram, "", ""))
        elif entry.pictogram:
            picture_ink = ink_on(entry.fill, dark=ink)
            nodes.append(pictograms.use(entry.pictogram, pad + swatch / 2, y + swatch / 2,
                                        swatch * 0.76, picture_ink, entry.fill))
            uses.add((entry.pictogram, picture_ink, entry.fill))
        left = pad + swatch + 1.5
        room = w - left - pad
        lines = wrap(sentence, room, size)
        name_only = sentence[:len(sentence) - len(entry.text)].rstrip()
        for k, line in enumerate(lines):
            nodes.append(Text(left, y + CAP_HEIGHT * size + k * size * LEADING, line, size,
                              font="bold" if k == 0 and not line.startswith(name_only)
                              else "regular", fill=ink))
        y += max(swatch if entry.fill is not None else 0.0,
                 len(lines) * size * LEADING) + size * 0.6
    return nodes, _sentences(notes, y, w, pad, size, ink, nodes)


def compose(model: Model, name: str, context: Context) -> Parts:
    uses: set = set()
    nodes = aid_nodes(model, context, uses)
    symbol = f"{name}-face"
    drawn = {use for use in uses if not use[0].startswith(PIECE)}
    chess = {pieces.piece_symbol_id(use[0][len(PIECE):], "white"):
             pieces.piece_glyph(use[0][len(PIECE):], "white")
             for use in sorted(uses - drawn)}
    scene = Scene(model.width_mm, model.height_mm, (Use(symbol),),
                  symbols={symbol: nodes, **pictograms.symbols(drawn), **chess},
                  title=context.words("part.player_aid.name"))
    count = model.count or max(1, len(context.players))
    set_title = context.words("part.player_aid.set", title=context.title)
    return Parts(sets=(ComponentSet(name, set_title, (Component("aid", scene, count=count),)),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    count = model.count or max(1, len(context.players))
    return [Summary(count, counted(context.words, "part.player_aid.count", count))]
