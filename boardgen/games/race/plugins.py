"""Rules plugins of the race kind: what a race layout cannot say as data, named by its
``rules`` key.

A race layout states its track, its kinds of space, its pieces and its dice. A race whose
turns go otherwise (by cards, say) or whose rules need tables of their own names a rules
plugin: ``game = "race"`` with ``rules = "six_day_race"``. The plugins are read from the
``boardgen.race_rules`` entry points of every installed package (boardgen registers its own
the same way), so another package adds one without editing boardgen.

A plugin is a module (or ``module:object``) with ``Layout``: the race layout model with the
plugin's own tables (a subclass of :class:`boardgen.games.race.model.Layout`); its
``movement`` says how a turn moves (``"dice"``, the race kind's, or a word of the plugin's
such as ``"cards"``). The kind composes the plugin's layouts as its own (see
:mod:`boardgen.games.race.compose`) with whatever of ``board_facts``, ``aid_facts`` and
``extend_board_json`` the plugin gives; a plugin that prints its own way gives
``compose_game``. Any of ``rule_context``, ``diagrams``, ``analyse`` and ``play_advice`` take
the race kind's place for its layouts, and ``legend_entries`` and ``rule_sections`` (setup,
turn, finish) are what the kind's generated rules for a plugin's layout without a text
print (the legend also the board's, unless ``board_facts`` gives another). A
plugin whose turns are not thrown has no dice figures: without an ``analyse`` of its own,
``boardgen analyse`` refuses its layouts, saying why.
"""

from __future__ import annotations

from typing import Any

from boardgen.entry_points import in_group
from boardgen.games import load_registered

# boardgen's own plugins, as its pyproject.toml registers them (for a source tree that was
# never installed, so has no entry points).
BUILT_IN = {"six_day_race": "boardgen.games.six_day_race"}
ENTRY_POINTS = "boardgen.race_rules"


def registered() -> dict[str, str]:
    """Every rules plugin an installed package registers (name → ``module[:object]``),
    boardgen's own first; a plugin cannot take over a name boardgen ships."""
    found = dict(BUILT_IN)
    for entry in in_group(ENTRY_POINTS):
        found.setdefault(entry.name, entry.value)
    return found


def rules_for(name: str, source: str | None = None) -> Any:
    """The plugin registered as ``name``; bad input naming the known ones otherwise."""
    known = registered()
    plugin = load_registered(name, known, "no race rules", source, "rules")
    if not hasattr(plugin, "Layout"):
        raise TypeError(f"{known[name]} lacks Layout")
    return plugin


def plugin_of(layout: Any) -> Any | None:
    """The rules plugin of a race layout, or None for a race of the kind's own rules."""
    name = getattr(layout, "rules", None)
    return rules_for(name) if name else None
