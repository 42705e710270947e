"""Decks of cards: faces from a table (inline in the layout, or a CSV file beside it with a
count column) and a back for each pile.

A card has a value (a large number or letter in two corners), a title and a text; any of
them may be one text for every language or a table of texts by language
(``title = { en = "Move on", de = "Vorwärts", pl = "Naprzód" }``). In a CSV file the
columns are ``count`` (required), ``value``, ``pile``, ``title``, ``text`` and, for a
text by language, ``title.de``, ``text.pl`` and so on.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Mapping, Sequence, Union

from pydantic import Field, field_validator, model_validator

from boardgen import fonts
from boardgen.components import pictograms
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.text import CAP_HEIGHT, LEADING, wrap_within
from boardgen.components.wording import counted
from boardgen.errors import InputError
from boardgen.i18n import LANGUAGES
from boardgen.layout import (TEXT_LANGUAGE_CODE, Color, FieldProblem, Model as LayoutModel,
                             read_text)
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Circle, Group, Node, Rect, Scene, Style, Text, Use, compose as chain,
                            mix, rotate, translate)

NAME = "deck"
MAX_CSV_BYTES = 500_000
MAX_CARDS = 1_000
CSV_FIELDS = ("count", "value", "pile", "title", "text")

Text_ = Union[str, dict[str, str]]


def check_text(value: Text_) -> Text_:
    """A text for every language, or a table that has a text for each shipped language; a
    table may add languages of the user's own (a catalogue beside the layout), by their codes."""
    if isinstance(value, dict):
        unknown = [lang for lang in value if not TEXT_LANGUAGE_CODE.fullmatch(lang)]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is no language code; expected "
                             f"{', '.join(LANGUAGES)} or a code of two or three small letters")
        missing = [lang for lang in LANGUAGES if lang not in value]
        if missing:
            raise ValueError(f"no {LANGUAGES[missing[0]]} text ({missing[0]}); give every "
                             "language, or one text for all")
        if any(len(text) > 400 for text in value.values()):
            raise ValueError("a card's text is at most 400 characters")
    elif len(value) > 400:
        raise ValueError("a card's text is at most 400 characters")
    return value


def in_language(value: Text_, lang: str) -> str:
    """The text in ``lang``; a language of the user's that the table leaves out gets the
    English text rather than none."""
    if isinstance(value, dict):
        return value.get(lang, value.get("en", ""))
    return value


class Card(LayoutModel):
    """One card face and how many copies of it."""

    count: int = Field(1, ge=0, le=200, description="copies of this card")
    value: str = Field("", max_length=4, description="a number or letter in two corners")
    title: Text_ = Field("", description="the card's heading (one text, or one per language)")
    text: Text_ = Field("", description="what the card says (one text, or one per language)")
    pile: str = Field("", max_length=40, description="the pile it belongs to (default: the "
                                                     "deck's first pile)")

    @field_validator("title", "text")
    @classmethod
    def texts_in_every_language(cls, value: Text_) -> Text_:
        return check_text(value)


class Pile(LayoutModel):
    """A pile of the deck, with a back of its own."""

    fill: Color | None = Field(None, description="the back's colour (default: the deck's)")
    title: Text_ = Field("", description="the word on the back (default: the game's title)")

    @field_validator("title")
    @classmethod
    def text_in_every_language(cls, value: Text_) -> Text_:
        return check_text(value)


class Model(LayoutModel):
    """A deck of cards."""

    type: Literal["deck"] = Field(description="a deck of cards")
    width_mm: float = Field(63.5, ge=30, le=200, description="card width (poker: 63.5)")
    height_mm: float = Field(88.9, ge=30, le=300, description="card height (poker: 88.9)")
    fill: Color = Field("#2156a5", description="the deck's colour: frames and backs")
    cards: dict[str, Card] = Field(default_factory=dict, description="cards by name")
    csv: str | None = Field(None, max_length=300, description="a CSV file beside the layout "
                            "with a row per card: count, value, pile, title, text")
    piles: dict[str, Pile] = Field(default_factory=dict, description="piles by name, each with "
                                   "its own back")
    picture: pictograms.DrawingName | None = Field(
        None, description="a pictogram drawn pale behind the value of every face and on the "
                          "backs (wheel, star, ...)")

    @model_validator(mode="after")
    def cards_somewhere(self):
        if not self.cards and not self.csv:
            raise FieldProblem("cards", "a deck needs cards: a [cards] table or a csv file")
        for key, card in self.cards.items():
            if card.pile and self.piles and card.pile not in self.piles:
                raise FieldProblem(f"cards.{key}.pile", f"no pile {card.pile!r}; the piles are "
                                   f"{', '.join(self.piles)}")
        if sum(card.count for card in self.cards.values()) > MAX_CARDS:
            raise FieldProblem("cards", f"at most {MAX_CARDS} cards in a deck")
        return self


