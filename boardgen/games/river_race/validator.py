"""The phase-1 placement rules: checks every obstacle and that no player is walled off.

``validate(model, setup)`` is pure and never raises on an illegal placement: it collects
every problem into a :class:`Report` with the board drawn in ASCII. Reachability is a
flood fill over a flat byte array, one row run at a time, so a 1000×1000 board takes a
fraction of a second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from boardgen.games.river_race.grid import Grid, Player, RiverModel, column_name, parse_cell
from boardgen.games.river_race.setup import Placement, Setup, load_setup
from boardgen.report import Problem, Report

FREE, BLOCKED, REACHED, FAR_SIDE = 0, 1, 2, 3
FREE_RUNS = re.compile(rb"\x00+")
MAX_ASCII_SIDE = 60

LEGEND = ("S start field  R reserve field  {marks}  . free cell\n"
          "+ reachable from a walled-in start  {walls} the wall around it  ! a broken rule")


@dataclass(frozen=True)
class Placed:
    """A placement resolved against the board: the cells it covers that lie on the board."""

    placement: Placement
    cells: tuple[int, ...]


def validate_setup(layout, path: str | Path, partial: bool = False) -> Report:
    """Check a setup file against a layout (InputError only if the file is malformed)."""
    return validate(layout.model(), load_setup(layout, path), partial=partial)


def validate(model: RiverModel, setup: Setup, partial: bool = False) -> Report:
    """Every rule of phase 1 checked on a setup; ``partial`` allows pieces still to come."""
    problems: list[Problem] = []
    placed = [_check_piece(model, placement, problems) for placement in setup.placements]
    blocked = _check_overlaps_and_fields(model, placed, problems)
    problems.extend(_check_counts(model, setup.placements, partial))
    walls: dict[int, tuple[bytearray, set[int]]] = {}
    for player in model.players:
        region = reachable(model.grid, blocked, player.start, player.goal_row)
        if region is None:
            continue
        wall = _wall(model.grid, region, placed, player.goal_row)
        walls[player.number] = (region, wall)
        problems.append(_cut_off(model, player, placed, wall))
    board, legend = ascii_boards(model, placed, problems, walls)
    subject = f"setup {setup.source}" + (" (partial)" if partial else "")
    notes = ("partial setup: missing pieces are allowed, extra pieces are not",) if partial else ()
    return Report(subject, tuple(problems), board, legend, notes)


# ---- single pieces ----------------------------------------------------------


def _check_piece(model: RiverModel, placement: Placement, problems: list[Problem]) -> Placed:
    grid = model.grid
    label = placement.describe()
    on_board: list[int] = []
    off_board: list[str] = []
    coordinates: list[tuple[int, int]] = []
    for name in placement.cells:
        try:
            col, row = parse_cell(name)
        except ValueError:
            off_board.append(name)
            continue
        if grid.contains(col, row):
            on_board.append(grid.index(col, row))
            coordinates.append((col, row))
        else:
            off_board.append(name)
    if model.player(placement.player) is None:
        numbers = " and ".join(str(p.number) for p in model.players)
        problems.append(Problem("unknown-player", f"{label} belongs to player {placement.player}; "
                                f"the players are {numbers}", placement.cells))
    kind = model.kinds.get(placement.piece)
    if kind is None:
        problems.append(Problem("unknown-piece", f"{label}: no such piece; the pieces are "
                                f"{', '.join(model.kinds)}", placement.cells, placement.player))
    if off_board:
        problems.append(Problem(
            "off-board", f"{label}: {', '.join(off_board)} not on the board (columns "
            f"A–{column_name(grid.columns - 1)}, rows 1–{grid.rows})", tuple(off_board),
            placement.player))
    if kind is not None:
        shape_error = _shape_error(kind.area, kind.fits, placement.cells, coordinates, off_board)
        if shape_error:
            problems.append(Problem("wrong-shape", f"{label}: {shape_error}; a {kind.name} "
                                    f"covers {kind.shape_words()}", placement.cells,
                                    placement.player))
    return Placed(placement, tuple(dict.fromkeys(on_board)))


def _shape_error(area: int, fits, names: tuple[str, ...], coordinates: list[tuple[int, int]],
                 off_board: list[str]) -> str:
    """Why the cells are not the piece's rectangle ("" when they are)."""
    if len(set(names)) != len(names):
        return "a cell is listed twice"
    if len(names) != area:
        return f"it lists {len(names)} cell{'s' if len(names) != 1 else ''}"
    if off_board:
        return ""  # already reported; the shape cannot be judged off the board
    cols = [c for c, _ in coordinates]
    rows = [r for _, r in coordinates]
    span_cols, span_rows = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
    if span_cols * span_rows != area or not fits(span_cols, span_rows):
        return "its cells do not form that shape"
    return ""


