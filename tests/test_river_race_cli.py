"""Wyścig przez rzekę from the command line: exit 0 legal, 1 illegal, 2 malformed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from boardgen.cli import app

runner = CliRunner()

LEGAL = """
[[obstacle]]
piece = "black-1x3"
cells = ["A4", "B4", "C4"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["D5", "E5", "F5"]
player = 2
"""

WALL = LEGAL + """
[[obstacle]]
piece = "black-1x3"
cells = ["G5", "H5", "I5"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["J5", "K5", "L5"]
player = 2

[[obstacle]]
piece = "black-1x3"
cells = ["M5", "N5", "O5"]
player = 1

[[obstacle]]
piece = "black-1x3"
cells = ["P5", "Q5", "R5"]
player = 2

[[obstacle]]
piece = "green-1x2"
cells = ["S6", "T6"]
player = 1

[[obstacle]]
piece = "green-1x2"
cells = ["U7", "U8"]
player = 2
"""


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def setup_file(tmp_path):
    def write(text: str, name: str = "setup.toml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


def test_partial_legal_setup_exits_0(setup_file):
    result = run("validate", "river_race", "--setup", setup_file(LEGAL), "--partial")
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "illegal" not in result.output


def test_incomplete_setup_without_partial_exits_1(setup_file):
    result = run("validate", "river_race", "--setup", setup_file(LEGAL))
    assert result.exit_code == 1
    assert "[too-few] player 1: placed 1 black obstacle; each player places 3" in result.output


def test_wall_exits_1_naming_player_start_and_pieces(setup_file):
    result = run("validate", "river_race", "--setup", setup_file(WALL), "--partial")
    assert result.exit_code == 1
    out = result.output
    assert "[cut-off] player 1: cannot reach the far bank (row 21) from the start field K1" in out
    assert "#1 black-1x3 [A4 B4 C4]" in out and "#8 green-1x2 [U7 U8]" in out
    assert "[cut-off] player 2: cannot reach the far bank (row 1) from the start field K21" in out
    assert "player 1, from K1:" in out
    row_4 = next(line for line in out.splitlines() if line.startswith(" 4 "))
    assert row_4.split()[1:6] == ["B", "B", "B", "+", "+"]


def test_off_board_cell_exits_1(setup_file):
    text = '[[obstacle]]\npiece = "black-1x3"\ncells = ["T3", "U3", "V3"]\nplayer = 1\n'
    result = run("validate", "river_race", "--setup", setup_file(text), "--partial")
    assert result.exit_code == 1
    assert "[off-board]" in result.output and "V3" in result.output


def test_unknown_piece_exits_1(setup_file):
    text = '[[obstacle]]\npiece = "blue-1x3"\ncells = ["C3", "D3", "E3"]\nplayer = 1\n'
    result = run("validate", "river_race", "--setup", setup_file(text), "--partial")
    assert result.exit_code == 1
    assert "[unknown-piece]" in result.output


@pytest.mark.parametrize("text,message", [
    ("this is not toml", "malformed TOML"),
    ('[[obstacle]]\npiece = "black-1x3"\nplayer = 1\n', "obstacle[0].cells: missing required key"),
    ('[[obstacle]]\npiece = "black-1x3"\ncells = ["3C"]\nplayer = 1\n',
     "expected a cell name such as 'K21'"),
])
def test_malformed_setup_exits_2_without_traceback(setup_file, text, message):
    result = run("validate", "river_race", "--setup", setup_file(text))
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_setup_file_exits_2(tmp_path):
    result = run("validate", "river_race", "--setup", str(tmp_path / "none.toml"))
    assert result.exit_code == 2
    assert "cannot read file" in result.output


def test_setup_command_is_repeatable_and_valid(tmp_path):
    first = run("setup", "river_race", "--seed", "11")
    assert first.exit_code == 0
    assert first.output == run("setup", "river_race", "--seed", "11").output
    out = tmp_path / "random.toml"
    assert run("setup", "river_race", "--seed", "11", "--out", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == first.output
    result = run("validate", "river_race", "--setup", str(out))
    assert result.exit_code == 0, result.output


def test_build_with_setup_writes_board_json_with_obstacles(tmp_path, setup_file):
    out = tmp_path / "out"
    result = run("build", "river_race", "--out", str(out), "--format", "svg",
                 "--setup", setup_file(LEGAL))
    assert result.exit_code == 0, result.output
    folder = out / "river_race"
    document = json.loads((folder / "board.json").read_text(encoding="utf-8"))
    assert [o["cells"] for o in document["obstacles"]] == [["A4", "B4", "C4"], ["D5", "E5", "F5"]]
    assert (folder / "board.svg").is_file()
    assert (folder / "tiles-back.svg").is_file()  # one picture of the shared back
    assert len(list(folder.glob("tiles-*.svg"))) == 8  # seven tile types and the back


def test_build_with_malformed_setup_exits_2_and_writes_nothing(tmp_path, setup_file):
    out = tmp_path / "out"
    result = run("build", "river_race", "--out", str(out), "--format", "svg",
                 "--setup", setup_file("[[obstacle]\n"))
    assert result.exit_code == 2
    assert not (out / "river_race").exists()
