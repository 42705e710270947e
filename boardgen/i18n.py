"""Printed words in the player's language: one mechanism for every word boardgen prints.

Two sources, both plain TOML tables of ``key = "text"``:

- the shared print vocabulary (cover, ruler, assembly map, glue strips, footers), one
  catalogue per language, ``catalogues/<lang>.toml``: boardgen's own, or one in a
  ``catalogues`` folder beside a layout for a language boardgen does not ship (see
  ``boardgen.languages``, which finds them);
- each game's own labels, per-language tables in its layout (``[labels.de]``), which a
  user layout extends or overrides key by key, like any other table.

A layout's labels win over the catalogue, so a user can reword anything. Texts may hold
``{name}`` placeholders filled in by the code that prints them, and print as written (a
catalogue writes its language's quotation marks and no-break spaces itself). Every
language a layout prints in must have every key that English has: a missing one is a
``check`` error naming the key, the language and the file it belongs in, never a silent
English fallback.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from boardgen import languages
from boardgen.errors import InputError
from boardgen.languages import CATALOGUES, Language

__all__ = ["CATALOGUES", "LANGUAGES", "LITERAL_KEYS", "Words", "catalogue", "catalogue_problems",
           "check_language", "flatten", "label_problems", "layout_labels", "literal",
           "placeholders", "shipped_placeholders", "words_for"]

LITERAL_KEYS = ("title", "subtitle")  # names, not sentences: no placeholders in them


class ShippedLanguages(Mapping[str, str]):
    """The languages boardgen ships, code → name in English, read from its catalogues when
    first asked (``boardgen.languages.shipped``)."""

    def __getitem__(self, code: str) -> str:
        return languages.shipped()[code].english

    def __iter__(self) -> Iterator[str]:
        return iter(languages.shipped())

    def __len__(self) -> int:
        return len(languages.shipped())


LANGUAGES: Mapping[str, str] = ShippedLanguages()


def check_language(lang: str, layout=None) -> str:
    """The language code, or an InputError listing the languages ``layout`` prints in
    (boardgen's, without a layout)."""
    languages.check_code(lang)
    available = languages.of_layout(layout)
    if lang not in available:
        raise languages.unknown(lang, available, layout)
    return lang


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested tables as dotted keys: ``{"cover": {"title": "x"}}`` → ``{"cover.title": "x"}``."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, dotted + "."))
        else:
            flat[dotted] = value
    return flat


def catalogue(lang: str) -> Mapping[str, str]:
    """The shared print vocabulary of one language, as dotted keys: boardgen's, or one a
    layout's folder brought (``boardgen.languages.of_files``)."""
    found = languages.language(lang)
    if found is None:
        raise languages.unknown(lang, languages.shipped())
    return found.words


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text; malformed braces or ``{a.b}`` access are errors."""
    names = set()
    for _, field, spec, conversion in string.Formatter().parse(text):
        if field is None:
            continue
        if not field.isidentifier() or spec or conversion:
            # a width or conversion in a user's label could ask for gigabytes of padding
            raise ValueError(f"placeholder {{{field}}} must be a plain name like {{count}}")
        names.add(field)
    return names


@lru_cache(maxsize=4096)
def _fields(text: str) -> frozenset[str]:
    """``placeholders`` of a text, kept: every printed word is formatted this way."""
    return frozenset(placeholders(text))


@dataclass(frozen=True)
class Words:
    """Every printed text of one kit in one language: ``words("ruler.caption", mm=50)``."""

    lang: str
    table: Mapping[str, str]

    def __call__(self, key: str, **values: Any) -> str:
        try:
            text = self.table[key]
        except KeyError:
            raise InputError(f"no {languages.english_name(self.lang)} text for label {key!r}",
                             key=f"labels.{self.lang}.{key}") from None
        if not values and "{" not in text:
            return text
        try:
            _fields(text)  # plain names only: {a.b} or {a[0]} would reach into a value
            return text.format_map(values)
        except (KeyError, IndexError, AttributeError, ValueError) as exc:
            # check() refuses these before a build; this names the label where it could not
            may = ", ".join(f"{{{name}}}" for name in sorted(values)) or "none"
            what = f"unknown placeholder {{{exc.args[0]}}}" if isinstance(exc, KeyError) else exc
            raise InputError(f"{what}; this text may use {may}",
                             key=f"labels.{self.lang}.{key}") from None

    def titled(self, part: str) -> str:
        """A part of the kit named after the game, joined as the language joins them
        (``section.part``): "Racing Kings: pieces", "Racing Kings\u202f: pièces"."""
        return self("section.part", title=self("title"), part=part)

    def get(self, key: str, default: str | None = None, **values: Any) -> str | None:
        """The text of ``key``, or ``default`` where neither catalogue nor layout has it."""
        return self(key, **values) if key in self.table else default

    def __contains__(self, key: str) -> bool:
        return key in self.table


def layout_labels(layout, lang: str) -> dict[str, str]:
    """A layout's own labels in one language, as dotted keys (empty without a layout)."""
    labels = getattr(layout, "labels", None)
    if not isinstance(labels, Mapping):
        return {}
    return flatten(labels.get(lang, {}))


def literal(text: str) -> str:
    """A text that prints as written, its braces escaped from ``str.format``."""
    return text.replace("{", "{{").replace("}", "}}")


def words_for(layout=None, lang: str = "en") -> Words:
    """The catalogue of ``lang`` with the layout's labels of that language over it."""
    available = languages.of_layout(layout)
    if lang not in available:
        raise languages.unknown(lang, available, layout)
    table = dict(available[lang].words)
    if layout is not None:
        table.update(title=layout.title, subtitle=layout.subtitle)
        table.update(layout_labels(layout, lang))
        for key in LITERAL_KEYS:  # printed as written: their braces are not placeholders
            table[key] = literal(table[key])
    return Words(lang, table)


def shipped_placeholders(game_labels: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """The placeholders boardgen's own English texts use, key by key: the names it fills in.

    ``game_labels`` is the English table of the game's shipped layout; the shared
    catalogue's come with it.
    """
    texts = {**catalogue("en"), **flatten(game_labels)}
    return {key: frozenset(placeholders(text)) for key, text in texts.items()
            if isinstance(text, str) and key not in LITERAL_KEYS}


def label_problems(labels: Mapping[str, Mapping[str, Any]],
                   reference: Mapping[str, frozenset[str]] | None = None,
                   available: Mapping[str, Language] | None = None,
                   made_in: Mapping[str, Language] | None = None
                   ) -> list[tuple[str, str]]:
    """(key path, message) for every missing or malformed text of a layout's labels.

    Every language a layout is made in (``made_in``, by default every one it can print in,
    ``available``: boardgen's, and those its folders bring) needs each key English has (the
    shared catalogue's words have their translations there); a table of another available
    language is checked as written. A text may use the placeholders ``reference`` (see
    ``shipped_placeholders``) gives its key, the names the code fills in; for a key it
    does not know, a translation may use those of the English text, and the English text
    is checked as it is printed. The title and subtitle are printed as written.
    """
    available = languages.shipped() if available is None else available
    problems = []
    for lang in labels:
        if lang not in available:
            known = ", ".join(available)
            problems.append((f"labels.{lang}", f"unknown language; expected one of {known}, or "
                             f"a catalogue {languages.FOLDER}/{lang}.toml beside the layout"))
    english = flatten(labels.get("en", {}))
    made_in = available if made_in is None else made_in
    for lang, language in available.items():
        table = flatten(labels.get(lang, {}))
        for key, text in table.items():
            problem = _text_problem(key, text, english.get(key), reference or {}, lang)
            if problem:
                problems.append((f"labels.{lang}.{key}", problem))
        if lang == "en" or lang not in made_in:
            continue
        for key in english:
            if key not in table and key not in language.words:
                problems.append((f"labels.{lang}.{key}",
                                 f"missing {language.english} translation "
                                 f"(English: {english[key]!r})"))
    return problems


def catalogue_problems(available: Mapping[str, Language]) -> list[InputError]:
    """Every problem of the catalogues of users' languages among ``available``: words
    missing or misnamed, typography settings that cannot be used (boardgen's own have none)."""
    return [problem for language in available.values() for problem in language.problems]


def _text_problem(key: str, text: Any, english: Any, reference: Mapping[str, frozenset[str]],
                  lang: str) -> str | None:
    """What is wrong with one label's text, if anything."""
    if not isinstance(text, str):
        return "a label is a text in quotes"
    if key in LITERAL_KEYS:
        return None
    try:
        used = placeholders(text)
    except ValueError as exc:
        return str(exc)
    if key in reference:
        unknown = used - reference[key]
        if unknown:
            may = ", ".join(f"{{{name}}}" for name in sorted(reference[key])) or "none"
            return f"unknown placeholder {{{sorted(unknown)[0]}}}; this text may use {may}"
        return None
    if lang == "en" or not isinstance(english, str):
        return None  # the English text is checked as it is printed, or reported on its own
    try:
        extra = used - placeholders(english)
    except ValueError:
        return None  # the English text is reported on its own
    if extra:
        return f"placeholder {{{sorted(extra)[0]}}} is not one the English text has"
    return None
