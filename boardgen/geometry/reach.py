"""Who can still get through: obstacles on a grid, checked against the rules of placing them
and against every player's way from a start to a goal.

Two checks, both pure, both never raising on a blocked board (raising is for malformed input):

- ``check_reachability(grid, obstacles, runners)``: for every runner (a player with start
  cells and goal cells) it floods the free cells from the starts, and for each one that
  cannot reach a goal it reports who is cut off, from where and which obstacles form the
  wall, with the board drawn in ASCII;
- ``check_placements(rules, setup)``: a setup of obstacle pieces (kinds of rectangles, laid
  either way round) checked piece by piece (its kind, owner, cells and shape), against the
  fields no piece may cover, against each other (overlaps) and against the counts each
  player places and the box holds, and then for reachability as above; every problem is
  collected into one :class:`~boardgen.report.Report`.

The flood works on a flat byte array, one run of free cells in a row at a time, so a board
of a million cells takes a fraction of a second; walls between cells and diagonal steps take
the slower cell-by-cell way. Whole-board steps of the wall search work on the board as one
big integer, a byte per cell.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable, Mapping, Sequence

from boardgen.geometry.cells import STEPS, Adjacency, Grid, offset
from boardgen.geometry.naming import LETTER_NAME, Cell
from boardgen.report import Problem, Report

FREE, BLOCKED, REACHED = 0, 1, 2
FREE_RUNS = re.compile(rb"\x00+")
NON_ZERO = re.compile(rb"[^\x00]")
OUT_OF_REACH = bytes(BLOCKED if i == REACHED else FREE for i in range(256))
IS_REACHED = bytes(1 if i == REACHED else 0 for i in range(256))
MAX_LISTED = 12
MAX_ASCII_SIDE = 60

LEGEND_WALL = "+ reachable from the walled-in start  {walls} the wall around it"
LEGEND_PROBLEM = "! a cell where a rule is broken"
PARTIAL_NOTE = "partial setup: missing pieces are allowed, extra pieces are not"


# ---- what is on the board ---------------------------------------------------------------


@dataclass(frozen=True)
class Obstacle:
    """Something that covers cells: a label for messages and the mark it gets on the board."""

    label: str
    cells: tuple[Cell, ...]
    mark: str = "x"


@dataclass(frozen=True)
class Runner:
    """A player who must get from one of ``starts`` to one of ``goals``; ``goal_name`` and
    ``start_name`` say them in messages ("the far bank (row 21)", "the start field K1")."""

    number: int
    starts: tuple[Cell, ...]
    goals: tuple[Cell, ...]
    goal_name: str = "the goal"
    start_name: str = ""


@dataclass(frozen=True)
class Field:
    """A cell no obstacle may cover: ``what`` it is ("start", "reserve") and whose."""

    cell: Cell
    owner: int
    what: str

    @property
    def mark(self) -> str:
        return self.what[:1].upper()


@dataclass(frozen=True)
class PieceKind:
    """A kind of obstacle piece such as black-1x3: a rectangle of cells, laid either way round,
    of a family (its colour) whose pieces each player places so many of."""

    name: str
    family: str
    width: int
    height: int
    in_box: int
    mark: str  # its letter on ASCII boards

    @property
    def area(self) -> int:
        return self.width * self.height

    def shape_words(self) -> str:
        if min(self.width, self.height) == 1:
            return f"{self.area} cells in a straight line, along a row or a column"
        if self.width == self.height:
            return f"a {self.width}×{self.height} square of cells"
        return f"a {self.width}×{self.height} block of cells, either way round"

    def fits(self, span_cols: int, span_rows: int) -> bool:
        return (span_cols, span_rows) in ((self.width, self.height), (self.height, self.width))


@dataclass(frozen=True)
class Placement:
    """One obstacle as a setup gives it: which piece, the cells it covers (by name), whose it
    is, and where the setup file says so."""

    number: int  # its place in the setup, from 1
    piece: str
    cells: tuple[str, ...]
    player: int
    line: int | None = None

    def describe(self) -> str:
        return f"#{self.number} {self.piece} [{' '.join(self.cells)}]"


@dataclass(frozen=True)
class Setup:
    """The obstacles of a setup, in the order they were placed."""

    placements: tuple[Placement, ...]
    source: str = "setup"


@dataclass(frozen=True)
class PlacingRules:
    """What a setup must obey: the grid, the runners who must get through, the kinds of piece
    (by name), how many of each family every runner places, and the fields left free."""

    grid: Grid
    runners: tuple[Runner, ...]
    kinds: Mapping[str, PieceKind]
    per_player: Mapping[str, int]
    fields: tuple[Field, ...] = ()
    adjacency: Adjacency = "orthogonal"

    def runner(self, number: int) -> Runner | None:
        return next((r for r in self.runners if r.number == number), None)


# ---- the flood ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reach:
    """Where a runner can get to: ``ok`` when a goal is reached; else ``marks`` holds the board
    flooded (REACHED on every cell reached), and ``region`` those cells."""

    ok: bool
    marks: bytes = b""
    width: int = 1

    @cached_property
    def region(self) -> frozenset[Cell]:
        return frozenset(divmod(m.start(), self.width)[::-1]
                         for m in re.finditer(rb"\x02", self.marks))


class Board:
    """A grid as a flat array (a byte per cell, row by row from the top), with its obstacles."""

    def __init__(self, grid: Grid, covered: Iterable[Cell] = ()):
        self.grid = grid
        self.width = grid.width
        self.holes = any("_" in row for row in grid.rows)
        if self.holes:
            state = bytearray(BLOCKED if ch == "_" else FREE for row in grid.rows for ch in row)
        else:
            state = bytearray(grid.width * grid.height)
        self.covered = bytearray(len(state))
        for column, row in covered:
            if grid.inside((column, row)):
                state[row * self.width + column] = self.covered[row * self.width + column] = BLOCKED
        self.state = state

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        row, column = divmod(index, self.width)
        return column, row

    def reach(self, starts: Sequence[Cell], goals: Sequence[Cell],
              adjacency: Adjacency = "orthogonal", state: bytearray | None = None) -> Reach:
        """Whether a goal can be reached from a start through free cells; the starts count as
        free (covering one is a problem of its own). ``state``: the board's cells as given
        (FREE or BLOCKED), instead of its own obstacles."""
        state = bytearray(self.state if state is None else state)
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
        return Reach(True) if hit else Reach(False, bytes(state), self.width)

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
    free runs in the rows above and below that touch it, those towards the goals last so
    they are taken first.
    """
    fill = bytes([mark]) * width
    stack = list(seeds)
    first_goal = goal_mask.find(1) if goal_mask is not None else -1
    upward = bool(seeds) and 0 <= first_goal < seeds[0]
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
        above = (FREE_RUNS.finditer(state, left - width, right - width) if row_first else ())
        below = (FREE_RUNS.finditer(state, left + width, right + width)
                 if row_end < len(state) else ())
        for runs in ((below, above) if upward else (above, below)):
            stack.extend(m.start() for m in runs)
    return False


