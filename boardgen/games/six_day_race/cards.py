"""Movement cards: fronts with the value in two corners and a wheel, backs per deck and pile.

Each face is a symbol named after its deck and value (or deck and pile), so a
file names every card it prints; copies are references to it.
"""

from __future__ import annotations

from boardgen import fonts
from boardgen.components.pictograms import wheel
from boardgen.components.text import CAP_HEIGHT
from boardgen.games.six_day_race.model import Deck, Layout
from boardgen.i18n import Words, words_for
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Circle, Group, Node, Rect, Scene, Style, Text, Use, compose, mix,
                            rotate, translate)

DECKS = ("green", "grey")


def front_symbol(deck_name: str, value: int) -> str:
    return f"sdr-card-{deck_name}-{value}"


def back_symbol(deck_name: str, pile: int) -> str:
    return f"sdr-back-{deck_name}-{pile}"


def pile_text(values: tuple[int, ...]) -> str:
    return " · ".join(str(v) for v in values)


def ambiguous_upside_down(text: str) -> bool:
    """Whether the value reads as another number when the card is turned (6 and 9)."""
    return set(text) <= set("01689") and bool(set(text) & set("69"))


def value_mark(x: float, y: float, text: str, size: float, fill: str, anchor: str = "start",
               turned: bool = False) -> Group:
    """The value with its baseline at (x, y), underlined where 6 and 9 could be confused."""
    nodes: list[Node] = [Text(0, 0, text, size, font="bold", anchor=anchor, fill=fill)]
    if ambiguous_upside_down(text):
        width = fonts.text_width(text, size, "bold")
        left = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
        nodes.append(Rect(left, size * 0.1, width, size * 0.08, Style(fill=fill)))
    transform = compose(translate(x, y), rotate(180)) if turned else translate(x, y)
    return Group(tuple(nodes), transform)


def front_nodes(layout: Layout, deck: Deck, value: int) -> tuple[Node, ...]:
    """A white card with a coloured frame, the value large in two corners and a wheel."""
    w, h = layout.cards.width_mm, layout.cards.height_mm
    color = deck.fill
    dark = mix(color, "#000000", 0.25)
    inset = w * 0.05
    corner = w * 0.24
    text = str(value)
    corner_size = fonts.fit_size(text, w * 0.3, corner, "bold")
    r = w * 0.33
    cx, cy = w / 2, h / 2
    nodes: list[Node] = [
        Rect(0, 0, w, h, Style(fill="#ffffff")),
        Rect(inset, inset, w - 2 * inset, h - 2 * inset,
             Style(fill=mix(color, "#ffffff", 0.9), stroke=color, stroke_mm=1.4), rx=3.0),
        *wheel(cx, cy, r, mix(color, "#ffffff", 0.35)),
        Circle(cx, cy, r * 0.42, Style(fill="#ffffff", stroke=color, stroke_mm=0.8)),
        value_mark(cx, cy + r * 0.6 * CAP_HEIGHT / 2, text, r * 0.6, dark, anchor="middle"),
        value_mark(inset + w * 0.05, inset + w * 0.05 + corner_size * CAP_HEIGHT, text,
                   corner_size, dark),
        value_mark(w - inset - w * 0.05, h - inset - w * 0.05 - corner_size * CAP_HEIGHT, text,
                   corner_size, dark, turned=True),
    ]
    if len(deck.pile_values) > 1:
        mark = pile_text(deck.pile_values[deck.pile_of(value)])
        size = w * 0.05
        nodes.append(Text(w - inset - w * 0.05, inset + w * 0.05 + size * CAP_HEIGHT, mark, size,
                          anchor="end", fill=dark))
        nodes.append(Text(inset + w * 0.05, h - inset - w * 0.05 - size * CAP_HEIGHT, mark, size,
                          anchor="end", fill=dark, rotate=180))
    return tuple(nodes)


def back_nodes(layout: Layout, deck: Deck, pile: int, title: str) -> tuple[Node, ...]:
    """The deck's colour to the card's edge, a large wheel, and the pile's values in a deck of several piles.

    The colour runs to the cut (the sheet continues it past the outer cuts), so a
    duplex printer that shifts the backs a little shows no paper at any card's edge.
    """
    w, h = layout.cards.width_mm, layout.cards.height_mm
    color = deck.fill
    light = mix(color, "#ffffff", 0.3)
    inset = w * 0.05
    r = w * 0.38
    cx, cy = w / 2, h / 2
    nodes: list[Node] = [
        Rect(0, 0, w, h, Style(fill=color)),
        Rect(2 * inset, 2 * inset, w - 4 * inset, h - 4 * inset,
             Style(stroke=light, stroke_mm=0.9), rx=2.0),
        *wheel(cx, cy, r, light, spokes=20),
    ]
    title_size = fonts.fit_size(title, w - 6 * inset, w * 0.085, "bold")
    offset = 2 * inset + w * 0.05
    nodes.append(Text(cx, offset + title_size * CAP_HEIGHT, title, title_size,
                      font="bold", anchor="middle", fill="#ffffff"))
    nodes.append(Text(cx, h - offset - title_size * CAP_HEIGHT, title, title_size,
                      font="bold", anchor="middle", fill="#ffffff", rotate=180))
    if len(deck.pile_values) > 1:
        mark = pile_text(deck.pile_values[pile])
        size = fonts.fit_size(mark, r * 1.5, w * 0.13, "bold")
        nodes.append(Rect(cx - r * 0.85, cy - size * 0.85, r * 1.7, size * 1.7,
                          Style(fill=color, stroke="#ffffff", stroke_mm=0.8), rx=size * 0.4))
        nodes.append(Text(cx, cy + size * CAP_HEIGHT / 2, mark, size, font="bold",
                          anchor="middle", fill="#ffffff"))
    else:
        nodes.append(Circle(cx, cy, r * 0.2, Style(fill=color, stroke="#ffffff", stroke_mm=0.8)))
    return tuple(nodes)


def card_scene(width: float, height: float, symbol: str, nodes: tuple[Node, ...],
               title: str) -> Scene:
    return Scene(width, height, (Use(symbol),), symbols={symbol: nodes}, title=title)


def compose_cards(layout: Layout, words: Words | None = None) -> ComponentSet:
    """Every card of both decks, in value order, each with its deck's (or pile's) back."""
    words = words or words_for(layout)
    w, h = layout.cards.width_mm, layout.cards.height_mm
    components = []
    for name in DECKS:
        deck: Deck = getattr(layout.cards, name)
        deck_title = words(f"cards.{name}")
        backs = {pile: card_scene(w, h, back_symbol(name, pile),
                                  back_nodes(layout, deck, pile, words("title")),
                                  words("cards.back", deck=deck_title))
                 for pile in range(len(deck.pile_values))}
        for value, count in deck.counts.items():
            if not count:
                continue
            front = card_scene(w, h, front_symbol(name, value), front_nodes(layout, deck, value),
                               words("cards.front", deck=deck_title, value=value))
            components.append(Component(f"{name}-{value}", front, back=backs[deck.pile_of(value)],
                                        count=count, cut="shared"))
    return ComponentSet("cards", words("cards.set", title=words("title")), tuple(components))
