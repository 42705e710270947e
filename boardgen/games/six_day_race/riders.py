"""The riders: one numbered fold-over standee per colour, the shared standee token with a
cyclist on its face, numbered by player (rider 3 is player 3's)."""

from __future__ import annotations

from boardgen.components import Context, Player, tokens
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import ComponentSet

NUMBER_SHARE = 0.45  # the number disc fills the face's width: a narrow rider stays readable


def players(layout: Layout) -> tuple[Player, ...]:
    """A player per rider colour, in the order of the colours."""
    return tuple(Player(n, color) for n, color in enumerate(layout.riders.colors, start=1))


def rider_tokens(layout: Layout) -> tokens.Model:
    """The riders as a layout's ``tokens`` component would declare them."""
    return tokens.Model(type="tokens", shape="standee", size_mm=layout.riders.width_mm,
                        face_mm=layout.riders.face_mm, picture="cyclist", numbers="player",
                        number_share=NUMBER_SHARE)


def compose_riders(layout: Layout, words: Words | None = None) -> ComponentSet:
    """One numbered standee per rider colour."""
    words = words or words_for(layout)
    context = Context(words, players(layout), layout.colors.ink)
    return tokens.compose(rider_tokens(layout), "riders", context).sets[0]
