"""The phase-1 placement rules: checks every obstacle and that no player is walled off.

``validate(model, setup)`` is pure and never raises on an illegal placement: it collects
every problem into a :class:`Report` with the board drawn in ASCII. Reachability is a
flood fill over a flat byte array, one row run at a time, so a 1000×1000 board takes a
fraction of a second.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from boardgen.games.river_race.grid import (CELL_NAME, Grid, PieceKind, Player, RiverModel,
                                            column_name)
from boardgen.games.river_race.setup import Placement, Setup, load_setup
from boardgen.report import Problem, Report

FREE, BLOCKED, REACHED = 0, 1, 2
FREE_RUNS = re.compile(rb"\x00+")
NON_ZERO = re.compile(rb"[^\x00]")
OUT_OF_REACH = bytes(BLOCKED if i == REACHED else FREE for i in range(256))
IS_REACHED = bytes(1 if i == REACHED else 0 for i in range(256))
MAX_LISTED = 12
MAX_ASCII_SIDE = 60

LEGEND = "S start field  R reserve field  {marks}  . free cell"
LEGEND_WALL = "+ reachable from the walled-in start  {walls} the wall around it"
LEGEND_PROBLEM = "! a cell where a rule is broken"


class Placed(NamedTuple):
    """A placement resolved against the board: the cells it covers that lie on the board."""

    placement: Placement
    cells: tuple[int, ...]


def validate_setup(layout, path: str | Path, partial: bool = False) -> Report:
    """Check a setup file against a layout (InputError only if the file is malformed)."""
    return validate(layout.model(), load_setup(layout, path), partial=partial)


def validate(model: RiverModel, setup: Setup, partial: bool = False) -> Report:
    """Every rule of phase 1 checked on a setup; ``partial`` allows pieces still to come."""
    problems: list[Problem] = []
    numbers = {p.number for p in model.players}
    columns = column_lookup(model.grid.columns)
    placed = [_check_piece(model, placement, numbers, columns, problems)
              for placement in setup.placements]
    blocked, owner = _check_overlaps_and_fields(model, placed, problems)
    problems.extend(_check_counts(model, setup.placements, partial))
    walls: dict[int, tuple[bytearray, set[int]]] = {}
    for player in model.players:
        region = reachable(model.grid, blocked, player.start, player.goal_row)
        if region is None:
            continue
        wall = _wall(model.grid, region, blocked, owner, player.goal_row)
        walls[player.number] = (region, wall)
        problems.append(_cut_off(model, player, placed, wall))
    board, legend = ascii_boards(model, placed, problems, walls)
    subject = f"setup {setup.source}" + (" (partial)" if partial else "")
    notes = ("partial setup: missing pieces are allowed, extra pieces are not",) if partial else ()
    return Report(subject, tuple(problems), board, legend, notes)


# ---- single pieces ----------------------------------------------------------


def column_lookup(columns: int) -> dict[str, int]:
    """Column letters (either case) → index, for the columns of a board."""
    lookup = {}
    for index in range(columns):
        name = column_name(index)
        lookup[name] = lookup[name.lower()] = index
    return lookup


def _check_piece(model: RiverModel, placement: Placement, players: set[int],
                 column_of: dict[str, int], problems: list[Problem]) -> Placed:
    """Kind, owner, cells on the board and shape of one piece (the hot loop on big boards)."""
    grid = model.grid
    columns, rows = grid.columns, grid.rows
    on_board: list[int] = []
    off_board: list[str] = []
    cols: list[int] = []
    rows_used: list[int] = []
    for name in placement.cells:
        match = CELL_NAME.fullmatch(name) if isinstance(name, str) else None
        col = column_of.get(match[1], -1) if match else -1
        row = int(match[2]) if match else 0
        if col >= 0 and 1 <= row <= rows:
            on_board.append((row - 1) * columns + col)
            cols.append(col)
            rows_used.append(row)
        else:
            off_board.append(name)
    if placement.player not in players:
        problems.append(Problem("unknown-player", f"{placement.describe()} belongs to player "
                                f"{placement.player}; the players are "
                                f"{' and '.join(str(n) for n in sorted(players))}",
                                placement.cells))
    kind = model.kinds.get(placement.piece)
    if kind is None:
        problems.append(Problem("unknown-piece", f"{placement.describe()}: no such piece; the "
                                f"pieces are {', '.join(model.kinds)}", placement.cells,
                                placement.player))
    if off_board:
        problems.append(Problem(
            "off-board", f"{placement.describe()}: {', '.join(map(str, off_board))} not on the "
            f"board (columns A–{column_name(columns - 1)}, rows 1–{rows})", tuple(off_board),
            placement.player))
    if kind is not None:
        spans = ((max(cols) - min(cols) + 1, max(rows_used) - min(rows_used) + 1)
                 if on_board else (0, 0))
        why = _shape_error(kind, placement.cells, spans, bool(off_board))
        if why:
            problems.append(Problem("wrong-shape", f"{placement.describe()}: {why}; a "
                                    f"{kind.name} covers {kind.shape_words()}", placement.cells,
                                    placement.player))
    return Placed(placement, tuple(on_board) if len(set(on_board)) == len(on_board)
                  else tuple(dict.fromkeys(on_board)))


def _shape_error(kind: PieceKind, names: tuple[str, ...], spans: tuple[int, int],
                 partly_off: bool) -> str:
    """Why the cells are not the piece's rectangle ("" when they are)."""
    if len(set(names)) != len(names):
        return "a cell is listed twice"
    if len(names) != kind.area:
        return f"it lists {len(names)} cell{'s' if len(names) != 1 else ''}"
    if partly_off:
        return ""  # reported already; the shape cannot be judged off the board
    if spans[0] * spans[1] != kind.area or not kind.fits(*spans):
        return "its cells do not form that shape"
    return ""


