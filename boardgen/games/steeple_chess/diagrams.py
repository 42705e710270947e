"""Figures for the rule sheet: the board, one move figure per die face, and the obstacle zone.

Each move figure is a short piece of 4-wide course written as an ASCII position;
the squares marked on it are what the movement engine returns, never drawn by hand.
The race runs to the right in every section (a goal column off the right edge says so).
"""

from __future__ import annotations

from typing import Callable

from boardgen import pieces
from boardgen.i18n import Words, words_for
from boardgen.games.steeple_chess.ascii import AsciiBoard, read_board
from boardgen.components import course as course_board
from boardgen.games.steeple_chess.board import compose_board, course_model, looks
from boardgen.games.steeple_chess.course import Cell, Course, offset
from boardgen.games.steeple_chess.model import PLAYERS, Colors, Layout
from boardgen.games.steeple_chess.moves import (Position, entry_targets, open_placements,
                                                targets)
from boardgen.games.steeple_chess.tokens import obstacle_nodes, token_nodes
from boardgen.geometry.place import GridPlacement
from boardgen.scene import Circle, Group, Node, Rect, Scene, Style, bounds, scale, translate

SQUARE_MM = 14.0
MARGIN_MM = 3.0
SHOWN_COLUMNS = 7  # the goal column beyond them only tells which way is forward

# Die face → the position it is shown in ("@" moves; g y r b pieces; X the obstacle).
SECTIONS: dict[str, str] = {
    "K": """
        . . . . . . . F
        . . r @ g . . F
        . . X X . . . F
        . . . . . . . F
    """,
    "Q": """
        . . . . y . . F
        . . . . . . . F
        g . @ . . X . F
        . . . . . X . F
    """,
    "R": """
        . . . . . . . F
        . . @ . . r . F
        . . . . . . . F
        . . X X . . . F
    """,
    "B": """
        . . . # . . . F
        r . . . . . . F
        . @ . . . . . F
        . . X X . . . F
    """,
    "N": """
        . . . . . g . F
        . X X @ g . . F
        . . . . . . . F
        . . . . y . . F
    """,
}
PAWN_START = """
    B B . . . . . F
    R R . . . . . F
    Y Y y . . . . F
    G G . . . . . F
"""
PAWN_CORNER = """
    c c c c . . .
    c c c c . . .
    c c c c . . .
    c c c c . . .
    . . . . _ _ _
    . . . . _ _ _
"""


def diagrams(layout: Layout, words: Words | None = None) -> dict[str, Callable[[], Scene]]:
    """Named figures for the rule sheet, each about 100 mm wide."""
    words = words or words_for(layout)
    figures: dict[str, Callable[[], Scene]] = {"board": lambda: board_figure(layout, words)}
    names = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
    for face, name in names.items():
        figures[f"move-{name}"] = (lambda f=face: move_figure(layout, f, words))
    figures["move-pawn"] = lambda: pawn_start_figure(layout, words)
    figures["move-pawn-corner"] = lambda: pawn_corner_figure(layout, words)
    figures["obstacle"] = lambda: obstacle_figure(layout, words)
    return figures


def section(face: str) -> AsciiBoard:
    """The position a move figure shows, as the engine sees it."""
    return read_board(SECTIONS[face])


def move_targets(face: str) -> frozenset[Cell]:
    board = section(face)
    return targets(board.course, board.position, "G", face, board.mover)


def move_figure(layout: Layout, face: str, words: Words) -> Scene:
    """Where a piece moving as ``face`` may go, on a short straight."""
    board = section(face)
    found = targets(board.course, board.position, "G", face, board.mover)
    window = [(c, r) for r in range(board.course.height) for c in range(SHOWN_COLUMNS)]
    return _figure(layout, words, board, window, found, face)


