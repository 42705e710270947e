"""Property test: the river race's phase-1 check (the generic check of obstacles on a grid)
agrees with a deliberately simple reachability check."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import event, given, settings
from hypothesis import strategies as st

from boardgen.games.river_race.placing import DEFAULT_KINDS, square_model, validate
from boardgen.geometry.reach import Placement, Setup

SHAPES = {"black-1x3": (1, 3), "green-1x2": (1, 2), "green-2x2": (2, 2)}


def cells_of(kind: str, col: int, row: int, vertical: bool) -> list[tuple[int, int]]:
    w, h = SHAPES[kind]
    if vertical:
        w, h = h, w
    return [(col + dx, row + dy) for dx in range(w) for dy in range(h)]


def name(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row}"


@st.composite
def boards(draw):
    size = draw(st.integers(5, 14))
    # Counts are not the point here: allow any number of pieces of every kind.
    kinds = {k: replace(v, in_box=1000) for k, v in DEFAULT_KINDS.items()}
    model = square_model(size, per_player={"black": 1000, "green": 1000}, kinds=kinds)
    protected = set()
    for player in model.players:
        for cell in (player.start, *player.reserves):
            protected.add((cell[0], model.row_number(cell)))
    taken: set[tuple[int, int]] = set()
    placements = []
    for number in range(1, draw(st.integers(0, 25)) + 1):
        kind = draw(st.sampled_from(sorted(SHAPES)))
        vertical = draw(st.booleans())
        col, row = draw(st.integers(0, size - 1)), draw(st.integers(1, size))
        cells = cells_of(kind, col, row, vertical)
        if any(not (0 <= c < size and 1 <= r <= size) for c, r in cells):
            continue
        if set(cells) & (taken | protected):
            continue
        taken |= set(cells)
        placements.append(Placement(number, kind, tuple(name(c, r) for c, r in cells),
                                    draw(st.sampled_from([1, 2]))))
    return model, size, taken, placements


def simple_reach(size: int, blocked: set, start: tuple[int, int], goal_row: int) -> bool:
    """Flood fill over the four neighbours; nothing clever."""
    seen = {start}
    todo = [start]
    while todo:
        col, row = todo.pop()
        if row == goal_row:
            return True
        for nxt in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
            if (0 <= nxt[0] < size and 1 <= nxt[1] <= size and nxt not in blocked
                    and nxt not in seen):
                seen.add(nxt)
                todo.append(nxt)
    return False


@settings(max_examples=300, deadline=None)
@given(boards())
def test_validator_verdict_matches_a_simple_flood_fill(board):
    model, size, taken, placements = board
    report = validate(model, Setup(tuple(placements)), partial=True)
    cut_off = {p.player for p in report.problems if p.code == "cut-off"}
    for player in model.players:
        start = (player.start[0], model.row_number(player.start))
        expected = simple_reach(size, taken, start, player.goal_row)
        assert (player.number not in cut_off) == expected, (player.number, report)
    event("someone cut off" if cut_off else "both players get through")
    other = [p for p in report.problems if p.code != "cut-off"]
    assert not other, report