def _check_overlaps_and_fields(model: RiverModel, placed: list[Placed],
                               problems: list[Problem]) -> tuple[bytearray, dict[int, Placed]]:
    """Mark covered cells (and which piece covers each); report overlaps and covered fields."""
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
    return blocked, owner


# ---- counts -----------------------------------------------------------------


def _check_counts(model: RiverModel, placements: tuple[Placement, ...],
                  partial: bool) -> list[Problem]:
    problems: list[Problem] = []
    kinds = model.kinds
    by_kind: dict[str, int] = {}
    by_owner: dict[tuple[int, str], int] = {}
    for placement in placements:
        kind = kinds.get(placement.piece)
        if kind is not None:
            by_kind[kind.name] = by_kind.get(kind.name, 0) + 1
            key = (placement.player, kind.family)
            by_owner[key] = by_owner.get(key, 0) + 1
    for player in model.players:
        for family, wanted in model.per_player.items():
            count = by_owner.get((player.number, family), 0)
            if count > wanted:
                problems.append(Problem("too-many", f"placed {count} {family} obstacles; each "
                                        f"player places {wanted}", player=player.number))
            elif count < wanted and not partial:
                problems.append(Problem("too-few", f"placed {count} {family} obstacle"
                                        f"{'s' if count != 1 else ''}; each player places "
                                        f"{wanted}", player=player.number))
    for kind in kinds.values():
        count = by_kind.get(kind.name, 0)
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
          stop_row: int | None = None, corners: bool = False) -> bool:
    """Mark every FREE cell joined edge to edge (or also corner to corner) to a seed;
    True as soon as ``stop_row`` is hit.

    Works a whole run of free cells in a row at a time: find its ends, mark it, and push
    the free runs in the rows above and below that touch it.
    """
    width = grid.columns
    fill = bytes([mark]) * width
    stop_first = -1 if stop_row is None else (stop_row - 1) * width
    stack = list(seeds)
    upward = bool(seeds) and stop_first > seeds[0]
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
        if corners:
            left, right = max(left - 1, row_first), min(right + 1, row_end)
        below = FREE_RUNS.finditer(state, left - width, right - width) if row_first else ()
        above = (FREE_RUNS.finditer(state, left + width, right + width)
                 if row_end < len(state) else ())
        for runs in ((below, above) if upward else (above, below)):
            stack.extend(m.start() for m in runs)  # runs towards the goal are taken first
    return False


