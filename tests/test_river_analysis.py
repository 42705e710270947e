"""Wyścig przez rzekę: shortest lines, fair setups and check's advice, against a plain search.

Every figure is checked against a breadth-first search written here over (column, row)
pairs, which shares nothing with the analysis but the definition: the fewest tiles in an
edge-to-edge chain of free cells from the start field to the far bank row, both ends counted.
"""

from __future__ import annotations

import json
import re
import struct
import tomllib
import xml.etree.ElementTree as ElementTree
from collections import deque
from functools import lru_cache
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from boardgen.analysis import Request
from boardgen.games.river_race import analysis, fair_setup, generator, random_setup
from boardgen.games.river_race.board import board_size
from boardgen.games.river_race.placing import Player, RiverModel, square_model, validate
from boardgen.games.river_race.setup import Placement, Setup, load_setup
from boardgen.geometry.cells import rectangle
from tests.test_river_race_cli import WALL  # six black pieces walling in player 1
from boardgen.layout import load_layout
from boardgen.scene import Polygon

Cell = tuple[int, int]  # (column from 0, row from 1)

# A legal setup in which player 2's start is boxed in: 23 tiles against 29.
UNFAIR = """
[[obstacle]]
piece = "black-1x3"
cells = ["N16", "O16", "P16"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["P20", "Q20", "R20"]
player = 2

[[obstacle]]
piece = "black-1x3"
cells = ["J19", "J20", "J21"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["C13", "D13", "E13"]
player = 2

[[obstacle]]
piece = "black-1x3"
cells = ["M16", "M17", "M18"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["P9", "Q9", "R9"]
player = 2

[[obstacle]]
piece = "green-2x2"
cells = ["K19", "L19", "K20", "L20"]
player = 1

[[obstacle]]
piece = "green-2x2"
cells = ["H3", "I3", "H4", "I4"]
player = 2

[[obstacle]]
piece = "green-1x2"
cells = ["J2", "J3"]
player = 1

[[obstacle]]
piece = "green-1x2"
cells = ["P2", "Q2"]
player = 2
"""


# ---- the plain search ---------------------------------------------------------------


def plain_tiles(columns: int, rows: int, blocked: set[Cell], sources: list[Cell]) -> dict[Cell, int]:
    """Tiles from the nearest source to every reachable free cell, the source counted as 1."""
    tiles = {cell: 1 for cell in sources if cell not in blocked}
    queue = deque(tiles)
    while queue:
        col, row = queue.popleft()
        for step in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
            if (0 <= step[0] < columns and 1 <= step[1] <= rows and step not in blocked
                    and step not in tiles):
                tiles[step] = tiles[(col, row)] + 1
                queue.append(step)
    return tiles


def plain_shortest(columns: int, rows: int, blocked: set[Cell], start: Cell,
                   goal_row: int) -> tuple[int | None, set[Cell]]:
    """The shortest line's tiles (None: walled in) and every cell on some shortest line."""
    from_start = plain_tiles(columns, rows, blocked, [start])
    ends = [tiles for (col, row), tiles in from_start.items() if row == goal_row]
    if not ends:
        return None, set()
    best = min(ends)
    to_bank = plain_tiles(columns, rows, blocked, [(c, goal_row) for c in range(columns)])
    return best, {cell for cell, tiles in from_start.items()
                  if cell in to_bank and tiles + to_bank[cell] - 1 == best}


def cell_of(name: str) -> Cell:
    letters = re.match(r"[A-Z]+", name).group(0)
    col = 0
    for char in letters:
        col = col * 26 + ord(char) - 64
    return col - 1, int(name[len(letters):])


def name_of(cell: Cell) -> str:
    return f"{chr(65 + cell[0])}{cell[1]}"


def setup_cells(text: str) -> set[Cell]:
    return {cell_of(name) for entry in tomllib.loads(text)["obstacle"] for name in entry["cells"]}


# ---- boards drawn in ASCII ----------------------------------------------------------


