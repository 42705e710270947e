"""Every shipped booklet without waste, read back from its PDF: at most one blank page,
printed pages on average at least half full, a first page that is more than the title
and its lead, and a rule printed beside its figure."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.rules import booklet_sheets, page_style, saddle_stitch_order
from boardgen.rules.booklet import page_size
from boardgen.scene import Document

GAMES = ("racing_kings", "steeple_chess", "six_day_race", "six_day_race_advanced", "river_race",
         "snakes_and_ladders", "game_of_the_goose")
A4 = (210.0, 297.0)
DPI = 40
INK = 200  # a pixel darker than this grey is print


def booklet(game: str, lang: str) -> bytes:
    return renderer("pdf")(Document(booklet_sheets(load_layout(game), lang)))


def pages_in_order(pdf: bytes) -> list:
    """Each booklet page as a greyscale picture, in reading order (unimposed)."""
    document = pdfium.PdfDocument(pdf)
    order = saddle_stitch_order(2 * len(document))
    found = {}
    for index in range(len(document)):
        sheet = document[index].render(scale=DPI / 72).to_pil().convert("L")
        w, h = sheet.size
        for slot, number in enumerate(order[index]):
            found[number] = sheet.crop((slot * w // 2 + 2, 0, (slot + 1) * w // 2 - 2, h))
    return [found[n] for n in sorted(found)]


def fill(page) -> float | None:
    """The share of the text area's height from its first to its last printed row (None:
    nothing printed there, a blank page)."""
    style = page_style(*page_size(*A4))
    mm = page.size[1] / style.height
    top, bottom = int(style.top * mm), int((style.height - style.bottom) * mm)
    band = page.crop((0, top, page.size[0], bottom)).point(lambda v: 255 if v < INK else 0)
    box = band.getbbox()
    return None if box is None else (box[3] - box[1]) / (bottom - top)


@pytest.fixture(scope="module", params=[(g, l) for g in GAMES for l in ("en", "de", "pl", "fr")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def fills(request) -> list[float | None]:
    return [fill(page) for page in pages_in_order(booklet(*request.param))]


def test_a_booklet_has_at_most_one_blank_page(fills):
    assert sum(f is None for f in fills) <= 1, fills


def test_printed_pages_are_on_average_at_least_half_full(fills):
    printed = [f for f in fills if f is not None]
    assert sum(printed) / len(printed) >= 0.5, printed


def test_the_first_page_is_more_than_the_title_and_a_paragraph(fills):
    # the title and one paragraph alone (Racing Kings before) reach 0.31 of the page
    assert fills[0] is not None and fills[0] > 0.4, fills[0]


def test_the_winning_rule_shares_its_page_with_its_figure():
    document = pdfium.PdfDocument(booklet("racing_kings", "en"))
    order = saddle_stitch_order(2 * len(document))
    texts: dict[int, str] = {}
    for index in range(len(document)):
        page = document[index]
        width = page.get_width()
        text = page.get_textpage()
        for slot, number in enumerate(order[index]):
            texts[number] = text.get_text_bounded(left=slot * width / 2,
                                                  right=(slot + 1) * width / 2)
    winning = [n for n, t in texts.items() if "\nWinning" in f"\n{t}"]
    assert winning and "Figure 6:" in texts[winning[0]]
