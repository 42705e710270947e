"""Who can still get through: reachability on a grid with obstacles.

``check_reachability(grid, obstacles, runners)`` is pure and never raises on a blocked
board: for every runner (a player with start cells and goal cells) it floods the free
cells from the starts, and for each one that cannot reach a goal it reports who is cut
off, from where, which obstacles form the wall, with the board drawn in ASCII.

The flood works on a flat byte array, one run of free cells in a row at a time, so a board
of a million cells takes a fraction of a second; walls between cells and diagonal steps
take the slower cell-by-cell way.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Sequence

from boardgen.geometry.cells import ORTHOGONAL, STEPS, Adjacency, Grid, offset
from boardgen.geometry.naming import Cell
from boardgen.report import Problem, Report

FREE, BLOCKED, REACHED = 0, 1, 2
FREE_RUNS = re.compile(rb"\x00+")
MAX_LISTED = 12
MAX_ASCII_SIDE = 60


@dataclass(frozen=True)
class Obstacle:
    """Something that covers cells: a label for messages and the mark it gets on the board."""

    label: str
    cells: tuple[Cell, ...]
    mark: str = "x"


@dataclass(frozen=True)
class Runner:
    """A player who must get from one of ``starts`` to one of ``goals``."""

    number: int
    starts: tuple[Cell, ...]
    goals: tuple[Cell, ...]
    goal_name: str = "the goal"


@dataclass(frozen=True)
class Reach:
    """Where a runner can get to: ``ok`` when a goal is reached; else every cell reached."""

    ok: bool
    region: frozenset[Cell] = frozenset()


class Board:
    """A grid as a flat array (a byte per cell, row by row from the top), with its obstacles."""

    def __init__(self, grid: Grid, covered: Iterable[Cell] = ()):
        self.grid = grid
        self.width = grid.width
        state = bytearray(BLOCKED if ch == "_" else FREE for row in grid.rows for ch in row)
        for column, row in covered:
            if grid.inside((column, row)):
                state[row * self.width + column] = BLOCKED
        self.state = state

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        row, column = divmod(index, self.width)
        return column, row

    def reach(self, starts: Sequence[Cell], goals: Sequence[Cell],
              adjacency: Adjacency = "orthogonal") -> Reach:
        """Whether a goal can be reached from a start through free cells; the starts count as
        free (covering one is a problem of its own)."""
        state = bytearray(self.state)
        seeds = [self.index(c) for c in starts if self.grid.inside(c)]
        for seed in seeds:
            state[seed] = FREE
        goal_mask = bytearray(len(state))
        for cell in goals:
            if self.grid.inside(cell):
                goal_mask[self.index(cell)] = 1
        if adjacency == "orthogonal" and not self.grid.walls:
            hit = run_flood(state, self.width, seeds, goal_mask)
        else:
            hit = self._step_flood(state, seeds, goal_mask, adjacency)
        if hit:
            return Reach(True)
        return Reach(False, frozenset(self.cell(i) for i in range(len(state))
                                      if state[i] == REACHED))

    def _step_flood(self, state: bytearray, seeds: list[int], goal_mask: bytearray,
                    adjacency: Adjacency) -> bool:
        grid, queue = self.grid, deque()
        for seed in seeds:
            if state[seed] == FREE:
                state[seed] = REACHED
                queue.append(seed)
        while queue:
            index = queue.popleft()
            if goal_mask[index]:
                return True
            here = self.cell(index)
            for step in STEPS[adjacency]:
                there = offset(here, step)
                if not grid.inside(there):
                    continue
                other = self.index(there)
                if state[other] == FREE and grid.open(here, there):
                    state[other] = REACHED
                    queue.append(other)
        return False


def run_flood(state: bytearray, width: int, seeds: list[int], goal_mask: bytearray | None = None,
              corners: bool = False, mark: int = REACHED) -> bool:
    """Mark every FREE cell joined edge to edge (or also corner to corner) to a seed; True as
    soon as a run holds a goal cell.

    Works a whole run of free cells in a row at a time: find its ends, mark it, and push the
    free runs in the rows above and below that touch it.
    """
    fill = bytes([mark]) * width
    stack = list(seeds)
    while stack:
        index = stack.pop()
        if state[index] != FREE:
            continue
        row_first = index - index % width
        row_end = row_first + width
        left = max(state.rfind(BLOCKED, row_first, index) + 1, row_first)
        right = state.find(BLOCKED, index, row_end)
        right = row_end if right < 0 else right
        # a run stops at covered cells only; cells marked by an earlier run lie in it too
        if goal_mask is not None and goal_mask.find(1, left, right) >= 0:
            return True
        state[left:right] = fill[:right - left]
        if corners:
            left, right = max(left - 1, row_first), min(right + 1, row_end)
        if row_first:
            stack.extend(m.start() for m in FREE_RUNS.finditer(state, left - width, right - width))
        if row_end < len(state):
            stack.extend(m.start() for m in FREE_RUNS.finditer(state, left + width, right + width))
    return False


def wall_of(board: Board, region: frozenset[Cell], goals: Sequence[Cell],
            obstacles: Sequence[Obstacle]) -> list[int]:
    """Which obstacles wall ``region`` in: those next to it that are joined, through cells
    out of its reach (corners count), to a goal. Islands inside the region are left out."""
    grid = board.grid
    outside = bytearray(FREE if grid.inside(board.cell(i)) else BLOCKED
                        for i in range(len(board.state)))
    for cell in region:
        outside[board.index(cell)] = BLOCKED
    seeds = [board.index(c) for c in goals if grid.inside(c) and c not in region]
    run_flood(outside, board.width, seeds, corners=True)
    far_side = {board.cell(i) for i, v in enumerate(outside) if v == REACHED}
    next_to_region = {offset(c, s) for c in region for s in ORTHOGONAL}
    return [k for k, obstacle in enumerate(obstacles)
            if any(c in far_side and c in next_to_region for c in obstacle.cells)]


def check_reachability(grid: Grid, obstacles: Sequence[Obstacle], runners: Sequence[Runner],
                       adjacency: Adjacency = "orthogonal", subject: str = "setup") -> Report:
    """A report on every runner that cannot reach its goals past the obstacles."""
    board = Board(grid, (c for obstacle in obstacles for c in obstacle.cells))
    problems: list[Problem] = []
    boards: list[str] = []
    for runner in runners:
        reach = board.reach(runner.starts, runner.goals, adjacency)
        if reach.ok:
            continue
        wall = wall_of(board, reach.region, runner.goals, obstacles)
        problems.append(cut_off(grid, runner, [obstacles[k] for k in wall]))
        boards.append(_drawn(grid, obstacles, wall, reach.region, runner))
    legend = ""
    if boards:
        marks = sorted({o.mark for o in obstacles})
        legend = (f"+ reachable from the start  {'/'.join(m.upper() for m in marks)} the "
                  f"obstacles walling it in  {'/'.join(marks)} other obstacles")
    return Report(subject, tuple(problems), "\n\n".join(boards), legend)


def cut_off(grid: Grid, runner: Runner, wall: Sequence[Obstacle]) -> Problem:
    """The problem of one runner that is cut off: from where, and by what."""
    names = ", ".join(o.label for o in wall[:MAX_LISTED]) or "nothing"
    if len(wall) > MAX_LISTED:
        names += f" and {len(wall) - MAX_LISTED} more"
    starts = " ".join(grid.name(c) for c in runner.starts)
    cells = tuple(grid.name(c) for o in wall for c in o.cells if grid.inside(c))
    return Problem("cut-off", f"cannot reach {runner.goal_name} from {starts}; walled in by "
                   f"{names}", cells, runner.number)


def _drawn(grid: Grid, obstacles: Sequence[Obstacle], wall: list[int], region: frozenset[Cell],
           runner: Runner) -> str:
    if max(grid.width, grid.height) > MAX_ASCII_SIDE:
        return f"(a {grid.width}×{grid.height} board is too large to draw here)"
    marks: dict[Cell, str] = {c: "+" for c in region}
    for k, obstacle in enumerate(obstacles):
        for cell in obstacle.cells:
            marks[cell] = obstacle.mark.upper() if k in wall else obstacle.mark
    for cell in runner.starts:
        marks[cell] = "S"
    starts = " ".join(grid.name(c) for c in runner.starts)
    return f"player {runner.number}, from {starts}:\n" + grid.ascii(marks)
