"""Plain text broken into lines of a width: the one way every printed piece, board and page
furniture sets a text that may take several lines (rule texts, with their runs of faces and
their hyphenation, are set by :mod:`boardgen.rules.typeset`).

Lines break at white space, greedily, measured in Fira Sans; given a language, never where
its typography ties two words (:func:`boardgen.rules.typography.tie`: a number and its unit
or noun, a Polish one-letter word and the word after it, ``Feld 65``).
"""

from __future__ import annotations

import re

from boardgen import fonts

BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")  # white space, but never a no-break space


def unbreakable(text: str, lang: str | None = None) -> list[str]:
    """The pieces of ``text`` a line may not break inside: its words, and with ``lang`` the
    words that language's typography ties joined by no-break spaces."""
    if lang is not None:
        # imported here: the rule texts' package is heavy to load for pieces that tie nothing
        from boardgen.rules.typography import tie

        text = tie(text, lang)
    return [word for word in BREAKS.split(text) if word]


def wrap(text: str, width: float, size: float, face: str = "regular",
         lang: str | None = None) -> list[str]:
    """Words of ``text`` broken into lines no wider than ``width`` mm (a word longer than the
    width stands on a line of its own); with ``lang``, never where that language's typography
    ties two words (``Feld 65``, a Polish ``z``)."""
    lines: list[str] = []
    current = ""
    for word in unbreakable(text, lang):
        candidate = f"{current} {word}".strip()
        if current and fonts.text_width(candidate, size, face) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines
