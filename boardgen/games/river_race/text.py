"""What the rule texts say about this layout: every number and field name, as plain data.

``rule_context(layout, words)`` is what a rule text template sees besides the layout
itself, so a 15 × 15 river's rules name its own fields and the figures' cells.
"""

from __future__ import annotations

from typing import Any

from boardgen.games.river_race import examples
from boardgen.geometry.naming import column_letters, spreadsheet_cell
from boardgen.games.river_race.model import Layout, TileType, shape_size
from boardgen.i18n import Words

BOOK_TILES = 140        # the book's tile count, and its "twelve of each type"
BOOK_PER_TYPE = 12


def rule_context(layout: Layout, words: Words) -> dict[str, Any]:
    """Board, players, tiles, obstacles, play numbers and the cells the figures show."""
    board = layout.board
    return {
        "columns": board.columns,
        "rows": board.rows,
        "first_column": "A",
        "last_column": column_letters(board.columns - 1),
        "top_left": f"A{board.rows}",
        "players": [player_facts(layout, index) for index in range(len(layout.players))],
        "tiles": tile_facts(layout),
        "obstacles": obstacle_facts(layout, words),
        "black": family_facts(layout, role(layout, "black", 0), words),
        "green": family_facts(layout, role(layout, "green", 1), words),
        "hand": layout.play.hand,
        "take_back_obstacle": layout.play.take_back_obstacle,
        "take_back_collision": layout.play.take_back_collision,
        "take_back_off_board": layout.play.take_back_off_board,
        "turnable": layout.tiles.turnable,
        "figures": figure_facts(layout),
    }


def player_facts(layout: Layout, index: int) -> dict[str, Any]:
    player = layout.players[index]
    goal = next(p.bank for p in layout.players if p is not player)
    return {"number": index + 1, "bank": player.bank, "goal": goal, "start": player.start,
            "start_column": column_letters(spreadsheet_cell(player.start)[0]),
            "reserves": list(player.reserve), "reserve_count": len(player.reserve)}


def tile_kind(tile: TileType) -> str:
    """straight, turn, crossing or other: how a tile's line joins the edges."""
    ends = "".join(tile.ends())
    if len(tile.paths) == 1 and ends in ("NS", "EW"):
        return "straight"
    if len(tile.paths) == 1 and len(ends) == 2:
        return "turn"
    if len(tile.paths) == 2 and ends == "NESW":
        return "crossing"
    return "other"


def tile_facts(layout: Layout) -> dict[str, Any]:
    types = [t for t in layout.tiles.types if t.count]
    counts = {t.count for t in types}
    kinds = {kind: sum(1 for t in types if tile_kind(t) == kind)
             for kind in ("straight", "turn", "crossing", "other")}
    total = sum(t.count for t in types)
    return {"total": total, "types": len(types),
            "per_type": counts.pop() if len(counts) == 1 else None,
            "kinds": kinds, "size_mm": round(layout.board.cell_mm, 1),
            "book_total": BOOK_TILES, "book_per_type": BOOK_PER_TYPE}


def family_facts(layout: Layout, family: str, words: Words) -> dict[str, Any]:
    spec = layout.obstacles[family]
    shapes = [{"columns": w, "rows": h, "count": count, "square": w == h,
               "text": f"{w} × {h}"}
              for shape, count in spec.shapes.items() if count
              for w, h in [shape_size(shape)]]
    return {"name": family, "per_player": spec.per_player, "in_box": sum(spec.shapes.values()),
            "shapes": shapes, "reminder": words.get(f"piece.{family}", "")}


def obstacle_facts(layout: Layout, words: Words) -> dict[str, Any]:
    families = [family_facts(layout, name, words) for name in layout.obstacles]
    return {"families": families, "in_box": sum(f["in_box"] for f in families),
            "per_player": sum(f["per_player"] for f in families)}


def role(layout: Layout, name: str, index: int) -> str:
    """The family the text calls black (or green): that one, or the index-th family."""
    if name in layout.obstacles:
        return name
    families = list(layout.obstacles)
    return families[min(index, len(families) - 1)]


def figure_facts(layout: Layout) -> dict[str, Any]:
    """The cells the rule figures show, named for the captions."""
    plan = examples.plan(layout)
    return {
        "player": plan.player,
        "other": plan.other,
        "black": _cells(examples.black_hazard(layout)),
        "green": _cells(examples.green_hazard(layout)),
        "collision": _cells(examples.collision_hazard(layout)),
        "off_board": _cells(examples.off_board_hazard(layout)),
        "whirlpool": _cells(examples.whirlpool_hazard(layout)),
        "illegal": examples.illegal_example(layout) is not None,
    }


def _cells(hazard: examples.Hazard) -> dict[str, Any]:
    """A hazard figure's named cells, and how many of its tiles it numbers as taken back."""
    return dict(hazard.cells or {}, taken_back=len(hazard.taken_back))
