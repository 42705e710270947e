"""Where the rule figures happen on the board actually built, and their example setups.

The figures and the rule text share these cells, so a caption naming "the open end at L4"
names the cell the figure shows on a 21 × 21 board and the right cell on any other.
The hazard figures follow the line of the player on the lower bank, running towards
the wider side of the board. The setup examples are made for this board and checked by
the validator: a legal one from the setup generator with a fixed seed, an illegal one
walling that player's start field in with pieces that touch only at their corners.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from boardgen.games.river_race.generator import legal_placements
from boardgen.games.river_race.placing import RiverModel, board_order, validate
from boardgen.geometry.naming import Cell, column_letters
from boardgen.geometry.reach import PieceKind, Placement, Setup

SEEDS = range(1, 21)          # example setups: the first seed the generator succeeds with
Tile = tuple[str, str, int]   # cell, ends such as "NS", player
# Blocks to wall in (columns, rows, shift from centred), best looking first: a 3 × 3 block
# walled by three pieces that meet only at their corners, then the fall-backs.
BLOCKS = [(3, 3, 0), (3, 3, 1), (3, 3, -1), (2, 2, 0), (2, 2, -1), (3, 2, 0), (4, 4, 0),
          (1, 1, 0), (5, 5, 0)]


@dataclass(frozen=True)
class Hazard:
    """One hazard figure: the window it shows, the tiles, the obstacle and the named cells."""

    columns: tuple[int, int]
    rows: tuple[int, int]
    tiles: tuple[Tile, ...]
    obstacle: tuple[str, ...] = ()
    taken_back: tuple[str, ...] = ()
    cells: dict[str, str] | None = None  # names the rule text uses, such as "end" or "reserve"


@dataclass(frozen=True)
class Plan:
    """The anchor of the hazard figures: a player's start column and bank, and a direction."""

    player: int
    other: int
    col: int
    bank: int
    far_bank: int
    step: int  # +1: the figures run to the right of the start, -1: to the left
    columns: int

    def name(self, dcol: int, drow: int) -> str:
        """The cell ``dcol`` columns along (towards ``step``) and ``drow`` rows up."""
        return f"{column_letters(self.col + self.step * dcol)}{self.bank + drow}"

    def ends(self, ends: str) -> str:
        """Tile ends as seen running to the right, turned round when running left."""
        return ends if self.step > 0 else ends.translate(str.maketrans("EW", "WE"))

    def tiles(self, steps: list[tuple[int, int, str]], player: int | None = None) -> tuple:
        return tuple((self.name(dc, dr), self.ends(ends), player or self.player)
                     for dc, dr, ends in steps)

    def span(self, first: int, last: int) -> tuple[int, int]:
        """Board columns of a window from ``first`` to ``last`` steps along, kept on the board."""
        a, b = sorted((self.col + self.step * first, self.col + self.step * last))
        return max(a, 0), min(b, self.columns - 1)


def plan(layout) -> Plan:
    """The lower bank's player, and the side of their start field with more room."""
    model = layout.model()
    low, high = sorted(model.players, key=lambda p: p.bank_row)
    col = low.start[0]
    step = 1 if col <= (model.grid.width - 1) / 2 else -1
    return Plan(low.number, high.number, col, low.bank_row, high.bank_row, step,
                model.grid.width)


APPROACH = [(0, 0, "NS"), (0, 1, "NS"), (0, 2, "SE"), (1, 2, "WN"), (1, 3, "NS")]


def black_hazard(layout) -> Hazard:
    """The line runs into a black obstacle; it starts again on the nearest reserve field."""
    p = plan(layout)
    model = layout.model()
    player = model.player(p.player)
    def distance(cell: Cell) -> tuple[int, bool]:  # nearest first; on a tie, ahead of the line
        offset = cell[0] - p.col
        return abs(offset), offset * p.step < 0

    reserve = min(player.reserves, key=distance)
    reserve_col = reserve[0]
    reach = (reserve_col - p.col) * p.step
    return Hazard(p.span(min(-2, reach - 1), max(4, reach + 1)), (p.bank, p.bank + 5),
                  p.tiles(APPROACH) + ((model.grid.name(reserve), "NS", p.player),),
                  obstacle=(p.name(0, 4), p.name(1, 4), p.name(2, 4)),
                  cells={"end": p.name(1, 3), "reserve": model.grid.name(reserve),
                         "start": p.name(0, 0)})


