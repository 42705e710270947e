"""Steeple Chess setups: the movable obstacle (and pieces) checked against the rules."""

from __future__ import annotations

import json
import textwrap

import pytest
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.errors import InputError
from boardgen.games.steeple_chess import load_setup, random_setup, validate_setup
from boardgen.layout import load_layout

LAYOUT = load_layout("steeple_chess")


def setup_file(tmp_path, text: str, name: str = "setup.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def report_for(tmp_path, text: str, layout=LAYOUT, partial: bool = False):
    return validate_setup(layout, setup_file(tmp_path, text), partial=partial)


def board_rows(report) -> list[str]:
    """The report's ASCII board, top row first, without the file letters and row numbers."""
    return [line[4:].rsplit("  ", 1)[0].rstrip() for line in report.board.splitlines()[1:-1]]


def test_obstacle_in_the_zone_is_legal_and_drawn_in_the_report(tmp_path):
    report = report_for(tmp_path, """
        [obstacle]
        cells = ["g13", "h13"]
    """)
    assert report.ok, str(report)
    assert board_rows(report)[:2] == ["c c c c . > o o < . c c c c",
                                      "c c c c . o X X o . c c c c"]
    assert str(report).startswith(f"setup {tmp_path / 'setup.toml'}: legal")


def test_obstacle_may_stand_across_the_track(tmp_path):
    assert report_for(tmp_path, '[obstacle]\ncells = ["i14", "i13"]\n').ok


def test_no_obstacle_yet_is_legal(tmp_path):
    report = report_for(tmp_path, "")
    assert report.ok and "not on the board yet" in str(report)


def test_squares_must_be_side_by_side(tmp_path):
    report = report_for(tmp_path, '[obstacle]\ncells = ["g13", "h12"]\n')
    assert report.codes() == ["obstacle-not-adjacent"]
    assert board_rows(report)[1:3] == ["c c c c . o ! o o . c c c c",
                                       "c c c c . o o ! o . c c c c"]


def test_obstacle_outside_the_arrows_or_off_the_course(tmp_path):
    report = report_for(tmp_path, '[obstacle]\ncells = ["j14", "j13"]\n')
    assert report.codes() == ["obstacle-outside-zone", "obstacle-outside-zone"]
    report = report_for(tmp_path, '[obstacle]\ncells = ["g9", "g8"]\n')
    assert report.codes() == ["obstacle-off-course", "obstacle-off-course"]


def test_obstacle_on_a_black_square(tmp_path):
    report = report_for(tmp_path, '[obstacle]\ncells = ["b8", "b7"]\n')
    assert "obstacle-on-black" in report.codes()
    assert "obstacle-outside-zone" in report.codes()


def test_obstacle_cannot_cover_a_piece_and_pieces_are_drawn(tmp_path):
    report = report_for(tmp_path, """
        [obstacle]
        cells = ["g13", "h13"]

        [[piece]]
        color = "red"
        number = 2
        cell = "h13"

        [[piece]]
        color = "blue"
        number = 1
        cell = "k3"
    """)
    assert report.codes() == ["obstacle-on-piece"]
    rows = board_rows(report)
    assert rows[1] == "c c c c . o X ! o . c c c c"
    assert rows[11] == "c c c c . F|R R . . b c c c"


def test_piece_problems(tmp_path):
    report = report_for(tmp_path, """
        [[piece]]
        color = "green"
        number = 1
        cell = "b8"
        [[piece]]
        color = "green"
        number = 1
        cell = "e1"
        [[piece]]
        color = "yellow"
        number = 3
        cell = "e1"
        [[piece]]
        color = "red"
        number = 1
        cell = "g9"
    """)
    assert report.codes() == ["piece-on-black", "piece-twice", "pieces-share-square",
                              "piece-off-course"]


def test_wrong_number_of_cells(tmp_path):
    assert report_for(tmp_path, '[obstacle]\ncells = ["g13"]\n').codes() == ["obstacle-cells"]
    assert report_for(tmp_path, '[obstacle]\ncells = ["g13"]\n', partial=True).ok
    three = '[obstacle]\ncells = ["g13", "h13", "i13"]\n'
    assert report_for(tmp_path, three, partial=True).codes() == ["obstacle-cells"]
    twice = '[obstacle]\ncells = ["g13", "g13"]\n'
    assert report_for(tmp_path, twice).codes() == ["obstacle-cells"]


def test_blocked_course_is_reported(tmp_path):
    # A course whose bottom straight narrows to two squares between black squares:
    # the obstacle may not stand there (outside the zone), and would block it.
    rows = LAYOUT.course.map.strip("\n").splitlines()
    rows[10] = "c c c c . F|B B # . c c c c"
    rows[13] = "c c c c . F|G G # . c c c c"
    layout_path = tmp_path / "narrow.toml"
    layout_path.write_text('extends = "steeple_chess"\n[course]\nmap = """\n' + "\n".join(rows)
                           + '\n"""\n', encoding="utf-8")
    layout = load_layout(layout_path)
    report = report_for(tmp_path, '[obstacle]\ncells = ["i3", "i2"]\n', layout=layout)
    assert report.codes() == ["obstacle-outside-zone", "obstacle-outside-zone"] + \
        ["course-blocked"] * 4
    assert "green start space" in str(report)


@pytest.mark.parametrize("text,key,message", [
    ('[obstacle]\ncells = ["z1", "g13"]\n', "obstacle.cells[0]", "'z1' is not a square"),
    ('[obstacle]\ncels = ["g13"]\n', "obstacle.cells", "did you mean 'cells'"),
    ('[[piece]]\ncolor = "pink"\nnumber = 1\ncell = "e1"\n', "piece[0].color", "green"),
    ('[[piece]]\ncolor = "red"\nnumber = 4\ncell = "e1"\n', "piece[0].number", "pieces 1 to 3"),
    ("[obstacle\n", None, "malformed TOML"),
])
def test_malformed_setups_are_input_errors(tmp_path, text, key, message):
    with pytest.raises(InputError) as caught:
        load_setup(LAYOUT, setup_file(tmp_path, text))
    assert caught.value.key == key and message in str(caught.value)
    assert caught.value.source == str(tmp_path / "setup.toml")


HOSTILE_CELLS = ["a\u00b2", "a" + "9" * 5000, "\u0661\u0662", "a\u0663", "a0", "a01", "a-1",
                 "a 1", "a1\x1b[31m", "", "1a", "\u212a1"]


@pytest.mark.parametrize("name", HOSTILE_CELLS)
@pytest.mark.parametrize("entry, key", [
    ('[obstacle]\ncells = ["g13", {cell}]\n', "obstacle.cells[1]"),
    ('[[piece]]\ncolor = "red"\nnumber = 1\ncell = {cell}\n', "piece[0].cell"),
])
def test_hostile_square_names_are_one_input_error_naming_the_entry(tmp_path, name, entry, key):
    text = entry.replace("{cell}", json.dumps(name))
    with pytest.raises(InputError) as caught:
        load_setup(LAYOUT, setup_file(tmp_path, text))
    error = caught.value
    assert error.key == key and error.source == str(tmp_path / "setup.toml")
    message = str(error)
    assert "\n" not in message and "\x1b" not in message and len(message) < 400


@pytest.mark.parametrize("name", HOSTILE_CELLS)
def test_square_names_outside_the_pattern_name_no_square(name):
    assert LAYOUT.track.cell(name) is None


@pytest.mark.parametrize("name,cell", [("a1", (0, 13)), ("N14", (13, 0)), (" g13 ", (6, 1))])
def test_square_names_players_write(name, cell):
    assert LAYOUT.track.cell(name) == cell


def test_random_setup_is_legal_and_repeatable(tmp_path):
    for seed in range(5):
        text = random_setup(LAYOUT, seed)
        assert text == random_setup(LAYOUT, seed)
        assert report_for(tmp_path, text).ok


def test_command_line_exit_codes(tmp_path):
    runner = CliRunner()
    good = setup_file(tmp_path, '[obstacle]\ncells = ["g13", "h13"]\n', "good.toml")
    bad = setup_file(tmp_path, '[obstacle]\ncells = ["g13", "h12"]\n', "bad.toml")
    ugly = setup_file(tmp_path, '[obstacle]\ncells = ["g13", "q99"]\n', "ugly.toml")
    result = runner.invoke(app, ["validate", "steeple_chess", "--setup", str(good)])
    assert result.exit_code == 0 and ": legal" in result.output
    result = runner.invoke(app, ["validate", "steeple_chess", "--setup", str(bad)])
    assert result.exit_code == 1 and "obstacle-not-adjacent" in result.output
    assert "a b c d e f g h i j k l m n" in result.output
    result = runner.invoke(app, ["validate", "steeple_chess", "--setup", str(ugly)])
    assert result.exit_code == 2 and "Traceback" not in result.output
