"""board.svg in a real browser: headless Chromium draws what cairosvg and the PDF draw, in Fira Sans.

Chromium reads the SVG's embedded ``@font-face`` subsets; cairosvg finds the packaged
font through fontconfig; the PDF embeds its own subset. All three must give the same
picture, and a label must look like the PNG's label far more than a serif rendering of
it does. Skipped only where Chromium is missing outside CI; in CI (``CI`` set) a missing
Chromium fails.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
from pathlib import Path

import pytest

from boardgen import fonts
from boardgen.build import compose_target
from boardgen.render import renderer
from boardgen.render.png import _svg2png
from boardgen.render.svg import FONT_FAMILY
from boardgen.scene import IDENTITY, Document, Group, Matrix, Node, Scene, Text, Use, compose
from tests.conftest import missing, require_cairo
from tests.preview_support import CHROMIUM

Image = pytest.importorskip("PIL.Image")
ImageChops = pytest.importorskip("PIL.ImageChops")
ImageFilter = pytest.importorskip("PIL.ImageFilter")
ImageStat = pytest.importorskip("PIL.ImageStat")

BOARD_PX = 1200     # the board's longer side on screen
LABEL_PX = 100      # height of the label close-up
PT_PER_MM = 72 / 25.4

# Both pictures are softened by a 1-pixel blur and cut into 8 x 8 tiles; the largest mean
# grey-level difference (0-255) of a tile is compared, so anything missing or misplaced in
# one corner shows. Measured for the four shipped boards: Chromium against pdfium 1.3-5.0,
# against cairosvg 3.0-9.6 (cairosvg places big title glyphs up to a pixel apart; pdfium
# against cairosvg is 5.8-9.3). The same board with no text at all measured 13.5-19.7.
BOARD_TO_PDF = 7.0
BOARD_TO_CAIRO = 12.0
# Close-up of the largest label, softened alike, mean difference: Chromium with the embedded
# font against cairosvg and pdfium measured 3.1-6.3; the SVG without its fonts (the browser's
# own sans-serif) 25-30, and in a serif 22-26. The same font must stay under LABEL_BOUND and
# any other font must differ at least WRONG_FONT_FACTOR times as much.
LABEL_BOUND = 10.0
WRONG_FONT_FACTOR = 2.5


def chromium() -> str:
    """The Chromium binary, or a skip (a failure in CI) without one."""
    if CHROMIUM is None:
        missing("Chromium is not installed", "chromium")
    return CHROMIUM


def screenshot(folder: Path, images: list[tuple[str, int, int]]) -> "Image.Image":
    """One headless Chromium screenshot of SVG files stacked top to bottom at fixed pixel sizes."""
    tags = "".join(f'<img src="{name}" width="{w}" height="{h}">' for name, w, h in images)
    page = folder / "page.html"
    page.write_text("<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;"
                    "background:#fff;overflow:hidden}img{display:block}</style></head>"
                    f"<body>{tags}</body></html>", encoding="utf-8")
    width = max(w for _, w, _ in images)
    height = sum(h for _, _, h in images)
    shot = folder / "shot.png"
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1",
               f"--user-data-dir={folder / 'profile'}", f"--screenshot={shot}",
               f"--window-size={width},{height}", page.as_uri()]
    # The machine's own fonts only: not the font setup cairosvg's renderer puts in the environment.
    env = {k: v for k, v in os.environ.items() if not k.startswith("FONTCONFIG")}
    subprocess.run(command, check=True, capture_output=True, timeout=120, env=env)
    image = Image.open(shot).convert("L")
    assert image.size == (width, height)
    return image


def placed_texts(nodes: tuple[Node, ...], symbols, m: Matrix = IDENTITY):
    """Every text node with the transform it is drawn under, through groups and symbols."""
    for node in nodes:
        if isinstance(node, Text):
            yield node, m
        elif isinstance(node, Group):
            yield from placed_texts(node.children, symbols, compose(m, node.transform))
        elif isinstance(node, Use):
            yield from placed_texts(symbols[node.symbol], symbols, compose(m, node.transform))


def largest_label(scene: Scene) -> tuple[float, float, float, float]:
    """Box (x, y, w, h) in scene mm around the largest upright label of at least four letters."""
    def size(item):
        text, m = item
        return text.size * m[0]

    upright = [(t, m) for t, m in placed_texts(scene.children, scene.symbols)
               if not t.rotate and m[1] == m[2] == 0 and m[0] == m[3] > 0
               and sum(c.isalpha() for c in t.text) >= 4]
    text, m = max(upright, key=size)
    width = fonts.text_width(text.text, text.size, text.font)
    left = {"start": text.x, "middle": text.x - width / 2, "end": text.x - width}[text.anchor]
    margin = text.size * 0.3
    x, y = left * m[0] + m[4] - margin, (text.y - text.size) * m[3] + m[5] - margin
    return x, y, width * m[0] + 2 * margin, text.size * 1.35 * m[3] + 2 * margin


def with_view(svg: bytes, box: tuple[float, float, float, float], px: tuple[int, int]) -> bytes:
    """The SVG showing only ``box`` (scene mm) at ``px`` pixels."""
    x, y, w, h = box
    head, rest = svg.split(b"<svg ", 1)
    tag, body = rest.split(b">", 1)
    tag = re.sub(rb'\s(width|height|viewBox)="[^"]*"', b"", b" " + tag).strip()
    return (head + b'<svg width="%d" height="%d" viewBox="%.3f %.3f %.3f %.3f" ' % (*px, x, y, w, h)
            + tag + b">" + body)


def without_fonts(svg: bytes) -> bytes:
    """The same SVG with the embedded fonts taken out: the browser's own sans-serif."""
    return re.sub(rb"<style.*?</style>", b"", svg, flags=re.S)