def wall_of(board: Board, reach: Reach, goals: Sequence[Cell],
            owners: Callable[[int], int | None]) -> set[int]:
    """Which obstacles wall the region of ``reach`` in: those next to it that are joined,
    through cells out of its reach (corners count), to a goal. Islands inside the region are
    left out. ``owners`` gives the obstacle (a number of the caller's) covering a cell index."""
    grid = board.grid
    size = len(board.state)
    outside = bytearray(reach.marks.translate(OUT_OF_REACH))
    if board.holes:  # no cell: no way round through it
        for index, (state, covered) in enumerate(zip(board.state, board.covered)):
            if state and not covered:
                outside[index] = BLOCKED
    seeds = [board.index(c) for c in goals if grid.inside(c) and outside[board.index(c)] == FREE]
    run_flood(outside, board.width, seeds, corners=True)
    far_side = _as_int(outside.translate(IS_REACHED))
    next_to_region = _neighbours(board, _as_int(reach.marks.translate(IS_REACHED)))
    border = next_to_region & far_side & _as_int(board.covered)
    cells = (m.start() for m in NON_ZERO.finditer(border.to_bytes(size, "little")))
    return {k for k in map(owners, cells) if k is not None}


def _as_int(cells: bytes | bytearray) -> int:
    return int.from_bytes(cells, "little")


