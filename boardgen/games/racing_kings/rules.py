"""What the rule text says about a layout: sizes, the goal rank and the start, as template values."""

from __future__ import annotations

from typing import Any

from boardgen.games.racing_kings.board import position
from boardgen.games.racing_kings.diagrams import STANDARD_FILES, STANDARD_RANKS
from boardgen.games.racing_kings.model import Layout
from boardgen.games.racing_kings.position import (STANDARD_WIDTH, Placement, side_of,
                                                  standard_position)
from boardgen.games.racing_kings.tokens import PIECE_ORDER, piece_name
from boardgen.i18n import Words

SIDES = ("white", "black")
# The rule examples are drawn on the original board whatever the layout's size.
EXAMPLE_BOARD = {"files": len(STANDARD_FILES), "ranks": STANDARD_RANKS, "goal_rank": STANDARD_RANKS,
                 "first_file": STANDARD_FILES[0], "last_file": STANDARD_FILES[-1]}


def rule_context(layout: Layout, words: Words) -> dict[str, Any]:
    """Every number and square name the rule text prints, taken from the layout."""
    spec = layout.board
    start = position(layout)
    letters = spec.letters
    standard_board = (letters == STANDARD_FILES and spec.ranks == spec.goal == STANDARD_RANKS)
    return {
        "files": len(letters),
        "ranks": spec.ranks,
        "goal_rank": spec.goal,
        "first_file": letters[0],
        "last_file": letters[-1],
        "standard_board": standard_board,
        "standard_start": len(letters) >= STANDARD_WIDTH and start == standard_position(len(letters)),
        "start_ranks": sorted({rank for _, rank in start}),
        "empty_files": len(letters) - len({f for f, _ in start}),
        "pieces_total": len(start),
        "sides": {side: _side(layout, start, side, words) for side in SIDES},
        "same_pieces": _kinds(start, "white") == _kinds(start, "black"),
        "start_columns": [piece_name(words, kind) for kind in _kinds_in(start)],
        "example": EXAMPLE_BOARD,
    }


def _kinds(start: Placement, side: str) -> list[str]:
    """A side's piece letters, upper case, in a fixed order."""
    return sorted((p.upper() for p in start.values() if side_of(p) == side), key=PIECE_ORDER.index)


def _squares(layout: Layout, start: Placement, letter: str) -> list[str]:
    """The squares a piece letter starts on, rank by rank from the players' side, left to right."""
    found = [s for s, p in start.items() if p == letter]
    return [layout.square_name(f, r) for f, r in sorted(found, key=lambda s: (s[1], s[0]))]


def _kinds_in(start: Placement) -> list[str]:
    """The kinds of piece (upper case) either side starts with, King to Knight."""
    return [kind for kind in PIECE_ORDER if any(p.upper() == kind for p in start.values())]


def _letter(kind: str, side: str) -> str:
    return kind if side == "white" else kind.lower()


def _side(layout: Layout, start: Placement, side: str, words: Words) -> dict[str, Any]:
    """One side's pieces: how many of each, where they start, and the files its camp covers.

    ``cells`` lists the side's squares per kind in the order of ``start_columns``, so a
    table of the start needs one row per side whatever pieces the layout has.
    """
    mine = [s for s, p in start.items() if side_of(p) == side]
    files = sorted({f for f, _ in mine})
    kinds = _kinds(start, side)
    return {
        "name": words(side),
        "count": len(mine),
        "king": _squares(layout, start, _letter("K", side))[0],
        "from_file": layout.board.letters[files[0]],
        "to_file": layout.board.letters[files[-1]],
        "counts": {kind: kinds.count(kind) for kind in PIECE_ORDER},
        "army": [{"kind": kind, "count": kinds.count(kind)} for kind in PIECE_ORDER
                 if kind in kinds],
        "cells": [", ".join(_squares(layout, start, _letter(kind, side))) or "–"
                  for kind in _kinds_in(start)],
    }
