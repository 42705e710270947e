"""Clean files: PNGs say their resolution, each font subset in a PDF has its own tag."""

from __future__ import annotations

import io
import re
import struct

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from boardgen import fonts
from boardgen.render import renderer
from boardgen.render.png import with_resolution
from boardgen.scene import Document, Rect, Scene, Style, Text
from tests.conftest import require_cairo


def phys(png: bytes) -> tuple[int, int, int]:
    """(x, y pixels per unit, unit) of a PNG's pHYs chunk, read from the bytes."""
    at = png.index(b"pHYs")
    return struct.unpack(">IIB", png[at + 4:at + 13])


@pytest.mark.parametrize("dpi", [30, 150, 300])
def test_a_png_says_its_resolution(dpi):
    scene = Scene(40, 20, (Rect(5, 5, 30, 10, Style(fill="#336699")),))
    png = renderer("png")(scene, dpi=dpi)
    x, y, unit = phys(png)
    assert unit == 1 and x == y == round(dpi / 0.0254)
    assert Image.open(io.BytesIO(png)).info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)


def test_the_pdfium_fallback_says_its_resolution_too(monkeypatch):
    from boardgen.render import png as png_module

    monkeypatch.setattr(png_module, "_svg2png", lambda: None)
    png = renderer("png")(Scene(40, 20, (Rect(5, 5, 30, 10, Style(fill="#336699")),)), dpi=96)
    assert phys(png) == (round(96 / 0.0254),) * 2 + (1,)


def test_a_resolution_replaces_an_old_one_and_keeps_the_picture():
    buffer = io.BytesIO()
    Image.new("RGB", (7, 3), "#123456").save(buffer, format="PNG", dpi=(72, 72))
    png = with_resolution(buffer.getvalue(), 200)
    assert png.count(b"pHYs") == 1 and phys(png)[0] == round(200 / 0.0254)
    image = Image.open(io.BytesIO(png))
    image.load()  # checks every chunk's CRC
    assert image.size == (7, 3) and image.getpixel((3, 1)) == (0x12, 0x34, 0x56)