def ascii_board(picture: str) -> tuple[RiverModel, frozenset, Player, set[Cell]]:
    """A board from rows of characters, the far bank on top: ``#`` covered, ``S`` the start
    on the bottom row, ``*`` a free cell that should lie on a shortest line. Marked cells are
    (column, row) with row 1 at the bottom, as the plain search counts them."""
    lines = [line.strip() for line in picture.strip().splitlines()]
    rows, columns = len(lines), len(lines[0])
    covered = set()
    marked: set[Cell] = set()
    start = None
    for top, line in enumerate(lines):
        row = rows - top
        for col, char in enumerate(line):
            if char == "#":
                covered.add((col, top))
            elif char == "S":
                start = (col, top)
                marked.add((col, row))
            elif char == "*":
                marked.add((col, row))
    player = Player(1, "Player 1", start, (), 1, rows)
    model = RiverModel(rectangle(columns, rows), (player,), {}, {})
    return model, frozenset(covered), player, marked


def plain(model: RiverModel, cell: Cell) -> Cell:
    """A cell of the shared grid (row 0 at the top) as the plain search counts it."""
    return cell[0], model.row_number(cell)


def blocked_set(model: RiverModel, covered: frozenset) -> set[Cell]:
    return {plain(model, c) for c in covered}


ASCII_CASES = [
    ("""
     .....
     .....
     .....
     .....
     ..S..""", 5),
    ("""
     .....
     .....
     .....
     ..#..
     ..S..""", 6),
    ("""
     .......
     #####..
     .......
     ..###..
     ...S...""", 7),
    ("""
     ##.##
     .....
     ..S..""", 3),
    ("""
     ..#..
     .....
     ..S..""", 4),
    ("""
     .....
     #####
     .....
     ..S..""", None),
]


@pytest.mark.parametrize("picture, tiles", ASCII_CASES)
def test_shortest_line_of_ascii_boards(picture, tiles):
    model, covered, player, _ = ascii_board(picture)
    lines = analysis.shortest_lines(model, covered, player)
    assert lines.tiles == tiles
    grid = model.grid
    expected, on_lines = plain_shortest(grid.width, grid.height, blocked_set(model, covered),
                                        plain(model, player.start), grid.height)
    assert lines.tiles == expected
    assert {plain(model, c) for c in lines.cells} == on_lines


def test_cells_on_shortest_lines_of_a_drawn_board():
    model, covered, player, marked = ascii_board("""
        .*.*.
        .*.*.
        .*#*.
        .*S*.""")
    lines = analysis.shortest_lines(model, covered, player)
    assert lines.tiles == 5
    assert {plain(model, c) for c in lines.cells} == marked


def assert_is_a_shortest_line(model: RiverModel, covered, player: Player, line,
                              tiles: int) -> None:
    """Starts on the start field, steps edge to edge over free cells, ends on the far bank."""
    cells = [plain(model, c) for c in line]
    assert len(cells) == tiles and cells[0] == plain(model, player.start)
    assert cells[-1][1] == player.goal_row
    assert all(c not in covered for c in line) and len(set(line)) == len(line)
    for (c1, r1), (c2, r2) in zip(cells, cells[1:]):
        assert abs(c1 - c2) + abs(r1 - r2) == 1


# ---- Hypothesis: random obstacles on boards of many sizes -----------------------------

SHAPES = {"black-1x3": (1, 3), "green-1x2": (1, 2), "green-2x2": (2, 2)}


def piece_cells(kind: str, col: int, row: int, turned: bool) -> list[Cell]:
    width, height = SHAPES[kind][::-1] if turned else SHAPES[kind]
    return [(col + dx, row + dy) for dx in range(width) for dy in range(height)]


@st.composite
def obstacle_boards(draw):
    """A square board and any number of non-overlapping pieces (the rules' counts aside)."""
    size = draw(st.integers(5, 16))
    model = square_model(size)
    taken: set[Cell] = set()
    placements = []
    for number in range(1, draw(st.integers(0, 30)) + 1):
        kind = draw(st.sampled_from(sorted(SHAPES)))
        cells = piece_cells(kind, draw(st.integers(0, size - 1)), draw(st.integers(1, size)),
                            draw(st.booleans()))
        if any(not (0 <= c < size and 1 <= r <= size) for c, r in cells) or set(cells) & taken:
            continue
        taken |= set(cells)
        placements.append(Placement(number, kind, tuple(name_of(c) for c in cells), 1))
    return model, taken, Setup(tuple(placements))


