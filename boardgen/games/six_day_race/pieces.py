"""The printed pieces: every component the layout declares, composed as a race layout's are
(the movement cards' deck, the riders' standees, the players' turn-and-spaces cards, and
whatever a user's layout adds), the player aid saying what the six-day rules do."""

from __future__ import annotations

from boardgen.components import Parts
from boardgen.games.race.compose import compose_components
from boardgen.games.six_day_race.board import legend_entries
from boardgen.games.six_day_race.model import Layout
from boardgen.games.six_day_race.rules import race_text, turn_text
from boardgen.i18n import Words, words_for


def aid_facts(layout: Layout, words: Words) -> dict:
    """What a player aid says: how a turn goes, what every marked space of the board does
    (the legend's rows, as the board prints them) and how a race ends."""
    return {"heading": words("aid.heading"), "lead": [turn_text(words)],
            "entries": legend_entries(layout, words), "notes": [race_text(layout, words)]}


def compose_pieces(layout: Layout, words: Words | None = None) -> Parts:
    """Each of the layout's components, its sets and sheets in the layout's order."""
    words = words or words_for(layout)
    return compose_components(layout, words, aid_facts(layout, words))
