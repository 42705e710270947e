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
        return text.format_map(values) if values or "{" in text else text

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


def words_for(layout=None, lang: str = "en") -> Words:
    """The catalogue of ``lang`` with the layout's labels of that language over it."""
    table = dict(catalogue(lang))
    if layout is not None:
        table.setdefault("title", layout.title)
        table.setdefault("subtitle", layout.subtitle)
        table.update(layout_labels(layout, lang))
    return Words(lang, table)


def label_problems(labels: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(key path, message) for every missing or malformed translation of a layout's labels.

    English is the reference: every other language a layout prints in needs each of its
    keys, with no placeholder English does not have.
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
            reference = english.get(key, text)
            if not isinstance(reference, str):
                reference = text  # the English entry is reported on its own
            try:
                extra = placeholders(text) - placeholders(reference)
            except ValueError as exc:
                problems.append((f"labels.{lang}.{key}", str(exc)))
                continue
            if extra:
                problems.append((f"labels.{lang}.{key}",
                                 f"placeholder {{{sorted(extra)[0]}}} is not one the English "
                                 "text has"))
        if lang == "en":
            continue
        for key in english:
            if key not in table:
                problems.append((f"labels.{lang}.{key}",
                                 f"missing {LANGUAGES[lang]} translation "
                                 f"(English: {english[key]!r})"))
    return problems
