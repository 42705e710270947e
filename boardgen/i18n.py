"""Printed words in the player's language: one mechanism for every word boardgen prints.

Two sources, both plain TOML tables of ``key = "text"``:

- the shared print vocabulary (cover, ruler, assembly map, glue strips, footers), one
  catalogue per language in ``boardgen/catalogues/<lang>.toml``;
- each game's own labels, per-language tables in its layout (``[labels.de]``), which a
  user layout extends or overrides key by key, like any other table.

A layout's labels win over the catalogue, so a user can reword anything. Texts may hold
``{name}`` placeholders filled in by the code that prints them. Every language a layout
prints in must have every key that English has: a missing one is a ``check`` error
naming the key and the language, never a silent English fallback.
"""

from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from boardgen.errors import InputError

LANGUAGES = {"en": "English", "de": "German", "pl": "Polish"}
CATALOGUES = Path(__file__).resolve().parent / "catalogues"


def check_language(lang: str) -> str:
    """The language code, or an InputError listing the languages boardgen prints in."""
    if lang not in LANGUAGES:
        known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise InputError(f"unknown language {lang!r}; expected one of {known}", source="--lang")
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


@lru_cache(maxsize=None)
def catalogue(lang: str) -> Mapping[str, str]:
    """The shared print vocabulary of one language, as dotted keys."""
    path = CATALOGUES / f"{check_language(lang)}.toml"
    with path.open("rb") as handle:
        return flatten(tomllib.load(handle))


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
            raise InputError(f"no {LANGUAGES[self.lang]} text for label {key!r}",
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
    table = dict(catalogue(lang))
    if layout is not None:
        # the title is printed as written: its braces are not placeholders
        table.setdefault("title", literal(layout.title))
        table.setdefault("subtitle", literal(layout.subtitle))
        table.update(layout_labels(layout, lang))
    return Words(lang, table)


def shipped_placeholders(game_labels: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """The placeholders boardgen's own English texts use, key by key: the names it fills in.

    ``game_labels`` is the English table of the game's shipped layout; the shared
    catalogue and the layout's title and subtitle (which take none) come with it.
    """
    texts = {**catalogue("en"), **flatten(game_labels)}
    reference = {key: frozenset(placeholders(text)) for key, text in texts.items()
                 if isinstance(text, str)}
    return reference | {"title": frozenset(), "subtitle": frozenset()}


def label_problems(labels: Mapping[str, Mapping[str, Any]],
                   reference: Mapping[str, frozenset[str]] | None = None
                   ) -> list[tuple[str, str]]:
    """(key path, message) for every missing or malformed translation of a layout's labels.

    English is the reference: every other language a layout prints in needs each of its
    keys, with no placeholder English does not have. An English text may use only the
    placeholders ``reference`` (see ``shipped_placeholders``) gives its key, the names the
    code fills in; a key it does not know is checked as it is printed.
    """
    problems = []
    for lang in labels:
        if lang not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            problems.append((f"labels.{lang}", f"unknown language; expected one of {known}"))
    english = flatten(labels.get("en", {}))
    for lang in LANGUAGES:
        table = flatten(labels.get(lang, {}))
        for key, text in table.items():
            if not isinstance(text, str):
                problems.append((f"labels.{lang}.{key}", "a label is a text in quotes"))
                continue
            english_text = english.get(key, text)
            if not isinstance(english_text, str):
                english_text = text  # the English entry is reported on its own
            try:
                extra = placeholders(text) - placeholders(english_text)
            except ValueError as exc:
                problems.append((f"labels.{lang}.{key}", str(exc)))
                continue
            if extra:
                problems.append((f"labels.{lang}.{key}",
                                 f"placeholder {{{sorted(extra)[0]}}} is not one the English "
                                 "text has"))
            elif lang == "en" and reference is not None and key in reference:
                unknown = placeholders(text) - reference[key]
                if unknown:
                    may = ", ".join(f"{{{name}}}" for name in sorted(reference[key])) or "none"
                    problems.append((f"labels.en.{key}",
                                     f"unknown placeholder {{{sorted(unknown)[0]}}}; this text "
                                     f"may use {may}"))
        if lang == "en":
            continue
        for key in english:
            if key not in table:
                problems.append((f"labels.{lang}.{key}",
                                 f"missing {LANGUAGES[lang]} translation "
                                 f"(English: {english[key]!r})"))
    return problems
