"""Rule texts over pages: long texts flow on, in linear time; a figure shares a page with the
paragraph that cites it; the last page is no stub; a booklet wastes at most two pages.

Checked on synthetic texts and on every shipped rule text, as sheet (A4) and booklet (A5).
"""

from __future__ import annotations

import gc
import time

import pytest

from boardgen.layout import load_layout
from boardgen.rules import rule_book
from boardgen.rules.booklet import padded_count, page_size
from boardgen.rules import document
from boardgen.rules.document import parse_rule_text
from boardgen.rules.pages import HEAD, STUB, anchors
from boardgen.rules.typeset import lay_out_text, page_style, typeset
from boardgen.scene import Rect, Scene, Style, Text
from tests.conftest import shipped_rule_texts

A4 = page_style(210, 297)
A5 = page_style(*page_size(210, 297))


def picture(width: float = 120, height: float = 80) -> Scene:
    return Scene(width, height, (Rect(0, 0, width, height, Style(fill="#6a8caf")),))


def page_texts(pages) -> list[list[str]]:
    return [[n.text for n in page.children if isinstance(n, Text)] for page in pages]


def paragraphs(count: int, words: int = 60) -> str:
    return "\n\n".join(f"Paragraph{n} " + "text " * words + f"End{n}." for n in range(count))


# ---- long texts -----------------------------------------------------------------


@pytest.mark.parametrize("style", [A4, A5], ids=["a4", "a5"])
def test_a_title_and_forty_paragraphs_flow_over_as_many_pages_as_they_need(style):
    pages = typeset(parse_rule_text("# Title\n\n" + paragraphs(40), "t.md", "en"), {}, style)
    assert len(pages) > 2
    printed = " ".join(" ".join(texts) for texts in page_texts(pages))
    for n in range(40):
        assert f"Paragraph{n}" in printed and f"End{n}." in printed
    for page in pages:
        for node in page.children:
            if isinstance(node, Text):
                assert 0 < node.y < style.height, "nothing below the page edge"


def seconds_to_typeset(headings: int) -> float:
    """CPU seconds (not wall time, which other processes stretch), without the collector."""
    source = "## h\n\n" * headings
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        typeset(parse_rule_text(source, "t.md", "en"), {}, A4)
        return time.process_time() - start
    finally:
        gc.enable()


@pytest.fixture
def beyond_the_block_limit(monkeypatch):
    """The typesetter stays linear past the blocks a rule text may have (a second guard)."""
    monkeypatch.setattr(document, "MAX_BLOCKS", 100_000)


@pytest.mark.usefixtures("beyond_the_block_limit")
def test_typesetting_time_grows_linearly_with_the_length_of_the_text():
    seconds_to_typeset(200)  # warm the font caches
    small = min(seconds_to_typeset(3_000) for _ in range(2))
    large = min(seconds_to_typeset(12_000) for _ in range(2))
    assert large < 4 * small * 2.5, f"4× the text took {large / small:.1f}× the time"


@pytest.mark.usefixtures("beyond_the_block_limit")
def test_sixty_thousand_headings_typeset_in_time():
    start = time.process_time()  # this process's own work: a neighbour's load does not count
    text = parse_rule_text("## h\n\n" * 60_000, "t.md", "en")
    pages = typeset(text, {}, A4)
    assert time.process_time() - start < 60
    assert sum(t == "h" for texts in page_texts(pages) for t in texts) == 60_000


# ---- figures beside their text ---------------------------------------------------


def figure_pages(layout, body, head_pieces) -> list[tuple[str, set[int], set[int]]]:
    """(figure, its page, the pages of the text it must share one with)."""
    found = []
    for figure, text in anchors(body, head_pieces).items():
        text_pages = {0} if text == [HEAD] else layout.pages_of(text)
        found.append((body[figure].figure, layout.pages_of([figure]), text_pages))
    return found


