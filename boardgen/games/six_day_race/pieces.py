"""The printed pieces: every component the layout declares, in its order, composed by the
shared components as a race layout's are (the movement cards' deck, the riders' standees,
the players' turn-and-spaces cards, and whatever a user's layout adds)."""

from __future__ import annotations

from boardgen.components import Context, Parts, component_type
from boardgen.games.race.compose import folder_of
from boardgen.games.six_day_race.board import legend_entries, players
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for


def aid_facts(layout: Layout, words: Words) -> dict:
    """What a player aid says: how a turn goes, what every marked space of the board does
    (the legend's rows, as the board prints them) and how a race ends."""
    return {"heading": words("aid.heading"), "lead": [words("aid.turn")],
            "entries": legend_entries(layout, words),
            "notes": [words("aid.race", finish=layout.placed.number_of("finish"))]}


def compose_pieces(layout: Layout, words: Words | None = None) -> Parts:
    """Each of the layout's components, its sets and sheets in the layout's order."""
    words = words or words_for(layout)
    sets, sheets = [], []
    aid = aid_facts(layout, words)
    for name, model in layout.components.items():
        context = Context(words, players(layout), layout.ink,
                          folder_of(layout, f"components.{name}"), {"aid": aid})
        parts = component_type(model.type).compose(model, name, context)
        sets += parts.sets
        sheets += parts.sheets
    return Parts(sets=tuple(sets), sheets=tuple(sheets))