def subset_tags(pdf: bytes) -> list[str]:
    """The tag of every embedded font subset, read from the PDF's font dictionaries."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    names = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]))
    return sorted(names)


def test_every_font_subset_has_its_own_tag():
    many = "".join(chr(c) for c in range(0x21, 0x7f)) + "".join(chr(c) for c in range(0xa1, 0x17f))
    scene = Scene(200, 100, (Text(5, 10, many[:150], 2), Text(5, 20, many[150:], 2),
                             Text(5, 30, "Bold words", 4, font="bold")))
    pdf = renderer("pdf")(Document((scene,)))
    names = subset_tags(pdf)
    assert len(names) >= 3  # two subsets of the regular face (over 256 glyphs), one bold
    tags = [name.split("+")[0] for name in names]
    assert all(re.fullmatch(r"/[A-Z]{6}", tag) for tag in tags)
    assert len(set(tags)) == len(tags)
    assert renderer("pdf")(Document((scene,))) == pdf  # the tags are the same on a rebuild


def test_a_subset_tag_follows_the_glyphs_and_never_repeats_in_a_file():
    taken: set[str] = set()
    first = fonts.subset_tag("FiraSans-Regular", [65, 66], taken)
    assert fonts.subset_tag("FiraSans-Regular", [65, 66], set()) == first
    assert fonts.subset_tag("FiraSans-Regular", [65, 67], set()) != first
    assert fonts.subset_tag("FiraSans-Regular", [65, 66], taken) != first


@given(width=st.integers(1, 12), height=st.integers(1, 12), seed=st.integers(0, 2**32 - 1))
def test_a_png_file_holds_exactly_the_pixels_given(width, height, seed):
    import random

    from boardgen.render.png import png_file

    rgb = random.Random(seed).randbytes(width * height * 3)
    image = Image.open(io.BytesIO(png_file(rgb, width, height, 150)))
    image.load()  # checks every chunk's CRC
    assert image.mode == "RGB" and image.size == (width, height)
    assert image.tobytes() == rgb
    assert phys(png_file(rgb, width, height, 150))[0] == round(150 / 0.0254)


def test_a_png_is_opaque_to_its_last_pixel_where_its_size_rounds_up():
    """10.1 mm at 100 dpi is 39.76 px, drawn as 40: the last column is 76 % covered, so it
    shows the picture over white (not a half-transparent edge)."""
    require_cairo()  # pdfium draws the edge its own way
    scene = Scene(10.1, 10.1, (Rect(0, 0, 10.1, 10.1, Style(fill="#000000")),))
    image = Image.open(io.BytesIO(renderer("png")(scene, dpi=100)))
    assert image.mode == "RGB" and image.size == (40, 40)
    covered = 10.1 / 25.4 * 100 - 39
    assert image.getpixel((20, 20)) == (0, 0, 0)
    edge = image.getpixel((39, 20))[0]
    assert abs(edge - 255 * (1 - covered)) <= 3, edge


@settings(max_examples=30, deadline=None)
@given(face=st.sampled_from(sorted(fonts.FILES)),
       text=st.text(st.sampled_from(sorted(fonts.REPERTOIRE) + ["≤", "€", "→", "ő", "Ж"]),
                    min_size=1, max_size=40))
def test_a_subset_cut_from_the_repertoire_is_the_subset_cut_from_the_whole_face(face, text):
    """Subsets of Latin text are cut from a face already cut down to Latin; the bytes are
    those of a cut from the whole face."""
    import io

    from fontTools.ttLib import TTFont

    whole = TTFont(io.BytesIO(fonts._plain_face(face)), recalcTimestamp=False)
    whole.flavor = "woff"  # as subset_woff saves it
    expected = fonts._subset(whole, text, fonts._subset_options(woff=True))
    assert fonts._cut_woff(face, text) == expected  # cut afresh, not read from the cache


def test_a_png_encoded_band_by_band_is_the_png_of_all_rows_at_once(monkeypatch):
    """A picture of many bands (here of 7 rows each) is the same file as one band, and its
    pixels read back as drawn: a stripe per band boundary lands on the right row."""
    require_cairo()
    from boardgen.render import png

    scene = Scene(20, 30, tuple(Rect(0, y, 20, 1, Style(fill="#d01010")) for y in range(0, 30, 3)))
    whole = png.render_png(scene, dpi=100)
    monkeypatch.setattr(png, "BAND_BYTES", 7 * 3 * 79)
    assert png.render_png(scene, dpi=100) == whole
    image = Image.open(io.BytesIO(whole))
    assert image.size == (79, 118)
    assert image.getpixel((40, 2)) == (208, 16, 16) and image.getpixel((40, 8)) == (255, 255, 255)
    assert image.getpixel((40, 108)) == (208, 16, 16)


def test_a_png_drawn_without_the_font_sheet_is_the_png_of_the_whole_svg():
    """A PNG of its own is drawn from an SVG without embedded fonts (cairosvg reads none):
    the same file as from the SVG a build writes, in every face."""
    require_cairo()
    from boardgen.render import png, svg

    scene = Scene(40, 12, tuple(Text(2, 4 * (index + 1), "Zażółć Æ 1", 3, font=face)
                                for index, face in enumerate(sorted(fonts.FILES))))
    plain = svg.render_svg(scene, embed_fonts=False)
    assert b"@font-face" not in plain and b"@font-face" in svg.render_svg(scene)
    assert png.render_png(scene, dpi=120) == png.render_png(scene, dpi=120,
                                                            svg=svg.render_svg(scene))


def test_a_narrow_no_break_space_is_drawn_narrow_in_png():
    """French sets U+202F before ``: ; ! ?``; the PNG draws it a sixth of an em wide, as the
    PDF does (fontconfig once took it from a fallback font, a full word space and more)."""
    from PIL import Image

    from boardgen.render import png
    from boardgen.scene import Scene, Text

    def inked_width(text: str) -> float:
        scene = Scene(80, 20, (Text(2, 14, text, 10.0),))
        image = Image.open(io.BytesIO(png.render_png(scene, dpi=254))).convert("L")
        left, _, right, _ = image.point(lambda v: 255 if v < 128 else 0).getbbox()
        return (right - left) / 10  # 254 dpi: ten pixels a millimetre

    extra = inked_width("Pion\u202f:") - inked_width("Pion:")
    assert 0.8 < extra < 2.5, extra  # a sixth of the 10 mm em is 1.7 mm
