"""The shared geometry: cell names, grids from maps, tracks, space shapes, placement and
reachability, tested with ASCII boards and against independent searches."""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.geometry.cells import MapError, parse_map, rectangle
from boardgen.geometry.naming import Naming
from boardgen.geometry.place import GridPlacement, overlaps
from boardgen.geometry.reach import Board, Obstacle, Runner, check_reachability
from boardgen.geometry.shapes import Oval, Spiral
from boardgen.geometry.track import (Cross, cross_track, line, path_cells, serpentine_cells,
                                     spiral_cells)


# ---- names -------------------------------------------------------------------------------


def test_chess_names_count_rows_from_the_bottom_left():
    naming = Naming("chess", 8, 8)
    assert naming.name((0, 7)) == "a1" and naming.name((7, 0)) == "h8"
    assert naming.cell("e2") == (4, 6)
    assert naming.cell("i1") is None  # a name, but of no cell of this board
    with pytest.raises(ValueError, match="cell name"):
        naming.cell("e")


def test_spreadsheet_names_go_past_z_and_numbered_names_read_like_a_page():
    wide = Naming("spreadsheet", 30, 21)
    assert wide.name((26, 0)) == "AA21" and wide.cell("ad1") == (29, 20)
    numbered = Naming("numbered", 10, 10)
    assert numbered.name((0, 0)) == "1" and numbered.name((9, 9)) == "100"
    assert numbered.cell("11") == (0, 1) and numbered.cell("101") is None


def test_chess_files_of_a_layouts_own_letters():
    naming = Naming("chess", 3, 2, letters="xyz")
    assert naming.name((2, 1)) == "z1" and naming.cell("y2") == (1, 0)
    assert naming.cell("a1") is None


def test_a_cell_by_column_and_rank_is_the_cell_its_name_names():
    naming = Naming("chess", 10, 6, letters="abcdefghij")
    for column in range(10):
        for rank in range(1, 7):
            cell = naming.cell_at(column, rank)
            assert naming.cell(f"{'abcdefghij'[column]}{rank}") == cell
            assert naming.name(cell) == f"{'abcdefghij'[column]}{rank}"


@given(st.integers(1, 40), st.integers(1, 40), st.sampled_from(["chess", "spreadsheet",
                                                                "numbered"]), st.data())
def test_every_name_leads_back_to_its_cell(columns, rows, scheme, data):
    if scheme == "chess":
        columns = min(columns, 26)
    naming = Naming(scheme, columns, rows)
    cell = (data.draw(st.integers(0, columns - 1)), data.draw(st.integers(0, rows - 1)))
    assert naming.cell(naming.name(cell)) == cell


# ---- grids from maps ---------------------------------------------------------------------

COURSE = """
. . .|.
- -
. # . .
_ . . .
"""


def test_a_map_gives_cells_kinds_and_walls():
    grid = parse_map(COURSE, {".": "track", "#": "black"})
    assert (grid.width, grid.height) == (4, 3)
    assert not grid.exists((0, 2)) and grid.kind((1, 1)) == "black"
    assert grid.wall((2, 0), (3, 0)) and grid.wall((0, 0), (0, 1)) and grid.wall((1, 0), (1, 1))
    assert not grid.wall((2, 0), (2, 1))
    assert grid.of_kind("black") == {(1, 1)}


def test_walls_and_missing_cells_stop_steps_and_a_wall_corner_stops_a_diagonal():
    grid = parse_map(COURSE, {".": "track", "#": "black"})
    assert grid.neighbours((0, 0)) == [(1, 0)]        # the wall below a1's cell, the edge
    assert (3, 0) not in grid.neighbours((2, 0))
    assert (0, 2) not in grid.neighbours((0, 1))      # '_' is no cell
    assert (2, 1) not in grid.neighbours((1, 0), "king")  # slips past the wall's corner


def test_a_grid_prints_in_the_syntax_it_is_read_in():
    grid = parse_map(COURSE)
    again = parse_map(grid.ascii(coordinates=False))
    assert again.rows == grid.rows and again.walls == grid.walls
    board = grid.ascii()
    assert board.splitlines()[0].split() == ["A", "B", "C", "D"]
    assert board.splitlines()[1].startswith("3  . . .|.")


@pytest.mark.parametrize("text, message", [
    (". . .\n. .", "map row 2: 2 cells, the first row has 3"),
    (". x .", "cell B1 (map row 1, column 2): unknown character 'x'"),
    (".-.", "separated by a space or '|'"),
    ("- -\n. .", "must stand between two rows"),
    (". .|\n. .", "map row 1, column 2: a wall runs off the edge of the map"),
    (". .\n    -\n. .", "a wall runs off the edge of the map"),
])
def test_a_bad_map_is_named_by_row_and_column(text, message):
    with pytest.raises(MapError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("|", r"\|")):
        parse_map(text, {".": "free"})