def _neighbours(board: Board, cells: int) -> int:
    """Cells with an edge-neighbour in ``cells`` (a byte of 0 or 1 per cell)."""
    width, rows = board.width, board.grid.height
    not_first = _as_int((b"\x00" + b"\x01" * (width - 1)) * rows)
    not_last = _as_int((b"\x01" * (width - 1) + b"\x00") * rows)
    row = 8 * width
    return (((cells << 8) & not_first) | ((cells >> 8) & not_last)
            | (cells << row) | (cells >> row))


# ---- obstacles that are simply there ------------------------------------------------------------


def check_reachability(grid: Grid, obstacles: Sequence[Obstacle], runners: Sequence[Runner],
                       adjacency: Adjacency = "orthogonal", subject: str = "setup") -> Report:
    """A report on every runner that cannot reach its goals past the obstacles."""
    board = Board(grid, (c for obstacle in obstacles for c in obstacle.cells))
    owner = _owners(board, [o.cells for o in obstacles])
    problems: list[Problem] = []
    walls: list[tuple[Runner, Reach, set[int]]] = []
    for runner in runners:
        reach = board.reach(runner.starts, runner.goals, adjacency)
        if reach.ok:
            continue
        wall = wall_of(board, reach, runner.goals, owner.get)
        problems.append(cut_off(grid, runner, [o for k, o in enumerate(obstacles) if k in wall]))
        walls.append((runner, reach, wall))
    base: dict[Cell, str] = {}
    for obstacle in obstacles:
        base.update((c, obstacle.mark) for c in obstacle.cells if grid.inside(c))
    for runner in runners:
        base.update((c, "S") for c in runner.starts if grid.inside(c))
    boards = [_walled_board(grid, base, reach, [o.cells for k, o in enumerate(obstacles)
                                                 if k in wall], runner)
              for runner, reach, wall in walls]
    legend = ""
    if walls:
        marks = sorted({o.mark for o in obstacles})
        legend = LEGEND_WALL.format(walls="/".join(m.upper() for m in marks))
    return Report(subject, tuple(problems), "\n\n".join(boards), legend)


def cells_named(grid: Grid, words: Iterable[str]) -> tuple[Cell, ...]:
    """The cells a list names, each word a kind of the grid's cells (every cell of it) or the
    name of one cell; ValueError names a word that is neither."""
    found: dict[Cell, None] = {}
    kinds = set(grid.kinds)
    for word in words:
        if word in kinds:
            found.update(dict.fromkeys(sorted(grid.of_kind(word), key=lambda c: (c[1], c[0]))))
            continue
        try:
            cell = grid.cell(word)
        except ValueError:
            cell = None
        if cell is None:
            raise ValueError(f"{word!r} is neither a kind of cell of the board "
                             f"({', '.join(sorted(kinds))}) nor one of its cells "
                             f"({grid.naming.span()})")
        found[cell] = None
    return tuple(found)


def obstacles_of(grid: Grid, kinds: Iterable[str], cells: Iterable[Cell] = ()) -> list[Obstacle]:
    """The obstacles of a grid whose cells of ``kinds`` block the way (each group of them
    joined edge to edge is one obstacle, named by its kind and cells and marked on the ASCII
    board by its map character), then the single ``cells`` that block it, one by one."""
    blocked = {c for kind in kinds for c in grid.of_kind(kind)}
    found: list[Obstacle] = []
    for first in sorted(blocked, key=lambda c: (c[1], c[0])):
        if first not in blocked:
            continue
        group, todo = [], [first]
        blocked.discard(first)
        while todo:
            cell = todo.pop()
            group.append(cell)
            for other in grid.neighbours(cell):
                if other in blocked and grid.kind(other) == grid.kind(first):
                    blocked.discard(other)
                    todo.append(other)
        group.sort(key=lambda c: (c[1], c[0]))
        label = f"{grid.kind(first)} on {' '.join(grid.name(c) for c in group[:6])}" + \
            (" ..." if len(group) > 6 else "")
        mark = grid.char(first) if grid.char(first).isalpha() else "x"
        found.append(Obstacle(label, tuple(group), mark.lower()))
    taken = {c for obstacle in found for c in obstacle.cells}
    found += [Obstacle(grid.name(c), (c,)) for c in dict.fromkeys(cells) if c not in taken]
    return found


