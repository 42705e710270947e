"""The numbers a rule text names, taken from the layout: spaces, named spaces, cards, hands."""

from __future__ import annotations

from typing import Any

from boardgen.games.six_day_race.board import (legend_entries, legend_rows, pile_text,
                                               shade_word, space_word)
from boardgen.games.six_day_race.model import SPACE_COLORS, Layout
from boardgen.components.wording import number_ranges, spoken_list
from boardgen.i18n import Words


def counts_text(counts: dict[int, int]) -> str:
    """``4 × 1, 4 × 2, 3 × 3``: how many cards of each value, in any language."""
    return ", ".join(f"{count} × {value}" for value, count in counts.items() if count)


def rule_context(layout: Layout, words: Words) -> dict[str, Any]:
    """Everything a rule text may print about this layout, as plain values."""
    spaces, cards, hands = layout.placed_spaces, layout.cards, layout.hands
    low, high = cards.grey.pile_values[0], cards.grey.pile_values[-1]
    few, many = layout.player_counts
    crash = spaces.number_of("crash")
    spread = spaces.spread_from
    return {
        "spaces": layout.board.spaces,
        "direction": layout.board.direction,
        "space_mm": layout.board.space_mm,
        "finish": spaces.number_of("finish"),
        "start": spaces.number_of("start"),
        "rider_change": spaces.number_of("rider-change"),
        "crash": spaces.number_of("crash"),
        "sprints": list(spaces.sprints),
        "named": [{"number": named.space, "kind": named.kind,
                   "word": space_word(layout, words, named.space)}
                  for named in sorted(spaces.named, key=lambda named: named.space)],
        "colors": {name: list(getattr(spaces, name)) for name in SPACE_COLORS},
        "used_colors": list(spaces.used_colors),
        "color_ranges": {name: number_ranges(getattr(spaces, name)) for name in SPACE_COLORS},
        # the first eighth of the lap: spaces 1 to 10 of 80
        "black_after_line": [n for n in spaces.black if n <= layout.board.spaces // 8],
        "rider_change_colour": shade_word(layout, words, "rider-change"),
        "crash_colour": shade_word(layout, words, "crash") if crash is not None else None,
        "spread_colors": sorted(spread, key=SPACE_COLORS.index),
        "spread_from": sorted(set(spread.values())),
        "first_green": min(spaces.green, default=None),
        "other_greens": sorted(spaces.green)[1:],
        "coloured": sum(len(getattr(spaces, name)) for name in SPACE_COLORS),
        "legend_rows": legend_rows(layout),
        "green_cards": dict(cards.green.counts),
        "grey_cards": dict(cards.grey.counts),
        "green_total": cards.green.total,
        "grey_total": cards.grey.total,
        "green_text": counts_text(cards.green.counts),
        "grey_text": counts_text(cards.grey.counts),
        "grey_assumed": cards.grey.assumed,
        "green_assumed": cards.green.assumed,
        "low_pile": pile_text(low),
        "high_pile": pile_text(high),
        "low_count": cards.grey.pile_count(0),
        "high_count": cards.grey.pile_count(len(cards.grey.pile_values) - 1),
        "hand_few": counts_text(hands.few_players),
        "hand_many": counts_text(hands.many_players),
        "hand_size_few": sum(hands.few_players.values()),
        "hand_size_many": sum(hands.many_players.values()),
        "many_from": hands.many_from,
        "min_players": few,
        "max_players": many,
        "riders": len(layout.player_colors),
        "change_high": hands.change_high,
        "change_low": hands.change_low,
        "change_low_many": hands.change_low_many,
        "races": layout.races,
        "points": list(layout.points),
        "points_text": spoken_list(words, layout.points),
        "scorers": len(layout.points),
    }


def rule_sections(layout: Layout, words: Words) -> dict[str, str]:
    """The turn as the race kind's generated rules tell it for a six-day layout without a
    rule text of its own: a card played, and how a race ends (the player aid's words)."""
    return {"turn": f"{turn_text(words)} {race_text(layout, words)}"}


def turn_text(words: Words) -> str:
    return words("aid.turn")


def race_text(layout: Layout, words: Words) -> str:
    return words("aid.race", finish=layout.placed_spaces.number_of("finish"))


def aid_facts(layout: Layout, words: Words) -> dict:
    """What a player aid says: how a turn goes, what every marked space of the board does
    (the legend's rows, as the board prints them) and how a race ends."""
    return {"heading": words("aid.heading"), "lead": [turn_text(words)],
            "entries": legend_entries(layout, words), "notes": [race_text(layout, words)]}
