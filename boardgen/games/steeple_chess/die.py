"""The chess die: a cross-shaped cube net with the six piece glyphs, glue tabs and fold lines.

Faces sit in the net so that faces whose ordinary-die numbers add up to 7 end up
opposite each other (with the default faces: Pawn/King, Knight/Queen, Bishop/Rook).
"""

from __future__ import annotations

from boardgen import fonts, pieces
from boardgen.games.steeple_chess.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import Die, Sheet
from boardgen.scene import (Group, Line, Node, Polygon, Rect, Scene, Style, Text, Use, compose,
                            scale, translate)

Slot = tuple[int, int]  # (column, row) of a face in the net, in edge lengths

# Which ordinary-die number each net slot carries; slots in the same column two apart,
# and the two beside the second slot, fold onto opposite sides of the cube.
NET: dict[Slot, int] = {(1, 0): 6, (0, 1): 3, (1, 1): 2, (2, 1): 4, (1, 2): 1, (1, 3): 5}
SIDES = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
# One glue tab for each of the seven seams the folded net leaves open.
TABS: tuple[tuple[Slot, str], ...] = (
    ((1, 0), "top"), ((0, 1), "top"), ((2, 1), "top"), ((1, 2), "left"), ((1, 2), "right"),
    ((1, 3), "left"), ((1, 3), "right"),
)
TAB_DEPTH = 0.3  # in edge lengths
CUT = Style(stroke="#000000", stroke_mm=0.3, cap="round")
FOLD = Style(stroke="#000000", stroke_mm=0.25, dash=(1.6, 1.2))
TAB_FILL = "#d4d4d4"
SHEET_SIZE = (198.0, 254.0)  # A4 and US Letter less 6 mm margins and the page footer
MARGIN = 6.0
NET_GAP = 30.0
CAP_HEIGHT = 0.69  # Fira Sans capital height, as a share of the font size
HELP_SIZE = 4.4
MAX_HELP_LINES = 4  # a longer text shrinks rather than pushing the nets off the sheet


def face_letters(layout: Layout) -> dict[Slot, str]:
    """The chess piece on each slot of the net."""
    return {slot: layout.die.faces[value - 1] for slot, value in NET.items()}


def face_nodes(letter: str, x: float, y: float, e: float) -> list[Node]:
    """One face of the die, ``e`` mm a side with its top-left at (x, y): white, the piece on it."""
    size = e * 0.8
    return [Rect(x, y, e, e, Style(fill="#ffffff")),
            Use(pieces.piece_symbol_id(letter, "black"),
                compose(translate(x + (e - size) / 2, y + (e - size) / 2 + e * 0.02),
                        scale(size / 100)))]


def die_faces(layout: Layout) -> tuple[Scene, ...]:
    """The six faces as the net prints them, in the order of the ordinary die's 1 to 6."""
    e = layout.die.edge_mm
    return tuple(Scene(e, e, tuple(face_nodes(letter, 0.0, 0.0, e)),
                       symbols=pieces.piece_symbols())
                 for letter in layout.die.faces)


def _edge(slot: Slot, side: str, e: float) -> tuple[float, float, float, float]:
    x, y = slot[0] * e, slot[1] * e
    return {"top": (x, y, x + e, y), "bottom": (x, y + e, x + e, y + e),
            "left": (x, y, x, y + e), "right": (x + e, y, x + e, y + e)}[side]


def _tab(slot: Slot, side: str, e: float) -> Polygon:
    """A trapezoid glue tab outside a face edge, its ends cut at 45° so tabs never overlap."""
    x1, y1, x2, y2 = _edge(slot, side, e)
    dx, dy = SIDES[side]
    d = TAB_DEPTH * e
    if dy:
        points = ((x1, y1), (x1 + d, y1 + dy * d), (x2 - d, y2 + dy * d), (x2, y2))
    else:
        points = ((x1, y1), (x1 + dx * d, y1 + d), (x2 + dx * d, y2 - d), (x2, y2))
    return Polygon(points, Style(fill=TAB_FILL))