def cut_off(grid: Grid, runner: Runner, wall: Sequence[Obstacle]) -> Problem:
    """The problem of one runner that is cut off: from where, and by what."""
    names = ", ".join(o.label for o in wall[:MAX_LISTED]) or "nothing"
    if len(wall) > MAX_LISTED:
        names += f" and {len(wall) - MAX_LISTED} more pieces"
    cells = tuple(grid.name(c) for o in wall for c in o.cells if grid.inside(c))
    return Problem("cut-off", f"cannot reach {runner.goal_name} from {start_words(grid, runner)}; "
                   f"walled in by {names}", cells, runner.number)


def start_words(grid: Grid, runner: Runner) -> str:
    return runner.start_name or " ".join(grid.name(c) for c in runner.starts)


def _owners(board: Board, pieces: Sequence[Iterable[Cell]]) -> dict[int, int]:
    """Cell index → the first piece (by its place in ``pieces``) that covers it."""
    found: dict[int, int] = {}
    for k, cells in enumerate(pieces):
        for cell in cells:
            if board.grid.inside(cell):
                found.setdefault(board.index(cell), k)
    return found


# ---- a setup of pieces, checked against the rules of placing them ------------------------------


@dataclass
class _Placed:
    """A placement resolved against the board: the cells it covers that lie on it (and their
    places in the board's flat array)."""

    placement: Placement
    cells: tuple[Cell, ...]
    indices: tuple[int, ...]
    kind: PieceKind | None = None


@dataclass
class _Check:
    """One run of :func:`check_placements`: the rules, the board and what was found."""

    rules: PlacingRules
    problems: list[Problem] = field(default_factory=list)

    @cached_property
    def locate(self) -> Callable[[object], Cell | None]:
        return cell_finder(self.rules.grid)


def check_placements(rules: PlacingRules, setup: Setup, partial: bool = False) -> Report:
    """Every rule of placing obstacles checked on a setup; ``partial`` allows pieces still to
    come (but never more than a player places or the box holds)."""
    check = _Check(rules)
    numbers = {r.number for r in rules.runners}
    placed = [_check_piece(check, placement, numbers) for placement in setup.placements]
    board = Board(rules.grid)
    owner = _cover(check, board, placed)
    check.problems.extend(_check_counts(rules, setup.placements, partial))
    walls: list[tuple[Runner, Reach, set[int]]] = []
    for runner in rules.runners:
        reach = board.reach(runner.starts, runner.goals, rules.adjacency)
        if reach.ok:
            continue
        numbers_in_wall = {placed[k].placement.number
                           for k in wall_of(board, reach, runner.goals, owner.get)}
        wall = {k for k, piece in enumerate(placed) if piece.placement.number in numbers_in_wall}
        walls.append((runner, reach, wall))
        check.problems.append(cut_off(rules.grid, runner, [
            Obstacle(placed[k].placement.describe(), placed[k].cells) for k in sorted(wall)]))
    drawing, legend = _setup_boards(check, placed, walls)
    subject = f"setup {setup.source}" + (" (partial)" if partial else "")
    return Report(subject, tuple(check.problems), drawing, legend,
                  (PARTIAL_NOTE,) if partial else ())


def cell_finder(grid: Grid) -> Callable[[object], Cell | None]:
    """A quick ``name → cell`` for the grid (None: not a cell of it, or no cell name at all);
    letters are read in capitals or in small letters."""
    naming = grid.naming
    if naming.scheme == "numbered":
        def numbered(name: object) -> Cell | None:
            try:
                return grid.cell(name) if isinstance(name, str) else None
            except ValueError:
                return None
        return numbered
    columns: dict[str, int] = {}
    for column in range(grid.width):
        label = naming.column_label(column)
        columns[label.upper()] = columns[label.lower()] = column
    rows, exists, holes = grid.height, grid.exists, any("_" in row for row in grid.rows)
    match_name = LETTER_NAME.fullmatch

    def lettered(name: object) -> Cell | None:
        match = match_name(name) if isinstance(name, str) else None
        if match is None:
            return None
        column = columns.get(match[1])
        row = rows - int(match[2])
        if column is None or row < 0 or (holes and not exists((column, row))):
            return None
        return column, row
    return lettered


