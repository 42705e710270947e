"""Hyphenation patterns read as they are needed break words exactly where pyphen does."""

from __future__ import annotations

import re

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen import languages
from boardgen.i18n import LANGUAGES
from boardgen.rules.typography import (LEFT_MIN, RIGHT_MIN, Patterns, _dictionary,
                                       _PyphenPatterns, dictionary_path, typography)
from tests.conftest import LAYOUTS

HYPHENATION = {lang: typography(lang).hyphenation for lang in LANGUAGES}  # pyphen's names
ALPHABETS = {"en": "abcdefghijklmnopqrstuvwxyz", "de": "abcdefghijklmnopqrstuvwxyzäöüß",
             "fr": "abcdefghijklmnopqrstuvwxyzàâæçéèêëîïôœùûüÿ",
             "pl": "abcdefghijklmnoprstuwyząćęłńóśźż"}


def test_every_shipped_language_hyphenates_and_has_its_alphabet_here():
    assert all(HYPHENATION.values()) and sorted(ALPHABETS) == sorted(HYPHENATION)


def pyphen_for(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=HYPHENATION[lang], left=LEFT_MIN, right=RIGHT_MIN)


@pytest.mark.parametrize("lang", sorted(HYPHENATION))
def test_every_pattern_reads_as_pyphen_reads_it(lang):
    patterns = Patterns.read(dictionary_path(HYPHENATION[lang]))
    mine = {letters: found for letters in patterns.raw
            if (found := patterns.pattern(letters)) is not None}
    theirs = {letters: (offset, tuple(values))
              for letters, (offset, values) in pyphen_for(lang).hd.patterns.items()}
    assert mine == theirs


@pytest.mark.parametrize("lang", sorted(HYPHENATION))
def test_every_word_of_the_rule_texts_breaks_where_pyphen_breaks_it(lang):
    words = {word for path in LAYOUTS.glob(f"*.rules.{lang}.md")
             for word in re.findall(r"[^\W\d_]{2,}", path.read_text(encoding="utf-8"))}
    reference = pyphen_for(lang)
    assert len(words) > 300
    assert [(w, _dictionary(HYPHENATION[lang]).positions(w)) for w in sorted(words)] == \
        [(w, reference.positions(w)) for w in sorted(words)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ALPHABETS)).flatmap(
    lambda lang: st.tuples(st.just(lang), st.text(ALPHABETS[lang] + ALPHABETS[lang].upper(),
                                                  min_size=1, max_size=24))))
def test_any_word_breaks_where_pyphen_breaks_it(lang_and_word):
    lang, word = lang_and_word
    assert _dictionary(HYPHENATION[lang]).positions(word) == pyphen_for(lang).positions(word)


def write_dictionary(tmp_path, lines: list[str]):
    path = tmp_path / "hyph_xx_XX.dic"
    path.write_text("UTF-8\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_later_pattern_of_zeros_leaves_the_earlier_one_as_pyphen_does(tmp_path):
    path = write_dictionary(tmp_path, ["LEFTHYPHENMIN 2", "% a comment with 1 digit", "a1b",
                                       "ab", "b1c", "b0c", "  c3d  ", "1c2d", "ab0", "x9y"])
    patterns = Patterns(Patterns.patterns_of(path))
    reference = pyphen.Pyphen(filename=path, left=LEFT_MIN, right=RIGHT_MIN)
    for word in ("aabbccdd", "abcdabcd", "xyxyxyxy", "ccddccdd", "abababab"):
        assert patterns.positions(word) == reference.positions(word), word
    assert patterns.pattern("ab") == (1, (1,)) and patterns.pattern("LEFTHYPHENMIN ") is None


@pytest.mark.parametrize("line", ["^^e4b1c", "ab1c/a=b,1,1"])
def test_patterns_it_does_not_read_are_left_to_pyphen(tmp_path, line):
    path = write_dictionary(tmp_path, ["a1b", line])
    with pytest.raises(ValueError, match="pyphen's own reader"):
        Patterns.patterns_of(path)
    reference = pyphen.Pyphen(filename=path, left=LEFT_MIN, right=RIGHT_MIN)
    assert _PyphenPatterns(path).positions("aabbcaab") == reference.positions("aabbcaab") == [2]


def hyphenated(word: str, lang: str) -> str:
    """The word with a hyphen at every place it may break."""
    from boardgen.rules.typography import break_points

    for point in reversed(break_points(word, lang)):
        word = word[:point] + "-" + word[point:]
    return word


@pytest.mark.parametrize("lang,word,broken", [
    ("de", "schwarze", "schwar-ze"), ("de", "Reservefelder", "Re-serve-fel-der"),
    ("de", "Springerzug", "Springer-zug"), ("de", "Ablageplätze", "Ab-la-ge-plät-ze"),
    ("de", "Farben", "Far-ben"), ("de", "Fahrerwechsel", "Fah-rer-wech-sel"),
    ("pl", "trzydniówka", "trzy-dniów-ka"), ("pl", "sześciodniówce", "sze-ścio-dniów-ce"),
    ("en", "Spaces", "Spaces"), ("pl", "Moona", "Moona"), ("de", "Moons", "Moons"),
    ("pl", "Ravensburgera", "Ravensburgera"), ("en", "Schachjagd", "Schachjagd"),
    ("de", "(Toncars)", "(Toncars)"), ("pl", "Wikipedii", "Wikipedii"),
])
def test_words_the_patterns_break_wrongly_and_names_break_as_a_reader_expects(lang, word,
                                                                             broken):
    assert hyphenated(word, lang) == broken


def printed_words(lang: str) -> set[str]:
    """Every word the shipped kits print in a language: rule texts, labels, titles and the
    catalogue's page words (not its typography, which names the words it sets)."""
    import tomllib

    from boardgen.i18n import catalogue, flatten

    texts = [path.read_text(encoding="utf-8") for path in LAYOUTS.glob(f"*.rules.{lang}.md")]
    for path in LAYOUTS.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        texts += [data.get("title", ""), data.get("subtitle", "")]
        texts += [str(text) for text in flatten(data.get("labels", {}).get(lang, {})).values()]
    texts += list(catalogue(lang).values())
    return {word.lower() for text in texts for word in re.findall(r"[^\W\d_]+", text)}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_exception_is_a_printed_word_the_patterns_would_break_otherwise(lang):
    settings = languages.shipped()[lang].typography
    printed = printed_words(lang)
    reference = pyphen_for(lang)
    for written in settings["hyphenation_exceptions"]:
        word = written.replace("-", "")
        pieces = written.split("-")
        assert word.lower() in printed, f"{written} is printed in no {lang} text"
        assert min(len(piece) for piece in pieces) >= 2, written  # set by hand: 2 may end
        points = [len("".join(pieces[:i + 1])) for i in range(len(pieces) - 1)]
        assert reference.positions(word) != points, f"{written}: the patterns say so already"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_name_never_split_is_printed_in_the_language(lang):
    names = {name.lower() for name in languages.shipped()[lang].typography["never_split"]}
    assert names and names <= printed_words(lang), names - printed_words(lang)
