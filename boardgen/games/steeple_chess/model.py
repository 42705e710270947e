"""The Steeple Chess layout: the course map and its printing parameters."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, field_validator

from boardgen.games.steeple_chess.checks import check_course
from boardgen.games.steeple_chess.course import Course, parse_map
from boardgen.layout import Color, LayoutBase, Millimetres, Model
from boardgen.pieces import PIECE_LETTERS

PLAYERS = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}


class CourseSpec(Model):
    square_mm: Millimetres = 30.0
    border_mm: float = Field(18.0, ge=6, le=100)
    map: str = Field(max_length=20_000)

    @field_validator("map")
    @classmethod
    def playable(cls, text: str) -> str:
        check_course(parse_map(text))  # a MapError is a ValueError naming the square
        return text


class Colors(Model):
    light: Color = "#f5ead2"
    dark: Color = "#c9a878"
    corner_light: Color = "#e3ebf2"
    corner_dark: Color = "#93aac0"
    zone_light: Color = "#efe3d8"
    zone_dark: Color = "#bf9a86"
    black: Color = "#1b1b1b"
    goal: Color = "#f7e7a6"
    infield: Color = "#dde9cd"
    border: Color = "#dde9cd"
    wall: Color = "#3a2a1c"
    frame: Color = "#3a2a1c"
    text: Color = "#3a2a1c"
    arrow: Color = "#111111"
    green: Color = "#2f9a4a"
    yellow: Color = "#f1c21b"
    red: Color = "#d43a2f"
    blue: Color = "#2e6cc9"
    obstacle: Color = "#2b2b2b"

    def player(self, letter: str) -> str:
        return getattr(self, PLAYERS[letter])


class DieSpec(Model):
    edge_mm: float = Field(20.0, ge=10, le=80)
    # What an ordinary die's 1..6 stand for; on the chess die, faces whose numbers add up
    # to 7 lie opposite each other, as on an ordinary die.
    faces: str = Field("PNBRQK", min_length=6, max_length=6)

    @field_validator("faces")
    @classmethod
    def all_six_pieces(cls, faces: str) -> str:
        faces = faces.upper()
        if sorted(faces) != sorted(PIECE_LETTERS):
            raise ValueError(f"faces must name each of {PIECE_LETTERS} once (1 to 6), found {faces!r}")
        return faces


class TokenSpec(Model):
    size_mm: float = Field(24.0, ge=10, le=60)
    per_colour: int = Field(3, ge=1, le=9)


class PieceNames(Model):
    K: str = Field("King", max_length=30)
    Q: str = Field("Queen", max_length=30)
    R: str = Field("Rook", max_length=30)
    B: str = Field("Bishop", max_length=30)
    N: str = Field("Knight", max_length=30)
    P: str = Field("Pawn", max_length=30)


class Labels(Model):
    start: str = Field("START", max_length=20)
    finish: str = Field("FINISH", max_length=20)
    table: str = Field("No chess die? Roll an ordinary one:", max_length=60)
    die_title: str = Field("The chess die", max_length=60)
    die_help: tuple[str, ...] = Field(
        ("Cut along the solid lines, fold along the dashed lines",
         "and glue each grey tab under the face it meets."), max_length=4)
    obstacle: str = Field("Obstacle", max_length=20)
    pieces: PieceNames = PieceNames()


class Layout(LayoutBase):
    kind: ClassVar[str] = "steeple_chess"
    course: CourseSpec
    colors: Colors = Colors()
    die: DieSpec = DieSpec()
    tokens: TokenSpec = TokenSpec()
    labels: Labels = Labels()

    @property
    def track(self) -> Course:
        """The parsed course map (parsed once per map text)."""
        return parse_map(self.course.map)
