"""Typesetting: line breaking, pages inside their margins, figures, keep-together and floats."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from boardgen import fonts
from boardgen.rules.document import Run, parse_rule_text
from boardgen.rules.typeset import (CODE_INK, FIGURE_MAX_HEIGHT, FIGURE_MAX_WIDTH, Piece,
                                    TALL_FIGURE_MAX_HEIGHT, figure_scale, flow, line_width,
                                    page_style, typeset, wrap)
from boardgen.scene import Circle, Group, Rect, Scene, Style, Text

FIXTURES = Path(__file__).parent / "fixtures" / "rules"
A4, A5 = page_style(210, 297), page_style(148.5, 210)


def picture(width: float, height: float) -> Scene:
    return Scene(width, height, (Rect(0, 0, width, height, Style(fill="#6a8caf")),
                                 Circle(width / 2, height / 2, min(width, height) / 3,
                                        Style(fill="#ffffff"))))


def fixture_pages(lang: str, style=A4, figure=(120, 80)):
    path = FIXTURES / f"sample.rules.{lang}.md"
    text = parse_rule_text(path.read_text(encoding="utf-8"), str(path), lang)
    return typeset(text, {f.name: picture(*figure) for f in text.figures}, style)


def texts(page: Scene) -> list[Text]:
    return [n for n in page.children if isinstance(n, Text)]


def test_a4_sheets_get_two_columns_and_a5_booklet_pages_one():
    assert (A4.columns, A5.columns) == (2, 1)
    assert 3.5 <= A5.body <= 4 and 3.5 <= A4.body <= 4, "readable body type"
    assert A4.column_width * 2 + A4.gutter == pytest.approx(A4.text_width)


words = st.text(alphabet="abcdefghijklmnopąłśżäöüß", min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(words, min_size=1, max_size=40), st.floats(min_value=30, max_value=120))
def test_wrapping_keeps_every_word_and_fills_lines_greedily(word_list, width):
    size = 3.6
    source = " ".join(word_list)
    lines = wrap((Run(source),), width, size)
    assert " ".join("".join(s.text for s in line).strip() for line in lines) == source
    for line, following in zip(lines, lines[1:]):
        assert line_width(line, size) <= width + 1e-6
        first_next = "".join(s.text for s in following).split(" ")[0]
        this = "".join(s.text for s in line)
        assert fonts.text_width(f"{this} {first_next}", size) > width, "the next word did not fit"


def test_faces_change_inside_a_word_without_breaking_it():
    runs = (Run("Play "), Run("Nxc1", "bold"), Run("?? now"))
    (line,) = wrap(runs, 100, 3.6)
    assert [(s.text, s.face) for s in line] == [("Play ", "regular"), ("Nxc1", "bold"),
                                                ("?? now", "regular")]
    assert line[1].x == pytest.approx(fonts.text_width("Play ", 3.6))


def test_a_word_wider_than_the_column_is_cut_to_fit():
    lines = wrap((Run("x" * 80),), 20, 3.6)
    assert len(lines) > 1
    assert all(line_width(line, 3.6) <= 20 + 1e-6 for line in lines)


def test_a_figure_reference_never_breaks_and_prints_with_a_plain_space():
    text = parse_rule_text("Moves like this (see {fig:a}) " * 12 + "\n\n![A](diagram:a)\n",
                           "t.md", "en")
    runs = text.blocks[0].runs
    for width in (30, 41.5, 55, 70):
        for line in wrap(runs, width, 3.6):
            joined = "".join(s.text for s in line).strip()
            assert not joined.endswith("(see Figure") and not joined.startswith("1)")
    pages = typeset(text, {"a": picture(60, 30)}, A5)
    printed = [t.text for page in pages for t in texts(page)]
    assert any("(see Figure 1)" in t for t in printed)
    assert not any("\u00a0" in t for t in printed)


def test_a_short_code_block_stays_in_one_column_in_its_own_colour():
    style = page_style(148.5, 210)
    code = "\n".join(f"    line {n}" for n in range(6))
    filler = "Words to fill the page. " * 6
    for paragraphs in range(8, 16):
        source = "\n\n".join([filler] * paragraphs) + "\n\n" + code + "\n"
        pages = typeset(parse_rule_text(source, "t.md", "en"), {}, style)
        where = {t.text: (number, t.x) for number, page in enumerate(pages)
                 for t in texts(page) if t.text.startswith("line ")}
        assert len({place for place in where.values()}) == 1, where
    code_texts = [t for page in pages for t in texts(page) if t.text.startswith("line ")]
    assert {t.fill for t in code_texts} == {CODE_INK}


def test_forced_line_breaks_start_new_lines():
    assert len(wrap((Run("one"), Run("\n"), Run("two")), 100, 3.6)) == 2


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
@pytest.mark.parametrize("style", [A4, A5], ids=["a4", "a5"])
def test_all_text_stays_inside_the_margins_and_pages_are_numbered(lang, style):
    pages = fixture_pages(lang, style)
    for number, page in enumerate(pages, start=1):
        assert (page.width, page.height) == (style.width, style.height)
        for text in texts(page):
            left = text.x - (fonts.text_width(text.text, text.size, text.font)
                             if text.anchor == "end" else 0)
            right = left + fonts.text_width(text.text, text.size, text.font)
            assert style.margin - 1e-6 <= left and right <= style.width - style.margin + 1e-6, text
            assert style.top - 10 <= text.y <= style.height - style.bottom + 15
        footer = [t for t in texts(page) if t.y > style.height - style.bottom]
        assert [t.text for t in footer] == [str(number)]


def figure_groups(pages):
    return [n for page in pages for n in page.children if isinstance(n, Group) and n.clip]


def test_figures_fill_the_column_width():
    groups = figure_groups(fixture_pages("de", A4, figure=(300, 100)))
    assert len(groups) == 2
    for group in groups:
        assert group.transform[0] * 300 == pytest.approx(A4.column_width)


@pytest.mark.parametrize("style,share", [(A4, FIGURE_MAX_HEIGHT), (A5, TALL_FIGURE_MAX_HEIGHT)],
                         ids=["a4", "a5"])
def test_tall_figures_are_limited_to_a_share_of_the_column_height(style, share):
    groups = figure_groups(fixture_pages("de", style, figure=(100, 400)))
    for group in groups:
        height = group.transform[3] * 400
        assert height <= share * style.column_height + 1e-6
        assert height >= 0.7 * share * style.column_height


def test_a_tall_narrow_figure_on_a_single_column_may_take_more_height_not_more_width():
    legend = Scene(100, 150, ())
    assert figure_scale(legend, A4.column_width, A4) * 150 == pytest.approx(
        FIGURE_MAX_HEIGHT * A4.column_height)
    on_a5 = figure_scale(legend, A5.column_width, A5)
    assert FIGURE_MAX_HEIGHT * A5.column_height < on_a5 * 150 <= 0.6 * A5.column_height
    square = Scene(100, 100, ())
    assert figure_scale(square, A5.column_width, A5) * 100 == pytest.approx(
        FIGURE_MAX_HEIGHT * A5.column_height)


def test_figure_captions_are_numbered_in_the_text_language():
    words = [t.text for page in fixture_pages("pl") for t in texts(page)]
    assert "Rysunek 1: " in words and "Rysunek 2: " in words


def labelled(label: str, height: float, **options) -> Piece:
    return Piece(height, lambda x, y: [Text(x, y, label, 3)], **options)


def placed(pages) -> list[tuple[int, float, float, str]]:
    """(page, x, y, label) of every synthetic piece."""
    return [(number, node.x, node.y, node.text) for number, nodes in enumerate(pages)
            for node in nodes]


def test_a_heading_moves_to_the_next_column_with_the_lines_it_is_kept_with():
    style = page_style(148.5, 210)
    filler = [labelled("filler", style.column_height - 12)]
    heading = labelled("heading", 6, keep_with_next=True)
    body = filler + [heading, labelled("first", 5, keep_with_next=True), labelled("second", 5)]
    where = {label: (page, y) for page, _, y, label in placed(flow([], body, style))}
    assert where["heading"] == (1, style.top)
    assert where["first"][0] == where["second"][0] == 1


def test_floats_let_text_pass_but_keep_their_order_and_stop_at_section_barriers():
    style = page_style(148.5, 210)
    tall = style.column_height * 0.6
    body = [labelled("text1", 130), labelled("fig1", tall, floats=True),
            labelled("fig2", 20, floats=True), labelled("text2", 10),
            labelled("section", 8, barrier=True), labelled("text3", 10)]
    order = [(page, label) for page, _, _, label in placed(flow([], body, style))]
    assert order == [(0, "text1"), (0, "text2"), (1, "fig1"), (1, "fig2"), (1, "section"),
                     (1, "text3")]


def test_a_section_does_not_wait_for_figures_when_that_would_blank_much_of_a_column():
    style = page_style(148.5, 210)
    tall = style.column_height * 0.6
    body = [labelled("text1", 80), labelled("fig1", tall, floats=True), labelled("text2", 10),
            labelled("section", 8, barrier=True), labelled("text3", 10)]
    order = [(page, label) for page, _, _, label in placed(flow([], body, style))]
    assert order == [(0, "text1"), (0, "text2"), (0, "section"), (0, "text3"), (1, "fig1")]


def test_figures_on_a_wide_single_column_stay_a_comfortable_width():
    assert A5.column_width > FIGURE_MAX_WIDTH
    groups = figure_groups(fixture_pages("de", A5, figure=(300, 100)))
    assert groups
    for group in groups:
        assert group.transform[0] * 300 == pytest.approx(FIGURE_MAX_WIDTH)


# ---- typography: ties, quotes, hyphenation ----------------------------------------

from boardgen.rules.document import ListBlock, Paragraph, Quote as QuoteBlock  # noqa: E402
from boardgen.rules.typography import NO_BREAK_SPACE as NBSP, break_points, tie  # noqa: E402


@pytest.mark.parametrize("lang,source,tied", [
    ("en", "a 1 × 3 tile, 12 mm wide, 80 spaces", "a_1_×_3_tile, 12_mm wide, 80_spaces"),
    ("de", "ein Feld von 12 mm und 21 × 21 Felder", "ein Feld von_12_mm und_21_×_21_Felder"),
    ("pl", "w domu i z nim, a potem o 3 pola", "w_domu i_z_nim, a_potem o_3_pola"),
    ("pl", "Z tego W i U", "Z_tego W_i_U"),
    ("en", "a house in 2026, K11 and", "a_house in_2026, K11 and"),
    ("de", "von 1 bis 3; dann 4 und Feld 12.", "von_1_bis_3; dann_4_und Feld_12."),
    ("de", "den 2. Sprint auf Feld 65 oder", "den_2._Sprint auf Feld_65_oder"),
    ("pl", "gracza 1 i pole 40", "gracza_1_i_pole_40"),
    ("en", "player 2 sits, a rank", "player_2_sits, a_rank"),
])
def test_spaces_that_must_not_break_a_line_are_tied(lang, source, tied):
    assert tie(source, lang).replace(NBSP, "_") == tied


polish_words = st.sampled_from(["a", "i", "o", "u", "w", "z", "W", "Z", "dom", "rzeka",
                                "kafelek", "gracz", "pole", "przeszkoda", "3", "mm", "×"])


@settings(max_examples=80, deadline=None)
@given(st.lists(polish_words, min_size=2, max_size=60), st.floats(min_value=25, max_value=90))
def test_no_polish_line_ends_with_a_one_letter_word_or_a_number_before_its_unit(words, width):
    text = parse_rule_text(" ".join(words) + "\n", "t.md", "pl")
    lines = wrap(text.blocks[0].runs, width, 3.6, "pl")
    for line, following in zip(lines, lines[1:]):
        tied = "".join(s.text for s in line).rstrip(" ")
        if " " not in tied:
            continue  # one chain of tied words wider than the line: it must break somewhere
        last = tied.replace(NBSP, " ").split(" ")[-1]
        first = "".join(s.text for s in following).replace(NBSP, " ").split(" ")[0]
        assert last not in set("aiouwzAIOUWZ"), lines
        assert first not in ("mm", "×") or not last.isdigit(), lines


@pytest.mark.parametrize("lang,quoted", [("en", "“Stop” and ‘go’"), ("de", "„Stop“ and ‚go‘"),
                                         ("pl", "„Stop” and ‚go’")])
def test_ascii_quotes_become_the_languages_quotes_in_text_and_captions(lang, quoted):
    text = parse_rule_text("\"Stop\" and 'go' {fig:a}\n\n![\"Stop\" and 'go'](diagram:a)\n",
                           "t.md", lang)
    assert "".join(r.text for r in text.blocks[0].runs).startswith(quoted)
    assert "".join(r.text for r in text.figures[0].caption) == quoted


@pytest.mark.parametrize("lang,word", [("de", "Donaudampfschifffahrtsgesellschaft"),
                                       ("pl", "najprawdopodobniej"),
                                       ("en", "internationalization")])
def test_long_words_are_hyphenated_where_the_language_allows(lang, word):
    points = break_points(word, lang)
    assert points and all(2 <= p <= len(word) - 3 for p in points)
    runs = (Run(f"Ein {word} und noch ein {word}."),)
    for width in (20, 30, 45):
        lines = wrap(runs, width, 3.6, lang)
        printed = ["".join(s.text for s in line).rstrip(" ") for line in lines]
        assert any(line.endswith("-") for line in printed), printed
        assert all(line_width(line, 3.6) <= width + 1e-6 for line in lines)
        joined = ""
        for line in printed:
            joined += line[:-1] if line.endswith("-") and line[-2].isalpha() else line + " "
        assert joined.split() == runs[0].text.split()
        cut = [line.split()[-1][:-1] for line in printed if line.endswith("-")]
        assert all(len(word_part) >= 2 for word_part in cut)


def test_code_and_numbers_are_never_hyphenated():
    lines = wrap((Run("boardgen-check-layout-files", "code"), Run(" 1234567890123")), 20, 3.6,
                 "en")
    assert not any("".join(s.text for s in line).rstrip().endswith("-") and
                   s.face == "code" for line in lines for s in line[-1:])


def paragraphs_of(blocks):
    for block in blocks:
        if isinstance(block, Paragraph):
            yield block
        elif isinstance(block, ListBlock):
            for item in block.items:
                yield from paragraphs_of(item)
        elif isinstance(block, QuoteBlock):
            yield from paragraphs_of(block.blocks)


def shipped_books():
    from boardgen.layout import load_layout, shipped_games
    from boardgen.rules import LANGUAGES, MissingLanguage, rule_book
    for name in shipped_games():
        for lang in LANGUAGES:
            try:
                book = rule_book(load_layout(name), lang)
            except MissingLanguage:
                continue
            if book is not None:
                yield f"{name}-{lang}", book


SHIPPED_BOOKS = dict(shipped_books())


@pytest.mark.parametrize("name", sorted(SHIPPED_BOOKS))
def test_shipped_texts_break_lines_as_their_language_wants(name):
    book = SHIPPED_BOOKS[name]
    lang = book.text.lang
    hyphenated = 0
    for style in (A4, A5):
        for paragraph in paragraphs_of(book.text.blocks):
            lines = wrap(paragraph.runs, style.column_width * 0.9, style.body, lang)
            printed = ["".join(s.text for s in line).rstrip(" ") for line in lines]
            hyphenated += sum(line.endswith("-") for line in printed)
            for line, following in zip(printed, printed[1:]):
                last = line.replace(NBSP, " ").split(" ")[-1]
                first = following.replace(NBSP, " ").split(" ")[0]
                if lang == "pl":
                    assert last not in set("aiouwzAIOUWZ"), (line, following)
                assert not (last.isdigit() and first in ("×", "mm", "cm")), (line, following)
                assert first != "×", (line, following)
    assert hyphenated, "long words in the shipped text get hyphenated in narrow columns"
    printed = [t.text for page in book.sheet() for t in texts(page) if t.fill != CODE_INK]
    assert not any('"' in t for t in printed), "ASCII double quotes became the language's"


german_words = st.sampled_from(["Spielbrett", "Hindernis", "Start-Ziel-Linie", "Fahrerwechsel",
                                "Windschatten", "Rennen", "überholt", "Mannschaftswertung",
                                "a", "3", "Schachfigur", "Zielgerade", "„Ziel“,"])


@settings(max_examples=80, deadline=None)
@given(st.lists(german_words, min_size=1, max_size=40), st.floats(min_value=18, max_value=90))
def test_hyphenated_lines_fit_and_give_back_every_word(words, width):
    source = " ".join(words)
    lines = [["".join(s.text for s in line).rstrip(" "), line]
             for line in wrap((Run(source),), width, 3.6, "de")]
    rebuilt = ""
    for text, segments in lines:
        assert line_width(segments, 3.6) <= width + 1e-6 or " " not in text.strip()
        if text.endswith("-") and len(text) > 1 and text[-2].isalpha():
            rebuilt += text[:-1]  # a hyphen the typesetter added, or a word's own hyphen
        else:
            rebuilt += text + " "
    assert rebuilt.split() == source.split() or \
        rebuilt.replace("-", "").split() == source.replace("-", "").split()


def test_headings_are_never_hyphenated_but_their_paragraphs_are():
    word = "Mannschaftswertungsgesellschaft"
    source = f"## {word} {word} {word}\n\n" + f"Die {word} und die {word}. " * 8 + "\n"
    pages = typeset(parse_rule_text(source, "t.md", "de"), {}, A5)
    printed = [t for page in pages for t in texts(page)]
    assert not any(t.text.rstrip().endswith("-") for t in printed if t.font == "bold")
    assert any(t.text.rstrip().endswith("-") for t in printed if t.font == "regular")


def test_a_line_narrower_than_one_letter_still_ends():
    assert len(wrap((Run("wide words here"),), 0.5, 3.6, "en")) == len("widewordshere")
    columns = 300
    table = ("|" + "|".join(f"c{i}" for i in range(columns)) + "|\n|" + "---|" * columns
             + "\n|" + "|".join("x" for _ in range(columns)) + "|\n")
    pages = typeset(parse_rule_text(table, "t.md", "en"), {}, A5)
    assert sum(t.text.startswith("c") for page in pages for t in texts(page)) >= columns
