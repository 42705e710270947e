"""The grammar helpers of rule texts, from CLDR data: plural forms, number words in the
noun's gender and case, and lists; and the shipped texts use them instead of their own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.layout import layouts_dir, load_layout
from boardgen.rules import render_rule_text, rule_context
from boardgen.rules.grammar import (GrammarError, and_list, list_glue, numeral, or_list,
                                    plural_categories, plural_form)

POLISH_FIELD = ("pole", "pola", "pól")  # one, few, many: "1 pole", "2 pola", "5 pól"


@pytest.mark.parametrize("number,form", [
    (1, "pole"), (2, "pola"), (4, "pola"), (5, "pól"), (11, "pól"), (12, "pól"), (14, "pól"),
    (21, "pól"), (22, "pola"), (24, "pola"), (25, "pól"), (102, "pola"), (112, "pól"),
    (0, "pól"), (1000, "pól"),
])
def test_polish_plural_forms_follow_the_cldr_rule(number, form):
    assert plural_form(number, POLISH_FIELD, "pl") == form


@pytest.mark.parametrize("lang", ["en", "de"])
def test_english_and_german_have_one_form_for_one_and_another_for_the_rest(lang):
    forms = ("tile", "tiles")
    assert [plural_form(n, forms, lang) for n in (0, 1, 2, 21, 1.5)] == [
        "tiles", "tile", "tiles", "tiles", "tiles"]


def test_a_fraction_takes_the_polish_other_form_or_the_last_form_given():
    assert plural_categories("pl") == ("one", "few", "many", "other")
    assert plural_form(1.5, (*POLISH_FIELD, "pola (ułamek)"), "pl") == "pola (ułamek)"
    assert plural_form(1.5, POLISH_FIELD, "pl") == "pól"


@pytest.mark.parametrize("lang,forms,message", [
    ("pl", ("pole", "pola"), "Polish takes 3 or 4 word forms (one, few, many), not 2"),
    ("en", ("tile",), "English takes 2 word forms (one, other), not 1"),
    ("de", ("Feld", "Felder", "Feldern"), "German takes 2 word forms (one, other), not 3"),
])
def test_the_wrong_number_of_forms_is_refused_naming_the_categories(lang, forms, message):
    with pytest.raises(GrammarError, match=re.escape(message)):
        plural_form(2, forms, lang)


def test_a_count_is_a_number():
    for value in ("3", True, None):
        with pytest.raises(GrammarError, match="plural_form counts a number"):
            plural_form(value, ("a", "b"), "en")


@pytest.mark.parametrize("lang,words", [
    ("en", "zero one two three four five six seven eight nine ten eleven twelve"),
    ("de", "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf"),
    ("pl", "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście "
           "dwanaście"),
])
def test_numbers_up_to_twelve_are_words_and_larger_ones_digits(lang, words):
    assert [numeral(n, lang) for n in range(13)] == words.split()
    assert [numeral(n, lang) for n in (13, 100, -1)] == ["13", "100", "-1"]


@pytest.mark.parametrize("number,gender,case,word", [
    (1, "m", None, "ein"), (1, "f", None, "eine"), (1, "n", None, "ein"),
    (1, "m", "accusative", "einen"), (1, "f", "accusative", "eine"),
    (1, "n", "accusative", "ein"), (1, "m", "dative", "einem"), (1, "f", "dative", "einer"),
    (1, "m", "genitive", "eines"), (1, "feminine", "genitive", "einer"),
    (2, "f", "accusative", "zwei"), (12, "m", "dative", "zwölf"),
])
def test_german_numerals_agree_with_the_noun(number, gender, case, word):
    assert numeral(number, "de", gender, case) == word


@pytest.mark.parametrize("number,gender,case,word", [
    (1, "m", None, "jeden"), (1, "f", None, "jedna"), (1, "n", None, "jedno"),
    (2, "m", None, "dwa"), (2, "f", None, "dwie"), (2, "n", None, "dwa"),
    (2, "personal", None, "dwaj"), (1, "f", "accusative", "jedną"),
    (2, "f", "accusative", "dwie"), (3, "personal", "accusative", "trzech"),
    (2, "m", "genitive", "dwóch"), (5, "f", "instrumental", "pięcioma"),
])
def test_polish_numerals_agree_with_the_noun(number, gender, case, word):
    assert numeral(number, "pl", gender, case) == word


def test_a_language_whose_numerals_take_no_gender_ignores_it():
    assert numeral(2, "en", "f", "accusative") == numeral(2, "en") == "two"


@pytest.mark.parametrize("args,message", [
    ((2.5, "en"), "numeral takes a whole number, not the number 2.5"),
    ((True, "en"), "numeral takes a whole number, not yes or no"),
    ((2, "pl", "z"), "numeral knows the genders m, f, n"),
    ((2, "pl", "f", "vocative"), "numeral knows the cases nominative"),
    ((2, "xx"), "no CLDR data for the language 'xx'"),
])
def test_a_numeral_is_refused_with_what_it_takes(args, message):
    with pytest.raises(GrammarError, match=re.escape(message)):
        numeral(*args)


@pytest.mark.parametrize("lang,both,three,either", [
    ("en", "a and b", "a, b and c", "a, b or c"),  # British: no comma before "and"
    ("de", "a und b", "a, b und c", "a, b oder c"),
    ("pl", "a i b", "a, b i c", "a, b lub c"),
])
def test_lists_follow_the_cldr_list_patterns(lang, both, three, either):
    assert and_list(["a"], lang) == "a" and and_list([], lang) == ""
    assert and_list(["a", "b"], lang) == both
    assert and_list(["a", "b", "c"], lang) == three
    assert or_list(["a", "b", "c"], lang) == either


@given(st.lists(st.text(max_size=5), max_size=12), st.sampled_from(["en", "de", "pl", "fr"]))
@settings(max_examples=80, deadline=None)
def test_a_list_is_no_longer_than_its_items_and_the_glue_between_them(items, lang):
    """The bound the template measures before it lets a list be made."""
    for join in (and_list, or_list):
        assert len(join(items, lang)) <= sum(map(len, items)) + list_glue(lang) * len(items)


# ---- the helpers in a rule text -------------------------------------------------------

def render(text: str, lang: str, **values) -> str:
    return render_rule_text(text, f"mine.rules.{lang}.md",
                            {"lang": lang, "words": words_for(None, lang), **values}, 10_000)


def test_a_rule_text_calls_the_helpers_in_its_own_language():
    text = ("{% for n in [1, 2, 5, 22] %}{{ n }} {{ plural_form(n, 'pole', 'pola', 'pól') }}; "
            "{% endfor %}{{ numeral(1, 'f', 'accusative') }} {{ numeral(2, 'f') }} wieże; "
            "{{ and_list(['a', 'b', 'c']) }}; {{ or_list(['x', 'y']) }}")
    assert render(text, "pl") == "1 pole; 2 pola; 5 pól; 22 pola; jedną dwie wieże; a, b i c; x lub y"
    assert render("{{ numeral(1, 'm', 'accusative') }} König", "de") == "einen König"


def test_a_list_of_what_a_macro_prints_for_each_item():
    text = ("{% macro piece(p, colour) %}{{ numeral(p.count) }} {{ colour }} "
            "{{ plural_form(p.count, p.one, p.many) }}{% endmacro %}"
            "{{ and_list(pieces, piece, 'black') }}")
    pieces = [{"count": 1, "one": "rook", "many": "rooks"},
              {"count": 2, "one": "knight", "many": "knights"},
              {"count": 13, "one": "pawn", "many": "pawns"}]
    assert render(text, "en", pieces=pieces) == \
        "one black rook, two black knights and 13 black pawns"


def test_a_list_leaves_out_what_an_inline_if_left_out():
    text = "{{ and_list(['straights' if a, 'turns' if b, 'crossings' if c, '']) }}"
    assert render(text, "en", a=True, b=False, c=True) == "straights and crossings"
    assert render(text, "en", a=False, b=False, c=False) == ""


@pytest.mark.parametrize("text,message", [
    ("x\n{{ plural_form(2, 'pole', 'pola') }}", "Polish takes 3 or 4 word forms"),
    ("x\n{{ numeral('2') }}", "numeral takes a whole number, not the text '2'"),
    ("x\n{{ and_list('abc') }}", "a list takes a list, not the text 'abc'"),
    ("x\n{{ and_list([layout]) }}", "a list takes texts and numbers, not an object"),
    ("x\n{{ and_list([1], 'macro') }}", "a macro to print each item"),
    ("x\n{{ plural_form(2, 'a', ['b'], 'c') }}", "plural_form takes texts and numbers"),
])
def test_a_helper_given_what_it_cannot_use_names_the_line(text, message):
    with pytest.raises(InputError) as caught:
        render(text, "pl", layout=object())
    assert caught.value.line == 2 and message in caught.value.message


def test_a_list_longer_than_the_cap_is_refused_before_it_is_made():
    text = "{{ and_list(range(1000)) }}"
    assert len(render_rule_text(text, "f", {}, 10_000)) < 10_000
    with pytest.raises(InputError, match="a value of more than 5000 characters"):
        render_rule_text(text, "f", {}, 5_000)


def test_the_guides_example_prints_what_the_guide_says():
    guide = (Path(__file__).resolve().parent.parent / "docs" / "customising.md").read_text(
        encoding="utf-8")
    template, printed = re.search(r"```jinja\n(.*?)```\n.*?```text\n(.*?)```", guide, re.S).groups()
    layout = load_layout("racing_kings")
    context = rule_context(layout, words_for(layout, "en"))
    assert render_rule_text(template, "guide", context, 10_000).strip() == printed.strip()


# ---- the shipped texts ------------------------------------------------------------------

NUMBER_WORDS = set(("one two three four five six seven eight nine ten eleven twelve "
                    "ein eine einen zwei drei vier fünf sechs sieben acht neun zehn elf zwölf "
                    "jeden jedna jedno jedną dwa dwie trzy cztery pięć sześć siedem osiem "
                    "dziewięć dziesięć").split())
CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
STRING = re.compile(r"\"([^\"]*)\"|'([^']*)'")


@pytest.mark.parametrize("path", sorted(layouts_dir().glob("*.rules.*.md")), ids=lambda p: p.name)
def test_no_shipped_text_spells_out_a_plural_rule_or_a_table_of_number_words(path):
    code = " ".join(CODE.findall(path.read_text(encoding="utf-8")))
    assert not re.search(r"%\s*10\b|%\s*100\b", code), "a plural rule written out"
    literals = {a or b for a, b in STRING.findall(code)}
    assert not literals & NUMBER_WORDS, f"number words written out: {literals & NUMBER_WORDS}"
    assert not re.search(r"join\(\s*[\"'] (and|und|i) [\"']", code), "a list joined by hand"
