"""The ink saver: measured from rendered pages, it takes far less ink and keeps every word legible."""

from __future__ import annotations

import io

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import ImageStat

from boardgen.contract import compose
from boardgen.errors import InputError
from boardgen.imposition import PrintOptions
from boardgen.ink import board_tints, saver, saver_output
from boardgen.layout import load_layout, shipped_games
from boardgen.render import renderer
from boardgen.scene import Document, Group, Rect, Scene, Style, Text, Use, scale

DPI = 25  # coverage is a mean over the page: a coarse raster measures it well enough


def coverage(scene: Scene) -> float:
    """Mean darkness of the rendered scene's pixels: 0 for blank paper, 1 for solid black."""
    page = pdfium.PdfDocument(renderer("pdf")(Document((scene,))))[0]
    image = page.render(scale=DPI / 72).to_pil().convert("L")
    return 1 - ImageStat.Stat(image).mean[0] / 255


@pytest.fixture(scope="module")
def boards() -> dict[str, Scene]:
    return {game: compose(load_layout(game), "en").board.scene for game in shipped_games()}


@pytest.mark.parametrize("game", shipped_games())
def test_saver_board_takes_no_more_ink(boards, game):
    normal, saved = coverage(boards[game]), coverage(saver(boards[game]))
    assert saved <= normal
    # kinds of space kept ΔE 10 apart cost ink where a board has many (Steeple Chess: 0.66)
    assert saved < 0.7 * normal, f"{game}: {saved:.3f} of {normal:.3f}"


@pytest.mark.parametrize("game", ["six_day_race", "six_day_race_advanced"])
def test_six_day_board_drops_below_half(boards, game):
    normal, saved = coverage(boards[game]), coverage(saver(boards[game]))
    assert saved <= normal * 0.45, f"{game}: {saved:.4f} against {normal:.4f}"


def test_every_piece_and_sheet_takes_no_more_ink():
    output = compose(load_layout("six_day_race"), "en")
    saved = saver_output(output)
    pairs = [(a.scene, b.scene) for a, b in zip(output.sheets, saved.sheets)]
    for before, after in zip(output.component_sets, saved.component_sets):
        for a, b in zip(before.components, after.components):
            pairs.append((a.front, b.front))
            if a.back is not None:
                pairs.append((a.back, b.back))
    seen = set()
    for before, after in pairs:
        if before.children in seen:
            continue
        seen.add(before.children)
        assert coverage(after) <= coverage(before) + 1e-3, before.title


def test_large_fill_turns_pale_and_keeps_hue_while_ground_turns_white():
    scene = Scene(200, 200, (Rect(0, 0, 200, 200, Style(fill="#335577")),
                             Rect(10, 10, 40, 40, Style(fill="#aa2222")),
                             Rect(60, 60, 10, 10, Style(fill="#111111"))))
    ground, square, small = saver(scene).children
    assert ground.style.fill == "#ffffff" and ground.style.stroke  # an outline instead
    r, g, b = (int(square.style.fill[i:i + 2], 16) for i in (1, 3, 5))
    assert min(r, g, b) > 150 and r > g and r > b  # pale, and still red
    assert small == scene.children[2]  # a small mark keeps its ink


def test_white_letters_on_a_fill_that_became_pale_turn_dark():
    scene = Scene(300, 300, (Rect(0, 0, 100, 100, Style(fill="#1a1a1a")),
                             Text(50, 50, "START", 6, fill="#ffffff"),
                             Rect(200, 200, 10, 10, Style(fill="#2a1a1a")),
                             Text(205, 205, "1", 3, fill="#ffffff")))
    _, big_label, _, small_label = saver(scene).children
    assert big_label.fill != "#ffffff"
    assert small_label.fill == "#ffffff"  # its ground kept its ink


