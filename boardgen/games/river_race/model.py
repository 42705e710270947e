"""The layout of Wyścig przez rzekę as a typed model, and the board graph built from it."""

from __future__ import annotations

from typing import ClassVar

import re
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from boardgen.games.river_race.grid import (Grid, PieceKind, Player, RiverModel, column_name,
                                            parse_cell)
from boardgen.games.river_race.paths import line_ends, parse_path
from boardgen.layout import Color, LayoutBase, Millimetres, Model

SHAPE = re.compile(r"([1-9][0-9]?)x([1-9][0-9]?)")
RESERVED_MARKS = set("srSR.+!")


class BoardSpec(Model):
    columns: int = Field(21, ge=3, le=100)
    rows: int = Field(21, ge=3, le=100)
    cell_mm: Millimetres = Field(12.0, le=60)
    border_mm: float = Field(9.0, ge=5, le=40)
    title_band_mm: float = Field(22.0, ge=0, le=80)
    legend_band_mm: float = Field(13.0, ge=0, le=60)


class PlayerSpec(Model):
    name: str = Field(min_length=1, max_length=40)
    color: Color
    bank: int = Field(ge=1)
    start: str
    reserve: list[str] = Field(default_factory=list, max_length=10)

    @field_validator("start")
    @classmethod
    def start_is_a_cell(cls, value: str) -> str:
        parse_cell(value)
        return value.upper()

    @field_validator("reserve")
    @classmethod
    def reserves_are_cells(cls, value: list[str]) -> list[str]:
        for name in value:
            parse_cell(name)
        return [name.upper() for name in value]


class ObstacleFamily(Model):
    color: Color
    edge: Color = "#000000"
    ink: Color = "#ffffff"
    per_player: int = Field(ge=0, le=1000)
    shapes: dict[str, int]
    mark: str = Field("", max_length=1)
    label: str = Field("", max_length=6)

    @field_validator("shapes")
    @classmethod
    def shapes_are_rectangles(cls, value: dict[str, int]) -> dict[str, int]:
        if not value:
            raise ValueError("give at least one shape, such as \"1x3\" = 6")
        for shape, count in value.items():
            if not SHAPE.fullmatch(shape):
                raise ValueError(f"shape {shape!r} should be columns x rows, such as \"1x3\"")
            if not 0 <= count <= 10000:
                raise ValueError(f"shape {shape!r}: count {count} should be between 0 and 10000")
        return value


class TileType(Model):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9\-]*$", max_length=40)
    count: int = Field(ge=0, le=1000)
    paths: list[str] = Field(min_length=1, max_length=8)

    @field_validator("paths")
    @classmethod
    def paths_parse(cls, value: list[str]) -> list[str]:
        for data in value:
            parse_path(data)
        return value

    def strands(self) -> tuple[tuple[tuple, ...], ...]:
        return tuple(parse_path(data) for data in self.paths)

    def ends(self) -> tuple[str, ...]:
        found = {end for strand in self.strands() for end in line_ends(strand)}
        return tuple(edge for edge in "NESW" if edge in found)


class TileSpec(Model):
    line_mm: float = Field(2.4, gt=0, le=20)
    turnable: bool = False
    types: list[TileType] = Field(min_length=1, max_length=64)

    @model_validator(mode="after")
    def names_differ(self):
        names = [t.name for t in self.types]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise ValueError(f"tile type names repeat: {', '.join(repeated)}")
        return self


class PieceStyle(Model):
    style: Literal["fold", "plain"] = "fold"


class Labels(Model):
    start: str = Field("START", max_length=12)
    reserve: str = Field("REZERWA", max_length=12)
    legend_start: str = Field("pole startowe · start field", max_length=60)
    legend_reserve: str = Field("pole rezerwowe · reserve field", max_length=60)
    goal: str = Field("Połącz oba brzegi ciągłą linią · Join the two banks with one unbroken line",
                      max_length=120)


class Colors(Model):
    water: Color = "#cfe6f1"
    wave: Color = "#a9cfe2"
    bank: Color = "#e4d6a2"
    grass: Color = "#9dbb6a"
    shore: Color = "#7b6a3a"
    grid: Color = "#7d9db0"
    frame: Color = "#24425c"
    border: Color = "#fbf8f0"
    text: Color = "#1f3448"
    tile_face: Color = "#f6f0e0"
    tile_line: Color = "#1f3d5c"
    tile_back: Color = "#2c5878"
    tile_back_pattern: Color = "#6f9cbb"


