"""The print vocabulary in every shipped language: same keys, same placeholders, every key
the code asks for, and translated kits whose page furniture holds no English word."""

from __future__ import annotations

import io
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pypdf
import pytest

from boardgen import imposition
from boardgen.build import compose_target
from boardgen.errors import InputError
from boardgen.i18n import CATALOGUES, LANGUAGES, Words, catalogue, placeholders, words_for
from boardgen.imposition.marks import RULER_ID
from boardgen.product import Board
from boardgen.render import renderer
from boardgen.scene import Document, Rect, Scene, Style

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("racing_kings", "river_race", "steeple_chess", "six_day_race", "six_day_race_advanced")
# The tables of page furniture; other tables (rule texts' words) are checked by their owners.
FURNITURE = ("number", "section", "kind", "pdf", "cover", "list", "ruler", "footer",
             "paper", "tiling", "map", "sheets", "shop")
CODE = sorted((ROOT / "boardgen" / "imposition").glob("*.py")) + [ROOT / "boardgen" / "build.py"]
# Words a translation shares with the English page furniture: the program's name, the PDF
# boxes a print shop asks for, US paper names, the unit, and ordinary words of the language
# (German "so", Polish "a" = "and", French "page", "mode" and "bord long").
SHARED = {"boardgen", "trimbox", "bleedbox", "letter", "legal", "mm"}
ALLOWED = {"de": SHARED | {"so"}, "fr": SHARED | {"page", "pages", "mode", "long"}, "pl": SHARED | {"a"}}
TRANSLATED = [code for code in LANGUAGES if code != "en"]  # every shipped language but English


def furniture_keys(lang: str) -> dict[str, str]:
    return {k: v for k, v in catalogue(lang).items() if k.split(".")[0] in FURNITURE}


def vocabulary(texts) -> set[str]:
    """The words of some texts, lower case, without placeholders, numbers or punctuation."""
    found: set[str] = set()
    for text in texts:
        found |= {w.lower() for w in re.findall(r"\b[^\W\d_]+\b", re.sub(r"\{\w+\}", " ", text))}
    return found


ENGLISH = vocabulary(furniture_keys("en").values())


# ---- the catalogues ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_has_exactly_the_english_keys_and_placeholders(lang):
    english, other = catalogue("en"), catalogue(lang)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key


def test_the_catalogues_are_plain_tables_of_texts():
    for lang in LANGUAGES:
        with (CATALOGUES / f"{lang}.toml").open("rb") as handle:
            tables = tomllib.load(handle)
        for table, entries in tables.items():
            assert isinstance(entries, dict), table
        assert all(isinstance(text, str) and text for text in catalogue(lang).values())


def test_the_languages_have_the_same_number_of_furniture_entries():
    counts = {lang: len(furniture_keys(lang)) for lang in LANGUAGES}
    assert counts["en"] >= 70 and len(set(counts.values())) == 1, counts


def test_german_says_du_and_polish_addresses_the_player_directly():
    german = " ".join(furniture_keys("de").values())
    assert not re.search(r"\b(Sie|Ihr|Ihre|Ihren|Ihnen)\b", german)
    assert "druckst du" in german and "Drucke mit 100 %" in german
    polish = " ".join(furniture_keys("pl").values())
    assert not re.search(r"\b(Pan|Pani|Państwo)\b", polish)
    assert "Drukuj w skali 100%" in polish


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_repeats_an_english_word_beyond_the_shared_ones(lang):
    assert vocabulary(furniture_keys(lang).values()) & ENGLISH <= ALLOWED[lang]


def code_literals() -> tuple[set[str], set[str]]:
    """Catalogue keys written out in the code, and prefixes of keys it builds (``"paper." +``)."""
    tables = "|".join(FURNITURE)
    keys, prefixes = set(), set()
    for path in CODE:
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(rf'"((?:{tables})\.[a-z_]+)"', source))
        prefixes |= set(re.findall(rf'f?"((?:{tables})\.[a-z_]*)(?:\{{|" \+)', source))
    return keys, prefixes


def test_every_key_the_code_names_is_in_the_catalogue():
    keys, prefixes = code_literals()
    assert len(keys) > 50
    assert sorted(keys - set(catalogue("en"))) == []
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in catalogue("en")), prefix


def test_every_furniture_entry_is_used_by_the_code():
    keys, prefixes = code_literals()
    unused = [key for key in furniture_keys("en") if key not in keys
              and not any(key.startswith(prefix) for prefix in prefixes)]
    assert unused == []