@settings(max_examples=120, deadline=None)
@given(obstacle_boards())
def test_figures_agree_with_a_plain_search(board):
    model, blocked, setup = board
    size = model.grid.width
    covered = analysis.covered_cells(model, setup)
    for figures in analysis.player_figures(model, setup):
        player = figures.player
        start = plain(model, player.start)
        tiles, on_lines = plain_shortest(size, size, blocked - {start}, start, player.goal_row)
        assert figures.now.tiles == tiles
        assert {plain(model, c) for c in figures.now.cells} == on_lines
        empty_tiles, empty_line = plain_shortest(size, size, set(), start, player.goal_row)
        assert figures.empty.tiles == empty_tiles == size
        assert {plain(model, c) for c in figures.covered} == empty_line & blocked
        if tiles is not None:
            free = covered - {player.start}
            assert_is_a_shortest_line(model, free, player, figures.now.line, tiles)


@lru_cache(maxsize=1)
def shipped_model():
    return load_layout("river_race").model()


@st.composite
def shipped_setups(draw):
    """The shipped board's full set of pieces, each placed anywhere; only legal setups are kept."""
    model = shipped_model()
    placements = []
    for player in (1, 2):
        hand = ["black-1x3"] * 3 + [draw(st.sampled_from(["green-1x2", "green-2x2"]))
                                    for _ in range(2)]
        for kind in hand:
            cells = piece_cells(kind, draw(st.integers(0, 19)), draw(st.integers(1, 19)),
                                draw(st.booleans()))
            placements.append(Placement(len(placements) + 1, kind,
                                        tuple(name_of(c) for c in cells), player))
    setup = Setup(tuple(placements))
    assume(validate(model, setup).ok)
    return model, setup


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(shipped_setups())
def test_legal_setups_on_the_shipped_board_agree_with_a_plain_search(drawn):
    model, setup = drawn
    blocked = {cell_of(name) for p in setup.placements for name in p.cells}
    for figures in analysis.player_figures(model, setup):
        start = plain(model, figures.player.start)
        tiles, _ = plain_shortest(21, 21, blocked, start, figures.player.goal_row)
        assert figures.now.tiles == tiles and tiles >= 21
        assert figures.extra_tiles == tiles - 21
        column = {(start[0], row) for row in range(1, 22)}
        assert {plain(model, c) for c in figures.covered} == column & blocked


# ---- the command line -------------------------------------------------------------------


@pytest.fixture
def setup_file(tmp_path):
    def write(text: str, name: str = "setup.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


PLAYER_SCHEMA = {
    "type": "object",
    "required": ["number", "name", "start", "goal_row", "shortest_tiles", "empty_board_tiles",
                 "extra_tiles", "cells_on_shortest_lines", "empty_board_line_cells",
                 "covered_line_cells", "covered", "line"],
    "properties": {
        "number": {"enum": [1, 2]},
        "name": {"type": "string"},
        "start": {"type": "string", "pattern": "^[A-Z]+[0-9]+$"},
        "goal_row": {"type": "integer", "minimum": 1},
        "shortest_tiles": {"type": "integer", "minimum": 1},
        "empty_board_tiles": {"type": "integer", "minimum": 1},
        "extra_tiles": {"type": "integer", "minimum": 0},
        "cells_on_shortest_lines": {"type": "integer", "minimum": 1},
        "empty_board_line_cells": {"type": "integer", "minimum": 1},
        "covered_line_cells": {"type": "integer", "minimum": 0},
        "covered": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]+[0-9]+$"}},
        "line": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]+[0-9]+$"}},
    },
    "additionalProperties": False,
}
SCHEMA = {
    "type": "object",
    "required": ["game", "layout", "board", "setup", "tiles_in_game", "difference", "fair",
                 "players"],
    "properties": {
        "game": {"const": "river_race"},
        "layout": {"type": "string"},
        "board": {"type": "object", "required": ["columns", "rows"]},
        "setup": {"type": ["string", "null"]},
        "tiles_in_game": {"type": "integer", "minimum": 0},
        "difference": {"type": "integer", "minimum": 0},
        "fair": {"type": "boolean"},
        "players": {"type": "array", "items": PLAYER_SCHEMA, "minItems": 2, "maxItems": 2},
    },
    "additionalProperties": False,
}