class Layout(LayoutBase):
    kind: ClassVar[str] = "river_race"
    board: BoardSpec = BoardSpec()
    players: list[PlayerSpec] = Field(min_length=2, max_length=2)
    obstacles: dict[str, ObstacleFamily]
    pieces: PieceStyle = PieceStyle()
    tiles: TileSpec
    labels: Labels = Labels()
    colors: Colors = Colors()

    @field_validator("obstacles")
    @classmethod
    def families_are_named(cls, value: dict[str, ObstacleFamily]) -> dict[str, ObstacleFamily]:
        if not value:
            raise ValueError("give at least one obstacle family, such as [obstacles.black]")
        marks = []
        for family, spec in value.items():
            if not re.fullmatch(r"[a-z][a-z0-9]*", family):
                raise ValueError(f"obstacle family {family!r} should be lower-case letters")
            mark = spec.mark or family[0]
            if mark in RESERVED_MARKS or not mark.isalpha():
                raise ValueError(f"obstacle family {family!r}: mark {mark!r} is taken; give "
                                 "another letter with mark = \"x\"")
            marks.append(mark.lower())
        if len(set(marks)) != len(marks):
            raise ValueError("obstacle families need different marks (first letters); "
                             "set mark = \"x\" on one of them")
        return value

    @field_validator("players")
    @classmethod
    def fields_fit(cls, players: list[PlayerSpec], info: ValidationInfo) -> list[PlayerSpec]:
        board = info.data.get("board")
        if board is None:
            return players
        grid = Grid(board.columns, board.rows)
        seen: dict[str, str] = {}
        for number, player in enumerate(players, start=1):
            if not 1 <= player.bank <= grid.rows:
                raise ValueError(f"player {number}: bank row {player.bank} is not on the board "
                                 f"(rows 1–{grid.rows})")
            for name, what in [(player.start, "start")] + [(r, "reserve") for r in player.reserve]:
                col, row = parse_cell(name)
                if not grid.contains(col, row):
                    raise ValueError(f"player {number}: {what} field {name} is off the board "
                                     f"(columns A–{column_name(grid.columns - 1)}, "
                                     f"rows 1–{grid.rows})")
                if name in seen:
                    raise ValueError(f"player {number}: {what} field {name} is also {seen[name]}")
                seen[name] = f"player {number}'s {what} field"
            if parse_cell(player.start)[1] != player.bank:
                raise ValueError(f"player {number}: start field {player.start} is not on the "
                                 f"player's bank, row {player.bank}")
        if len({p.bank for p in players}) != len(players):
            raise ValueError("the two players need different banks")
        return players

    @model_validator(mode="after")
    def obstacles_fit(self):
        grid = self.grid()
        for family, spec in self.obstacles.items():
            needed = spec.per_player * len(self.players)
            if needed > sum(spec.shapes.values()):
                raise ValueError(f"obstacles.{family}: {len(self.players)} players each place "
                                 f"{spec.per_player}, but the box has only "
                                 f"{sum(spec.shapes.values())}")
            for shape in spec.shapes:
                width, height = shape_size(shape)
                if max(width, height) > max(grid.columns, grid.rows):
                    raise ValueError(f"obstacles.{family}: shape {shape} does not fit the board")
        return self

    def kinds(self) -> dict[str, PieceKind]:
        """Obstacle kinds by name ("black-1x3"), in layout order."""
        found = {}
        for family, spec in self.obstacles.items():
            for shape, count in spec.shapes.items():
                width, height = shape_size(shape)
                name = f"{family}-{shape}"
                found[name] = PieceKind(name, family, width, height, count,
                                        (spec.mark or family[0]).lower())
        return found

    def grid(self) -> Grid:
        return Grid(self.board.columns, self.board.rows)

    def model(self) -> RiverModel:
        """The board graph the validator works on."""
        return river_model(self)


def shape_size(shape: str) -> tuple[int, int]:
    match = SHAPE.fullmatch(shape)
    assert match is not None
    return int(match.group(1)), int(match.group(2))


def river_model(layout: Layout) -> RiverModel:
    grid = layout.grid()
    banks = [p.bank for p in layout.players]
    players = tuple(
        Player(number, spec.name, grid.locate(spec.start),
               tuple(grid.locate(r) for r in spec.reserve), spec.bank,
               next(b for b in banks if b != spec.bank))
        for number, spec in enumerate(layout.players, start=1))
    per_player = {family: spec.per_player for family, spec in layout.obstacles.items()}
    return RiverModel(grid, players, layout.kinds(), per_player)
