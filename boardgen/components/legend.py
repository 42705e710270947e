"""The legend: what each kind of space on the board is and does, made from the kinds the
board uses, in a band along its edge, in a panel of its own (the velodrome's infield), or on
a player aid.

An entry is a swatch of the kind's fill with its pictogram, its name in bold and a short
sentence. In a band, entries go in as many columns as its width gives them room; the text
shrinks (down to a legible size) before an entry is cut. A panel is a white card with the
legend's title over its entries, one below the other.

A band too shallow for columns (a grid board's, as the river race's) takes the row look
(:func:`row_nodes`): each entry's swatches (one a player, with the player's mark) and its
name and sentence on one line, the entries side by side, a caption in italics below.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

from boardgen import fonts
from boardgen.components import pictograms
from boardgen.components.card_places import Block
from boardgen.components.text import CAP_HEIGHT, LEADING, wrap
from boardgen.marks import mark_node
from boardgen.scene import Group, Line, Node, Rect, Style, Text, Use, ink_on, text_centered

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
    """One kind in the legend; a panel's entry may have no swatch (``fill`` None: a note on
    play, such as the slipstream) or a line across its swatch (``line``: the colour of the
    line its spaces draw across the track); ``swatches``: its squares in the row look, one
    per player."""

    fill: str | None
    pictogram: str | None
    name: str
    text: str
    line: str | None = None
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


def movable_columns(entries: list[Entry], x: float, y: float, width: float, height: float,
                    ink: str, ground: str, size: float = 3.4, uses: set | None = None,
                    columns: int | None = None, gutter: float = GAP_MM) -> list[Node]:
    """The entries in columns as ``legend_nodes`` sets them, each column a block that may
    slide across the band out of a page seam's way (``Group.shifts``), as far as halfway
    to its neighbours. An even count of columns leaves ``gutter`` mm between its two middle
    ones, where a board two pages wide is cut."""
    middle = gutter if columns and columns % 2 == 0 else GAP_MM
    found = plan(entries, width - (middle - GAP_MM), height, size, columns)
    if not entries or found is None:
        return []
    columns, size = found
    column_w = (width - (columns - 2) * GAP_MM - middle) / columns if columns > 1 else width
    lefts = [x + k * (column_w + GAP_MM) + (middle - GAP_MM if 2 * k >= columns else 0.0)
             for k in range(columns)]
    blocks: list[Node] = []
    for k, left in enumerate(lefts):
        nodes: list[Node] = []
        top = y
        for entry in entries[k::columns]:
            nodes += _entry(entry, left, top, column_w, size, ink, ground, uses)
            top += entry_height(entry, column_w, size) + size
        right = max((_right(node) for node in nodes), default=left)
        low = x if k == 0 else (lefts[k - 1] + column_w + left) / 2
        high = x + width if k == columns - 1 else (left + column_w + lefts[k + 1]) / 2
        blocks.append(_sliding(nodes, low - left, high - right))
    return blocks


def _right(node: Node) -> float:
    """Where a legend entry's node ends on the right."""
    if isinstance(node, Text):
        return node.x + fonts.text_width(node.text, node.size, node.font)
    if isinstance(node, Rect):
        return node.x + node.w
    return node.transform[4] if isinstance(node, Use) else 0.0


def _sliding(nodes: list[Node], low: float, high: float) -> Group:
    """The nodes as one block that may move from ``low`` to ``high`` mm across (low ≤ 0 ≤
    high), the nearer places first, whole millimetres apart."""
    steps = range(1, int(max(-low, high, 0.0)) + 1)
    shifts = tuple((float(d), 0.0) for step in steps for d in (-step, step) if low <= d <= high)
    return Group(tuple(nodes), shifts=shifts)


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


# ---- a panel -------------------------------------------------------------------------------

PANEL_PAD_MM = 5.0
PANEL_SWATCH_MM = 9.0
PANEL_TITLE_MM = 5.5
PANEL_NAME_MM = 4.4
PANEL_TEXT_MM = 3.9
PANEL_LEADING = 1.32
PANEL_ROW_GAP_MM = 3.2
DESCENT_SHARE = 0.25


