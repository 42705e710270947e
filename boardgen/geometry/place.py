"""Where cells and spaces go on paper: boxes in millimetres, and the seams a tiled board may
be cut along.

A :class:`GridPlacement` puts a grid's cells on the page (cell size and the top-left
corner of the grid); every board of cells measures with it, so the board, its board.json
and its rule figures agree to the hundredth of a millimetre. Seams run along cell edges;
those that would cut through something kept whole (a start field, a title) are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from boardgen.geometry.naming import Cell

Box = tuple[float, float, float, float]  # x, y, w, h in mm


@dataclass(frozen=True)
class GridPlacement:
    """Cells of ``cell_mm`` with the top-left corner of cell (0, 0) at (x0, y0) mm."""

    cell_mm: float
    x0: float = 0.0
    y0: float = 0.0

    def origin(self, cell: Cell) -> tuple[float, float]:
        """The top-left corner of a cell."""
        return self.x0 + cell[0] * self.cell_mm, self.y0 + cell[1] * self.cell_mm

    def box(self, cell: Cell) -> Box:
        x, y = self.origin(cell)
        return (x, y, self.cell_mm, self.cell_mm)

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self.origin(cell)
        return x + self.cell_mm / 2, y + self.cell_mm / 2

    def bounds(self, cells: Iterable[Cell]) -> Box:
        """The box round a set of cells."""
        cells = list(cells)
        columns = [c for c, _ in cells]
        rows = [r for _, r in cells]
        x, y = self.origin((min(columns), min(rows)))
        return (x, y, (max(columns) - min(columns) + 1) * self.cell_mm,
                (max(rows) - min(rows) + 1) * self.cell_mm)

    def size(self, columns: int, rows: int) -> tuple[float, float]:
        return columns * self.cell_mm, rows * self.cell_mm

    def edges_x(self, columns: int) -> tuple[float, ...]:
        """The x of every vertical cell edge, left to right."""
        return tuple(round(self.x0 + i * self.cell_mm, 6) for i in range(columns + 1))

    def edges_y(self, rows: int) -> tuple[float, ...]:
        return tuple(round(self.y0 + j * self.cell_mm, 6) for j in range(rows + 1))

    def seams(self, columns: int, rows: int, keep_whole: Iterable[Box] = ()
              ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Cell edges (x, then y) that cross none of the boxes in ``keep_whole``."""
        boxes = list(keep_whole)
        return (free_lines(self.edges_x(columns), boxes, 0),
                free_lines(self.edges_y(rows), boxes, 1))


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (boxes that only touch do not)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def free_lines(lines: Iterable[float], boxes: Iterable[Box], axis: int,
               clearance: float = 0.0) -> tuple[float, ...]:
    """The lines (x for ``axis`` 0, y for 1) that pass through none of the boxes, at least
    ``clearance`` mm from each."""
    boxes = list(boxes)
    return tuple(v for v in lines
                 if not any(b[axis] - clearance + 1e-6 < v < b[axis] + b[axis + 2] + clearance - 1e-6
                            for b in boxes))


def grid_lines(length: float, step: float) -> list[float]:
    """Lines every ``step`` mm across a length, none nearer than ``step`` to either end: the
    candidates for seams through artwork that has no cells (bends, a spiral's centre)."""
    count = int(length // step)
    return [k * step for k in range(1, count) if k * step < length - step]
