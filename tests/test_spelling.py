"""Every printed word spelled right: rule texts (rendered from their templates, a game
kind's own text included), the shared catalogues and every layout's labels, checked with
Hunspell's dictionaries (Debian's hunspell-en-us, hunspell-de-de, hunspell-fr and
hunspell-pl through pyenchant) plus the project's word lists
``tests/spelling/<name>.<lang>.txt`` for game terms and names.

Skipped only where pyenchant or a dictionary is missing outside CI; in CI (``CI`` set) a
missing dictionary is a failure.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from boardgen.games import game_for
from boardgen.i18n import LANGUAGES, catalogue, flatten, words_for
from boardgen.layout import layouts_dir, load_layout, shipped_games
from boardgen.rules import MissingLanguage, render_text, rule_text_path
from tests.conftest import hunspell

WORD_LISTS = Path(__file__).parent / "spelling"
DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "pl": "pl_PL"}
TOKEN = re.compile(r"[\w’'-]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
ADDRESS = re.compile(r"https?://\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|de|pl|eu|info)\b\S*")


def dictionary(lang: str):
    """The Hunspell dictionary of a language, or a skip (a failure in CI) without one."""
    return hunspell(DICTIONARIES[lang])


def project_words(lang: str) -> set[str]:
    """Every word of the project lists of a language (one a line, # starts a comment)."""
    words = set()
    for path in sorted(WORD_LISTS.glob(f"*.{lang}.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.split("#", 1)[0].strip()
            if word:
                words.add(word)
    return words


def words_of(text: str) -> list[str]:
    """The words of a printed text: no numbers, cell names, chess moves or web addresses, no
    single letters; hyphenated compounds are checked part by part."""
    found = []
    for token in TOKEN.findall(ADDRESS.sub(" ", PLACEHOLDER.sub(" ", text))):
        if any(char.isdigit() or char == "_" for char in token):
            continue
        for part in token.split("-"):
            part = part.strip("’'")
            if len(part) > 1:
                found.append(part)
    return found


def markdown_text(source: str) -> str:
    """The prose of a rendered rule text: text and captions, without code or diagram names."""
    pieces = []
    for token in MarkdownIt("commonmark").enable("table").parse(source):
        for child in token.children or []:
            if child.type == "text":
                pieces.append(child.content)
            elif child.type == "image":
                pieces += [c.content for c in child.children or [] if c.type == "text"]
    return re.sub(r"\{fig:[^{}\s]*\}", " ", " ".join(pieces))


def printed_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) of everything printed in a language: rule texts, catalogue, labels."""
    found = [(f"catalogues/{lang}.toml", text) for text in catalogue(lang).values()]
    for path in sorted(layouts_dir().glob("*.toml")):
        with path.open("rb") as handle:
            labels = tomllib.load(handle).get("labels", {}).get(lang, {})
        if isinstance(labels, dict):
            found += [(f"{path.name} [labels.{lang}]", str(text))
                      for text in flatten(labels).values()]
    kind_texts = set()
    for name in shipped_games():
        layout = load_layout(name)
        words = words_for(layout, lang)
        try:
            path = rule_text_path(layout, lang)
        except MissingLanguage:
            continue
        if path is not None and path.parent == layouts_dir():
            found.append((path.name, markdown_text(render_text(layout, path, words))))
        # a game kind's own text, for a layout of its without one (rendered with this one)
        # (and its text for a rules plugin's layout without one)
        default = getattr(game_for(layout.game), "default_rule_text", None)
        for kind_text in ((default(lang), default(lang, layout)) if default is not None
                          else ()):
            if kind_text is not None and kind_text not in kind_texts:
                kind_texts.add(kind_text)
                found.append((f"{layout.game}/{kind_text.name}",
                              markdown_text(render_text(layout, kind_text, words))))
    return found


def is_known(checker, word: str, known: set[str]) -> bool:
    """Known to the dictionary or the lists, also in the case it would have inside a sentence
    or in capitals (headings, the board's FINISH)."""
    variants = {word, word.lower(), word.capitalize()}
    names = {re.sub(r"['’]s$", "", v) for v in variants}  # a listed name's possessive
    return bool((variants | names) & known) or any(checker.check(v) for v in variants)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_printed_word_is_spelled_right(lang):
    checker = dictionary(lang)
    known = project_words(lang)
    unknown: dict[str, set[str]] = defaultdict(set)
    for where, text in printed_texts(lang):
        for word in words_of(text):
            if not is_known(checker, word, known):
                unknown[word].add(where)
    report = "\n".join(f"  {word}  ({', '.join(sorted(files))})"
                       for word, files in sorted(unknown.items()))
    assert not unknown, (f"{len(unknown)} {LANGUAGES[lang]} words unknown to Hunspell and to "
                         f"tests/spelling/*.{lang}.txt:\n{report}")


def test_words_are_read_as_a_reader_reads_them():
    text = "Die Start-Ziel-Linie (gamecabinet.com, https://x.org/a) um 12:30 auf a1 Nc5–b7 {n}"
    assert words_of(text) == ["Die", "Start", "Ziel", "Linie", "um", "auf"]


def test_the_word_lists_hold_one_word_a_line_for_a_known_language():
    for path in WORD_LISTS.glob("*.txt"):
        lang = path.name.split(".")[-2]
        assert lang in LANGUAGES, path.name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            word = line.split("#", 1)[0].strip()
            assert " " not in word, f"{path.name}:{number}: one word a line"
