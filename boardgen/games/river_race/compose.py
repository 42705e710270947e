"""Everything the game prints, and the machine-readable board."""

from __future__ import annotations

from boardgen.games.river_race.board import board_parts, board_view
from boardgen.games.river_race.components import (compose_obstacles, compose_penalties,
                                                   compose_tiles)
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.setup import Setup
from boardgen.geometry.naming import spreadsheet_cell
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_for
from boardgen.product import GameOutput


def compose_game(layout: Layout, setup: Setup | None = None,
                 words: Words | None = None) -> GameOutput:
    """The board (with a setup's obstacles, if given), the tiles, the obstacle pieces and the
    penalty cards."""
    words = words or words_for(layout, "en")
    board = board_parts(layout, setup, words)
    return GameOutput(board=board.board,
                      board_json=board_json(layout, setup, board.board_json),
                      component_sets=(compose_tiles(layout, words),
                                      compose_obstacles(layout, words),
                                      compose_penalties(layout, words)))


def board_json(layout: Layout, setup: Setup | None = None, cells: dict | None = None) -> dict:
    """The grid board's cells (ids, kinds, tags, centres in mm, the fields' owners); players,
    obstacle kinds, tile types; the setup's obstacles."""
    document = dict(cells if cells is not None else board_parts(layout).board_json)
    view = board_view(layout)
    document.update({
        "players": [{"number": n, "name": p.name, "color": p.color, "mark": mark_for(n - 1),
                     "start": p.start,
                     "reserve": list(p.reserve), "bank_row": p.bank,
                     "goal_row": next(q.bank for q in layout.players if q.bank != p.bank)}
                    for n, p in enumerate(layout.players, start=1)],
        "obstacle_kinds": [{"piece": k.name, "family": k.family, "size": [k.width, k.height],
                            "in_box": k.in_box, "per_player": layout.obstacles[k.family].per_player,
                            "color": layout.obstacles[k.family].color}
                           for k in layout.kinds().values()],
        "tile_types": [{"name": t.name, "count": t.count, "ends": list(t.ends()),
                        "paths": list(t.paths)} for t in layout.tiles.types],
    })
    if setup is not None:
        document["obstacles"] = [_placed(layout, view, p) for p in setup.placements]
    return document


def _placed(layout: Layout, view, placement) -> dict:
    centres = []
    for name in placement.cells:
        try:
            col, row = spreadsheet_cell(name)
        except ValueError:
            continue
        if 0 <= col < layout.board.columns and 1 <= row <= layout.board.rows:
            cx, cy = view.center(col, row)
            centres.append([round(cx, 3), round(cy, 3)])
    return {"piece": placement.piece, "player": placement.player,
            "cells": list(placement.cells), "centers": centres}