def green_hazard(layout) -> Hazard:
    """The line runs into a green obstacle; its last tiles, counted back, are taken back."""
    p = plan(layout)
    line = APPROACH + [(1, 4, "NS")]
    back = [p.name(dc, dr) for dc, dr, _ in reversed(line)][:layout.play.take_back_obstacle]
    return Hazard(p.span(-3, 5), (p.bank, p.bank + 6), p.tiles(line),
                  obstacle=(p.name(1, 5), p.name(2, 5), p.name(1, 6), p.name(2, 6)),
                  taken_back=tuple(back), cells={"end": p.name(1, 4), "last": back[-1]})


def collision_hazard(layout) -> Hazard:
    """Both lines point at one free cell in the middle of the river."""
    p = plan(layout)
    middle = (p.bank + p.far_bank) // 2 - p.bank
    col = min(max(p.col, 1), p.columns - 2)
    q = Plan(p.player, p.other, col, p.bank, p.far_bank, p.step, p.columns)
    mine = q.tiles([(-1, middle - 3, "NS"), (-1, middle - 2, "SE"), (0, middle - 2, "WN"),
                    (0, middle - 1, "NS")])
    theirs = q.tiles([(1, middle + 3, "NS"), (1, middle + 2, "NS"), (1, middle + 1, "NW"),
                      (0, middle + 1, "ES")], player=p.other)
    return Hazard(q.span(-4, 5), (p.bank + middle - 3, p.bank + middle + 3), mine + theirs,
                  cells={"meeting": q.name(0, middle)})


def off_board_hazard(layout) -> Hazard:
    """A line running along a row off the nearer side edge of the board."""
    p = plan(layout)
    edge = 0 if p.step > 0 else p.columns - 1
    q = Plan(p.player, p.other, edge, p.bank, p.far_bank, p.step, p.columns)
    steps = [(5, 3, "NS"), (5, 4, "NS"), (5, 5, "SW")] + [(c, 5, "EW") for c in range(4, -1, -1)]
    back = [q.name(dc, dr) for dc, dr, _ in reversed(steps)][:layout.play.take_back_off_board]
    top = min(p.bank + 8, max(p.far_bank, p.bank + 6))
    return Hazard(q.span(0, 9), (p.bank + 3, top), q.tiles(steps), taken_back=tuple(back),
                  cells={"edge": q.name(0, 5), "last": back[-1]})


def whirlpool_hazard(layout) -> Hazard:
    """A line that turns round and points back into its own tile."""
    p = plan(layout)
    steps = [(0, 2, "NS"), (0, 3, "NS"), (0, 4, "SE"), (1, 4, "WN"), (1, 5, "SW"), (0, 5, "ES")]
    return Hazard(p.span(-4, 4), (p.bank + 2, p.bank + 7), p.tiles(steps),
                  cells={"end": p.name(0, 5), "hit": p.name(0, 4)})


# ---- example setups ------------------------------------------------------------------


def legal_example(layout) -> Setup | None:
    """A complete legal setup for this board, from the first seed the generator succeeds with."""
    model = layout.model()
    for seed in SEEDS:
        setup = legal_placements(model, random.Random(seed))
        if setup is not None and validate(model, setup).ok:
            return Setup(setup.placements, source="legal example")
    return None


def illegal_example(layout) -> Setup | None:
    """A setup in which one player's start field is walled in, or None if the pieces cannot."""
    model = layout.model()
    player = model.player(plan(layout).player)
    for width, height, shift in BLOCKS:
        found = enclosure(model, player.start, width, height, shift)
        if found is None:
            continue
        wall, inside = found
        setup = _complete(model, wall, player.number, inside)
        report = validate(model, setup)
        if any(p.code == "cut-off" and p.player == player.number for p in report.problems):
            return setup
    return None


