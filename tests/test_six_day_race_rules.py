"""6-Tage Rennen in every language: rule texts rendered from the layout, kits without English."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest

from boardgen.components.deck import in_language
from boardgen.games import race, six_day_race
from boardgen.i18n import flatten, words_for
from boardgen.layout import load_layout
from boardgen.rules import render_text
from boardgen.render import renderer
from tests.conftest import write

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
NAMES = ("six_day_race", "six_day_race_advanced")
LANGS = ("en", "de", "fr", "pl")


def render(layout, lang: str, name: str | None = None) -> str:
    """The rule text of ``name`` (default: the layout's own) filled in for ``layout``."""
    return render_text(layout, LAYOUTS / f"{name or layout.name}.rules.{lang}.md",
                       words_for(layout, lang))


@pytest.fixture(scope="module", params=[(n, l) for n in NAMES for l in LANGS],
                ids=lambda p: f"{p[0]}-{p[1]}")
def rendered(request) -> tuple[str, str, str]:
    name, lang = request.param
    return name, lang, render(load_layout(name), lang)


def test_rule_texts_use_only_known_diagrams(rendered):
    name, lang, text = rendered
    known = set(six_day_race.diagrams(load_layout(name)))
    used = re.findall(r"\(diagram:([^)]+)\)", text)
    cited = re.findall(r"\{fig:([^}]+)\}", text)
    assert used and set(used) <= known and set(cited) <= set(used)
    assert len(used) == len(set(used))
    assert text.startswith("# ")


def test_player_texts_name_no_commands_files_or_keys(rendered):
    _, _, text = rendered
    for forbidden in ("boardgen", ".toml", "layout", "`", "orange = ", "straight_spaces",
                      "{{", "{%", "None"):
        assert forbidden not in text, forbidden


def test_the_facts_are_right(rendered):
    """Played cards go onto the board's discard places; clockwise; public facts marked so."""
    _, lang, text = rendered
    flat = " ".join(text.split())
    phrases = {
        "en": ("in front of you", "onto its discard place", "clockwise", "gamecabinet.com"),
        "de": ("vor dir", "auf ihren Ablageplatz", "im Uhrzeigersinn", "gamecabinet.com"),
        "pl": ("przed sobą", "miejscu na karty odrzucone", "zgodnie z ruchem wskazówek zegara",
               "gamecabinet.com"),
        "fr": ("devant vous", "sur sa place de défausse", "dans le sens des aiguilles d'une montre",
               "gamecabinet.com"),
    }[lang]
    kept_in_front, *present = phrases
    assert kept_in_front not in flat
    for phrase in present:
        assert phrase in flat, phrase
    notes = flat[flat.rindex("## "):]
    assert re.search("Wikip[eé]di", notes) and "[R]" in notes


def test_german_speaks_to_one_player_and_has_the_review_fixes():
    for name in NAMES:
        text = " ".join(render(load_layout(name), "de").split())
        for wrong in (r"\bihr\b", r"\beuch\b", r"\beuer", r"\bSprecht\b", r"\bSpielt\b",
                      r"\bfahrt\b", "3-Tage-Rennen", r"\borangen\b", "an Fahrerwechsel",
                      r"\bPersonen\b"):
            assert not re.search(wrong, text), (name, wrong)


def test_rule_context_matches_the_layout():
    layout = load_layout("six_day_race_advanced")
    context = six_day_race.rule_context(layout, words_for(layout, "en"))
    assert context["spaces"] == layout.board.spaces == 80
    assert (context["finish"], context["start"], context["rider_change"], context["crash"]) == (
        1, 80, 40, 65)
    assert context["sprints"] == [23, 49]
    assert context["green_cards"] == {1: 24, 2: 24, 3: 24, 4: 24, 5: 16, 7: 8}
    assert context["green_total"] == 120 and context["grey_total"] == 80
    assert (context["low_pile"], context["high_pile"]) == ("1·2·3", "4·5·6")
    assert (context["low_count"], context["high_count"]) == (48, 32)
    assert context["riders"] == context["max_players"] == 8 and context["min_players"] == 3
    assert context["races"] == 6 and context["points"] == [5, 3, 2, 1]
    assert context["colors"]["green"] == [45, 54, 64] and context["first_green"] == 45
    assert context["color_ranges"]["black"].startswith("3–5, 8, 10, 24–27, 29–32, 43, 44")
    assert context["black_after_line"] == [3, 4, 5, 8, 10]
    assert context["coloured"] == 32


def test_a_user_layout_gets_rules_with_its_own_numbers(tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "six_day_race_advanced"\n'
                 "[board]\nspaces = 100\n[components.score-sheet]\ntables = 4\npoints = [6, 4, 2]\n"
                 "[spaces]\n54 = \"plain\"\n64 = \"plain\"\n"  # Moon's 45 the one green
                 "88 = { kind = \"orange\", of = 100 }\n90 = { kind = \"orange\", of = 100 }\n"
                 "[players]\nmax = 6\ncolors = [\"#d7263d\", \"#1f5fd1\", \"#1f9a4b\", \"#f2c318\", "
                 "\"#222222\", \"#f5f5f2\"]\n")
    layout = load_layout(str(path))
    for lang in LANGS:
        text = " ".join(render(layout, lang, "six_day_race_advanced").split())
        start = words_for(layout, lang)("space.start")
        assert f"{start} (100)" in text and f"{start} (80)" not in text
        assert "6, 4" in text and "(88, 90)" in text  # points and the orange spaces
        assert "(56)" in text  # the one green space, counted on 80 as Moon's, is spread
    base = " ".join(render(layout, "en", "six_day_race").split())
    assert "for 3 to 6 players" in base  # as many players as riders
    assert "Start (100)" in base and "Rider change (50)" in base and "4 races" in base


def english_label_words(lang: str) -> set[str]:
    """Words of the English labels that the language's own labels never use."""
    def words_of(table) -> set[str]:
        found = set()
        for text in flatten(table).values():
            found |= {w for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\w+\}", "", text))}
        return found

    def sheet_texts(layout, lang: str) -> dict[str, str]:
        """The score sheet's own texts (its component's, not labels) in ``lang``."""
        sheet = layout.score_sheet
        texts = [sheet.title, sheet.note, sheet.table_title, sheet.player_title,
                 sheet.summary.title, sheet.summary.note,
                 *(c.title for c in sheet.columns.values()),
                 *(r.title for r in sheet.summary.rows.values())]
        return {str(k): in_language(t, lang) for k, t in enumerate(texts)}

    layout = load_layout("six_day_race_advanced")
    theirs = (words_of(layout.labels[lang]) | words_of({"title": layout.title})
              | words_of(sheet_texts(layout, lang)))
    return (words_of(layout.labels["en"]) | words_of(sheet_texts(layout, "en"))) - theirs


def game_pdfs(layout, words) -> dict[str, list[bytes]]:
    """The board, every card face and back, every rider, the player aid and the score sheet as
    PDFs of their own (the page furniture around them belongs to the print layout, not to the
    game)."""
    game = race.compose_game(layout, words=words)
    pdf = renderer("pdf")
    cards, riders, aids = game.component_sets
    faces = [c.front for c in cards.components] + [c.back for c in cards.components if c.back]
    return {"board": [pdf(game.board.scene)],
            "cards": [pdf(scene) for scene in {id(f): f for f in faces}.values()],
            "riders": [pdf(c.front) for c in riders.components],
            "player aid": [pdf(c.front) for c in aids.components],
            "score sheet": [pdf(sheet.scene) for sheet in game.sheets]}


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
@pytest.mark.parametrize("name", NAMES)
def test_translated_kits_print_no_english_label_word(name, lang):
    layout = load_layout(name)
    words = words_for(layout, lang)
    english = english_label_words(lang)
    assert {"Finish", "Rider", "Lost", "laps", "draw", "discard"} <= english
    texts = {}
    for part, pdfs in game_pdfs(layout, words).items():
        text = " ".join(page.extract_text() for data in pdfs
                        for page in pypdf.PdfReader(io.BytesIO(data)).pages)
        found = set(re.findall(r"[^\W\d_]{3,}", text)) & english
        assert not found, (part, sorted(found))
        texts[part] = " ".join(text.split())
    assert words("space.rider-change") in texts["board"] and words("legend.title") in texts["board"]
    assert in_language(layout.score_sheet.columns["lost_laps"].title, lang) in texts["score sheet"]
    assert words("cards.green") in texts["board"] and words("title") in texts["cards"]


# ---- marked spaces: what the board draws, the legend explains and the rules name ----------

def board_fills(layout) -> dict[int, str]:
    """Each space's colour as the board draws it."""
    from boardgen.games.six_day_race.diagrams import board_plan

    return {int(n): look.fill for n, look in board_plan(layout, words_for(layout)).looks.items()}


def legend_parts(layout, lang: str) -> tuple[list[str], set[str]]:
    """The legend's row titles and the colours of its swatches."""
    from boardgen.games.six_day_race.board import legend_block
    from boardgen.scene import Rect, Text

    block = legend_block(layout, words_for(layout, lang))
    titles = [n.text for n in block.nodes if isinstance(n, Text) and n.font == "bold"]
    swatches = {n.style.fill for n in block.nodes if isinstance(n, Rect) and n.style.fill}
    return titles[1:], swatches


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_the_legend_explains_every_marked_space_and_names_its_colour_as_the_rules_do(name, lang):
    layout = load_layout(name)
    words = words_for(layout, lang)
    titles, swatches = legend_parts(layout, lang)
    spaces = layout.placed_spaces
    plain = layout.fill("plain")
    assert {fill for fill in board_fills(layout).values() if fill != plain} <= swatches
    text = " ".join(render(layout, lang).split())
    for kind in ("rider-change", "crash"):
        number = spaces.number_of(kind)
        title = next(t for t in titles if f"({number})" in t)
        colour = title.split(":")[0].strip()  # French sets a narrow space before the colon
        assert colour in [words(f"shade.{s}") for s in SHADES]
        assert colour.lower() in text.lower(), (kind, colour)
    sprint_title, slipstream_title = words("legend.scoring.title"), words("legend.slipstream.title")
    assert sprint_title in titles and slipstream_title in titles


SHADES = ("black", "grey", "white", "brown", "red", "orange", "yellow-orange", "yellow",
          "green", "turquoise", "blue", "purple", "pink")


def test_a_marked_space_in_another_colour_gets_that_colours_word(tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "six_day_race"\n'
                 '[kinds.rider-change]\nfill = "#2a8f3f"\n[kinds.crash]\nfill = "#c01818"\n')
    layout = load_layout(str(path))
    titles, _ = legend_parts(layout, "en")
    assert "Green: rider change (40)" in titles and "Red: crash (65)" in titles
    text = render(layout, "de")
    assert "grün" in text and "rot" in text and "gelborange" not in text


def test_moons_colours_spread_over_a_longer_track_keep_their_runs(tmp_path):
    from boardgen.components.kinds import runs

    moon = load_layout("six_day_race_advanced").placed_spaces
    path = write(tmp_path, "long.toml", 'extends = "six_day_race_advanced"\n'
                 "[board]\nspaces = 100\n")
    layout = load_layout(str(path))
    long = layout.placed_spaces
    for colour in ("black", "green", "grey", "red", "blue"):
        before, after = getattr(moon, colour), getattr(long, colour)
        assert [len(r) for r in runs(before)] == [len(r) for r in runs(after)], colour
    assert max(long.black) == 95 and min(long.black) == 4  # 77 of 80 and 3 of 80, spread
    coloured = sorted(n for c in ("black", "green", "grey", "red", "blue") for n in getattr(long, c))
    assert coloured[-1] > 80 and coloured[-1] / 100 == pytest.approx(77 / 80, abs=0.03)
    gaps = [b - a for a, b in zip(coloured, coloured[1:])]
    assert max(gaps) <= 20  # no stretch of the lap left bare
    assert long.number_of("rider-change") == 50 and 50 not in coloured
    for lang in LANGS:
        text = " ".join(render(layout, lang).split())
        assert "80" in text and "100" in text
        assert re.search(r"spread over the whole lap|über die ganze Runde verteilt"
                         r"|réparties sur tout le tour|rozłożone na całe okrążenie", text)


@pytest.mark.parametrize("name", NAMES)
def test_the_slipstream_figure_draws_its_spaces_as_the_board_does(name):
    from boardgen.games.six_day_race.diagrams import slipstream
    from boardgen.scene import Rect, Text

    layout = load_layout(name)
    scene = slipstream(layout, words_for(layout))
    fills = board_fills(layout)
    cells = [n for n in scene.children if isinstance(n, Rect)]
    numbers = [int(n.text) for n in scene.children if isinstance(n, Text) and n.text.isdigit()
               and n.y > cells[0].y + cells[0].h - 3]  # at the foot of each space
    assert len(cells) == len(numbers) == 10 and numbers == list(range(numbers[0], numbers[0] + 10))
    assert [c.style.fill for c in cells] == [fills[n] for n in numbers]
    if name == "six_day_race_advanced":
        assert fills[20] == layout.fill("blue") and 20 in numbers


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_legend_lines_keep_one_letter_words_and_numbers_with_their_neighbours(name, lang):
    from tests.test_rules_line_ends import stumbles

    from boardgen.games.six_day_race.board import legend_block
    from boardgen.scene import Text

    layout = load_layout(name)
    for width in (100.0, 128.0, 150.0):  # the rule figure, a panel of two, the whole legend
        block = legend_block(layout, words_for(layout, lang), width)
        lines = [n.text for n in block.nodes if isinstance(n, Text) and n.font != "bold"]
        assert len(lines) > 5
        assert stumbles(lines, lang) == []
