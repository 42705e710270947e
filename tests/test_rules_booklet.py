"""Saddle-stitch booklets: page order, padding, and the imposed sheets read back from the PDF."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, strategies as st
from pypdf import PdfReader

from boardgen.render import renderer
from boardgen.rules.booklet import impose_booklet, padded_count, page_size, saddle_stitch_order
from boardgen.scene import Document, Rect, Scene, Style, Text

A4 = (210.0, 297.0)


@pytest.mark.parametrize("pages,expected", [
    (4, ((4, 1), (2, 3))),
    (8, ((8, 1), (2, 7), (6, 3), (4, 5))),
    (12, ((12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7))),
])
def test_saddle_stitch_order(pages, expected):
    assert saddle_stitch_order(pages) == expected


@given(st.integers(min_value=1, max_value=40))
def test_every_page_once_and_each_sheet_side_faces_across_the_fold(sheets):
    pages = 4 * sheets
    order = saddle_stitch_order(pages)
    assert len(order) == 2 * sheets
    assert sorted(p for side in order for p in side) == list(range(1, pages + 1))
    for index, (left, right) in enumerate(order):
        assert left + right == pages + 1, "pages facing across the fold add up to n + 1"
        front = index % 2 == 0
        assert (right % 2 == 1) if front else (left % 2 == 0), "odd pages on the right"
    for sheet in range(sheets):
        front, back = order[2 * sheet], order[2 * sheet + 1]
        # Flipped on the short edge, the back's left half lies behind the front's right half.
        assert back[0] == front[1] + 1, "turning a leaf shows the next page behind it"
        assert back[1] == front[0] - 1


@pytest.mark.parametrize("count,padded", [(1, 4), (3, 4), (4, 4), (5, 8), (8, 8), (9, 12)])
def test_padded_to_whole_sheets(count, padded):
    assert padded_count(count) == padded


@pytest.mark.parametrize("bad", [0, 2, 6, -4])
def test_order_needs_a_multiple_of_four(bad):
    with pytest.raises(ValueError, match="multiple of 4"):
        saddle_stitch_order(bad)


def numbered_pages(count: int) -> list[Scene]:
    w, h = page_size(*A4)
    return [Scene(w, h, (Rect(10, 10, w - 20, h - 20, Style(stroke="#000000")),
                         Text(w / 2, h / 2, f"page-{n}", 8, anchor="middle")))
            for n in range(1, count + 1)]


def labels_by_half(pdf: bytes) -> list[tuple[str | None, str | None]]:
    """For each sheet side: the page label drawn on its left half and on its right half."""
    sides = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        found: dict[str, str] = {}
        middle = float(page.mediabox.width) / 2

        def visit(text, cm, tm, font, size, found=found, middle=middle):
            if text.strip().startswith("page-"):
                x = cm[4] + cm[0] * tm[4] + cm[2] * tm[5]
                found["left" if x < middle else "right"] = text.strip()
        page.extract_text(visitor_text=visit)
        sides.append((found.get("left"), found.get("right")))
    return sides


def test_five_pages_impose_on_two_landscape_sheets_in_order_with_blanks():
    sheets = impose_booklet(numbered_pages(5), *A4)
    assert len(sheets) == 4
    assert all((s.width, s.height) == (297.0, 210.0) for s in sheets)
    pdf = renderer("pdf")(Document(sheets))
    assert labels_by_half(pdf) == [(None, "page-1"), ("page-2", None),
                                   (None, "page-3"), ("page-4", "page-5")]


def test_pages_of_the_wrong_size_are_refused():
    with pytest.raises(ValueError, match="booklet pages"):
        impose_booklet([Scene(210, 297, ())], *A4)
