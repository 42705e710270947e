"""Saddle-stitched booklets: half-size pages, two to a landscape sheet side.

Printed double-sided (flip on the short edge), the stack folded in the middle
and stapled on the fold, the sheets read as pages 1, 2, 3, … in order.
"""

from __future__ import annotations

from typing import Sequence

from boardgen.scene import Group, Line, Node, Scene, Style, translate

FOLD_MARK = Style(stroke="#9a9a9a", stroke_mm=0.2)
FOLD_MARK_MM = 4.0


def padded_count(pages: int) -> int:
    """The page count rounded up to whole sheets (4 pages each); at least one sheet."""
    return max(4, -(-pages // 4) * 4)


def saddle_stitch_order(pages: int) -> tuple[tuple[int, int], ...]:
    """(left, right) page numbers of every sheet side in print order.

    Sheet 1 front, sheet 1 back, sheet 2 front, …; ``pages`` must be a multiple of 4.
    The outermost sheet carries the first and last pages; each front has an even page
    on the left, each back an odd page on the right, so both sides fold the same way.
    """
    if pages <= 0 or pages % 4:
        raise ValueError(f"a saddle-stitched booklet needs a multiple of 4 pages, not {pages}")
    sides: list[tuple[int, int]] = []
    for sheet in range(pages // 4):
        outer_low, outer_high = 2 * sheet + 1, pages - 2 * sheet
        sides.append((outer_high, outer_low))
        sides.append((outer_low + 1, outer_high - 1))
    return tuple(sides)


def page_size(sheet_width: float, sheet_height: float) -> tuple[float, float]:
    """Size of one booklet page for a sheet (portrait size given): half the sheet, upright."""
    return sheet_height / 2, sheet_width


def impose_booklet(pages: Sequence[Scene], sheet_width: float, sheet_height: float,
                   title: str = "") -> tuple[Scene, ...]:
    """Booklet pages, padded with blanks, two-up on landscape sheets in saddle-stitch order."""
    page_w, page_h = page_size(sheet_width, sheet_height)
    for number, page in enumerate(pages, start=1):
        if abs(page.width - page_w) > 0.01 or abs(page.height - page_h) > 0.01:
            raise ValueError(f"page {number} is {page.width:g}×{page.height:g} mm; booklet pages "
                             f"for this sheet are {page_w:g}×{page_h:g} mm")
    symbols: dict = {}
    for page in pages:
        symbols.update(page.symbols)
    count = padded_count(len(pages))
    sheets = []
    for left, right in saddle_stitch_order(count):
        nodes: list[Node] = []
        for slot, number in enumerate((left, right)):
            if number <= len(pages):
                page = pages[number - 1]
                nodes.append(Group(page.children, translate(slot * page_w, 0),
                                   clip=(0, 0, page_w, page_h)))
        nodes += _fold_marks(page_w, page_h)
        sheets.append(Scene(2 * page_w, page_h, tuple(nodes), symbols=symbols, title=title))
    return tuple(sheets)


def _fold_marks(fold_x: float, height: float) -> list[Node]:
    """Short ticks on the fold line at the top and bottom edges."""
    return [Line(fold_x, 0, fold_x, FOLD_MARK_MM, FOLD_MARK),
            Line(fold_x, height - FOLD_MARK_MM, fold_x, height, FOLD_MARK)]
