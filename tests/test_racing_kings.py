"""Racing Kings: the start position against python-chess, the board's size, board.json."""

from __future__ import annotations

import json
import re

import chess
import chess.variant
import pytest

from boardgen.games import racing_kings
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Rect


@pytest.fixture(scope="module")
def layout():
    return load_layout("racing_kings")


def test_start_position_matches_python_chess(layout):
    reference = chess.variant.RacingKingsBoard()
    ours = racing_kings.position(layout)
    expected = {(chess.square_file(sq), chess.square_rank(sq) + 1): p.symbol()
                for sq, p in reference.piece_map().items()}
    assert ours == expected
    assert len(ours) == 16


def test_board_is_the_layout_size_exactly(layout):
    board = racing_kings.compose_board(layout).scene
    spec = layout.board
    assert board.width == pytest.approx(2 * spec.border_mm + 8 * spec.square_mm)
    squares = [n for n in board.children if isinstance(n, Rect) and n.w == spec.square_mm
               and n.h == spec.square_mm]
    assert len(squares) == 64
    xs = sorted({round(r.x, 6) for r in squares})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([40.0] * 7)
    svg = renderer("svg")(board).decode()
    assert f'width="{board.width:g}mm"' in svg


def test_goal_rank_is_coloured_and_labelled(layout):
    board = racing_kings.compose_board(layout).scene
    goal_colours = {layout.colors.goal_light, layout.colors.goal_dark}
    squares = [n for n in board.children if isinstance(n, Rect) and n.w == 40 and n.h == 40]
    top_row = min(r.y for r in squares)
    assert {r.style.fill for r in squares if r.y == top_row} == goal_colours
    assert {r.style.fill for r in squares if r.y != top_row}.isdisjoint(goal_colours)
    svg = renderer("svg")(board).decode()
    assert svg.count(">GOAL<") == 2


def test_coordinates_around_the_board(layout):
    svg = renderer("svg")(racing_kings.compose_board(layout).scene).decode()
    labels = re.findall(r">([a-h1-8])</text>", svg)
    for c in "abcdefgh12345678":
        assert labels.count(c) == 2, c


def test_board_json_squares_and_pieces(layout):
    data = racing_kings.board_json(layout)
    spaces = {s["id"]: s for s in data["spaces"]}
    assert len(spaces) == 64
    a1, b1, a2 = spaces["a1"], spaces["b1"], spaces["a2"]
    assert b1["center"][0] - a1["center"][0] == pytest.approx(40)
    assert a1["center"][1] - a2["center"][1] == pytest.approx(40)  # rank 1 is below rank 2
    assert "goal" in spaces["e8"]["tags"] and "goal" not in spaces["e7"]["tags"]
    assert a1["color"] == layout.colors.dark and b1["color"] == layout.colors.light
    reference = chess.variant.RacingKingsBoard()
    pieces = {(p["square"], p["piece"], p["side"]) for p in data["pieces"]}
    expected = {(chess.square_name(sq), p.symbol().upper(), "white" if p.color else "black")
                for sq, p in reference.piece_map().items()}
    assert pieces == expected
    json.dumps(data)  # serialisable


def test_token_sheet_has_sixteen_pieces(layout):
    tokens = racing_kings.compose_tokens(layout)
    counts = {c.name: c.count for c in tokens.components}
    assert sum(counts.values()) == 16
    assert counts["white-K"] == counts["black-K"] == 1
    assert counts["white-R"] == counts["black-N"] == 2
    assert all(c.front.width == layout.tokens.size_mm for c in tokens.components)


def test_standee_tokens(tmp_path):
    path = tmp_path / "standees.toml"
    path.write_text('extends = "racing_kings"\nname = "rk_standees"\n[tokens]\nstyle = "standee"\n'
                    'size_mm = 26\n')
    layout = load_layout(str(path))
    tokens = racing_kings.compose_tokens(layout)
    assert all(c.front.width == 26 and c.front.height > 2 * 26 for c in tokens.components)


def test_ascii_setup_in_a_user_file_replaces_the_inherited_fen(tmp_path):
    path = tmp_path / "ascii.toml"
    rows = ["........"] * 6 + ["k r b n N B R K", "q r b n N B R Q"]
    path.write_text('extends = "racing_kings"\n[setup]\nascii = """\n' + "\n".join(rows) + '\n"""\n')
    assert racing_kings.position(load_layout(str(path))) == racing_kings.position(
        load_layout("racing_kings"))
