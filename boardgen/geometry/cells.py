"""Grids of cells: from a rectangle or an ASCII map with a legend and walls.

No millimetres here. A grid knows which cells exist, the kind of each (a name from the
map's legend), the walls between neighbours, how cells are named, and which cells a step
reaches; it prints as an ASCII board in the same syntax the map is written in.

The map syntax: one character per cell, cells separated by a space, or by ``|`` where a
wall runs between two cells side by side; a line of ``-`` (each under a cell) between two
rows puts a wall between each marked cell and the one below it. ``_`` is no cell. Rows
are read top to bottom.
"""

from __future__ import annotations

import textwrap
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Literal, Mapping

from boardgen.geometry.naming import Cell, Naming, Scheme

Edge = tuple[Cell, Cell]
Adjacency = Literal["orthogonal", "king", "diagonal"]
ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))
STEPS: dict[str, tuple[Cell, ...]] = {"orthogonal": ORTHOGONAL, "diagonal": DIAGONAL,
                                      "king": ORTHOGONAL + DIAGONAL}
DIRECTION_NAMES = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
NO_CELL = "_"
RESERVED = "|-"
MAX_SIDE = 1000


class MapError(ValueError):
    """A map that cannot be read (or a grid that breaks a game's rules), with the row and
    column (from 1, as written) it concerns, and the cell's name where it has one.

    ``where``: the place already written out (:meth:`Grid.where`), for a rule about a cell.
    """

    def __init__(self, message: str, row: int | None = None, column: int | None = None,
                 where: str | None = None):
        if where is None and row:
            where = f"map row {row}" + (f", column {column}" if column else "")
        elif where is not None:
            where = f"cell {where}"
        super().__init__(f"{where}: {message}" if where else message)
        self.row = row
        self.column = column
        self.cell = where


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between two neighbouring cells, in one order whichever way it is named."""
    return (a, b) if a <= b else (b, a)


def offset(cell: Cell, step: Cell, times: int = 1) -> Cell:
    return (cell[0] + step[0] * times, cell[1] + step[1] * times)


@dataclass(frozen=True)
class Grid:
    """A rectangle of cells, each with a map character; ``legend`` names the characters' kinds.

    ``rows`` holds one string per row (top first), one character per cell; ``_`` is no cell.
    """

    rows: tuple[str, ...]
    legend: Mapping[str, str] = field(default_factory=dict)
    walls: frozenset[Edge] = frozenset()
    naming: Naming | None = None

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise MapError("the map is empty")
        if self.naming is None:
            object.__setattr__(self, "naming", Naming("spreadsheet", self.width, self.height))

    # ---- size, names and kinds -------------------------------------------------------

    @cached_property
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def height(self) -> int:
        return len(self.rows)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def char(self, cell: Cell) -> str:
        """The map character of a cell (``_`` outside the map)."""
        return self.rows[cell[1]][cell[0]] if self.inside(cell) else NO_CELL

    def kind(self, cell: Cell) -> str | None:
        """The kind of a cell by the legend (its character if the legend has none); None: no cell."""
        char = self.char(cell)
        return None if char == NO_CELL else self.legend.get(char, char)

    def exists(self, cell: Cell) -> bool:
        return self.char(cell) != NO_CELL

    def name(self, cell: Cell) -> str:
        return self.naming.name(cell)

    def cell(self, name: str) -> Cell | None:
        """The cell called ``name`` if the map has one there (ValueError: not a cell name)."""
        cell = self.naming.cell(name)
        return cell if cell is not None and self.exists(cell) else None

    def where(self, cell: Cell) -> str:
        """A cell's name and its place in the map text, for messages."""
        return _place(self.naming, cell)

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell the map has, row by row from the top."""
        return tuple((c, r) for r in range(self.height) for c in range(self.width)
                     if self.rows[r][c] != NO_CELL)

    def of_kind(self, *kinds: str) -> frozenset[Cell]:
        """The cells of the given kinds."""
        return frozenset().union(*(self._by_kind.get(kind, ()) for kind in kinds))

    @cached_property
    def _by_kind(self) -> dict[str, frozenset[Cell]]:
        found: dict[str, set[Cell]] = {}
        for cell in self.cells:
            found.setdefault(self.kind(cell), set()).add(cell)
        return {kind: frozenset(cells) for kind, cells in found.items()}

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        """The kinds the map uses, in the order they first appear."""
        return tuple(dict.fromkeys(self.kind(c) for c in self.cells))

    # ---- walls and steps ---------------------------------------------------------------

    def wall(self, a: Cell, b: Cell) -> bool:
        """Whether a wall runs between two orthogonal neighbours."""
        return edge(a, b) in self.walls

    @cached_property
    def wall_points(self) -> frozenset[Cell]:
        """Grid corners (x, y in cell units from the top-left) that a wall touches."""
        points = set()
        for a, b in self.walls:
            if a[1] == b[1]:
                x = max(a[0], b[0])
                points.update({(x, a[1]), (x, a[1] + 1)})
            else:
                y = max(a[1], b[1])
                points.update({(a[0], y), (a[0] + 1, y)})
        return frozenset(points)

    def open(self, a: Cell, b: Cell) -> bool:
        """Whether a one-cell step from a to b passes no wall; a diagonal step is blocked where
        a wall touches the corner it slips past."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx == 0 or dy == 0:
            return not self.wall(a, b)
        return (a[0] + (dx > 0), a[1] + (dy > 0)) not in self.wall_points

    def neighbours(self, cell: Cell, adjacency: Adjacency = "orthogonal") -> list[Cell]:
        """The cells one step away that exist and that no wall separates from ``cell``."""
        found = []
        for step in STEPS[adjacency]:
            other = offset(cell, step)
            if self.exists(other) and self.open(cell, other):
                found.append(other)
        return found

    def steps_into(self, cell: Cell, into: frozenset[Cell]) -> tuple[Cell, ...]:
        """The orthogonal steps from ``cell`` onto a cell of ``into`` that no wall blocks."""
        return tuple(d for d in ORTHOGONAL
                     if offset(cell, d) in into and self.open(cell, offset(cell, d)))

    def crossings(self, cells: Iterable[Cell], into: frozenset[Cell]) -> list[Edge]:
        """(cell, neighbour) for every step from ``cells`` (in their order) onto ``into``: where
        a line between two areas runs (a start line, a finish line)."""
        return [(c, offset(c, d)) for c in cells for d in self.steps_into(c, into)]

    def beside(self, cell: Cell, step: Cell, inside: frozenset[Cell]) -> Cell | None:
        """The side of ``cell``, across ``step``, whose neighbour lies outside ``inside``; of two,
        the one facing the map's outer edge (where an arrow beside a track has room)."""
        sides = [(step[1], step[0]), (-step[1], -step[0])]
        outside = [s for s in sides if offset(cell, s) not in inside]
        outside.sort(key=lambda s: self.inside(offset(cell, s, 2)))
        return outside[0] if outside else None

    def distances(self, sources: Iterable[Cell], adjacency: Adjacency = "orthogonal",
                  passable: frozenset[Cell] | None = None) -> dict[Cell, int]:
        """Steps from the nearest source to every cell reached (through ``passable`` cells only,
        when given)."""
        found: dict[Cell, int] = {}
        queue: deque[Cell] = deque()
        for cell in sources:
            if cell not in found:
                found[cell] = 0
                queue.append(cell)
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, adjacency):
                if there not in found and (passable is None or there in passable):
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    def edge_labels(self, sides: str = "tblr") -> list[tuple[str, int, str]]:
        """(side, index, text) of the coordinates printed on the chosen edges: column labels on
        ``t`` (top) and ``b`` (bottom), row labels on ``l`` and ``r``."""
        labels = []
        for side in sides:
            if side in "tb":
                labels += [(side, c, self.naming.column_label(c)) for c in range(self.width)]
            elif side in "lr":
                labels += [(side, r, self.naming.row_label(r)) for r in range(self.height)]
            else:
                raise ValueError(f"unknown edge {side!r}; the edges are t, b, l and r")
        return labels

    # ---- as text ---------------------------------------------------------------------

    def ascii(self, marks: Mapping[Cell, str] | None = None, coordinates: bool = True) -> str:
        """The grid as an ASCII board in the map's own syntax (walls as ``|`` and ``-``), with
        ``marks`` drawn over the cells' characters and coordinates all round.

        Where column names are longer than a letter (AA, AB, ... past Z) and no walls are
        drawn, the cells stand as far apart as the longest name, so every name heads its
        column."""
        marks = marks or {}
        labels = [self.naming.column_label(c) for c in range(self.width)]
        cell_width = max(len(label) for label in labels)
        wide = (cell_width > 1 and not self.walls and coordinates
                and self.naming.scheme != "numbered")
        gap = " " * cell_width if wide else " "
        body: list[str] = []
        for row in range(self.height):
            if not self.walls:  # the quick way: nothing between the cells but the gap
                body.append(gap.join(marks.get((column, row), char)
                                     for column, char in enumerate(self.rows[row])).rstrip())
                continue
            line = ""
            for column in range(self.width):
                cell = (column, row)
                if column:
                    line += "|" if self.wall((column - 1, row), cell) else gap
                line += marks.get(cell, self.char(cell))
            body.append(line.rstrip())
            if row < self.height - 1:
                below = "".join(("-" if self.wall((c, row), (c, row + 1)) else " ") + " "
                                for c in range(self.width)).rstrip()
                if below:
                    body.append(below)
        if not coordinates or self.naming.scheme == "numbered":
            return "\n".join(body)
        if cell_width > 1 and not wide:  # wide names between walls: no room to head them
            return "\n".join(body)
        margin = max(len(self.naming.row_label(r)) for r in range(self.height)) + 2
        header = " " * margin + "".join(label.ljust(cell_width + 1) for label in labels).rstrip()
        lines, row = [header], 0
        for text in body:
            if set(text) <= set("- "):
                lines.append(" " * margin + text)
                continue
            label = self.naming.row_label(row)
            text = text.ljust((cell_width + 1) * self.width - cell_width)
            lines.append(f"{label:>{margin - 2}}  {text}  {label}".rstrip())
            row += 1
        lines.append(header)
        return "\n".join(lines)


