"""Everything a race layout prints: the board from its track and kinds, board.json, and each
declared component, all composed by the shared components.

A layout with a rules plugin is composed here too; the plugin may give, each in place of the
kind's, what the board shows (``board_facts``: each space's look, the legend, an oval's card
places, the start word; its ``legend_entries`` are the legend otherwise), what a player aid
says (``aid_facts``) and what its board.json holds (``extend_board_json``, in place of the
dice race's ``race`` table).
"""

from __future__ import annotations

from pathlib import Path

from boardgen.components import Context, Parts, Player, component_type, track_board
from boardgen.components.kinds import Kind, kind_name
from boardgen.components.legend import Entry
from boardgen.games.race.model import Layout
from boardgen.games.race.plugins import plugin_of
from boardgen.games.race.sentences import effect_sentence, on_a_loop
from boardgen.i18n import Words
from boardgen.layout import provenance
from boardgen.memo import IdentityMemo
from boardgen.product import GameOutput

FINISH = "finish"
_PLANS: IdentityMemo = IdentityMemo(32)


def players(layout: Layout) -> tuple[Player, ...]:
    """The players, one colour each, up to the most that may play."""
    return tuple(Player(n, color) for n, color in enumerate(layout.player_colors, start=1))


def kind_of(layout: Layout, number: int) -> tuple[str, Kind] | None:
    placed = layout.placed(number)
    return (placed.kind, layout.kinds[placed.kind]) if placed is not None else None


def looks(layout: Layout, words: Words) -> dict[str, track_board.Look]:
    """What each main space of the track prints: its kind's colour, word and picture, its
    effect; the last space is the finish (not on a loop, where each player's home row ends
    its way)."""
    found: dict[str, track_board.Look] = {}
    finish = None if on_a_loop(layout) else layout.length
    for number in range(1, layout.length + 1):
        given = kind_of(layout, number)
        if given is None:
            if number == finish:
                found[str(number)] = track_board.Look(FINISH, None, words("race.finish_space"),
                                                      "flag", ("finish",))
            continue
        name, kind = given
        found[str(number)] = track_board.kind_look(
            name, kind, kind.fill, kind_name(words, name), layout.placed(number),
            ("finish",) if number == finish else ())
    return found


def used_kinds(layout: Layout) -> list[str]:
    """The kinds the board's spaces use, in the order of their first space."""
    found: list[str] = []
    for number in layout.marked:
        placed = layout.placed(number)
        if placed.kind not in found:
            found.append(placed.kind)
    return found


def spaces_of(layout: Layout, name: str) -> list[int]:
    return [n for n in layout.marked if layout.placed(n).kind == name]


def legend_entries(layout: Layout, words: Words) -> list[Entry]:
    """The legend: each kind the board uses (that asks to be listed), with what it does."""
    entries = []
    for name in used_kinds(layout):
        kind = layout.kinds[name]
        if not kind.legend:
            continue
        text = effect_sentence(layout, words, name, spaces_of(layout, name))
        entries.append(Entry(layout.fill(name),
                             kind.picture,
                             kind_name(words, name), text[:1].upper() + text[1:]))
    return entries


def folder_of(layout: Layout, key: str) -> Path | None:
    """The folder of the layout file that set ``key``: files it names are read beside it."""
    origin = provenance(layout).origin(key)
    if origin is not None:
        return origin.parent
    files = provenance(layout).files
    return files[0].parent if files else None


def context(layout: Layout, words: Words, **facts) -> Context:
    return Context(words, players(layout), layout.ink, facts=facts)


def compose_components(layout: Layout, words: Words, aid: dict) -> Parts:
    """Each component the layout declares, its sets and sheets in the layout's order; a
    player aid says what ``aid`` holds (a rules plugin's layout gives its own), a score
    sheet's columns of each space of a kind follow the board's spaces."""
    sets, sheets = [], []
    facts = {"aid": aid, "spaces": layout.spaces_by_kind()}
    for name, model in layout.components.items():
        kind = component_type(model.type)
        parts = kind.compose(model, name, Context(words, players(layout), layout.ink,
                                                  folder_of(layout, f"components.{name}"),
                                                  facts))
        sets += parts.sets
        sheets += parts.sheets
    return Parts(sets=tuple(sets), sheets=tuple(sheets))


def board_plan(layout: Layout):
    """The track laid out (a layout is frozen: it is laid out once for every language)."""
    return _PLANS.recall((layout,), lambda: track_board.plan(layout.board, layout.players.max))


def board_context(layout: Layout, words: Words) -> Context:
    """What the board is drawn from in ``words``: the laid-out track, each space's look, the
    legend and the start word (the rules plugin's, where it gives them)."""
    plugin = plugin_of(layout)
    # the start beside space 1; on a loop each player starts from its corner
    start = words("race.start_word") if layout.race.start == "off" and not on_a_loop(layout) \
        else None
    facts = {"looks": None, "legend": None, "start": start, "plan": board_plan(layout)}
    if hasattr(plugin, "board_facts"):
        facts.update(plugin.board_facts(layout, words))
    if facts["looks"] is None:
        facts["looks"] = looks(layout, words)
    if facts["legend"] is None:
        own = getattr(plugin, "legend_entries", None)
        facts["legend"] = (own or legend_entries)(layout, words)
    return context(layout, words, **facts)


def compose_game(layout: Layout, setup=None, words: Words | None = None) -> GameOutput:
    """The board, board.json, and every component the layout declares."""
    from boardgen.games.race.sentences import aid_facts
    from boardgen.i18n import words_for

    words = words or words_for(layout)
    plugin = plugin_of(layout)
    board = track_board.compose(layout.board, "board", board_context(layout, words))
    aid = (plugin.aid_facts if hasattr(plugin, "aid_facts") else aid_facts)(layout, words)
    pieces = compose_components(layout, words, aid)
    if hasattr(plugin, "extend_board_json"):
        board_json = plugin.extend_board_json(layout, words, dict(board.board_json))
    else:
        board_json = dict(board.board_json)
        board_json["race"] = race_json(layout)
    return GameOutput(board=board.board, board_json=board_json, component_sets=pieces.sets,
                      sheets=pieces.sheets)


def race_json(layout: Layout) -> dict:
    """board.json's ``race``: how the race starts, enters, finishes, is thrown and captures."""
    data = {"start": layout.race.start, "finish": layout.race.finish,
            "dice": {"count": layout.dice.count, "sides": layout.dice.sides},
            "first_throw": dict(layout.dice.first_throw)}
    if layout.race.enter:
        data["enter"] = list(layout.race.enter)
    if layout.race.throw_again:
        data["throw_again"] = list(layout.race.throw_again)
    if layout.race.capture != "none":
        data.update(capture=layout.race.capture, safe=list(layout.race.safe))
    return data
