"""The course: an ASCII map parsed into squares, start spaces, goal, arrow zone and walls.

The map has one character per square, separated by a space, or by ``|`` where a
wall runs between two squares side by side. A line of ``-`` (under the squares)
between two rows puts a wall between each marked square and the one below it.
Rows are read top to bottom; squares are named like a chess board: columns
a, b, c ... from the left, rows 1, 2, 3 ... from the bottom.
"""

from __future__ import annotations

import re
import textwrap
from collections import deque
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable

Cell = tuple[int, int]  # (column, row), row 0 is the top line of the map
Step = tuple[int, int]

NORTH, EAST, SOUTH, WEST = (0, -1), (1, 0), (0, 1), (-1, 0)
ORTHOGONAL: tuple[Step, ...] = (NORTH, EAST, SOUTH, WEST)
DIAGONAL: tuple[Step, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))
DIRECTION_NAMES = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_ROWS = 99
# A column letter and a row number of at most two ASCII digits ("a²" or "a" and 5,000
# digits are no square names, and never reach int()).
SQUARE_NAME = re.compile(r"([a-z])([1-9][0-9]?)", re.ASCII)

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


class MapError(ValueError):
    """A course map that cannot be played, with the square (if any) it concerns."""

    def __init__(self, message: str, cell: str | None = None):
        super().__init__(f"cell {cell}: {message}" if cell else message)
        self.cell = cell


def offset(cell: Cell, step: Step, times: int = 1) -> Cell:
    return (cell[0] + step[0] * times, cell[1] + step[1] * times)


