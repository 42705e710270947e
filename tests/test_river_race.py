"""Wyścig przez rzekę: the obstacle-placement rules, with setups drawn as ASCII boards.

A board is 21 rows, row 21 first. ``.`` is a free cell; a letter is a piece, and every cell
with the same letter belongs to that piece. PIECES says what each letter is.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from boardgen.errors import InputError
from boardgen.games.river_race import random_setup, validate, validate_setup
from boardgen.games.river_race.placing import square_model
from boardgen.games.river_race.setup import Placement, Setup, load_setup
from boardgen.geometry.cells import Grid, rectangle
from boardgen.geometry.naming import column_letters, spreadsheet_cell
from boardgen.geometry.reach import Board
from boardgen.layout import load_layout


@pytest.fixture(scope="module")
def layout():
    return load_layout("river_race")


@pytest.fixture(scope="module")
def model(layout):
    return layout.model()


# Three black and two green pieces for each player: a complete, countable setup.
PIECES = {
    "a": ("black-1x3", 1), "b": ("black-1x3", 1), "c": ("black-1x3", 1),
    "d": ("black-1x3", 2), "e": ("black-1x3", 2), "f": ("black-1x3", 2),
    "g": ("green-1x2", 1), "h": ("green-2x2", 1),
    "i": ("green-1x2", 2), "j": ("green-2x2", 2),
}


def setup_from_ascii(board: str, pieces: dict[str, tuple[str, int]] = PIECES) -> Setup:
    """Placements from an ASCII board (row 21 first); cells of a piece in reading order."""
    rows = [line.split() for line in board.strip().splitlines()]
    assert len(rows) == 21 and all(len(r) == 21 for r in rows), "boards are 21 × 21"
    cells: dict[str, list[str]] = {}
    for index, row in enumerate(rows):
        for col, char in enumerate(row):
            if char != ".":
                cells.setdefault(char, []).append(f"{column_letters(col)}{21 - index}")
    placements = tuple(Placement(n, pieces[letter][0], tuple(cells[letter]), pieces[letter][1])
                       for n, letter in enumerate(sorted(cells), start=1))
    return Setup(placements, source="ascii")


STAIRCASE = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . j j . . .
. . . . h h . . . . . . . . . . j j . . .
. . . . h h . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . i
. . . . . . . . . . . . . . . . . . . . i
. . . . . . . . . . . . . . . . . . g g .
. . . . . . . . . . . . . . . f f f . . .
. . . . . . . . . . . . e e e . . . . . .
. . . . . . . . . d d d . . . . . . . . .
. . . . . . c c c . . . . . . . . . . . .
. . . b b b . . . . . . . . . . . . . . .
a a a . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
"""

STAIRCASE_WITH_GAP = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . j j . . .
. . . . h h . . . . . . . . . . j j . . .
. . . . h h . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . i
. . . . . . . . . . . . . . . . . . . . i
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . g g
. . . . . . . . . . . . . . . . f f f . .
. . . . . . . . . . . . . e e e . . . . .
. . . . . . . . . . d d d . . . . . . . .
. . . . . . c c c . . . . . . . . . . . .
. . . b b b . . . . . . . . . . . . . . .
a a a . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
"""

FULL_WIDTH_WALL = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . i
a a a b b b c c c d d d e e e f f f g g i
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
"""

WALL_WITH_ONE_GAP = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . i
a a a b b b c c c . d d d e e e f f f g i
. . . . . . . . . . . . . . . . . . . g .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
"""

COVERS_K1 = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . b b b . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . i
. . . . . . c c c d d d e e e f f f . . i
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . a a a . . . . . . g g .
"""

BENT_PIECE = """
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . j j . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . h h . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . b b . . . . . . . . . . . . . . . .
. . . . b . . . . . . . . . . . . . . . i
a a a . . . c c c d d d e e e f f f g g i
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . .
"""


@pytest.mark.parametrize("board", [STAIRCASE, STAIRCASE_WITH_GAP, FULL_WIDTH_WALL,
                                   WALL_WITH_ONE_GAP, COVERS_K1, BENT_PIECE])
def test_every_board_places_all_ten_pieces(board):
    assert len(setup_from_ascii(board).placements) == 10


