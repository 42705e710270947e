"""Typography a reader trusts: ties where a line must not break, quotes and hyphenation.

Rule texts are written with plain spaces and ASCII quotes; these functions give the
printed text its language's conventions:

- a number stays with the word or unit after it (``12 mm``, ``80 Felder``), a number
  that ends a clause with the word before it (``von 1 bis 3;``), and ``×`` with the
  numbers on both sides (``1 × 3``);
- in Polish a one-letter word (a, i, o, u, w, z) never ends a line: it is tied to the
  next word;
- quotes are „…“ in German, „…” in Polish and “…” in English;
- words are hyphenated with the language's patterns (pyphen) when a line needs it.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pyphen

NO_BREAK_SPACE = "\u00a0"
QUOTES = {"en": "“”‘’", "de": "„“‚‘", "pl": "„”‚’"}
HYPHENATION = {"en": "en_US", "de": "de_DE", "pl": "pl_PL"}
MIN_HYPHENATED = 5            # shorter words are never hyphenated
SHORT_WORDS = {"pl": "aiouwzAIOUWZ"}

NUMBER_AND_WORD = re.compile(r"(?<![\w.,])(\d(?:[\d.,]*\d)?) +(?=[^\W\d_]|%|°|$)")
CLOSING_NUMBER = re.compile(r"(?<=\w) +(?=\d+(?:[.,]\d+)*(?:[.;:,!?)\]]+(?:\s|$)|$))")
TIMES = re.compile(r"(?<=\w) +× +(?=\w)")
WORD_CORE = re.compile(r"^(\W*)(.*?)(\W*)$", re.DOTALL)


def tie(text: str, lang: str) -> str:
    """Plain spaces that must not break a line turned into no-break spaces."""
    text = TIMES.sub(f"{NO_BREAK_SPACE}×{NO_BREAK_SPACE}", text)
    text = NUMBER_AND_WORD.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    text = CLOSING_NUMBER.sub(NO_BREAK_SPACE, text)
    letters = SHORT_WORDS.get(lang)
    if letters:
        short = re.compile(rf"(?<![^\s(„\"'\u00a0])([{letters}]) +(?=\S|$)")
        text = short.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    return text


def smart_quotes(text: str, lang: str) -> str:
    """ASCII double and single quotes as the language's quotation marks; apostrophes curled."""
    marks = QUOTES.get(lang, QUOTES["en"])
    text = re.sub(r"(?<=\w)'(?=\w)", "\u2019", text)
    text = re.sub(r'(^|[\s(\[\u00a0])"', lambda m: m.group(1) + marks[0], text)
    text = text.replace('"', marks[1])
    text = re.sub(r"(^|[\s(\[\u00a0])'", lambda m: m.group(1) + marks[2], text)
    return text.replace("'", marks[3])


@lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    code = HYPHENATION.get(lang)
    return pyphen.Pyphen(lang=code, left=2, right=3) if code else None


def break_points(word: str, lang: str | None) -> list[int]:
    """Where ``word`` may break, as character offsets; a hyphen is added at each, except
    after a hyphen the word already has."""
    points = {index + 1 for index, char in enumerate(word[:-1]) if char == "-" and index > 0}
    dictionary = _dictionary(lang) if lang else None
    lead, core, _ = WORD_CORE.match(word).groups()
    if (dictionary is not None and len(core) >= MIN_HYPHENATED
            and not any(char.isdigit() or char == NO_BREAK_SPACE for char in core)):
        for part_start, part in _hyphen_free_parts(core):
            if len(part) >= MIN_HYPHENATED and part.isalpha():
                points.update(len(lead) + part_start + p for p in dictionary.positions(part))
    return sorted(points)


def _hyphen_free_parts(core: str) -> list[tuple[int, str]]:
    """The pieces of a word between its own hyphens, with their offsets."""
    parts, start = [], 0
    for piece in core.split("-"):
        parts.append((start, piece))
        start += len(piece) + 1
    return parts


def needs_hyphen(word: str, point: int) -> bool:
    """Whether breaking ``word`` at ``point`` prints a hyphen at the end of the line."""
    return word[point - 1] != "-"