def test_analyse_json_reports_each_players_shortest_line(run_cli, setup_file):
    path = setup_file(UNFAIR)
    result = run_cli("analyse", "river_race", "--setup", path, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    jsonschema.validate(document, SCHEMA)
    blocked = setup_cells(UNFAIR)
    for player, start, goal in zip(document["players"], [(10, 1), (10, 21)], [21, 1]):
        tiles, on_lines = plain_shortest(21, 21, blocked, start, goal)
        assert player["shortest_tiles"] == tiles
        assert player["cells_on_shortest_lines"] == len(on_lines)
        assert player["covered"] == sorted((name_of(c) for c in blocked if c[0] == 10),
                                           key=lambda n: cell_of(n)[1])
        assert len(player["line"]) == tiles and set(map(cell_of, player["line"])) <= on_lines
    assert [p["shortest_tiles"] for p in document["players"]] == [23, 29]
    assert document["difference"] == 6 and document["fair"] is False


def test_analyse_text_without_a_setup_is_the_empty_board(run_cli):
    result = run_cli("analyse", "river_race")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("shortest line 21 tiles, as on the empty board") == 2
    assert "difference: 0 tiles, fair" in result.stdout


def test_analyse_an_illegal_setup_exits_1_with_the_validators_report(run_cli, setup_file,
                                                                      tmp_path):
    plot = tmp_path / "lines.svg"
    result = run_cli("analyse", "river_race", "--setup", setup_file(WALL), "--plot", plot,
                     "--json")
    assert result.exit_code == 1
    assert "illegal" in result.stdout and "[cut-off] player 1" in result.stdout
    assert not plot.exists()


@pytest.mark.parametrize("args, fragment", [
    (["--setup", "missing.toml"], "missing.toml"),
    (["--plot", "lines.gif"], "must end in .svg, .png, .pdf"),
])
def test_analyse_bad_input_exits_2_with_one_line(run_cli, tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    result = run_cli("analyse", "river_race", *args)
    assert result.exit_code == 2
    assert fragment in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_plot_is_the_board_at_its_size(run_cli, setup_file, tmp_path, suffix):
    plot = tmp_path / f"lines.{suffix}"
    result = run_cli("analyse", "river_race", "--setup", setup_file(UNFAIR), "--plot", plot)
    assert result.exit_code == 0, result.output
    width, height = board_size(load_layout("river_race"))
    data = plot.read_bytes()
    if suffix == "svg":
        root = ElementTree.fromstring(data)
        assert (root.get("width"), root.get("height")) == (f"{width:g}mm", f"{height:g}mm")
    elif suffix == "png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        pixels = struct.unpack(">II", data[16:24])
        assert all(abs(p - mm / 25.4 * 150) <= 1 for p, mm in zip(pixels, (width, height)))
    else:
        page = PdfReader(plot).pages[0]
        assert len(PdfReader(plot).pages) == 1
        assert float(page.mediabox.width) == pytest.approx(width * 72 / 25.4, abs=0.05)
        assert float(page.mediabox.height) == pytest.approx(height * 72 / 25.4, abs=0.05)


def test_plot_draws_one_line_per_player_through_its_cells(setup_file):
    layout = load_layout("river_race")
    result = analysis.analyse(layout, Request(setup=setup_file(UNFAIR)))
    scene = result.picture()
    lines = [node for node in scene.children if isinstance(node, Polygon) and not node.closed
             and node.style.stroke in {p.color for p in layout.players}]
    assert [node.style.stroke for node in lines] == [p.color for p in layout.players]
    cell = layout.board.cell_mm
    for node, figures in zip(lines, result.players):
        assert len(node.points) == figures.now.tiles
        steps = [round(abs(x1 - x2) + abs(y1 - y2), 6)
                 for (x1, y1), (x2, y2) in zip(node.points, node.points[1:])]
        # one cell per tile between centres; the ends stop at the edges of the bank fields
        assert steps[1:-1] == [cell] * (len(steps) - 2)
        assert steps[0] == steps[-1] == cell / 2
    assert "23 and 29 tiles" in scene.title


# ---- fair setups --------------------------------------------------------------------------


def body(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


def test_fair_setups_are_legal_fair_and_fixed_by_the_seed(tmp_path):
    layout = load_layout("river_race")
    model = layout.model()
    for seed in range(40):
        text = fair_setup(layout, seed)
        assert fair_setup(layout, seed) == text
        path = tmp_path / f"fair-{seed}.toml"
        path.write_text(text, encoding="utf-8")
        assert validate(model, load_setup(layout, path)).ok
        blocked = setup_cells(text)
        first, second = (plain_shortest(21, 21, blocked, start, goal)[0]
                         for start, goal in [((10, 1), 21), ((10, 21), 1)])
        assert abs(first - second) <= 1
        assert f"lines are {first} and {second} tiles" in text
        plain = random_setup(layout, seed)
        if analysis.is_fair(model, load_setup_text(layout, plain, tmp_path)):
            assert body(plain) == body(text)  # the seed's own setup, when that is fair already


def load_setup_text(layout, text: str, folder: Path) -> Setup:
    path = folder / "plain.toml"
    path.write_text(text, encoding="utf-8")
    return load_setup(layout, path)


def test_fair_setup_from_the_command_line(run_cli, tmp_path):
    out = tmp_path / "fair.toml"
    result = run_cli("setup", "river_race", "--seed", "7", "--fair", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == fair_setup(load_layout("river_race"), 7)


def test_fair_for_a_game_without_it_is_bad_input(run_cli):
    result = run_cli("setup", "steeple_chess", "--seed", "1", "--fair")
    assert result.exit_code == 2
    assert "--fair is for the river race" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_no_fair_setup_within_the_bound_is_bad_input(run_cli, monkeypatch, tmp_path):
    monkeypatch.setattr(analysis, "FAIR_GAP", -1)  # nothing is fair
    monkeypatch.setattr(generator, "FAIR_ATTEMPTS", 3)
    out = tmp_path / "fair.toml"
    result = run_cli("setup", "river_race", "--seed", "1", "--fair", "--out", out)
    assert result.exit_code == 2
    assert "found no fair setup" in result.stderr and "in 3 attempts" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


# ---- advice for check ---------------------------------------------------------------------


def test_check_advises_on_an_unfair_setup(run_cli, setup_file):
    result = run_cli("check", "river_race", "--setup", setup_file(UNFAIR))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("with setup " + str(setup_file(UNFAIR)) + ")")
    advice = [line for line in lines if line.startswith("advice: ")]
    assert len(advice) == 1 and "player 2's shortest line is 6 tiles longer than player 1's (29 against 23)" in advice[0]


def test_check_refuses_an_illegal_setup_with_the_report(run_cli, setup_file):
    result = run_cli("check", "river_race", "--setup", setup_file(WALL))
    assert result.exit_code == 1
    assert "[cut-off] player 1" in result.stdout and "advice" not in result.stdout


def test_check_setup_for_a_game_without_setups_is_bad_input(run_cli, setup_file):
    result = run_cli("check", "racing_kings", "--setup", setup_file(UNFAIR))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


def test_advice_for_fair_setups_and_the_shipped_board_is_none(setup_file):
    layout = load_layout("river_race")
    assert analysis.play_advice(layout) is None
    assert analysis.play_advice(layout, setup_file(fair_setup(layout, 3))) is None
    assert analysis.play_advice(layout, setup_file(WALL)) is None  # check reports it instead
    assert analysis.play_advice(layout, setup_file("not toml [")) is None


def test_advice_for_a_board_whose_lines_take_most_tiles(setup_file):
    layout = load_layout(setup_file('extends = "river_race"\nname = "tall"\n[board]\n'
                                    'rows = 45\ncell_mm = 10\n', "tall.toml"))
    line = analysis.play_advice(layout)
    assert line is not None and "take 90 of the game's 140 tiles" in line
    assert "30% on the shipped board" in line and "\n" not in line
    types = [t.model_copy(update={"count": 10}) for t in layout.tiles.types]
    fewer = layout.model_copy(update={"tiles": layout.tiles.model_copy(update={"types": types})})
    assert "more than the game has" in analysis.play_advice(fewer)