def test_layout_has_the_books_fields_and_pieces(layout, model):
    grid = model.grid
    assert (grid.width, grid.height) == (21, 21)
    assert column_letters(grid.width - 1) == "U"
    assert [grid.name(p.start) for p in model.players] == ["K1", "K21"]
    assert [[grid.name(r) for r in p.reserves] for p in model.players] == [["F1", "O1"],
                                                                           ["F21", "O21"]]
    assert [(p.bank_row, p.goal_row) for p in model.players] == [(1, 21), (21, 1)]
    assert {k.name: k.in_box for k in model.kinds.values()} == {
        "black-1x3": 6, "green-1x2": 2, "green-2x2": 2}
    assert dict(model.per_player) == {"black": 3, "green": 2}
    assert layout.board.cell_mm >= 15  # a tile a hand can cut out and pick up
    assert sum(t.count for t in layout.tiles.types) == 140
    assert len(layout.tiles.types) == 7


def test_staircase_touching_at_corners_is_a_wall(model):
    report = validate(model, setup_from_ascii(STAIRCASE))
    assert not report.ok
    assert report.codes() == ["cut-off", "cut-off"]
    cut = {p.player: p for p in report.problems}
    assert "from the start field K1" in cut[1].message
    assert "far bank (row 21)" in cut[1].message
    wall = set(cut[1].cells)
    assert {"A4", "C4", "D5", "F5", "P9", "R9", "S10", "T10", "U11", "U12"} <= wall
    assert "E14" not in wall and "P15" not in wall, "islands are not part of the wall"
    # The board shows player 1's region (+) under the staircase and the wall in capitals.
    board = report.board.split("\n\n")[0]
    assert board.splitlines()[0] == "player 1, from K1:"
    rows = {line.split()[0]: line for line in board.splitlines()[2:-1]}
    assert rows["4"].split()[1:4] == ["B", "B", "B"]
    assert rows["3"].split()[1:22].count("+") == 21
    assert rows["5"].split()[1:22] == ["."] * 3 + ["B"] * 3 + ["+"] * 15
    assert rows["6"].split()[1:4] == [".", ".", "."], "above the wall is out of reach"
    assert rows["15"].split()[5:7] == ["g", "g"], "the island keeps its small letter"
    assert "walled-in start" in report.legend


def test_staircase_with_one_gap_is_legal(model):
    report = validate(model, setup_from_ascii(STAIRCASE_WITH_GAP))
    assert report.ok, str(report)
    assert str(report).startswith("setup ascii: legal")


def test_full_width_wall_cuts_off_both_players(model):
    report = validate(model, setup_from_ascii(FULL_WIDTH_WALL))
    assert sorted(p.player for p in report.problems if p.code == "cut-off") == [1, 2]
    cut = next(p for p in report.problems if p.player == 2)
    assert "from the start field K21" in cut.message
    assert "#10" not in cut.message, "the square far up the river is not part of the wall"
    assert "player 2, from K21:" in report.board


def test_wall_with_a_one_cell_gap_is_legal(model):
    report = validate(model, setup_from_ascii(WALL_WITH_ONE_GAP))
    assert report.ok, str(report)


def test_piece_covering_the_start_field(model):
    report = validate(model, setup_from_ascii(COVERS_K1))
    assert report.codes() == ["covers-start"]
    problem = report.problems[0]
    assert problem.cells == ("K1",) and problem.player == 1
    assert problem.message == "#1 black-1x3 [J1 K1 L1] covers K1, player 1's start field"
    last_row = report.board.splitlines()[-2].split()
    assert last_row[10:13] == ["b", "!", "b"]


def test_piece_covering_a_reserve_field(model):
    setup = Setup((Placement(1, "green-1x2", ("O1", "O2"), 2),))
    report = validate(model, setup, partial=True)
    assert report.codes() == ["covers-reserve"]
    assert "player 1's reserve field" in report.problems[0].message


def test_overlapping_pieces(model):
    setup = Setup((Placement(1, "black-1x3", ("C5", "D5", "E5"), 1),
                   Placement(2, "black-1x3", ("E4", "E5", "E6"), 2)))
    report = validate(model, setup, partial=True)
    assert report.codes() == ["overlap"]
    problem = report.problems[0]
    assert problem.cells == ("E5",)
    assert "#2 black-1x3 [E4 E5 E6] overlaps #1 black-1x3 [C5 D5 E5] on E5" in problem.message


def test_bent_piece_is_the_wrong_shape(model):
    report = validate(model, setup_from_ascii(BENT_PIECE))
    assert report.codes() == ["wrong-shape"]
    assert report.problems[0].cells == ("D6", "E6", "E5")
    assert "do not form that shape; a black-1x3 covers 3 cells in a straight line" in str(report)


