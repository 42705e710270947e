"""Paper and print options, the command line's print flags, and the print-and-play bundle."""

from __future__ import annotations

import io

import pypdf
import pytest

from boardgen import __version__, imposition
from boardgen.errors import InputError
from tests.conftest import PT_PER_MM, write


@pytest.mark.parametrize("text, size", [
    ("a4", (210, 297)), ("A3", (297, 420)), ("letter", (215.9, 279.4)), ("legal", (215.9, 355.6)),
    ("300x450mm", (300, 450)), ("450x300mm", (300, 450)), ("200 × 250 mm", (200, 250)),
])
def test_paper_sizes(text, size):
    paper = imposition.parse_paper(text)
    assert (paper.width, paper.height) == size


@pytest.mark.parametrize("text", ["b5", "a4x", "10x10mm", "300x450", ""])
def test_unknown_or_silly_paper_is_an_input_error(text):
    with pytest.raises(InputError) as caught:
        imposition.parse_paper(text)
    assert caught.value.source == "--paper"


@pytest.mark.parametrize("options, fragment", [
    ({"margin_mm": -1}, "margin cannot be negative"),
    ({"margin_mm": 80}, "must stay printable"),
    ({"paper": imposition.parse_paper("100x150mm")}, "must stay printable"),
    ({"bleed_mm": -2}, "bleed cannot be negative"),
    ({"mode": "office"}, "unknown mode"),
    ({"backs": "glue"}, "unknown backs"),
])
def test_bad_print_options_are_input_errors(options, fragment):
    with pytest.raises(InputError, match=fragment):
        imposition.PrintOptions(**options)


def one_line_error(result, fragment):
    assert result.exit_code == 2, result.stdout
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, fragment", [
    (["--margin", "-3"], "--margin"),
    (["--paper", "a9"], "unknown paper 'a9'"),
    (["--mode", "office"], "--mode"),
])
def test_bad_print_flags_exit_2(run_cli, tmp_path, args, fragment):
    one_line_error(run_cli("build", "racing_kings", "--out", tmp_path, *args), fragment)
    assert not (tmp_path / "racing_kings").exists()


def test_a_component_bigger_than_the_paper_exits_2_and_writes_nothing(run_cli, tmp_path):
    layout = write(tmp_path, "giant.toml", 'extends = "racing_kings"\nname = "giant"\n'
                   '[tokens]\nstyle = "standee"\nsize_mm = 60\n')
    result = run_cli("build", layout, "--out", tmp_path / "out", "--format", "pdf",
                     "--paper", "140x200mm")
    one_line_error(result, "bigger than")
    assert "60 × 198 mm" in result.stderr and "--paper" in result.stderr
    assert not list((tmp_path / "out").glob("giant/*"))


def pdf_reader(path) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(path.read_bytes()))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from typer.testing import CliRunner

    from boardgen.cli import app

    out = tmp_path_factory.mktemp("build")
    result = CliRunner().invoke(app, ["build", "racing_kings", "--out", str(out), "--format", "pdf"])
    assert result.exit_code == 0, result.stderr
    return out / "racing_kings"


def test_home_board_pdf_is_the_tiled_pages_on_a4(built):
    reader = pdf_reader(built / "board.pdf")
    assert len(reader.pages) == 5  # 2 × 2 pages and the assembly map
    for page in reader.pages:
        assert float(page.mediabox.width) / PT_PER_MM == pytest.approx(210, abs=0.01)


def test_bundle_has_a_cover_with_contents_and_numbered_pages(built):
    reader = pdf_reader(built / "racing_kings-print-and-play.pdf")
    board = len(pdf_reader(built / "board.pdf").pages)
    tokens = len(pdf_reader(built / "tokens.pdf").pages)
    rules = len(pdf_reader(built / "rules.pdf").pages)
    # the cover and how to make it; the two-sided tokens start on an odd page after a blank
    blank = (3 + board) % 2 == 0
    assert len(reader.pages) == 2 + board + blank + tokens + rules
    cover = reader.pages[0].extract_text()
    first = 3 + board + blank
    for expected in ("Racing Kings", "Contents", "How to make this game", "page 2", "Board",
                     f"pages 3–{2 + board}", f"pages {first}–{first + tokens - 1}",
                     "A4 (210 × 297 mm)", "home", "duplex", "print at 100 %",
                     "racing_kings.toml", f"boardgen {__version__}"):
        assert expected in cover, expected
    making = reader.pages[1].extract_text()
    assert making.startswith("How to make this game") and "g/m²" in making
    total = len(reader.pages)
    for number, page in enumerate(reader.pages[:2 + board + blank + tokens], start=1):
        assert f"page {number} of {total}" in page.extract_text()


def test_a3_board_pdf_has_fewer_pages(run_cli, tmp_path, built):
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "pdf",
                   "--paper", "a3").exit_code == 0
    a3 = len(pdf_reader(tmp_path / "racing_kings" / "board.pdf").pages)
    assert a3 < len(pdf_reader(built / "board.pdf").pages)


def test_shop_board_pdf_is_one_page_of_the_board_size_plus_bleed(run_cli, tmp_path):
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "pdf",
                   "--mode", "shop", "--bleed", "5").exit_code == 0
    reader = pdf_reader(tmp_path / "racing_kings" / "board.pdf")
    (page,) = reader.pages
    assert float(page.trimbox.width) / PT_PER_MM == pytest.approx(360, abs=0.01)
    assert float(page.bleedbox.width) / PT_PER_MM == pytest.approx(370, abs=0.01)
    tokens = pdf_reader(tmp_path / "racing_kings" / "tokens.pdf")
    assert all("/TrimBox" in p and "/BleedBox" in p for p in tokens.pages)


def test_the_rule_sheet_joins_the_bundle_after_the_pieces(built):
    reader = pdf_reader(built / "racing_kings-print-and-play.pdf")
    rules = pdf_reader(built / "rules.pdf")
    contents = reader.pages[0].extract_text()
    first = len(reader.pages) - len(rules.pages) + 1
    assert f"pages {first}–{len(reader.pages)}" in contents or f"page {first}" in contents
    assert "Rules" in contents
    # the same page, numbered on from the pages before it in the bundle
    last, own = reader.pages[-1].extract_text(), rules.pages[-1].extract_text()
    assert f"\n{len(reader.pages)}\n" in last
    assert last.replace(f"\n{len(reader.pages)}\n", "\n#\n") == \
        own.replace(f"\n{len(rules.pages)}\n", "\n#\n")


def test_a_sheet_is_placed_at_its_size_and_tiled_only_when_too_big():
    from boardgen.product import Sheet
    from boardgen.scene import Rect, Scene, Style

    def sheet(w, h):
        return Sheet("score", "Score sheet", Scene(w, h, (Rect(0, 0, w, h, Style(fill="#eeeeee")),)))

    (page,) = imposition.impose_sheet(sheet(180, 250), imposition.PrintOptions())
    assert (page.width, page.height) == (210, 297)
    art = page.children[0]
    assert art.transform[4] == pytest.approx((210 - 180) / 2)
    assert len(imposition.impose_sheet(sheet(210, 297), imposition.PrintOptions())) == 3
    (shop,) = imposition.impose_sheet(sheet(210, 297), imposition.PrintOptions(mode="shop"))
    assert shop.trim_box[2:] == (210, 297)
