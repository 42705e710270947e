"""The layout of Wyścig przez rzekę as a typed model, and the board graph built from it.

A player's bank, start field and reserve fields may be left out: they are worked out
from the board size the way the book places them on its 21 × 21 board (start in the
middle column, reserves five columns to the left and four to the right, scaled).
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

import re
from typing import ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from boardgen.games.river_race.placing import Player, RiverModel
from boardgen.geometry.cells import Grid, rectangle
from boardgen.geometry.naming import column_letters, spreadsheet_cell
from boardgen.geometry.paths import line_ends, parse_path
from boardgen.geometry.reach import PieceKind
from boardgen.layout import Color, FieldProblem, LayoutBase, Model, raise_all
from boardgen.product import MAX_COPIES

SHAPE = re.compile(r"([1-9][0-9]?)x([1-9][0-9]?)")
RESERVED_MARKS = set("srSR.+!")
MIN_SIDE, MAX_SIDE = 9, 50
MIN_RIVER_ROWS = 7           # the rule figures need this much water between the banks
MAX_COVERED_SHARE = 0.4      # obstacles may cover at most this share of the board
BOOK_COLUMNS = 21            # the book's board, whose reserve fields the defaults scale
BOOK_RESERVE_OFFSETS = (-5, 4)
PLAYER_COLORS = ("#c0392b", "#2156a5")


class BoardSpec(Model):
    """The grid and the bands around it."""

    columns: int = Field(21, description=f"columns of cells, named A, B, C, ... from the left "
                                         f"({MIN_SIDE} to {MAX_SIDE})")
    rows: int = Field(21, description=f"rows of cells, numbered from 1 at the bottom "
                                      f"({MIN_SIDE} to {MAX_SIDE})")
    cell_mm: float = Field(12.0, ge=8, le=40, description="side of a cell in mm; a tile is "
                                                          "exactly one cell")
    border_mm: float = Field(9.0, ge=5, le=40, description="room for the coordinates around "
                                                           "the grid, in mm")
    title_band_mm: float = Field(22.0, ge=0, le=80, description="height of the title band "
                                                                "above the board in mm (0: none)")
    legend_band_mm: float = Field(13.0, ge=0, le=60, description="height of the legend band "
                                                                 "below the board in mm (0: none)")

    @field_validator("columns", "rows")
    @classmethod
    def side_in_range(cls, value: int, info: ValidationInfo) -> int:
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise ValueError(f"a river board has {MIN_SIDE} to {MAX_SIDE} {info.field_name}, "
                             f"not {value}")
        return value


class PlayerSpec(Model):
    """One player: a colour, a bank, a start field and reserve fields on that bank."""

    name: str = Field("", max_length=40, description="the player's name in messages "
                                                     "(default: Player 1, Player 2)")
    color: Color | None = Field(None, description="colour of the player's fields and line frames "
                                       "(default: red for player 1, blue for player 2)")
    bank: int | None = Field(None, ge=1, description="the row the player sits at and starts "
                                                     "from (default: row 1 for player 1, the "
                                                     "last row for player 2)")
    start: str | None = Field(None, description="the start field, a cell of the player's bank "
                                                "such as \"K1\" (default: the middle column)")
    reserve: list[str] | None = Field(None, min_length=1, max_length=10,
                                      description="reserve fields on the player's bank, where "
                                                  "a line starts again (default: two, placed "
                                                  "as in the book)")

    @field_validator("start")
    @classmethod
    def start_is_a_cell(cls, value: str | None) -> str | None:
        if value is not None:
            spreadsheet_cell(value)
        return value.upper() if value else value

    @field_validator("reserve")
    @classmethod
    def reserves_are_cells(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return value
        for name in value:
            spreadsheet_cell(name)
        return [name.upper() for name in value]

    def placed(self, number: int, board: BoardSpec) -> "PlayerSpec":
        """This player with every missing value worked out for a board of this size."""
        bank = self.bank or (spreadsheet_cell(self.start)[1] if self.start
                             else (1 if number == 1 else board.rows))
        start = self.start or f"{column_letters(board.columns // 2)}{bank}"
        reserve = self.reserve
        if reserve is None:
            reserve = default_reserves(spreadsheet_cell(start)[0], bank, board.columns)
        return self.model_copy(update={
            "name": self.name or f"Player {number}",
            "color": self.color or PLAYER_COLORS[(number - 1) % len(PLAYER_COLORS)],
            "bank": bank, "start": start, "reserve": reserve})


def default_reserves(start_col: int, bank: int, columns: int) -> list[str]:
    """Two reserve fields at the book's distances from the start, scaled to the board width."""
    found = []
    for offset in BOOK_RESERVE_OFFSETS:
        step = round(offset * columns / BOOK_COLUMNS) or (1 if offset > 0 else -1)
        col = min(max(start_col + step, 0), columns - 1)
        if col != start_col and col not in [spreadsheet_cell(n)[0] for n in found]:
            found.append(f"{column_letters(col)}{bank}")
    return found