def enclosure(model: RiverModel, start: Cell, width: int, height: int,
              shift: int = 0) -> tuple[list[tuple[PieceKind, tuple[Cell, ...]]], set[Cell]] | None:
    """Pieces covering every cell next to a width × height block on the start's bank, never
    covering the block itself or a field (the wall runs around the block corner to corner),
    and the cells of the block."""
    grid = model.grid
    col, bank = start[0], model.row_number(start)
    up = 1 if bank < grid.height / 2 else -1
    first = min(max(col - (width - 1) // 2 + shift, 0), grid.width - width)
    inside = {model.cell(c, bank + up * r) for c in range(first, first + width)
              for r in range(height) if 1 <= bank + up * r <= grid.height}
    if len(inside) != width * height:
        return None
    ring = sorted({n for cell in inside for n in grid.neighbours(cell)} - inside, key=board_order)
    fields = set(model.fields())
    if fields & set(ring):
        return None
    stock = {kind.name: kind.in_box for kind in model.kinds.values()}
    stock.update({family: each * len(model.players) for family, each in model.per_player.items()})
    wall = _cover(model, ring, inside | fields, set(), stock, [])
    return None if wall is None else (wall, inside)


def _cover(model: RiverModel, ring: list[Cell], forbidden: set[Cell], covered: set[Cell],
           stock: dict[str, int], chosen: list) -> list | None:
    """Backtracking: the first uncovered ring cell, tried with every piece that can cover it."""
    todo = [cell for cell in ring if cell not in covered]
    if not todo:
        return list(chosen)
    if len(chosen) >= 12:
        return None
    open_ring = set(todo)
    candidates = [(kind, cells) for kind, cells in _placements_over(model, todo[0])
                  if stock[kind.name] > 0 and stock[kind.family] > 0
                  and not forbidden & cells and not covered & cells]
    candidates.sort(key=lambda found: -len(found[1] & open_ring))  # fewest pieces first
    for kind, cells in candidates:
        stock[kind.name] -= 1
        stock[kind.family] -= 1
        chosen.append((kind, tuple(sorted(cells, key=board_order))))
        found = _cover(model, ring, forbidden, covered | cells, stock, chosen)
        chosen.pop()
        stock[kind.name] += 1
        stock[kind.family] += 1
        if found is not None:
            return found
    return None


def _placements_over(model: RiverModel, cell: Cell) -> Iterator[tuple[PieceKind, set[Cell]]]:
    """Every kind, either way round, in every position that covers ``cell``; longest first."""
    col, row = cell[0], model.row_number(cell)
    for kind in sorted(model.kinds.values(), key=lambda k: (-max(k.width, k.height), k.area)):
        for width, height in dict.fromkeys(((kind.width, kind.height), (kind.height, kind.width))):
            for dc in range(width):
                for dr in range(height):
                    c0, r0 = col - dc, row - dr
                    if model.contains(c0, r0) and model.contains(c0 + width - 1, r0 + height - 1):
                        yield kind, {model.cell(c0 + i, r0 + j)
                                     for i in range(width) for j in range(height)}


def _complete(model: RiverModel, wall: list, walled: int, inside: set[Cell]) -> Setup:
    """The wall, owned by the opponent first, and the rest of the pieces placed elsewhere,
    clear of the walled-in block and of the cells next to the wall, so the wall stands out."""
    grid = model.grid
    players = [p.number for p in model.players if p.number != walled] + [walled]
    left = {(p, f): n for p in players for f, n in model.per_player.items()}
    placements: list[Placement] = []
    for kind, cells in wall:
        owner = next((p for p in players if left[(p, kind.family)] > 0), walled)
        left[(owner, kind.family)] = left.get((owner, kind.family), 0) - 1
        placements.append(Placement(len(placements) + 1, kind.name,
                                    tuple(grid.name(c) for c in cells), owner))
    for seed in SEEDS:
        rest = legal_placements(model, random.Random(seed), fixed=placements,
                                hands={k: v for k, v in left.items() if v > 0},
                                keep_open=[p for p in players if p != walled],
                                avoid=inside | _around(model, wall))
        if rest is not None:
            return Setup(rest.placements, source="illegal example")
    return Setup(tuple(placements), source="illegal example")


def _around(model: RiverModel, wall: list) -> set[Cell]:
    """The cells next to the wall's pieces, corners included."""
    grid = model.grid
    found = set()
    for _, cells in wall:
        for col, row in cells:
            found.update((col + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                         if grid.inside((col + dc, row + dr)))
    return found
