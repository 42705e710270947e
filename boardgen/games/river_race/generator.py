"""Random legal setups: the pieces dealt from the box and placed one by one, players alternating.

A fair setup (``--fair``) is the first of a seed's random legal setups whose players' shortest
lines differ by at most one tile; when the seed's plain setup is fair already, it is that one.
"""

from __future__ import annotations

import random
from typing import Iterable, Iterator, Mapping, Sequence

from boardgen.errors import InputError
from boardgen.games.river_race.placing import RiverModel, validate
from boardgen.games.river_race.setup import setup_toml
from boardgen.geometry.naming import Cell
from boardgen.geometry.reach import BLOCKED, Board, PieceKind, Placement, Setup

ATTEMPTS = 50
FAIR_ATTEMPTS = 400  # on the shipped board about 99 in 100 random setups are fair
TRIES_PER_PIECE = 400


def random_setup(layout, seed: int) -> str:
    """A legal complete setup as TOML text; the same seed gives the same text."""
    model = layout.model()
    setup = next(legal_setups(model, random.Random(seed), ATTEMPTS), None)
    if setup is None:
        raise InputError(f"found no legal setup in {ATTEMPTS} attempts; the board may be too "
                         "small for its obstacles", source=layout.name, key="obstacles")
    header = (f"# {layout.title}: a random legal obstacle setup (seed {seed}).\n"
              f"# Check it: boardgen validate {layout.name} --setup FILE")
    return setup_toml(setup, header)


def fair_setup(layout, seed: int) -> str:
    """A legal complete setup whose players' shortest lines differ by at most one tile, as TOML
    text; the same seed gives the same text. Bad input when none turns up in
    :data:`FAIR_ATTEMPTS` attempts."""
    from boardgen.games.river_race.analysis import FAIR_GAP, difference, shortest_tiles

    model = layout.model()
    legal = 0
    widest = 0
    for setup in legal_setups(model, random.Random(seed), FAIR_ATTEMPTS):
        tiles = shortest_tiles(model, setup)
        gap = difference(tiles)
        if gap is not None and gap <= FAIR_GAP:
            header = (f"# {layout.title}: a random legal obstacle setup (seed {seed}), fair: "
                      f"the shortest lines are {' and '.join(map(str, tiles))} tiles.\n"
                      f"# Check it: boardgen analyse {layout.name} --setup FILE")
            return setup_toml(setup, header)
        legal += 1
        widest = max(widest, gap or 0)
    found = (f"{legal} legal ones had lines {widest} tiles apart at most" if legal
             else "none was legal; the board may be too small for its obstacles")
    raise InputError(f"found no fair setup (shortest lines at most {FAIR_GAP} tile apart) in "
                     f"{FAIR_ATTEMPTS} attempts: {found}", source=layout.name, key="obstacles")


def legal_setups(model: RiverModel, rng: random.Random, attempts: int) -> Iterator[Setup]:
    """The legal complete setups among ``attempts`` random ones, in the order ``rng`` makes them."""
    for _ in range(attempts):
        setup = legal_placements(model, rng)
        if setup is not None and validate(model, setup).ok:
            yield setup


def deal(model: RiverModel, rng: random.Random,
         hands: Mapping[tuple[int, str], int] | None = None,
         taken: Sequence[str] = ()) -> list[tuple[int, PieceKind]]:
    """(player, kind) in placing order: each family's box shuffled and dealt out, turn by turn.

    ``hands`` gives how many of each family each player still places (default: all of
    ``per_player``); ``taken`` names pieces already out of the box.
    """
    hands = hands if hands is not None else {(p.number, family): each for p in model.players
                                             for family, each in model.per_player.items()}
    dealt: dict[int, list[PieceKind]] = {p.number: [] for p in model.players}
    for family in model.per_player:
        box = [kind for kind in model.kinds.values() if kind.family == family
               for _ in range(kind.in_box)]
        for name in taken:
            match = next((k for k in box if k.name == name), None)
            if match is not None:
                box.remove(match)
        rng.shuffle(box)
        for player in model.players:
            each = hands.get((player.number, family), 0)
            dealt[player.number].extend(box[:each])
            del box[:each]
    order = []
    for turn in range(max(len(hand) for hand in dealt.values())):
        for player in model.players:
            if turn < len(dealt[player.number]):
                order.append((player.number, dealt[player.number][turn]))
    return order


def legal_placements(model: RiverModel, rng: random.Random, fixed: Sequence[Placement] = (),
                     hands: Mapping[tuple[int, str], int] | None = None,
                     keep_open: Sequence[int] | None = None,
                     avoid: Iterable[Cell] = ()) -> Setup | None:
    """One attempt at placing the dealt pieces around the ``fixed`` ones and off the ``avoid``
    cells, keeping every player in ``keep_open`` (default: all) able to reach the far bank;
    None when a piece finds no room."""
    grid = model.grid
    board = Board(grid)
    runners = [r for r in model.rules.runners if keep_open is None or r.number in keep_open]
    blocked = bytearray(len(board.state))
    for cell in [*model.fields(), *avoid]:
        blocked[board.index(cell)] = BLOCKED  # never covered; the reachability checks ignore it
    covered = bytearray(len(board.state))
    for placement in fixed:
        for name in placement.cells:
            index = board.index(grid.cell(name))
            blocked[index] = covered[index] = BLOCKED
    placements = list(fixed)
    for player, kind in deal(model, rng, hands, [p.piece for p in fixed]):
        cells = _place(model, board, runners, kind, blocked, covered, rng)
        if cells is None:
            return None
        for cell in cells:
            blocked[board.index(cell)] = covered[board.index(cell)] = BLOCKED
        placements.append(Placement(len(placements) + 1, kind.name,
                                    tuple(grid.name(c) for c in cells), player))
    return Setup(tuple(placements), source="random")


def _place(model: RiverModel, board: Board, runners, kind: PieceKind, blocked: bytearray,
           covered: bytearray, rng: random.Random) -> list[Cell] | None:
    """A random spot for the piece, either way round, that walls nobody in; its cells from the
    bottom row up, each row from the left."""
    columns, rows = model.grid.width, model.grid.height
    for _ in range(TRIES_PER_PIECE):
        width, height = (kind.width, kind.height) if rng.random() < 0.5 else (kind.height,
                                                                               kind.width)
        col = rng.randrange(columns - width + 1)
        row = rng.randrange(1, rows - height + 2)
        cells = [model.cell(col + dc, row + dr) for dr in range(height) for dc in range(width)]
        if any(blocked[board.index(c)] for c in cells):
            continue
        trial = bytearray(covered)
        for cell in cells:
            trial[board.index(cell)] = BLOCKED
        if all(board.reach(r.starts, r.goals, state=trial).ok for r in runners):
            return cells
    return None
