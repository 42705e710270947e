"""The generic check of obstacles on a grid, as every grid game that declares obstacles gets
it: a grid board's declared obstacles and players, the wall drawn past column Z, and the
check's verdict against a plain search on boards drawn in ASCII."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from boardgen.components import grid_board
from boardgen.components.base import Context
from boardgen.geometry.cells import parse_map, rectangle
from boardgen.geometry.reach import (Obstacle, Runner, cells_named, check_reachability,
                                     obstacles_of)
from boardgen.i18n import words_for

BOARD = grid_board.Model

MAZE = """
g g g g g
# # . # #
. . . # .
. # # # .
. . s . .
"""


def board(map_text: str, **reach) -> grid_board.Model:
    return TypeAdapter(BOARD).validate_python({
        "type": "grid", "map": map_text, "naming": "spreadsheet", "fill": "kinds",
        "legend": {".": "plain", "#": "rock", "s": "start", "g": "goal"},
        "reach": {"blocked": ["rock"], "players": [{"starts": ["start"], "goals": ["goal"]}],
                  **reach}})


def test_a_grid_board_with_a_way_through_is_accepted_and_tags_its_cells():
    model = board(MAZE)
    words = words_for(None, "en")
    words = type(words)("en", dict(words.table, title="A maze", subtitle=""))
    parts = grid_board.compose(model, "board", Context(words))
    tags = {space["id"]: space["tags"] for space in parts.board_json["spaces"]}
    assert "obstacle" in tags["A4"] and "obstacle" not in tags["C4"]
    assert "start" in tags["C1"] and all("goal" in tags[f"{c}5"] for c in "ABCDE")
    starts = [s for s in parts.board_json["spaces"] if "start_of" in s]
    assert [(s["id"], s["start_of"]) for s in starts] == [("C1", [1])]


def test_a_grid_board_that_walls_a_player_in_is_refused_with_the_wall_drawn():
    with pytest.raises(ValidationError) as caught:
        board(MAZE, cells=["C4"])
    message = str(caught.value)
    assert "player 1 cannot reach goal from C1; walled in by" in message
    assert ", C4" in message  # the single cell blocked besides the rocks
    lines = message.splitlines()
    assert "4  X X X X X  4" in [line.strip() for line in lines]  # the wall, in capitals
    assert any(line.strip().startswith("1  + + S + +") for line in lines)


def test_a_declared_word_that_is_no_kind_and_no_cell_names_its_key():
    with pytest.raises(ValidationError, match="'lava' is neither a kind of cell"):
        board(MAZE, players=[{"starts": ["start"], "goals": ["lava"]}])
    with pytest.raises(ValidationError, match="no cells of kind 'lava'"):
        board(MAZE, blocked=["lava"])


def test_obstacles_are_groups_of_blocked_cells_joined_edge_to_edge():
    grid = parse_map(MAZE, {".": "plain", "#": "rock", "s": "start", "g": "goal"})
    groups = obstacles_of(grid, ["rock"])
    assert [o.label for o in groups] == ["rock on A4 B4", "rock on D4 E4 D3 B2 C2 D2"]
    assert cells_named(grid, ["start", "A1"]) == ((2, 4), (0, 4))


def test_the_wall_is_drawn_with_column_names_past_z():
    grid = rectangle(30, 6)
    wall = [Obstacle("wall", tuple((c, 2) for c in range(30)), "b")]
    report = check_reachability(grid, wall, [Runner(1, ((27, 5),), tuple((c, 0) for c in range(30)),
                                                    "row 6")])
    lines = report.board.splitlines()
    assert lines[0] == "player 1, from AB1:"
    assert lines[1].startswith("   A  B  C") and lines[1].endswith("Z  AA AB AC AD")
    assert lines[4] == "4  " + "  ".join("B" * 30) + "  4"
    assert lines[7].startswith("1  +  +") and "S  +  +" in lines[7]


def plain_reach(rows: list[str], starts, goals, corners: bool) -> bool:
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)] + ([(1, 1), (1, -1), (-1, 1), (-1, -1)]
                                                  if corners else [])
    seen, queue = set(starts), deque(starts)
    while queue:
        c, r = queue.popleft()
        if (c, r) in goals:
            return True
        for dc, dr in steps:
            n = (c + dc, r + dr)
            if 0 <= n[0] < len(rows[0]) and 0 <= n[1] < len(rows) and rows[n[1]][n[0]] == "." \
                    and n not in seen:
                seen.add(n)
                queue.append(n)
    return False


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.sampled_from(["orthogonal", "king"]), st.data())
def test_the_check_agrees_with_a_plain_search_on_boards_with_holes(columns, rows, adjacency,
                                                                   data):
    chars = data.draw(st.lists(st.sampled_from(".#_"), min_size=columns * rows,
                               max_size=columns * rows))
    board_rows = ["".join(chars[r * columns:(r + 1) * columns]) for r in range(rows)]
    start = (data.draw(st.integers(0, columns - 1)), rows - 1)
    board_rows[-1] = board_rows[-1][:start[0]] + "." + board_rows[-1][start[0] + 1:]
    grid = parse_map("\n".join(" ".join(row) for row in board_rows))
    goals = tuple((c, 0) for c in range(columns) if board_rows[0][c] == ".")
    rock = [Obstacle("rock", tuple(c for c in grid.cells if grid.char(c) == "#"), "r")]
    report = check_reachability(grid, rock, [Runner(1, (start,), goals)], adjacency)
    assert report.ok == plain_reach(board_rows, [start], set(goals), adjacency == "king")