def test_distances_go_round_walls():
    grid = parse_map(". .|.\n. . .")
    assert grid.distances([(0, 0)])[(2, 0)] == 4  # down, across and up: not through the wall


# ---- tracks ------------------------------------------------------------------------------


def test_a_serpentine_board_is_numbered_back_and_forth_from_the_bottom_left():
    cells = serpentine_cells(10, 10)
    assert cells[0] == (0, 9) and cells[9] == (9, 9)      # 1 and 10 on the bottom row
    assert cells[10] == (9, 8) and cells[19] == (0, 8)    # 11 above 10, 20 above 1
    assert cells[99] == (0, 0)                             # 100 top left
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))


@pytest.mark.parametrize("columns, rows", [(9, 7), (4, 4), (5, 2)])
def test_a_square_spiral_takes_every_cell_once_one_step_at_a_time(columns, rows):
    cells = spiral_cells(columns, rows)
    assert len(set(cells)) == columns * rows == len(cells)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))
    assert cells[0] == (0, rows - 1)


def test_a_path_drawn_in_ascii_is_followed_from_start_to_finish():
    legend = {"S": "start", "F": "finish", "o": "path", ">": "path", ".": "ground"}
    grid = parse_map("""
    S > o
    . o o
    . F .
    """, legend)
    cells = path_cells(grid, "o", "S", "F")
    assert cells == [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2)]  # the arrow chose east


def test_a_forking_path_is_refused_at_the_fork():
    grid = parse_map("S o o\n. o .\n. F .", {"S": "s", "F": "f", "o": "p", ".": "g"})
    with pytest.raises(MapError, match="forks at B3"):
        path_cells(grid, "o", "S", "F")


@pytest.mark.parametrize("arm, corners, loop", [(4, True, 40), (6, False, 52)])
def test_cross_loops_of_mensch_and_ludo(arm, corners, loop):
    track = cross_track(arm, corner_cells=corners, entry_offset=1 if corners else 2,
                        home=4 if corners else 5)
    assert len(track.main) == loop
    ring = [s.cell for s in track.main]
    steps = zip(ring, ring[1:] + ring[:1])
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in steps)
    entries = [int(track.entries[p]) for p in range(1, 5)]
    assert [(b - a) % loop for a, b in zip(entries, entries[1:])] == [loop // 4] * 3
    for player in range(1, 5):
        path = track.path(player)
        offset = 1 if corners else 2  # the entry lies past the tip the home turns off at
        assert len(path) == loop - offset + 1 + len(track.homes[player])
        assert path[0] == track.entries[player] and path[-1] == track.homes[player][-1]
        turn_off = track.by_id[track.turn_offs[player]]
        assert track.homes[player][0] in turn_off.next
    cells = [s.cell for s in track.spaces]
    assert len(cells) == len(set(cells))  # no two spaces on one cell


def test_mensch_drawn_in_ascii():
    cross, marks = Cross(4), {}
    for cell in cross.ring():
        marks[cell] = "o"
    for player in range(1, 5):
        for cell in cross.home(player, 4):
            marks[cell] = str(player)
    board = rectangle(11, 11, kind="_").ascii(marks, coordinates=False)
    assert board.splitlines()[5] == "o 2 2 2 2 _ 4 4 4 4 o"
    assert board.splitlines()[0] == "_ _ _ _ o o o _ _ _ _"


def test_a_line_of_spaces_leads_from_one_to_the_last():
    track = line(5)
    assert [s.next for s in track.spaces] == [("2",), ("3",), ("4",), ("5",), ()]
    assert track.path() == ("1", "2", "3", "4", "5")


# ---- shapes and placement ----------------------------------------------------------------


def test_every_space_of_an_oval_is_as_long_and_each_ends_where_the_next_begins():
    oval = Oval(80, 20, 24.0, lanes=2, lane_mm=20.0)
    assert all(math.isclose(s.length, 24.0, rel_tol=1e-9) for s in oval.shapes)
    for a, b in zip(oval.shapes, oval.shapes[1:] + oval.shapes[:1]):
        assert math.dist(a.point(1), b.point(0)) < 1e-6


def test_a_round_spiral_winds_in_with_spaces_of_the_given_length():
    spiral = Spiral(63, 34.0, 34.0, 44.0)
    bands = spiral.shapes[:-1]
    assert all(abs(s.length - 34.0) < 0.3 for s in bands)
    for a, b in zip(bands, bands[1:]):
        assert math.dist(a.point(1), b.point(0)) < 0.05
    centre = spiral.pivot
    assert math.dist(bands[0].center, centre) > math.dist(bands[-1].center, centre)
    assert all(s.contains(s.center) for s in spiral.shapes)


def test_seams_run_on_cell_edges_and_never_through_what_is_kept_whole():
    place = GridPlacement(10.0, 5.0, 20.0)
    assert place.box((2, 1)) == (25.0, 30.0, 10.0, 10.0)
    xs, ys = place.seams(4, 3, keep_whole=[(14.0, 0.0, 12.0, 5.0)])
    assert xs == (5.0, 35.0, 45.0) and ys == (20.0, 30.0, 40.0, 50.0)


# ---- reachability ------------------------------------------------------------------------


def independent_reach(rows: list[str], start, goals) -> bool:
    """A plain breadth-first search over the ASCII board ('#' blocked)."""
    seen, queue = {start}, deque([start])
    while queue:
        c, r = queue.popleft()
        if (c, r) in goals:
            return True
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (c + dc, r + dr)
            if 0 <= n[0] < len(rows[0]) and 0 <= n[1] < len(rows) and rows[n[1]][n[0]] != "#" \
                    and n not in seen:
                seen.add(n)
                queue.append(n)
    return False


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 14), st.integers(3, 14), st.data())
def test_the_flood_agrees_with_a_plain_search(columns, rows, data):
    cells = data.draw(st.lists(st.booleans(), min_size=columns * rows, max_size=columns * rows))
    board_rows = ["".join("#" if cells[r * columns + c] else "." for c in range(columns))
                  for r in range(rows)]
    start = (data.draw(st.integers(0, columns - 1)), rows - 1)
    goals = tuple((c, 0) for c in range(columns))
    grid = rectangle(columns, rows)
    covered = [(c, r) for r in range(rows) for c in range(columns) if board_rows[r][c] == "#"]
    clear = [row[:start[0]] + "." + row[start[0] + 1:] if r == rows - 1 else row
             for r, row in enumerate(board_rows)]
    assert Board(grid, covered).reach([start], goals).ok == independent_reach(clear, start, goals)


