"""The one exception type for bad input; the command line turns it into exit code 2."""

from __future__ import annotations

import re
import unicodedata


def visible(text: str) -> str:
    """Text with control characters and line breaks spelled out (ESC as ``\\x1b``).

    Messages quote the user's keys and values; this keeps a key holding a terminal escape
    or a newline from reaching the terminal or forging a second ``error:`` line.
    """
    if not _MAYBE_HIDDEN.search(text):  # most messages: no character to look at one by one
        return text
    return "".join(_spelled(c) if _hidden(c) else c for c in text)


# Every character ``_hidden`` names: C0, DEL and C1 controls, the two separators, bidi overrides.
_MAYBE_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _hidden(char: str) -> bool:
    """Control characters, separators and bidi overrides, which change what a line shows."""
    return (unicodedata.category(char) in ("Cc", "Zl", "Zp")
            or "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _spelled(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class InputError(Exception):
    """Malformed or impossible input, with where it was found.

    ``source`` is a file name (or a command-line option), ``key`` a dotted key path
    or cell name, ``line`` the 1-based line when the loader knows it.
    """

    def __init__(self, message: str, source: str | None = None, key: str | None = None,
                 line: int | None = None, problems: list["InputError"] | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.key = key
        self.line = line
        self.problems = problems or []

    def location(self) -> str:
        parts = []
        if self.source:
            parts.append(self.source + (f":{self.line}" if self.line else ""))
        if self.key:
            parts.append(self.key)
        return ": ".join(parts)

    def __str__(self) -> str:
        """One line per problem, never a control character from the user's data."""
        if self.problems:
            return "\n".join(str(p) for p in self.problems)
        where = self.location()
        return visible(f"{where}: {self.message}" if where else self.message)