class ObstacleFamily(Model):
    """Obstacles of one colour; each player places ``per_player`` of them in phase 1."""

    color: Color = Field(description="fill colour of the pieces")
    edge: Color = Field("#000000", description="colour of the piece outline")
    ink: Color = Field("#ffffff", description="colour of the reminder printed on the piece")
    per_player: int = Field(ge=0, le=1000, description="how many of this family each player "
                                                       "places in phase 1")
    shapes: dict[str, int] = Field(description="pieces in the box by shape, columns x rows: "
                                               "{ \"1x3\" = 6 }")
    mark: str = Field("", max_length=1, description="the letter of this family on text boards "
                                                    "(default: its first letter)")

    @field_validator("shapes")
    @classmethod
    def shapes_are_rectangles(cls, value: dict[str, int]) -> dict[str, int]:
        if not value:
            raise ValueError("give at least one shape, such as \"1x3\" = 6")
        for shape, count in value.items():
            if not SHAPE.fullmatch(shape):
                raise ValueError(f"shape {shape!r} should be columns x rows, such as \"1x3\"")
            if not isinstance(count, int) or not 0 <= count <= 10000:
                raise ValueError(f"shape {shape!r}: count {count!r} should be a whole number "
                                 "between 0 and 10000")
        return value


class TileType(Model):
    """One kind of line tile: its name, how many there are, and its line as path data."""

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9\-]*$", max_length=40,
                      description="a name such as \"turn-ne\" (lower-case letters, digits, -)")
    count: int = Field(ge=0, le=1000, description="how many tiles of this type the game has")
    paths: list[str] = Field(min_length=1, max_length=8,
                             description="the line as path data in a 100×100 box; separate "
                                         "strings cross, the later one over the earlier")

    @field_validator("name")
    @classmethod
    def not_the_common_back(cls, value: str) -> str:
        if value == "back":  # its pictures would be named as the back all tiles share
            raise ValueError("'back' names the back every tile shares; give this type another name")
        return value

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
    """The line tiles: their look and their types."""

    line_mm: float = Field(2.4, gt=0, le=20, description="width of the printed line in mm")
    turnable: bool = Field(False, description="true: tiles may be turned; false: laid as "
                                              "printed, with a corner mark")
    types: list[TileType] = Field(min_length=1, max_length=64, description="the tile types")

    @model_validator(mode="after")
    def names_differ(self):
        names = [t.name for t in self.types]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise ValueError(f"tile type names repeat: {', '.join(repeated)}")
        total = sum(t.count for t in self.types)
        if total > MAX_COPIES:
            raise ValueError(f"{total} tiles in all; a set of pieces has at most {MAX_COPIES}")
        return self


