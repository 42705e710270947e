"""The legend: what each kind of space on the board is and does, made from the kinds the
board uses, in a band along its edge (or on a player aid).

An entry is a swatch of the kind's fill with its pictogram, its name in bold and a short
sentence. Entries go in as many columns as the band's width gives them room; the text
shrinks (down to a legible size) before an entry is cut.

A band too shallow for columns (a grid board's, as the river race's) takes the row look
(:func:`row_nodes`): each entry's swatches (one a player, with the player's mark) and its
name and sentence on one line, the entries side by side, a caption in italics below.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen import fonts
from boardgen.components import pictograms
from boardgen.components.text import CAP_HEIGHT, LEADING, wrap
from boardgen.marks import mark_node
from boardgen.scene import Node, Rect, Style, Text, ink_on, text_centered

MIN_SIZE_MM = 2.2
GAP_MM = 5.0


@dataclass(frozen=True)
class Swatch:
    """A small square of colour with a mark on it: a player's kind of field, say."""

    fill: str
    edge: str
    mark: str | None = None
    ink: str = "#ffffff"
    ground: str = "#000000"  # what the mark is cut out of, where it has a hole


@dataclass(frozen=True)
class Entry:
    """One kind in the legend; ``swatches``: its squares in the row look, one per player."""

    fill: str
    pictogram: str | None
    name: str
    text: str
    swatches: tuple[Swatch, ...] = ()


def entry_height(entry: Entry, width: float, size: float) -> float:
    swatch = size * 3.2
    lines = len(wrap(entry.text, width - swatch - 2.0, size)) + 1
    return max(swatch, lines * size * LEADING)


def plan(entries: list[Entry], width: float, height: float, size: float,
         columns: int | None = None) -> tuple[int, float] | None:
    """Columns and text size that fit the entries into ``width`` × ``height``, or None;
    ``columns`` fixes how many (only the size then shrinks)."""
    counts = [columns] if columns else list(range(1, len(entries) + 1))
    while size >= MIN_SIZE_MM:
        for count in counts:
            column_w = (width - (count - 1) * GAP_MM) / count
            if column_w < size * 16 and not columns:
                break
            if needed_height(entries, width, size, count) <= height:
                return count, size
        size *= 0.92
    return None


def needed_height(entries: list[Entry], width: float, size: float, columns: int) -> float:
    """The height the entries take in ``columns`` columns at ``size``."""
    column_w = (width - (columns - 1) * GAP_MM) / columns
    rows = [entries[k::columns] for k in range(columns)]
    return max(sum(entry_height(e, column_w, size) + size for e in column) for column in rows)


def legend_nodes(entries: list[Entry], x: float, y: float, width: float, height: float,
                 ink: str, ground: str, size: float = 3.4, uses: set | None = None,
                 columns: int | None = None) -> list[Node]:
    """The entries in columns (``columns`` of them, or as few as fit) inside the box;
    ``uses`` collects the pictograms drawn."""
    found = plan(entries, width, height, size, columns)
    if not entries or found is None:
        return []
    columns, size = found
    column_w = (width - (columns - 1) * GAP_MM) / columns
    nodes: list[Node] = []
    for k in range(columns):
        top = y
        left = x + k * (column_w + GAP_MM)
        for entry in entries[k::columns]:
            nodes += _entry(entry, left, top, column_w, size, ink, ground, uses)
            top += entry_height(entry, column_w, size) + size
    return nodes


def _entry(entry: Entry, x: float, y: float, width: float, size: float, ink: str, ground: str,
           uses: set | None) -> list[Node]:
    swatch = size * 3.2
    nodes: list[Node] = [Rect(x, y, swatch, swatch, Style(fill=entry.fill, stroke=ink,
                                                          stroke_mm=0.3), rx=swatch * 0.12)]
    if entry.pictogram:
        picture_ink = ink_on(entry.fill, dark=ink)  # a dark swatch gets a light picture
        nodes.append(pictograms.use(entry.pictogram, x + swatch / 2, y + swatch / 2,
                                    swatch * 0.76, picture_ink, entry.fill))
        if uses is not None:
            uses.add((entry.pictogram, picture_ink, entry.fill))
    left = x + swatch + 2.0
    room = width - swatch - 2.0
    name_size = fonts.fit_size(entry.name, room, size, "bold")
    nodes.append(Text(left, y + CAP_HEIGHT * size, entry.name, name_size, font="bold", fill=ink))
    for k, line in enumerate(wrap(entry.text, room, size)):
        nodes.append(Text(left, y + CAP_HEIGHT * size + (k + 1) * size * LEADING, line, size,
                          fill=ink))
    return nodes


def row_nodes(entries: list[Entry], caption: str, width: float, top: float, height: float,
              ink: str, caption_width: float | None = None,
              spread: tuple[float, float] | None = None) -> list[Node]:
    """The row look in a band ``height`` mm deep from ``top`` across a board ``width`` mm
    wide: the entries on one line ("name – text" after their swatches), the ``caption``
    centred below, no wider than ``caption_width``. The entries are centred together, or
    with ``spread`` (left, right) the first starts at left and the last ends at right, the
    middle of the band left free (for a seam of a tiled board, say)."""
    if height <= 0:
        return []
    size = min(3.0, height * 0.24)
    swatch = size * 1.5
    y = top + height * (0.38 if caption else 0.5)
    texts = [f"{entry.name} – {entry.text}" for entry in entries]
    widths = [len(e.swatches) * (swatch + 0.8) + 1 + fonts.text_width(t, size)
              for e, t in zip(entries, texts)]
    gap = 8.0
    if spread is None:
        x = (width - sum(widths) - gap * (len(entries) - 1)) / 2
    else:
        x = spread[0]
        if len(entries) > 1:
            gap = max(gap, (spread[1] - spread[0] - sum(widths)) / (len(entries) - 1))
    nodes: list[Node] = []
    for entry, text in zip(entries, texts):
        for square in entry.swatches:
            nodes.append(Rect(x, y - swatch / 2, swatch, swatch,
                              Style(fill=square.fill, stroke=square.edge, stroke_mm=0.3)))
            if square.mark:
                nodes.append(mark_node(square.mark, x + swatch / 2, y, swatch * 0.6, square.ink,
                                       square.ground))
            x += swatch + 0.8
        nodes.append(Text(x + 1, y + size * 0.35, text, size, fill=ink))
        x += 1 + fonts.text_width(text, size) + gap
    if caption:
        fitted = fonts.fit_size(caption, caption_width or width, size, "italic")
        nodes.append(text_centered(width / 2, top + height * 0.75, caption, fitted, font="italic",
                                   fill=ink))
    return nodes
