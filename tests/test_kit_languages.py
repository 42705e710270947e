"""Whole kits in every language but English: no English word in any PDF a player prints.

Every shipped layout is built in each shipped language (PDF only); the text of
every page and every PDF title is extracted and read word by word. A word is English when
the English kit prints it and the kit's own language never does (its catalogue, labels and
rule text), or when Hunspell knows it in English but not in the kit's language; project
word lists name the proper names and game terms that are the same in every language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from boardgen.build import BuildOptions, build
from boardgen.i18n import LANGUAGES
from boardgen.layout import shipped_games
from tests.conftest import hunspell, import_enchant

import_enchant()  # without libenchant the module is skipped (a failure under CI)

SPELLING = Path(__file__).parent / "spelling"
DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "pl": "pl_PL"}
WORD = re.compile(r"[^\W\d_]{3,}")
# PDFium marks a hyphen it found at a line's end and joins the line to what follows: the
# rest of the word, or (at the foot of a page) the page furniture after it
JOINED_HYPHEN = "\ufffe"
PAGE_END_HYPHEN = re.compile(JOINED_HYPHEN + r"(?![^\W\d_])")
# The head of a word broken at the foot of a page, the page furniture after it
PAGE_END_HEAD = re.compile(r"([^\W\d_]+)-\n(?!\s*[^\W\d_])")
FILE_NAME = re.compile(r"\S+\.toml\b")


def pdf_words(folder: Path, known: set[str]) -> dict[str, set[str]]:
    """Words of every PDF in a kit folder (page text and document title), by file name;
    ``known`` are the words of the kit's language, to rejoin words hyphenated at a page end."""
    found = {}
    for path in sorted(folder.glob("*.pdf")):
        document = pdfium.PdfDocument(path)
        pages = [page.get_textpage().get_text_range() for page in document]
        text = "\n".join(page.replace("\r\n", "\n") for page in pages)
        text = PAGE_END_HYPHEN.sub("-\n", text).replace(JOINED_HYPHEN, "")
        text += " " + (document.get_metadata_dict().get("Title") or "")
        document.close()
        text = FILE_NAME.sub(" ", text)  # the cover names the layout file it was made from
        whole, halves = page_break_fragments(text, known)
        found[path.name] = (set(WORD.findall(text)) - halves) | whole
    return found


def page_break_fragments(text: str, known: set[str]) -> tuple[set[str], set[str]]:
    """The halves of words hyphenated at the foot of a page, whose rest starts a line on
    another page (the next one, or in a booklet any other): the words they make, and the
    halves themselves. A head and a line-starting rest pair up when they make a word the
    language's own texts use ("die-" and "sem": "diesem")."""
    heads = {m.group(1) for m in PAGE_END_HEAD.finditer(text)}
    rests = set(re.findall(r"^\s*([a-zäöüßąćęłńóśźż]\w*)", text, re.M))
    pairs = {(head, rest) for head in heads for rest in rests if (head + rest).lower() in known}
    return {head + rest for head, rest in pairs}, {rest for _, rest in pairs}


def project_words(lang: str) -> set[str]:
    """Game terms and proper names that are right in ``lang`` (every list for it)."""
    words: set[str] = set()
    for path in SPELLING.glob(f"*.{lang}.txt"):
        words |= {line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines()
                  if line.strip() and not line.startswith("#")}
    return words


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, dict[str, dict[str, set[str]]]]:
    """lang → game → file → words, for complete PDF kits of every shipped layout."""
    kits = {}
    for lang in LANGUAGES:
        out = tmp_path_factory.mktemp(f"kit-{lang}")
        kits[lang] = {}
        for game in shipped_games():
            options = BuildOptions(formats=("pdf",), lang=lang)
            written = build(game, out, options)
            kits[lang][game] = pdf_words(written[0].parent, source_words(lang))
    return kits


def source_words(lang: str) -> set[str]:
    """Every word written for ``lang``: its catalogue, the layouts' labels and rule texts."""
    from boardgen.i18n import catalogue, layout_labels
    from boardgen.layout import layouts_dir, load_layout

    texts = [str(v) for v in catalogue(lang).values()]
    for game in shipped_games():
        texts += [str(v) for v in layout_labels(load_layout(game), lang).values()]
    texts += [p.read_text(encoding="utf-8") for p in layouts_dir().glob(f"*.rules.{lang}.md")]
    return {w.lower() for text in texts for w in WORD.findall(text)}


def all_words(kit: dict[str, dict[str, set[str]]]) -> set[str]:
    return {w.lower() for files in kit.values() for words in files.values() for w in words}


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_no_english_word_in_a_translated_kit(kits, lang):
    english_kit, written = all_words(kits["en"]), source_words(lang)
    allowed = project_words(lang)
    english, own = hunspell(DICTIONARIES["en"]), hunspell(DICTIONARIES[lang])
    leaks = []
    for game, files in kits[lang].items():
        for name, words in files.items():
            for word in sorted(words):
                low = word.lower()
                if low in allowed:
                    continue
                leaked_text = low in english_kit and low not in written
                leaked_dictionary = (english.check(word) and not own.check(word)
                                     and low not in written)
                if leaked_text or leaked_dictionary:
                    leaks.append(f"{game}/{name}: {word}")
    assert not leaks, f"English in the {LANGUAGES[lang]} kits:\n" + "\n".join(leaks)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_kit_has_rules_and_a_bundle(kits, lang):
    for game, files in kits[lang].items():
        assert "rules.pdf" in files and "rules-booklet.pdf" in files, (lang, game)
        assert any(name.endswith("-print-and-play.pdf") for name in files), (lang, game)