def test_a_small_fill_in_a_spaces_colour_takes_the_spaces_tint():
    """A legend's swatch shows its spaces as the saver prints them, and so do the sheets."""
    space, swatch = Rect(0, 0, 30, 30, Style(fill="#1a1a1a")), Rect(50, 50, 8, 8,
                                                                   Style(fill="#1a1a1a"))
    board = Scene(300, 300, (space, swatch))
    saved_space, saved_swatch = saver(board).children
    assert saved_space.style.fill != "#1a1a1a"
    assert saved_swatch.style.fill == saved_space.style.fill
    sheet = Scene(100, 100, (Rect(10, 10, 8, 8, Style(fill="#1a1a1a")),))
    tints = board_tints(board)
    assert saver(sheet, tints).children[0].style.fill == saved_space.style.fill
    assert saver(sheet).children == sheet.children  # a sheet of its own has no spaces


def test_scaled_fills_are_judged_at_their_printed_size():
    tiny = Group((Rect(0, 0, 100, 100, Style(fill="#223344")),), scale(0.1))  # 10 × 10 mm
    scene = Scene(300, 300, (tiny, Use("mark")), symbols={"mark": (Rect(0, 0, 99, 99),)})
    assert saver(scene).children == scene.children


def test_unknown_ink_is_bad_input(run_cli, tmp_path):
    with pytest.raises(InputError):
        PrintOptions(ink="thrifty")
    result = run_cli("build", "racing_kings", "--ink", "thrifty", "--out", tmp_path)
    assert result.exit_code == 2
    assert not any(tmp_path.iterdir())


def test_saver_build_is_deterministic_and_says_so(run_cli, tmp_path):
    for out in ("a", "b"):
        result = run_cli("build", "river_race", "--ink", "saver", "--format", "pdf",
                         "--out", tmp_path / out)
        assert result.exit_code == 0, result.output
    first = (tmp_path / "a/river_race/board.pdf").read_bytes()
    assert first == (tmp_path / "b/river_race/board.pdf").read_bytes()
    normal = run_cli("build", "river_race", "--format", "pdf", "--out", tmp_path / "n")
    assert normal.exit_code == 0
    assert first != (tmp_path / "n/river_race/board.pdf").read_bytes()
    bundle = pypdf.PdfReader(io.BytesIO(
        (tmp_path / "a/river_race/river_race-print-and-play.pdf").read_bytes()))
    assert "ink saver" in bundle.pages[0].extract_text().lower()


def test_assembly_map_of_two_pages_names_no_other_pages():
    from boardgen.imposition import plan_tiles
    from boardgen.imposition.tiling import assembly_steps
    from boardgen.i18n import words_for

    words = words_for(None, "en")
    two = plan_tiles(270, 305, (), (), PrintOptions())
    assert two.pages == 2
    steps = assembly_steps(two, words)
    assert len(steps) == 3 and not any("other pages" in step for step in steps)
    four = plan_tiles(400, 500, (), (), PrintOptions())
    assert four.pages > 2 and len(assembly_steps(four, words)) == 4


@pytest.mark.parametrize("game", [g for g in shipped_games()
                                  if compose(load_layout(g), "en").board.keep_out])
def test_the_saver_board_is_cut_where_the_board_is(game):
    """The saver board keeps the board's seams and kept regions (the six-day card places, the
    finish line), so its pages are cut on the same lines and leave the same regions whole."""
    from boardgen.imposition import parse_paper, plan_board
    from boardgen.imposition.tiling import keep_out_spans

    output = compose(load_layout(game), "en")
    saved = saver_output(output).board
    assert (saved.seams_x, saved.seams_y, saved.keep_out) == (
        output.board.seams_x, output.board.seams_y, output.board.keep_out)
    # without its kept regions, the saver board was cut elsewhere: the six-day boards on
    # Letter and Legal, Steeple Chess on A3
    for paper in ("a4", "a3", "letter", "legal"):
        options = PrintOptions(paper=parse_paper(paper))
        plans = [plan_board(board.scene, board.seams_x, board.seams_y, options,
                            keep_out_spans(board.keep_out))[0] for board in (output.board, saved)]
        assert (plans[0].cuts_x, plans[0].cuts_y) == (plans[1].cuts_x, plans[1].cuts_y), paper
