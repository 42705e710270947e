"""Shortest lines across the river: breadth-first search over the board graph.

A player's shortest line is the fewest tiles in a chain of free cells (cells no obstacle
covers), each joined edge to edge to the next, from the start field to any cell of the far
bank row, both ends counted. The rule figures draw one, and the play analysis
(:mod:`boardgen.games.river_race.analysis`) reports them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Sequence

from boardgen.games.river_race.grid import Grid, Player, RiverModel
from boardgen.games.river_race.setup import Setup

UNREACHED = 0


def tiles_from(grid: Grid, covered: Sequence[int], sources: Sequence[int]) -> list[int]:
    """For every cell, the tiles of the shortest chain of free cells from a source to it, both
    ends counted (1 on a source); :data:`UNREACHED` (0) for covered cells and cells out of reach."""
    tiles = [UNREACHED] * grid.size
    queue: deque[int] = deque()
    for cell in sources:
        if not covered[cell] and tiles[cell] == UNREACHED:
            tiles[cell] = 1
            queue.append(cell)
    while queue:
        cell = queue.popleft()
        further = tiles[cell] + 1
        for other in grid.neighbours(cell):
            if tiles[other] == UNREACHED and not covered[other]:
                tiles[other] = further
                queue.append(other)
    return tiles


def covered_cells(model: RiverModel, setup: Setup | None) -> bytearray:
    """1 for every board cell an obstacle of the setup covers (cells off the board are skipped)."""
    covered = bytearray(model.grid.size)
    for placement in setup.placements if setup is not None else ():
        for name in placement.cells:
            try:
                cell = model.grid.locate(name)
            except ValueError:
                continue
            if cell is not None:
                covered[cell] = 1
    return covered


@dataclass(frozen=True)
class Lines:
    """A player's shortest lines on one board: their length, the cells on them, one of them."""

    tiles: int | None                  # None when the far bank is out of reach
    cells: frozenset[int]              # every cell that lies on some shortest line
    line: tuple[int, ...]              # one shortest line, start field first


def shortest_lines(grid: Grid, covered: Sequence[int], player: Player) -> Lines:
    """The player's shortest lines from the start field to the far bank row.

    A cell lies on a shortest line when the tiles from the start to it and from it to the
    far bank add up to the shortest line's tiles plus one (the cell is counted twice).
    """
    free = bytearray(covered)
    free[player.start] = 0  # covering it breaks a rule the validator reports; lines start there
    to_bank = tiles_from(grid, free, list(grid.row_cells(player.goal_row)))
    tiles = to_bank[player.start] or None
    if tiles is None:
        return Lines(None, frozenset(), ())
    from_start = tiles_from(grid, free, [player.start])
    cells = frozenset(c for c in range(grid.size)
                      if from_start[c] and to_bank[c] and from_start[c] + to_bank[c] == tiles + 1)
    return Lines(tiles, cells, straightest_line(grid, to_bank, player))


def straightest_line(grid: Grid, to_bank: list[int], player: Player) -> tuple[int, ...]:
    """One shortest line: from the start, always a step one tile nearer the far bank, going on
    straight where it can (so the drawn line turns no more than it must), else the first step
    in the order towards the bank, left, right."""
    ahead = grid.columns if player.goal_row > grid.col_row(player.start)[1] else -grid.columns
    line = [player.start]
    step = ahead
    while to_bank[line[-1]] > 1:
        cell = line[-1]
        nearer = [n for n in grid.neighbours(cell) if to_bank[n] == to_bank[cell] - 1]
        order = [step, ahead, -1, 1, -ahead]
        cell_next = next(cell + s for s in order if cell + s in nearer)
        step = cell_next - cell
        line.append(cell_next)
    return tuple(line)
