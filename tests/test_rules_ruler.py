"""Rule sheets carry the calibration ruler like every other printed page (not the A5 booklet)."""

from __future__ import annotations

import io

import pypdf
import pytest

from boardgen.imposition import PAPERS, Paper
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.rules import rule_pages
from boardgen.scene import Document


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_rule_page_has_the_ruler(paper):
    layout = load_layout("racing_kings")
    pages = rule_pages(layout, "en", Paper(paper, *PAPERS[paper]))
    reader = pypdf.PdfReader(io.BytesIO(renderer("pdf")(Document(pages))))
    for page in reader.pages:
        forms = page["/Resources"]["/XObject"].get_object()
        assert "/FormXob.calibration-ruler" in forms
        assert b"FormXob.calibration-ruler Do" in page.get_contents().get_data()