def in_serif(svg: bytes) -> bytes:
    """The same SVG without embedded fonts and its text set in a serif."""
    return without_fonts(svg).replace(FONT_FAMILY.encode(), b"serif")


def cairo_png(svg: bytes, px: tuple[int, int]) -> "Image.Image":
    require_cairo()
    svg2png = _svg2png()
    data = svg2png(bytestring=svg, output_width=px[0], output_height=px[1],
                   background_color="white")
    return Image.open(io.BytesIO(data)).convert("L")


def pdfium_png(scene: Scene, px: tuple[int, int], box=None) -> "Image.Image":
    """The scene's PDF page (or only ``box`` of it, in scene mm) rasterised by pdfium at ``px``."""
    import pypdfium2

    x, y, w, h = box or (0, 0, scene.width, scene.height)
    crop = (x, scene.height - y - h, scene.width - x - w, y)  # left, bottom, right, top
    document = pypdfium2.PdfDocument(renderer("pdf")(Document((scene,))))
    try:
        image = document[0].render(scale=px[0] / (w * PT_PER_MM),
                                   crop=tuple(v * PT_PER_MM for v in crop),
                                   fill_color=(255, 255, 255, 255)).to_pil().convert("L")
    finally:
        document.close()
    return image.resize(px) if image.size != px else image


def difference(a: "Image.Image", b: "Image.Image", blur: float = 1) -> float:
    """Mean absolute grey-level difference of two pictures of one size.

    Both are first softened by ``blur`` pixels, so that a glyph placed half a pixel
    apart or anti-aliased differently counts less than a different shape.
    """
    assert a.size == b.size, (a.size, b.size)
    a, b = (image.filter(ImageFilter.GaussianBlur(blur)) for image in (a, b))
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def worst_tile(a: "Image.Image", b: "Image.Image", n: int = 8) -> float:
    """The largest ``difference`` of the n x n tiles of two pictures."""
    width, height = a.size
    boxes = [(width * i // n, height * j // n, width * (i + 1) // n, height * (j + 1) // n)
             for i in range(n) for j in range(n)]
    return max(difference(a.crop(box), b.crop(box)) for box in boxes)


@pytest.mark.parametrize("game", ["six_day_race", "steeple_chess"])
def test_chromium_draws_board_svg_like_cairosvg_and_the_pdf(game, tmp_path):
    scene = compose_target(game)[1].board.scene
    svg = renderer("svg")(scene)
    scale = BOARD_PX / max(scene.width, scene.height)
    board_px = (round(scene.width * scale), round(scene.height * scale))
    box = largest_label(scene)
    label_px = (round(box[2] / box[3] * LABEL_PX), LABEL_PX)
    label_svg = with_view(svg, box, label_px)
    (tmp_path / "board.svg").write_bytes(svg)
    (tmp_path / "label.svg").write_bytes(label_svg)
    (tmp_path / "fallback.svg").write_bytes(without_fonts(label_svg))
    (tmp_path / "serif.svg").write_bytes(in_serif(label_svg))

    shot = screenshot(tmp_path, [("board.svg", *board_px), ("label.svg", *label_px),
                                 ("fallback.svg", *label_px), ("serif.svg", *label_px)])
    board = shot.crop((0, 0, *board_px))
    assert worst_tile(board, pdfium_png(scene, board_px)) < BOARD_TO_PDF
    assert worst_tile(board, cairo_png(svg, board_px)) < BOARD_TO_CAIRO

    label, fallback, serif = (shot.crop((0, top, label_px[0], top + LABEL_PX))
                              for top in range(board_px[1], board_px[1] + 3 * LABEL_PX, LABEL_PX))
    for reference in (cairo_png(label_svg, label_px), pdfium_png(scene, label_px, box)):
        same_font = difference(label, reference)
        assert same_font < LABEL_BOUND
        for wrong in (fallback, serif):
            assert difference(wrong, reference) > WRONG_FONT_FACTOR * same_font
