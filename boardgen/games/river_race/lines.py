"""Shortest lines across the river: breadth-first search over the shared grid.

A player's shortest line is the fewest tiles in a chain of free cells (cells no obstacle
covers), each joined edge to edge to the next, from the start field to any cell of the far
bank row, both ends counted. The rule figures draw one, and the play analysis
(:mod:`boardgen.games.river_race.analysis`) reports them.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.games.river_race.placing import Player, RiverModel
from boardgen.geometry.naming import Cell
from boardgen.geometry.reach import Setup

UNREACHED = 0


def tiles_from(model: RiverModel, free: frozenset[Cell], sources: list[Cell]) -> dict[Cell, int]:
    """For every free cell reached, the tiles of the shortest chain of free cells from a source
    to it, both ends counted (1 on a source); covered cells and cells out of reach are left out."""
    steps = model.grid.distances([c for c in sources if c in free], passable=free)
    return {cell: count + 1 for cell, count in steps.items()}


def covered_cells(model: RiverModel, setup: Setup | None) -> frozenset[Cell]:
    """Every board cell an obstacle of the setup covers (cells off the board are skipped)."""
    covered = set()
    for placement in setup.placements if setup is not None else ():
        for name in placement.cells:
            try:
                cell = model.grid.cell(name)
            except ValueError:
                continue
            if cell is not None:
                covered.add(cell)
    return frozenset(covered)


@dataclass(frozen=True)
class Lines:
    """A player's shortest lines on one board: their length, the cells on them, one of them."""

    tiles: int | None                  # None when the far bank is out of reach
    cells: frozenset[Cell]             # every cell that lies on some shortest line
    line: tuple[Cell, ...]             # one shortest line, start field first


def shortest_lines(model: RiverModel, covered: frozenset[Cell], player: Player) -> Lines:
    """The player's shortest lines from the start field to the far bank row.

    A cell lies on a shortest line when the tiles from the start to it and from it to the
    far bank add up to the shortest line's tiles plus one (the cell is counted twice).
    """
    # covering the start breaks a rule the validator reports; lines start there all the same
    free = frozenset(model.grid.cells) - (covered - {player.start})
    to_bank = tiles_from(model, free, model.row_cells(player.goal_row))
    tiles = to_bank.get(player.start)
    if tiles is None:
        return Lines(None, frozenset(), ())
    from_start = tiles_from(model, free, [player.start])
    cells = frozenset(c for c, n in from_start.items()
                      if c in to_bank and n + to_bank[c] == tiles + 1)
    return Lines(tiles, cells, straightest_line(model, to_bank, player))


def straightest_line(model: RiverModel, to_bank: dict[Cell, int],
                     player: Player) -> tuple[Cell, ...]:
    """One shortest line: from the start, always a step one tile nearer the far bank, going on
    straight where it can (so the drawn line turns no more than it must), else the first step
    in the order towards the bank, left, right."""
    ahead = (0, -1) if player.goal_row > player.bank_row else (0, 1)
    back = (0, -ahead[1])
    line = [player.start]
    step = ahead
    while to_bank[line[-1]] > 1:
        x, y = line[-1]
        nearer = {n for n in model.grid.neighbours((x, y)) if to_bank.get(n) == to_bank[(x, y)] - 1}
        step = next(s for s in (step, ahead, (-1, 0), (1, 0), back)
                    if (x + s[0], y + s[1]) in nearer)
        line.append((x + step[0], y + step[1]))
    return tuple(line)