def _check_piece(check: _Check, placement: Placement, players: set[int]) -> _Placed:
    """Kind, owner, cells on the board and shape of one piece (the hot loop on big boards)."""
    rules, problems, locate = check.rules, check.problems, check.locate
    width = rules.grid.width
    cells: list[Cell] = []
    indices: list[int] = []
    off_board: list[str] = []
    for name in placement.cells:
        cell = locate(name)
        if cell is None:
            off_board.append(name)
        else:
            cells.append(cell)
            indices.append(cell[1] * width + cell[0])
    if placement.player not in players:
        problems.append(Problem("unknown-player", f"{placement.describe()} belongs to player "
                                f"{placement.player}; the players are "
                                f"{' and '.join(str(n) for n in sorted(players))}",
                                placement.cells))
    kind = rules.kinds.get(placement.piece)
    if kind is None:
        problems.append(Problem("unknown-piece", f"{placement.describe()}: no such piece; the "
                                f"pieces are {', '.join(rules.kinds)}", placement.cells,
                                placement.player))
    if off_board:
        problems.append(Problem(
            "off-board", f"{placement.describe()}: {', '.join(map(str, off_board))} not on the "
            f"board ({_extent(rules.grid)})", tuple(off_board), placement.player))
    if kind is not None:
        why = _shape_error(kind, placement.cells, cells, bool(off_board))
        if why:
            problems.append(Problem("wrong-shape", f"{placement.describe()}: {why}; a "
                                    f"{kind.name} covers {kind.shape_words()}", placement.cells,
                                    placement.player))
    if len(set(indices)) != len(indices):
        cells = list(dict.fromkeys(cells))
        indices = list(dict.fromkeys(indices))
    return _Placed(placement, tuple(cells), tuple(indices), kind)


def _extent(grid: Grid) -> str:
    """The board's columns and rows, for messages: "columns A–U, rows 1–21"."""
    naming = grid.naming
    if naming.scheme == "numbered":
        return f"cells {naming.span()}"
    return (f"columns {naming.column_label(0)}–{naming.column_label(grid.width - 1)}, rows "
            f"{naming.row_label(grid.height - 1)}–{naming.row_label(0)}")


def _shape_error(kind: PieceKind, names: tuple[str, ...], cells: list[Cell],
                 partly_off: bool) -> str:
    """Why the cells are not the piece's rectangle ("" when they are)."""
    if len(set(names)) != len(names):
        return "a cell is listed twice"
    if len(names) != kind.area:
        return f"it lists {len(names)} cell{'s' if len(names) != 1 else ''}"
    if partly_off:
        return ""  # reported already; the shape cannot be judged off the board
    columns = [c for c, _ in cells]
    rows = [r for _, r in cells]
    across, down = max(columns) - min(columns) + 1, max(rows) - min(rows) + 1
    if across * down != kind.area or not kind.fits(across, down):
        return "its cells do not form that shape"
    return ""


def _cover(check: _Check, board: Board, placed: list[_Placed]) -> dict[int, int]:
    """Lay the pieces on the board; report overlaps and pieces covering a field. Returns which
    piece (by its place in ``placed``) covers each covered cell: the first one laid there."""
    grid, problems = check.rules.grid, check.problems
    state, covered = board.state, board.covered
    owner: dict[int, int] = {}
    overlaps: dict[tuple[int, int], list[int]] = {}
    fields = {board.index(f.cell): f for f in check.rules.fields}
    for k, piece in enumerate(placed):
        for index in piece.indices:
            if covered[index]:
                overlaps.setdefault((placed[owner[index]].placement.number,
                                     piece.placement.number), []).append(index)
            else:
                state[index] = covered[index] = BLOCKED
                owner[index] = k
            if index in fields:
                owned = fields[index]
                problems.append(Problem(
                    f"covers-{owned.what}", f"{piece.placement.describe()} covers "
                    f"{grid.name(owned.cell)}, player {owned.owner}'s {owned.what} field",
                    (grid.name(owned.cell),), piece.placement.player))
    by_number = {piece.placement.number: piece.placement for piece in placed}
    for (earlier, later), indices in overlaps.items():
        names = tuple(grid.name(board.cell(i)) for i in indices)
        problems.append(Problem(
            "overlap", f"{by_number[later].describe()} overlaps {by_number[earlier].describe()} "
            f"on {' '.join(names)}", names, by_number[later].player))
    return owner


