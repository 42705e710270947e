"""Figures for the rule sheet: the layout's board and start, and the rule examples on 8×8.

The examples are positions on the standard board, each checked move by move against
python-chess in the tests; they keep the layout's colours whatever its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Literal

from boardgen import pieces
from boardgen.components import grid_board
from boardgen.games.racing_kings.board import compose_board, goal_pattern, grid_model, position
from boardgen.games.racing_kings.model import Layout
from boardgen.games.racing_kings.position import Placement, parse_fen, side_of
from boardgen.games.racing_kings.tokens import DISC_FILL, DISC_RING
from boardgen.components.text import centred
from boardgen.geometry.cells import Grid
from boardgen.geometry.naming import Cell
from boardgen.geometry.place import GridPlacement
from boardgen.i18n import Words, words_for
from boardgen.scene import Circle, Line, Node, Polygon, Rect, Scene, Style

DIAGRAM_SQUARE_MM = 10.0
DIAGRAM_EDGE_MM = 5.0
STANDARD_FILES = "abcdefgh"  # the examples are positions on the original 8×8 board
STANDARD_RANKS = 8
LEGAL_INK = "#2e7d32"
ILLEGAL_INK = "#c62828"
MOVE_INK = "#1f5fa8"


@dataclass(frozen=True)
class ExampleMove:
    """A move drawn as an arrow: played (it happens), or illegal (crossed out, not played)."""

    uci: str
    verdict: Literal["legal", "illegal"]
    number: int | None = None  # shown beside the arrow when moves come in order


@dataclass(frozen=True)
class Example:
    """A rule sheet position on the standard 8×8 board, checked against python-chess in tests."""

    name: str
    fen: str
    moves: tuple[ExampleMove, ...]
    result: str  # after the legal moves: "1-0", "0-1", "1/2-1/2" or "*" (game goes on)
    checks: tuple[tuple[str, str], ...] = ()  # attacker square → king square it would attack


START_FEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"

EXAMPLES: tuple[Example, ...] = (
    Example("illegal-check-capture", START_FEN,
            (ExampleMove("e2c1", "illegal"),), "*", checks=(("c1", "a2"),)),
    Example("king-into-attack", "8/3r4/8/8/8/4K3/8/k7 w - - 0 1",
            (ExampleMove("e3d4", "illegal"), ExampleMove("e3e4", "legal")), "*",
            checks=(("d7", "d4"),)),
    Example("discovered-check", "8/8/8/R1N3k1/8/8/8/7K w - - 0 1",
            (ExampleMove("c5b7", "illegal"),), "*", checks=(("a5", "g5"),)),
    Example("win-rank-8", "8/6K1/8/8/1k6/8/8/8 w - - 0 1",
            (ExampleMove("g7g8", "legal"),), "1-0"),
    Example("draw-rank-8", "8/1k4K1/8/8/8/8/8/8 w - - 0 1",
            (ExampleMove("g7h8", "legal", 1), ExampleMove("b7b8", "legal", 2)), "1/2-1/2"),
)


@dataclass(frozen=True)
class _Diagram:
    """A small board of the layout's colours: the shared grid board's cells and placement."""

    model: grid_board.Model
    cells: Grid
    place: GridPlacement

    @property
    def square(self) -> float:
        return self.place.cell_mm

    def cell(self, name: str) -> Cell:
        return self.cells.cell(name)

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.place.centre(cell)

    @property
    def right(self) -> float:
        return self.place.x0 + self.cells.width * self.square

    @property
    def bottom(self) -> float:
        return self.place.y0 + self.cells.height * self.square

    @property
    def width(self) -> float:
        return self.right + 1.5

    @property
    def height(self) -> float:
        return self.bottom + DIAGRAM_EDGE_MM


def _diagram(layout: Layout, files: str, ranks: int, goal: int) -> _Diagram:
    model = grid_model(layout, files, ranks, goal)
    return _Diagram(model, grid_board.grid(model),
                    GridPlacement(DIAGRAM_SQUARE_MM, DIAGRAM_EDGE_MM + 0.5, 1.5))


def _diagram_board(layout: Layout, grid: _Diagram, goal: int) -> list[Node]:
    """Squares with the layout's colours, goal rank marked, coordinates on two sides."""
    colors = layout.colors
    sq, place = grid.square, grid.place
    nodes = grid_board.cell_nodes(grid.model, grid.cells, place)
    nodes += goal_pattern(grid.model, grid.cells, place)
    width, height = grid.cells.width * sq, grid.cells.height * sq
    goal_x, goal_y = place.origin((0, grid.cells.height - goal))
    nodes.append(Rect(goal_x, goal_y, width, sq, Style(stroke=colors.goal_band, stroke_mm=0.6)))
    nodes.append(Rect(place.x0, place.y0, width, height, Style(stroke=colors.frame,
                                                                stroke_mm=0.5)))
    nodes += grid_board.coordinate_nodes(grid.cells, place, "bl", sq * 0.32, DIAGRAM_EDGE_MM / 2,
                                         colors.text)
    return nodes


def _diagram_pieces(layout: Layout, grid: _Diagram, placement: Placement) -> list[Node]:
    return [pieces.piece_in(letter, side_of(letter),
                            grid.place.box(grid.cells.naming.cell_at(f, rank)), 0.88)
            for (f, rank), letter in sorted(placement.items())]


