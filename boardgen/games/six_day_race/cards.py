"""The movement cards: one deck of the shared kind, the green cards a pile of their own and
the grey ones in the layout's piles (1·2·3 and 4·5·6), each pile with its own back, a wheel
behind every value."""

from __future__ import annotations

from boardgen.components import Context, deck as decks
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import ComponentSet

DECKS = ("green", "grey")


def pile_name(deck: str, pile: int) -> str:
    """The shared deck's name of one of the game's piles: ``green``, ``grey-1``, ``grey-2``."""
    return deck if deck == "green" else f"{deck}-{pile + 1}"


def pile_text(values: tuple[int, ...]) -> str:
    """A pile's values as its back prints them: ``1 · 2 · 3``."""
    return " · ".join(str(v) for v in values)


def movement_deck(layout: Layout) -> decks.Model:
    """Both decks as one shared deck: a card per deck and value, a pile per deck and pile."""
    cards, piles = {}, {}
    for name in DECKS:
        deck = getattr(layout.cards, name)
        several = len(deck.pile_values) > 1
        for pile, values in enumerate(deck.pile_values):
            piles[pile_name(name, pile)] = decks.Pile(
                fill=deck.fill, title=pile_text(values) if several else "")
        for value, count in deck.counts.items():
            if count:
                cards[f"{name}-{value}"] = decks.Card(count=count, value=str(value),
                                                      pile=pile_name(name, deck.pile_of(value)))
    return decks.Model(type="deck", width_mm=layout.cards.width_mm,
                       height_mm=layout.cards.height_mm, fill=layout.cards.green.fill,
                       cards=cards, piles=piles, picture="wheel")


def compose_cards(layout: Layout, words: Words | None = None) -> ComponentSet:
    """Every card of both decks, in value order, each with its pile's back."""
    words = words or words_for(layout)
    context = Context(words, ink=layout.colors.ink)
    return decks.compose(movement_deck(layout), "cards", context).sets[0]
