"""Setups: where the movable obstacle (and optionally pieces) stand, and whether that is legal.

A setup file::

    [obstacle]
    cells = ["f14", "g14"]

    [[piece]]
    color = "red"
    number = 2
    cell = "k3"

Names that are not squares of the map are bad input (exit 2); a placement that
breaks a rule is a problem in the report (exit 1).
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from boardgen.errors import InputError
from boardgen.games.steeple_chess.board import Drawn
from boardgen.games.steeple_chess.course import Cell, Course
from boardgen.games.steeple_chess.model import PLAYERS, Layout
from boardgen.games.steeple_chess.moves import cut_off, open_placements
from boardgen.layout import RawLayout, SetupModel, read_toml, validate_model
from boardgen.report import Problem, Report

LETTER_OF = {name: letter for letter, name in PLAYERS.items()}


SquareName = Annotated[str, Field(max_length=8, description="a square's name, like \"f14\"")]


class ObstacleEntry(SetupModel):
    cells: list[SquareName] = Field(max_length=8, description="the two squares it covers")


class PieceEntry(SetupModel):
    color: Literal["green", "yellow", "red", "blue"] = Field(description="the piece's colour")
    number: int = Field(ge=1, le=9, description="the number printed on the piece")
    cell: SquareName = Field(description="the square it stands on")


class SetupFile(SetupModel):
    obstacle: ObstacleEntry | None = Field(None, description="where the movable obstacle stands")
    piece: list[PieceEntry] = Field(default_factory=list, max_length=64,
                                    description="pieces on the course")


@dataclass(frozen=True)
class Setup:
    """A setup with its square names resolved: obstacle cells and (cell, colour letter, number)."""

    source: str
    obstacle: tuple[Cell, ...] | None
    pieces: tuple[tuple[Cell, str, int], ...]

    def drawn(self) -> Drawn:
        return Drawn(self.obstacle or (), self.pieces)


def load_setup(layout: Layout, path: Path | str) -> Setup:
    """Read a setup file; unknown keys, wrong types and names off the map are InputErrors."""
    path = Path(path)
    data, text = read_toml(path, "setup files")
    entry = validate_model(SetupFile, RawLayout(data, (path,), (text,)))
    course = layout.track
    source = str(path)
    obstacle = None
    if entry.obstacle is not None:
        obstacle = tuple(_cell(course, name, source, f"obstacle.cells[{i}]")
                         for i, name in enumerate(entry.obstacle.cells))
    placed = []
    for i, piece in enumerate(entry.piece):
        if piece.number > layout.tokens.per_colour:
            raise InputError(f"each colour has pieces 1 to {layout.tokens.per_colour}; "
                             f"found number {piece.number}", source=source,
                             key=f"piece[{i}].number")
        placed.append((_cell(course, piece.cell, source, f"piece[{i}].cell"),
                       LETTER_OF[piece.color], piece.number))
    return Setup(source, obstacle, tuple(placed))


def _cell(course: Course, name: str, source: str, key: str) -> Cell:
    """The square a setup names; anything else is one InputError naming the entry."""
    cell = course.cell(name)
    if cell is None:
        last = course.name((course.width - 1, 0))
        raise InputError(f"{ascii(name)} is not a square of this board; squares are named a1 to "
                         f"{last}", source=source, key=key)
    return cell


def validate_setup(layout: Layout, path: Path | str, partial: bool = False) -> Report:
    """Every rule the setup breaks, with the board drawn in ASCII and the culprits marked."""
    setup = load_setup(layout, path)
    return check_setup(layout.track, setup, partial)


def check_setup(course: Course, setup: Setup, partial: bool = False) -> Report:
    """The report for a resolved setup (pure: no files)."""
    problems = _piece_problems(course, setup)
    notes: list[str] = []
    if setup.obstacle is None:
        notes.append("The obstacle is not on the board yet.")
    else:
        problems += _obstacle_problems(course, setup, partial)
    marked = {cell for p in problems for cell in _cells_named(course, p.cells)}
    return Report(f"setup {setup.source}", tuple(problems), ascii_board(course, setup, marked),
                  LEGEND, tuple(notes))


def _piece_problems(course: Course, setup: Setup) -> list[Problem]:
    problems: list[Problem] = []
    seen_pieces: dict[tuple[str, int], Cell] = {}
    seen_cells: dict[Cell, tuple[str, int]] = {}
    for cell, letter, number in setup.pieces:
        who = f"{PLAYERS[letter]} {number}"
        name = course.name(cell)
        if (letter, number) in seen_pieces:
            problems.append(Problem("piece-twice", f"piece {who} is listed twice", (name,)))
        seen_pieces[(letter, number)] = cell
        if cell in course.black:
            problems.append(Problem("piece-on-black", f"piece {who} stands on the black square "
                                    f"{name}", (name,)))
        elif cell not in course.squares:
            problems.append(Problem("piece-off-course", f"piece {who} stands on {name}, which is "
                                    "not a course square", (name,)))
        if cell in seen_cells:
            other = seen_cells[cell]
            problems.append(Problem("pieces-share-square", f"pieces {PLAYERS[other[0]]} {other[1]} "
                                    f"and {who} both stand on {name}", (name,)))
        seen_cells[cell] = (letter, number)
    return problems


def _obstacle_problems(course: Course, setup: Setup, partial: bool) -> list[Problem]:
    cells = setup.obstacle or ()
    names = tuple(course.name(c) for c in cells)
    problems: list[Problem] = []
    if len(set(cells)) != len(cells):
        problems.append(Problem("obstacle-cells", f"the obstacle names a square twice: "
                                f"{', '.join(names)}", names))
    elif len(cells) > 2 or (len(cells) < 2 and not partial):
        problems.append(Problem("obstacle-cells", f"the obstacle covers exactly 2 squares; the "
                                f"setup gives {len(cells)}", names))
    if len(cells) == 2 and len(set(cells)) == 2 and not _neighbours(course, *cells):
        problems.append(Problem("obstacle-not-adjacent", f"{names[0]} and {names[1]} are not "
                                "side by side (orthogonally adjacent, no wall between)", names))
    for cell, name in zip(cells, names):
        if cell in course.black:
            problems.append(Problem("obstacle-on-black", f"{name} is a permanent black square",
                                    (name,)))
        elif cell not in course.course:
            problems.append(Problem("obstacle-off-course", f"{name} is not on the course",
                                    (name,)))
        elif cell not in course.zone:
            problems.append(Problem("obstacle-outside-zone", f"{name} lies outside the area "
                                    "between the two arrows", (name,)))
    on_pieces = [course.name(c) for c, _, _ in setup.pieces if c in cells]
    if on_pieces:
        problems.append(Problem("obstacle-on-piece", f"the obstacle would cover a piece on "
                                f"{', '.join(on_pieces)}", tuple(on_pieces)))
    for letter in cut_off(course, cells):
        problems.append(Problem("course-blocked", f"no King-step path leads from the "
                                f"{PLAYERS[letter]} start space to the finish line past the "
                                "obstacle", names))
    return problems


def _neighbours(course: Course, a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and course.open(a, b)


def _cells_named(course: Course, names: tuple[str, ...]) -> list[Cell]:
    return [c for c in (course.cell(n) for n in names) if c is not None]


# ---- the ASCII board of a report -----------------------------------------------------

LEGEND = ("legend: . square  c corner  o < > ^ v arrow zone  # black  F goal  G Y R B start  "
          "X obstacle  g y r b pieces  ! problem  | - walls")


def ascii_board(course: Course, setup: Setup, marked: set[Cell] = frozenset()) -> str:
    """The map as it is written, with the obstacle, pieces and problem squares drawn in."""
    overlay: dict[Cell, str] = {}
    for cell in setup.obstacle or ():
        overlay[cell] = "X"
    for cell, letter, _ in setup.pieces:
        overlay[cell] = letter.lower()
    for cell in marked:
        overlay[cell] = "!"
    return course.ascii(overlay)


def random_setup(layout: Layout, seed: int) -> str:
    """A random legal obstacle position as setup TOML (same seed, same setup)."""
    course = layout.track
    a, b = random.Random(seed).choice(open_placements(course))
    return (f"# {layout.title}: the movable obstacle (seed {seed})\n"
            f"[obstacle]\ncells = [\"{course.name(a)}\", \"{course.name(b)}\"]\n")

