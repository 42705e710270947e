"""Game registry: a layout's ``game`` key names one of these modules.

A game module provides:

- ``Layout``: its pydantic model, a subclass of :class:`boardgen.layout.LayoutBase`;
- ``compose_game(layout, setup=None) -> GameOutput``: everything it prints;
- optionally ``load_setup(layout, path) -> Setup`` and
  ``validate_setup(layout, path, partial=False) -> Report`` (``report.ok``, ``str(report)``)
  for games with obstacle placements, and ``random_setup(layout, seed) -> str`` (TOML text);
- optionally ``diagrams(layout) -> dict[str, Callable[[], Scene]]``: named figures for the
  rule sheet (``![caption](diagram:NAME)`` in the rule text).

Modules are imported on first use, so a command loads only the game it works on.
"""

from __future__ import annotations

import difflib
from importlib import import_module
from types import ModuleType

from boardgen.errors import InputError

KINDS = {
    "racing_kings": "boardgen.games.racing_kings",
    "river_race": "boardgen.games.river_race",
    "steeple_chess": "boardgen.games.steeple_chess",
    "six_day_race": "boardgen.games.six_day_race",
}


def game_for(kind: str, source: str | None = None) -> ModuleType:
    """The module for a layout's ``game`` kind."""
    if kind not in KINDS:
        close = difflib.get_close_matches(kind, list(KINDS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(KINDS)}"
        raise InputError(f"unknown game kind {kind!r}{hint}", source=source, key="game")
    return import_module(KINDS[kind])