@pytest.mark.parametrize("cells,why", [
    (("C5", "C6"), "it lists 2 cells"),
    (("C5", "C5", "C6"), "a cell is listed twice"),
    (("C5", "C7", "C9"), "do not form that shape"),
    (("C5", "D6", "E7"), "do not form that shape"),
])
def test_other_wrong_shapes(model, cells, why):
    report = validate(model, Setup((Placement(1, "black-1x3", cells, 1),)), partial=True)
    assert report.codes() == ["wrong-shape"] and why in report.problems[0].message


def test_square_must_be_a_square(model):
    square = ("C5", "D5", "C6", "D6")
    assert validate(model, Setup((Placement(1, "green-2x2", square, 1),)), partial=True).ok
    line = ("C5", "D5", "E5", "F5")
    assert validate(model, Setup((Placement(1, "green-2x2", line, 1),)),
                    partial=True).codes() == ["wrong-shape"]


def test_cell_off_the_board(model):
    report = validate(model, Setup((Placement(1, "black-1x3", ("T3", "U3", "V3"), 1),)),
                      partial=True)
    assert report.codes() == ["off-board"]
    assert report.problems[0].cells == ("V3",)
    assert "V3 not on the board (columns A–U, rows 1–21)" in str(report)
    report = validate(model, Setup((Placement(1, "black-1x3", ("K20", "K21", "K22"), 2),)),
                      partial=True)
    assert "off-board" in report.codes() and "covers-start" in report.codes()


def test_unknown_piece_and_player_are_rule_problems(model):
    setup = Setup((Placement(1, "red-1x1", ("C5",), 1), Placement(2, "green-1x2", ("E5", "E6"), 3)))
    report = validate(model, setup, partial=True)
    assert report.codes() == ["unknown-piece", "unknown-player"]
    assert "black-1x3, green-1x2, green-2x2" in report.problems[0].message
    assert "the players are 1 and 2" in report.problems[1].message


def test_counts_are_enforced_unless_partial(model):
    one = Setup((Placement(1, "black-1x3", ("C5", "D5", "E5"), 1),))
    report = validate(model, one)
    assert report.codes() == ["too-few", "too-few", "too-few", "too-few"]
    assert "placed 1 black obstacle; each player places 3" in str(report)
    partial = validate(model, one, partial=True)
    assert partial.ok and "partial" in str(partial)


def test_too_many_is_wrong_even_when_partial(model):
    squares = [("B5", "C5", "B6", "C6"), ("E5", "F5", "E6", "F6"), ("H5", "I5", "H6", "I6")]
    setup = Setup(tuple(Placement(n, "green-2x2", cells, 1)
                        for n, cells in enumerate(squares, start=1)))
    report = validate(model, setup, partial=True)
    assert report.codes() == ["too-many", "not-in-box"]
    assert "3 green-2x2 pieces placed; the game has 2" in str(report)


def test_every_problem_is_listed_at_once(model):
    setup = Setup((Placement(1, "black-1x3", ("J1", "K1", "L1"), 1),
                   Placement(2, "black-1x3", ("J1", "J2", "J3"), 1),
                   Placement(3, "black-1x3", ("T3", "U3", "V3"), 2),
                   Placement(4, "green-1x2", ("A7", "B8"), 2)))
    report = validate(model, setup)
    assert {"covers-start", "overlap", "off-board", "wrong-shape", "too-few"} <= set(report.codes())


# ---- reachability against an independent search -----------------------------------------


def naive_reach(grid: Grid, blocked: set, start: tuple[int, int],
                goal_row: int) -> set | None:
    """A plain breadth-first search over the four neighbours: None when row ``goal_row`` (0 at
    the top) is reached, else every cell reached."""
    seen = {start}
    queue = deque([start])
    while queue:
        col, row = queue.popleft()
        if row == goal_row:
            return None
        for other in ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1)):
            if grid.inside(other) and other not in seen and other not in blocked:
                seen.add(other)
                queue.append(other)
    return seen


@pytest.mark.parametrize("seed", range(30))
def test_run_flood_fill_agrees_with_plain_search(seed):
    rng = random.Random(seed)
    grid = rectangle(rng.randint(3, 30), rng.randint(3, 30))
    density = rng.uniform(0.2, 0.6)
    blocked = {cell for cell in grid.cells if rng.random() < density}
    start = (rng.randrange(grid.width), grid.height - 1)
    blocked.discard(start)
    expected = naive_reach(grid, blocked, start, 0)
    got = Board(grid, blocked).reach([start], [(c, 0) for c in range(grid.width)])
    if expected is None:
        assert got.ok
    else:
        assert not got.ok
        assert got.region == expected


