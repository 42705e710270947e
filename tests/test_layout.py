"""Layout loading: extends, typed models, and errors that name file, key and line."""

from __future__ import annotations

import pytest

from boardgen.errors import InputError
from boardgen.layout import find_line, load_layout, merge
from tests.conftest import write


def load_error(tmp_path, text: str) -> InputError:
    path = write(tmp_path, "mine.toml", text)
    with pytest.raises(InputError) as info:
        load_layout(str(path))
    return info.value


def test_extends_inherits_and_overrides(tmp_path):
    path = write(tmp_path, "big.toml", 'extends = "racing_kings"\nname = "big"\n'
                 '[board]\nsquare_mm = 50\n[colors]\ndark = "#336699"\n')
    layout = load_layout(str(path))
    base = load_layout("racing_kings")
    assert layout.board.square_mm == 50 and layout.colors.dark == "#336699"
    assert layout.board.files == base.board.files and layout.colors.light == base.colors.light
    assert layout.title == base.title and layout.name == "big"


def test_models_are_frozen():
    layout = load_layout("racing_kings")
    with pytest.raises(Exception):
        layout.board.square_mm = 10


def test_unknown_key_gets_did_you_mean(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[board]\nsquare_size = 30\n')
    assert error.key == "board.square_size"
    assert "did you mean 'square_mm'" in error.message
    assert error.source.endswith("mine.toml") and error.line == 3


def test_unknown_top_level_table(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[colours]\nlight = "#ffffff"\n')
    assert "did you mean 'colors'" in error.message and error.key == "colours"


def test_wrong_type_names_key_and_value(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[board]\nsquare_mm = "big"\n')
    assert error.key == "board.square_mm" and "'big'" in error.message and error.line == 3


def test_negative_size(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[board]\nsquare_mm = -40\n')
    assert error.key == "board.square_mm" and "greater than or equal to 12" in error.message


def test_position_with_pawns(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[setup]\n'
                       'fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRP"\n')
    assert "pawn" in error.message and error.key == "setup.fen" and error.line == 3


def test_position_with_two_white_kings(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[setup]\n'
                       'fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRK"\n')
    assert "exactly one white king" in error.message


def test_malformed_toml_gives_its_line(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n\n[board\nsquare_mm = 3\n')
    assert "malformed TOML" in error.message and error.line == 3


def test_unknown_game_suggests(tmp_path):
    with pytest.raises(InputError) as info:
        load_layout("racing_king")
    assert "did you mean 'racing_kings'" in info.value.message


def test_unknown_parent(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kngs"\n')
    assert error.key == "extends" and "did you mean 'racing_kings'" in error.message


def test_extends_cycle(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(InputError) as info:
        load_layout(str(tmp_path / "a.toml"))
    assert "circle" in info.value.message


def test_every_problem_is_reported_at_once(tmp_path):
    error = load_error(tmp_path, 'extends = "racing_kings"\n[board]\nsquare_mm = -1\n'
                       'ranks = "eight"\nsqare = 2\n')
    keys = {p.key for p in error.problems}
    assert {"board.square_mm", "board.ranks", "board.sqare"} <= keys
    assert len(str(error).splitlines()) >= 3


def test_merge_replaces_arrays_and_merges_tables():
    base = {"a": {"x": 1, "y": [1, 2]}, "b": 2}
    assert merge(base, {"a": {"y": [3]}}) == {"a": {"x": 1, "y": [3]}, "b": 2}


def test_find_line_in_tables_and_arrays_of_tables():
    text = 'title = "x"\n[board]\nsquare_mm = 4\n[[piece]]\nname = "a"\n'
    assert find_line(text, ["board", "square_mm"]) == 3
    assert find_line(text, ["title"]) == 1
    assert find_line(text, ["piece", "name"]) == 5
