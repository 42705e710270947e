"""The six-day score sheet decides the game: per race and over all races, with the tie-break."""

from __future__ import annotations

import pytest

from boardgen.games import race
from boardgen.components.deck import in_language
from boardgen.i18n import LANGUAGES, words_for
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Circle, Group, Polygon, Rect, Text, bounds
from tests.conftest import pdf_text


@pytest.fixture(scope="module")
def layout():
    return load_layout("six_day_race")


def said(layout, lang: str):
    """The sheet's words in ``lang`` by their former label keys (``sheet.finish``): the
    layout's score sheet component holds them."""
    sheet = layout.score_sheet
    texts = {"title": sheet.title, "race": sheet.table_title, "rider": sheet.player_title,
             "totals": sheet.summary.title, "tie_break": sheet.summary.note,
             **{key: column.title for key, column in sheet.columns.items()},
             **{key: row.title for key, row in sheet.summary.rows.items()}}

    def words(key: str, **values) -> str:
        text = in_language(texts[key.removeprefix("sheet.")], lang)
        return text.format(**values) if values else text

    return words


def texts(nodes):
    for node in nodes:
        if isinstance(node, Group):
            yield from texts(node.children)
        elif isinstance(node, Text):
            yield node


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_per_race_and_overall_columns_in_every_language(layout, lang):
    words = words_for(layout, lang)
    sheet_words = said(layout, lang)
    sheet = race.compose_game(layout, words=words).sheets[0]
    text = " ".join(pdf_text(renderer("pdf")(sheet.scene)).split())
    races = layout.races
    for key in ("sheet.finish", "sheet.lost_laps", "sheet.points"):
        assert text.count(sheet_words(key)) >= races, key  # in every race table
    for key in ("sheet.total_lost_laps", "sheet.total_points", "sheet.place", "sheet.tie_break"):
        assert sheet_words(key) in text or sheet_words(key).split()[0] in text, key
    assert " ".join(sheet_words("sheet.tie_break").split()) in text


def test_the_summary_puts_lost_laps_before_points_before_place(layout):
    words = words_for(layout, "en")
    sheet_words = said(layout, "en")
    scene = race.compose_game(layout, words=words).sheets[0].scene
    y = {node.text: node.y for node in texts(scene.children)}
    assert y[sheet_words("sheet.total_lost_laps")] < y[sheet_words("sheet.total_points")] < y[sheet_words("sheet.place")]
    tie_break = [node for node in texts(scene.children) if node.y > y[sheet_words("sheet.place")]
                 and node.font == "bold" and node.size >= 3.0]
    assert tie_break, "the tie-break order is printed under the summary"
    assert max(node.y for node in texts(scene.children)) < scene.height - 6


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_tie_break_says_lost_laps_decide_and_points_break_ties(layout, lang):
    sheet_words = said(layout, lang)
    line = sheet_words("sheet.tie_break").casefold()
    laps = {"en": "lost laps", "de": "verlorene", "fr": "tours perdus", "pl": "straconych"}[lang]
    points = {"en": "points", "de": "punkte", "fr": "points", "pl": "punktów"}[lang]
    assert laps in line and points in line and line.index(laps) < line.index(points)


def test_a_rider_cell_shows_its_mark_beside_its_number(layout):
    scene = race.compose_game(layout).sheets[0].scene
    pips = [node for node in scene.children if isinstance(node, (Circle, Polygon, Rect))
            and node.style.fill and (b := bounds((node,))) and max(b[2] - b[0], b[3] - b[1]) < 6]
    riders = len(layout.player_colors)
    assert len(pips) == riders * (layout.races + 1)  # each race and the summary
    kinds = {(type(p).__name__, len(getattr(p, "points", ()))) for p in pips}
    assert len(kinds) == riders


def heading_sizes(pdf: bytes, headings: set[str], after: str) -> dict[str, float]:
    """The printed size in mm of each of ``headings`` (its first letter where it first stands
    after the text ``after``), read back from the PDF: the size of its font under the text and
    page matrices."""
    import ctypes, math
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    page = pdfium.PdfDocument(pdf)[0]
    text_page = page.get_textpage()
    chars = text_page.get_text_range(0, text_page.count_chars()).replace("\xa0", " ")
    start = chars.find(after.replace("\xa0", " "))
    assert start >= 0, after
    sizes = {}
    for heading in headings:
        index = chars.find(heading.split(" ")[0], start)
        assert index >= 0, heading
        matrix = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFText_GetMatrix(text_page.raw, index, ctypes.byref(matrix))
        points = pdfium_c.FPDFText_GetFontSize(text_page.raw, index)
        sizes[heading] = round(points * math.hypot(matrix.a, matrix.b) * 25.4 / 72, 2)
    return sizes


@pytest.mark.parametrize("name", ["six_day_race", "six_day_race_advanced"])
def test_column_headings_keep_one_size_in_every_language(name):
    """The headings of the race tables print at one size whatever the language: a long word
    ("Verlorene", "okrążenia", "Coureur") gets a wider column or a second line, never smaller
    letters than the English."""
    layout = load_layout(name)
    printed = {}
    for lang in sorted(LANGUAGES):
        words = words_for(layout, lang)
        sheet_words = said(layout, lang)
        scene = race.compose_game(layout, words=words).sheets[0].scene
        headings = {sheet_words(f"sheet.{key}") for key in ("rider", "finish", "lost_laps", "points")}
        printed[lang] = heading_sizes(renderer("pdf")(scene), headings,
                                      sheet_words("sheet.race", number=1))
    sizes = {size for by_heading in printed.values() for size in by_heading.values()}
    assert len(sizes) == 1 and sizes.pop() >= 2.5, printed
