"""What the rules can say from the layout alone, in every shipped language: the components
and their counts, how to set up, a turn, what each kind of space does, how to win.

Every sentence is a word of the catalogues (``race.*``, ``part.*``) or of the layout's
labels, so a designer rewords one in ``[labels.<lang>]`` and a kind's own text in
``kinds.<name>.text``. The board's legend, the player aid and the rules' generated
sections use the same sentences.
"""

from __future__ import annotations

from typing import Any

from boardgen.components import component_type
from boardgen.components.base import Context
from boardgen.components.kinds import effect_of, kind_name
from boardgen.components.wording import (counted, number_ranges, spoken_alternatives,
                                         spoken_list)
from boardgen.i18n import Words
from boardgen.memo import IdentityMemo


def effect_sentence(layout, words: Words, name: str, spaces: list[int]) -> str:
    """What a kind of space does, as a sentence part starting in lower case; on a safe kind,
    that no piece is sent back from it."""
    sentence = _effect(layout, words, name, spaces)
    if name not in layout.race.safe or f"kinds.{name}.text" in words:
        return sentence
    if layout.kinds[name].effect == "none":
        return words("race.effect.safe")
    return f"{sentence} {words('race.effect.safe_too')}"


def _effect(layout, words: Words, name: str, spaces: list[int]) -> str:
    kind = layout.kinds[name]
    targets = [(n, effect_of(kind, layout.placed(n))) for n in spaces]
    values: dict[str, Any] = {"spaces": number_ranges(spaces)}
    jumps = [(n, e.to) for n, e in targets if e is not None and e.kind == "jump"]
    if jumps:
        values["to"] = jumps[0][1]
        values["targets"] = ", ".join(f"{n}\u00a0→\u00a0{to}" for n, to in jumps)
    skips = [(n, e.turns) for n, e in targets if e is not None and e.kind == "skip"]
    turns = skips[0][1] if skips else kind.turns
    values["turns"] = turns
    own = f"kinds.{name}.text"
    if own in words:
        return words(own, **values)
    if kind.effect == "none":
        return words("race.effect.none")
    if kind.effect == "jump":
        if len({to for _, to in jumps}) == 1:
            to = jumps[0][1]
            if to == 0:
                return back_to_start(layout, words, "race.effect.jump_start")
            return words("race.effect.jump", **values)
        return words("race.effect.jumps", **values)
    if kind.effect == "skip":
        if len({lost for _, lost in skips}) > 1:  # its spaces cost different numbers of turns
            by_space = ", ".join(f"{n}: {counted(words, 'race.effect.lost_turns', lost)}"
                                 for n, lost in skips)
            return words("race.effect.skips", by_space=by_space)
        return counted(words, "race.effect.skip", turns)
    if kind.effect == "start":
        return back_to_start(layout, words, "race.effect.start")
    return words(f"race.effect.{kind.effect}")


def back_to_start(layout, words: Words, key: str) -> str:
    """Where a piece sent back goes: the word ``key`` says the start; on a loop a player's
    start is its own corner, or its colour's space."""
    return words(f"race.loop.effect.start.{layout.race.start}" if on_a_loop(layout) else key)


def kinds_context(layout, words: Words) -> dict[str, dict[str, Any]]:
    """Each kind the board uses, by name: its word, spaces and what it does."""
    from boardgen.games.race.compose import spaces_of, used_kinds

    found = {}
    for name in used_kinds(layout):
        kind = layout.kinds[name]
        spaces = spaces_of(layout, name)
        effects = [effect_of(kind, layout.placed(n)) for n in spaces]
        found[name] = {
            "name": kind_name(words, name), "effect": kind.effect, "spaces": spaces,
            "spaces_text": number_ranges(spaces), "count": len(spaces),
            "targets": [{"from": n, "to": e.to} for n, e in zip(spaces, effects)
                        if e is not None and e.kind == "jump"],
            "targets_text": ", ".join(f"{n}\u00a0→\u00a0{e.to}" for n, e in zip(spaces, effects)
                                      if e is not None and e.kind == "jump"),
            "turns": next((e.turns for e in effects if e is not None and e.kind == "skip"), None),
            "text": effect_sentence(layout, words, name, spaces),
        }
    return found


