"""The languages boardgen prints in, found as data: one catalogue file for each.

A language is

- its catalogue ``catalogues/<code>.toml``: the language's names and CLDR locale
  (``[language]``), its typography (``[typography]``: quotation marks, the space before
  ``; : ! ?``, hyphenation patterns, words never split, one-letter words and ordinal
  numbers kept with the next word) and the page words every kit shares (its other tables);
- the ``[labels.<code>]`` tables of the layouts, each game's own words;
- the rule texts ``<name>.rules.<code>.md`` beside the layouts.

boardgen ships the catalogues in ``boardgen/catalogues``. A folder named ``catalogues``
beside a layout file holds the catalogues of languages boardgen does not ship: that layout,
and every layout that extends it, prints in them too. So the languages are the catalogues
found, and adding one is adding files. A user's catalogue is checked as a layout is: each
word English has and it lacks, each key it has that boardgen never prints, each typography
setting it cannot use is a problem naming the file, the key and the line.

A language brought by a layout's folder is known by its code to the typesetter and the
grammar helpers from the moment that layout's languages are looked up (``of_files``);
should two folders bring the same code, the one looked up last is the one in use.
"""

from __future__ import annotations

import difflib
import re
import string
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from boardgen.errors import InputError

CATALOGUES = Path(__file__).resolve().parent / "catalogues"
FOLDER = "catalogues"  # the folder beside a layout that holds a user's catalogues
CODE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")  # "fr", "de-CH", "gsw"
ABOUT = ("language", "typography")  # the tables of a catalogue that are not page words
ENGLISH = "en"  # the language every other one is complete against

# What a [typography] table may set, and what it is when a catalogue leaves it out.
TYPOGRAPHY = {
    "quotes": ["“", "”", "‘", "’"],
    "space_before": "",
    "hyphenation": "",
    "hyphenate_after_apostrophe": False,
    "never_split": [],
    "hyphenation_exceptions": [],
    "short_words": [],
    "tie_numbers": True,
    "ordinal_endings": [],
}
SPACED_MARKS = ";:!?"  # the punctuation a narrow no-break space may be set before
MAX_TYPOGRAPHY_ITEMS = 2_000  # words never split, exceptions: hundreds at most


@dataclass(frozen=True, eq=False)  # one object per catalogue read: caches key on identity
class Language:
    """One language as its catalogue gives it."""

    code: str
    name: str  # the language's own name: "Français"
    english: str  # its name in boardgen's messages: "French"
    locale: str  # the CLDR locale of its plural rules, number words and lists
    words: Mapping[str, str]  # page words by dotted key
    typography: Mapping[str, Any]  # the [typography] table with every setting filled in
    source: Path  # the catalogue file
    shipped: bool
    problems: tuple[InputError, ...] = field(default=(), repr=False)

    @property
    def origin(self) -> str:
        """Where the language comes from: ``boardgen``, or the catalogue file of a user's."""
        return "boardgen" if self.shipped else str(self.source)

    def described(self) -> str:
        """``fr (French)``, for messages."""
        return f"{self.code} ({self.english})"


def shipped_codes() -> tuple[str, ...]:
    """The codes of the languages boardgen ships, from its catalogues' file names alone."""
    return tuple(sorted(path.stem for path in CATALOGUES.glob("*.toml")))


@lru_cache(maxsize=None)
def shipped() -> dict[str, Language]:
    """The languages boardgen ships, by code."""
    found = {}
    for code in shipped_codes():
        path = CATALOGUES / f"{code}.toml"
        with path.open("rb") as handle:
            found[code] = _language(code, tomllib.load(handle), "", path, shipped=True)
    return found


_BROUGHT: dict[str, Language] = {}  # languages of users' folders, by code, the last looked up


def language(code: str) -> Language | None:
    """The language of a code: one boardgen ships or one a layout's folder brought."""
    return shipped().get(code) or _BROUGHT.get(code)


def english_name(code: str) -> str:
    """A language's name in boardgen's messages; the code itself for one not known."""
    found = language(code)
    return found.english if found is not None else code


def of_files(files: Iterable[Path]) -> dict[str, Language]:
    """The languages a layout prints in, given its files (its own first, then those it
    extends): boardgen's, and those of a ``catalogues`` folder beside any of them, the
    nearest first, sorted by code."""
    found = dict(shipped())
    brought: dict[str, Language] = {}
    for folder in dict.fromkeys(Path(path).parent / FOLDER for path in files):
        for path in _catalogue_files(folder):
            if path.stem not in brought:
                brought[path.stem] = read_catalogue(path)
    _BROUGHT.update({code: found_language for code, found_language in brought.items()
                     if code not in found})
    found.update({code: found_language for code, found_language in brought.items()
                  if code not in found})
    return dict(sorted(found.items()))


def of_layout(layout) -> dict[str, Language]:
    """The languages a loaded layout prints in: boardgen's and those its folders bring
    (boardgen's alone for one made without files), or those of them its ``languages`` names."""
    from boardgen.layout import provenance

    return chosen(layout, of_files(provenance(layout).files if layout is not None else ()))


