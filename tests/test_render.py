"""Renderers: SVG and PDF agree, fonts are embedded, text extracts, output is stable."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import pypdf
import pytest

from boardgen import fonts
from boardgen.render import RENDERERS, renderer
from boardgen.scene import (Circle, Document, Group, Line, Path, Polygon, Rect, Scene, Style, Text,
                            Use, arc_commands, rotate, scale, translate, compose)
from tests.conftest import PT_PER_MM, ROOT, pdf_text

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

SAMPLES = ["Wyścig przez rzekę", "Ärgere", "Fahrerwechsel"]


def sample_scene() -> Scene:
    """A scene using every node type, with text in three languages."""
    star = Polygon(((0, -8), (2.4, -2.5), (8, -2.5), (3.5, 1), (5, 7), (0, 3.5), (-5, 7),
                    (-3.5, 1), (-8, -2.5), (-2.4, -2.5)), Style(fill="#d4a017", stroke="#000000"))
    return Scene(120, 80, (
        Rect(0, 0, 120, 80, Style(fill="#ffffff")),
        Rect(5, 5, 40, 25, Style(fill="#2060c0", stroke="#000000", stroke_mm=0.8)),
        Circle(70, 18, 12, Style(fill="#c03020")),
        Line(5, 40, 115, 40, Style(stroke="#000000", stroke_mm=1.5, dash=(4, 2))),
        Path(tuple(arc_commands(100, 60, 12, 0, 270)) + (("Z",),), Style(fill="#20a040")),
        Group((Rect(-6, -6, 12, 12, Style(fill="#804080")),), compose(translate(25, 62), rotate(30))),
        Use("star", translate(60, 62)),
        Use("star", compose(translate(80, 62), scale(0.5))),
        Text(5, 52, SAMPLES[0], 6, font="bold"),
        Text(115, 76, SAMPLES[1] + " " + SAMPLES[2], 5, anchor="end"),
    ), symbols={"star": (star,)})


def rasterise_pdf(data: bytes, dpi: int):
    import pypdfium2

    page = pypdfium2.PdfDocument(data)[0]
    return page.render(scale=dpi / 72).to_pil().convert("L")


def rasterise_svg(scene: Scene, dpi: int):
    from PIL import Image

    png = renderer("png")(scene, dpi=dpi)
    return Image.open(io.BytesIO(png)).convert("L")


def test_svg_and_pdf_renderings_agree():
    scene = sample_scene()
    dpi = 100
    from_pdf = rasterise_pdf(renderer("pdf")(scene), dpi)
    from_svg = rasterise_svg(scene, dpi)
    assert abs(from_pdf.size[0] - from_svg.size[0]) <= 1 and abs(from_pdf.size[1] - from_svg.size[1]) <= 1
    width, height = min(from_pdf.size[0], from_svg.size[0]), min(from_pdf.size[1], from_svg.size[1])
    a = from_pdf.crop((0, 0, width, height)).tobytes()
    b = from_svg.crop((0, 0, width, height)).tobytes()
    mean_difference = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
    assert mean_difference < 4.0, mean_difference
    # and the picture is not blank: the two renderings carry the same ink
    ink_pdf = sum(255 - x for x in a) / len(a)
    assert ink_pdf > 40


def test_a_different_scene_does_not_agree():
    """The comparison above can fail: moving one shape shows up."""
    scene = sample_scene()
    moved = Scene(scene.width, scene.height, scene.children[:1] + (Rect(60, 40, 50, 35, Style(fill="#000000")),),
                  symbols=scene.symbols)
    a = rasterise_pdf(renderer("pdf")(scene), 50).tobytes()
    b = rasterise_svg(moved, 50).tobytes()
    n = min(len(a), len(b))
    assert sum(abs(x - y) for x, y in zip(a[:n], b[:n])) / n > 4.0


def test_pdf_page_is_the_scene_size_in_mm():
    pdf = pypdf.PdfReader(io.BytesIO(renderer("pdf")(sample_scene())))
    box = pdf.pages[0].mediabox
    assert float(box.width) / PT_PER_MM == pytest.approx(120, abs=0.01)
    assert float(box.height) / PT_PER_MM == pytest.approx(80, abs=0.01)


def test_fonts_are_embedded_subset_and_text_extracts_exactly():
    data = renderer("pdf")(sample_scene())
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        name = str(font["/BaseFont"])
        assert name.startswith("/") and "+" in name, f"{name} is not a subset"
        descriptor = font["/FontDescriptor"] if "/FontDescriptor" in font else \
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), f"{name} is not embedded"
    text = pdf_text(data)
    for sample in SAMPLES:
        assert sample in text


def test_pdf_asks_viewers_not_to_scale():
    reader = pypdf.PdfReader(io.BytesIO(renderer("pdf")(sample_scene())))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_rendering_is_deterministic(fmt):
    assert renderer(fmt)(sample_scene()) == renderer(fmt)(sample_scene())


def test_multi_page_document():
    scene = sample_scene()
    small = Scene(50, 30, (Rect(0, 0, 10, 10, Style(fill="#000000")),))
    reader = pypdf.PdfReader(io.BytesIO(renderer("pdf")(Document((scene, small, scene)))))
    assert len(reader.pages) == 3
    assert float(reader.pages[1].mediabox.width) / PT_PER_MM == pytest.approx(50, abs=0.01)


def test_symbols_are_stored_once():
    scene = sample_scene()
    svg = renderer("svg")(scene).decode()
    assert svg.count('id="star"') == 1 and svg.count("#star") == 2
    pdf = renderer("pdf")(scene)
    assert pdf.count(b"/FormType 1") == 1


def test_svg_is_sized_in_mm():
    svg = renderer("svg")(sample_scene()).decode()
    assert 'width="120mm"' in svg and 'height="80mm"' in svg and 'viewBox="0 0 120 80"' in svg


def test_png_size_follows_dpi():
    from PIL import Image

    image = Image.open(io.BytesIO(renderer("png")(sample_scene(), dpi=127)))
    assert image.size == (600, 400)  # 120 mm and 80 mm at 5 px/mm


class Unknown:
    pass


@pytest.mark.parametrize("fmt", RENDERERS)
def test_unknown_nodes_are_refused(fmt):
    scene = Scene(10, 10, (Unknown(),))
    with pytest.raises(TypeError):
        renderer(fmt)(scene)


@pytest.fixture
def no_cairo(monkeypatch):
    """A machine without the cairo library: importing cairosvg fails as it does there."""
    import builtins

    from boardgen.render import png

    real_import = builtins.__import__

    def import_without_cairo(name, *args, **kwargs):
        if name == "cairosvg":
            raise OSError("no library called \"cairo-2\" was found")
        return real_import(name, *args, **kwargs)

    png._svg2png.cache_clear()
    monkeypatch.setattr(builtins, "__import__", import_without_cairo)
    yield
    monkeypatch.undo()
    png._svg2png.cache_clear()


def test_png_without_cairo_comes_from_pdfium_at_the_same_size():
    from PIL import Image, ImageChops, ImageStat

    from boardgen.build import compose_target
    from boardgen.render import png
    from tests.conftest import require_cairo

    require_cairo()
    scene = compose_target("racing_kings")[1].board.scene
    with_cairo = Image.open(io.BytesIO(renderer("png")(scene, dpi=40))).convert("RGB")
    png._svg2png.cache_clear()
    real = png._svg2png
    try:
        png._svg2png = lambda: None
        assert png.backend() == "pdfium"
        without = Image.open(io.BytesIO(renderer("png")(scene, dpi=40))).convert("RGB")
    finally:
        png._svg2png = real
    assert without.size == with_cairo.size
    difference = ImageStat.Stat(ImageChops.difference(with_cairo, without).convert("L")).mean[0]
    assert difference < 6, f"mean pixel difference {difference:.1f}"


def test_build_without_cairo_writes_png_and_says_how(no_cairo, run_cli, tmp_path):
    result = run_cli("build", "racing_kings", "--format", "png", "--dpi", "30", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "racing_kings" / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "pdfium" in notes[0]


def test_transparency_inside_reused_artwork_is_defined_where_it_is_used():
    from tests.conftest import unresolved_graphics_states

    symbols = {"wash": (Rect(0, 0, 10, 10, Style(fill="#00ff00", opacity=0.3)),),
               "outer": (Use("wash"), Circle(0, 0, 3, Style(fill="#0000ff", opacity=0.5)))}
    page = Scene(100, 60, (Use("wash", translate(20, 20)), Use("outer", translate(50, 20))),
                 symbols=symbols)
    data = renderer("pdf")(Document((page, page)))
    assert unresolved_graphics_states(data) == []
    assert data.count(b"/ExtGState") >= 2


@pytest.mark.parametrize("text", ["bell\x07", "esc \x1b[31m red", "nul\x00", "\ud800 lone",
                                  "\ufffe", "tab\tand\nnewline"])
def test_svg_stays_well_formed_xml_whatever_the_text(text):
    from xml.etree import ElementTree

    scene = Scene(40, 20, (Text(2, 10, text, 4),), title=text)
    root = ElementTree.fromstring(renderer("svg")(scene))
    drawn = next(el.text for el in root.iter() if el.tag.endswith("text"))
    assert all(c.isprintable() or c in "\t\n\ufffd" for c in drawn)
    assert renderer("pdf")(scene).startswith(b"%PDF")
    assert renderer("png")(scene, dpi=30).startswith(b"\x89PNG")


def embedded_faces(svg: bytes) -> dict[tuple[str, str], TTFont]:
    """The fonts of an SVG's ``@font-face`` rules, by (weight, style), read with fontTools."""
    import base64
    import re

    from fontTools.ttLib import TTFont

    faces = {}
    for rule in re.findall(rb"@font-face\{(.*?)\}", svg):
        family = re.search(rb"font-family:'([^']*)'", rule).group(1).decode()
        assert family == fonts.EMBEDDED_FAMILY
        weight = re.search(rb"font-weight:(\w+)", rule).group(1).decode()
        style = re.search(rb"font-style:(\w+)", rule).group(1).decode()
        data = base64.b64decode(re.search(rb"base64,([A-Za-z0-9+/=]+)\)", rule).group(1))
        faces[weight, style] = TTFont(io.BytesIO(data))
    return faces


