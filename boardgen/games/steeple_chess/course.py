"""The course: an ASCII map parsed into squares, start spaces, goal, arrow zone and walls.

The map has one character per square, separated by a space, or by ``|`` where a
wall runs between two squares side by side. A line of ``-`` (under the squares)
between two rows puts a wall between each marked square and the one below it.
Rows are read top to bottom; squares are named like a chess board: columns
a, b, c ... from the left, rows 1, 2, 3 ... from the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable

from boardgen.geometry import cells
from boardgen.geometry.cells import (DIAGONAL, DIRECTION_NAMES, ORTHOGONAL, Grid, MapError, edge,
                                     offset)
from boardgen.geometry.naming import Cell, Naming

Step = tuple[int, int]
NORTH, EAST, SOUTH, WEST = ORTHOGONAL

MAX_COLUMNS = 26  # a to z
MAX_ROWS = 99

TRACK = "."
CORNER = "c"
ZONE = "o"
ARROWS = {">": EAST, "<": WEST, "^": NORTH, "v": SOUTH}
BLACK = "#"
GOAL = "F"
CENTRE = "+"
OFF = "_"
START_COLOURS = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}
COURSE_CHARS = TRACK + CORNER + ZONE + "".join(ARROWS) + BLACK
ZONE_CHARS = ZONE + "".join(ARROWS)
# The kind of square each map character is, as the shared grid names it (board.json, fills).
KINDS = {TRACK: "course", CORNER: "corner", **{c: "zone" for c in ZONE_CHARS}, BLACK: "black",
         GOAL: "goal", CENTRE: "centre", **START_COLOURS}

LEGEND = {
    TRACK: "course square",
    CORNER: "corner area square (a Pawn chooses which way is forward)",
    ZONE: "arrow zone square (the movable obstacle may stand here)",
    "< > ^ v": "arrow zone square with a black arrow beside it, pointing this way",
    BLACK: "permanent black square",
    "G Y R B": "start space (green, yellow, red, blue); the start line runs where it meets the course",
    GOAL: "goal area beyond the finish line; the finish line runs where it meets the course",
    CENTRE: "centre area (title and die table)",
    OFF: "no square",
    "|": "(between two squares) a wall",
    "-": "(on a line of its own, under a square) a wall below that square",
}

__all__ = ["ARROWS", "BLACK", "CENTRE", "CORNER", "Cell", "Course", "DIAGONAL", "DIRECTION_NAMES",
           "EAST", "GOAL", "KINDS", "MapError", "NORTH", "ORTHOGONAL", "OFF", "SOUTH",
           "START_COLOURS", "Step", "TRACK", "WEST", "ZONE", "ZONE_CHARS", "areas", "edge",
           "offset", "parse_map"]


@dataclass(frozen=True)
class Course(Grid):
    """The parsed map, a shared grid with chess names, and what its squares mean in the race:
    course, corners, arrow zone, goal, start spaces, and which way is forward.

    Made from rows alone (``Course(rows, walls=...)``), its squares are of the kinds of
    :data:`KINDS` and named like a chess board.
    """

    def __post_init__(self) -> None:
        if not self.legend:
            object.__setattr__(self, "legend", KINDS)
        if self.naming is None:
            object.__setattr__(self, "naming", Naming("chess", len(self.rows[0]), len(self.rows)))
        super().__post_init__()

    @cached_property
    def positions(self) -> tuple[Cell, ...]:
        """Every place of the map, a square or not, row by row from the top."""
        return tuple((c, r) for r in range(self.height) for c in range(self.width))

    def cell(self, name: str) -> Cell | None:
        """The place of the map called ``name`` (a square or not), or None if there is none."""
        try:
            return self.naming.cell(name)
        except ValueError:
            return None

    def _having(self, chars: str) -> frozenset[Cell]:
        return frozenset(c for c in self.cells if self.char(c) in chars)

    @cached_property
    def course(self) -> frozenset[Cell]:
        """Squares of the course itself, the black ones included."""
        return self._having(COURSE_CHARS)

    @cached_property
    def squares(self) -> frozenset[Cell]:
        """Course squares a piece may stand on."""
        return self.course - self.black

    @cached_property
    def black(self) -> frozenset[Cell]:
        return self._having(BLACK)

    @cached_property
    def corner(self) -> frozenset[Cell]:
        return self._having(CORNER)

    @cached_property
    def zone(self) -> frozenset[Cell]:
        return self._having(ZONE_CHARS)

    @cached_property
    def goal(self) -> frozenset[Cell]:
        return self._having(GOAL)

    @cached_property
    def centre(self) -> frozenset[Cell]:
        return self._having(CENTRE)

    @cached_property
    def arrows(self) -> tuple[tuple[Cell, Step], ...]:
        return tuple((c, ARROWS[self.char(c)]) for c in self.cells if self.char(c) in ARROWS)

    def arrow_side(self, cell: Cell, step: Step) -> Step | None:
        """The side of an arrow's square, off the course, where its arrow is drawn: the
        border side where it has one, not the centre's."""
        return self.beside(cell, step, self.course)

    @cached_property
    def start(self) -> dict[str, frozenset[Cell]]:
        """Start space cells per colour letter, in the order G, Y, R, B."""
        return {letter: self._having(letter) for letter in START_COLOURS}

    @cached_property
    def start_cells(self) -> frozenset[Cell]:
        return frozenset().union(*self.start.values())

    @cached_property
    def entries(self) -> dict[str, tuple[Cell, ...]]:
        """Per colour, the start space cells directly behind the start line."""
        return {letter: tuple(sorted(c for c in cells if self.start_line_steps(c)))
                for letter, cells in self.start.items()}

    def start_line_steps(self, cell: Cell) -> tuple[Step, ...]:
        """Directions from a start space cell across the start line onto the course."""
        return self.steps_into(cell, self.course)

    @cached_property
    def start_line(self) -> tuple[tuple[Cell, Cell], ...]:
        """Edges (start cell, course square) along which the start line runs."""
        return tuple(self.crossings([c for letter in START_COLOURS for c in self.entries[letter]],
                                    self.course))

    @cached_property
    def finish_line(self) -> tuple[tuple[Cell, Cell], ...]:
        """Edges (course square, goal cell) along which the finish line runs."""
        return tuple(sorted((b, a) for a, b in self.crossings(self.goal, self.course)))

    def jump_open(self, a: Cell, b: Cell) -> bool:
        """Whether the straight line between two square centres crosses no wall (for Knights)."""
        (x0, y0), (x1, y1) = (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
        for x in range(min(a[0], b[0]) + 1, max(a[0], b[0]) + 1):
            y = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
            if self.wall((x - 1, int(y)), (x, int(y))):
                return False
        for y in range(min(a[1], b[1]) + 1, max(a[1], b[1]) + 1):
            x = x0 + (x1 - x0) * (y - y0) / (y1 - y0)
            if self.wall((int(x), y - 1), (int(x), y)):
                return False
        return True

    # ---- which way is forward ---------------------------------------------------

    @cached_property
    def distance(self) -> dict[Cell, int]:
        """Orthogonal steps from each course square to the goal (black squares count as open)."""
        return self.distances(sorted(self.goal), passable=self.course | self.goal)

    def run(self, cell: Cell, step: Step) -> int:
        """How many course squares lie in a line through ``cell`` along ``step`` (walls end it)."""
        count = 1
        for sign in (1, -1):
            d = (step[0] * sign, step[1] * sign)
            here = cell
            while offset(here, d) in self.course and self.open(here, offset(here, d)):
                here = offset(here, d)
                count += 1
        return count

    def along(self, cell: Cell) -> tuple[Step, Step] | None:
        """The axis the track runs along at a square: the longer line of squares through it."""
        across, lengthwise = self.run(cell, NORTH), self.run(cell, EAST)
        if across == lengthwise:
            return None
        return (EAST, WEST) if lengthwise > across else (NORTH, SOUTH)

    def forward_candidates(self, cell: Cell) -> tuple[Step, ...]:
        """Along the track, the directions that bring a square closer to the goal."""
        axis = self.along(cell)
        if axis is None or cell not in self.distance:
            return ()
        here = self.distance[cell]
        return tuple(d for d in axis if self.distance.get(offset(cell, d), here) < here
                     and self.open(cell, offset(cell, d)))

    @cached_property
    def forward(self) -> dict[Cell, tuple[Step, ...]]:
        """Which way a Pawn moves on each course square; every way in a corner area."""
        return {c: ORTHOGONAL if c in self.corner else self.forward_candidates(c)
                for c in sorted(self.course)}

    @cached_property
    def corner_areas(self) -> tuple[frozenset[Cell], ...]:
        """The corner areas as pieces meet them: corner squares joined where a step between
        them crosses no wall, so two bends side by side with a wall between are two areas."""
        return tuple(areas(self.corner, self.open))

    def pawn_forward(self, cell: Cell) -> tuple[Step, ...]:
        """Forward for a Pawn on a course square, or (from a start cell) across the start line."""
        if cell in self.course:
            return self.forward[cell]
        return self.start_line_steps(cell)


# ---- parsing -------------------------------------------------------------------------


@lru_cache(maxsize=64)
def parse_map(text: str) -> Course:
    """A course from its ASCII map, read by the shared map reader with chess names; MapError
    says which row or square is wrong."""
    grid = cells.parse_map(text, KINDS, "chess")
    if grid.width > MAX_COLUMNS:
        raise MapError(f"the map is {grid.width} squares wide; at most {MAX_COLUMNS} columns "
                       "(a to z) are possible")
    if grid.height > MAX_ROWS:
        raise MapError(f"the map has {grid.height} rows; at most {MAX_ROWS} are possible")
    return Course(grid.rows, grid.legend, grid.walls, grid.naming)


def areas(cells: frozenset[Cell],
          joined: Callable[[Cell, Cell], bool] | None = None) -> list[frozenset[Cell]]:
    """The connected areas of ``cells``, each a set of squares: neighbours side by side are
    in one area, where ``joined`` (if given) says they are."""
    left, found = set(cells), []
    while left:
        stack = [min(left)]
        area = set(stack)
        while stack:
            here = stack.pop()
            for step in ORTHOGONAL:
                there = offset(here, step)
                if there in left and there not in area and (joined is None
                                                            or joined(here, there)):
                    area.add(there)
                    stack.append(there)
        left -= area
        found.append(frozenset(area))
    return found
