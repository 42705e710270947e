"""Rule texts parsed from Markdown: blocks, faces, numbered figures, and located mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.errors import InputError
from boardgen.rules.document import (Figure, Heading, ListBlock, Paragraph, Quote, Run, Table,
                                     parse_rule_text, plain)

FIXTURES = Path(__file__).parent / "fixtures" / "rules"


def parse(text: str, lang: str = "en", names=("board", "move")):
    return parse_rule_text(text, "game.rules.md", lang, diagram_names=names)


def test_blocks_in_order_with_bold_and_italic_runs():
    text = parse("# Title\n\nSome *slanted* and **strong** words.\n\n## Section\n\n- one\n- two\n")
    title, paragraph, section, items = text.blocks
    assert title == Heading(1, (Run("Title"),))
    assert paragraph == Paragraph((Run("Some "), Run("slanted", "italic"), Run(" and "),
                                   Run("strong", "bold"), Run(" words.")))
    assert section.level == 2
    assert isinstance(items, ListBlock) and not items.ordered
    assert [plain(block.runs) for item in items.items for block in item] == ["one", "two"]
    assert text.title == "Title"


def test_figures_numbered_in_reading_order_and_references_resolved_even_forwards():
    text = parse("See {fig:move} and {fig:board}.\n\n![The board](diagram:board)\n\n"
                 "![A *move*](diagram:move)\n")
    paragraph, first, second = text.blocks
    assert plain(paragraph.runs) == "See Figure 2 and Figure 1."
    assert (first.name, first.number, first.label) == ("board", 1, "Figure 1")
    assert second.caption == (Run("A\u00a0"), Run("move", "italic"))  # "A" keeps to its word
    assert text.figures == (first, second)


@pytest.mark.parametrize("lang,caption,cited,quoted", [
    ("en", "Figure", "Figure", "“a”"), ("de", "Abbildung", "Abbildung", "„a“"),
    ("pl", "Rysunek", "rys.", "„a”"),  # "na rys. 1": no case ending to get wrong
])
def test_figure_word_and_quotation_marks_follow_the_language(lang, caption, cited, quoted):
    text = parse('"a" {fig:board}\n\n![x](diagram:board)\n', lang)
    assert plain(text.blocks[0].runs) == f"{quoted} {cited} 1"
    assert text.figures[0].label == f"{caption} 1"


def test_a_reference_is_one_unbreakable_word_and_inline_code_its_own_face():
    text = parse("Run `boardgen check` as in {fig:board}.\n\n![x](diagram:board)\n")
    assert text.blocks[0].runs == (Run("Run "), Run("boardgen check", "code"),
                                   Run(" as in Figure\u00a01."))


def test_ordered_lists_keep_their_start_and_nested_blocks():
    text = parse("3. first\n\n   more about it\n4. second\n   - inner\n")
    (block,) = text.blocks
    assert block.ordered and block.start == 3
    first, second = block.items
    assert [type(b) for b in first] == [Paragraph, Paragraph]
    assert isinstance(second[1], ListBlock)


def test_tables_with_header_alignment_and_rows():
    text = parse("| Throw | Piece |\n|:-----:|------:|\n| 1 | **Pawn** |\n| 2 | Knight |\n")
    (table,) = text.blocks
    assert isinstance(table, Table)
    assert table.align == ("center", "right")
    assert [plain(c) for c in table.header] == ["Throw", "Piece"]
    assert table.rows[0][1] == (Run("Pawn", "bold"),)


def test_quotes_hold_blocks():
    (quote,) = parse("> **Example.** A note.\n>\n> Second paragraph.\n").blocks
    assert isinstance(quote, Quote) and len(quote.blocks) == 2


def test_unknown_diagram_names_the_file_and_line():
    with pytest.raises(InputError) as caught:
        parse("# T\n\nText.\n\n![Lost](diagram:nowhere)\n")
    error = caught.value
    assert (error.source, error.line) == ("game.rules.md", 5)
    assert "unknown diagram 'nowhere'" in str(error) and "board, move" in str(error)
    assert str(error).startswith("game.rules.md:5: ")


def test_unknown_reference_names_the_line_it_is_on():
    with pytest.raises(InputError, match=r"\{fig:lost\} names no figure") as caught:
        parse("A paragraph\nover lines\nthat cites {fig:lost}.\n")
    assert caught.value.line == 3


@pytest.mark.parametrize("text,message", [
    ("![A photo](photo.png)\n", "take only diagrams"),
    ("Look: ![x](diagram:board)\n", "must stand alone"),
    ("![a](diagram:board)\n\n![b](diagram:board)\n", "already shown at line 1"),
    ("<div>raw</div>\n", "HTML is not supported"),
])
def test_mistakes_are_input_errors(text, message):
    with pytest.raises(InputError, match=message):
        parse(text)


@pytest.mark.parametrize("name", ["sample.rules.de.md", "sample.rules.pl.md"])
def test_fixtures_parse_with_all_their_figures(name):
    path = FIXTURES / name
    lang = name.split(".")[-2]
    text = parse_rule_text(path.read_text(encoding="utf-8"), str(path), lang)
    assert len(text.figures) == 2
    assert all(isinstance(f, Figure) for f in text.figures)
