"""Every shipped layout's rule texts, in every language they are written in, read back from
the PDFs: fonts embedded, and every word of the Markdown source in the text layer.

The source is stripped of markup here with markdown-it-py directly (not with the rule
engine), and figure references are replaced by the labels the reader should see, so a
word the engine drops, garbles or splits is caught.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from pypdf import PdfReader

from boardgen.build import BuildOptions, rules_files
from boardgen.errors import InputError
from boardgen.layout import load_layout, shipped_games
from boardgen.i18n import words_for
from boardgen.rules import LANGUAGES, MissingLanguage, render_text, rule_book, rule_text_path

REFERENCE = {"en": "Figure {}", "de": "Abbildung {}", "fr": "figure {}", "pl": "rys. {}"}
CAPTION = {"en": "Figure {}:", "de": "Abbildung {}:", "fr": "Figure {}\u202f:", "pl": "Rysunek {}:"}
LETTERS = {"de": "äöüß", "fr": "àâçéèêëîïôûùœ", "pl": "ąćęłńóśźż"}
FIGURE = re.compile(r"^!\[[^\]]*\]\(diagram:([^)\s]+)\)\s*$")
WORD = re.compile(r"\w+")


def rule_texts() -> list[tuple[str, str]]:
    """(layout, language) for every shipped layout and language it has a rule text in."""
    found = []
    for name in shipped_games():
        layout = load_layout(name)
        for lang in LANGUAGES:
            try:
                path = rule_text_path(layout, lang)
            except MissingLanguage:
                continue
            if path is not None:
                found.append((name, lang))
    return found


RULE_TEXTS = rule_texts()


def test_every_game_has_rules_in_the_languages_the_issue_asks_for():
    assert set(RULE_TEXTS) >= {
        ("racing_kings", "en"), ("river_race", "en"), ("river_race", "pl"),
        ("steeple_chess", "en"), ("steeple_chess", "de"), ("six_day_race", "en"),
        ("six_day_race", "de"), ("six_day_race_advanced", "en"), ("six_day_race_advanced", "de")}
    shipped = {"racing_kings", "river_race", "steeple_chess", "six_day_race",
               "six_day_race_advanced"}
    assert {(name, "fr") for name in shipped} <= set(RULE_TEXTS)


def source_words(text: str, lang: str) -> Counter:
    """The words a reader should find: the Markdown's text without markup, figure captions
    with their labels, references as the labels they stand for."""
    lines = text.split("\n")
    figures = [m.group(1) for m in map(FIGURE.match, lines) if m]
    number = {name: index for index, name in enumerate(figures, start=1)}
    text = re.sub(r"\{fig:([^{}\s]+)\}", lambda m: REFERENCE[lang].format(number[m.group(1)]),
                  text)
    pieces: list[str] = [CAPTION[lang].format(n) for n in number.values()]
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        if token.type in ("fence", "code_block"):
            pieces.append(token.content)
        for child in token.children or []:
            pieces.append(child.content)
    return Counter(WORD.findall(" ".join(pieces)))


def pdf_words(data: bytes, wanted: Counter) -> Counter:
    """The words of a PDF's text layer; a word hyphenated at a line end is joined again when
    the source has it whole."""
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)

    def join(match: re.Match) -> str:
        whole = match.group(1) + match.group(2)
        return whole if whole in wanted else match.group(0)

    return Counter(WORD.findall(re.sub(r"(\w+)-[ \t]*\n\s*(\w+)", join, text)))


def hyphenated_heads(data: bytes) -> set[str]:
    """The first parts of words hyphenated at the end of a line."""
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return set(re.findall(r"(\w+)-[ \t]*$", text, re.M))


def fonts_of(resources) -> list:
    """Every font a page uses, also inside its form XObjects (figures drawn once, reused)."""
    found = []
    resources = resources.get_object() if resources is not None else {}
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            found += fonts_of(xobject.get("/Resources"))
    return found


@pytest.fixture(scope="module", params=RULE_TEXTS, ids=[f"{n}-{l}" for n, l in RULE_TEXTS])
def built(request):
    name, lang = request.param
    layout = load_layout(name)
    sheet, files = rules_files(layout, BuildOptions(formats=("pdf",), lang=lang))
    assert sheet, f"{name} has no {lang} rule sheet"
    path = rule_text_path(layout, lang)
    return name, lang, path, files, render_text(layout, path, words_for(layout, lang))


def test_rules_pdf_builds_with_every_font_embedded(built):
    name, lang, _, files, _ = built
    for file in ("rules.pdf", "rules-booklet.pdf"):
        reader = PdfReader(io.BytesIO(files[file]))
        seen = set()
        for page in reader.pages:
            for font in fonts_of(page.get("/Resources")):
                seen.add(str(font["/BaseFont"]).split("+")[-1])
                assert "/FontFile2" in font["/FontDescriptor"], (file, font["/BaseFont"])
                assert "/ToUnicode" in font, (file, font["/BaseFont"])
        assert {"FiraSans-Regular", "FiraSans-SemiBold"} <= seen, (file, seen)


@pytest.mark.parametrize("file", ["rules.pdf", "rules-booklet.pdf"])
def test_every_word_of_the_rule_text_is_in_the_text_layer(built, file):
    name, lang, path, files, rendered = built
    wanted = source_words(rendered, lang)
    found = pdf_words(files[file], wanted)
    missing = {word: count - found[word] for word, count in wanted.items() if found[word] < count}
    # a word hyphenated at the foot of a column continues after the page furniture
    heads = hyphenated_heads(files[file])
    missing = {word: count for word, count in missing.items()
               if not any(word.startswith(head) and found[word[len(head):]] for head in heads)}
    assert not missing, f"{path.name}: words missing from {file} (how many times): {missing}"
    if lang in LETTERS:
        text = "".join(wanted)
        used = {letter for letter in LETTERS[lang] if letter in text.lower()}
        assert used, f"{path.name} has no {LANGUAGES[lang]} letters at all"
        assert all(letter in "".join(found).lower() for letter in used)


@pytest.mark.parametrize("name,lang", RULE_TEXTS, ids=[f"{n}-{l}" for n, l in RULE_TEXTS])
def test_an_unknown_diagram_in_a_copied_rule_text_names_the_file_and_line(tmp_path, name, lang):
    original = rule_text_path(load_layout(name), lang)
    lines = original.read_text(encoding="utf-8").split("\n")
    last = max(index for index, line in enumerate(lines) if FIGURE.match(line))
    lines[last] = lines[last].replace("](diagram:", "](diagram:no-such-")
    copy = tmp_path / "my_copy.rules.{}.md".format(lang)
    copy.write_text("\n".join(lines), encoding="utf-8")
    layout_file = tmp_path / "my_copy.toml"
    layout_file.write_text(f'extends = "{name}"\nname = "my_copy"\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        rule_book(load_layout(str(layout_file)), lang, str(layout_file))
    error = caught.value
    assert (Path(error.source), error.line) == (copy, last + 1)
    assert "unknown diagram 'no-such-" in str(error)
    assert f"{copy}:{last + 1}:" in str(error)