def _arrow(points: list[tuple[float, float]], color: str, width: float) -> list[Node]:
    """A polyline arrow ending in a triangular head at the last point."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 2.6
    base = (x1 - ux * head, y1 - uy * head)
    half = width * 1.5
    shaft = Style(stroke=color, stroke_mm=width, join="round", cap="round", opacity=0.85)
    return [Polygon(tuple(points[:-1]) + (base,), shaft, closed=False),
            Polygon(((x1, y1), (base[0] - uy * half, base[1] + ux * half),
                     (base[0] + uy * half, base[1] - ux * half)),
                    Style(fill=color, opacity=0.85))]


def _move_points(grid: _Diagram, start: Cell, end: Cell) -> list[tuple[float, float]]:
    """Arrow path of a move: a knight's move bends, every other move is straight."""
    (x0, y0), (x1, y1) = grid.centre(start), grid.centre(end)
    df, dr = end[0] - start[0], end[1] - start[1]
    if sorted((abs(df), abs(dr))) == [1, 2]:
        corner = (x1, y0) if abs(df) == 2 else (x0, y1)
        return [(x0, y0), corner, (x1, y1)]
    return [(x0, y0), (x1, y1)]


def _cross_badge(x: float, y: float, r: float) -> list[Node]:
    """A white disc with a red cross: this move is not allowed."""
    d = r * 0.45
    line = Style(stroke=ILLEGAL_INK, stroke_mm=r * 0.28, cap="round")
    return [Circle(x, y, r, Style(fill="#ffffff", stroke=ILLEGAL_INK, stroke_mm=r * 0.16)),
            Line(x - d, y - d, x + d, y + d, line), Line(x - d, y + d, x + d, y - d, line)]


def _number_badge(x: float, y: float, r: float, number: int) -> list[Node]:
    return [Circle(x, y, r, Style(fill=MOVE_INK, stroke="#ffffff", stroke_mm=r * 0.15)),
            centred(x, y, str(number), r * 1.3, font="bold", fill="#ffffff")]


def _check_marks(grid: _Diagram, attacker: Cell, king: Cell) -> list[Node]:
    """The line of an attack that would be check, and a ring on the square attacked."""
    (x0, y0), (x1, y1) = grid.centre(attacker), grid.centre(king)
    dashed = Style(stroke=ILLEGAL_INK, stroke_mm=0.6, dash=(1.6, 1.0), cap="butt", opacity=0.9)
    ring = Style(stroke=ILLEGAL_INK, stroke_mm=0.7, opacity=0.9)
    return [Line(x0, y0, x1, y1, dashed), Circle(x1, y1, grid.square * 0.47, ring)]


def _to_move(grid: _Diagram, side: str) -> list[Node]:
    """A small disc beside the last rank showing whose move it is."""
    r = grid.square * 0.16
    x = grid.right + DIAGRAM_EDGE_MM * 0.55
    y = grid.bottom + DIAGRAM_EDGE_MM * 0.5
    fill = DISC_FILL[side]
    return [Circle(x, y, r, Style(fill=fill, stroke=DISC_RING["white"], stroke_mm=0.3))]


def example_scene(layout: Layout, example: Example, words: Words) -> Scene:
    """An example position with its moves as arrows and its would-be checks marked."""
    grid = _diagram(layout, STANDARD_FILES, STANDARD_RANKS, STANDARD_RANKS)
    placement = parse_fen(example.fen, len(STANDARD_FILES), STANDARD_RANKS)
    nodes = _diagram_board(layout, grid, STANDARD_RANKS) + _diagram_pieces(layout, grid, placement)
    for attacker, king in example.checks:
        nodes += _check_marks(grid, grid.cell(attacker), grid.cell(king))
    for move in example.moves:
        start, end = grid.cell(move.uci[:2]), grid.cell(move.uci[2:4])
        color = ILLEGAL_INK if move.verdict == "illegal" else (MOVE_INK if move.number else LEGAL_INK)
        nodes += _arrow(_move_points(grid, start, end), color, grid.square * 0.12)
        x, y = grid.place.origin(end)
        if move.verdict == "illegal":
            nodes += _cross_badge(x + grid.square * 0.82, y + grid.square * 0.2, grid.square * 0.2)
        if move.number is not None:
            cx, cy = grid.centre(start)
            nodes += _number_badge(cx - grid.square * 0.32, cy + grid.square * 0.3,
                                   grid.square * 0.19, move.number)
    side = "white" if example.fen.split()[1] == "w" else "black"
    nodes += _to_move(grid, side)
    return Scene(grid.width + DIAGRAM_EDGE_MM * 0.6, grid.height, tuple(nodes),
                 symbols=pieces.piece_symbols(), title=words(f"example.{example.name}"))


def start_position_scene(layout: Layout, words: Words) -> Scene:
    """The layout's start position on a small board with coordinates."""
    spec = layout.board
    grid = _diagram(layout, spec.letters, spec.ranks, spec.goal)
    nodes = _diagram_board(layout, grid, spec.goal) + _diagram_pieces(layout, grid,
                                                                      position(layout))
    return Scene(grid.width, grid.height, tuple(nodes), symbols=pieces.piece_symbols(),
                 title=words("example.start-position"))


def diagrams(layout: Layout, words: Words | None = None) -> dict[str, Callable[[], Scene]]:
    """Figures for the rule sheet: the board, the start position and the rule examples."""
    words = words or words_for(layout)
    figures: dict[str, Callable[[], Scene]] = {
        "board": lambda: compose_board(layout, words).scene,
        "start-position": partial(start_position_scene, layout, words),
    }
    for example in EXAMPLES:
        figures[example.name] = partial(example_scene, layout, example, words)
    return figures
