"""The layout model of Racing Kings: board size and goal, colours, start position, tokens."""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

import string
from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from boardgen.geometry.naming import Naming
from boardgen.layout import Color, FieldProblem, LayoutBase, Model, raise_all
from boardgen.games.racing_kings.position import (STANDARD_WIDTH, Placement, parse_ascii,
                                                  parse_fen, position_problems, standard_position)

MIN_SIDE, MAX_SIDE = 6, 16
# A standee is foot, front, back and foot: 0.4 + 1.25 + 1.25 + 0.4 times its width.
STANDEE_FACE, STANDEE_FOOT = 1.25, 0.4
STANDEE_HEIGHT_PER_WIDTH = 3.3
MAX_STANDEE_WIDTH_MM = 60.0  # 198 mm tall: fits Letter in shop mode with the largest bleed


def _side_in_range(count: int, what: str) -> None:
    if not MIN_SIDE <= count <= MAX_SIDE:
        raise ValueError(f"a Racing Kings board has {MIN_SIDE} to {MAX_SIDE} {what}, "
                         f"found {count}")


class BoardSpec(Model):
    """The squares: how many, how big, and which rank the kings race to."""

    files: str | int = Field(
        "abcdefgh",
        description="the columns, 6 to 16: their letters from left to right (\"abcdefgh\"), "
                    "or just how many, lettered a, b, c, ...",
        json_schema_extra={"anyOf": [
            {"type": "string", "pattern": f"^[a-z]{{{MIN_SIDE},{MAX_SIDE}}}$"},
            {"type": "integer", "minimum": MIN_SIDE, "maximum": MAX_SIDE}]})
    ranks: int = Field(8, description="the rows, 6 to 16, numbered from 1 on the players' side",
                       json_schema_extra={"minimum": MIN_SIDE, "maximum": MAX_SIDE})
    goal_rank: int | None = Field(
        None, ge=2, description="the rank the kings race to; the last rank if left out")
    square_mm: float = Field(40.0, ge=12, le=100,
                             description="side of a square in mm; 40 fits a 32 mm chess piece")
    border_mm: float = Field(20.0, ge=10, le=100,
                             description="margin round the squares for the coordinates, in mm")
    start_position: Literal["marks", "faint", "full", "none"] = Field(
        "marks", description="the start position printed on the squares: marks (each piece's "
                             "token drawn small in its square's corner, so the side shows and "
                             "no empty square looks occupied), faint (pale outlines), full "
                             "(pieces at full strength) or none")

    @field_validator("files")
    @classmethod
    def letters_for_files(cls, value: str | int) -> str:
        if isinstance(value, int):
            _side_in_range(value, "files")
            return string.ascii_lowercase[:value]
        if not value or not value.isascii() or not value.isalpha() or not value.islower():
            raise ValueError(f"files are small letters a-z, one per column, found {value!r}")
        if len(set(value)) != len(value):
            raise ValueError(f"files {value!r} repeat a letter")
        _side_in_range(len(value), "files")
        return value

    @field_validator("ranks")
    @classmethod
    def ranks_in_range(cls, value: int) -> int:
        _side_in_range(value, "ranks")
        return value

    @property
    def letters(self) -> str:
        """The file letters, left to right."""
        return str(self.files)

    @property
    def goal(self) -> int:
        """The goal rank: the one set, else the last."""
        return self.ranks if self.goal_rank is None else self.goal_rank


class Colors(Model):
    """Fills and inks of the board, its diagrams and coordinates (#rrggbb)."""

    light: Color = Field("#f0dcb4", description="light squares")
    dark: Color = Field("#b58863", description="dark squares; a1 is dark")
    goal_light: Color = Field("#f9e27a", description="light squares of the goal rank")
    goal_dark: Color = Field("#d9a93c", description="dark squares of the goal rank")
    goal_band: Color = Field("#c8922a", description="the band across the border at the goal "
                                                    "rank, behind the goal word")
    border: Color = Field("#fbf6ec", description="the margin round the squares")
    frame: Color = Field("#3d2b1a", description="the line round the squares")
    text: Color = Field("#3d2b1a", description="title, rule line and coordinates")