def read_csv(path: Path, model: Model) -> dict[str, Card]:
    """The cards of a CSV file; one InputError naming the file and line for a bad row."""
    text = read_text(path, MAX_CSV_BYTES, "card tables")
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        raise InputError("the card table is empty", source=str(path))
    header = [name.strip() for name in rows[0]]
    by_code = [name.partition(".") for name in header if name not in CSV_FIELDS]
    unknown = [field + dot + code for field, dot, code in by_code
               if field not in ("title", "text") or not TEXT_LANGUAGE_CODE.fullmatch(code)]
    codes = list(dict.fromkeys([*LANGUAGES, *(code for _, _, code in by_code)]))
    if unknown:
        raise InputError(f"unknown column {unknown[0]!r}; the columns are {', '.join(CSV_FIELDS)} "
                         "and title.<lang>, text.<lang>", source=str(path), line=1)
    if "count" not in header:
        raise InputError("the card table needs a count column", source=str(path), line=1)
    cards: dict[str, Card] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InputError(f"{len(row)} cells, the header has {len(header)}", source=str(path),
                             line=line)
        values = dict(zip(header, (cell.strip() for cell in row)))
        data: dict = {k: values[k] for k in ("value", "pile") if values.get(k)}
        for field in ("title", "text"):
            by_language = {lang: values[f"{field}.{lang}"] for lang in codes
                           if f"{field}.{lang}" in values}
            if by_language:
                data[field] = {lang: by_language.get(lang, values.get(field, ""))
                               for lang in dict.fromkeys([*LANGUAGES, *by_language])}
            elif values.get(field):
                data[field] = values[field]
        try:
            data["count"] = int(values["count"])
            card = Card.model_validate(data)
        except (ValueError, Exception) as error:  # a pydantic error or int() of a word
            message = str(error).splitlines()[-1] if str(error) else "a bad row"
            raise InputError(f"row {line - 1}: {message}", source=str(path), line=line) from None
        if card.pile and model.piles and card.pile not in model.piles:
            raise InputError(f"no pile {card.pile!r}; the piles are {', '.join(model.piles)}",
                             source=str(path), line=line)
        cards[f"row{line - 1}"] = card
    if sum(card.count for card in cards.values()) + sum(
            c.count for c in model.cards.values()) > MAX_CARDS:
        raise InputError(f"at most {MAX_CARDS} cards in a deck", source=str(path))
    return cards


def all_cards(model: Model, folder: Path | None) -> dict[str, Card]:
    cards = dict(model.cards)
    if model.csv:
        cards.update(read_csv((folder or Path(".")) / model.csv, model))
    return cards


# ---- numbered cards in groups of piles ----------------------------------------------------
# A game whose rules count a deck's cards by value groups its piles (the six-day race's green
# and grey cards): these check the grouping against the deck and count each group.


def card_pile(model: Model, card: Card) -> str:
    """The pile a card lies in (the deck's first, if it names none)."""
    return card.pile or next(iter(model.piles), "")


def group_problems(model: Model, groups: Mapping[str, Sequence[str]], key: str,
                   groups_key: str, card_word: str = "card") -> list[FieldProblem]:
    """What keeps the deck at ``key`` from being counted in the groups of piles ``groups``
    (name → its piles, as the layout's table ``groups_key`` gives them): a pile the deck does
    not have or another group has already, a value that is no number, a card in a pile of no
    group, a value in two piles of one group, a group without cards."""
    problems, owner = [], {}
    for name, piles in groups.items():
        for index, pile in enumerate(piles):
            if pile not in model.piles:
                problems.append(FieldProblem(
                    f"{groups_key}.{name}.piles[{index}]", f"no pile {pile!r} in [{key}.piles] "
                    f"({', '.join(model.piles) or 'none'})", related=(f"{key}.piles",)))
            elif pile in owner:
                problems.append(FieldProblem(f"{groups_key}.{name}.piles[{index}]",
                                             f"pile {pile!r} is already {owner[pile]}'s"))
            owner.setdefault(pile, name)
    seen: dict[tuple[str, int], str] = {}
    for card_name, card in model.cards.items():
        card_key = f"{key}.cards.{card_name}"
        if not card.value.isdigit():
            problems.append(FieldProblem(f"{card_key}.value", f"a {card_word}'s value is a "
                                         f"number from 0 to 99, found {card.value!r}"))
            continue
        pile = card_pile(model, card)
        if pile not in owner:
            named = " or ".join(f"{groups_key}.{name}.piles" for name in groups)
            problems.append(FieldProblem(f"{card_key}.pile", f"pile {pile!r} is in neither "
                                         f"deck: name it in {named}", related=(groups_key,)))
            continue
        other = seen.setdefault((owner[pile], int(card.value)), pile)
        if other != pile:
            problems.append(FieldProblem(f"{card_key}.pile", f"the {owner[pile]} "
                                         f"{card.value}s are in pile {other!r} already: a "
                                         "value lies in one pile of its deck"))
    if not problems:
        for name, piles in groups.items():
            if not pack(model, piles).total:
                problems.append(FieldProblem(f"{groups_key}.{name}", f"the {name} deck has no "
                                             "cards", related=(f"{key}.cards",)))
    return problems


