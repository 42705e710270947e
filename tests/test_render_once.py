"""A build draws every PDF page once: the print-and-play bundle places what the other files drew."""

from __future__ import annotations

from collections import Counter

import pypdfium2
from PIL import Image, ImageChops

from boardgen.build import BuildOptions, compose_target, product_files
from boardgen.render import pdf as pdf_module
from boardgen.render.pdf import Drawings, render_pdf
from boardgen.scene import Document, Rect, Scene, Style, Text, Use, translate
from tests.test_render import sample_scene


def pages(data: bytes, dpi: int = 60) -> list[tuple[Image.Image, str]]:
    """Every page of a PDF rasterised by pdfium, with its extracted text."""
    document = pypdfium2.PdfDocument(data)
    return [(page.render(scale=dpi / 72).to_pil().convert("RGB"), page.get_textpage().get_text_range())
            for page in document]


def test_a_page_placed_from_another_document_looks_and_reads_as_drawn():
    scene = sample_scene()
    other = Scene(120, 80, (Text(5, 10, "zzz qqq ÄÖÜ", 6), Rect(0, 20, 50, 5, Style(fill="#00ff00",
                                                                              opacity=0.4))))
    drawings = Drawings()
    render_pdf(Document((other, scene)), drawings)  # fonts and states get other names here
    placed = render_pdf(Document((scene,)), drawings)
    drawn = render_pdf(Document((scene,)))
    (placed_image, placed_text), = pages(placed)
    (drawn_image, drawn_text), = pages(drawn)
    assert placed_text == drawn_text and "Wyścig" in placed_text
    assert ImageChops.difference(placed_image, drawn_image).getbbox() is None


def test_a_build_draws_each_page_node_and_symbol_once(monkeypatch):
    drawn, alive = Counter(), []  # the nodes are kept, so that no id is given to a new one
    real_alone = pdf_module._Painter.draw_alone

    def counting_alone(self, node):
        alive.append(node)
        drawn[id(node)] += 1
        return real_alone(self, node)

    monkeypatch.setattr(pdf_module._Painter, "draw_alone", counting_alone)
    layout, output = compose_target("racing_kings")
    files = product_files(layout, output, BuildOptions(formats=("pdf",)), "racing_kings")
    bundle = pypdfium2.PdfDocument(files["racing_kings-print-and-play.pdf"])
    singles = sum(len(pypdfium2.PdfDocument(files[name])) for name in files
                  if name.endswith(".pdf") and "print-and-play" not in name
                  and name != "rules-booklet.pdf")
    assert len(bundle) > singles  # the bundle holds every page of them, and more
    assert drawn and max(drawn.values()) == 1


def test_translucent_shapes_stay_translucent_whatever_colour_comes_between():
    """Two half-opaque squares of different colours on white: each shows half its colour."""
    half = [Rect(10 + 20 * i, 10, 10, 10, Style(fill=colour, opacity=0.5))
            for i, colour in enumerate(("#000000", "#0000ff", "#ff0000"))]
    scene = Scene(80, 30, (*half, Use("dot", translate(70, 15))),
                  symbols={"dot": (Rect(-2, -2, 4, 4, Style(fill="#000000")),)})
    (image, _), = pages(render_pdf(Document((scene,))), dpi=72)
    at = lambda x_mm, y_mm: image.getpixel((round(x_mm * 72 / 25.4), round(y_mm * 72 / 25.4)))
    for found, expected in ((at(15, 15), (128, 128, 128)), (at(35, 15), (128, 128, 255)),
                            (at(55, 15), (255, 128, 128)), (at(70, 15), (0, 0, 0))):
        assert all(abs(a - b) <= 2 for a, b in zip(found, expected)), (found, expected)
