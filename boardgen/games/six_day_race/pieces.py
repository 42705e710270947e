"""The printed pieces: every component the layout declares, in its order, composed by the
shared components as a race layout's are (the movement cards' deck, the riders' standees,
and whatever a user's layout adds)."""

from __future__ import annotations

from boardgen.components import Context, Parts, component_type
from boardgen.games.race.compose import folder_of
from boardgen.games.six_day_race.board import players
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for


def compose_pieces(layout: Layout, words: Words | None = None) -> Parts:
    """Each of the layout's components, its sets and sheets in the layout's order."""
    words = words or words_for(layout)
    sets, sheets = [], []
    for name, model in layout.components.items():
        context = Context(words, players(layout), layout.ink,
                          folder_of(layout, f"components.{name}"))
        parts = component_type(model.type).compose(model, name, context)
        sets += parts.sets
        sheets += parts.sheets
    return Parts(sets=tuple(sets), sheets=tuple(sheets))
