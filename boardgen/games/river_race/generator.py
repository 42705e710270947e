"""Random legal setups: the pieces dealt from the box and placed one by one, players alternating."""

from __future__ import annotations

import random

from boardgen.errors import InputError
from boardgen.games.river_race.grid import PieceKind, RiverModel
from boardgen.games.river_race.setup import Placement, Setup, setup_toml
from boardgen.games.river_race.validator import BLOCKED, reachable, validate

ATTEMPTS = 50
TRIES_PER_PIECE = 400


def random_setup(layout, seed: int) -> str:
    """A legal complete setup as TOML text; the same seed gives the same text."""
    model = layout.model()
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        setup = _attempt(model, rng)
        if setup is not None and validate(model, setup).ok:
            header = (f"# {layout.title}: a random legal obstacle setup (seed {seed}).\n"
                      f"# Check it: boardgen validate {layout.name} --setup FILE")
            return setup_toml(setup, header)
    raise InputError(f"found no legal setup in {ATTEMPTS} attempts; the board may be too small "
                     "for its obstacles", source=layout.name, key="obstacles")


def deal(model: RiverModel, rng: random.Random) -> list[tuple[int, PieceKind]]:
    """(player, kind) in placing order: each family's box shuffled and dealt out, turn by turn."""
    hands: dict[int, list[PieceKind]] = {p.number: [] for p in model.players}
    for family, each in model.per_player.items():
        box = [kind for kind in model.kinds.values() if kind.family == family
               for _ in range(kind.in_box)]
        rng.shuffle(box)
        for player in model.players:
            hands[player.number].extend(box[:each])
            del box[:each]
    order = []
    for turn in range(max(len(hand) for hand in hands.values())):
        for player in model.players:
            if turn < len(hands[player.number]):
                order.append((player.number, hands[player.number][turn]))
    return order


def _attempt(model: RiverModel, rng: random.Random) -> Setup | None:
    grid = model.grid
    blocked = bytearray(grid.size)
    for cell in model.fields():
        blocked[cell] = BLOCKED  # never covered; cleared again before the reachability checks
    fields = list(model.fields())
    covered = bytearray(grid.size)
    placements = []
    for number, (player, kind) in enumerate(deal(model, rng), start=1):
        cells = _place(model, kind, blocked, covered, fields, rng)
        if cells is None:
            return None
        for cell in cells:
            blocked[cell] = covered[cell] = BLOCKED
        placements.append(Placement(number, kind.name, tuple(grid.name(c) for c in cells), player))
    return Setup(tuple(placements), source="random")


def _place(model: RiverModel, kind: PieceKind, blocked: bytearray, covered: bytearray,
           fields: list[int], rng: random.Random) -> list[int] | None:
    grid = model.grid
    for _ in range(TRIES_PER_PIECE):
        width, height = (kind.width, kind.height) if rng.random() < 0.5 else (kind.height,
                                                                               kind.width)
        col = rng.randrange(grid.columns - width + 1)
        row = rng.randrange(1, grid.rows - height + 2)
        cells = [grid.index(col + dc, row + dr) for dr in range(height) for dc in range(width)]
        if any(blocked[c] for c in cells):
            continue
        trial = bytearray(covered)
        for cell in cells:
            trial[cell] = BLOCKED
        if all(reachable(grid, trial, p.start, p.goal_row) is None for p in model.players):
            return cells
    return None
