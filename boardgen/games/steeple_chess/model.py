"""The Steeple Chess layout: the course map, its printing parameters and printed words."""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

from typing import Any, ClassVar

from pydantic import Field, field_validator, model_validator

from boardgen.components import grid_board
from boardgen.components.title_band import TitleBand
from boardgen.games.steeple_chess.checks import course_problems
from boardgen.games.steeple_chess.course import Course, parse_map
from boardgen.i18n import flatten
from boardgen.layout import Color, FieldProblem, LayoutBase, Model, raise_all
from boardgen.marks import mark_for
from boardgen.pieces import PIECE_LETTERS

PLAYERS = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}


def player_mark(letter: str) -> str:
    """The shape that tells a colour's pieces and start space apart without the colour."""
    return mark_for(list(PLAYERS).index(letter))
MAX_BOARD_MM = 2000.0  # a board longer than 2 m a side is no table game any more

# Every printed word the game asks for (the placeholders each may use are those of the
# shipped layout's texts, checked with every game's labels).
LABELS: tuple[str, ...] = (
    "start", "finish", "table", "obstacle", "die.title", "die.help", "die.entry",
    "pieces.title", "pieces.piece", *(f"pieces.{letter}" for letter in PIECE_LETTERS),
    "aid.title", "aid.capture", "aid.jump", *(f"aid.{letter}" for letter in PIECE_LETTERS),
    *(f"colours.{name}" for name in PLAYERS.values()),
)


class CourseSpec(Model):
    square_mm: float = Field(30.0, ge=10, le=100, description=(
        "edge of one square in mm; the original wooden pieces are large"))
    border_mm: float = Field(18.0, ge=6, le=100, description=(
        "margin round the course in mm, room for the arrows and the square names"))
    map: str = Field(max_length=20_000, description=(
        "the course, one character per square separated by a space (or by | for a wall "
        "between two squares; a line of - under a square puts a wall below it): "
        ". course, c corner area, o arrow zone, > < ^ v arrow zone with a black arrow beside "
        "it, # black square, G Y R B start spaces, F goal area, + centre area, _ no square; "
        "columns a, b, c ... from the left, rows 1, 2, 3 ... from the bottom"))

    @field_validator("map")
    @classmethod
    def parses(cls, text: str) -> str:
        """The map reads as rows of squares (the rules of the course come after)."""
        parse_map(text)  # a MapError is a ValueError naming the row or square
        return text

    @model_validator(mode="after")
    def playable(self) -> "CourseSpec":
        """Every rule the course breaks, and a board too large to print, reported together."""
        problems = [FieldProblem("map", str(p)) for p in course_problems(parse_map(self.map))]
        sides = board_size_mm(parse_map(self.map), self.square_mm, self.border_mm)
        if max(sides) > MAX_BOARD_MM:
            problems.append(FieldProblem(
                "map", f"the board would be {sides[0]:.0f} × {sides[1]:.0f} mm; at most "
                f"{MAX_BOARD_MM:.0f} mm a side: draw fewer squares or make them smaller",
                related=("course.square_mm", "course.border_mm")))
        raise_all(problems, self)
        return self


