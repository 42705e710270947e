"""What a course map must satisfy to be played by the rules; each failure names a square.

Checks come in stages: the parts of the course (start spaces, goal, arrows) first, then
its shape (width, which way is forward), then whether the obstacle can block it. A later
stage needs the earlier ones to hold, so problems are collected stage by stage.
"""

from __future__ import annotations

from boardgen.games.steeple_chess.course import (DIRECTION_NAMES, START_COLOURS, Cell, Course,
                                                 MapError, areas)
from boardgen.games.steeple_chess.moves import blocking_placements, cut_off, obstacle_placements

TRACK_WIDTH = 4


def course_problems(course: Course) -> list[MapError]:
    """Every rule of the course the map breaks, as far as the earlier stages allow."""
    stages = ((_check_start, _check_finish, _check_zone), (_check_width, _check_forward),
              (_check_passable,))
    for stage in stages:
        problems = []
        for check in stage:
            try:
                check(course)
            except MapError as problem:
                problems.append(problem)
        if problems:
            return problems
    return []


def _check_start(course: Course) -> None:
    for letter, colour in START_COLOURS.items():
        cells = course.start[letter]
        if not cells:
            raise MapError(f"the map has no {colour} start space ('{letter}')")
        if not _connected(cells):
            raise MapError(f"the {colour} start space ('{letter}') is split in pieces; draw it as "
                           "one block of squares", where=course.where(min(cells)))
        if not course.entries[letter]:
            raise MapError(f"the {colour} start space ('{letter}') does not touch the course, so it "
                           "has no start line", where=course.where(min(cells)))


def _check_finish(course: Course) -> None:
    if not course.goal:
        raise MapError("the map has no goal area ('F') beyond a finish line")
    if not course.finish_line:
        raise MapError("the goal area ('F') does not touch the course, so there is no finish line",
                       where=course.where(min(course.goal)))


def _check_zone(course: Course) -> None:
    arrows = course.arrows
    if len(arrows) != 2:
        where = ", ".join(course.name(c) for c, _ in arrows) or "none"
        raise MapError(f"the map needs exactly two arrows (< > ^ v) marking the obstacle zone; "
                       f"found {len(arrows)} ({where})")
    for cell, step in arrows:
        if not course.arrow_side(cell, step):
            raise MapError(f"the arrow pointing {DIRECTION_NAMES[step]} needs an edge of the course "
                           "beside it (to its left or right) to be drawn on", where=course.where(cell))
    if not _connected(course.zone):
        raise MapError("the arrow zone (o and the two arrows) must be one connected area of the "
                       "course", where=course.where(min(course.zone)))
    if not obstacle_placements(course):
        raise MapError("the arrow zone has no two neighbouring squares, so the 1×2 obstacle "
                       "cannot be placed", where=course.where(min(course.zone)))


def _check_width(course: Course) -> None:
    full: dict[Cell, bool] = {}  # by top-left corner: up to 16 squares ask about each block

    def full_block(top_left: Cell) -> bool:
        if top_left not in full:
            full[top_left] = _full_block(course, top_left)
        return full[top_left]

    narrow = [cell for cell in sorted(course.course, key=lambda c: (c[1], c[0]))
              if not any(full_block((cell[0] - dx, cell[1] - dy))
                         for dx in range(TRACK_WIDTH) for dy in range(TRACK_WIDTH))]
    if narrow:
        more = f" (so do {len(narrow) - 1} other squares)" if len(narrow) > 1 else ""
        raise MapError(f"the course must be {TRACK_WIDTH} squares wide everywhere; this square "
                       f"lies in no {TRACK_WIDTH}×{TRACK_WIDTH} block of course squares "
                       f"without a wall inside{more}", where=course.where(narrow[0]))


def _full_block(course: Course, top_left: Cell) -> bool:
    block = [(top_left[0] + dx, top_left[1] + dy)
             for dy in range(TRACK_WIDTH) for dx in range(TRACK_WIDTH)]
    if not all(c in course.course for c in block):
        return False
    inside = set(block)
    return not any(a in inside and b in inside for a, b in course.walls)


def _check_forward(course: Course) -> None:
    for cell in sorted(course.squares - course.corner, key=lambda c: (c[1], c[0])):
        if cell not in course.distance:
            raise MapError("no way leads from this square to the goal area", where=course.where(cell))
        ways = course.forward[cell]
        if len(ways) != 1:
            found = " or ".join(DIRECTION_NAMES[w] for w in ways) or "no direction"
            raise MapError(f"a Pawn cannot tell which way is forward here ({found}); mark squares "
                           "where the track turns as corner area ('c')", where=course.where(cell))


def _check_passable(course: Course) -> None:
    lost = cut_off(course)
    if lost:
        colours = ", ".join(START_COLOURS[c] for c in lost)
        raise MapError(f"no path leads from the {colours} start space to the goal area",
                       where=course.where(course.entries[lost[0]][0]))
    blocking = blocking_placements(course)
    if blocking:
        (a, b), lost = blocking[0]
        colours = ", ".join(START_COLOURS[c] for c in lost)
        more = f" (so do {len(blocking) - 1} other positions)" if len(blocking) > 1 else ""
        raise MapError(f"the obstacle on {course.name(a)} and {course.name(b)} cuts the {colours} "
                       f"start space off from the goal{more}; widen the course or move the "
                       "arrow zone", where=course.where(a))


def _connected(cells: frozenset[Cell]) -> bool:
    return len(areas(cells)) <= 1

