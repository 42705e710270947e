"""The text layer: every word of a rule text extracts from the PDF as Unicode; fonts embedded."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen import fonts
from boardgen.render import renderer
from boardgen.rules.document import (Figure, Heading, ListBlock, Paragraph, Quote, Table,
                                     parse_rule_text, plain)
from boardgen.rules.typeset import page_style, typeset
from boardgen.scene import Document, Rect, Scene, Style

FIXTURES = Path(__file__).parent / "fixtures" / "rules"


def block_texts(blocks) -> list[str]:
    found: list[str] = []
    for block in blocks:
        if isinstance(block, (Heading, Paragraph)):
            found.append(plain(block.runs))
        elif isinstance(block, ListBlock):
            for item in block.items:
                found += block_texts(item)
        elif isinstance(block, Quote):
            found += block_texts(block.blocks)
        elif isinstance(block, Table):
            found += [plain(cell) for row in (block.header, *block.rows) for cell in row]
        elif isinstance(block, Figure):
            found += [block.label, plain(block.caption)]  # the colon between is the language's
    return found


def render(lang: str, size: tuple[float, float]) -> tuple[list[str], bytes, float]:
    path = FIXTURES / f"sample.rules.{lang}.md"
    text = parse_rule_text(path.read_text(encoding="utf-8"), str(path), lang)
    scenes = {f.name: Scene(60, 40, (Rect(0, 0, 60, 40, Style(fill="#cccccc")),))
              for f in text.figures}
    style = page_style(*size)
    pdf = renderer("pdf")(Document(typeset(text, scenes, style)))
    words = [w for t in block_texts(text.blocks) for w in t.split()]
    return words, pdf, style.column_width


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
@pytest.mark.parametrize("size", [(210, 297), (148.5, 210)], ids=["a4", "a5"])
def test_every_word_extracts_as_unicode(lang, size):
    words, pdf, column = render(lang, size)
    extracted = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    tokens = set(extracted.split())
    # A word is hyphenated at a line end, or cut when wider than the whole column; either
    # way it is found again without the break.
    missing = {w for w in words if w not in tokens}
    squashed = "".join(extracted.split())
    hyphenated = {head + tail for head, tail in re.findall(r"(\S+)-\s+(\S+)", extracted)}
    assert all(fonts.text_width(w, 3.7) > column * 0.8 and w in squashed or w in hyphenated
               for w in missing), missing
    assert hyphenated, "long words are hyphenated"
    for letters in {"de": "äöüÄÖÜß„“", "fr": "éèêàâçùîôïëœÉÈÀÇŒ«»",
                    "pl": "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”"}[lang]:
        assert letters in extracted


def test_fonts_are_embedded_with_unicode_maps():
    _, pdf, _ = render("pl", (210, 297))
    seen = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            seen.add(str(font["/BaseFont"]).split("+")[-1])
            assert "/FontFile2" in font["/FontDescriptor"], "TrueType program embedded"
            assert "/ToUnicode" in font, "text maps back to Unicode"
    assert {"FiraSans-Regular", "FiraSans-SemiBold", "FiraSans-Italic"} <= seen
