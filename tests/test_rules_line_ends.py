"""No line of a printed rule text ends where a reader stumbles: read back from the PDFs.

Every shipped kit's rule sheet and booklet, in every language, is rendered to PDF and its
body lines read back with pdfium. No line may end with a one-letter word (Polish a, i, o, u,
w, z; English a, I; French à, a, y), no line break may part a number from the word before it
("gracza⏎1", "Feld⏎65") or from the word after it ("3⏎Spieler"), and no line may begin with
the punctuation French spaces (``⏎: ``, ``⏎»``) or end with an opening guillemet.
"""

from __future__ import annotations

import ctypes
import math
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from boardgen.imposition import parse_paper
from boardgen.layout import load_layout, shipped_games
from boardgen.render import renderer
from boardgen.rules import LANGUAGES, rule_book
from boardgen.rules.booklet import page_size
from boardgen.rules.typeset import page_style
from boardgen.scene import Document

ONE_LETTER = {"pl": set("aiouwzAIOUWZ"), "en": {"a", "A", "I"}, "de": set(),
              "fr": {"à", "a", "y", "À", "A"}}
SPACED_MARK = re.compile(r"[;:!?»]+[.,)]*")  # punctuation French sets after a no-break space
HYPHEN_BREAK = "\ufffe"  # how pdfium marks a word the typesetter hyphenated at a line end
NUMBER = re.compile(r"\d+(?:[.,·]\d+)*")
PT_PER_MM = 72 / 25.4


def printed_size(text_page, index: int) -> float:
    """A character's size on the page in mm: its font size under its text and page matrix
    (so the words inside a figure, drawn small, are told apart from the running text)."""
    matrix = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFText_GetMatrix(text_page.raw, index, ctypes.byref(matrix))
    size = pdfium_c.FPDFText_GetFontSize(text_page.raw, index)
    return round(size * math.hypot(matrix.a, matrix.b) / PT_PER_MM, 2)


def body_lines(pdf: bytes, body_size: float, halves: bool = False) -> list[list[str]]:
    """The lines of running text (set at the body size), in reading order: one list for the
    whole document, or with ``halves`` (a booklet's sheets, two pages side by side) one list
    per half of each sheet."""
    runs: dict[tuple[int, int], list[str]] = {}
    document = pdfium.PdfDocument(pdf)
    for number, page in enumerate(document):
        middle = page.get_width() / 2
        text_page = page.get_textpage()
        current, sizes, left = [], set(), None

        def close(end: str = "") -> None:
            # a line of running text has words: a lone number at the body size is a
            # figure's label drawn to that size (the Goose's 63 in the board figure)
            if current and sizes == {body_size} and any(c.isalpha() for c in current):
                group = (number, int(left > middle)) if halves else (0, 0)
                runs.setdefault(group, []).append("".join(current) + end)

        for index in range(text_page.count_chars()):
            char = text_page.get_text_range(index, 1)
            if char in ("\r", "\n", HYPHEN_BREAK):
                # pdfium runs a hyphenated line on into the next: the mark ends it here
                close(char if char == HYPHEN_BREAK else "")
                current, sizes, left = [], set(), None
                continue
            if left is None:
                left = text_page.get_charbox(index)[0]
            current.append(char)
            if not char.isspace():
                sizes.add(printed_size(text_page, index))
        close()
    return list(runs.values())


def stumbles(lines: list[str], lang: str) -> list[str]:
    """Line ends that part what must stay together, each shown with the line after it."""
    found = []
    for line, following in zip(lines, lines[1:]):
        if line.endswith(HYPHEN_BREAK) or line.endswith("-"):
            continue  # a hyphenated word: its two halves are one word
        words, after = line.split(), following.split()
        if not words or not after:
            continue
        last, first = words[-1], after[0]
        broken = f"…{' '.join(words[-3:])} ⏎ {' '.join(after[:3])}…"
        if last in ONE_LETTER[lang]:
            found.append(f"one-letter word at a line end: {broken}")
        if NUMBER.fullmatch(first.rstrip(".,;:)")) and re.search(r"[^\W\d_]$", last):
            found.append(f"a number parted from the word before it: {broken}")
        if NUMBER.fullmatch(last) and re.match(r"[^\W\d_]", first):
            found.append(f"a number parted from the word after it: {broken}")
        if SPACED_MARK.fullmatch(first) or last == "«":
            found.append(f"punctuation parted from its word: {broken}")
    return found


def kits():
    for game in shipped_games():
        for lang in sorted(LANGUAGES):
            yield game, lang


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,lang", list(kits()))
def test_no_rule_line_ends_where_a_reader_stumbles(game, lang, paper):
    book = rule_book(load_layout(game), lang)
    pdf = renderer("pdf")
    sheet = parse_paper(paper)
    runs = body_lines(pdf(Document(book.sheet(sheet))), page_style(sheet.width, sheet.height).body)
    half = page_style(*page_size(sheet.width, sheet.height)).body
    runs += body_lines(pdf(Document(book.booklet(sheet))), half, halves=True)
    assert sum(len(run) for run in runs) > 40, "the running text is read back"
    assert [found for run in runs for found in stumbles(run, lang)] == []


def test_the_reader_finds_what_it_looks_for():
    lines = ["Ruchy wykonuje się na zmianę i", "gracza", "1 zaczyna, a potem 3", "pola dalej.",
             "prze\ufffe", "szkoda na polu"]
    assert stumbles(["Le premier roi gagne", ": donner échec", "est interdit à",
                     "chacun, « ", "Ajuster » ;"], "fr") == [
        "punctuation parted from its word: …premier roi gagne ⏎ : donner échec…",
        "one-letter word at a line end: …est interdit à ⏎ chacun, «…",
        "punctuation parted from its word: …chacun, « ⏎ Ajuster » ;…",
    ]
    assert stumbles(lines, "pl") == [
        "one-letter word at a line end: …na zmianę i ⏎ gracza…",
        "a number parted from the word before it: …gracza ⏎ 1 zaczyna, a…",
        "a number parted from the word after it: …a potem 3 ⏎ pola dalej.…",
    ]
