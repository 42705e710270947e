"""Geometry shared by every game: grids of cells, tracks of spaces, where they go on paper,
and who can get through a grid past its obstacles.

- :mod:`~boardgen.geometry.naming`: cell names (chess, spreadsheet, numbered);
- :mod:`~boardgen.geometry.cells`: grids from a rectangle or an ASCII map, neighbours, walls;
- :mod:`~boardgen.geometry.track`: tracks of spaces, loops with entries and home branches;
- :mod:`~boardgen.geometry.shapes`: space outlines in mm (cells, ovals, round spirals);
- :mod:`~boardgen.geometry.place`: cells to boxes in mm and seams on cell edges;
- :mod:`~boardgen.geometry.reach`: obstacles placed on a grid by the rules, and reachability of
  goals past them, as a report.

Nothing here draws: components turn this geometry into scenes. The names below are read from
their modules when first asked for: a build that draws a track imports no reachability check.
"""

from importlib import import_module

_HOMES = {"Grid": "cells", "MapError": "cells", "parse_map": "cells", "rectangle": "cells",
          "Cell": "naming", "Naming": "naming", "GridPlacement": "place",
          "Obstacle": "reach", "PlacingRules": "reach", "Runner": "reach",
          "check_placements": "reach", "check_reachability": "reach",
          "Space": "track", "Track": "track"}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
