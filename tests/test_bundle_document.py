"""The print-and-play bundle read back as one document: its page numbers, contents, the
pages its footers name, two-sided sections starting on a front, and honest spares."""

from __future__ import annotations

import re

import pytest

from boardgen import imposition
from boardgen.build import BuildOptions, compose_target, print_files
from boardgen.i18n import words_for
from boardgen.imposition.sheets import plan_sheets
from boardgen.render import renderer
from boardgen.scene import Document
from tests.conftest import pdf_page_texts

NUMBER = {"en": r"page (\d+) of (\d+)", "de": r"Seite (\d+) von (\d+)", "pl": r"strona (\d+) z (\d+)"}
MAP_ON = {"en": r"assembly map on page (\d+)", "de": r"Montageplan auf Seite (\d+)",
          "pl": r"plan składania na stronie (\d+)"}
MAP_HEADING = {"en": "Assembly map", "de": "Montageplan", "pl": "Plan składania"}


def bundle(game: str, lang: str) -> tuple[list[str], dict[str, bytes]]:
    """The text of every page of a game's bundle, and all its print files."""
    layout, output = compose_target(game, lang=lang)
    options = BuildOptions(formats=("pdf",), lang=lang)
    files = print_files(layout, output, options, game)
    name = next(n for n in files if n.endswith("-print-and-play.pdf"))
    return pdf_page_texts(files[name]), files


CASES = [("racing_kings", "en"), ("river_race", "de"), ("steeple_chess", "pl")]


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{l}" for g, l in CASES])
def kit(request):
    game, lang = request.param
    texts, files = bundle(game, lang)
    return game, lang, texts, files


def contents(cover: str, lang: str) -> list[tuple[int, int, bool]]:
    """(first, last, two-sided) of each line of the cover's contents."""
    words = words_for(None, lang)
    lines = cover.splitlines()
    lines = lines[lines.index(words("cover.contents")) + 1:lines.index(words("cover.how_to_print"))]
    found, title = [], ""
    for line in lines:  # a title and its pages, on one line or the pages on a line of their own
        match = re.fullmatch(r"\D*?(\d+)(?:–(\d+))?", line.strip())
        if not match:
            title = line
            continue
        first = int(match.group(1))
        found.append((first, int(match.group(2) or first),
                      bool(re.search(r"two-sided|beidseitig|dwustronn", f"{title} {line}"))))
        title = ""
    return found


def test_every_page_carries_its_own_number_in_the_bundle(kit):
    game, lang, texts, _ = kit
    total = len(texts)
    for number, text in enumerate(texts, start=1):
        numbers = re.findall(NUMBER[lang], text)
        if numbers:
            assert (int(numbers[-1][0]), int(numbers[-1][1])) == (number, total), (game, number)
        else:  # a rule page: its folio is the last line, and counts on from the pages before
            folio = [line.strip() for line in text.strip().splitlines() if line.strip().isdigit()]
            assert str(number) in folio, (game, number, folio)


def test_the_contents_cover_every_page_and_two_sided_sections_start_on_a_front(kit):
    game, lang, texts, _ = kit
    entries = contents(texts[0], lang)
    assert entries and entries[0][0] == 2
    assert entries[-1][1] == len(texts)
    after = [(len(texts) + 1, 0, False)]
    for (first, last, two_sided), (following, _, _) in zip(entries, entries[1:] + after):
        assert first <= last < following
        if two_sided:
            assert first % 2 == 1, (game, first)
            assert (last - first) % 2 == 1  # fronts and backs in pairs
        for gap in range(last + 1, following):  # a page between sections is a blank that says so
            assert words_for(None, lang)("bundle.blank_label") in texts[gap - 1]
    assert any(two_sided for _, _, two_sided in entries)


def test_the_tiles_name_the_page_of_their_assembly_map(kit):
    game, lang, texts, _ = kit
    named = {int(m) for text in texts for m in re.findall(MAP_ON[lang], text.replace("\n", " "))}
    assert len(named) == 1, named  # every tile and the making page name the same page
    (page,) = named
    assert texts[page - 1].startswith(MAP_HEADING[lang])


def test_the_board_file_names_its_own_map_page(kit):
    _, lang, _, files = kit
    texts = [text.replace("\n", " ") for text in pdf_page_texts(files["board.pdf"])]
    assert all(re.findall(MAP_ON[lang], t) == [str(len(texts))] for t in texts[:-1])


@pytest.mark.parametrize("game", ["racing_kings", "river_race", "steeple_chess"])
def test_shop_mode_keeps_every_spare_that_fits_and_says_which(game):
    layout, output = compose_target(game)
    options = imposition.PrintOptions(paper=imposition.parse_paper("letter"), mode="shop",
                                      words=words_for(layout, "en"))
    for component_set in output.component_sets:
        if not component_set.spares:
            continue
        plan = plan_sheets(component_set, options)
        kept = [p for page in plan.fronts for p in page if p.spare]
        kinds = sum(1 for c in component_set.components if c.count > 0)
        assert kept, component_set.name  # at least one spare fits in every shipped kit
        pdf = renderer("pdf")(Document(imposition.impose_components(component_set, options)))
        text = " ".join(pdf_page_texts(pdf))
        heading = "one of each kind" if len(kept) == kinds else f"{len(kept)} of the {kinds} kinds"
        assert heading in text.replace("\n", " ")
