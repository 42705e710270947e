"""Steeple Chess in every language: printed words, rule texts filled in from the layout."""

from __future__ import annotations

import re

import pytest

from boardgen.build import BuildOptions, product_files
from boardgen.games.steeple_chess import compose_game, diagrams, rule_context
from boardgen.i18n import LANGUAGES, flatten, words_for
from boardgen.layout import layouts_dir, load_layout
from boardgen.rules import render_text
from boardgen.scene import Group, Text
from tests.conftest import pdf_text

from test_steeple_chess_maps import LONG, TALL, layout_with

LAYOUT = load_layout("steeple_chess")


def rendered(layout, lang: str) -> str:
    """The rule text for ``layout``, filled in as the rule sheet fills it in."""
    return render_text(layout, layouts_dir() / f"steeple_chess.rules.{lang}.md",
                       words_for(layout, lang))


def english_labels(lang: str) -> list[str]:
    """English label texts the labels in ``lang`` do not share (START is the same in all three).

    Single words are looked for as words; longer texts by their first four words, since the
    page furniture around them has English words of its own until its catalogue is translated.
    """
    other = set(flatten(LAYOUT.labels[lang]).values())
    found = []
    for key, text in flatten(LAYOUT.labels["en"]).items():
        if text in other or "{" in text:
            continue
        found.append(" ".join(text.split()[:4]))
    return found


def printed(label: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(label)}(?!\w)", " ".join(text.split())) is not None


def texts(nodes):
    for node in nodes:
        if isinstance(node, Text):
            yield node.text
        elif isinstance(node, Group):
            yield from texts(node.children)


@pytest.fixture(scope="module", params=["de", "fr", "pl"])
def kit(request):
    lang = request.param
    words = words_for(LAYOUT, lang)
    files = product_files(LAYOUT, compose_game(LAYOUT, words=words),
                          BuildOptions(formats=("pdf",), lang=lang))
    return lang, files


@pytest.mark.parametrize("name", ["board.pdf", "die.pdf", "pieces.pdf"])
def test_translated_kits_print_no_english_label_word(kit, name):
    lang, files = kit
    text = pdf_text(files[name])
    labels = english_labels(lang)
    assert {"FINISH", "Pawn", "Knight", "The chess die"} <= set(labels)
    assert not [label for label in labels if printed(label, text)], name


def test_the_english_kit_prints_the_english_labels_the_test_looks_for():
    files = product_files(LAYOUT, compose_game(LAYOUT), BuildOptions(formats=("pdf",)))
    text = pdf_text(files["board.pdf"]) + pdf_text(files["die.pdf"])
    assert all(printed(label, text) for label in ("FINISH", "Pawn", "Knight", "The chess die",
                                                  "No chess die? Roll"))


def test_the_board_speaks_the_kits_language(kit):
    lang, files = kit
    text = pdf_text(files["board.pdf"])
    labels = flatten(LAYOUT.labels[lang])
    for key in ("title", "finish", "pieces.K", "pieces.N", "pieces.P"):
        assert labels[key] in text, key
    assert {"de": "Schachjagd", "fr": "Steeple Chess", "pl": "Szachowa gonitwa"}[lang] in text
    assert labels["die.title"] in pdf_text(files["die.pdf"])


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_the_board_figure_is_drawn_in_the_rules_language(lang):
    words = words_for(LAYOUT, lang)
    shown = list(texts(diagrams(LAYOUT, words)["board"]().children))
    assert words("finish") in shown and words("pieces.Q") in shown
    assert "FINISH" not in shown and "Queen" not in shown


def test_every_language_has_every_english_label():
    english = set(flatten(LAYOUT.labels["en"]))
    for lang in LANGUAGES:
        assert english <= set(flatten(LAYOUT.labels[lang])), lang


def test_rule_context_is_the_layouts_facts():
    facts = rule_context(LAYOUT, words_for(LAYOUT, "de"))
    course = LAYOUT.track
    assert facts["title"] == "Schachjagd"
    assert (facts["columns"], facts["rows"]) == (14, 14)
    assert facts["per_colour"] == 3 and facts["pieces_total"] == 12
    assert [f["piece"] for f in facts["die"]] == ["Bauer", "Springer", "Läufer", "Turm", "Dame",
                                                  "König"]
    assert facts["opposite"] == [("Bauer", "König"), ("Springer", "Dame"), ("Läufer", "Turm")]
    assert facts["squares"] == len(course.squares) == 146
    assert facts["black_squares"] == ["b8", "c6"] and facts["black_side"] == "left"
    assert facts["arrow_squares"] == ["f14", "i14"] and facts["zone_squares"] == 16
    assert facts["zone_side"] == "top" and facts["direction"] == "anticlockwise"
    assert facts["width"] == 4 and facts["corner_areas"] == 4 and facts["square_mm"] == 30
    assert facts["wall_between_goal_and_start"] and facts["own_lanes"]
    assert facts["inside_colour"] == "blau"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_rule_texts_follow_a_redrawn_course(tmp_path, lang):
    layout = layout_with(tmp_path, LONG,
                         extra='[tokens]\nper_colour = 4\n[die]\nfaces = "KQRBNP"')
    text = rendered(layout, lang)
    words = words_for(layout, lang)
    assert "18 × 12" in text and "14 × 14" not in text
    assert "b7" in text and "c5" in text and "b8" not in text
    assert "16" in text and "12" not in text.replace("18 × 12", "")
    table = ", ".join(f"{n} {words(f'pieces.{p}')}" for n, p in enumerate("KQRBNP", 1))
    assert table in text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_rule_texts_describe_the_zone_and_black_squares_where_they_are(tmp_path, lang):
    text = rendered(layout_with(tmp_path, TALL), lang)
    right = {"en": "right straight", "de": "rechten Geraden", "fr": "ligne droite du côté droit",
             "pl": "prawej prostej"}[lang]
    assert right in text and "b9" in text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_rule_texts_speak_to_players_not_to_the_program(lang):
    text = rendered(LAYOUT, lang)
    for word in ("boardgen", "extends", ".toml", "[labels", "layout", "Layout", "`", "{{", "{%"):
        assert word not in text, word
    assert "14 × 14" in text