class Colors(Model):
    light: Color = Field("#f5ead2", description="light squares of the course")
    dark: Color = Field("#c9a878", description="dark squares of the course")
    corner_light: Color = Field("#e3ebf2", description="light squares of the corner areas")
    corner_dark: Color = Field("#93aac0", description="dark squares of the corner areas")
    zone_light: Color = Field("#f4dfe0", description="light squares of the arrow zone")
    zone_dark: Color = Field("#bf9a86", description="dark squares of the arrow zone")
    black: Color = Field("#1b1b1b", description="the permanent black squares")
    goal: Color = Field("#e5e6aa", description="the goal area beyond the finish line")
    infield: Color = Field("#dde9cd", description="the centre area with title and die table")
    border: Color = Field("#dde9cd", description="the margin round the course")
    wall: Color = Field("#3a2a1c", description="walls between squares")
    frame: Color = Field("#3a2a1c", description="the outline of course, goal and start spaces")
    text: Color = Field("#3a2a1c", description="printed words and square names")
    arrow: Color = Field("#111111", description="the two arrows marking the obstacle zone")
    green: Color = Field("#4fa86a", description="green start space and pieces (circle mark)")
    yellow: Color = Field("#ffe56f", description="yellow start space and pieces (triangle mark)")
    red: Color = Field("#a3241a", description="red start space and pieces (square mark)")
    blue: Color = Field("#1d4f86", description="blue start space and pieces (diamond mark)")
    obstacle: Color = Field("#2b2b2b", description="the movable obstacle block")

    def player(self, letter: str) -> str:
        return getattr(self, PLAYERS[letter])


class DieSpec(Model):
    edge_mm: float = Field(20.0, ge=10, le=80, description="edge of the folded chess die in mm")
    faces: str = Field("PNBRQK", min_length=6, max_length=6, description=(
        "the chess piece an ordinary die's 1 to 6 stands for (K Q R B N P, each once); on the "
        "chess die, faces whose numbers add up to 7 lie opposite each other"))

    @field_validator("faces")
    @classmethod
    def all_six_pieces(cls, faces: str) -> str:
        faces = faces.upper()
        if sorted(faces) != sorted(PIECE_LETTERS):
            raise ValueError(f"faces must name each of {PIECE_LETTERS} once (1 to 6), found {faces!r}")
        return faces


class TokenSpec(Model):
    size_mm: float = Field(16.0, ge=10, le=60, description="diameter of the round pieces in mm "
                           "(a start space holds its colour's pieces side by side)")
    per_colour: int = Field(3, ge=1, le=9, description="pieces each player races")


class Layout(LayoutBase):
    kind: ClassVar[str] = "steeple_chess"
    course: CourseSpec = Field(description="the course map and the size of its squares")
    colors: Colors = Field(Colors(), description="colours as #rrggbb")
    die: DieSpec = Field(DieSpec(), description="the chess die and the table for an ordinary die")
    tokens: TokenSpec = Field(TokenSpec(), description="the playing pieces")
    labels: dict[str, dict[str, Any]] = Field(
        default_factory=dict, validate_default=True,  # a layout without labels is checked too
        description="printed words per language: [labels.en], [labels.de], [labels.pl]; "
                    "override any of them in your own layout")

    @field_validator("labels")
    @classmethod
    def printable(cls, labels: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Every word the kit prints exists in English."""
        english = flatten(labels.get("en", {}))
        problems = [FieldProblem(f"en.{key}", "missing printed text")
                    for key in LABELS if not isinstance(english.get(key), str)]
        raise_all(problems, labels)
        return labels

    @model_validator(mode="after")
    def pieces_fit(self) -> "Layout":
        """The round pieces fit on the squares they stand on."""
        sq = self.course.square_mm
        if self.tokens.size_mm > sq:
            raise FieldProblem("course.square_mm", f"squares of {sq:g} mm are too small for "
                               f"pieces of {self.tokens.size_mm:g} mm",
                               related=("tokens.size_mm",))
        return self

    @property
    def track(self) -> Course:
        """The parsed course map (parsed once per map text)."""
        return parse_map(self.course.map)


def board_size_mm(course: Course, square_mm: float, border_mm: float) -> tuple[float, float]:
    """Width and height of the printed board in mm, border included, as the shared grid
    board measures it (the course board has no title band above its squares)."""
    measure = grid_board.Model(type="grid", cell_mm=square_mm, border_mm=border_mm,
                               title=TitleBand(height_mm=0))
    return grid_board.board_size(measure, course)


__all__ = ["Colors", "CourseSpec", "DieSpec", "LABELS", "Layout", "PLAYERS", "TokenSpec",
           "board_size_mm", "player_mark"]