def chosen(layout, found: Mapping[str, Language]) -> dict[str, Language]:
    """``found`` less the languages a layout that names its own (``languages``) leaves out."""
    wanted = getattr(layout, "languages", None)
    return dict(found) if not wanted else {code: language for code, language in found.items()
                                           if code in wanted}


def first_of(layout) -> str:
    """The language a layout is built in unless told: English, or the first it is made in
    when English is not among them."""
    wanted = getattr(layout, "languages", None)
    return wanted[0] if wanted and "en" not in wanted else "en"


def unknown(code: str, available: Mapping[str, Language], layout=None) -> InputError:
    """The error for a language that is not available, saying which are and how to add one;
    for a layout that leaves a language out (``languages``), saying so."""
    wanted = getattr(layout, "languages", None)
    if wanted and code not in wanted and CODE.fullmatch(code or ""):
        names = [english_name(found) for found in wanted]
        made_in = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        named = ", ".join(f'"{found}"' for found in wanted)
        return InputError(f"this layout is made in {made_in} alone (languages = [{named}]); "
                          f"add \"{code}\" to its languages, with its {english_name(code)} "
                          "words, to print it in that language", source=f"--lang {code}")
    known = ", ".join(found.described() for found in available.values())
    return InputError(f"unknown language {code!r}; available: {known} (a catalogue "
                      f"{FOLDER}/{code}.toml beside the layout adds a language)", source="--lang")


def check_code(code: str, source: str = "--lang") -> str:
    """``code`` if it can name a language (``fr``, ``de-CH``), else an InputError."""
    if not isinstance(code, str) or not CODE.fullmatch(code):
        raise InputError(f"{code!r} is not a language code; a code is two or three small "
                         "letters, such as fr, with a region after a hyphen if needed (de-CH)",
                         source=source)
    return code


def _catalogue_files(folder: Path) -> list[Path]:
    try:
        if not folder.is_dir():
            return []
        return sorted(folder.glob("*.toml"))
    except OSError:  # a folder that cannot be read holds no catalogue boardgen can use
        return []


def read_catalogue(path: Path) -> Language:
    """A user's catalogue, read as a layout file is (a regular file of bounded size); kept
    while the file is unchanged."""
    try:
        status = path.stat()
    except OSError as error:
        raise InputError(f"cannot read this catalogue: {error.strerror}", source=str(path)) from None
    return _read_catalogue(str(path), status.st_size, status.st_mtime_ns)


@lru_cache(maxsize=64)
def _read_catalogue(path: str, _size: int, _mtime_ns: int) -> Language:
    from boardgen.layout import read_toml

    data, text = read_toml(Path(path), "catalogues")
    code = Path(path).stem
    if not CODE.fullmatch(code):
        raise InputError(f"{code!r} is not a language code, so this file is no catalogue; name "
                         "it after its language's code, such as it.toml or de-CH.toml",
                         source=path)
    if code in shipped():
        raise InputError(f"boardgen ships {shipped()[code].english} ({code}); change its words "
                         f"in a [labels.{code}] table of your layout, and keep this folder for "
                         "languages boardgen does not ship", source=path)
    return _language(code, data, text, Path(path), shipped=False)


def _language(code: str, data: dict[str, Any], text: str, path: Path, shipped: bool) -> Language:
    """A catalogue's data as a Language, with every problem it has (none for boardgen's)."""
    problems = Problems(path, text)
    about = _table(data.get("language", {}), "language", problems)
    name = _text(about, "name", None, problems)
    if name is None and shipped:
        raise AssertionError(f"{path.name} names no language")  # boardgen's own are complete
    words = _words(data, problems)
    typography = _typography(_table(data.get("typography", {}), "typography", problems), problems,
                             checked=not shipped)
    if not shipped:
        _complete(words, code, name or code, problems)
    name = name or code
    return Language(code, name, _text(about, "english", name, problems) or name,
                    _text(about, "locale", code.replace("-", "_"), problems) or code,
                    words, typography, path, shipped, tuple(problems.found))


class Problems:
    """The problems of one catalogue, each with the file, the key and the line."""

    def __init__(self, path: Path, text: str):
        self.path, self.text = path, text
        self.found: list[InputError] = []

    def add(self, key: str, message: str, table_only: bool = False) -> None:
        from boardgen.layout import find_line

        names = key.split(".")
        line = find_line(self.text, names[:-1] if table_only else names) if self.text else None
        self.found.append(InputError(message, source=str(self.path), key=key, line=line))


def _table(value: Any, key: str, problems: Problems) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    problems.add(key, "must be a table")
    return {}


def _text(table: Mapping[str, Any], key: str, default: str | None,
          problems: Problems) -> str | None:
    value = table.get(key, default)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        problems.add(f"language.{key}", "must be a text in quotes")
        return default
    return value