def _check_counts(rules: PlacingRules, placements: Sequence[Placement],
                  partial: bool) -> list[Problem]:
    """Each player's pieces of each family, and each kind against what the box holds."""
    problems: list[Problem] = []
    by_kind: dict[str, int] = {}
    by_owner: dict[tuple[int, str], int] = {}
    for placement in placements:
        kind = rules.kinds.get(placement.piece)
        if kind is not None:
            by_kind[kind.name] = by_kind.get(kind.name, 0) + 1
            key = (placement.player, kind.family)
            by_owner[key] = by_owner.get(key, 0) + 1
    for runner in rules.runners:
        for family, wanted in rules.per_player.items():
            count = by_owner.get((runner.number, family), 0)
            if count > wanted:
                problems.append(Problem("too-many", f"placed {count} {family} obstacles; each "
                                        f"player places {wanted}", player=runner.number))
            elif count < wanted and not partial:
                problems.append(Problem("too-few", f"placed {count} {family} obstacle"
                                        f"{'s' if count != 1 else ''}; each player places "
                                        f"{wanted}", player=runner.number))
    for kind in rules.kinds.values():
        count = by_kind.get(kind.name, 0)
        if count > kind.in_box:
            problems.append(Problem("not-in-box", f"{count} {kind.name} pieces placed; the game "
                                    f"has {kind.in_box}"))
    return problems


# ---- the ASCII board ------------------------------------------------------------------------


def _setup_boards(check: _Check, placed: list[_Placed],
                  walls: list[tuple[Runner, Reach, set[int]]]) -> tuple[str, str]:
    """The board (one per walled-in runner) with fields, pieces, problems and regions marked,
    and the legend of its marks."""
    rules = check.rules
    grid = rules.grid
    if max(grid.width, grid.height) > MAX_ASCII_SIDE:
        return f"(a {grid.width}×{grid.height} board is too large to draw here)", ""
    base: dict[Cell, str] = {c: "." for c in grid.cells}
    for owned in rules.fields:
        base[owned.cell] = owned.mark
    for piece in placed:
        mark = piece.kind.mark if piece.kind else "?"
        base.update((c, mark) for c in piece.cells)
    for problem in check.problems:
        if problem.code != "cut-off":
            base.update((c, "!") for c in map(check.locate, problem.cells) if c is not None)
    kinds = sorted({(k.mark, k.family) for k in rules.kinds.values()})
    fields = dict.fromkeys((f.mark, f.what) for f in rules.fields)
    legend = "  ".join([*(f"{m} {what} field" for m, what in fields),
                        *(f"{m} {family} obstacle" for m, family in kinds), ". free cell"])
    if walls:
        legend += "\n" + LEGEND_WALL.format(walls="/".join(m.upper() for m, _ in kinds))
    if "!" in base.values():
        legend += "\n" + LEGEND_PROBLEM
    if not walls:
        return grid.ascii(base), legend
    boards = [_walled_board(grid, base, reach, [placed[k].cells for k in sorted(wall)], runner)
              for runner, reach, wall in walls]
    return "\n\n".join(boards), legend


def _walled_board(grid: Grid, base: Mapping[Cell, str], reach: Reach,
                  wall: Sequence[Sequence[Cell]], runner: Runner) -> str:
    """One runner's board: the region it reaches as ``+``, the wall around it in capitals."""
    if max(grid.width, grid.height) > MAX_ASCII_SIDE:
        return f"(a {grid.width}×{grid.height} board is too large to draw here)"
    marks = dict(base)
    for cell in reach.region:
        if marks.get(cell, ".") == ".":
            marks[cell] = "+"
    for cells in wall:
        for cell in cells:
            if marks.get(cell) != "!":
                marks[cell] = marks.get(cell, "x").upper()
    starts = " ".join(grid.name(c) for c in runner.starts)
    return f"player {runner.number}, from {starts}:\n" + grid.ascii(marks)