class PlaySpec(Model):
    """The numbers of phase 2."""

    hand: int = Field(4, ge=1, le=10, description="tiles in each player's hand")
    take_back_obstacle: int = Field(4, ge=1, le=8, description="tiles taken back after "
                                                               "running into a green obstacle")
    take_back_collision: int = Field(5, ge=1, le=8, description="tiles taken back by the "
                                                                "player who lays on a collision "
                                                                "field")
    take_back_off_board: int = Field(6, ge=1, le=8, description="tiles taken back after "
                                                                "running off the board")


class PieceStyle(Model):
    """How obstacle pieces are printed."""

    style: Literal["fold", "plain"] = Field("fold", description="fold: both faces side by side "
                                                                "with a fold line; plain: one "
                                                                "face to cut out")


class Colors(Model):
    """The colours of the board and tiles."""

    water: Color = Field("#cfe6f1", description="the river")
    wave: Color = Field("#a9cfe2", description="the small waves on the river")
    bank: Color = Field("#e4d6a2", description="the banks")
    grass: Color = Field("#9dbb6a", description="grass on the banks outside the grid")
    shore: Color = Field("#7b6a3a", description="the line where bank meets water")
    grid: Color = Field("#7d9db0", description="grid lines")
    frame: Color = Field("#24425c", description="the frame around the grid")
    border: Color = Field("#fbf8f0", description="the paper around the board")
    text: Color = Field("#1f3448", description="title, legend and coordinates")
    tile_face: Color = Field("#f6f0e0", description="tile faces")
    tile_line: Color = Field("#1f3d5c", description="the lines on the tiles")
    tile_back: Color = Field("#2c5878", description="tile backs")
    tile_back_pattern: Color = Field("#6f9cbb", description="the waves on the tile backs")


