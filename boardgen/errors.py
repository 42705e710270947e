"""The one exception type for bad input; the command line turns it into exit code 2."""

from __future__ import annotations


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
        where = self.location()
        head = f"{where}: {self.message}" if where else self.message
        if not self.problems:
            return head
        return "\n".join(str(p) for p in self.problems)
