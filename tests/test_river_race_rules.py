"""Wyścig przez rzekę: the rule texts are templates of the layout, in every language.

Texts are rendered here as the rule sheet renders them (``boardgen.rules.render_text``): the
game's ``rule_context``, the layout's words and the grammar helpers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgen.games.river_race import diagrams, examples, rule_context
from boardgen.i18n import words_for
from boardgen.layout import layouts_dir, load_layout
from boardgen.rules import render_text

LANGS = ["en", "de", "fr", "pl"]
FIGURE = re.compile(r"^!\[[^\]]+\]\(diagram:([a-z\-]+)\)$", flags=re.M)


def source(lang: str) -> str:
    return (layouts_dir() / f"river_race.rules.{lang}.md").read_text(encoding="utf-8")


def render(layout, lang: str) -> str:
    return render_text(layout, layouts_dir() / f"river_race.rules.{lang}.md",
                       words_for(layout, lang))


def variant(folder: Path, extra: str, columns: int = 21) -> object:
    path = folder / "variant.toml"
    path.write_text(f'extends = "river_race"\nname = "variant"\n[board]\ncolumns = {columns}\n'
                    f"rows = {columns}\n{extra}", encoding="utf-8")
    return load_layout(path)


def before_notes(text: str) -> str:
    """The rules proper: everything before the last section, the notes on this edition."""
    return text[:text.rindex("\n## ")]


@pytest.fixture(scope="module")
def layout():
    return load_layout("river_race")


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_is_shown_once_and_cited(layout, lang):
    text = render(layout, lang)
    shown = FIGURE.findall(text)
    assert sorted(shown) == sorted(diagrams(layout)), "every figure, each once"
    assert set(re.findall(r"\{fig:([a-z\-]+)\}", text)) == set(shown)
    assert text.lstrip().startswith(f"# {words_for(layout, lang)('title')}\n")


@pytest.mark.parametrize("lang", LANGS)
def test_rendering_keeps_the_line_of_every_figure(layout, lang):
    """A mistake the rule sheet finds in the rendered text points at the right source line."""
    lines = lambda text: [n for n, line in enumerate(text.split("\n")) if FIGURE.match(line)]
    assert lines(render(layout, lang)) == lines(source(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_player_texts_name_no_command_file_or_key(layout, lang):
    text = render(layout, lang)
    for forbidden in ("boardgen", ".toml", "--", "`", "turnable", "per_player", "river_race",
                      "take_back", "[[", "{{", "{%"):
        assert forbidden not in text, forbidden


@pytest.mark.parametrize("lang", LANGS)
def test_a_15_by_15_river_gets_its_own_numbers_and_fields(tmp_path, lang):
    small = variant(tmp_path, "", columns=15)
    text = render(small, lang)
    rules = " ".join(before_notes(text).split())
    assert "15 × 15" in rules and "21 × 21" not in rules
    for name in ("H1", "H15", "D1", "K1", "D15", "K15", "A15"):
        assert re.search(rf"\b{name}\b", rules), name
    assert not re.search(r"\b(K21|F21|O21|U)\b", rules)
    figures = rule_context(small, words_for(small, lang))["figures"]
    for cell in (figures["black"]["end"], figures["black"]["reserve"],
                 figures["collision"]["meeting"], figures["off_board"]["edge"],
                 figures["whirlpool"]["hit"]):
        assert re.search(rf"\b{cell}\b", rules), cell
    notes = " ".join(text[text.rindex("\n## "):].split())
    assert "15 × 15" in notes, "the notes say which board this copy has"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("extra", [
    "[tiles]\nturnable = true\n",
    "[play]\nhand = 1\ntake_back_obstacle = 1\ntake_back_collision = 2\n",
    "[obstacles.black]\nper_player = 1\n[obstacles.green]\nper_player = 1\nshapes = { \"2x2\" = 2 }\n",
    "[[tiles.types]]\nname = \"t\"\ncount = 3\npaths = [\"M 0 50 L 100 50 M 50 50 L 50 100\"]\n",
])
def test_variants_render_in_every_language(tmp_path, lang, extra):
    layout = variant(tmp_path, extra, columns=9)
    text = render(layout, lang)
    context = rule_context(layout, words_for(layout, lang))
    assert f"{context['tiles']['total']}" in text
    assert sorted(FIGURE.findall(text)) == sorted(diagrams(layout))


def test_rule_context_matches_the_layout(layout):
    context = rule_context(layout, words_for(layout, "pl"))
    assert (context["columns"], context["rows"], context["last_column"]) == (21, 21, "U")
    assert [(p["start"], p["reserves"], p["bank"], p["goal"]) for p in context["players"]] == [
        ("K1", ["F1", "O1"], 1, 21), ("K21", ["F21", "O21"], 21, 1)]
    tiles = context["tiles"]
    assert tiles["total"] == sum(t.count for t in layout.tiles.types) == 140
    assert (tiles["types"], tiles["per_type"]) == (7, 20)
    assert tiles["kinds"] == {"straight": 2, "turn": 4, "crossing": 1, "other": 0}
    assert context["obstacles"]["in_box"] == sum(k.in_box for k in layout.kinds().values())
    assert (context["black"]["per_player"], context["green"]["per_player"]) == (3, 2)
    assert [s["text"] for s in context["green"]["shapes"]] == ["1 × 2", "2 × 2"]
    assert (context["hand"], context["take_back_obstacle"], context["take_back_collision"],
            context["take_back_off_board"]) == (4, 4, 5, 6)
    assert context["black"]["reminder"] == "R" and context["top_left"] == "A21"
    figures = context["figures"]
    assert figures["black"] == {"end": "L4", "reserve": "O1", "start": "K1", "taken_back": 0}
    assert figures["collision"]["meeting"] == "K11" and figures["off_board"]["edge"] == "A6"
    assert figures["green"]["taken_back"] == 4 and figures["off_board"]["taken_back"] == 6
    assert figures["whirlpool"]["hit"] == "K5" and figures["illegal"] is True
    assert figures["player"] == examples.plan(layout).player == 1


def test_the_rules_speak_the_book_facts(layout):
    english = render(layout, "en")
    assert "you may never wall in your opponent" in english
    assert "stricter" in english and "own pieces wall them in" in english
    assert '"01" and "021"' in english and "O1 and O21" in english
    assert "twelve" in english and "seven types of 20" in english
    german = render(layout, "de")
    assert "Du darfst deinen Gegner nie einsperren" in german and "strenger" in german
    polish = render(layout, "pl")
    assert "nie wolno zamknąć przeciwnika" in polish and "surowsze" in polish
    french = " ".join(render(layout, "fr").split())
    assert "vous ne devez jamais enfermer votre adversaire" in french and "plus stricte" in french
    assert '"01" et "021"' in french and "O1 et O21" in french
    assert "douze" in french and "sept sortes de 20" in french


def test_polish_text_has_the_review_fixes(layout):
    text = " ".join(render(layout, "pl").split())
    assert "dwa proste odcinki, cztery łuki (ćwierć okręgu) i jedno skrzyżowanie" in text
    for old in ("wpadnie na czarną przeszkodę i nie możesz", "wracają z planszy",
                "Tak jak po wpadnięciu na czarną przeszkodę zaczynasz", "wybraliśmy jak niżej",
                "Wir książka pokazuje"):
        assert old not in text, old
    assert "Tak jak po dojściu do czarnej przeszkody, zaczynasz" in text
    for letter in "ąćęłńóśż":
        assert letter in text


def test_german_text_says_du_throughout(layout):
    text = render(layout, "de")
    assert not re.search(r"\b(Ihnen|Ihre[mnrs]?|Sie (dürfen|müssen|legen|nehmen|ziehen))\b", text)
    assert len(re.findall(r"\b(du|dein\w*)\b", text)) >= 10