# ---- what imposition asks for ------------------------------------------------------------


@dataclass(frozen=True)
class Recording(Words):
    """Words that note every key asked for."""

    used: set = field(default_factory=set, compare=False)

    def __call__(self, key, **values):
        self.used.add(key)
        return super().__call__(key, **values)


def recording(lang: str) -> Recording:
    plain = words_for(None, lang)
    return Recording(plain.lang, plain.table)


@lru_cache(maxsize=None)
def game(name: str, lang: str):
    return compose_target(name, lang=lang)


def kit(name: str, lang: str, words: Words, **print_options) -> tuple[tuple[Scene, ...], list[str]]:
    """The print-and-play pages imposition makes for a game (without rules) and the texts the
    game itself hands over (titles of the game, its sets and sheets)."""
    layout, output = game(name, lang)
    options = imposition.PrintOptions(words=words, **print_options)
    sections = [imposition.Section(words("section.board"),
                                   imposition.impose_board(output.board, options),
                                   work=imposition.board_work(output.board, options))]
    for components in output.component_sets:
        pages = imposition.impose_components(components, options)
        sections.append(imposition.Section(components.title, pages,
                                           double_sided=imposition.duplex_backs(components, options),
                                           work=imposition.component_work(components, options)))
    for sheet in output.sheets:
        sections.append(imposition.Section(sheet.title, imposition.impose_sheet(sheet, options),
                                           work=imposition.sheet_work(sheet, options)))
    title = words.get("title", layout.title)
    cover = imposition.Cover(title, words.get("subtitle", layout.subtitle), f"{layout.name}.toml",
                             "1.0", picture=output.board.scene, shipped=True)
    given = [title, layout.title, words.get("subtitle", layout.subtitle), f"{layout.name}.toml",
             output.board.scene.title]
    given += [c.title for c in output.component_sets] + [s.title for s in output.sheets]
    given += [s.scene.title for s in output.sheets]
    return imposition.print_and_play(cover, sections, options), [g for g in given if g]


def every_kind_of_page(pages: tuple[Scene, ...]) -> list[int]:
    """Page numbers (1-based) of the first and the last page of each kind (board tiles,
    assembly map, one set's fronts, its backs, …): every label, and fast to read back."""
    kinds: dict[str, list[int]] = {}
    for number, page in enumerate(pages, start=1):
        kind = " ".join(word for word in page.title.split() if not re.search(r"\d", word))
        kinds.setdefault(kind, []).append(number)
    return sorted({n for numbers in kinds.values() for n in numbers[:1] + numbers[-1:]})


SCENARIOS = [
    {}, {"backs": "fold"}, {"backs": "none"}, {"mode": "shop"},
    {"paper": imposition.parse_paper("letter")}, {"paper": imposition.parse_paper("legal")},
    {"paper": imposition.parse_paper("a3"), "backs": "fold"},
    {"paper": imposition.parse_paper("300x450mm"), "mode": "shop", "backs": "none"},
]


def blank(w: float = 210, h: float = 297) -> Scene:
    return Scene(w, h, (Rect(0, 0, w, h, Style(fill="#dddddd")),))


def odd_shapes(words: Words) -> str:
    """What only unusual kits print: a board one page high, pages two-sided here and there,
    a cover that names no layout file. Returns the cover's text."""
    options = imposition.PrintOptions(words=words, ink="saver")
    imposition.impose_board(Board(blank(700, 120)), options)  # one row of pages
    imposition.impose_board(Board(blank(120, 900)), options)  # one column of pages
    imposition.impose_board(Board(blank(150, 150)), options)  # a board on one page
    page = blank()
    single = [imposition.Section("one", (page,), double_sided=True)]
    imposition.print_and_play(imposition.Cover("Spiel"), single, options)
    sections = [imposition.Section("one", (page,), double_sided=True),
                imposition.Section("two", (page,)),
                imposition.Section("three", (page, page), double_sided=True),
                imposition.Section("four", (page, page, page), double_sided=True)]
    cover = imposition.print_and_play(imposition.Cover("Spiel"), sections, options)[0]
    return " ".join(page_texts([cover])[0].split())