WALLED = """
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .
"""


def test_a_walled_in_player_is_named_with_the_wall_and_the_board():
    grid = parse_map(WALLED)
    obstacles = [Obstacle("black-1x3 on B2 B3 B4", ((1, 1), (1, 2), (1, 3)), "b"),
                 Obstacle("black-1x3 on C2 D2", ((2, 3), (3, 3)), "b"),
                 Obstacle("green-1x2 on C4 D4", ((2, 1), (3, 1)), "g"),
                 Obstacle("green-1x2 on D3", ((3, 2),), "g"),
                 Obstacle("far away", ((0, 0),), "g")]
    runners = [Runner(1, ((2, 2),), tuple((c, 0) for c in range(5)), "row 5"),
               Runner(2, ((4, 4),), tuple((c, 0) for c in range(5)), "row 5")]
    report = check_reachability(grid, obstacles, runners)
    assert report.codes() == ["cut-off"] and report.problems[0].player == 1
    message = report.problems[0].message
    assert "cannot reach row 5 from C3" in message
    assert "far away" not in message and "black-1x3 on B2 B3 B4" in message
    board = report.board.splitlines()
    assert board[0] == "player 1, from C3:"
    assert board[4].startswith("3  . B S G .")   # the wall marked in capitals, the start as S
    assert board[2].startswith("5  g . . . .")   # an obstacle outside the wall stays small


def test_walls_between_cells_wall_a_player_in_too():
    grid = parse_map(". . .\n- - -\n. . .")
    report = check_reachability(grid, [], [Runner(1, ((1, 1),), ((1, 0),), "the top row")])
    assert report.codes() == ["cut-off"]
    assert check_reachability(parse_map(". . .\n. . ."), [],
                              [Runner(1, ((1, 1),), ((1, 0),))]).ok


def test_a_board_of_a_million_cells_is_flooded():
    grid = rectangle(1000, 1000)
    wall = [(c, 500) for c in range(1000)]
    board = Board(grid, wall)
    assert not board.reach([(500, 999)], [(c, 0) for c in range(1000)]).ok
    assert Board(grid, wall[:-1]).reach([(500, 999)], [(c, 0) for c in range(1000)]).ok


BOXES = st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(1, 20), st.integers(1, 20))


@given(BOXES, BOXES)
def test_two_boxes_overlap_where_a_point_lies_inside_both(a, b):
    """Against a count of the unit squares both boxes cover (x, y, w, h on a whole grid)."""
    def squares(box):
        x, y, w, h = box
        return {(i, j) for i in range(x, x + w) for j in range(y, y + h)}
    assert overlaps(a, b) == bool(squares(a) & squares(b))
