"""The river's phase 1 as the generic check of obstacles on a grid sees it: the board is a
grid of spreadsheet-named cells, each player a runner from a start field to the far bank,
start and reserve fields left free, obstacle pieces of the layout's kinds.

No millimetres here. Cells are the shared grid's ``(column, row)`` with row 0 at the top,
so the board's row 21 (the far bank on the book's board) is row 0; ``row_number`` and
``cell`` turn one into the other. Validating a setup is :func:`boardgen.geometry.reach.
check_placements`: nothing of the rules is the river's own but these facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Mapping

from boardgen.geometry.cells import Grid, rectangle
from boardgen.geometry.naming import Cell
from boardgen.geometry.reach import Field, PieceKind, PlacingRules, Runner, Setup, check_placements
from boardgen.report import Report


@dataclass(frozen=True)
class Player:
    """A player's fields: the start, the reserves, the own bank and the bank to reach (rows
    as players number them, 1 at the bottom)."""

    number: int
    name: str
    start: Cell
    reserves: tuple[Cell, ...]
    bank_row: int
    goal_row: int


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

    def row_number(self, cell: Cell) -> int:
        """The row of a cell as the board prints it (1 at the bottom)."""
        return self.grid.height - cell[1]

    def cell(self, column: int, row_number: int) -> Cell:
        """The cell in a column and a printed row."""
        return column, self.grid.height - row_number

    def contains(self, column: int, row_number: int) -> bool:
        return 0 <= column < self.grid.width and 1 <= row_number <= self.grid.height

    def row_cells(self, row_number: int) -> list[Cell]:
        """The cells of a printed row, left to right."""
        return [self.cell(c, row_number) for c in range(self.grid.width)]

    def fields(self) -> dict[Cell, tuple[int, str]]:
        """Start and reserve cells → (owner, "start" | "reserve")."""
        return {f.cell: (f.owner, f.what) for f in self.rules.fields}

    @cached_property
    def rules(self) -> PlacingRules:
        """The generic rules of placing: each player a runner to the far bank, the fields."""
        runners = tuple(
            Runner(p.number, (p.start,), tuple(self.row_cells(p.goal_row)),
                   f"the far bank (row {p.goal_row})", f"the start field {self.grid.name(p.start)}")
            for p in self.players)
        fields = tuple(f for p in self.players
                       for f in (Field(p.start, p.number, "start"),
                                 *(Field(r, p.number, "reserve") for r in p.reserves)))
        return PlacingRules(self.grid, runners, self.kinds, self.per_player, fields)


def board_order(cell: Cell) -> tuple[int, int]:
    """Cells in the order the river lists them: row 1 first, each row from the left."""
    return -cell[1], cell[0]


def validate(model: RiverModel, setup: Setup, partial: bool = False) -> Report:
    """Every rule of phase 1 checked on a setup; ``partial`` allows pieces still to come."""
    return check_placements(model.rules, setup, partial=partial)


def validate_setup(layout, path: str | Path, partial: bool = False) -> Report:
    """Check a setup file against a layout (InputError only if the file is malformed)."""
    from boardgen.games.river_race.setup import load_setup

    return validate(layout.model(), load_setup(layout, path), partial=partial)


DEFAULT_KINDS = {
    "black-1x3": PieceKind("black-1x3", "black", 1, 3, 6, "b"),
    "green-1x2": PieceKind("green-1x2", "green", 1, 2, 2, "g"),
    "green-2x2": PieceKind("green-2x2", "green", 2, 2, 2, "g"),
}


def square_model(size: int, per_player: Mapping[str, int] | None = None,
                 kinds: Mapping[str, PieceKind] | None = None) -> RiverModel:
    """A size×size board with starts in the middle of rows 1 and ``size`` (benchmarks, tests)."""
    grid = rectangle(size, size, "spreadsheet")
    middle = size // 2
    left, right = max(0, middle - 5), min(size - 1, middle + 4)
    bottom, top = size - 1, 0
    players = (
        Player(1, "Player 1", (middle, bottom), ((left, bottom), (right, bottom)), 1, size),
        Player(2, "Player 2", (middle, top), ((left, top), (right, top)), size, 1),
    )
    return RiverModel(grid, players, dict(kinds or DEFAULT_KINDS),
                      dict(per_player or {"black": 3, "green": 2}))
