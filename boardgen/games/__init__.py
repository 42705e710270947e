"""Game registry: a layout's ``game`` key names one of these modules.

The kinds are read from the ``boardgen.games`` entry points of every installed package
(boardgen registers its own the same way), so a plugin package adds a game without
editing boardgen: its entry point names a module (or ``module:object``) that is a
:class:`Game` with any of the capabilities below.

Every game module is a :class:`Game`: a pydantic ``Layout`` model (a subclass of
:class:`boardgen.layout.LayoutBase`) and ``compose_game``. The optional capabilities
are protocols of their own, so commands ask ``isinstance(module, HasSetups)``
instead of probing for attribute names:

- :class:`HasSetups`: games with obstacle placements load, validate and generate setups;
- :class:`HasDiagrams`: named figures for the rule sheet (``![caption](diagram:NAME)``);
- :class:`HasRuleContext`: values for the rule text templates;
- :class:`HasAnalysis`: play analysis (``boardgen analyse``) and advice for ``check``;
- :class:`HasFairSetups`: random setups that give no player a longer way (``setup --fair``).

Modules are imported on first use, so a command loads only the game it works on.
"""

from __future__ import annotations

import difflib
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, runtime_checkable

from boardgen.entry_points import in_group
from boardgen.errors import InputError

# boardgen's own kinds, as its pyproject.toml registers them: the table used when boardgen
# runs from a source tree that was never installed (so has no entry points).
BUILT_IN = {
    "racing_kings": "boardgen.games.racing_kings",
    "river_race": "boardgen.games.river_race",
    "steeple_chess": "boardgen.games.steeple_chess",
    "race": "boardgen.games.race",
}
ENTRY_POINTS = "boardgen.games"
# Former game kinds that are now layouts of another kind: a layout naming one is read as
# these keys say (6-Tage Rennen is a race with its rules plugin).
ALIASES: dict[str, dict[str, str]] = {
    "six_day_race": {"game": "race", "rules": "six_day_race"},
}


def registered_kinds() -> dict[str, str]:
    """Every game kind an installed package registers in the ``boardgen.games`` entry point
    group (kind → ``module`` or ``module:object``), boardgen's own first.

    A plugin cannot take over a kind boardgen ships: the shipped games keep their names.
    """
    found = dict(BUILT_IN)
    own = {}
    for entry in in_group(ENTRY_POINTS):
        if entry.name in ALIASES:
            continue  # an install older than the move still lists the former kind
        if entry.name in BUILT_IN:
            own[entry.name] = entry.value
        else:
            found.setdefault(entry.name, entry.value)
    found.update(own)  # an installed boardgen's own entry points say where its games are
    return found


KINDS = registered_kinds()


@runtime_checkable
class Game(Protocol):
    """What every game provides: its layout model and everything it prints."""

    Layout: type

    def compose_game(self, layout: Any, setup: Any = None, words: Any = None) -> Any:
        """The game's :class:`~boardgen.product.GameOutput` in the language of ``words``."""


@runtime_checkable
class HasSetups(Protocol):
    """A game with obstacle placements: setup files to draw, validate and generate."""

    def load_setup(self, layout: Any, path: Path) -> Any:
        """A setup file read and checked for drawing."""

    def validate_setup(self, layout: Any, path: Path, partial: bool = False) -> Any:
        """A report (``report.ok``, ``str(report)``) on a setup's legality."""

    def random_setup(self, layout: Any, seed: int) -> str:
        """A legal setup as TOML text; the same seed gives the same setup."""


@runtime_checkable
class HasDiagrams(Protocol):
    """A game that draws figures for its rule text."""

    def diagrams(self, layout: Any, words: Any = None) -> Mapping[str, Callable[[], Any]]:
        """Figure name → function drawing its scene."""


@runtime_checkable
class HasRuleContext(Protocol):
    """A game whose rule text templates read values computed from the layout."""

    def rule_context(self, layout: Any, words: Any) -> dict[str, Any]:
        """Plain values (numbers, strings, lists, dicts) for the rule text."""


@runtime_checkable
class HasAnalysis(Protocol):
    """A game whose play can be analysed: figures for a designer, advice for ``check``."""

    def analyse(self, layout: Any, request: Any) -> Any:
        """The :class:`boardgen.analysis.Analysis` of a layout (and the request's setup)."""

    def play_advice(self, layout: Any, setup: Path | None = None) -> str | None:
        """One line when the layout plays far from the shipped game's figures, or None."""


@runtime_checkable
class HasFairSetups(Protocol):
    """A game whose random setups can be made fair: no player has a longer way to go."""

    def fair_setup(self, layout: Any, seed: int) -> str:
        """A legal, fair setup as TOML text; the same seed gives the same setup."""


def load_registered(name: str, table: Mapping[str, str], refusal: str, source: str | None,
                    key: str) -> Any:
    """The object ``table`` registers as ``name`` (``module`` or ``module:object``), imported
    now; bad input naming the closest registered name otherwise (``refusal``: what the
    message calls an unregistered name, "unknown game kind")."""
    if name not in table:
        close = difflib.get_close_matches(name, list(table), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(table)}"
        raise InputError(f"{refusal} {name!r}{hint}", source=source, key=key)
    module_name, _, attribute = table[name].partition(":")
    loaded = import_module(module_name)
    return getattr(loaded, attribute) if attribute else loaded


def game_for(kind: str, source: str | None = None) -> Game:
    """The module (or plugin object) for a layout's ``game`` kind."""
    game = load_registered(kind, KINDS, "unknown game kind", source, "game")
    if not isinstance(game, Game):
        raise TypeError(f"{KINDS[kind]} lacks Layout or compose_game")
    return game


def resolve_alias(data: Mapping[str, Any]) -> dict[str, Any]:
    """Layout data with a former game kind (``game = "six_day_race"``) written as it is now
    (``game = "race"``, ``rules = "six_day_race"``); other data as it is."""
    given = dict(data)
    kind = given.get("game")
    if isinstance(kind, str) and kind in ALIASES:
        given.update(ALIASES[kind])
    return given


def layout_model(data: Mapping[str, Any], source: str | None = None) -> type:
    """The model that validates a layout's merged data: its game kind's, or the model the
    kind chooses from the data (a race layout's rules plugin's)."""
    game = game_for(data["game"], source)
    choose = getattr(game, "layout_model", None)
    return choose(data, source) if choose is not None else game.Layout


def capable(module: Any, capability: type, source: str, missing: str) -> Any:
    """``module`` if it has the capability; otherwise bad input saying what the game lacks."""
    if not isinstance(module, capability):
        raise InputError(missing, source=source)
    return module
