"""Geometry shared by every game: grids of cells, tracks of spaces, where they go on paper,
and who can get through a grid past its obstacles.

- :mod:`~boardgen.geometry.naming`: cell names (chess, spreadsheet, numbered);
- :mod:`~boardgen.geometry.cells`: grids from a rectangle or an ASCII map, neighbours, walls;
- :mod:`~boardgen.geometry.track`: tracks of spaces, loops with entries and home branches;
- :mod:`~boardgen.geometry.shapes`: space outlines in mm (cells, ovals, round spirals);
- :mod:`~boardgen.geometry.place`: cells to boxes in mm and seams on cell edges;
- :mod:`~boardgen.geometry.reach`: obstacles placed on a grid by the rules, and reachability of
  goals past them, as a report.

Nothing here draws: components turn this geometry into scenes.
"""

from boardgen.geometry.cells import Grid, MapError, parse_map, rectangle
from boardgen.geometry.naming import Cell, Naming
from boardgen.geometry.place import GridPlacement
from boardgen.geometry.reach import (Obstacle, PlacingRules, Runner, check_placements,
                                     check_reachability)
from boardgen.geometry.track import Space, Track

__all__ = ["Cell", "Grid", "GridPlacement", "MapError", "Naming", "Obstacle", "PlacingRules",
           "Runner", "Space", "Track", "check_placements", "check_reachability", "parse_map",
           "rectangle"]