def _check_overlaps_and_fields(model: RiverModel, placed: list[Placed],
                               problems: list[Problem]) -> bytearray:
    """Mark covered cells; report overlaps and covered start or reserve fields."""
    grid = model.grid
    blocked = bytearray(grid.size)
    owner: dict[int, Placed] = {}
    overlaps: dict[tuple[int, int], list[int]] = {}
    fields = model.fields()
    for piece in placed:
        for cell in piece.cells:
            if blocked[cell]:
                first = owner[cell].placement.number
                overlaps.setdefault((first, piece.placement.number), []).append(cell)
            else:
                blocked[cell] = BLOCKED
                owner[cell] = piece
            if cell in fields:
                number, what = fields[cell]
                label = piece.placement.describe()
                problems.append(Problem(
                    f"covers-{what}", f"{label} covers {grid.name(cell)}, player {number}'s "
                    f"{what} field", (grid.name(cell),), piece.placement.player))
    by_number = {piece.placement.number: piece.placement for piece in placed}
    for (first, second), cells in overlaps.items():
        names = tuple(grid.name(c) for c in cells)
        problems.append(Problem(
            "overlap", f"{by_number[second].describe()} overlaps {by_number[first].describe()} "
            f"on {' '.join(names)}", names, by_number[second].player))
    return blocked


# ---- counts -----------------------------------------------------------------


def _check_counts(model: RiverModel, placements: tuple[Placement, ...],
                  partial: bool) -> list[Problem]:
    problems: list[Problem] = []
    kinds = model.kinds
    for player in model.players:
        for family, wanted in model.per_player.items():
            count = sum(1 for p in placements if p.player == player.number
                        and p.piece in kinds and kinds[p.piece].family == family)
            if count > wanted:
                problems.append(Problem("too-many", f"placed {count} {family} obstacles; each "
                                        f"player places {wanted}", player=player.number))
            elif count < wanted and not partial:
                problems.append(Problem("too-few", f"placed {count} {family} obstacle"
                                        f"{'s' if count != 1 else ''}; each player places "
                                        f"{wanted}", player=player.number))
    for kind in kinds.values():
        count = sum(1 for p in placements if p.piece == kind.name)
        if count > kind.in_box:
            problems.append(Problem("not-in-box", f"{count} {kind.name} pieces placed; the game "
                                    f"has {kind.in_box}"))
    return problems


# ---- reachability -----------------------------------------------------------


def reachable(grid: Grid, blocked: bytearray, start: int, goal_row: int) -> bytearray | None:
    """None if the goal row can be reached from ``start``; else the board with the cells that
    can be reached marked REACHED. The start counts as free (covering it is its own problem)."""
    state = bytearray(blocked)
    state[start] = FREE
    if flood(grid, state, [start], REACHED, stop_row=goal_row):
        return None
    return state


def flood(grid: Grid, state: bytearray, seeds: list[int], mark: int,
          stop_row: int | None = None) -> bool:
    """Mark every FREE cell joined edge to edge to a seed; True as soon as ``stop_row`` is hit.

    Works a whole run of free cells in a row at a time: find its ends, mark it, and push
    the free runs in the rows above and below that touch it.
    """
    width = grid.columns
    fill = bytes([mark]) * width
    stop_first = -1 if stop_row is None else (stop_row - 1) * width
    stack = list(seeds)
    while stack:
        cell = stack.pop()
        if state[cell] != FREE:
            continue
        row_first = cell - cell % width
        if row_first == stop_first:
            return True
        row_end = row_first + width
        left = _run_start(state, row_first, cell)
        right = _run_end(state, cell, row_end)
        state[left:right] = fill[:right - left]
        if row_first >= width:
            stack.extend(m.start() for m in FREE_RUNS.finditer(state, left - width, right - width))
        if row_end < len(state):
            stack.extend(m.start() for m in FREE_RUNS.finditer(state, left + width, right + width))
    return False


def _run_start(state: bytearray, row_first: int, cell: int) -> int:
    """First cell of the free run through ``cell`` (runs end at covered cells, never at marked ones)."""
    return max(state.rfind(BLOCKED, row_first, cell) + 1, row_first)


def _run_end(state: bytearray, cell: int, row_end: int) -> int:
    found = state.find(BLOCKED, cell, row_end)
    return row_end if found < 0 else found