class Setup(Model):
    """A start position of the layout's own, as a FEN piece field or as rows of letters."""

    fen: str | None = Field(
        None, max_length=400,
        description="FEN piece field, top rank first: capitals White, small letters Black, "
                    "digits count empty squares")
    ascii: str | None = Field(
        None, max_length=4000,
        description="one row of letters per rank, top rank first, \".\" for an empty square; "
                    "spaces are ignored")

    @model_validator(mode="after")
    def one_form(self):
        if (self.fen is None) == (self.ascii is None):
            raise ValueError("give the start position as exactly one of 'fen' or 'ascii'")
        return self


class Tokens(Model):
    """The printed pieces."""

    style: Literal["disc", "standee"] = Field(
        "disc", description="disc: round tokens to cut out; standee: fold-over stand-up pieces")
    size_mm: float = Field(32.0, ge=12, le=100,
                           description="disc diameter, or standee width, in mm")

    @model_validator(mode="after")
    def standee_fits_a_page(self):
        if self.style == "standee" and self.size_mm > MAX_STANDEE_WIDTH_MM:
            raise FieldProblem("size_mm", f"a standee {self.size_mm:g} mm wide would be "
                               f"{self.size_mm * STANDEE_HEIGHT_PER_WIDTH:g} mm tall; at most "
                               f"{MAX_STANDEE_WIDTH_MM:g} mm fits every paper in both modes",
                               related=("tokens.style",))
        return self


class Layout(LayoutBase):
    """A Racing Kings layout."""

    kind: ClassVar[str] = "racing_kings"
    replaced_tables: ClassVar[tuple[str, ...]] = ("setup",)

    board: BoardSpec = Field(BoardSpec(), description="the squares and the goal rank")
    colors: Colors = Field(Colors(), description="colours of the board and its diagrams")
    setup: Setup | None = Field(
        None, description="the start position; left out, the standard one on the first two "
                             "ranks (Black on the left, White on the right)")
    tokens: Tokens = Field(Tokens(), description="the printed pieces")

    @model_validator(mode="after")
    def position_is_legal(self):
        raise_all(start_problems(self))
        return self

    @property
    def naming(self) -> Naming:
        """Chess names with the layout's file letters: rank 1 is the players' side."""
        return Naming("chess", len(self.board.letters), self.board.ranks, self.board.letters)

    def square_name(self, file_index: int, rank: int) -> str:
        """A square's name as players say it: file letter and rank number (``e2``)."""
        return self.naming.name(self.naming.cell_at(file_index, rank))


def setup_key(layout: Layout) -> str:
    """The layout key a problem with the start position points at."""
    if layout.setup is None:
        return "board.files"
    return "setup.fen" if layout.setup.fen is not None else "setup.ascii"


def read_position(layout: Layout) -> Placement:
    """The start position as given, or the standard one; ValueError if it does not fit."""
    spec = layout.board
    files, ranks = len(spec.letters), spec.ranks
    if layout.setup is not None and layout.setup.fen is not None:
        return parse_fen(layout.setup.fen, files, ranks)
    if layout.setup is not None:
        return parse_ascii(layout.setup.ascii or "", files, ranks)
    if files < STANDARD_WIDTH:
        raise ValueError(f"the standard start needs at least {STANDARD_WIDTH} files, the board "
                         f"has {files}; give a start position as [setup] fen or ascii")
    return standard_position(files)


def start_problems(layout: Layout) -> list[FieldProblem]:
    """Every reason the layout's start position cannot begin a game, each naming its keys."""
    key, spec = setup_key(layout), layout.board
    size = ("board.files", "board.ranks")
    if spec.goal_rank is not None and spec.goal_rank > spec.ranks:
        return [FieldProblem("board.goal_rank", f"goal_rank {spec.goal_rank} is beyond the "
                             f"board's {spec.ranks} ranks", related=("board.ranks",))]
    try:
        placement = read_position(layout)
    except ValueError as exc:
        return [FieldProblem(key, str(exc), related=size if layout.setup else ())]
    goal_key = "board.goal_rank" if spec.goal_rank is not None else "board.ranks"
    problems = []
    for message, about_goal in position_problems(placement, len(spec.letters), spec.ranks,
                                                 spec.goal, layout.square_name):
        if layout.setup is None:  # the standard start is sound: only the goal can clash with it
            problems.append(FieldProblem(goal_key if about_goal else key, message))
        else:
            problems.append(FieldProblem(key, message, related=(goal_key,) if about_goal else ()))
    return problems

