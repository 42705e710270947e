"""Every kind of space stays apart on a greyscale printer: the chess boards rendered, turned
grey, and each space's pixels compared with every space of another kind.

Two spaces are apart when the greys of their pixels differ clearly somewhere in their spread:
in lightness, or by a pattern one carries and the other lacks or draws otherwise; a chequer's
light and dark squares of one kind need not be apart from each other.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from boardgen.components import course as course_board
from boardgen.components import grid_board
from boardgen.components.base import Context
from boardgen.games import racing_kings, steeple_chess
from boardgen.games.racing_kings.board import grid_model
from boardgen.games.steeple_chess.board import board_grid, course_model
from boardgen.i18n import words_for
from boardgen.layout import load_layout
from boardgen.render.png import render_png
from tests.conftest import write

DPI = 60
MIN_GREY_STEP = 20   # of 255: a clear step in the ground's lightness
MIN_INK_STEP = 0.04  # a clear step in the share of a space's pixels a pattern inks
INKED = 12           # a pixel this much darker than the space's ground is a pattern's ink


def grey(scene) -> Image.Image:
    return Image.open(io.BytesIO(render_png(scene, DPI))).convert("L")


def space_look(image: Image.Image, box) -> tuple[float, float]:
    """A space's ground (the grey most of its pixels have at least, a little in from its
    edges) and the share of its pixels a pattern inks: plain spaces ink none, dots a few,
    a hatch many, wherever their marks fall on the pixel grid."""
    x, y, w, h = (v * DPI / 25.4 for v in box)
    inset = w * 0.1
    crop = image.crop((round(x + inset), round(y + inset), round(x + w - inset),
                       round(y + h - inset)))
    pixels = sorted(crop.tobytes())
    ground = pixels[int(0.8 * (len(pixels) - 1))]
    return float(ground), sum(p < ground - INKED for p in pixels) / len(pixels)


def apart(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) >= MIN_GREY_STEP or abs(a[1] - b[1]) >= MIN_INK_STEP


def looks_by_kind(image, cells, place, kinds) -> dict[str, list[tuple[float, float]]]:
    return {kind: [space_look(image, place.box(c)) for c in sorted(cells.of_kind(kind))]
            for kind in kinds}


def assert_kinds_apart(found: dict[str, list[tuple[float, float]]]) -> None:
    kinds = [k for k in found if found[k]]
    for i, one in enumerate(kinds):
        for other in kinds[i + 1:]:
            close = [(a, b) for a in found[one] for b in found[other] if not apart(a, b)]
            assert not close, f"{one} and {other} look alike in greyscale: {close[0]}"


def test_steeple_chess_course_kinds_stay_apart_in_greyscale():
    layout = load_layout("steeple_chess")
    image = grey(steeple_chess.compose_board(layout).scene)
    course = layout.track
    found = looks_by_kind(image, course, board_grid(layout), ["course", "corner", "zone", "black"])
    assert_kinds_apart(found)


def test_racing_kings_goal_rank_stays_apart_from_the_squares_in_greyscale():
    layout = load_layout("racing_kings")
    image = grey(racing_kings.compose_board(layout).scene)
    model = grid_model(layout)
    cells, place = grid_board.grid(model), grid_board.placement(model)
    start = {layout.naming.cell_at(f, r) for f, r in racing_kings.position(layout)}
    found = {"square": [space_look(image, place.box(c)) for c in sorted(cells.of_kind("square"))
                        if c not in start],  # a start square carries its piece's mark
             "goal": [space_look(image, place.box(c)) for c in sorted(cells.of_kind("goal"))]}
    assert len(found["goal"]) == len(layout.board.letters)
    assert_kinds_apart(found)


@pytest.mark.parametrize("pattern", [None, "hatch", "dots"])
def test_a_pattern_is_what_keeps_two_same_grey_kinds_apart(pattern, tmp_path):
    """The check itself: corner squares coloured exactly as the course are told apart by
    their pattern alone, and not at all without one."""
    path = write(tmp_path, "same.toml", 'extends = "steeple_chess"\n[colors]\n'
                 'corner_light = "#f5ead2"\ncorner_dark = "#c9a878"\n')
    layout = load_layout(str(path))
    model = course_model(layout).model_copy(update={"patterns": {} if pattern is None
                                                    else {"corner": pattern}})
    scene = course_board.compose(model, "board", Context(words_for(layout))).board.scene
    image = grey(scene)
    found = looks_by_kind(image, layout.track, course_board.placement(model),
                          ["course", "corner"])
    if pattern is None:
        with pytest.raises(AssertionError, match="look alike"):
            assert_kinds_apart(found)
    else:
        assert_kinds_apart(found)
