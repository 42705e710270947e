"""6-Tage Rennen (Walter Toncar, Holtmann 1986), with Alan Moon's numbered and coloured board.

An oval velodrome of equal-length spaces, 120 green and 80 grey movement cards, eight rider
standees, a player aid each and a score sheet for six races. The game is a layout of the race
kind (``game = "race"``) naming this package as its rules (``rules = "six_day_race"``, the
``boardgen.race_rules`` entry point): the board and the pieces are the shared components the
layout declares, composed by the race kind; this plugin adds the tables only its rules read
(decks, hands, card places, legend rows), what the board shows of them (the named and
coloured spaces' looks, the legend, the card places, the decks in board.json), the rule
values its texts name (the races and points among them, read from the score sheet the
layout declares) and its figures. Turns move by cards, so it claims no dice figures.
"""

from __future__ import annotations

from boardgen.games.six_day_race.board import board_facts, extend_board_json, legend_entries
from boardgen.games.six_day_race.diagrams import diagrams
from boardgen.games.six_day_race.model import Layout
from boardgen.games.six_day_race.rules import aid_facts, rule_context, rule_sections

__all__ = ["Layout", "aid_facts", "board_facts", "diagrams", "extend_board_json",
           "legend_entries", "rule_context", "rule_sections"]