def panel(entries: list[Entry], width: float, ink: str, edge: str, title: str | None = None,
          scale: float = 1.0, name: str = "legend", lang: str | None = None,
          uses: set | None = None) -> Block:
    """The entries one below the other on a white panel ``width`` mm wide, under ``title``
    if one is given; ``scale`` sets their text smaller, ``lang`` keeps the words that
    language ties together on one line."""
    pad, swatch = PANEL_PAD_MM, PANEL_SWATCH_MM
    name_size, text_size = PANEL_NAME_MM * scale, PANEL_TEXT_MM * scale
    text_x = pad + swatch + 4.0
    text_w = width - text_x - pad
    nodes: list[Node] = []
    y = pad
    if title:
        y += PANEL_TITLE_MM * CAP_HEIGHT
        nodes.append(Text(pad, y, title, PANEL_TITLE_MM, font="bold", fill=ink))
        y += 4.5
    for entry in entries:
        nodes += panel_swatch(entry, pad, y, swatch, ink, edge, uses)
        line_y = y + name_size * CAP_HEIGHT + 0.4
        nodes.append(Text(text_x, line_y, entry.name, name_size, font="bold", fill=ink))
        for line in wrap(entry.text, text_w, text_size, lang=lang):
            line_y += text_size * PANEL_LEADING
            nodes.append(Text(text_x, line_y, line, text_size, fill=ink))
        y = max(y + swatch, line_y + text_size * DESCENT_SHARE) + PANEL_ROW_GAP_MM
    height = y - PANEL_ROW_GAP_MM + pad
    card = Rect(0, 0, width, height, Style(fill="#ffffff", stroke=edge, stroke_mm=0.4), rx=3.0)
    return Block(name, (card, *nodes), width, height, ((0.0, width),))


def panel_swatch(entry: Entry, x: float, y: float, size: float, ink: str, edge: str,
                 uses: set | None = None) -> list[Node]:
    """A panel entry's square: the kind's fill, its pictogram or its line across the track."""
    if entry.fill is None:
        return []
    nodes: list[Node] = [Rect(x, y, size, size, Style(fill=entry.fill, stroke=edge,
                                                       stroke_mm=0.35))]
    if entry.pictogram:
        nodes += pictograms.draw(entry.pictogram, x + size / 2, y + size / 2, size * 0.3,
                                 ink_on(entry.fill, dark=ink), entry.fill, uses)
    elif entry.line:
        middle = x + size / 2
        nodes += [Line(middle, y, middle, y + size, Style(stroke="#ffffff", stroke_mm=2.4)),
                  Line(middle, y, middle, y + size, Style(stroke=entry.line, stroke_mm=0.9))]
    return nodes


# ---- a colour's plain name -----------------------------------------------------------------
# A legend or a rule text may call a space by its colour ("Green: rider change"); a layout can
# give the space any colour, so the word comes from the colour itself: its hue, lightness and
# saturation pick one of a few plain names, printed through the labels ``shade.<name>``.

SHADES = ("black", "grey", "white", "brown", "red", "orange", "yellow-orange", "yellow",
          "green", "turquoise", "blue", "purple", "pink")
# Upper bounds of hue (degrees) for each name of a saturated colour, in order round the circle.
HUES = ((12, "red"), (38, "orange"), (50, "yellow-orange"), (68, "yellow"), (165, "green"),
        (195, "turquoise"), (255, "blue"), (290, "purple"), (340, "pink"), (360, "red"))


def shade(color: str) -> str:
    """The plain name of a colour (one of ``SHADES``): ``#f4c430`` is yellow-orange."""
    red, green, blue = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))  # "#rrggbb"
    hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
    chroma = max(red, green, blue) - min(red, green, blue)
    if lightness < 0.12:
        return "black"
    if chroma < 0.12 or saturation < 0.15:
        return "white" if lightness > 0.9 else "black" if lightness < 0.2 else "grey"
    degrees = hue * 360
    if 12 <= degrees < 50 and lightness < 0.4:
        return "brown"
    return next(name for bound, name in HUES if degrees < bound)
