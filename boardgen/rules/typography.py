"""Typography a reader trusts: ties where a line must not break, quotes and hyphenation.

Rule texts are written with plain spaces and ASCII quotes; these functions give the
printed text its language's conventions, as the ``[typography]`` table of the language's
catalogue sets them (see ``boardgen.languages``):

- a number stays with the word or unit after it (``12 mm``, ``80 Felder``) and with the
  word before it (``Feld 65``, ``gracza 1``, ``von 1 bis 3;``), an ordinal number with
  its noun (German ``2. Sprint``, French ``2e sprint``: ``ordinal_endings``), and ``×``
  with the numbers on both sides (``1 × 3``), unless ``tie_numbers`` is false;
- a one-letter word (``short_words``: Polish a, i, o, u, w, z; English a) never ends a
  line: it is tied to the next word;
- quotes are the language's (``quotes``: „…“ in German, « … » in French), and where a
  language puts a narrow no-break space before ``; : ! ?`` (``space_before``), it gets one;
- words are hyphenated with the language's patterns (pyphen's ``hyphenation``) when a line
  needs it, except where the patterns are wrong for a word of the texts
  (``hyphenation_exceptions``); names (``never_split``) are never hyphenated, and in French
  the word after an elided article or pronoun may break (``hyphenate_after_apostrophe``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Iterator, Mapping
from pathlib import Path

from boardgen import languages
from boardgen.cache import file_digest, stored

NO_BREAK_SPACE = "\u00a0"
NARROW_NO_BREAK_SPACE = "\u202f"  # French: before ; : ! ? and inside « »
MIN_HYPHENATED = 5            # shorter words are never hyphenated

NUMBER_AND_WORD = re.compile(r"(?<![\w.,])(\d(?:[\d.,]*\d)?) +(?=[^\W\d_]|%|°|$)")
CLOSING_NUMBER = re.compile(r"(?<=\w) +(?=\d+(?:[.,]\d+)*(?:[.;:,!?)\]]+(?:\s|$)|$))")
WORD_AND_NUMBER = re.compile(r"(?<=[^\W\d_]) +(?=\d)")  # "Feld 65", "gracza 1", "bis 8"
TIMES = re.compile(r"(?<=\w) +× +(?=\w)")
WORD_CORE = re.compile(r"^(\W*)(.*?)(\W*)$", re.DOTALL)
APOSTROPHES = "’'"
SPACED = languages.SPACED_MARKS


@dataclass(frozen=True)
class Typography:
    """A language's typographic settings, made ready to apply."""

    quotes: tuple[str, str, str, str]  # double opening, closing; single opening, closing
    tie_numbers: bool
    ordinal: re.Pattern | None  # an ordinal number and the space after it
    short: re.Pattern | None  # a one-letter word and the space after it
    spaced: re.Pattern | None  # the punctuation a narrow no-break space goes before
    hyphenation: str  # pyphen's patterns, "" for none
    never_split: frozenset[str]  # lower case
    exceptions: Mapping[str, list[int]]  # lower-case word → where it may break
    after_apostrophe: bool


def _points(written: str) -> list[int]:
    """Break offsets of a word written with hyphens where it may break."""
    points, letters = [], 0
    for piece in written.split("-")[:-1]:
        letters += len(piece)
        points.append(letters)
    return points


def made_ready(settings: Mapping) -> Typography:
    """A ``[typography]`` table (every setting filled in) as a Typography."""
    endings = sorted(settings["ordinal_endings"], key=len, reverse=True)
    ordinal = (re.compile(rf"(?<![\w.,])(\d+(?:{'|'.join(map(re.escape, endings))})) +(?=[^\W\d_])")
               if endings else None)
    letters = "".join(settings["short_words"])
    short = (re.compile(rf"(?<![^\s(„\"'\u00a0])([{re.escape(letters)}]) +(?=\S|$)")
             if letters else None)
    marks = settings["space_before"]
    spaced = (re.compile(rf"(?: +|(?<=[\w»”’)\]]))([{re.escape(marks)}])"
                         rf"(?=[\s{re.escape(SPACED)}»”’)\]]|$)") if marks else None)
    return Typography(tuple(settings["quotes"]), settings["tie_numbers"], ordinal, short, spaced,
                      settings["hyphenation"],
                      frozenset(name.lower() for name in settings["never_split"]),
                      {word.replace("-", "").lower(): _points(word)
                       for word in settings["hyphenation_exceptions"]},
                      settings["hyphenate_after_apostrophe"])


DEFAULT = made_ready(languages.TYPOGRAPHY)  # a language no catalogue describes


def typography(lang: str | None) -> Typography:
    """The typography of a language code: its catalogue's, or the plain default."""
    found = languages.language(lang) if lang else None
    return _ready(found) if found is not None else DEFAULT


@lru_cache(maxsize=64)
def _ready(language: languages.Language) -> Typography:
    return made_ready(language.typography)