def too_tall_together(body, ties, figure_index, style) -> bool:
    """Whether a paragraph and all the figures anchored to it exceed a page's columns."""
    text = ties[figure_index]
    figures = [f for f, t in ties.items() if t == text]
    height = sum(body[i].height for i in figures) + sum(body[i].height for i in text
                                                         if i != HEAD)
    return height > style.columns * style.column_height * 0.9


def assert_figures_beside_their_text(text, scenes, style, booklet=False):
    layout, body = lay_out_text(text, scenes, style, booklet)
    head = [piece for _, piece in layout.head]
    ties = anchors(body, head)
    for (figure, pages, text_pages), index in zip(figure_pages(layout, body, head), ties):
        if not pages & text_pages:
            assert too_tall_together(body, ties, index, style), (
                f"{figure} on page {pages}, its paragraph on {text_pages}")


@pytest.mark.parametrize("style", [A4, A5], ids=["a4", "a5"])
@pytest.mark.parametrize("filler", range(0, 14, 2))
def test_a_figure_is_printed_on_the_page_of_the_paragraph_that_cites_it(style, filler):
    source = (f"# T\n\n{paragraphs(filler)}\n\nAs the picture shows ({{fig:a}}), "
              + "this example goes on. " * 12 + f"\n\n{paragraphs(3)}\n\n![A](diagram:a)\n\n"
              + paragraphs(4))
    text = parse_rule_text(source, "t.md", "en")
    assert_figures_beside_their_text(text, {"a": picture()}, style)


def test_an_uncited_figure_stays_with_the_text_before_it():
    for filler in range(0, 12):
        source = f"# T\n\n{paragraphs(filler)}\n\n![A](diagram:a)\n\n{paragraphs(3)}"
        text = parse_rule_text(source, "t.md", "en")
        assert_figures_beside_their_text(text, {"a": picture(100, 100)}, A5)


# ---- balanced pages, booklets ---------------------------------------------------


def used(text, scenes, style, booklet=False) -> list[float]:
    return lay_out_text(text, scenes, style, booklet)[0].used()


@pytest.mark.parametrize("style", [A4, A5], ids=["a4", "a5"])
def test_the_last_page_holds_at_least_a_quarter_of_the_fullest(style):
    checked = 0
    for count in range(4, 40, 3):
        text = parse_rule_text("# T\n\n## Rules\n\n" + paragraphs(count, 40), "t.md", "en")
        heights = used(text, {}, style)
        if len(heights) > 1:
            checked += 1
            assert heights[-1] >= STUB * max(heights), (count, heights)
    assert checked > 5


def test_a_booklet_pads_with_at_most_two_blank_pages():
    for count in range(2, 60, 3):
        text = parse_rule_text("# T\n\n## Rules\n\n" + paragraphs(count, 40), "t.md", "en")
        pages = typeset(text, {}, A5, booklet=True)
        assert len(pages) == 1 or padded_count(len(pages)) - len(pages) <= 2, (count, len(pages))


# ---- the shipped rule texts -------------------------------------------------------


SHIPPED = shipped_rule_texts()


@pytest.fixture(scope="module", params=SHIPPED, ids=[f"{n}-{l}" for n, l in SHIPPED])
def book(request):
    name, lang = request.param
    return rule_book(load_layout(name), lang)


@pytest.mark.parametrize("style,booklet", [(A4, False), (A5, True)], ids=["sheet", "booklet"])
def test_shipped_texts_keep_figures_beside_their_text_and_end_on_a_full_page(book, style,
                                                                              booklet):
    assert_figures_beside_their_text(book.text, book.figures, style, booklet)
    heights = used(book.text, book.figures, style, booklet)
    if booklet:  # a short last page is better than a blank one or a title alone on page 1
        assert padded_count(len(heights)) - len(heights) <= 1
    else:
        assert len(heights) == 1 or heights[-1] >= STUB * max(heights), heights