def net_nodes(layout: Layout) -> tuple[list[Node], float, float]:
    """The net with its top-left at (0, 0): nodes, width and height in mm."""
    e = layout.die.edge_mm
    d = TAB_DEPTH * e
    nodes: list[Node] = []
    tabs = set(TABS)
    for slot, side in TABS:
        nodes.append(_tab(slot, side, e))
    for slot, letter in sorted(face_letters(layout).items()):
        nodes += face_nodes(letter, slot[0] * e, slot[1] * e, e)
    for slot in sorted(NET):
        for side, (dx, dy) in SIDES.items():
            neighbour = (slot[0] + dx, slot[1] + dy)
            if neighbour in NET:
                if slot < neighbour:
                    nodes.append(Line(*_edge(slot, side, e), FOLD))
            elif (slot, side) in tabs:
                nodes.append(Line(*_edge(slot, side, e), FOLD))
                points = _tab(slot, side, e).points
                nodes += [Line(*points[i], *points[i + 1], CUT) for i in range(3)]
            else:
                nodes.append(Line(*_edge(slot, side, e), CUT))
    shifted = Group(tuple(nodes), translate(0, d))
    return [shifted], 3 * e, 4 * e + d


def die_sheet(layout: Layout, words: Words | None = None) -> Sheet:
    """The die net (and a spare beside it when there is room), how to make it, and the die table.

    The sheet fills the printable area of A4 and Letter (a bigger die makes it bigger), so
    the page shows only the net's own cut lines; the drawing sits a little above the middle.
    """
    words = words or words_for(layout)
    net, w, h = net_nodes(layout)
    sheet_w = max(SHEET_SIZE[0], w + 2 * MARGIN)
    nodes, depth = _sheet_content(layout, words, net, w, h, sheet_w)
    sheet_h = max(SHEET_SIZE[1], depth + 2 * MARGIN)
    drop = MARGIN + (sheet_h - 2 * MARGIN - depth) * 0.4
    scene = Scene(sheet_w, sheet_h, (Group(tuple(nodes), translate(0, drop)),),
                  symbols=pieces.piece_symbols())
    return Sheet("die", words.titled(words("die.title")), scene,
                 die=Die("die", words("die.title"), die_faces(layout)))


def _sheet_content(layout: Layout, words: Words, net: list[Node], w: float, h: float,
                   sheet_w: float) -> tuple[list[Node], float]:
    """Title, instructions, the nets side by side and the die table, from y = 0 down."""
    colors, title = layout.colors, words("die.title")
    room = sheet_w - 2 * MARGIN
    title_size = fonts.fit_size(title, room, 9, "bold")
    y = title_size * CAP_HEIGHT
    nodes: list[Node] = [Text(sheet_w / 2, y, title, title_size, font="bold",
                              anchor="middle", fill=colors.text)]
    y += 4.0
    for line in wrap_lines(words("die.help"), room * 0.8, HELP_SIZE):
        y += 6.0
        nodes.append(Text(sheet_w / 2, y, line, fonts.fit_size(line, room, HELP_SIZE),
                          anchor="middle", fill=colors.text))
    top = y + 8.0
    copies = 2 if 2 * w + NET_GAP <= room else 1
    total = copies * w + (copies - 1) * NET_GAP
    for i in range(copies):
        nodes.append(Group(tuple(net), translate((sheet_w - total) / 2 + i * (w + NET_GAP), top)))
    note_y = top + h + 12.0
    nodes += _table_note(layout, words, sheet_w, note_y)
    return nodes, note_y


def _table_note(layout: Layout, words: Words, sheet_w: float, y: float) -> list[Node]:
    """Which ordinary-die number each face stands for, as printed on the board."""
    text = "   ".join(words("die.entry", number=i + 1, piece=words(f"pieces.{letter}"))
                      for i, letter in enumerate(layout.die.faces))
    size = fonts.fit_size(text, sheet_w - 2 * MARGIN, 4.0)
    return [Text(sheet_w / 2, y, text, size, anchor="middle", fill=layout.colors.text)]


def wrap_lines(text: str, width: float, size: float) -> list[str]:
    """Words filled into lines at most ``width`` mm wide (at most MAX_HELP_LINES lines)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > MAX_HELP_LINES:
        return wrap_lines(text, width * 1.25, size)
    return lines