def _words(data: Mapping[str, Any], problems: Problems) -> dict[str, str]:
    """The page words of a catalogue as dotted keys; a value that is not a text is a problem."""
    from boardgen.i18n import flatten

    words = {}
    for key, value in flatten({k: v for k, v in data.items() if k not in ABOUT}).items():
        if isinstance(value, str):
            words[key] = value
        else:
            problems.add(key, "a page word is a text in quotes")
    return words


def _complete(words: Mapping[str, str], code: str, name: str, problems: Problems) -> None:
    """Each word English has and this catalogue lacks, each key English does not have, and
    each placeholder the English text does not fill in."""
    from boardgen.i18n import placeholders

    english = shipped()[ENGLISH].words
    for key, text in english.items():
        if key not in words:
            problems.add(key, f"missing {name} word (English: {text!r})", table_only=True)
    for key, text in words.items():
        if key not in english:
            close = difflib.get_close_matches(key, english, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problems.add(key, f"no word of that name is printed{hint}")
            continue
        try:
            extra = placeholders(text) - placeholders(english[key])
        except ValueError as error:
            problems.add(key, str(error))
            continue
        if extra:
            may = ", ".join(f"{{{p}}}" for p in sorted(placeholders(english[key]))) or "none"
            problems.add(key, f"unknown placeholder {{{sorted(extra)[0]}}}; this text may use {may}")


def _typography(table: Mapping[str, Any], problems: Problems,
                checked: bool = True) -> dict[str, Any]:
    """The [typography] table with every setting, each checked; a wrong one keeps its default.

    boardgen's own catalogues are read unchecked (their test checks them as a user's): a
    check of the hyphenation patterns would load the typesetter with every command.
    """
    settings = {key: list(value) if isinstance(value, list) else value
                for key, value in TYPOGRAPHY.items()}
    for key, value in table.items():
        where = f"typography.{key}"
        if not checked:
            settings[key] = value
            continue
        if key not in TYPOGRAPHY:
            close = difflib.get_close_matches(key, TYPOGRAPHY, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else (
                f"; expected one of: {', '.join(TYPOGRAPHY)}")
            problems.add(where, f"unknown key {key!r}{hint}")
            continue
        message = _setting_problem(key, value)
        if message:
            problems.add(where, message)
        else:
            settings[key] = value
    return settings


def _setting_problem(key: str, value: Any) -> str | None:
    """What is wrong with one typography setting, if anything."""
    default = TYPOGRAPHY[key]
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if key == "quotes":
        if (not isinstance(value, list) or len(value) != 4
                or not all(isinstance(mark, str) and 0 < len(mark) <= 3 for mark in value)):
            return ("must be four quotation marks: double opening and closing, single opening "
                    "and closing, such as [\"«\\u202F\", \"\\u202F»\", \"“\", \"”\"]")
        return _visible_problem("".join(value))
    if key == "space_before":
        if not isinstance(value, str) or not set(value) <= set(SPACED_MARKS):
            return f"must be some of the marks {SPACED_MARKS}, such as \";:!?\""
        return None
    if key == "hyphenation":
        if not isinstance(value, str):
            return "must be the name of pyphen's hyphenation patterns, such as \"it_IT\""
        return _patterns_problem(value)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return "must be a list of texts in quotes"
    if len(value) > MAX_TYPOGRAPHY_ITEMS:
        return f"has {len(value)} entries; at most {MAX_TYPOGRAPHY_ITEMS}"
    return _item_problem(key, value)


def _item_problem(key: str, items: list[str]) -> str | None:
    for item in items:
        if key == "short_words" and not (len(item) == 1 and item.isalpha()):
            return f"{item!r} is not a one-letter word"
        if key == "ordinal_endings" and not (0 < len(item) <= 4 and
                                             all(c.isalpha() or c == "." for c in item)):
            return f"{item!r} is not the ending of an ordinal number, such as \".\" or \"e\""
        if key == "never_split" and not (0 < len(item) <= 60 and item.isalpha()):
            return f"{item!r} is not a word"
        if key == "hyphenation_exceptions":
            parts = item.split("-")
            if not (len(item) <= 60 and all(part.isalpha() for part in parts)):
                return (f"{item!r} is not a word written with a hyphen where it may break, "
                        "such as \"re-mind-er\"")
    return None


def _visible_problem(text: str) -> str | None:
    if any(char in string.whitespace and char not in "\u00a0\u202f" for char in text):
        return "a quotation mark may hold a no-break space (\\u00A0, \\u202F), no other space"
    return None


def _patterns_problem(name: str) -> str | None:
    """None when pyphen has the hyphenation patterns ``name`` ("" for none)."""
    if not name:
        return None
    from boardgen.rules.typography import dictionary_path

    try:
        dictionary_path(name)
    except (KeyError, ValueError, OSError):
        import pyphen

        close = difflib.get_close_matches(name, sorted(pyphen.LANGUAGES), n=3)
        return (f"pyphen has no hyphenation patterns {name!r}"
                + (f"; did you mean {' or '.join(map(repr, close))}?" if close else ""))
    return None