@dataclass(frozen=True)
class Pack:
    """A group of piles as a game's rules count it: how many cards of each value, the values
    of each pile, and the colour of its first pile's back."""

    fill: str
    counts: dict[int, int]
    pile_values: tuple[tuple[int, ...], ...]
    pile_names: tuple[str, ...]
    assumed: bool

    def pile_of(self, value: int) -> int:
        return next(i for i, pile in enumerate(self.pile_values) if value in pile)

    def pile_count(self, pile: int) -> int:
        return sum(self.counts[v] for v in self.pile_values[pile])

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def pack(model: Model, piles: Sequence[str], assumed: bool = False) -> Pack:
    """The numbered cards of ``piles`` counted (``assumed``: the counts are a guess)."""
    piles = tuple(piles)
    counts: dict[int, int] = {}
    values: list[set[int]] = [set() for _ in piles]
    for card in model.cards.values():
        pile = card_pile(model, card)
        if pile in piles:
            counts[int(card.value)] = counts.get(int(card.value), 0) + card.count
            if card.count:
                values[piles.index(pile)].add(int(card.value))
    fill = model.piles[piles[0]].fill or model.fill
    return Pack(fill, dict(sorted(counts.items())), tuple(tuple(sorted(v)) for v in values),
                piles, assumed)


def ambiguous_upside_down(text: str) -> bool:
    """Whether a value reads as another number when the card is turned (6 and 9)."""
    return set(text) <= set("01689") and bool(set(text) & set("69"))


def value_mark(x: float, y: float, text: str, size: float, fill: str, anchor: str = "start",
               turned: bool = False) -> Group:
    """A card's value with its baseline at (x, y) (``turned``: upside down about that point),
    underlined where 6 and 9 could be taken for each other."""
    nodes: list[Node] = [Text(0, 0, text, size, font="bold", anchor=anchor, fill=fill)]
    if ambiguous_upside_down(text):
        width = fonts.text_width(text, size, "bold")
        left = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
        nodes.append(Rect(left, size * 0.1, width, size * 0.08, Style(fill=fill)))
    return Group(tuple(nodes), chain(translate(x, y), rotate(180)) if turned else translate(x, y))


