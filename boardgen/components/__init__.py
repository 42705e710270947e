"""Components declared in layouts: one registry of types, each a model and a ``compose``.

A layout declares a component in a named table with its ``type``
(``[components.pawns] type = "tokens"``), so a layout that extends another can change one
component (``[components.pawns] size_mm = 25``) without restating the others. Each type
makes what a shipped piece has (imposed sheets with shared cuts, backs, bleed, spares,
shop mode, the ink saver, TGC and TTS export and the preview come from the layers below,
which take any :class:`boardgen.product.GameOutput`):

- boards: ``track`` (spaces along a path), ``grid`` (square cells, chequer or by kind),
  ``course`` (a grid from an ASCII map with walls);
- pieces: ``tokens`` (disc, standee, block, pawn), ``deck`` (cards from a table or CSV file,
  backs per pile), ``tiles`` (from path data), ``die`` (nets with pips or faces of your
  own), ``score_sheet`` (from columns), ``player_aid`` (what the spaces do);
- parts of boards: the title band, the legend, pictograms, ladders, snakes and arrows.

Another installed package adds a type through the entry point group ``boardgen.components``
(name → a module or object with ``NAME``, ``Model``, ``compose`` and ``summary``).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Annotated, Any, Union

from pydantic import Field

from boardgen.components.base import ComponentType, Context, Parts, Player, Summary
from boardgen.entry_points import in_group
from boardgen.errors import InputError

BOARDS = {"track": "boardgen.components.track_board", "grid": "boardgen.components.grid_board",
          "course": "boardgen.components.course"}
PIECES = {"tokens": "boardgen.components.tokens", "deck": "boardgen.components.deck",
          "tiles": "boardgen.components.tiles", "die": "boardgen.components.die",
          "score_sheet": "boardgen.components.score_sheet",
          "player_aid": "boardgen.components.player_aid"}
ENTRY_POINTS = "boardgen.components"

__all__ = ["BOARDS", "PIECES", "ComponentType", "Context", "Parts", "Player", "Summary",
           "component_type", "piece_types", "pieces_model"]


def _load(target: str) -> Any:
    """A module (``pkg.module``) or an object in one (``pkg.module:name``)."""
    module, _, attribute = target.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


@lru_cache(maxsize=None)
def piece_types() -> dict[str, Any]:
    """Every piece type: boardgen's own, then those other installed packages register."""
    found = {name: _load(target) for name, target in PIECES.items()}
    for entry in in_group(ENTRY_POINTS):
        if entry.name in found:
            continue  # boardgen's own types keep their names
        loaded = entry.load()
        if not isinstance(loaded, ComponentType):
            raise TypeError(f"component type {entry.name!r} ({entry.value}) lacks NAME, Model, "
                            "compose or summary")
        found[entry.name] = loaded
    return found


def component_type(name: str) -> Any:
    """The module of a board or piece type by its name."""
    if name in BOARDS:
        return _load(BOARDS[name])
    types = piece_types()
    if name not in types:
        raise InputError(f"unknown component type {name!r}; expected one of "
                         f"{', '.join([*BOARDS, *types])}", key="type")
    return types[name]


@lru_cache(maxsize=None)
def pieces_model() -> Any:
    """The type of a layout's ``[components.<name>]`` table: any piece type, by ``type``."""
    models = tuple(module.Model for module in piece_types().values())
    return Annotated[Union[models], Field(discriminator="type")]  # type: ignore[valid-type]