def _run_start(state: bytearray, row_first: int, cell: int) -> int:
    """First cell of the free run through ``cell`` (runs end at covered cells, never at marked ones)."""
    return max(state.rfind(BLOCKED, row_first, cell) + 1, row_first)


def _run_end(state: bytearray, cell: int, row_end: int) -> int:
    found = state.find(BLOCKED, cell, row_end)
    return row_end if found < 0 else found


def _wall(grid: Grid, region: bytearray, blocked: bytearray, owner: dict[int, Placed],
          goal_row: int) -> set[int]:
    """Numbers of the pieces that wall the region in: pieces next to it that are joined,
    through cells out of reach (corners count), to the far bank. Islands inside are left out.

    Whole-board steps work on the board as one big integer, a byte per cell.
    """
    outside = bytearray(region.translate(OUT_OF_REACH))
    seeds = [c for c in grid.row_cells(goal_row) if outside[c] == FREE]
    flood(grid, outside, seeds, REACHED, corners=True)
    far_side = _as_int(outside.translate(IS_REACHED))
    next_to_region = _neighbours(grid, _as_int(region.translate(IS_REACHED)))
    border = next_to_region & far_side & _as_int(blocked)
    cells = [m.start() for m in NON_ZERO.finditer(border.to_bytes(grid.size, "little"))]
    return {owner[cell].placement.number for cell in cells}


def _as_int(cells: bytes | bytearray) -> int:
    return int.from_bytes(cells, "little")


def _neighbours(grid: Grid, cells: int) -> int:
    """Cells with an edge-neighbour in ``cells`` (a byte of 0 or 1 per cell)."""
    width = grid.columns
    not_first = _as_int((b"\x00" + b"\x01" * (width - 1)) * grid.rows)
    not_last = _as_int((b"\x01" * (width - 1) + b"\x00") * grid.rows)
    row = 8 * width
    return (((cells << 8) & not_first) | ((cells >> 8) & not_last)
            | (cells << row) | (cells >> row))


def _cut_off(model: RiverModel, player: Player, placed: list[Placed], wall: set[int]) -> Problem:
    grid = model.grid
    pieces = [p for p in placed if p.placement.number in wall]
    cells = tuple(grid.name(c) for p in pieces for c in p.cells)
    names = ", ".join(p.placement.describe() for p in pieces[:MAX_LISTED]) or "nothing"
    if len(pieces) > MAX_LISTED:
        names += f" and {len(pieces) - MAX_LISTED} more pieces"
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
    legend = LEGEND.format(marks="  ".join(f"{m} {family} obstacle" for m, family in marks))
    if walls:
        legend += "\n" + LEGEND_WALL.format(walls="/".join(m.upper() for m, _ in marks))
    if "!" in base:
        legend += "\n" + LEGEND_PROBLEM
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
    """Rows from the top, one character per cell, with coordinates all round."""
    names = [column_name(c) for c in range(grid.columns)]
    width = max(len(n) for n in names) + 1
    gap = " " * (width - 1)
    margin = len(str(grid.rows)) + 2
    header = " " * margin + "".join(n.ljust(width) for n in names).rstrip()
    lines = [header]
    for row in range(grid.rows, 0, -1):
        first = (row - 1) * grid.columns
        body = gap.join(cells[first:first + grid.columns])
        lines.append(f"{row:>{margin - 2}}  {body}  {row}")
    lines.append(header)
    return "\n".join(lines)
