"""Honest boards: a Racing Kings start that never looks like pieces in play, and setups
checked before they are drawn."""

from __future__ import annotations

import json

import pytest

from boardgen import pieces
from boardgen.games import racing_kings
from boardgen.components import grid_board
from boardgen.games.racing_kings.board import FAINT_PREFIX
from boardgen.games.racing_kings.tokens import DISC_RING
from boardgen.i18n import LANGUAGES, words_for
from boardgen.layout import load_layout
from boardgen.scaffold import layout_schema, starter_text
from boardgen.scene import Circle, Group, Use
from tests.conftest import pdf_text, write
from tests.test_river_race_cli import WALL  # six black pieces walling in player 1


LEGAL = """
[[obstacle]]
piece = "black-1x3"
cells = ["A4", "B4", "C4"]
player = 1
"""


def start_uses(layout) -> list[Use]:
    """The pieces drawn on the board's squares."""
    scene = racing_kings.compose_board(layout).scene
    return [n for n in scene.children if isinstance(n, Use)]


def racing_kings_with(tmp_path, mode: str):
    path = write(tmp_path, f"{mode}.toml",
                 f'extends = "racing_kings"\n[board]\nstart_position = "{mode}"\n')
    return load_layout(str(path))


def parts(nodes):
    for node in nodes:
        if isinstance(node, Group):
            yield from parts(node.children)
        else:
            yield node


def test_racing_kings_marks_its_start_position_by_default_with_small_tokens_in_a_corner():
    """Each start square shows its piece's token small in its top-left corner, the glyph of
    the piece's side, the ring heavier for Black as on the tokens; the square's middle, where
    a piece in play stands, stays empty."""
    layout = load_layout("racing_kings")
    assert layout.board.start_position == "marks"
    scene = racing_kings.compose_board(layout).scene
    place = grid_board.placement(racing_kings.board.grid_model(layout))
    sq = layout.board.square_mm
    uses = start_uses(layout)
    rings = {n.style.stroke: n.style.stroke_mm for n in scene.children
             if isinstance(n, Circle) and n.style.stroke}
    discs = [n for n in scene.children if isinstance(n, Circle) and n.style.fill]
    start = racing_kings.position(layout)
    assert len(uses) == len(discs) == len(start) == 16
    for (f, rank), letter in start.items():
        x, y = place.origin(layout.naming.cell_at(f, rank))
        here = [d for d in discs if x < d.cx < x + sq and y < d.cy < y + sq]
        assert len(here) == 1
        disc = here[0]
        assert disc.r <= sq * 0.2  # a mark, not a piece standing there
        assert disc.cx + disc.r < x + sq / 2 and disc.cy + disc.r < y + sq / 2
        side = "white" if letter.isupper() else "black"
        assert any(u.symbol == pieces.piece_symbol_id(letter, side) and
                   x < u.transform[4] < x + sq / 2 and y < u.transform[5] < y + sq / 2
                   for u in uses)
    assert rings[DISC_RING["black"]] > 3 * rings[DISC_RING["white"]]


def test_racing_kings_can_still_draw_its_start_position_faintly(tmp_path):
    layout = racing_kings_with(tmp_path, "faint")
    uses = start_uses(layout)
    assert len(uses) == 16
    assert all(use.symbol.startswith(FAINT_PREFIX) for use in uses)
    symbols = racing_kings.compose_board(layout).scene.symbols
    for use in uses:
        styles = [part.style for part in parts(symbols[use.symbol])]
        assert all(style.opacity <= 0.5 for style in styles)  # low ink
        fills = [style.fill for style in styles]
        light, inked = fills.count(pieces.LIGHT), fills.count(layout.colors.frame)
        if use.symbol.endswith("white"):  # a paper-light ghost: it lightens any square
            assert light > inked
        else:  # a grey ghost: it darkens any square
            assert inked > light


def test_full_and_no_start_position(tmp_path):
    full = start_uses(racing_kings_with(tmp_path, "full"))
    assert len(full) == 16 and not any(u.symbol.startswith(FAINT_PREFIX) for u in full)
    assert start_uses(racing_kings_with(tmp_path, "none")) == []
    none = racing_kings.board_json(racing_kings_with(tmp_path, "none"))
    assert none["start_position"] == "none" and len(none["pieces"]) == 16  # still the setup


def test_start_position_key_is_described_in_the_starter_and_the_schema(tmp_path):
    starter = starter_text("racing_kings", tmp_path / "mine.toml")
    assert 'start_position = "marks"' in starter
    board = layout_schema("racing_kings")
    text = json.dumps(board)
    assert "start_position" in text and "marks" in text and "faint" in text and "full" in text


def test_an_unknown_start_position_is_refused(run_cli, tmp_path):
    path = write(tmp_path, "bad.toml", 'extends = "racing_kings"\n[board]\nstart_position = "ghost"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2 and "board.start_position" in result.output


def test_an_illegal_setup_is_refused_with_its_report_and_nothing_written(run_cli, tmp_path):
    setup = write(tmp_path, "wall.toml", WALL)
    out = tmp_path / "out"
    result = run_cli("build", "river_race", "--setup", setup, "--out", out, "--format", "svg")
    assert result.exit_code == 1
    assert "cut-off" in result.stdout and "cannot reach the far bank" in result.stdout
    assert "--allow-illegal" in result.stderr
    assert not out.exists()


def test_a_steeple_chess_setup_breaking_the_rules_is_refused(run_cli, tmp_path):
    setup = write(tmp_path, "bad.toml", '[obstacle]\ncells = ["g13", "h12"]\n')
    out = tmp_path / "out"
    result = run_cli("build", "steeple_chess", "--setup", setup, "--out", out, "--format", "svg")
    assert result.exit_code == 1 and "obstacle-not-adjacent" in result.stdout
    assert not out.exists()


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_allow_illegal_draws_it_with_a_visible_mark_in_the_kits_language(run_cli, tmp_path, lang):
    setup = write(tmp_path, "wall.toml", WALL)
    out = tmp_path / "out"
    result = run_cli("build", "river_race", "--setup", setup, "--out", out, "--format", "pdf",
                     "--allow-illegal", "--lang", lang)
    assert result.exit_code == 0, result.output
    folder = out / "river_race"
    word = words_for(load_layout("river_race"), lang)("setup.illegal")
    assert " ".join(pdf_text((folder / "board.pdf").read_bytes()).split()).count(word) >= 1
    document = json.loads((folder / "board.json").read_text(encoding="utf-8"))
    assert document["setup_legal"] is False
    assert any("far bank" in problem for problem in document["setup_problems"])


def test_a_legal_setup_is_drawn_without_the_mark(run_cli, tmp_path):
    setup = write(tmp_path, "legal.toml", LEGAL)
    out = tmp_path / "out"
    result = run_cli("build", "river_race", "--setup", setup, "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    word = words_for(load_layout("river_race"), "en")("setup.illegal")
    assert word not in pdf_text((out / "river_race" / "board.pdf").read_bytes())
    assert "setup_legal" not in json.loads((out / "river_race" / "board.json").read_text())
