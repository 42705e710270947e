"""Backs survive a duplex printer's drift: back pages, rendered and shifted 2 mm, show no paper."""

from __future__ import annotations

from functools import lru_cache

import pypdfium2
from PIL import Image, ImageChops
import pytest

from boardgen import imposition
from boardgen.imposition.sheets import back_placement, plan_sheets
from boardgen.render import renderer
from boardgen.scene import Document
from tests.test_print_all_games import GAMES, game

DPI = 63.5  # 2.5 pixels a millimetre: the 2 mm drift is a whole number of pixels
PX_PER_MM = DPI / 25.4
DRIFT_MM = 2.0
PAPER = (255, 0, 255)  # a page colour no artwork uses, so paper is told from white ink
DIRECTIONS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def sets_with_backs():
    """(game, set name) of every component set that prints backs."""
    return [(name, s.name) for name in GAMES for s in game(name)[1].component_sets
            if any(c.back is not None and c.count for c in s.components)]


def rendered(scene) -> Image.Image:
    """A page rendered at DPI on paper of the PAPER colour."""
    document = pypdfium2.PdfDocument(renderer("pdf")(Document((scene,))))
    try:
        return document[0].render(scale=DPI / 72, fill_color=(*PAPER, 255)).to_pil().convert("RGB")
    finally:
        document.close()


def paper_mask(scene) -> Image.Image:
    """Where a rendered page shows bare paper (255), elsewhere 0."""
    return _near(rendered(scene), PAPER)


def _near(image: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """255 where the image is within a few levels of ``colour`` in every channel."""
    channels = ImageChops.difference(image, Image.new("RGB", image.size, colour)).split()
    close = [c.point(lambda v: 255 if v <= 4 else 0) for c in channels]
    return ImageChops.darker(ImageChops.darker(close[0], close[1]), close[2])


def shifted(mask: Image.Image, dx: int, dy: int) -> Image.Image:
    """The mask moved by (dx, dy) pixels; what comes in from outside the page is paper."""
    out = Image.new("L", mask.size, 255)
    out.paste(mask, (dx, dy))
    return out


def paper_in(mask: Image.Image, box: tuple[int, int, int, int]) -> int:
    return mask.crop(box).histogram()[255]


def pixel_box(p, inset_px: int = 1) -> tuple[int, int, int, int]:
    """A piece's trim rectangle in pixels, shrunk by the rasteriser's own rounding."""
    return (int(p.x * PX_PER_MM) + inset_px, int(p.y * PX_PER_MM) + inset_px,
            int((p.x + p.w) * PX_PER_MM) - inset_px, int((p.y + p.h) * PX_PER_MM) - inset_px)


def worst_paper_pixels(back_page, pieces) -> int:
    """Most bare-paper pixels inside the pieces' outlines over the eight 2 mm drifts of the back.

    The outline is the trim rectangle (stricter than a disc's circle), shrunk by one
    pixel, so a back that ends exactly 2 mm past the cut still counts as covering it.
    """
    mask = paper_mask(back_page)
    step = round(DRIFT_MM * PX_PER_MM)
    return max(sum(paper_in(shifted(mask, dx * step, dy * step), pixel_box(p)) for p in pieces)
               for dx, dy in DIRECTIONS)


def white_frame_pixels(back_page, pieces) -> int:
    """White pixels in the first millimetre inside the pieces' cut lines (a white frame)."""
    white = _near(rendered(back_page), (255, 255, 255))
    ring = round(1.0 * PX_PER_MM)
    count = 0
    for p in pieces:
        x0, y0, x1, y1 = pixel_box(p)
        count += paper_in(white, (x0, y0, x1, y1))
        count -= paper_in(white, (x0 + ring, y0 + ring, x1 - ring, y1 - ring))
    return count


@lru_cache(maxsize=None)
def back_pages(name: str, set_name: str):
    """(back page, back placements) of every sheet of a set, home mode, duplex on A4."""
    options = imposition.PrintOptions()
    components = next(s for s in game(name)[1].component_sets if s.name == set_name)
    plan = plan_sheets(components, options)
    pages = imposition.impose_components(components, options)
    backs = pages[1::2]
    placed = [[back_placement(p, plan) for p in fronts
               if components.components[p.component].back is not None]
              for fronts in plan.fronts]
    return list(zip(backs, placed))


@pytest.mark.parametrize("name,set_name", sets_with_backs())
def test_a_2mm_drift_of_the_backs_shows_no_paper_inside_any_piece(name, set_name):
    for number, (page, pieces) in enumerate(back_pages(name, set_name), start=1):
        assert worst_paper_pixels(page, pieces) == 0, f"{set_name} sheet {number}"


@pytest.mark.parametrize("name,set_name", sets_with_backs())
def test_backs_run_to_the_cut_without_a_white_frame(name, set_name):
    page, pieces = back_pages(name, set_name)[0]
    assert white_frame_pixels(page, pieces) == 0


def test_the_check_finds_paper_where_backs_stop_at_the_cut():
    """The measure itself: a back cut flush with its piece shows paper when drifted."""
    from boardgen.imposition.sheets import Placement
    from boardgen.scene import Rect, Scene, Style

    page = Scene(210, 297, (Rect(50, 50, 40, 40, Style(fill="#336699")),))
    assert worst_paper_pixels(page, [Placement(0, 50, 50, 40, 40)]) > 100
    bled = Scene(210, 297, (Rect(47.5, 47.5, 45, 45, Style(fill="#336699")),))
    assert worst_paper_pixels(bled, [Placement(0, 50, 50, 40, 40)]) == 0
    framed = Scene(210, 297, (Rect(47.5, 47.5, 45, 45, Style(fill="#ffffff")),
                              Rect(52, 52, 36, 36, Style(fill="#336699"))))
    assert worst_paper_pixels(framed, [Placement(0, 50, 50, 40, 40)]) == 0
    assert white_frame_pixels(framed, [Placement(0, 50, 50, 40, 40)]) > 50
