"""Player colours stay apart for colour-blind eyes, and every colour has a mark of its own."""

from __future__ import annotations

import itertools

import pytest
from coloraide import Color
from hypothesis import given
from hypothesis import strategies as st

from boardgen.games import game_for, race
from boardgen.games.steeple_chess.model import PLAYERS
from boardgen.games.steeple_chess.tokens import token_scene
from boardgen.i18n import words_for
from boardgen.layout import load_layout, shipped_games
from boardgen.marks import MARKS, mark_node
from boardgen.scene import Circle, Group, Polygon, Rect, bounds

DEFICIENCIES = ("deutan", "protan", "tritan")  # full dichromacy: deuteranopia, protanopia, tritanopia
MIN_DELTA_E = 15.0


def players(game: str) -> list[dict]:
    """The players board.json lists for a shipped game."""
    layout = load_layout(game)
    return game_for(layout.game).compose_game(layout).board_json["players"]


def closest_pair(colors: list[str], deficiency: str) -> float:
    """The smallest ΔE2000 between two of ``colors`` as a dichromat sees them."""
    seen = [Color(c).filter(deficiency).convert("srgb") for c in colors]
    return min(a.delta_e(b, method="2000") for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
@pytest.mark.parametrize("game", shipped_games())
def test_player_colours_stay_apart_under_colour_blindness(game, deficiency):
    colors = [p["color"] for p in players(game)]
    assert len(colors) >= 2
    assert closest_pair(colors, deficiency) >= MIN_DELTA_E


def test_the_old_steeple_chess_red_and_green_would_fail():
    """The check can fail: the colours used before collapse for deuteranopes."""
    assert closest_pair(["#2f9a4a", "#d43a2f"], "deutan") < MIN_DELTA_E


@pytest.mark.parametrize("game", shipped_games())
def test_board_json_lists_every_player_with_colour_and_a_mark_of_its_own(game):
    listed = players(game)
    assert [p["number"] for p in listed] == list(range(1, len(listed) + 1))
    assert all(p["color"].startswith("#") and len(p["color"]) == 7 for p in listed)
    assert len({p["mark"] for p in listed}) == len(listed)
    assert len({p["color"] for p in listed}) == len(listed)


def shape(node) -> tuple:
    """What a mark looks like without its colour: its kind and its corners, rounded."""
    if isinstance(node, Polygon):
        return ("polygon", len(node.points))
    if isinstance(node, Rect):
        return ("rect",)
    if isinstance(node, Circle):
        return ("circle",)
    raise AssertionError(node)


def test_marks_are_different_shapes():
    shapes = {shape(mark_node(mark, 0, 0, 5, "#000000", "#ffffff")) for mark in MARKS}
    assert len(shapes) == len(MARKS)


@given(st.sampled_from(MARKS), st.floats(-50, 50), st.floats(-50, 50), st.floats(1, 30))
def test_a_mark_stays_inside_its_size(mark, cx, cy, size):
    x0, y0, x1, y1 = bounds((mark_node(mark, cx, cy, size, "#000000", "#ffffff"),))
    slack = size * 0.1 + 1e-9
    assert cx - size / 2 - slack <= x0 and x1 <= cx + size / 2 + slack
    assert cy - size / 2 - slack <= y0 and y1 <= cy + size / 2 + slack


def marks_in(nodes) -> list[tuple]:
    """Shapes of the small filled marks among ``nodes`` (pips under 8 mm)."""
    found = []
    for node in nodes:
        if isinstance(node, Group):
            found += marks_in(node.children)
        elif isinstance(node, (Polygon, Rect, Circle)) and node.style.fill:
            box = bounds((node,))
            if box and max(box[2] - box[0], box[3] - box[1]) < 8:
                found.append(shape(node))
    return found


def test_steeple_chess_pieces_of_each_colour_carry_their_own_mark():
    layout = load_layout("steeple_chess")
    words = words_for(layout)
    seen = {letter: marks_in(token_scene(layout, words, letter, 1).children) for letter in PLAYERS}
    assert all(len(found) == 1 for found in seen.values()), seen
    assert len({found[0] for found in seen.values()}) == len(PLAYERS)


def test_steeple_chess_start_spaces_carry_the_marks_of_their_pieces():
    layout = load_layout("steeple_chess")
    board = game_for("steeple_chess").compose_game(layout).board.scene
    colours = {layout.colors.player(letter) for letter in PLAYERS}
    outlined = [n for n in walk(board.children) if isinstance(n, (Polygon, Rect, Circle))
                and n.style.stroke in colours and n.style.fill]
    assert len(outlined) == len(PLAYERS)  # one mark per start space, outlined in its colour


def test_six_day_riders_keep_their_numbers_and_gain_a_mark_each():
    layout = load_layout("six_day_race")
    riders = next(s for s in race.compose_game(layout).component_sets if s.name == "riders").components
    marks = []
    for component in riders:
        faces = [n for n in component.front.children if isinstance(n, Group)]
        assert len(faces) == 2
        for face in faces:
            found = marks_in(face.children)
            assert len(found) == 2 and found[0] == found[1]  # the same mark in both corners
        marks.append(found[0])
    assert len(set(marks)) == len(riders) == len(layout.player_colors)


def walk(nodes):
    for node in nodes:
        yield node
        if isinstance(node, Group):
            yield from walk(node.children)
