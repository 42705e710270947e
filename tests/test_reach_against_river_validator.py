"""The generic check of obstacles on a grid (boardgen/geometry/reach.py) gives the river
race's own validator's answers, word for word, on random setups: legal ones, walled-in
starts, and every kind of broken rule.

The river's validator is gone (the river's phase 1 is that check now); its answers were
recorded, with the setups it was asked about, in ``fixtures/river_validator_answers.json.gz``
before it went: boards of 5 to 70 columns (past Z, past what is drawn), fields on two banks,
pieces laid right, wrong in every way there is, and rings of pieces walling a start in.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from boardgen.games.river_race.placing import DEFAULT_KINDS, Player, RiverModel, validate
from boardgen.geometry.cells import rectangle
from boardgen.geometry.reach import Placement, Setup

ANSWERS = Path(__file__).parent / "fixtures" / "river_validator_answers.json.gz"
CASES = json.loads(gzip.decompress(ANSWERS.read_bytes()))["cases"]


def river_board(case: dict) -> RiverModel:
    grid = rectangle(case["columns"], case["rows"], "spreadsheet")
    players = tuple(Player(n, f"Player {n}", grid.cell(p["start"]),
                           tuple(grid.cell(r) for r in p["reserves"]), p["bank"], p["goal"])
                    for n, p in enumerate(case["players"], start=1))
    return RiverModel(grid, players, DEFAULT_KINDS, {"black": 3, "green": 2})


def recorded_setup(case: dict) -> Setup:
    source = case["report"].split(":")[0].split()[1]  # "setup walled (partial): ..."
    return Setup(tuple(Placement(n, piece, tuple(cells), player)
                       for n, (piece, cells, player) in enumerate(case["placements"], start=1)),
                 source=source)


@pytest.mark.parametrize("case", CASES, ids=[f"case{k}" for k in range(len(CASES))])
def test_the_generic_check_gives_the_river_validators_answers(case):
    setup = recorded_setup(case)
    report = validate(river_board(case), setup, partial=case["partial"])
    assert [[p.code, p.message, list(p.cells), p.player] for p in report.problems] == \
        case["problems"]
    assert str(report) == case["report"]


def test_the_recorded_setups_reach_every_verdict():
    codes = {problem[0] for case in CASES for problem in case["problems"]}
    assert codes >= {"cut-off", "off-board", "wrong-shape", "overlap", "covers-start",
                     "covers-reserve", "unknown-piece", "unknown-player", "too-few",
                     "too-many", "not-in-box"}
    drawn = [case for case in CASES if "cut-off" in {p[0] for p in case["problems"]}]
    assert {case["columns"] > 26 for case in drawn} == {True, False}, "past Z, and within it"