def component_lines(layout, words: Words) -> list[dict[str, Any]]:
    """Every printed component: the board, then each declared one, with its count."""
    from boardgen.games.race.compose import players

    context = Context(words, players(layout), layout.ink)
    found = [{"count": 1, "text": words("part.track.summary", spaces=layout.length)}]
    for name, model in layout.components.items():
        for line in component_type(model.type).summary(model, name, _folder(layout, name, context)):
            found.append({"count": line.count, "text": line.text})
    return found


def _folder(layout, name: str, context: Context) -> Context:
    from dataclasses import replace

    from boardgen.games.race.compose import folder_of

    return replace(context, folder=folder_of(layout, f"components.{name}"))


def dice_words(layout, words: Words) -> str:
    return counted(words, "race.dice", layout.dice.count, sides=layout.dice.sides)


def first_throw_entries(layout, words: Words) -> str:
    """The first-throw table, entry by entry ("6 and 3 take you straight to space 26; ..."),
    the faces in the order the layout writes them; "" without a table."""
    return "; ".join(words("race.first_throw_entry",
                           faces=spoken_list(words, [part.strip() for part in key.split("+")]),
                           to=to) for key, to in layout.dice.first_throw.items())


def first_throw_sentence(layout, words: Words) -> str:
    """The first-throw table as a sentence, or ""."""
    entries = first_throw_entries(layout, words)
    return words("race.first_throw", entries=entries) if entries else ""


def on_a_loop(layout) -> bool:
    """Whether each player has a way of its own: an entry onto a loop and a home row (a cross)."""
    from boardgen.components.track_board import CrossLoop

    return isinstance(layout.board, CrossLoop)


def setup_sentence(layout, words: Words) -> str:
    """Where the pieces start: beside the board or on space 1, or on a loop in their corner
    or on their colour's space."""
    if on_a_loop(layout):  # the sentence on throws to enter says how a piece comes on
        key = ("race.loop.setup.enter" if layout.race.enter
               else f"race.loop.setup.{layout.race.start}")
    else:
        key = f"race.setup.{layout.race.start}"
    return counted(words, key, 1)  # a piece each


def turn_sentence(layout, words: Words) -> str:
    """A throw moves the piece; on a loop, where its way goes; the throws that bring a
    piece into play, where only some do, and those that give another throw."""
    turn = counted(words, "race.turn", layout.dice.count)
    if on_a_loop(layout):
        turn = f"{turn} {words('race.loop.way')}"
    enter = layout.race.enter
    if enter:
        table = "race.loop.capture" if on_a_loop(layout) else "race.capture"
        throws = spoken_alternatives(words, enter)
        turn = f"{turn} {words(f'{table}.enter', throws=throws)}"
    if layout.race.throw_again:
        throws = spoken_alternatives(words, layout.race.throw_again)
        turn = f"{turn} {words('race.capture.again', throws=throws)}"
    return turn


def capture_sentence(layout, words: Words) -> str:
    """Whether pieces share a space or send each other back, and where they are safe."""
    capture = layout.race.capture
    if on_a_loop(layout) and capture != "none":  # sent back to its corner or colour's space
        sentence = words(f"race.loop.capture.{capture}.{layout.race.start}")
    else:
        sentence = words(f"race.capture.{capture}")
    if layout.race.safe:
        kinds = spoken_list(words, [kind_name(words, name) for name in layout.race.safe])
        sentence = f"{sentence} {words('race.capture.safe', kinds=kinds)}"
    return sentence


def finish_sentence(layout, words: Words) -> str:
    """Who wins, with the finishing rule: on the last space, or the last of a home row."""
    if on_a_loop(layout):
        return words(f"race.loop.finish.{layout.race.finish}")
    return words(f"race.finish.{layout.race.finish}", last=layout.length)


def sections(layout, words: Words) -> dict[str, str]:
    """The generated sections of the rules, as Markdown in the kit's language."""
    kinds = kinds_context(layout, words)
    components = "\n".join(f"- {line['text']}" for line in component_lines(layout, words))
    spaces = "\n".join(f"- **{k['name']}** ({k['spaces_text']}): {k['text']}"
                       for k in kinds.values())
    setup = setup_sentence(layout, words)
    turn = turn_sentence(layout, words)
    finish = finish_sentence(layout, words)
    first = first_throw_sentence(layout, words)
    return {"components": components, "spaces": spaces or words("race.no_spaces"),
            "setup": setup, "turn": turn + (f" {first}" if first else ""), "finish": finish,
            "capture": capture_sentence(layout, words),
            "first_throw": first, "first_throw_entries": first_throw_entries(layout, words)}


