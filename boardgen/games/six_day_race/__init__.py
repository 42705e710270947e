"""6-Tage Rennen (Walter Toncar, Holtmann 1986), with Alan Moon's numbered and coloured board.

An oval velodrome of equal-length spaces, 120 green and 80 grey movement cards, eight rider
standees, a player aid each and a score sheet for six races. The game is a layout of the race
kind (``game = "race"``) naming this package as its rules (``rules = "six_day_race"``, the
``boardgen.race_rules`` entry point): the board and the pieces are the shared components the
layout declares; this plugin adds the tables only its rules read (decks, hands, card places,
legend rows), the rule values its texts name (the races and points among them, read from the
score sheet the layout declares) and its figures. Turns move by cards, so it claims no dice
figures.
"""

from __future__ import annotations

from boardgen.games.six_day_race.board import (board_json, board_plan, compose_board,
                                               compose_parts, legend_entries)
from boardgen.games.six_day_race.diagrams import diagrams
from boardgen.games.six_day_race.model import Layout
from boardgen.games.six_day_race.pieces import compose_pieces
from boardgen.games.six_day_race.rules import rule_context, rule_sections
from boardgen.i18n import Words, words_for
from boardgen.product import GameOutput

__all__ = ["Layout", "compose_game", "diagrams", "board_json", "compose_board", "legend_entries",
           "rule_context", "rule_sections"]


def compose_game(layout: Layout, setup=None, words: Words | None = None) -> GameOutput:
    """The board and board.json and every component the layout declares (the movement cards,
    the riders, the score sheet, ...)."""
    words = words or words_for(layout)
    planned = board_plan(layout, words)
    parts = compose_parts(layout, words, planned)  # the board and board.json are drawn once
    pieces = compose_pieces(layout, words)
    return GameOutput(board=parts.board,
                      board_json=board_json(layout, words, planned, parts),
                      component_sets=pieces.sets,
                      sheets=pieces.sheets)
