"""The board graph of Wyścig przez rzekę: cells, their names and the players' fields.

No millimetres here. A cell is an index into a flat array, row by row from row 1,
so the validator can flood-fill a board of a million cells quickly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

CELL_NAME = re.compile(r"([A-Za-z]{1,3})([1-9][0-9]{0,3})")


def column_name(index: int) -> str:
    """Spreadsheet-style column letters: 0 → A, 25 → Z, 26 → AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


@lru_cache(maxsize=4096)
def column_index(letters: str) -> int:
    """The 0-based column of spreadsheet-style letters (case-insensitive)."""
    number = 0
    for char in letters.upper():
        number = number * 26 + ord(char) - 64
    return number - 1


def parse_cell(name: str) -> tuple[int, int]:
    """(column index, row) of a name like "K21"; ValueError if it is not a cell name at all."""
    match = CELL_NAME.fullmatch(name) if isinstance(name, str) else None
    if match is None and isinstance(name, str) and re.fullmatch(r"[A-Za-z]{1,3}0[0-9]+", name):
        raise ValueError(f"{name!r}: a row number has no leading 0 (rows count from 1; a "
                         f"field printed as \"01\" is the field O1)")
    if match is None:
        raise ValueError(f"expected a cell name such as 'K21' (column letters, then the row "
                         f"number), found {_short(name)}")
    return column_index(match.group(1)), int(match.group(2))


def _short(value: object) -> str:
    """A value as quoted in a message, cut short."""
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "...'"


@dataclass(frozen=True)
class Grid:
    """A rectangle of cells: columns named A, B, ... left to right, rows numbered from 1."""

    columns: int
    rows: int

    @property
    def size(self) -> int:
        return self.columns * self.rows

    def index(self, col: int, row: int) -> int:
        return (row - 1) * self.columns + col

    def contains(self, col: int, row: int) -> bool:
        return 0 <= col < self.columns and 1 <= row <= self.rows

    def locate(self, name: str) -> int | None:
        """The index of a cell name, or None when it names a cell off this board."""
        col, row = parse_cell(name)
        return self.index(col, row) if self.contains(col, row) else None

    def col_row(self, index: int) -> tuple[int, int]:
        row, col = divmod(index, self.columns)
        return col, row + 1

    def name(self, index: int) -> str:
        col, row = self.col_row(index)
        return f"{column_name(col)}{row}"

    def row_cells(self, row: int) -> range:
        start = (row - 1) * self.columns
        return range(start, start + self.columns)

    def neighbours(self, index: int) -> list[int]:
        """Orthogonal neighbours: tiles join edge to edge, never corner to corner."""
        col, row = self.col_row(index)
        found = []
        if row > 1:
            found.append(index - self.columns)
        if col > 0:
            found.append(index - 1)
        if col < self.columns - 1:
            found.append(index + 1)
        if row < self.rows:
            found.append(index + self.columns)
        return found


@dataclass(frozen=True)
class Player:
    """A player's fields: the start, the reserves, the own bank and the bank to reach."""

    number: int
    name: str
    start: int
    reserves: tuple[int, ...]
    bank_row: int
    goal_row: int


@dataclass(frozen=True)
class PieceKind:
    """An obstacle kind such as black-1x3: a rectangle of cells, laid either way round."""

    name: str
    family: str
    width: int
    height: int
    in_box: int
    mark: str  # its letter on ASCII boards

    @property
    def area(self) -> int:
        return self.width * self.height

    def shape_words(self) -> str:
        if min(self.width, self.height) == 1:
            return f"{self.area} cells in a straight line, along a row or a column"
        if self.width == self.height:
            return f"a {self.width}×{self.height} square of cells"
        return f"a {self.width}×{self.height} block of cells, either way round"

    def fits(self, span_cols: int, span_rows: int) -> bool:
        return (span_cols, span_rows) in ((self.width, self.height), (self.height, self.width))


@dataclass(frozen=True)
class RiverModel:
    """Everything the placement rules need: the grid, the players and the obstacle kinds."""

    grid: Grid
    players: tuple[Player, ...]
    kinds: Mapping[str, PieceKind]
    per_player: Mapping[str, int]  # obstacle family → how many each player places

    def player(self, number: int) -> Player | None:
        for player in self.players:
            if player.number == number:
                return player
        return None

    def fields(self) -> dict[int, tuple[int, str]]:
        """Start and reserve cells → (owner, "start" | "reserve")."""
        found: dict[int, tuple[int, str]] = {}
        for player in self.players:
            found[player.start] = (player.number, "start")
            for cell in player.reserves:
                found[cell] = (player.number, "reserve")
        return found


DEFAULT_KINDS = {
    "black-1x3": PieceKind("black-1x3", "black", 1, 3, 6, "b"),
    "green-1x2": PieceKind("green-1x2", "green", 1, 2, 2, "g"),
    "green-2x2": PieceKind("green-2x2", "green", 2, 2, 2, "g"),
}


def square_model(size: int, per_player: Mapping[str, int] | None = None,
                 kinds: Mapping[str, PieceKind] | None = None) -> RiverModel:
    """A size×size board with starts in the middle of rows 1 and ``size`` (benchmarks, tests)."""
    grid = Grid(size, size)
    middle = size // 2
    left, right = max(0, middle - 5), min(size - 1, middle + 4)
    players = (
        Player(1, "Player 1", grid.index(middle, 1),
               (grid.index(left, 1), grid.index(right, 1)), 1, size),
        Player(2, "Player 2", grid.index(middle, size),
               (grid.index(left, size), grid.index(right, size)), size, 1),
    )
    kinds = dict(kinds or DEFAULT_KINDS)
    return RiverModel(grid, players, kinds, dict(per_player or {"black": 3, "green": 2}))
