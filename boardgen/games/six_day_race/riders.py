"""The riders: the layout's ``riders`` component (the shared standee token with a cyclist on
its face), numbered by player (rider 3 is player 3's), one per player."""

from __future__ import annotations

from boardgen.components import Context, Player, tokens
from boardgen.games.six_day_race.model import RIDERS, Layout
from boardgen.i18n import Words, words_for
from boardgen.product import ComponentSet


def players(layout: Layout) -> tuple[Player, ...]:
    """A player per rider colour, in the order of the colours."""
    return tuple(Player(n, color) for n, color in enumerate(layout.rider_colors, start=1))


def compose_riders(layout: Layout, words: Words | None = None) -> ComponentSet:
    """One numbered standee per rider colour."""
    words = words or words_for(layout)
    context = Context(words, players(layout), layout.colors.ink)
    return tokens.compose(layout.components[RIDERS], RIDERS, context).sets[0]