def pawn_start_figure(layout: Layout, words: Words) -> Scene:
    """A Pawn entering from its start space: one or two squares, or a diagonal capture."""
    board = read_board(PAWN_START)
    found = entry_targets(board.course, board.position, "G", "P")
    window = [(c, r) for r in range(board.course.height) for c in range(SHOWN_COLUMNS)]
    mover = board.course.entries["G"][0]
    return _figure(layout, words, board, window, found, "P", mover=mover, on_start=True)


def pawn_corner_figure(layout: Layout, words: Words) -> Scene:
    """In a corner area a Pawn picks its own forward: any of the four ways."""
    board = read_board(PAWN_CORNER, ground="c")
    mover = (2, 1)
    position = Position({mover: "G", (1, 0): "R"}, frozenset())
    board = AsciiBoard(board.course, position, mover)
    found = targets(board.course, position, "G", "P", mover)
    window = list(board.course.cells)
    return _figure(layout, words, board, window, found, "P")


def obstacle_figure(layout: Layout, words: Words) -> Scene:
    """The course around the arrow zone, with the obstacle in one legal place."""
    course = layout.track
    window = _zone_window(course)
    placement = _middle_placement(course)
    board = AsciiBoard(course, Position({}, frozenset(placement)), None)
    return _cropped(_figure(layout, words, board, window, frozenset(), None,
                            border=SQUARE_MM * 0.9))


def _cropped(scene: Scene, pad: float = MARGIN_MM) -> Scene:
    """The scene trimmed to its drawing plus ``pad``: the arrows' border is on one side only."""
    x0, y0, x1, y1 = bounds(tuple(_clip_box(n) if isinstance(n, Group) and n.clip else n
                                  for n in scene.children))
    return Scene(x1 - x0 + 2 * pad, y1 - y0 + 2 * pad,
                 (Group(scene.children, translate(pad - x0, pad - y0)),),
                 symbols=scene.symbols, title=scene.title)


def _clip_box(group: Group) -> Group:
    """What a clipped group can show at most (its stripes run past the clip)."""
    x, y, w, h = group.clip
    return Group((Rect(x, y, w, h, Style()),), group.transform)


def _zone_window(course: Course) -> list[Cell]:
    """The zone, one square more each way along the track, and the track's full width."""
    cols = [c for c, _ in course.zone]
    rows = [r for _, r in course.zone]
    lengthwise = (max(cols) - min(cols)) >= (max(rows) - min(rows))
    across = (0, 1) if lengthwise else (1, 0)
    reach = set(course.zone)
    for cell in course.zone:
        for sign in (1, -1):
            here = cell
            step = (across[0] * sign, across[1] * sign)
            while offset(here, step) in course.course and course.open(here, offset(here, step)):
                here = offset(here, step)
                reach.add(here)
    c0, c1 = min(c for c, _ in reach) - lengthwise, max(c for c, _ in reach) + lengthwise
    r0, r1 = min(r for _, r in reach) - (not lengthwise), max(r for _, r in reach) + (not lengthwise)
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if (c, r) in course.course]


def _middle_placement(course: Course) -> tuple[Cell, Cell]:
    """A legal obstacle position near the middle of the zone (deterministic)."""
    cols = sorted(c for c, _ in course.zone)
    rows = sorted(r for _, r in course.zone)
    mid = ((cols[0] + cols[-1]) / 2, (rows[0] + rows[-1]) / 2)
    legal = open_placements(course)
    return min(legal, key=lambda p: (abs((p[0][0] + p[1][0]) / 2 - mid[0])
                                     + abs((p[0][1] + p[1][1]) / 2 - mid[1]), p))


def board_figure(layout: Layout, words: Words, width_mm: float = 110.0) -> Scene:
    """The whole board as printed in the kit's language, scaled down."""
    board = compose_board(layout, words=words).scene
    k = width_mm / board.width
    return Scene(width_mm, board.height * k,
                 (Group(board.children, scale(k)),), symbols=board.symbols,
                 title=board.title)


# ---- drawing -----------------------------------------------------------------------


