"""Imposed pages read back from the PDF: exact sizes, rulers, print boxes, crop marks."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pypdf
import pytest
from pypdf.generic import ContentStream

from boardgen import imposition
from boardgen.games import racing_kings
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Document, Scene, Text

PT_PER_MM = 72 / 25.4
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


# ---- reading geometry back from a PDF page ---------------------------------------


def multiply(m, n):
    """PDF matrix product m × n (apply m first, then n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


@dataclass
class PageGeometry:
    """Rectangles, line segments and form placements of a page, in mm with y down."""

    height_pt: float
    rects: list[tuple[float, float, float, float, tuple | None]] = field(default_factory=list)
    clips: list[tuple[float, float, float, float]] = field(default_factory=list)
    segments: list[tuple[float, float, float, float]] = field(default_factory=list)
    forms: list[tuple[str, tuple]] = field(default_factory=list)  # name, CTM in mm

    def to_mm(self, ctm, x, y):
        a, b, c, d, e, f = ctm
        px, py = a * x + c * y + e, b * x + d * y + f
        return px / PT_PER_MM, (self.height_pt - py) / PT_PER_MM


def read_page(reader: pypdf.PdfReader, page) -> PageGeometry:
    geometry = PageGeometry(float(page.mediabox.height))
    _walk(reader, page.get_contents(), page["/Resources"], IDENTITY, geometry)
    return geometry


def _walk(reader, contents, resources, ctm, geometry: PageGeometry) -> None:
    stack = []
    fill = None
    pending_rects: list[tuple] = []
    point = None
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            stack.append((ctm, fill))
        elif op == b"Q":
            ctm, fill = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"rg":
            fill = tuple(round(float(v), 3) for v in operands)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            corners = [geometry.to_mm(ctm, x + dx, y + dy) for dx in (0, w) for dy in (0, h)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            pending_rects.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        elif op == b"m":
            point = geometry.to_mm(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l":
            end = geometry.to_mm(ctm, float(operands[0]), float(operands[1]))
            geometry.segments.append((*point, *end))
            point = end
        elif op in (b"W", b"W*"):
            geometry.clips += pending_rects
            pending_rects = []
        elif op in (b"f", b"f*", b"B", b"B*", b"S", b"n"):
            if op != b"n":
                geometry.rects += [(*r, fill if op != b"S" else None) for r in pending_rects]
            pending_rects = []
        elif op == b"Do":
            name = str(operands[0])
            xobject = resources["/XObject"][name].get_object()
            if xobject.get("/Subtype") == "/Form":
                geometry.forms.append((name.removeprefix("/FormXob."), ctm))
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                _walk(reader, xobject, xobject.get("/Resources", resources),
                      multiply(matrix, ctm), geometry)


def pdf_pages(pages: tuple[Scene, ...]) -> tuple[pypdf.PdfReader, list[PageGeometry]]:
    reader = pypdf.PdfReader(io.BytesIO(renderer("pdf")(Document(pages))))
    return reader, [read_page(reader, page) for page in reader.pages]


def ruler_ticks(geometry: PageGeometry) -> tuple[list[float], list[float]]:
    """x of the long ticks: every 10 mm above the ruler's line, every inch below it."""
    mm, inch = [], []
    for x1, y1, x2, y2 in geometry.segments:
        if abs(x1 - x2) < 1e-6 and abs(abs(y2 - y1) - 2.8) < 1e-3:
            (mm if y2 < y1 else inch).append(x1)
    return sorted(mm), sorted(inch)


# ---- fixtures -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def game():
    return racing_kings.compose_game(load_layout("racing_kings"))


@pytest.fixture(scope="module")
def a4_board(game):
    return pdf_pages(imposition.impose_board(game.board, imposition.PrintOptions()))


# ---- tests --------------------------------------------------------------------------


def test_tiled_board_squares_measure_exactly_40_mm(a4_board):
    reader, pages = a4_board
    assert len(pages) == 5
    for page, geometry in zip(reader.pages[:4], pages[:4]):
        assert float(page.mediabox.width) / PT_PER_MM == pytest.approx(210, abs=0.01)
        assert float(page.mediabox.height) / PT_PER_MM == pytest.approx(297, abs=0.01)
        squares = [r for r in geometry.rects if 30 < r[2] < 50 and 30 < r[3] < 50]
        assert len(squares) == 64
        for x, y, w, h, _ in squares:
            assert w == pytest.approx(40, abs=0.05) and h == pytest.approx(40, abs=0.05)
        xs = sorted({round(r[0], 3) for r in squares})
        assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([40] * 7, abs=0.05)


def test_each_tile_shows_its_own_part_of_the_board_and_fits_the_paper(a4_board, game):
    _, pages = a4_board
    plan = imposition.plan_tiles(game.board.scene.width, game.board.scene.height,
                                 game.board.seams_x, game.board.seams_y, imposition.PrintOptions())
    for tile, geometry in zip(plan.tiles(), pages):
        clip = [c for c in geometry.clips if c[2] > 100][0]
        assert clip[2] == pytest.approx(tile.drawn.w, abs=0.05)
        assert clip[3] == pytest.approx(tile.drawn.h, abs=0.05)
        assert 6 - 1e-6 <= clip[0] and clip[0] + clip[2] <= 204 + 1e-6
        assert 6 - 1e-6 <= clip[1] and clip[1] + clip[3] <= 297 - 6 - 11


@pytest.mark.parametrize("which", ["board", "tokens", "shop board", "shop tokens"])
def test_every_page_has_a_true_ruler_and_says_print_at_100(game, which):
    options = imposition.PrintOptions(mode="shop" if "shop" in which else "home")
    if "board" in which:
        pages = imposition.impose_board(game.board, options)
    else:
        pages = imposition.impose_components(game.component_sets[0], options)
    reader, geometries = pdf_pages(pages)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    for page, geometry in zip(reader.pages, geometries):
        assert "Print at 100 %" in page.extract_text()
        mm, inch = ruler_ticks(geometry)
        assert len(mm) == 6 and len(inch) == 3
        assert mm[-1] - mm[0] == pytest.approx(50, abs=0.01)
        assert inch[-1] - inch[0] == pytest.approx(50.8, abs=0.01)


def test_shop_board_is_one_page_with_trim_bleed_and_crop_marks_outside(game):
    options = imposition.PrintOptions(mode="shop", bleed_mm=3)
    reader, (geometry,) = pdf_pages(imposition.impose_board(game.board, options))
    page = reader.pages[0]
    trim, bleed = page.trimbox, page.bleedbox
    assert float(trim.width) / PT_PER_MM == pytest.approx(game.board.scene.width, abs=0.01)
    assert float(trim.height) / PT_PER_MM == pytest.approx(game.board.scene.height, abs=0.01)
    assert float(bleed.width) / PT_PER_MM == pytest.approx(game.board.scene.width + 6, abs=0.01)
    assert float(page.mediabox.width) > float(bleed.width)
    # Crop marks: 5 mm lines on the trim lines, all outside the bleed box.
    bx0, by0 = float(bleed.left) / PT_PER_MM, (geometry.height_pt - float(bleed.top)) / PT_PER_MM
    bx1, by1 = float(bleed.right) / PT_PER_MM, (geometry.height_pt - float(bleed.bottom)) / PT_PER_MM
    marks = [s for s in geometry.segments
             if abs(abs(s[2] - s[0]) + abs(s[3] - s[1]) - 5.0) < 1e-3]
    assert len(marks) == 8
    for x1, y1, x2, y2 in marks:
        inside = [bx0 < x < bx1 and by0 < y < by1 for x, y in ((x1, y1), (x2, y2))]
        assert not any(inside)
    # The artwork reaches into the bleed: mirrored copies of the board are drawn there.
    squares = [r for r in geometry.rects if abs(r[2] - 40) < 0.05 and abs(r[3] - 40) < 0.05]
    assert len(squares) == 64 * 9


def test_rotated_text_turns_the_same_way_in_pdf_and_svg():
    import pypdfium2

    scene = Scene(60, 60, (Text(10, 10, "HELLO WORLD", 6, rotate=90),))
    pdf = pypdfium2.PdfDocument(renderer("pdf")(scene))
    image = pdf[0].render(scale=2).to_pil().convert("L")
    k = image.width / 60
    dark = [(x / k, y / k) for y in range(image.height) for x in range(image.width)
            if image.getpixel((x, y)) < 128]
    # Turned clockwise, the words run down the page from the anchor.
    assert max(y for _, y in dark) > 40 and min(y for _, y in dark) > 8
