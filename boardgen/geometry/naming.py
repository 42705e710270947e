"""Cell names as players say them: ``chess`` (a1), ``spreadsheet`` (A1, AA12) or ``numbered`` (17).

A cell is ``(column, row)`` with column 0 at the left and row 0 at the top, the order in
which a map is written. Chess and spreadsheet names count rows from 1 at the bottom, as
players on the near side read them; numbered names count cells in reading order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Cell = tuple[int, int]
Scheme = Literal["chess", "spreadsheet", "numbered"]
SCHEMES: tuple[Scheme, ...] = ("chess", "spreadsheet", "numbered")
LETTER_NAME = re.compile(r"([A-Za-z]{1,3})([1-9][0-9]{0,4})", re.ASCII)
NUMBER_NAME = re.compile(r"[1-9][0-9]{0,6}", re.ASCII)


def column_letters(index: int) -> str:
    """Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


@lru_cache(maxsize=4096)
def letters_index(letters: str) -> int:
    """The 0-based column of spreadsheet letters, either case."""
    number = 0
    for char in letters.upper():
        number = number * 26 + ord(char) - 64
    return number - 1


def spreadsheet_cell(name: str) -> tuple[int, int]:
    """(column index, row number) of a spreadsheet name such as "K21", the row counted from 1
    at the bottom, on a board of any size; ValueError saying what a cell name looks like."""
    match = LETTER_NAME.fullmatch(name) if isinstance(name, str) else None
    if match is None and isinstance(name, str) and re.fullmatch(r"[A-Za-z]{1,3}0[0-9]+", name):
        raise ValueError(f"{name!r}: a row number has no leading 0 (rows count from 1; a "
                         f"field printed as \"01\" is the field O1)")
    if match is None:
        raise ValueError(f"expected a cell name such as 'K21' (column letters, then the row "
                         f"number), found {_short(name)}")
    return letters_index(match.group(1)), int(match.group(2))


@dataclass(frozen=True)
class Naming:
    """How the cells of a ``columns`` × ``rows`` grid are named.

    ``letters``: for chess names, the file letters from left to right when they are not
    a, b, c, ... (Racing Kings boards may letter their files as they like).
    """

    scheme: Scheme
    columns: int
    rows: int
    letters: str = ""

    def __post_init__(self) -> None:
        if self.scheme not in SCHEMES:
            raise ValueError(f"unknown cell naming {self.scheme!r}; expected one of "
                             f"{', '.join(SCHEMES)}")
        if self.letters and len(self.letters) != self.columns:
            raise ValueError(f"{len(self.letters)} file letters for {self.columns} columns")

    def column_label(self, column: int) -> str:
        """What the edge of the board prints above a column."""
        if self.scheme == "chess":
            return self.letters[column] if self.letters else column_letters(column).lower()
        if self.scheme == "spreadsheet":
            return column_letters(column)
        return str(column + 1)

    def row_label(self, row: int) -> str:
        """What the edge of the board prints beside a row (rows count from the bottom)."""
        return str(self.rows - row) if self.scheme != "numbered" else str(row + 1)

    def name(self, cell: Cell) -> str:
        """The name players use for a cell."""
        column, row = cell
        if self.scheme == "numbered":
            return str(row * self.columns + column + 1)
        return f"{self.column_label(column)}{self.rows - row}"

    def cell_at(self, column: int, number: int) -> Cell:
        """The cell of a column and the row number its name says (counted from the bottom, as
        chess ranks are): what a game that reckons in ranks places by."""
        return column, self.rows - number

    def cell(self, name: str) -> Cell | None:
        """The cell called ``name``; None when it names no cell of this grid.

        ValueError when ``name`` is no cell name at all, saying what one looks like.
        """
        text = name.strip() if isinstance(name, str) else ""
        if self.scheme == "numbered":
            if not NUMBER_NAME.fullmatch(text):
                raise ValueError(f"expected a cell number such as '12', found {_short(name)}")
            row, column = divmod(int(text) - 1, self.columns)
            return (column, row) if row < self.rows else None
        match = LETTER_NAME.fullmatch(text)
        if match is None:
            example = "'c4'" if self.scheme == "chess" else "'K21'"
            raise ValueError(f"expected a cell name such as {example} (column letters, then the "
                             f"row number from the bottom), found {_short(name)}")
        letters, number = match.group(1), int(match.group(2))
        if self.scheme == "chess" and self.letters:
            if len(letters) != 1 or letters.lower() not in self.letters.lower():
                return None
            column = self.letters.lower().index(letters.lower())
        else:
            column = letters_index(letters)
        row = self.rows - number
        return (column, row) if 0 <= column < self.columns and 0 <= row < self.rows else None

    def span(self) -> str:
        """The names of the corner cells, for messages: "a1–h8"."""
        first, last = self.name((0, self.rows - 1)), self.name((self.columns - 1, 0))
        if self.scheme == "numbered":
            first, last = "1", str(self.columns * self.rows)
        return f"{first}–{last}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "...'"