def _figure(layout: Layout, words: Words, board: AsciiBoard, window: list[Cell],
            found: frozenset[Cell], face: str | None, mover: Cell | None = None,
            on_start: bool = False, border: float = MARGIN_MM) -> Scene:
    course, colors = board.course, layout.colors
    sq = SQUARE_MM
    c0 = min(c for c, _ in window)
    r0 = min(r for _, r in window)
    cols = max(c for c, _ in window) - c0 + 1
    rows = max(r for _, r in window) - r0 + 1
    grid = GridPlacement(sq, border - c0 * sq, border - r0 * sq)
    mover = mover if mover is not None else board.mover
    standing = set(board.position.pieces) | ({mover} if mover is not None else set())
    covered = frozenset(PLAYERS[letter] for letter, cells in course.start.items()
                        if standing & cells)
    nodes: list[Node] = course_board.course_nodes(course_model(layout), course, grid, window,
                                                  looks=looks(covered), border_mm=border)
    nodes += _position_nodes(board, grid, colors, set(window))
    nodes += [_target_mark(grid, cell, cell in board.position.pieces, colors) for cell in
              sorted(found)]
    if face is not None and mover is not None:
        nodes += _mover_nodes(grid, mover, face, colors, on_start)
    width, height = cols * sq + 2 * border, rows * sq + 2 * border
    return Scene(width, height, tuple(nodes), symbols=pieces.piece_symbols(),
                 title=f"{words('title')}: {words(f'pieces.{face}' if face else 'obstacle')}")


def _position_nodes(board: AsciiBoard, grid: GridPlacement, colors: Colors,
                    shown: set[Cell]) -> list[Node]:
    nodes: list[Node] = []
    blocks = sorted(board.position.obstacle)
    pairs = _pairs(blocks)
    for pair in pairs:
        x, y, w, h = grid.bounds(pair)
        nodes += obstacle_nodes(colors, x + 0.6, y + 0.6, w - 1.2, h - 1.2)
    numbers: dict[str, int] = {}
    for cell, letter in sorted(board.position.pieces.items()):
        if cell == board.mover or cell not in shown:
            continue
        numbers[letter] = numbers.get(letter, 0) + 1
        nodes += token_nodes(colors, letter, numbers[letter], *grid.centre(cell), grid.cell_mm * 0.72)
    return nodes


def _pairs(cells: list[Cell]) -> list[tuple[Cell, ...]]:
    """Obstacle squares grouped into 1×2 blocks where neighbours allow."""
    left = list(cells)
    pairs = []
    while left:
        cell = left.pop(0)
        mate = next((o for o in left if abs(o[0] - cell[0]) + abs(o[1] - cell[1]) == 1), None)
        if mate:
            left.remove(mate)
            pairs.append((cell, mate))
        else:
            pairs.append((cell,))
    return pairs


def _mover_nodes(grid: GridPlacement, cell: Cell, face: str, colors: Colors,
                 on_start: bool) -> list[Node]:
    """The moving piece: a green disc carrying the chess piece it moves as."""
    cx, cy = grid.centre(cell)
    d = grid.cell_mm * 0.86
    nodes: list[Node] = [Circle(cx, cy, d / 2, Style(fill=colors.green, stroke=colors.frame,
                                                      stroke_mm=0.4))]
    size = d * 0.82
    nodes.append(pieces.piece_use(face, "white", cx - size / 2, cy - size / 2 - d * 0.02, size))
    return nodes


def _target_mark(grid: GridPlacement, cell: Cell, capture: bool, colors: Colors) -> Node:
    """A dot on each square the piece may reach; a ring around a piece it may capture."""
    cx, cy = grid.centre(cell)
    if capture:
        return Circle(cx, cy, grid.cell_mm * 0.44, Style(stroke="#c0392b",
                                                         stroke_mm=grid.cell_mm * 0.08))
    return Group((Circle(cx, cy, grid.cell_mm * 0.17, Style(fill=colors.green, stroke="#ffffff",
                                                       stroke_mm=0.5)),))
