"""What a rule text says about the course being built: counts, names and lengths.

``rule_context`` gives the rule templates plain numbers, names and short codes
(``"top"``, ``"anticlockwise"``); each language's template words them, so a redrawn
course gets rules that describe it.
"""

from __future__ import annotations

from typing import Any

from boardgen.games.steeple_chess.course import (EAST, NORTH, ORTHOGONAL, START_COLOURS, Cell,
                                                 Course, offset)
from boardgen.games.steeple_chess.model import PLAYERS, Layout, board_size_mm
from boardgen.i18n import Words


def rule_context(layout: Layout, words: Words) -> dict[str, Any]:
    """Numbers, names and codes for the rule templates, all taken from ``layout``."""
    course = layout.track
    per_colour = layout.tokens.per_colour
    faces = layout.die.faces
    piece = {letter: words(f"pieces.{letter}") for letter in faces}
    colours = [words(f"colours.{PLAYERS[letter]}") for letter in START_COLOURS]
    width_mm, height_mm = board_size_mm(course, layout.course.square_mm, layout.course.border_mm)
    return {
        "title": words("title"),
        "players": len(START_COLOURS),
        "colours": colours,
        "per_colour": per_colour,
        "pieces_total": per_colour * len(START_COLOURS),
        "piece": piece,
        "die": [{"number": i + 1, "letter": letter, "piece": piece[letter]}
                for i, letter in enumerate(faces)],
        "opposite": [(piece[faces[n - 1]], piece[faces[6 - n]]) for n in (1, 2, 3)],
        "columns": course.width,
        "rows": course.height,
        "square_mm": _plain(layout.course.square_mm),
        "board_mm": (_plain(width_mm), _plain(height_mm)),
        "squares": len(course.squares),
        "width": track_width(course),
        "race_length": race_length(course),
        "direction": direction(course),
        "corner_areas": len(course.corner_areas),
        "corner_size": area_size(course.corner_areas),
        "black_squares": sorted_names(course, course.black),
        "arrow_squares": [course.name(cell) for cell, _ in course.arrows],
        "zone_squares": len(course.zone),
        "zone_side": side_of(course, course.zone),
        "black_side": side_of(course, course.black) if course.black else None,
        "walls": len(course.walls),
        "wall_between_goal_and_start": _goal_start_wall(course),
        "ring": is_ring(course),
        "finish_by_start": finish_by_start(course),
        "start_squares": len(course.start["G"]),
        "own_lanes": _own_lanes(course),
        "inside_colour": colours[list(START_COLOURS).index(_inside_start(course))],
    }


def sorted_names(course: Course, cells) -> list[str]:
    """Square names in reading order (columns, then rows from the bottom)."""
    return [course.name(c) for c in sorted(cells, key=lambda c: (c[0], -c[1]))]


def track_width(course: Course) -> int:
    """The narrowest width of the track across its straights, in squares."""
    widths = []
    for cell in course.squares - course.corner:
        axis = course.along(cell)
        if axis is not None:
            widths.append(course.run(cell, NORTH if axis[0] == EAST else EAST))
    return min(widths, default=0)


def race_length(course: Course) -> int:
    """Squares from the start line to the finish line on the shortest way round."""
    firsts = [square for _, square in course.start_line]
    return min((course.distance[s] for s in firsts if s in course.distance), default=0)


def direction(course: Course) -> str:
    """Which way the race runs round the centre of the map: clockwise or anticlockwise."""
    cx, cy = (course.width - 1) / 2, (course.height - 1) / 2
    turn = 0.0
    for cell, ways in course.forward.items():
        if len(ways) == 1:
            # y runs down the page, so a negative cross product turns anticlockwise
            turn += (cell[0] - cx) * ways[0][1] - (cell[1] - cy) * ways[0][0]
    return "anticlockwise" if turn < 0 else "clockwise"



def area_size(found: tuple[frozenset[Cell], ...]) -> tuple[int, int] | None:
    """Columns × rows of every area, when all are rectangles of the same size; else None."""
    sizes = set()
    for area in found:
        cols = max(c for c, _ in area) - min(c for c, _ in area) + 1
        rows = max(r for _, r in area) - min(r for _, r in area) + 1
        if cols * rows != len(area):
            return None
        sizes.add((cols, rows))
    return sizes.pop() if len(sizes) == 1 else None


def side_of(course: Course, cells) -> str:
    """Which side of the map the squares lie on: top, bottom, left or right."""
    cx = sum(c for c, _ in cells) / len(cells) - (course.width - 1) / 2
    cy = sum(r for _, r in cells) / len(cells) - (course.height - 1) / 2
    if abs(cx) * course.height > abs(cy) * course.width:
        return "right" if cx > 0 else "left"
    return "bottom" if cy > 0 else "top"


def is_ring(course: Course) -> bool:
    """Whether the course runs round the map like a ring: the course, the goal and the start
    spaces fill the map's whole edge and leave room inside it."""
    used = course.course | course.goal | course.start_cells
    edge = [(c, r) for c, r in course.positions
            if c in (0, course.width - 1) or r in (0, course.height - 1)]
    return all(cell in used for cell in edge) and len(used) < len(course.positions)


def finish_by_start(course: Course) -> bool:
    """Whether the goal area lies right beside a start space, so the race ends where it began."""
    return any(offset(cell, step) in course.start_cells
               for cell in course.goal for step in ORTHOGONAL)


def _goal_start_wall(course: Course) -> bool:
    """Whether every wall stands between the goal area and a start space."""
    starts = course.start_cells
    return bool(course.walls) and all(
        (a in course.goal and b in starts) or (b in course.goal and a in starts)
        for a, b in course.walls)


def _own_lanes(course: Course) -> bool:
    """Whether each colour crosses the start line onto squares no other colour uses."""
    squares = [frozenset(sq for start, sq in course.start_line if start in course.start[letter])
               for letter in START_COLOURS]
    return all(not (a & b) for i, a in enumerate(squares) for b in squares[i + 1:])


def _inside_start(course: Course) -> str:
    """The colour whose start space lies nearest the middle of the map."""
    cx, cy = (course.width - 1) / 2, (course.height - 1) / 2

    def reach(letter: str) -> float:
        return min(abs(c - cx) + abs(r - cy) for c, r in course.start[letter])
    return min(START_COLOURS, key=reach)



def _plain(mm: float) -> int | float:
    """A length as players write it: 30, not 30.0; 22.5 stays 22.5."""
    return int(mm) if float(mm).is_integer() else round(mm, 1)
