"""The chess die: a cross-shaped cube net with the six piece glyphs, glue tabs and fold lines.

Faces sit in the net so that faces whose ordinary-die numbers add up to 7 end up
opposite each other (with the default faces: Pawn/King, Knight/Queen, Bishop/Rook).
"""

from __future__ import annotations

from boardgen import fonts, pieces
from boardgen.games.steeple_chess.model import Layout
from boardgen.product import Sheet
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
SHEET_SIZE = (210.0, 279.4)  # fits on A4 and on Letter alike


def face_letters(layout: Layout) -> dict[Slot, str]:
    """The chess piece on each slot of the net."""
    return {slot: layout.die.faces[value - 1] for slot, value in NET.items()}


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
        x, y = slot[0] * e, slot[1] * e
        nodes.append(Rect(x, y, e, e, Style(fill="#ffffff")))
        size = e * 0.8
        nodes.append(Use(pieces.piece_symbol_id(letter, "black"),
                         compose(translate(x + (e - size) / 2, y + (e - size) / 2 + e * 0.02),
                                 scale(size / 100))))
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


def die_sheet(layout: Layout) -> Sheet:
    """A page with the die net (and a spare when it is small enough), ready to cut and fold."""
    page_w, page_h = SHEET_SIZE
    colors, labels = layout.colors, layout.labels
    net, w, h = net_nodes(layout)
    copies = 2 if 2 * w + 30 <= page_w - 30 and h <= page_h - 90 else 1
    gap = 30.0
    total = copies * w + (copies - 1) * gap
    top = 50.0
    nodes: list[Node] = [
        Text(page_w / 2, 26, labels.die_title, fonts.fit_size(labels.die_title, page_w - 40, 9,
                                                             "bold"),
             font="bold", anchor="middle", fill=colors.text),
    ]
    for i, line in enumerate(labels.die_help):
        nodes.append(Text(page_w / 2, 36 + i * 6, line, fonts.fit_size(line, page_w - 40, 4.4),
                          anchor="middle", fill=colors.text))
    top += 6 * max(0, len(labels.die_help) - 2)
    for i in range(copies):
        nodes.append(Group(tuple(net), translate((page_w - total) / 2 + i * (w + gap), top)))
    nodes += _table_note(layout, page_w, top + h + 16)
    scene = Scene(page_w, page_h, tuple(nodes), symbols=pieces.piece_symbols(),
                  title=f"{layout.title}: {labels.die_title}")
    return Sheet("die", f"{layout.title}: {labels.die_title}", scene)


def _table_note(layout: Layout, page_w: float, y: float) -> list[Node]:
    """Which ordinary-die number each face stands for, as printed on the board."""
    names = layout.labels.pieces
    text = "   ".join(f"{i + 1} = {getattr(names, letter)}"
                      for i, letter in enumerate(layout.die.faces))
    return [Text(page_w / 2, y, text, fonts.fit_size(text, page_w - 40, 4.0), anchor="middle",
                 fill=layout.colors.text)]
