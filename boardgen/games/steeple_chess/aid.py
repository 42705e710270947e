"""The die-moves card: what each face of the die lets a piece do, one card per colour, made
by the shared player aid from the game's words."""

from __future__ import annotations

from boardgen.components import player_aid
from boardgen.components.base import Context
from boardgen.components.legend import Entry
from boardgen.games.steeple_chess.model import PLAYERS, Layout
from boardgen.i18n import Words, words_for
from boardgen.product import ComponentSet

CARD_MM = (63.5, 88.9)  # a playing card


def aid_entries(layout: Layout, words: Words) -> list[Entry]:
    """A line per face, in the order of the ordinary die: its number, the piece and its move."""
    return [Entry(layout.colors.light, f"piece:{letter}",
                  words("die.entry", number=number, piece=words(f"pieces.{letter}")),
                  words(f"aid.{letter}"))
            for number, letter in enumerate(layout.die.faces, start=1)]


def compose_aid(layout: Layout, words: Words | None = None) -> ComponentSet:
    """One die-moves card per colour."""
    words = words or words_for(layout)
    model = player_aid.Model(type="player_aid", count=len(PLAYERS), width_mm=CARD_MM[0],
                             height_mm=CARD_MM[1])
    facts = {"aid": {"heading": words("aid.title"), "entries": aid_entries(layout, words),
                     "notes": [words("aid.capture"), words("aid.jump")]}}
    context = Context(words, ink=layout.colors.text, facts=facts)
    (cards,) = player_aid.compose(model, "aid", context).sets
    return cards