def test_large_board_wall_is_found():
    model = square_model(200)
    grid = model.grid
    row = 100
    placements = tuple(
        Placement(n + 1, "black-1x3", tuple(f"{column_letters(c)}{row}" for c in range(3 * n, 3 * n + 3)
                                            if c < 200), 1)
        for n in range(67))
    report = validate(model, Setup(placements), partial=True)
    assert "cut-off" in report.codes()
    assert "too large to draw" in report.board
    assert grid.width == 200


# ---- setup files ----------------------------------------------------------------------------


def write(tmp_path, text: str, name: str = "setup.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_setup_reads_placements_with_lines(layout, tmp_path):
    path = write(tmp_path, '# a comment\n\n[[obstacle]]\npiece = "black-1x3"\n'
                           'cells = ["c5", "D5", "E5"]\nplayer = 1\n\n[[obstacle]]\n'
                           'piece = "green-1x2"\ncells = ["A7", "A8"]\nplayer = 2\n')
    setup = load_setup(layout, path)
    assert [(p.number, p.piece, p.cells, p.player, p.line) for p in setup.placements] == [
        (1, "black-1x3", ("C5", "D5", "E5"), 1, 3), (2, "green-1x2", ("A7", "A8"), 2, 8)]


def test_empty_file_is_an_empty_setup(layout, tmp_path):
    report = validate_setup(layout, write(tmp_path, ""), partial=True)
    assert report.ok


@pytest.mark.parametrize("text,expected", [
    ("[[obstacle]\n", "malformed TOML"),
    ("[[obstacles]]\npiece = 'black-1x3'\n", "unknown key 'obstacles'; did you mean 'obstacle'?"),
    ("[[obstacle]]\npiece = 'black-1x3'\nplayer = 1\n", "obstacle[0].cells: missing required key"),
    ("[[obstacle]]\npiece = 'black-1x3'\ncells = 'C5'\nplayer = 1\n", "obstacle[0].cells"),
    ("[[obstacle]]\npiece = 'black-1x3'\ncells = ['C5']\nplayer = '1'\n", "obstacle[0].player"),
    ("[[obstacle]]\npiece = 'black-1x3'\ncells = ['C5', 'banana']\nplayer = 1\n",
     "expected a cell name such as 'K21'"),
    ("[[obstacle]]\npiece = 'black-1x3'\ncells = ['C5']\nplayer = 1\ncolour = 'red'\n",
     "unknown key 'colour'"),
    ("obstacle = 3\n", "obstacle: input should be a valid list"),
])
def test_malformed_setup_files_raise_input_error(layout, tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        validate_setup(layout, path)
    assert expected in str(caught.value)
    assert str(path) in str(caught.value)


def test_malformed_entry_points_at_its_line(layout, tmp_path):
    path = write(tmp_path, '[[obstacle]]\npiece = "black-1x3"\ncells = ["C5", "D5", "E5"]\n'
                           'player = 1\n\n[[obstacle]]\npiece = "green-1x2"\n'
                           'cells = ["A7", "A 8"]\nplayer = 2\n')
    with pytest.raises(InputError) as caught:
        load_setup(layout, path)
    assert caught.value.line == 8
    assert caught.value.key == "obstacle[1].cells"


def test_missing_setup_file(layout, tmp_path):
    with pytest.raises(InputError, match="cannot read file"):
        load_setup(layout, tmp_path / "nothing.toml")


def test_parse_cell_names():
    assert spreadsheet_cell("K21") == (10, 21)
    assert spreadsheet_cell("v3") == (21, 3)
    assert spreadsheet_cell("AA1") == (26, 1)
    for bad in ("", "21K", "K", "K-1", "K 1", "ÄÖ1"):
        with pytest.raises(ValueError):
            spreadsheet_cell(bad)


# ---- random setups ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_random_setup_is_legal_complete_and_repeatable(layout, tmp_path, seed):
    text = random_setup(layout, seed)
    assert text == random_setup(layout, seed)
    assert f"seed {seed}" in text
    report = validate_setup(layout, write(tmp_path, text))
    assert report.ok, str(report)
    setup = load_setup(layout, write(tmp_path, text))
    assert len(setup.placements) == 10


def test_random_setups_differ_by_seed(layout):
    assert random_setup(layout, 1) != random_setup(layout, 2)
