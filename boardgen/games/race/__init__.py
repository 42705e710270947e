"""A race game from its layout alone: throw the dice, move along the track, obey the spaces.

The generic kind (``game = "race"``) needs no code of its own: a layout declares its board
(a track of any shape), its kinds of space and what each does, its dice and its
components, and gets the whole kit: the board, the pieces' sheets, the rules with their
generated sections in every shipped language, board.json, exports, and ``analyse``'s
exact figures. Snakes and Ladders and the Game of the Goose ship as layouts of it.

A race whose rules a layout cannot state (turns moved by cards, a rider change) names a
rules plugin, ``rules = "six_day_race"`` (see :mod:`boardgen.games.race.plugins`): the
plugin's layout model adds its own tables to the race layout's, and its capabilities
stand in for the kind's below. The six-day race ships as such a layout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from boardgen.games.race import compose, sentences
from boardgen.games.race.model import Layout
from boardgen.games.race.plugins import plugin_of, rules_for
from boardgen.i18n import Words, words_for

__all__ = ["Layout", "analyse", "compose_game", "default_rule_text", "diagrams", "layout_model",
           "play_advice", "rule_context", "starter_text"]

HERE = Path(__file__).resolve().parent


def layout_model(data: Mapping[str, Any], source: str | None = None) -> type:
    """The model a race layout's data is validated with: its rules plugin's, if it names one."""
    name = data.get("rules")
    if isinstance(name, str) and name:
        return rules_for(name, source).Layout
    return Layout


def compose_game(layout: Layout, setup=None, words: Words | None = None):
    """The board, board.json and every component the layout declares."""
    plugin = plugin_of(layout)
    if plugin is not None and hasattr(plugin, "compose_game"):
        return plugin.compose_game(layout, setup, words)  # a plugin that prints its own way
    return compose.compose_game(layout, setup, words)


def rule_context(layout: Layout, words: Words) -> dict[str, Any]:
    """The values a rule text may print: the plugin's where the layout has one, with the
    sections the kind generates for a plugin's layout (its text without dice)."""
    plugin = plugin_of(layout)
    if plugin is None:
        return sentences.rule_context(layout, words)
    own = dict(plugin.rule_context(layout, words)) if hasattr(plugin, "rule_context") else {}
    return {**sentences.plugin_context(layout, words, plugin), **own}


def diagrams(layout: Layout, words: Words | None = None) -> Mapping[str, Callable[[], Any]]:
    """The rules' figures: the whole board (a plugin may draw its own)."""
    plugin = plugin_of(layout)
    if plugin is not None and hasattr(plugin, "diagrams"):
        return plugin.diagrams(layout, words)
    words = words or words_for(layout)

    def board():
        return compose_game(layout, words=words).board.scene

    return {"board": board}


def analyse(layout: Layout, request: Any):
    """Exact figures of one player's race and a seeded simulation (``boardgen analyse``);
    a plugin's own analysis, and none where turns are not thrown."""
    from boardgen.errors import InputError
    from boardgen.games.race.analysis import analyse as run
    from boardgen.layout import provenance

    plugin = plugin_of(layout)
    if plugin is not None and hasattr(plugin, "analyse"):
        return plugin.analyse(layout, request)
    if layout.movement != "dice":
        files = provenance(layout).files
        raise InputError(f"turns move by {layout.movement} here, not by dice: the race "
                         f"kind's figures are for thrown dice, and the {layout.rules} rules "
                         "bring no analysis of their own",
                         source=str(files[0]) if files else layout.name, key="rules")
    return run(layout, request)


def play_advice(layout: Layout, setup: Path | None = None) -> str | None:
    """One line for ``check`` when a race is very long for one player (over 200 throws)."""
    from boardgen.games.race.analysis import exact
    from boardgen.games.race.play import course_of

    plugin = plugin_of(layout)
    if plugin is not None and hasattr(plugin, "play_advice"):
        return plugin.play_advice(layout, setup)
    if layout.movement != "dice":
        return None

    figures = exact(course_of(layout))
    if figures.expected_throws > 200:
        return (f"one player needs {figures.expected_throws:.0f} throws on average to finish "
                "this race; fewer backward jumps or a shorter track make it quicker")
    return None


def default_rule_text(lang: str, layout: Layout | None = None) -> Path | None:
    """The kind's own rule text in ``lang``, made of the generated sections, for a layout
    without a text of its own. A layout with a rules plugin gets the plugin's text if it has
    one, else the kind's text for plugins: the same generated sections (components, what
    each kind of space does) with the plugin's way of moving instead of the dice."""
    plugin = plugin_of(layout) if layout is not None else None
    name = f"rules.{lang}.md"
    if plugin is not None:
        own = getattr(plugin, "default_rule_text", None)
        if own is not None and own is not default_rule_text:
            return own(lang)
        if own is None:  # a plugin may take the kind's dice text as its own
            name = f"rules.plugin.{lang}.md"
    path = HERE / name
    return path if path.is_file() else None


def starter_text(path: Path) -> str:
    """A commented layout of a small race game that checks as written (``boardgen new race``)."""
    from boardgen.layout import safe_identifier

    text = (HERE / "starter.toml").read_text(encoding="utf-8")
    name = safe_identifier(path.stem)
    return text.replace("{name}", name).replace("{file}", path.name)