class Layout(LayoutBase):
    """Wyścig przez rzekę: board, players, obstacles, tiles, play and colours."""

    kind: ClassVar[str] = "river_race"
    board: BoardSpec = Field(BoardSpec(), description="the board")
    players: list[PlayerSpec] = Field(min_length=2, max_length=2,
                                      description="the two players, [[players]] twice")
    obstacles: dict[str, ObstacleFamily] = Field(description="obstacle families by name, such "
                                                             "as [obstacles.black]")
    pieces: PieceStyle = Field(PieceStyle(), description="how obstacle pieces are printed")
    tiles: TileSpec = Field(description="the line tiles")
    play: PlaySpec = Field(PlaySpec(), description="hand size and take-back counts")
    colors: Colors = Field(Colors(), description="colours")

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
            if not mark.isalpha():
                raise ValueError(f"obstacle family {family!r}: mark {mark!r} is no letter; "
                                 "give one with mark = \"x\"")
            if mark in RESERVED_MARKS:
                raise ValueError(f"obstacle family {family!r}: mark {mark!r} is taken; give "
                                 "another letter with mark = \"x\"")
            marks.append(mark.lower())
        if len(set(marks)) != len(marks):
            raise ValueError("obstacle families need different marks (first letters); "
                             "set mark = \"x\" on one of them")
        total = sum(sum(spec.shapes.values()) for spec in value.values())
        if total > MAX_COPIES:
            raise ValueError(f"{total} obstacles in all; a set of pieces has at most {MAX_COPIES}")
        return value

    @field_validator("players")
    @classmethod
    def fields_worked_out(cls, players: list[PlayerSpec],
                          info: ValidationInfo) -> list[PlayerSpec]:
        board = info.data.get("board")
        if board is None:
            return players
        return [p.placed(n, board) for n, p in enumerate(players, start=1)]

    @model_validator(mode="after")
    def everything_fits(self):
        raise_all(self.field_problems() + self.obstacle_problems())
        return self

    def field_problems(self) -> list[FieldProblem]:
        """Banks, start and reserve fields that are off the board or clash."""
        grid = self.grid()
        size = ("board.columns", "board.rows")
        found: list[FieldProblem] = []
        seen: dict[str, str] = {}
        for index, player in enumerate(self.players):
            key = f"players[{index}]"
            if not 1 <= player.bank <= grid.height:
                found.append(FieldProblem(f"{key}.bank", f"bank row {player.bank} is not on the "
                                          f"board (rows 1–{grid.height})", related=size))
                continue
            fields = [(player.start, "start", "start")]
            fields += [(r, "reserve", f"reserve[{i}]") for i, r in enumerate(player.reserve)]
            for name, what, where in fields:
                col, row = spreadsheet_cell(name)
                if not (col < grid.width and 1 <= row <= grid.height):
                    found.append(FieldProblem(
                        f"{key}.{where}", f"{what} field {name} is off the board (columns "
                        f"A–{column_letters(grid.width - 1)}, rows 1–{grid.height})", related=size))
                elif row != player.bank:
                    found.append(FieldProblem(
                        f"{key}.{where}", f"{what} field {name} is not on the player's bank, "
                        f"row {player.bank}", related=(f"{key}.bank",)))
                elif name in seen:
                    found.append(FieldProblem(f"{key}.{where}",
                                              f"{what} field {name} is also {seen[name]}"))
                seen.setdefault(name, f"player {index + 1}'s {what} field")
        banks = sorted(p.bank for p in self.players)
        if banks[1] - banks[0] <= MIN_RIVER_ROWS:
            found.append(FieldProblem(
                "players[1].bank", f"the banks (rows {banks[0]} and {banks[1]}) need at least "
                f"{MIN_RIVER_ROWS} rows of river between them", related=("players[0].bank",)))
        return found

    def obstacle_problems(self) -> list[FieldProblem]:
        """Obstacle boxes too small for the players, shapes too big, too crowded a board."""
        grid = self.grid()
        size = ("board.columns", "board.rows")
        found: list[FieldProblem] = []
        covered = 0
        for family, spec in self.obstacles.items():
            needed = spec.per_player * len(self.players)
            if needed > sum(spec.shapes.values()):
                found.append(FieldProblem(
                    f"obstacles.{family}.per_player", f"{len(self.players)} players each place "
                    f"{spec.per_player}, but the box has only {sum(spec.shapes.values())}",
                    related=(f"obstacles.{family}.shapes",)))
            for shape in spec.shapes:
                width, height = shape_size(shape)
                if max(width, height) > max(grid.width, grid.height) // 2:
                    found.append(FieldProblem(
                        f"obstacles.{family}.shapes", f"shape {shape} is longer than half the "
                        "board", related=size))
            covered += largest_cover(spec.shapes, needed)
        cells = grid.width * grid.height
        if covered > MAX_COVERED_SHARE * cells:
            found.append(FieldProblem(
                "obstacles", f"the obstacles may cover {covered} of the board's {cells} "
                f"cells; at most {MAX_COVERED_SHARE:.0%} leaves room to race", related=size))
        return found

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
        """The board's cells, named A1 (bottom left) to U21 (top right) on the book's board."""
        return rectangle(self.board.columns, self.board.rows, "spreadsheet")

    def model(self) -> RiverModel:
        """The board graph the validator works on."""
        return river_model(self)


def largest_cover(shapes: dict[str, int], pieces: int) -> int:
    """The most cells ``pieces`` obstacles from this box can cover: the biggest ones first."""
    areas = sorted((w * h for shape, count in shapes.items()
                    for w, h in [shape_size(shape)] for _ in range(min(count, pieces))),
                   reverse=True)
    return sum(areas[:pieces])


def shape_size(shape: str) -> tuple[int, int]:
    match = SHAPE.fullmatch(shape)
    assert match is not None
    return int(match.group(1)), int(match.group(2))


def river_model(layout: Layout) -> RiverModel:
    grid = layout.grid()
    banks = [p.bank for p in layout.players]
    players = tuple(
        Player(number, spec.name, grid.cell(spec.start),
               tuple(grid.cell(r) for r in spec.reserve), spec.bank,
               next(b for b in banks if b != spec.bank))
        for number, spec in enumerate(layout.players, start=1))
    per_player = {family: spec.per_player for family, spec in layout.obstacles.items()}
    return RiverModel(grid, players, layout.kinds(), per_player)
