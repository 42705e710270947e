"""The page "How to make this game": counted work, materials per part, in the kit's language."""

from __future__ import annotations

import pytest

from boardgen.contract import compose
from boardgen.i18n import LANGUAGES, words_for
from boardgen.imposition import (PrintOptions, Section, artwork_spans, board_work, component_work,
                                 impose_board, keep_out_spans, parse_paper, plan_tiles, sheet_work)
from boardgen.imposition.bundle import Cover, making_pages, print_and_play
from boardgen.imposition.making import Work, minutes
from boardgen.imposition.marks import DETAIL_MIN_MM
from boardgen.layout import load_layout
from boardgen.scene import Text


def sets(game: str) -> dict:
    output = compose(load_layout(game), "en")
    return {s.name: s for s in output.component_sets}, output


def test_counts_follow_the_pieces():
    by_name, output = sets("six_day_race")
    riders = component_work(by_name["riders"], PrintOptions())
    kinds = len(by_name["riders"].components)  # eight riders, and one spare of each on the sheet
    assert riders.material == "fold" and riders.folds == 3 * 2 * kinds
    cards = component_work(by_name["cards"], PrintOptions())
    assert cards.material == "cards_duplex" and cards.cuts > 0 and cards.pieces == 0
    one_sided = component_work(by_name["cards"], PrintOptions(backs="none"))
    assert one_sided.material == "cards"  # only pieces printed without backs go onto card
    assert component_work(by_name["cards"], PrintOptions(backs="fold")).material == "two_sided_fold"
    board = board_work(output.board, PrintOptions())
    assert board.material == "board" and board.joins == board.sheets - 1 > 0
    discs, _ = sets("racing_kings")
    tokens = component_work(discs["tokens"], PrintOptions())
    printed = sum(c.count for c in discs["tokens"].components)
    spares = len(discs["tokens"].components)  # at most one spare of each kind
    assert printed < tokens.pieces <= printed + spares