def plugin_sections(layout, words: Words, plugin) -> dict[str, str]:
    """The generated sections for a layout whose rules plugin moves the pieces its own way:
    the components and their counts, and what each kind of space does (the plugin's legend,
    if it draws one: the board says the same); setting up, a turn and the finish only where
    the plugin gives them (``rule_sections``), as the kind's own tell of dice."""
    own = dict(plugin.rule_sections(layout, words)) if hasattr(plugin, "rule_sections") else {}
    if hasattr(plugin, "legend_entries"):
        entries = plugin.legend_entries(layout, words)
    else:
        from boardgen.games.race.compose import legend_entries

        # a kind without an effect does what the plugin's rules say, which the kind cannot
        # know: it is left out unless the layout gives its text (kinds.<name>.text)
        entries = [entry for name, entry in zip(_legend_kinds(layout),
                                                legend_entries(layout, words))
                   if layout.kinds[name].effect != "none" or f"kinds.{name}.text" in words]
    components = "\n".join(f"- {line['text']}" for line in component_lines(layout, words))
    spaces = "\n".join(f"- **{entry.name}**: {entry.text}" for entry in entries)
    return {"components": components, "spaces": spaces or words("race.no_spaces"),
            **{key: own.get(key, "") for key in ("setup", "turn", "finish")}}


def _legend_kinds(layout) -> list[str]:
    """The kinds the race kind's legend lists, in its order."""
    from boardgen.games.race.compose import used_kinds

    return [name for name in used_kinds(layout) if layout.kinds[name].legend]


def plugin_context(layout, words: Words, plugin) -> dict[str, Any]:
    """What the race kind's text for a rules plugin's layout prints (``rules.plugin.*.md``):
    the title, the players and the generated sections."""
    return {"title": words("title"),
            "players": {"min": layout.players.min, "max": layout.players.max},
            "sections": plugin_sections(layout, words, plugin), "headings": headings(words)}


def headings(words: Words) -> dict[str, str]:
    return {key: words(f"race.heading.{key}")
            for key in ("components", "setup", "turn", "spaces", "finish")}


def rule_context(layout, words: Words) -> dict[str, Any]:
    """Everything a race's rule text may print, as plain values: the counts, the kinds of space
    with their spaces and effects, and the generated sections (``sections.spaces``, ...)."""
    return {
        "title": words("title"),
        "spaces": layout.length,
        "last": layout.length,
        "dice": {"count": layout.dice.count, "sides": layout.dice.sides,
                 "text": dice_words(layout, words)},
        "players": {"min": layout.players.min, "max": layout.players.max},
        "start": layout.race.start,
        "finish": layout.race.finish,
        "capture": layout.race.capture,
        "safe": list(layout.race.safe),
        "enter": list(layout.race.enter),
        "throw_again": list(layout.race.throw_again),
        "first_throw": [{"faces": list(layout.dice.faces_of(key)), "to": to}
                        for key, to in layout.dice.first_throw.items()],
        "kinds": kinds_context(layout, words),
        "components": component_lines(layout, words),
        "sections": sections(layout, words),
        "headings": headings(words),
        "shape": layout.board.shape,
        **throw_figures(layout),
    }


_FIGURES = IdentityMemo(16)


def throw_figures(layout) -> dict[str, Any]:
    """How many throws one piece needs on average and at least (the exact analysis), rounded
    for a rule text; worked out once per layout."""
    def work() -> dict[str, Any]:
        from boardgen.games.race.analysis import exact
        from boardgen.games.race.play import course_of

        figures = exact(course_of(layout))
        return {"expected_throws": round(figures.expected_throws),
                "expected_turns": round(figures.expected_turns),
                "min_throws": figures.min_throws,
                "median_throws": figures.quantile(0.5)}

    return dict(_FIGURES.recall((layout,), work))


def aid_facts(layout, words: Words) -> dict[str, Any]:
    """What a player aid says: the kinds of space, then the turn and the finish."""
    from boardgen.games.race.compose import legend_entries

    notes = [turn_sentence(layout, words), finish_sentence(layout, words)]
    if layout.race.capture != "none":
        notes.insert(1, capture_sentence(layout, words))
    return {"heading": words("title"), "entries": legend_entries(layout, words),
            "notes": notes}
