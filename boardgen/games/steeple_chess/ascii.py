"""Positions written as ASCII boards, and boards drawn back as ASCII.

A position is the course map with pieces drawn over it: ``g y r b`` are pieces of
those colours, ``@`` the piece about to move (green), ``X`` the movable obstacle.
Over the ground character ``.`` by default; give ``ground`` for other squares.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from boardgen.games.steeple_chess.course import Cell, Course, parse_map
from boardgen.games.steeple_chess.moves import Position

PIECE_MARKS = {"g": "G", "y": "Y", "r": "R", "b": "B", "@": "G"}
MOVER = "@"
OBSTACLE = "X"
TARGET = "*"


@dataclass(frozen=True)
class AsciiBoard:
    course: Course
    position: Position
    mover: Cell | None


def read_board(text: str, ground: str = ".") -> AsciiBoard:
    """Course, position and moving piece from one ASCII board."""
    lines = [line.rstrip() for line in textwrap.dedent(text).splitlines() if line.strip()]
    pieces: dict[Cell, str] = {}
    obstacle: set[Cell] = set()
    mover = None
    rows: list[str] = []
    row = 0
    for line in lines:
        if "-" in line and set(line) <= {"-", " "}:
            rows.append(line)
            continue
        chars = list(line)
        for index in range(0, len(chars), 2):
            cell = (index // 2, row)
            mark = chars[index]
            if mark in PIECE_MARKS:
                pieces[cell] = PIECE_MARKS[mark]
                mover = cell if mark == MOVER else mover
                chars[index] = ground
            elif mark == OBSTACLE:
                obstacle.add(cell)
                chars[index] = ground
        rows.append("".join(chars))
        row += 1
    course = parse_map("\n".join(rows))
    return AsciiBoard(course, Position(pieces, frozenset(obstacle)), mover)


def show(course: Course, position: Position, marks: dict[Cell, str] | None = None) -> str:
    """The board as ASCII: course characters, pieces in lower case, X, and any extra marks."""
    overlay: dict[Cell, str] = {c: letter.lower() for c, letter in position.pieces.items()}
    overlay.update({c: OBSTACLE for c in position.obstacle})
    overlay.update(marks or {})
    return course.ascii(overlay, coordinates=False)


def show_targets(board: AsciiBoard, targets) -> str:
    """The board with the mover as ``@`` and each target as ``*`` (a captured piece too)."""
    marks = {c: TARGET for c in targets}
    if board.mover is not None:
        marks[board.mover] = MOVER
    return show(board.course, board.position, marks)