# each two-sided part starts on an odd page (a front), after a blank page where needed
@pytest.mark.parametrize("lang, expected", [
    ("en", "pages 3, 5–6 and 7–9 double-sided"),
    ("de", "Seiten 3, 5–6 und 7–9 beidseitig"),
    ("pl", "strony 3, 5–6 i 7–9 dwustronnie"),
    ("fr", "pages 3, 5–6 et 7–9 en recto verso"),
])
def test_the_cover_lists_the_two_sided_pages_in_the_language(lang, expected):
    assert expected in odd_shapes(words_for(None, lang))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_game_imposes_in_every_mode_and_uses_every_entry(lang):
    words = recording(lang)
    for name in ("river_race", "six_day_race"):
        for scenario in SCENARIOS:
            kit(name, lang, words, **scenario)
    for name in ("racing_kings", "steeple_chess"):
        kit(name, lang, words)
    odd_shapes(words)
    made_here = {k for k in furniture_keys(lang) if k.split(".")[0] not in ("language", "pdf",
                                                                            "section")}
    made_here |= {"section.board", "pdf.cover", "pdf.assembly_map"}
    assert sorted(made_here - words.used) == []


# ---- German and Polish pages -------------------------------------------------------------


def furniture_only(page: Scene) -> Scene:
    """The page with every piece of game artwork left out: what imposition itself draws."""
    symbols = {name: nodes if name.startswith(RULER_ID) else ()
               for name, nodes in page.symbols.items()}
    return Scene(page.width, page.height, page.children, symbols, title=page.title)


def page_texts(pages, numbers: list[int] | None = None) -> list[str]:
    """The text of the pages (or of those numbered) as pypdf reads it from the PDF."""
    data = renderer("pdf")(Document(tuple(furniture_only(page) for page in pages)))
    reader = pypdf.PdfReader(io.BytesIO(data))
    numbers = numbers or range(1, len(pages) + 1)
    return [reader.pages[number - 1].extract_text() for number in numbers]


def without(text: str, given: list[str]) -> str:
    """The text with the game's own strings (longest first) taken out."""
    text = " ".join(text.split()).lower()
    given = given + [string.split(": ", 1)[-1] for string in given]  # as the contents name it
    for string in sorted(given, key=len, reverse=True):
        text = text.replace(" ".join(string.split()).lower(), " ")
    return text


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", GAMES)
def test_the_page_furniture_of_a_kit_has_no_english_word(name, lang):
    words = words_for(game(name, lang)[0], lang)
    pages, given = kit(name, lang, words)
    numbers = every_kind_of_page(pages)
    texts = page_texts(pages, numbers)
    total = len(pages)
    for number, text in zip(numbers, texts):
        ours = without(text, given)
        leaked = vocabulary([ours]) & ENGLISH - ALLOWED[lang]
        assert not leaked, f"page {number}: {sorted(leaked)} in {ours!r}"
        for expected in (words("ruler.caption"), words("footer.page", page=number, pages=total)):
            assert " ".join(expected.split()).lower() in ours, (number, expected)
    assert words("cover.contents").lower() in without(texts[0], given)
    assert any(words("map.label").lower() in without(text, given) for text in texts)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_shop_and_folded_pages_speak_the_language_too(lang):
    words = words_for(game("racing_kings", lang)[0], lang)
    for scenario in ({"mode": "shop", "bleed_mm": 2.5}, {"backs": "fold"}):
        pages, given = kit("racing_kings", lang, words, **scenario)
        for text in page_texts(pages):
            ours = without(text, given)
            assert not vocabulary([ours]) & ENGLISH - ALLOWED[lang], ours
    shop = " ".join(page_texts(kit("racing_kings", lang, words, mode="shop", bleed_mm=2.5)[0]))
    assert "2,5 mm" in shop and "2.5 mm" not in shop  # a decimal comma in both languages


def test_english_pages_are_unchanged_by_the_catalogue():
    words = words_for(game("racing_kings", "en")[0], "en")
    pages, given = kit("racing_kings", "en", words)
    cover = page_texts(pages[:1])[0]
    for expected in ("Contents", "How to print", "Print-and-play edition", "A4 (210 × 297 mm)",
                     "Print at 100 %", "page 1 of", "racing_kings.toml (shipped with boardgen)"):
        assert expected in " ".join(cover.split()), expected


def test_a_placeholder_the_code_does_not_fill_in_names_its_label():
    words = Words("de", {"goal": "ZIEL {nope}", "bad": "{x!r}"})
    with pytest.raises(InputError) as caught:
        words("goal", rank=8)
    assert caught.value.key == "labels.de.goal"
    assert "unknown placeholder {nope}; this text may use {rank}" in str(caught.value)
    with pytest.raises(InputError) as caught:
        words("bad")
    assert caught.value.key == "labels.de.bad" and "may use none" in str(caught.value)