def test_german_rules_say_du_throughout():
    text = rendered(LAYOUT, "de")
    assert not re.search(r"\b(euch|euer|eure[mnrs]?|Sie|Ihr|Ihre[mnrs]?)\b", text)
    assert re.search(r"\bdu\b", text) and re.search(r"\bdein", text)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_rule_texts_use_only_figures_the_game_draws(lang):
    text = rendered(LAYOUT, lang)
    shown = re.findall(r"!\[[^\]]+\]\(diagram:([a-z\-]+)\)", text)
    cited = set(re.findall(r"\{fig:([a-z\-]+)\}", text))
    assert set(shown) == set(diagrams(LAYOUT)), "every figure appears once"
    assert len(shown) == len(set(shown)) and cited <= set(shown)


@pytest.mark.parametrize("lang, phrase", [("en", "black square b9 on the left straight"),
                                          ("de", "schwarze Feld b9 auf der linken Geraden"),
                                          ("fr", "case noire b9 sur la ligne droite du côté gauche"),
                                          ("pl", "Czarne pole b9 na lewej prostej")])
def test_a_course_without_black_squares_gets_rules_without_them(tmp_path, lang, phrase):
    assert phrase in rendered(layout_with(tmp_path, TALL, name="with"), lang)
    text = rendered(layout_with(tmp_path, TALL.replace("#", ".")), lang)
    assert "b9" not in text and "14 × 16" in text


# Four straights stacked with walls between them, joined by U-turns east, west and east:
# the two eastern U-turns touch across the wall, and pieces cannot cross it.
HAIRPINS = """
F . . . . > o o < c c c c _
F . . . . o o o o c c c c _
F . . . . o o o o c c c c _
F . . . . o o o o c c c c _
  - - - - - - - -
_ c c c c . . . . c c c c _
_ c c c c . # . . c c c c _
_ c c c c . . # . c c c c _
_ c c c c . . . . c c c c _
          - - - - - - - -
_ c c c c . . . . c c c c _
_ c c c c . . . . c c c c _
_ c c c c . . . . c c c c _
_ c c c c . . . . c c c c _
  - - - - - - - -
B . . . . . . . . c c c c _
R . . . . . . . . c c c c _
Y . . . . . . . . c c c c _
G . . . . . . . . c c c c _
"""


def engine_corner_areas(course) -> int:
    """Corner areas as the movement engine joins them: a King step between corner squares."""
    from boardgen.games.steeple_chess.moves import Position, targets

    left, count = set(course.corner), 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            here = stack.pop()
            for there in targets(course, Position(), "G", "K", here) & left:
                if abs(there[0] - here[0]) + abs(there[1] - here[1]) == 1:
                    left.discard(there)
                    stack.append(there)
    return count


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_corner_areas_are_counted_as_the_engine_sees_them_walls_included(tmp_path, lang):
    layout = layout_with(tmp_path, HAIRPINS)
    facts = rule_context(layout, words_for(layout, lang))
    assert facts["corner_areas"] == engine_corner_areas(layout.track) == 3
    assert facts["corner_size"] == (4, 8) and not facts["ring"] and not facts["finish_by_start"]
    text = " ".join(rendered(layout, lang).split())
    assert re.search(r"\b3 (corner areas|Eckbereiche|zones de virage|narożniki)\b", text)
    assert not re.search(r"A ring of|Ein Ring aus|Un anneau|Pierścień|just before the start"
                         r"|kurz vor der Start|juste avant la ligne de départ"
                         r"|tuż przed linią startu", text)


@pytest.mark.parametrize("name", ["steeple_chess", "tall"])
def test_a_ring_is_a_ring_with_or_without_a_centre(tmp_path, name):
    layout = LAYOUT if name == "steeple_chess" else layout_with(tmp_path, TALL)
    facts = rule_context(layout, words_for(layout, "en"))
    assert facts["ring"] and facts["corner_areas"] == engine_corner_areas(layout.track) == 4
