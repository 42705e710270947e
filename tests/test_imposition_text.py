"""Lines of page furniture: wrapping as each language ties words, footers that stay legible."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boardgen import fonts
from boardgen.i18n import LANGUAGES, words_for
from boardgen.imposition.marks import (DETAIL_MIN_MM, RULER_W, footer, footer_box, ruler_symbols,
                                       size_text)
from boardgen.imposition.paper import number, parse_paper
from boardgen.rules.typography import tie
from boardgen.scene import Text
from boardgen.wrapping import wrap

SHORT = frozenset("aiouwz")  # the Polish one-letter words, never at the end of a line
WORD = st.one_of(st.sampled_from([*sorted(SHORT), "mm", "%", "50", "3,5"]),
                 st.text(alphabet="abcdefghijklmnoprstuwyzäöüßąćęłńóśźż,;:", min_size=1,
                         max_size=14))


@settings(max_examples=150, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=40), st.floats(min_value=5, max_value=200))
def test_wrapped_lines_break_only_where_the_language_leaves_a_space(parts, width):
    """The cover's and the assembly map's lines break as every piece's do (one wrap): a
    Polish one-letter word stays with the word after it, a number with its unit."""
    text = " ".join(parts)
    lines = wrap(text, width, 3.8, lang="pl")
    assert " ".join(lines) == tie(text, "pl")
    for before, after in zip(lines, lines[1:]):
        assert before.split()[-1] not in SHORT
        assert not (before[-1].isdigit() and after.split()[0] in ("mm", "%"))
    for line in lines:
        if fonts.text_width(line, 3.8) > width:  # only a piece that cannot be broken
            assert " " not in line


def texts(nodes) -> list[Text]:
    return [node for node in nodes if isinstance(node, Text)]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=" ", max_size=2),
       st.lists(st.tuples(WORD, st.text(alphabet=" ", min_size=1, max_size=3)), max_size=60))
@example(" ", [("abcdefgh", " ")] * 30)  # a title that starts with a space, on two lines
def test_a_footer_keeps_the_words_of_any_detail_however_it_is_spaced(lead, words_and_spaces):
    detail = lead + "".join(word + spaces for word, spaces in words_and_spaces)
    label, *lines = texts(footer(footer_box(210, 297, 6), "Sheet 1 of 2", detail))
    assert len(lines) <= 2
    assert " ".join(line.text for line in lines).split() == detail.split()


def test_a_long_footer_detail_takes_two_lines_at_a_legible_size():
    box = footer_box(210, 297, 6)
    words = words_for(None, "de")
    detail = words("sheets.duplex_detail", cut=words("sheets.cut_mixed"))
    label, *lines = texts(footer(box, "Bogen 1 von 2", detail, words))
    assert len(lines) == 2 and " ".join(line.text for line in lines) == detail
    assert all(line.size >= DETAIL_MIN_MM for line in lines)
    assert lines[0].text.endswith(";")  # broken after the clause
    short = texts(footer(box, "Bogen 1 von 2", "kurz", words))
    assert [t.text for t in short] == ["Bogen 1 von 2", "kurz"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("key", ["sheets.duplex_detail", "sheets.fold_detail", "tiling.detail",
                                 "sheets.backs_detail", "shop.detail"])
def test_no_footer_detail_reaches_into_the_ruler_note(lang, key):
    words = words_for(None, lang)
    box = footer_box(210, 297, 6)
    for cut in ("sheets.cut_shop", "sheets.cut_shared", "sheets.cut_gap", "sheets.cut_mixed"):
        detail = words(key, cut=words(cut, bleed="3"), title="Wyścig przez rzekę",
                       kind=words("kind.board"), size="1119,4 × 479,4 mm", bleed="3", map="7")
        for node in texts(footer(box, "Bogen 1 von 2", detail, words))[1:]:
            left = node.x - fonts.text_width(node.text, node.size, node.font)
            assert left >= box.x + RULER_W and node.size >= DETAIL_MIN_MM, node.text


def test_the_ruler_note_fits_beside_the_ruler_in_every_language():
    for lang in LANGUAGES:
        ((name, nodes),) = ruler_symbols(words_for(None, lang)).items()
        assert name == ("calibration-ruler" if lang == "en" else f"calibration-ruler-{lang}")
        for node in texts(nodes):
            if node.x >= 58:
                assert node.x + fonts.text_width(node.text, node.size, node.font) <= RULER_W


def test_sizes_use_the_decimal_sign_of_the_language():
    assert size_text(1119.44, 479.4) == "1119.4 × 479.4 mm"
    assert size_text(1119.44, 479.4, words_for(None, "de")) == "1119,4 × 479,4 mm"
    assert number(2.5, words_for(None, "pl")) == "2,5"
    letter = parse_paper("letter").describe(words_for(None, "de"))
    assert letter == "Letter (215,9 × 279,4 mm)"
    assert parse_paper("300x450mm").describe(words_for(None, "pl")) == "własny format (300 × 450 mm)"
