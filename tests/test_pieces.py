"""Chess piece glyphs: complete, inside their box, distinct, scalable and reusable."""

from __future__ import annotations

import pytest

from boardgen.pieces import (DARK, LIGHT, OUTLINE, PIECE_LETTERS, PIECE_NAMES, piece, piece_glyph,
                             piece_symbol_id, piece_symbols)
from boardgen.render import renderer
from boardgen.scene import Circle, Group, Path, Rect, Scene, Use, bounds, compose, scale, translate

ALL = [(letter, side) for side in ("white", "black") for letter in PIECE_LETTERS]


def body_fills(nodes) -> set[str]:
    """Fill colours of the outlined solid parts of a glyph."""
    return {n.style.fill for n in nodes
            if isinstance(n, (Path, Rect, Circle)) and n.style.fill and n.style.stroke}


def test_names_cover_letters():
    assert set(PIECE_NAMES) == set(PIECE_LETTERS)


@pytest.mark.parametrize("letter,side", ALL)
def test_glyph_is_non_empty_and_inside_box_with_its_outline(letter, side):
    nodes = piece_glyph(letter, side)
    assert len(nodes) >= 4
    x0, y0, x1, y1 = bounds(nodes)
    margin = OUTLINE / 2
    assert margin <= x0 and x1 <= 100 - margin
    assert margin <= y0 and y1 <= 100 - margin
    assert 88 <= y1 <= 93, "every piece stands on the plinth near y 92"
    assert x1 - x0 > 50 and y1 - y0 > 70, "the glyph fills most of its box"


@pytest.mark.parametrize("letter", PIECE_LETTERS)
def test_white_is_light_with_dark_outline_black_is_dark_with_light_lines(letter):
    white, black = piece_glyph(letter, "white"), piece_glyph(letter, "black")
    assert body_fills(white) == {LIGHT}
    assert body_fills(black) == {DARK}
    assert any(n.style.stroke == DARK for n in white if hasattr(n, "style"))
    assert any(n.style.stroke == LIGHT for n in black if hasattr(n, "style")), "details show"
    assert white != black


def test_shapes_differ_from_each_other():
    for side in ("white", "black"):
        glyphs = {piece_glyph(letter, side) for letter in PIECE_LETTERS}
        assert len(glyphs) == 6
        outlines = {letter: {n for n in piece_glyph(letter, side) if isinstance(n, (Path, Circle))}
                    for letter in PIECE_LETTERS}
        plinth = set.intersection(*outlines.values())
        own = [frozenset(o - plinth) for o in outlines.values()]
        assert all(own) and len(set(own)) == 6, "each piece has parts of its own beyond the plinth"


def test_knight_uses_curves_and_faces_left():
    head = next(n for n in piece_glyph("N") if isinstance(n, Path) and n.style.fill)
    assert sum(1 for c in head.commands if c[0] == "C") >= 6
    x0, _, x1, _ = bounds((head,))
    assert 50 - x0 > x1 - 50, "the muzzle reaches further left than the mane does right"


@pytest.mark.parametrize("letter,side", ALL)
def test_letters_are_case_insensitive(letter, side):
    assert piece_glyph(letter.lower(), side) == piece_glyph(letter, side)
    assert piece_symbol_id(letter.lower(), side) == f"piece-{letter}-{side}"


@pytest.mark.parametrize("size", [12.0, 40.0, 57.15])
def test_piece_scales_into_its_square(size):
    for letter, side in ALL:
        g = piece(letter, side, 10.0, 20.0, size)
        assert isinstance(g, Group)
        x0, y0, x1, y1 = bounds((g,))
        assert 10.0 <= x0 and x1 <= 10.0 + size
        assert 20.0 <= y0 and y1 <= 20.0 + size
        assert y1 - y0 > 0.7 * size


@pytest.mark.parametrize("bad", ["X", "", "KQ", "1", None])
def test_unknown_letter_raises(bad):
    with pytest.raises(ValueError):
        piece_glyph(bad)
    with pytest.raises(ValueError):
        piece(bad, "white", 0, 0, 10)


@pytest.mark.parametrize("bad", ["red", "White", "", "w"])
def test_unknown_side_raises(bad):
    with pytest.raises(ValueError):
        piece_glyph("K", bad)
    with pytest.raises(ValueError):
        piece_symbol_id("K", bad)


def test_symbols_hold_all_twelve_glyphs():
    symbols = piece_symbols()
    assert len(symbols) == 12
    for letter, side in ALL:
        assert symbols[piece_symbol_id(letter, side)] == piece_glyph(letter, side)


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_symbols_render_through_use(fmt):
    uses = tuple(Use(piece_symbol_id(letter, side), compose(translate(i * 10, 0), scale(0.1)))
                 for i, (letter, side) in enumerate(ALL))
    data = renderer(fmt)(Scene(120, 10, uses, symbols=piece_symbols()))
    assert len(data) > 1000
    if fmt == "svg":
        assert b"piece-N-black" in data