def edge(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """An edge between two neighbouring squares, in a canonical order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Course:
    """The parsed map: one character per square and the walls between squares."""

    rows: tuple[str, ...]
    walls: frozenset[tuple[Cell, Cell]] = frozenset()

    @cached_property  # asked for on every look at a square
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def height(self) -> int:
        return len(self.rows)

    # ---- names and kinds ----------------------------------------------------

    def name(self, cell: Cell) -> str:
        """The square's name as players say it: column letter, row number from the bottom."""
        return f"{COLUMN_LETTERS[cell[0]]}{self.height - cell[1]}"

    def where(self, cell: Cell) -> str:
        """The square's name and its place in the map text, for messages."""
        return f"{self.name(cell)} (map row {cell[1] + 1}, column {cell[0] + 1})"

    def cell(self, name: str) -> Cell | None:
        """The square called ``name``, or None if the map has no such square."""
        text = name.strip()
        match = SQUARE_NAME.fullmatch(text.lower()) if text.isascii() else None
        if match is None:
            return None
        col, row = COLUMN_LETTERS.index(match[1]), self.height - int(match[2])
        return (col, row) if self.inside((col, row)) else None

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def kind(self, cell: Cell) -> str:
        """The map character of a square ("_" outside the map)."""
        return self.rows[cell[1]][cell[0]] if self.inside(cell) else OFF

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every square of the map, row by row from the top."""
        return tuple((c, r) for r in range(self.height) for c in range(self.width))

    def _having(self, chars: str) -> frozenset[Cell]:
        return frozenset(c for c in self.cells if self.kind(c) in chars)

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
        return tuple((c, ARROWS[self.kind(c)]) for c in self.cells if self.kind(c) in ARROWS)

    def arrow_side(self, cell: Cell, step: Step) -> Step | None:
        """The side of an arrow's square, off the course, where its arrow is drawn."""
        sides = [(step[1], step[0]), (-step[1], -step[0])]
        outside = [s for s in sides if offset(cell, s) not in self.course]
        # Prefer the side facing the map's outer edge: arrows stand in the border, not the centre.
        outside.sort(key=lambda s: self.inside(offset(cell, s, 2)))
        return outside[0] if outside else None

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
        return tuple(d for d in ORTHOGONAL
                     if offset(cell, d) in self.course and self.open(cell, offset(cell, d)))

    @cached_property
    def start_line(self) -> tuple[tuple[Cell, Cell], ...]:
        """Edges (start cell, course square) along which the start line runs."""
        return tuple((c, offset(c, d)) for letter in START_COLOURS for c in self.entries[letter]
                     for d in self.start_line_steps(c))

    @cached_property
    def finish_line(self) -> tuple[tuple[Cell, Cell], ...]:
        """Edges (course square, goal cell) along which the finish line runs."""
        return tuple(sorted((offset(g, d), g) for g in self.goal for d in ORTHOGONAL
                            if offset(g, d) in self.course and self.open(g, offset(g, d))))

    # ---- walls ----------------------------------------------------------------

    def wall(self, a: Cell, b: Cell) -> bool:
        """Whether a wall runs between two orthogonal neighbours."""
        return edge(a, b) in self.walls

    @cached_property
    def wall_points(self) -> frozenset[tuple[int, int]]:
        """Grid corners (x, y in square units) that a wall touches."""
        points = set()
        for a, b in self.walls:
            if a[1] == b[1]:  # side by side: a vertical wall at x = b's left edge
                x = max(a[0], b[0])
                points.update({(x, a[1]), (x, a[1] + 1)})
            else:
                y = max(a[1], b[1])
                points.update({(a[0], y), (a[0] + 1, y)})
        return frozenset(points)

    def open(self, a: Cell, b: Cell) -> bool:
        """Whether a one-square step from a to b (orthogonal or diagonal) passes no wall.

        A diagonal step is blocked where a wall touches the corner it slips past.
        """
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx == 0 or dy == 0:
            return not self.wall(a, b)
        corner = (a[0] + (dx > 0), a[1] + (dy > 0))
        return corner not in self.wall_points

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
        found = {g: 0 for g in sorted(self.goal)}
        queue = deque(sorted(self.goal))
        walkable = self.course | self.goal
        while queue:
            here = queue.popleft()
            for d in ORTHOGONAL:
                there = offset(here, d)
                if there in walkable and there not in found and self.open(here, there):
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

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


# ---- parsing -------------------------------------------------------------------


def _is_wall_line(line: str) -> bool:
    return "-" in line and set(line) <= {"-", " "}


@lru_cache(maxsize=64)
def parse_map(text: str) -> Course:
    """A course from its ASCII map; MapError says which row or square is wrong."""
    lines = [line.rstrip() for line in textwrap.dedent(text.expandtabs(4)).splitlines()]
    lines = [line for line in lines if line.strip()]
    rows: list[str] = []
    walls: set[tuple[Cell, Cell]] = set()
    pending: list[int] = []  # columns with a wall under the previous row
    for line in lines:
        if _is_wall_line(line):
            if not rows or pending:
                raise MapError("a wall line (of '-') must stand between two rows of squares")
            pending = _wall_columns(line, len(rows))
            continue
        row_index = len(rows)
        cells, separators = line[0::2], line[1::2]
        for position, sep in enumerate(separators):
            if sep not in " |":
                raise MapError(f"row {row_index + 1} of the map: squares are separated by a space "
                               f"or '|' (a wall); found {sep!r} after square {position + 1}")
            if sep == "|":
                walls.add(edge((position, row_index), (position + 1, row_index)))
        walls.update(edge((c, row_index - 1), (c, row_index)) for c in pending)
        pending = []
        rows.append(cells)
    if pending:
        raise MapError("a wall line (of '-') must stand between two rows of squares")
    if not rows:
        raise MapError("the map is empty")
    _check_shape(rows)
    course = Course(tuple(rows), frozenset(walls))
    _check_characters(course)
    return course


def _wall_columns(line: str, rows_above: int) -> list[int]:
    columns = []
    for position, char in enumerate(line):
        if char != "-":
            continue
        if position % 2:
            raise MapError(f"wall line below row {rows_above}: put each '-' under a square, "
                           f"not between two (position {position + 1})")
        columns.append(position // 2)
    return columns


def _check_shape(rows: list[str]) -> None:
    width = len(rows[0])
    if width > len(COLUMN_LETTERS):
        raise MapError(f"the map is {width} squares wide; at most {len(COLUMN_LETTERS)} "
                       "columns (a to z) are possible")
    if len(rows) > MAX_ROWS:
        raise MapError(f"the map has {len(rows)} rows; at most {MAX_ROWS} are possible")
    for index, row in enumerate(rows):
        if len(row) != width:
            raise MapError(f"row {index + 1} of the map has {len(row)} squares, the first row has "
                           f"{width}; every row needs the same number (use '_' for no square)")


def _check_characters(course: Course) -> None:
    known = COURSE_CHARS + GOAL + CENTRE + OFF + "".join(START_COLOURS)
    for cell in course.cells:
        char = course.kind(cell)
        if char not in known:
            raise MapError(f"unknown map character {char!r}; expected one of "
                           f"{' '.join(known)}", course.where(cell))
    for a, b in sorted(course.walls):
        if a not in course.cells or b not in course.cells:
            raise MapError("a wall runs off the edge of the map")


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
