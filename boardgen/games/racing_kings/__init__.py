"""Racing Kings: a chess board with a goal rank, the start position, piece tokens and rule figures.

The board may be 6 to 16 files wide and 6 to 16 ranks deep; the goal is the last rank
unless the layout names another, and the start position is the standard one unless the
layout gives its own.
"""

from __future__ import annotations

from boardgen.games.racing_kings.board import board_json, compose_board, position
from boardgen.games.racing_kings.diagrams import EXAMPLES, START_FEN, Example, diagrams
from boardgen.games.racing_kings.model import Layout
from boardgen.games.racing_kings.position import parse_ascii, parse_fen, side_of
from boardgen.games.racing_kings.rules import rule_context
from boardgen.games.racing_kings.tokens import compose_tokens
from boardgen.i18n import Words, words_for
from boardgen.product import GameOutput

__all__ = ["EXAMPLES", "START_FEN", "Example", "Layout", "board_json", "compose_board",
           "compose_game", "compose_tokens", "diagrams", "parse_ascii", "parse_fen", "position",
           "rule_context", "side_of"]


def compose_game(layout: Layout, setup=None, words: Words | None = None) -> GameOutput:
    """Everything Racing Kings prints: the board, its board.json and the piece tokens."""
    words = words or words_for(layout)
    return GameOutput(board=compose_board(layout, words), board_json=board_json(layout),
                      component_sets=(compose_tokens(layout, words),))
