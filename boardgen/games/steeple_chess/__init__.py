"""Steeple Chess (Schachjagd, Alex Randolph, 1976): a race round a chequered course.

Each turn the chess die says how one piece moves. The package holds the course
model (``course``), the movement engine (``moves``), the checks a redrawn course
must pass (``checks``), setups and their validator (``setup``), and what is
printed: the board, the die net, the pieces and obstacle, rule figures, and the facts
the rule texts are filled in with (``facts``); and simulated games that tell how long a
game lasts and who wins (``simulation``: ``boardgen analyse``, advice for ``check``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardgen.games.steeple_chess.aid import compose_aid
from boardgen.games.steeple_chess.board import Drawn, board_json, compose_board
from boardgen.games.steeple_chess.diagrams import diagrams
from boardgen.games.steeple_chess.die import die_sheet
from boardgen.games.steeple_chess.facts import rule_context
from boardgen.games.steeple_chess.model import Layout
from boardgen.games.steeple_chess.setup import Setup, load_setup, random_setup, validate_setup
from boardgen.games.steeple_chess.tokens import compose_pieces
from boardgen.i18n import Words, words_for
from boardgen.product import GameOutput

__all__ = ["Layout", "compose_game", "load_setup", "validate_setup", "random_setup", "diagrams",
           "rule_context", "analyse", "play_advice"]

if TYPE_CHECKING:
    from boardgen.games.steeple_chess.simulation import SimulationAnalysis


def analyse(layout: Layout, request: Any) -> SimulationAnalysis:
    """Simulated games of ``layout`` (``boardgen analyse``).

    The simulation is imported here, not with the package: a build never needs it.
    """
    from boardgen.games.steeple_chess import simulation

    return simulation.analyse(layout, request)


def play_advice(layout: Layout, setup: Path | None = None) -> str | None:
    """One line of advice for ``check`` when the layout plays far from the shipped game."""
    from boardgen.games.steeple_chess import simulation

    return simulation.play_advice(layout, setup)


def compose_game(layout: Layout, setup: Setup | None = None,
                 words: Words | None = None) -> GameOutput:
    """The board (with a setup drawn on it, if given), board.json, pieces, the die-moves
    cards and the die net."""
    words = words or words_for(layout)
    drawn = setup.drawn() if setup is not None else Drawn()
    return GameOutput(board=compose_board(layout, drawn, words),
                      board_json=board_json(layout, drawn, words),
                      component_sets=(compose_pieces(layout, words), compose_aid(layout, words)),
                      sheets=(die_sheet(layout, words),))