def quotation_marks(lang: str) -> tuple[str, str, str, str]:
    """The language's double and single quotation marks, opening and closing."""
    return typography(lang).quotes


def tie(text: str, lang: str) -> str:
    """Plain spaces that must not break a line turned into no-break spaces."""
    settings = typography(lang)
    if settings.tie_numbers:
        text = TIMES.sub(f"{NO_BREAK_SPACE}×{NO_BREAK_SPACE}", text)
        text = NUMBER_AND_WORD.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
        text = CLOSING_NUMBER.sub(NO_BREAK_SPACE, text)
        text = WORD_AND_NUMBER.sub(NO_BREAK_SPACE, text)
        if settings.ordinal is not None:
            text = settings.ordinal.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    if settings.short is not None:
        text = settings.short.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    return spaced_punctuation(text, lang)


def spaced_punctuation(text: str, lang: str | None) -> str:
    """A narrow no-break space before the marks the language spaces (French ``; : ! ?``),
    in place of a plain space or where none was written; unchanged in other languages."""
    spaced = typography(lang).spaced
    if spaced is None:
        return text
    return spaced.sub(lambda m: NARROW_NO_BREAK_SPACE + m.group(1), text)


def smart_quotes(text: str, lang: str) -> str:
    """ASCII double and single quotes as the language's quotation marks; apostrophes curled."""
    return "".join(quoted_characters(text, lang))


APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
OPENS_QUOTE = re.compile(r"[\s(\[\u00a0]")  # what a quote opens after (or the text's start)


def quoted_characters(text: str, lang: str) -> list[str]:
    """What each character of ``text`` prints as: an ASCII quote the language's mark, an
    apostrophe between letters ’, any other character itself.

    One entry per character, so a text read in pieces (Markdown's runs) is quoted as a
    whole and cut back into its pieces, though a mark may be longer than its quote (French
    « with its narrow no-break space). A quote opens at the start or after a space or
    bracket: a double quote after the text as the apostrophes leave it, a single one after
    the text as the double quotes leave it.
    """
    marks = quotation_marks(lang)
    curled = list(text)
    for match in APOSTROPHE.finditer(text):
        curled[match.start()] = "\u2019"
    doubled = [(marks[0] if i == 0 or OPENS_QUOTE.match(curled[i - 1]) else marks[1])
               if char == '"' else char for i, char in enumerate(curled)]
    return [(marks[2] if i == 0 or OPENS_QUOTE.match(doubled[i - 1][-1]) else marks[3])
            if char == "'" else char for i, char in enumerate(doubled)]


LEFT_MIN, RIGHT_MIN = 2, 3    # letters a hyphenated word keeps before and after a break


class Patterns:
    """A language's hyphenation patterns (pyphen's dictionary files), read as they are needed.

    The same positions as ``pyphen.Pyphen(lang=..., left=2, right=3)``, but a pattern is
    parsed only when a word meets it: pyphen parses all of them up front, which for
    German's 78,000 patterns takes longer than typesetting a whole rule booklet. A file
    with hex-escaped characters or non-standard breaks (``/``) is read by pyphen itself.
    """

    IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
               "COMPOUNDRIGHTHYPHENMIN")
    PATTERN = re.compile(r"(\d?)(\D?)")

    def __init__(self, raw: dict[str, str]):
        self.raw = raw  # pattern letters → the pattern as written
        self.parsed: dict[str, tuple[int, tuple[int, ...]] | None] = {}
        self.known: dict[str, list[int]] = {}

    @classmethod
    def read(cls, path: Path) -> "Patterns":
        """The patterns of a dictionary file; what was read is kept in boardgen's cache.

        German's file takes 36 ms to read and 15 ms to load as kept.
        """
        status = path.stat()
        reader = file_digest(Path(__file__))  # what was read is kept per version of this reader
        key = f"hyphenation/{path.stem}-{status.st_size}-{status.st_mtime_ns}-{reader}"
        return cls(stored(key, lambda: cls.patterns_of(path)))

    @classmethod
    def patterns_of(cls, path: Path) -> dict[str, str]:
        """Pattern letters → the pattern as written, for every pattern with a break.

        A ValueError for a file that needs pyphen's own reader.
        """
        with path.open("rb") as handle:
            encoding = handle.readline().decode().strip()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        text = path.read_text(encoding)
        lines = text.split("\n")[1:]
        if "^^" in text or ("/" in text and "=" in text and any(
                "/" in line and "=" in line and not line.strip().startswith(cls.IGNORED)
                for line in lines)):
            raise ValueError(f"{path.name} needs pyphen's own reader")
        written = list(map(str.strip, lines))
        letters = list(map(str.strip, _without(text, b"0123456789").split("\n")[1:]))
        # a line with a digit is not its letters, and breaks somewhere unless its digits
        # are all zeros: pyphen skips such a pattern rather than letting it replace an
        # earlier pattern of the same letters. Only the few lines with a zero are read again.
        breaking = list(map(str.__ne__, letters, written))
        for number in _lines_with(text, "0"):
            if number:  # not the first line, which names the encoding
                breaking[number - 1] = any(digit in written[number - 1] for digit in "123456789")
        # the last one of equal letters wins
        return dict(zip(compress(letters, breaking), compress(written, breaking)))

    def pattern(self, letters: str) -> tuple[int, tuple[int, ...]] | None:
        """The pattern for a string of letters: its first non-zero offset and values."""
        try:
            return self.parsed[letters]
        except KeyError:
            pass
        written = self.raw.get(letters)
        found = None
        if written and not written.startswith(self.IGNORED):
            values = [int(digit or "0") for digit, _ in self.PATTERN.findall(written)]
            if max(values):
                start, end = 0, len(values)
                while not values[start]:
                    start += 1
                while not values[end - 1]:
                    end -= 1
                found = start, tuple(values[start:end])
        self.parsed[letters] = found
        return found

    def positions(self, word: str) -> list[int]:
        """Where ``word`` may be hyphenated, keeping LEFT_MIN and RIGHT_MIN letters whole."""
        last = len(word) - RIGHT_MIN
        word = word.lower()
        points = self.known.get(word)
        if points is None:
            dotted = f".{word}."
            scores = [0] * (len(dotted) + 1)
            for i in range(len(dotted) - 1):
                for j in range(i + 1, len(dotted) + 1):
                    found = self.pattern(dotted[i:j]) if dotted[i:j] in self.raw else None
                    if found:
                        offset, values = found
                        for k, value in enumerate(values, i + offset):
                            if value > scores[k]:
                                scores[k] = value
            points = [i - 1 for i, score in enumerate(scores) if score % 2]
            self.known[word] = points
        return [point for point in points if LEFT_MIN <= point <= last]