def rectangle(columns: int, rows: int, naming: Scheme = "spreadsheet", kind: str = ".",
              letters: str = "") -> Grid:
    """A full rectangle of cells, all of one kind."""
    if not (1 <= columns <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise MapError(f"a grid has 1 to {MAX_SIDE} columns and rows, not {columns} × {rows}")
    return Grid(tuple(kind * columns for _ in range(rows)), {},
                naming=Naming(naming, columns, rows, letters))


def parse_map(text: str, legend: Mapping[str, str] | None = None,
              naming: Scheme = "spreadsheet", letters: str = "") -> Grid:
    """A grid from its ASCII map; MapError says which row or character is wrong.

    With a ``legend``, every character but ``_`` must be in it.
    """
    lines = [line.rstrip() for line in textwrap.dedent(text.expandtabs(4)).splitlines()]
    lines = [line for line in lines if line.strip()]
    rows: list[str] = []
    walls: set[Edge] = set()
    pending: list[int] = []
    for line in lines:
        if "-" in line and set(line) <= {"-", " "}:
            if not rows or pending:
                raise MapError("a wall line (of '-') must stand between two rows of cells")
            pending = _wall_columns(line, len(rows))
            continue
        row = len(rows)
        cells, separators = line[0::2], line[1::2]
        for position, separator in enumerate(separators):
            if separator not in " |":
                raise MapError(f"cells are separated by a space or '|' (a wall); found "
                               f"{separator!r} after cell {position + 1}", row + 1)
            if separator == "|":
                walls.add(edge((position, row), (position + 1, row)))
        walls.update(edge((c, row - 1), (c, row)) for c in pending)
        pending = []
        rows.append(cells)
    if pending:
        raise MapError("a wall line (of '-') must stand between two rows of cells")
    if not rows:
        raise MapError("the map is empty")
    width = max(len(row) for row in rows)
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        raise MapError(f"the map is {width} × {len(rows)} cells; at most {MAX_SIDE} a side")
    names = Naming(naming, width, len(rows), letters)
    for index, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise MapError(f"{len(row)} cells, the first row has {len(rows[0])}; every row needs "
                           "the same number (use '_' for no cell)", index + 1)
        for column, char in enumerate(row):
            if char in RESERVED or (legend is not None and char != NO_CELL and char not in legend):
                known = ", ".join(repr(c) for c in legend if c != NO_CELL) if legend else ""
                raise MapError(f"unknown character {char!r}" + (f"; the legend has {known} and "
                               "'_' for no cell" if known else ""), index + 1, column + 1,
                               where=_place(names, (column, index)))
    for a, b in sorted(walls):
        if b[0] >= width or b[1] >= len(rows):
            raise MapError("a wall runs off the edge of the map", a[1] + 1, a[0] + 1)
        if rows[a[1]][a[0]] == NO_CELL and rows[b[1]][b[0]] == NO_CELL:
            raise MapError("a wall stands between two places that are no cells", a[1] + 1)
    return Grid(tuple(rows), dict(legend or {}), frozenset(walls), names)


def _place(names: Naming, cell: Cell) -> str:
    """A cell's name and place in the map text, as :meth:`Grid.where` writes it."""
    return f"{names.name(cell)} (map row {cell[1] + 1}, column {cell[0] + 1})"


def _wall_columns(line: str, rows_above: int) -> list[int]:
    columns = []
    for position, char in enumerate(line):
        if char != "-":
            continue
        if position % 2:
            raise MapError(f"wall line below row {rows_above}: put each '-' under a cell, not "
                           f"between two (position {position + 1})")
        columns.append(position // 2)
    return columns