def _wall(grid: Grid, region: bytearray, placed: list[Placed], goal_row: int) -> set[int]:
    """Numbers of the pieces that wall the region in: pieces next to it whose group of
    touching pieces (corners count) also borders the far side. Islands inside are left out."""
    far = bytearray(region)
    seeds = [c for c in grid.row_cells(goal_row) if far[c] == FREE]
    flood(grid, far, seeds, FAR_SIDE)
    groups = _touching_groups(grid, placed)
    near_region = {p.placement.number for p in placed if _borders(grid, p.cells, region, REACHED)}
    near_far = {groups[p.placement.number] for p in placed if _borders(grid, p.cells, far, FAR_SIDE)}
    wall = {n for n in near_region if groups[n] in near_far}
    return wall or near_region


def _borders(grid: Grid, cells: tuple[int, ...], state: bytearray, mark: int) -> bool:
    width = grid.columns
    size = len(state)
    for cell in cells:
        col = cell % width
        if ((cell >= width and state[cell - width] == mark)
                or (cell + width < size and state[cell + width] == mark)
                or (col > 0 and state[cell - 1] == mark)
                or (col < width - 1 and state[cell + 1] == mark)):
            return True
    return False


def _touching_groups(grid: Grid, placed: list[Placed]) -> dict[int, int]:
    """Piece number → a group id; pieces touching at an edge or a corner share a group."""
    parent = {p.placement.number: p.placement.number for p in placed}

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    owner: dict[tuple[int, int], int] = {}
    for piece in placed:
        for cell in piece.cells:
            owner.setdefault(grid.col_row(cell), piece.placement.number)
    for piece in placed:
        number = piece.placement.number
        for cell in piece.cells:
            col, row = grid.col_row(cell)
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    other = owner.get((col + dc, row + dr))
                    if other is not None:
                        parent[root(other)] = root(number)
    return {n: root(n) for n in parent}


def _cut_off(model: RiverModel, player: Player, placed: list[Placed], wall: set[int]) -> Problem:
    grid = model.grid
    pieces = [p for p in placed if p.placement.number in wall]
    cells = tuple(grid.name(c) for p in pieces for c in p.cells)
    names = ", ".join(p.placement.describe() for p in pieces) or "nothing"
    return Problem("cut-off", f"cannot reach the far bank (row {player.goal_row}) from the "
                   f"start field {grid.name(player.start)}; walled in by {names}",
                   cells, player.number)


# ---- the ASCII board ----------------------------------------------------------


def ascii_boards(model: RiverModel, placed: list[Placed], problems: list[Problem],
                 walls: dict[int, tuple[bytearray, set[int]]]) -> tuple[str, str]:
    """The board (one per walled-in player) with pieces, problems and regions marked."""
    grid = model.grid
    if max(grid.columns, grid.rows) > MAX_ASCII_SIDE:
        return f"(a {grid.columns}×{grid.rows} board is too large to draw here)", ""
    base = _base_marks(model, placed, problems)
    marks = sorted({(k.mark, k.family) for k in model.kinds.values()})
    legend = LEGEND.format(
        marks="  ".join(f"{m} {family} obstacle" for m, family in marks),
        walls="/".join(m.upper() for m, _ in marks))
    if not walls:
        return _draw(grid, base), legend
    boards = []
    for number, (region, wall) in walls.items():
        cells = list(base)
        for index, value in enumerate(region):
            if value == REACHED and cells[index] == ".":
                cells[index] = "+"
        for piece in placed:
            if piece.placement.number in wall:
                for cell in piece.cells:
                    if cells[cell] != "!":
                        cells[cell] = cells[cell].upper()
        player = model.player(number)
        boards.append(f"player {number}, from {grid.name(player.start)}:\n" + _draw(grid, cells))
    return "\n\n".join(boards), legend


def _base_marks(model: RiverModel, placed: list[Placed], problems: list[Problem]) -> list[str]:
    grid = model.grid
    cells = ["."] * grid.size
    for player in model.players:
        cells[player.start] = "S"
        for reserve in player.reserves:
            cells[reserve] = "R"
    for piece in placed:
        kind = model.kinds.get(piece.placement.piece)
        for cell in piece.cells:
            cells[cell] = kind.mark if kind else "?"
    for problem in problems:
        if problem.code == "cut-off":
            continue
        for name in problem.cells:
            try:
                index = grid.locate(name)
            except ValueError:
                continue
            if index is not None:
                cells[index] = "!"
    return cells


def _draw(grid: Grid, cells: list[str]) -> str:
    names = [column_name(c) for c in range(grid.columns)]
    width = max(len(n) for n in names) + 1
    margin = len(str(grid.rows)) + 2
    header = " " * margin + "".join(n.ljust(width) for n in names).rstrip()
    lines = [header]
    for row in range(grid.rows, 0, -1):
        first = (row - 1) * grid.columns
        body = "".join(cells[first + c].ljust(width) for c in range(grid.columns))
        lines.append(f"{row:>{margin - 2}}  {body.rstrip()}  {row}")
    lines.append(header)
    return "\n".join(lines)