def _lines_with(text: str, char: str) -> Iterator[int]:
    """The numbers (from 0) of the lines of ``text`` that hold ``char``, in order."""
    line, start = 0, 0
    found = text.find(char)
    while found != -1:
        line += text.count("\n", start, found)
        yield line
        start = text.find("\n", found)
        if start == -1:
            return
        found = text.find(char, start)


def _without(text: str, ascii_characters: bytes) -> str:
    """``text`` without the given ASCII characters (through UTF-8 bytes, which is many
    times faster than ``str.translate`` on text that is not all ASCII)."""
    return text.encode("utf-8").translate(None, ascii_characters).decode("utf-8")


class _PyphenPatterns:
    """pyphen's own reader, for dictionary files ``Patterns`` does not read."""

    def __init__(self, path: Path):
        import pyphen

        self.dictionary = pyphen.Pyphen(filename=path, left=LEFT_MIN, right=RIGHT_MIN)

    def positions(self, word: str) -> list[int]:
        return [int(point) for point in self.dictionary.positions(word)]


def dictionary_path(code: str) -> Path:
    """pyphen's dictionary file for a language code (``en_US``).

    Found beside pyphen's module without importing it: the import lists its resources
    through ``importlib.resources``, which costs more than reading English's patterns.
    """
    from importlib.util import find_spec

    spec = find_spec("pyphen")
    if spec is not None and spec.origin:
        path = Path(spec.origin).parent / "dictionaries" / f"hyph_{code}.dic"
        if path.is_file():
            return path
    import pyphen

    return pyphen.LANGUAGES[pyphen.language_fallback(code)]


@lru_cache(maxsize=None)
def _dictionary(code: str) -> Patterns | _PyphenPatterns | None:
    """The hyphenation patterns pyphen names ``code`` (``en_US``), read once."""
    if not code:
        return None
    path = dictionary_path(code)
    try:
        return Patterns.read(path)
    except ValueError:
        return _PyphenPatterns(path)


def break_points(word: str, lang: str | None) -> list[int]:
    """Where ``word`` may break, as character offsets; a hyphen is added at each, except
    after a hyphen the word already has."""
    points = {index + 1 for index, char in enumerate(word[:-1]) if char == "-" and index > 0}
    settings = typography(lang)
    dictionary = _dictionary(settings.hyphenation) if lang else None
    lead, core, _ = WORD_CORE.match(word).groups()
    if any(char.isdigit() for char in core):  # numbers and what is tied to them never break
        return sorted(points)
    tied = core.rfind(NO_BREAK_SPACE) + 1  # "à l’hôtellerie": the last word breaks, after the tie
    lead, core = lead + core[:tied], core[tied:]
    if dictionary is not None and len(core) >= MIN_HYPHENATED:
        for part_start, part in _hyphen_free_parts(core):
            if settings.after_apostrophe:  # l’adversaire: the word after the elision
                elided = max(part.rfind(mark) for mark in APOSTROPHES) + 1
                part_start, part = part_start + elided, part[elided:]
            if (len(part) >= MIN_HYPHENATED and part.isalpha()
                    and part.lower() not in settings.never_split):
                found = settings.exceptions.get(part.lower())
                if found is None:
                    found = dictionary.positions(part)
                points.update(len(lead) + part_start + p for p in found)
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
