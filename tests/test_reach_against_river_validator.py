"""The generic check of obstacles on a grid (boardgen/geometry/reach.py) gives the river
race's validator's answers, word for word, on random setups: legal ones, walled-in starts,
and every kind of broken rule."""

from __future__ import annotations

import random

import pytest

from boardgen.games.river_race.grid import Grid, PieceKind, Player, RiverModel, column_name
from boardgen.games.river_race.setup import Placement as RiverPlacement, Setup as RiverSetup
from boardgen.games.river_race.validator import validate
from boardgen.geometry import reach
from boardgen.geometry.cells import rectangle

KINDS = {
    "black-1x3": PieceKind("black-1x3", "black", 1, 3, 6, "b"),
    "green-1x2": PieceKind("green-1x2", "green", 1, 2, 2, "g"),
    "green-2x2": PieceKind("green-2x2", "green", 2, 2, 2, "g"),
}


def river_board(rng: random.Random) -> RiverModel:
    """A board of 5 to 70 columns (past Z, past what is drawn) with fields on two banks."""
    columns, rows = rng.choice([(5, 5), (9, 12), (21, 21), (30, 14), (14, 30), (70, 9)])
    grid = Grid(columns, rows)
    banks = sorted(rng.sample(range(1, rows + 1), 2))
    players = []
    for number, (bank, goal) in enumerate([(banks[0], banks[1]), (banks[1], banks[0])], start=1):
        cols = rng.sample(range(columns), 3)
        players.append(Player(number, f"Player {number}", grid.index(cols[0], bank),
                              tuple(grid.index(c, bank) for c in cols[1:]), bank, goal))
    return RiverModel(grid, tuple(players), KINDS, {"black": 3, "green": 2})


def random_pieces(model: RiverModel, rng: random.Random) -> RiverSetup:
    """Pieces laid at random, most of them right, some wrong in every way there is."""
    grid = model.grid
    placements = []
    for number in range(1, rng.randint(0, 30) + 1):
        kind = rng.choice([*KINDS, *KINDS, *KINDS, "red-1x1"])
        width, height = (KINDS[kind].width, KINDS[kind].height) if kind in KINDS else (1, 1)
        if rng.random() < 0.5:
            width, height = height, width
        col, row = rng.randrange(-1, grid.columns), rng.randrange(0, grid.rows + 1)
        cells = [f"{column_name(col + dc) if col + dc >= 0 else '?'}{row + dr}"
                 for dr in range(height) for dc in range(width)]
        flaw = rng.random()
        if flaw < 0.05:
            cells = cells[:-1]
        elif flaw < 0.08 and cells:
            cells[-1] = cells[0]
        elif flaw < 0.1:
            cells.append(f"{column_name(rng.randrange(grid.columns))}{rng.randint(1, grid.rows)}")
        player = rng.choice([1, 1, 2, 2, 3])
        placements.append(RiverPlacement(number, kind, tuple(cells), player))
    return RiverSetup(tuple(placements), source="random")


def walled_in(model: RiverModel, rng: random.Random) -> RiverSetup:
    """A ring of pieces round a player's start field (cut short by the board's edges), a
    wall across the river now and then, and random pieces besides."""
    grid = model.grid
    player = rng.choice(model.players)
    col, row = grid.col_row(player.start)
    top = row + rng.choice([1, 2])
    pieces = [("black-1x3", [(col + d, top) for d in (-1, 0, 1)]),
              ("black-1x3", [(col + d, row - 1) for d in (-1, 0, 1)]),
              ("green-1x2", [(col - 1, r) for r in range(row, top)]),
              ("green-1x2", [(col + 1, r) for r in range(row, top)])]
    if rng.random() < 0.3:
        across = rng.randint(1, grid.rows)
        pieces += [("black-1x3", [(c, across) for c in range(c0, min(c0 + 3, grid.columns))])
                   for c0 in range(0, grid.columns, 3)]
    placements = [RiverPlacement(n, kind, tuple(f"{column_name(c)}{r}" for c, r in cells
                                                if grid.contains(c, r)), rng.choice([1, 2]))
                  for n, (kind, cells) in enumerate(pieces, start=1)]
    extra = random_pieces(model, rng).placements[:rng.randint(0, 6)]
    placements += [RiverPlacement(len(placements) + k, p.piece, p.cells, p.player)
                   for k, p in enumerate(extra, start=1)]
    return RiverSetup(tuple(placements), source="walled")


def generic_rules(model: RiverModel) -> reach.PlacingRules:
    """The river's board, players and pieces said in the generic check's terms."""
    grid = model.grid
    shared = rectangle(grid.columns, grid.rows, "spreadsheet")

    def cell(index: int) -> tuple[int, int]:
        col, row = grid.col_row(index)
        return col, grid.rows - row

    runners = tuple(reach.Runner(p.number, (cell(p.start),),
                                 tuple((c, grid.rows - p.goal_row) for c in range(grid.columns)),
                                 f"the far bank (row {p.goal_row})",
                                 f"the start field {grid.name(p.start)}")
                    for p in model.players)
    fields = tuple(f for p in model.players
                   for f in (reach.Field(cell(p.start), p.number, "start"),
                             *(reach.Field(cell(r), p.number, "reserve") for r in p.reserves)))
    kinds = {name: reach.PieceKind(k.name, k.family, k.width, k.height, k.in_box, k.mark)
             for name, k in model.kinds.items()}
    return reach.PlacingRules(shared, runners, kinds, dict(model.per_player), fields)


def generic_setup(setup: RiverSetup) -> reach.Setup:
    return reach.Setup(tuple(reach.Placement(p.number, p.piece, p.cells, p.player, p.line)
                             for p in setup.placements), setup.source)


@pytest.mark.parametrize("seed", range(120))
def test_the_generic_check_gives_the_river_validators_answers(seed):
    rng = random.Random(seed)
    model = river_board(rng)
    setup = walled_in(model, rng) if seed % 3 == 0 else random_pieces(model, rng)
    partial = rng.random() < 0.5
    old = validate(model, setup, partial=partial)
    new = reach.check_placements(generic_rules(model), generic_setup(setup), partial=partial)
    assert [(p.code, p.message, p.cells, p.player) for p in new.problems] == \
        [(p.code, p.message, p.cells, p.player) for p in old.problems]
    assert str(new) == str(old)


def test_the_random_setups_reach_every_verdict():
    codes = set()
    for seed in range(120):
        rng = random.Random(seed)
        model = river_board(rng)
        setup = walled_in(model, rng) if seed % 3 == 0 else random_pieces(model, rng)
        codes |= set(validate(model, setup, partial=rng.random() < 0.5).codes())
    assert codes >= {"cut-off", "off-board", "wrong-shape", "overlap", "covers-start",
                     "covers-reserve", "unknown-piece", "unknown-player", "too-few",
                     "too-many", "not-in-box"}
