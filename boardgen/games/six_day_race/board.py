"""What the velodrome board shows that the race kind cannot tell from the layout alone: the
named and coloured spaces' looks, the legend of marked spaces and the card places in the
infield, with which the kind's shared oval track board draws it (banked bends and a
velodrome's lines, as the layout's [board] asks)."""

from __future__ import annotations

from boardgen.components import infield, track_board
from boardgen.components import legend as legends
from boardgen.components.card_places import Block
from boardgen.components.kinds import Kind
from boardgen.games.six_day_race.model import SPACE_COLORS, Layout
from boardgen.i18n import Words

MARKED = ("rider-change", "crash")   # the named spaces the legend shows with their picture
EFFECT_COLORS = {"green", "grey", "red", "blue"}


# ---- what each space shows ---------------------------------------------------------------


def space_word(layout: Layout, words: Words, number: int) -> str | None:
    """The word printed beside a space, if it is named (sprints numbered in track order)."""
    named = layout.placed_spaces.named_of(number)
    if named is None:
        return None
    if named.kind == "sprint":
        return words("space.sprint", number=layout.placed_spaces.sprints.index(number) + 1)
    return words(f"space.{named.kind}")


def fill_of(layout: Layout, number: int) -> str:
    """A space's colour: its colour list's, else its named kind's, else a plain space's."""
    name = layout.placed_spaces.color_of(number)
    named = layout.placed_spaces.named_of(number)
    return layout.fill(named.kind if name == "plain" and named is not None else name)


def looks(layout: Layout, words: Words) -> dict[str, track_board.Look]:
    """Each space's kind (its named kind, else its colour), colour, word, pictogram, tags,
    effect and line across, as [kinds] declares them."""
    found = {}
    for number in range(1, layout.board.spaces + 1):
        named = layout.placed_spaces.named_of(number)
        name = named.kind if named is not None else layout.placed_spaces.color_of(number)
        found[str(number)] = track_board.kind_look(
            name, layout.kinds.get(name, Kind()), fill_of(layout, number),
            space_word(layout, words, number))
    return found


# ---- the legend --------------------------------------------------------------------------


def pile_text(values: tuple[int, ...]) -> str:
    """A grey pile's name as printed: its values joined by middle dots."""
    return "·".join(str(v) for v in values)


def marked_fill(layout: Layout, kind: str) -> str:
    """The colour the board gives the space of ``kind`` (rider change, crash): its colour
    list's if it is in one, else the colour of its kind."""
    return fill_of(layout, layout.placed_spaces.number_of(kind))


def shade_word(layout: Layout, words: Words, kind: str) -> str:
    """The word for the colour of the space of ``kind``: its colour list's name, or the name
    of the colour the layout gives that kind of space."""
    spaces = layout.placed_spaces
    name = spaces.color_of(spaces.number_of(kind))
    return words(f"shade.{name if name != 'plain' else legends.shade(marked_fill(layout, kind))}")


def legend_values(layout: Layout, words: Words) -> dict[str, object]:
    """The numbers and colour words a legend text may name with ``{placeholders}``."""
    grey = layout.cards.grey.pile_values
    hands = layout.hands
    crash = layout.placed_spaces.number_of("crash")
    values: dict[str, object] = {
        "rider_change": layout.placed_spaces.number_of("rider-change"),
        "rider_change_colour": shade_word(layout, words, "rider-change"),
        "crash": crash if crash is not None else "",
        "crash_colour": shade_word(layout, words, "crash") if crash is not None else "",
        "low": pile_text(grey[0]), "high": pile_text(grey[-1]),
        "change_high": hands.change_high, "change_low": hands.change_low,
        "change_low_many": hands.change_low_many, "many_from": hands.many_from,
        "players": len(layout.player_colors),
    }
    for name in SPACE_COLORS:
        values[f"{name}_spaces"] = ", ".join(str(n) for n in getattr(layout.placed_spaces, name))
    return values


def legend_rows(layout: Layout) -> list[str]:
    """The legend's rows: a colour's row only when the board has spaces of that colour, the
    choice between a space's effect and the slipstream only when such spaces exist."""
    used = set(layout.placed_spaces.used_colors)
    shown = []
    for row in layout.legend.rows:
        if row in SPACE_COLORS and row not in used:
            continue
        if row == "crash" and layout.placed_spaces.number_of("crash") is None:
            continue
        if row == "card-or-slipstream" and not used & EFFECT_COLORS:
            continue
        shown.append(row)
    return shown


def legend_entries(layout: Layout, words: Words) -> list[legends.Entry]:
    """Each row of the legend: its swatch (the space's colour, the rider change's or crash's
    pictogram, the sprint line; none for a note on play), its title and its text."""
    values = legend_values(layout, words)
    entries = []
    for row in legend_rows(layout):
        fill, pictogram, line = None, None, None
        if row == "scoring":
            fill, line = layout.fill("plain"), layout.finish_color
        elif row in MARKED:
            fill, pictogram = marked_fill(layout, row), layout.kinds[row].picture
        elif row in SPACE_COLORS:
            fill = layout.fill(row)
        entries.append(legends.Entry(fill, pictogram, words(f"legend.{row}.title", **values),
                                     words(f"legend.{row}.text", **values), line))
    return entries


def legend_block(layout: Layout, words: Words, width: float = infield.LEGEND_WIDTH_MM) -> Block:
    """The whole legend in one panel ``width`` mm wide, under its title."""
    return legends.panel(legend_entries(layout, words), width, layout.ink,
                         layout.board.colors.edge, words("legend.title"), lang=words.lang)


# ---- card places -------------------------------------------------------------------------


def area_caption(layout: Layout, words: Words, deck: str, pile: int, use: str) -> str:
    """A card place's caption: the deck, the pile's values where the deck has several piles,
    and whether cards are drawn or discarded there."""
    piles = getattr(layout.cards, deck).pile_values
    values = f" {pile_text(piles[pile])}" if len(piles) > 1 else ""
    return words(f"infield.{use}", deck=words(f"cards.{deck}"), pile=values)


def places(layout: Layout, words: Words) -> list[infield.Place]:
    """The infield's marked places for piles of cards, in the decks' colours, each naming
    its pile as the cards' deck does (green, grey-1, grey-2)."""
    cards = layout.cards
    return [infield.Place("cards", getattr(cards, area.deck).pile_names[area.pile], area.use,
                          area_caption(layout, words, area.deck, area.pile, area.use),
                          cards.width_mm, cards.height_mm, getattr(cards, area.deck).fill)
            for area in layout.infield.areas]


# ---- what the race kind composes the board and board.json with -----------------------------


def board_facts(layout: Layout, words: Words) -> dict[str, object]:
    """What the race kind draws the velodrome with: each space's look, the card places in
    the infield, and no start word (the riders start on the start space)."""
    return {"looks": looks(layout, words), "places": places(layout, words), "start": None}


def extend_board_json(layout: Layout, words: Words, data: dict) -> dict:
    """The shared track board's board.json (every space with its number, kind, tags, colour,
    word, effect, centre, outline and the space after it; the oval's measures; the card
    places) under the rules plugin's name, with each rider's name and the decks' cards."""
    data = {"rules": layout.rules, **data}  # a race of the six-day rules
    data["players"] = [{**player, "name": words("riders.rider", number=player["number"])}
                       for player in data["players"]]
    data["cards"] = {name: {"counts": {str(v): n for v, n in
                                       getattr(layout.cards, name).counts.items()},
                            "assumed": getattr(layout.cards, name).assumed}
                     for name in ("green", "grey")}
    return data