@pytest.mark.parametrize("game", ["six_day_race_advanced", "steeple_chess"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_a_board_is_counted_as_it_is_tiled(game, paper):
    """Boards with regions kept whole: the count comes from the plan that lays out the pages."""
    board = compose(load_layout(game), "en").board
    options = PrintOptions(paper=parse_paper(paper))
    scene = board.scene
    plan = plan_tiles(scene.width, scene.height, board.seams_x, board.seams_y, options,
                      artwork_spans(scene), keep_out_spans(board.keep_out))
    cuts = sum(2 + (not tile.glue_right) + (not tile.glue_bottom) for tile in plan.tiles())
    assert board.keep_out
    assert board_work(board, options) == Work("board", sheets=plan.pages, cuts=cuts + 4,
                                              joins=plan.pages - 1)
    pages = len(impose_board(board, options))
    assert pages == (plan.pages + 1 if plan.pages > 1 else 1)  # the tiles and their map


def test_a_net_folds_and_a_score_pad_is_plain_paper():
    die = [s for s in compose(load_layout("steeple_chess"), "en").sheets if s.name == "die"][0]
    assert sheet_work(die, PrintOptions()).material == "fold"
    pad = [s for s in compose(load_layout("six_day_race"), "en").sheets][0]
    assert sheet_work(pad, PrintOptions()) == Work("paper", sheets=1)


def test_more_work_takes_more_time():
    light = [Work("tokens", sheets=1, cuts=10)]
    heavy = [Work("tokens", sheets=1, cuts=10, pieces=20, folds=5)]
    assert 0 < minutes(light) < minutes(heavy) and minutes(heavy) % 5 == 0


@pytest.mark.parametrize("lang, heading, grey", [("en", "How to make this game", "greyboard"),
                                                 ("de", "So baust du dieses Spiel", "Graupappe"),
                                                 ("pl", "Jak wykonać tę grę", "tekturę")])
def test_page_speaks_the_kit_language_and_leads_the_bundle(lang, heading, grey):
    options = PrintOptions(words=words_for(None, lang))
    by_name, output = sets("six_day_race")
    sections = [Section("Board", (), work=board_work(output.board, options)),
                Section("Riders", (), work=component_work(by_name["riders"], options))]
    (page,) = making_pages(Cover("6-Tage Rennen"), sections, options)
    text = " ".join(node.text for node in page.children if isinstance(node, Text))
    assert text.startswith(heading) and grey in text and "Riders" in text
    assert "g/m²" in text and str(minutes([s.work for s in sections])) in text
    sizes = [node.size for node in page.children if isinstance(node, Text)]
    assert min(sizes) >= DETAIL_MIN_MM  # every instruction on the page at 7 pt or more
    bundle = print_and_play(Cover("6-Tage Rennen"),
                            [Section("Board", (page,), work=sections[0].work)], options)
    assert bundle[1].title.endswith(heading)


def test_on_small_paper_the_steps_take_a_second_page_and_nothing_runs_off():
    from boardgen.imposition import parse_paper
    from boardgen.imposition.tiling import art_box

    options = PrintOptions(paper=parse_paper("148x210mm"), margin_mm=5,
                           words=words_for(None, "de"))
    by_name, output = sets("six_day_race")
    sections = [Section("Spielplan", (), work=board_work(output.board, options)),
                Section("Fahrer", (), work=component_work(by_name["riders"], options))]
    pages = making_pages(Cover("6-Tage Rennen"), sections, options)
    assert len(pages) == 2
    from boardgen.imposition.marks import footer, footer_box

    bottom = art_box(148, 210, 5).bottom
    furniture = len(footer(footer_box(148, 210, 5), options.words("make.label"), "6-Tage Rennen",
                           options.words))
    for page in pages:
        body = [n for n in page.children[:-furniture] if isinstance(n, Text)]
        assert body and max(n.y for n in body) <= bottom


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", ["racing_kings", "river_race", "six_day_race", "steeple_chess"])
def test_every_footer_instruction_is_seven_points_or_more(game, lang):
    from boardgen import imposition
    from boardgen.imposition.marks import DETAIL_INK, footer_box

    layout = load_layout(game)
    words = words_for(layout, lang)
    output = compose(layout, lang)
    for options in (PrintOptions(words=words), PrintOptions(words=words, backs="fold")):
        pages = list(imposition.impose_board(output.board, options))
        for component_set in output.component_sets:
            pages += imposition.impose_components(component_set, options)
        for sheet in output.sheets:
            pages += imposition.impose_sheet(sheet, options)
        for page in pages:
            band = footer_box(page.width, page.height, options.margin_mm)
            details = [n for n in page.children if isinstance(n, Text) and n.fill == DETAIL_INK]
            assert details, page.title
            for node in details:
                assert node.y >= band.y and node.size >= DETAIL_MIN_MM, (page.title, node.text)


def making_text(game: str, options: PrintOptions) -> tuple[str, list[Section]]:
    """The page's text for a shipped kit, and the sections it was made for."""
    output = compose(load_layout(game), "en")
    sections = [Section("Board", (), work=board_work(output.board, options))]
    sections += [Section(s.title, (), double_sided=imposition_duplex(s, options),
                         work=component_work(s, options)) for s in output.component_sets]
    sections += [Section(s.title, (), work=sheet_work(s, options)) for s in output.sheets]
    pages = making_pages(Cover("Kit"), sections, options, map_page=7)
    text = " ".join(n.text for page in pages for n in page.children if isinstance(n, Text))
    return text.replace("\u00a0", " "), sections  # words the language ties, read as words


def imposition_duplex(component_set, options) -> bool:
    from boardgen.imposition import duplex_backs

    return duplex_backs(component_set, options)


@pytest.mark.parametrize("backs", ["duplex", "fold", "none"])
@pytest.mark.parametrize("game", ["racing_kings", "river_race", "six_day_race", "steeple_chess"])
def test_the_page_never_has_printed_backs_glued_out_of_sight(game, backs):
    words = words_for(None, "en")
    options = PrintOptions(words=words, backs=backs)
    text, sections = making_text(game, options)
    for section in sections:
        printed_backs = backs != "none" and section.work.material in ("cards", "tokens") and any(
            c.back is not None for s in compose(load_layout(game), "en").component_sets
            if s.title == section.title for c in s.components)
        assert not printed_backs, section.title  # a part printed with its backs is not glued on
    if any(s.double_sided for s in sections):
        assert words("make.step.duplex_card") in " ".join(text.split())
    if any(s.work.material in ("cards", "tokens") for s in sections):
        assert words("make.material.tokens").split(",")[0] in text
    assert "on page 7" in text or not any(s.work.joins for s in sections)


@pytest.mark.parametrize("game", ["river_race", "six_day_race", "steeple_chess"])
def test_folded_pieces_have_a_glue_step(game):
    words = words_for(None, "en")
    text, sections = making_text(game, PrintOptions(words=words))
    assert any(s.work.folds for s in sections)
    flat = " ".join(text.split())
    assert words("make.step.folds") in flat
    assert " ".join(words("make.step.glue_folds").split()) in flat