def test_svg_carries_a_subset_of_each_face_it_draws():
    scene = Scene(80, 30, (Text(2, 8, "Zażółć gęślą", 4), Text(2, 16, "Ärger", 4, font="bold"),
                           Text(2, 24, "Ziel", 4, font="italic")))
    faces = embedded_faces(renderer("svg")(scene))
    drawn = {("400", "normal"): "Zażółć gęślą", ("600", "normal"): "Ärger",
             ("400", "italic"): "Ziel"}
    assert faces.keys() == drawn.keys()
    for key, font in faces.items():
        assert font.flavor == "woff"
        assert set(font.getBestCmap()) == {ord(c) for c in drawn[key]}  # those letters only
        # No kerning or ligatures: a browser sets text as wide as the PDF does.
        assert not {"GPOS", "GSUB", "kern"} & set(font.keys())
        assert font["name"].getDebugName(1).startswith("Fira Sans")  # the licence names the font


def test_svg_names_its_own_family_first_and_the_packaged_one_after():
    svg = renderer("svg")(sample_scene()).decode()
    family = f"font-family=\"'{fonts.EMBEDDED_FAMILY}', '{fonts.FAMILY}', sans-serif\""
    assert family in svg and fonts.EMBEDDED_FAMILY != fonts.FAMILY
    assert svg.count("<style") == 1


def test_svg_without_text_carries_no_font():
    svg = renderer("svg")(Scene(20, 20, (Rect(0, 0, 20, 20, Style(fill="#ff0000")),)))
    assert b"@font-face" not in svg and b"<style" not in svg


def test_svg_with_fonts_is_the_same_in_a_new_process():
    import subprocess
    import sys

    code = ("import sys; from tests.test_render import sample_scene; "
            "from boardgen.render import renderer; "
            "sys.stdout.buffer.write(renderer('svg')(sample_scene()))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           cwd=ROOT).stdout
    assert other == renderer("svg")(sample_scene())


def test_board_svg_fonts_stay_small():
    """The fonts add about 9-17 KB to a shipped board: a few KB of WOFF per face."""
    from boardgen.build import compose_target

    svg = renderer("svg")(compose_target("six_day_race")[1].board.scene)
    faces = embedded_faces(svg)
    assert len(faces) == 3
    style = svg[svg.index(b"<style"):svg.index(b"</style>")]
    assert len(style) < 20_000