def front_nodes(model: Model, card: Card, lang: str, fill: str, ink: str,
                uses: set | None = None) -> tuple[Node, ...]:
    """A white card in a frame of the pile's colour: the value in two corners, the title at
    the top, the text in the middle (or, without them, the value large on the deck's
    picture); the pictures used are added to ``uses``."""
    w, h = model.width_mm, model.height_mm
    inset = w * 0.05
    dark = mix(fill, "#000000", 0.3)
    pale = mix(fill, "#ffffff", 0.9)
    nodes: list[Node] = [Rect(0, 0, w, h, Style(fill="#ffffff")),
                         Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                              Style(fill=pale, stroke=fill, stroke_mm=1.2), rx=3.0)]
    if model.picture:
        ink_of_picture = mix(fill, "#ffffff", 0.35)
        nodes.append(pictograms.use(model.picture, w / 2, h / 2, w * 0.66, ink_of_picture, pale))
        if uses is not None:
            uses.add((model.picture, ink_of_picture, pale))
    top = inset * 2
    if card.value:
        size = fonts.fit_size(card.value, w * 0.22, w * 0.16, "bold")
        nodes.append(value_mark(inset * 2, top + size * CAP_HEIGHT, card.value, size, dark))
        nodes.append(value_mark(w - inset * 2, h - top - size * CAP_HEIGHT, card.value, size,
                                dark, turned=True))
        top += size * 1.1
    title = in_language(card.title, lang)
    if title:
        size = fonts.fit_size(title, w - 6 * inset, w * 0.085, "bold")
        top += size * CAP_HEIGHT + inset
        nodes.append(Text(w / 2, top, title, size, font="bold", anchor="middle", fill=ink))
    text = in_language(card.text, lang)
    if text:
        box_w, box_h = w - 6 * inset, h - top - 6 * inset
        lines, size = wrap_within(text, box_w, box_h, w * 0.065)
        y = top + (box_h - len(lines) * size * LEADING) / 2 + inset * 2
        nodes += [Text(w / 2, y + size * CAP_HEIGHT + k * size * LEADING, line, size,
                       anchor="middle", fill=ink) for k, line in enumerate(lines)]
    elif card.value and not title:
        if model.picture:  # a white disc keeps the value legible on the picture
            nodes.append(Circle(w / 2, h / 2, w * 0.14, Style(fill="#ffffff", stroke=fill,
                                                              stroke_mm=0.8)))
        size = fonts.fit_size(card.value, w * (0.2 if model.picture else 0.6),
                              w * (0.2 if model.picture else 0.42), "bold")
        nodes.append(value_mark(w / 2, h / 2 + size * CAP_HEIGHT / 2, card.value, size, dark,
                                anchor="middle"))
    return tuple(nodes)


def back_nodes(model: Model, fill: str, word: str, uses: set | None = None) -> tuple[Node, ...]:
    """The pile's colour to the card's edge, a frame, the deck's picture, the word across the
    middle (on a band of the pile's colour where a picture lies behind it)."""
    w, h = model.width_mm, model.height_mm
    inset = w * 0.06
    light = mix(fill, "#ffffff", 0.35)
    size = fonts.fit_size(word, w - 6 * inset, w * 0.11, "bold")
    nodes: list[Node] = [Rect(0, 0, w, h, Style(fill=fill)),
                         Rect(inset, inset, w - 2 * inset, h - 2 * inset,
                              Style(stroke=light, stroke_mm=0.9), rx=2.5)]
    if model.picture:
        nodes.append(pictograms.use(model.picture, w / 2, h / 2, w * 0.76, light, fill))
        if uses is not None:
            uses.add((model.picture, light, fill))
        band = fonts.text_width(word, size, "bold") + 2 * size
        nodes.append(Rect(w / 2 - band / 2, h / 2 - size * 0.85, band, size * 1.7,
                          Style(fill=fill, stroke="#ffffff", stroke_mm=0.8), rx=size * 0.4))
    nodes.append(Text(w / 2, h / 2 + size * CAP_HEIGHT / 2, word, size, font="bold",
                      anchor="middle", fill="#ffffff"))
    return tuple(nodes)


def _scene(model: Model, symbol: str, nodes: tuple[Node, ...], title: str,
           uses: set | None = None) -> Scene:
    symbols = {symbol: nodes, **pictograms.symbols(uses or set())}
    return Scene(model.width_mm, model.height_mm, (Use(symbol),), symbols=symbols, title=title)


def compose(model: Model, name: str, context: Context) -> Parts:
    """Every card, each with its pile's back."""
    words, lang = context.words, context.words.lang
    cards = all_cards(model, context.folder)
    piles = list(model.piles) or [""]
    backs = {}
    for pile in piles:
        spec = model.piles.get(pile)
        fill = (spec.fill if spec and spec.fill else model.fill)
        word = in_language(spec.title, lang) if spec and spec.title else context.title
        uses: set = set()
        backs[pile] = _scene(model, f"{name}-back-{pile or 'deck'}",
                             back_nodes(model, fill, word, uses),
                             words("part.deck.back", deck=name), uses)
    components = []
    for key, card in cards.items():
        if not card.count:
            continue
        pile = card_pile(model, card)
        spec = model.piles.get(pile)
        fill = spec.fill if spec and spec.fill else model.fill
        title = in_language(card.title, lang) or card.value or key
        uses = set()
        front = _scene(model, f"{name}-{key}",
                       front_nodes(model, card, lang, fill, context.ink, uses), title, uses)
        components.append(Component(key, front, back=backs[pile], count=card.count))
    return Parts(sets=(ComponentSet(name, words("part.deck.set", title=context.title, deck=name),
                                    tuple(components)),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    count = sum(card.count for card in all_cards(model, context.folder).values())
    return [Summary(count, counted(context.words, "part.deck.count", count))]
