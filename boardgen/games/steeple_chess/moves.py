"""The movement engine: where a piece may go for a die face, and whether the course stays open.

Pure functions over a :class:`Course` and a :class:`Position`; nothing here draws.
Pieces are identified by colour letter (G, Y, R, B); a piece captures by landing
on an opponent, never on its own colour. Only Knights jump; nothing crosses a wall.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from boardgen.games.steeple_chess.course import (DIAGONAL, ORTHOGONAL, START_COLOURS, Cell, Course,
                                                 Step, offset)
from boardgen.geometry.reach import Obstacle, Runner, check_reachability

FACES = "KQRBNP"
KNIGHT_JUMPS: tuple[Step, ...] = ((1, -2), (2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1),
                                  (-1, -2))
LINES: dict[str, tuple[tuple[Step, ...], int]] = {
    "K": (ORTHOGONAL + DIAGONAL, 1),
    "Q": (ORTHOGONAL + DIAGONAL, 10_000),
    "R": (ORTHOGONAL, 10_000),
    "B": (DIAGONAL, 10_000),
}


@dataclass(frozen=True)
class Position:
    """Where the pieces stand (square → colour letter) and which squares the obstacle covers."""

    pieces: Mapping[Cell, str] = field(default_factory=dict)
    obstacle: frozenset[Cell] = frozenset()


def free(course: Course, position: Position, cell: Cell) -> bool:
    """A square a piece may land on or pass over: on the course or goal, not black, not blocked."""
    return (cell in course.squares or cell in course.goal) and cell not in position.obstacle


def targets(course: Course, position: Position, colour: str, face: str,
            origin: Cell, entering: bool = False) -> frozenset[Cell]:
    """Squares a ``colour`` piece on ``origin`` may move to when the die shows ``face``.

    ``entering``: the piece comes in from its start space, ``origin`` being a start space
    cell behind the line (a Pawn may then go two squares).
    """
    face = face.upper()
    if face in LINES:
        steps, reach = LINES[face]
        return frozenset(_slide(course, position, colour, origin, steps, reach))
    if face == "N":
        return frozenset(_jumps(course, position, colour, origin))
    if face == "P":
        return frozenset(_pawn(course, position, colour, origin, double=entering))
    raise ValueError(f"unknown die face {face!r}; expected one of {FACES}")


def entry_targets(course: Course, position: Position, colour: str, face: str) -> frozenset[Cell]:
    """Squares a new piece may enter to from its start space (counted from behind the line)."""
    return frozenset().union(*(targets(course, position, colour, face, cell, entering=True)
                               for cell in course.entries[colour]))


def _slide(course: Course, position: Position, colour: str, origin: Cell,
           steps: Iterable[Step], reach: int) -> list[Cell]:
    found: list[Cell] = []
    for step in steps:
        here = origin
        for _ in range(reach):
            there = offset(here, step)
            if not free(course, position, there) or not course.open(here, there):
                break
            occupant = position.pieces.get(there)
            if occupant is not None:
                if occupant != colour:
                    found.append(there)
                break
            found.append(there)
            if there in course.goal:
                break  # across the finish line: the piece is home
            here = there
    return found


def _jumps(course: Course, position: Position, colour: str, origin: Cell) -> list[Cell]:
    return [there for jump in KNIGHT_JUMPS
            if free(course, position, there := offset(origin, jump))
            and position.pieces.get(there) != colour and course.jump_open(origin, there)]


def _pawn(course: Course, position: Position, colour: str, origin: Cell,
          double: bool) -> list[Cell]:
    found: list[Cell] = []
    for ahead in course.pawn_forward(origin):
        found.extend(_pawn_steps(course, position, origin, ahead, 2 if double else 1))
        for side in ((ahead[1], ahead[0]), (-ahead[1], -ahead[0])):
            there = offset(offset(origin, ahead), side)
            occupant = position.pieces.get(there)
            if occupant is not None and occupant != colour and free(course, position, there) \
                    and course.open(origin, there):
                found.append(there)
    return found


def _pawn_steps(course: Course, position: Position, origin: Cell, ahead: Step,
                count: int) -> list[Cell]:
    """Straight ahead onto empty squares only: a Pawn never captures forwards."""
    found: list[Cell] = []
    here = origin
    for _ in range(count):
        there = offset(here, ahead)
        if not free(course, position, there) or there in position.pieces \
                or not course.open(here, there):
            break
        found.append(there)
        if there in course.goal:
            break
        here = there
    return found


# ---- the movable obstacle and passability ---------------------------------------


def obstacle_placements(course: Course,
                        occupied: Iterable[Cell] = ()) -> tuple[tuple[Cell, Cell], ...]:
    """Every pair of orthogonally adjacent arrow-zone squares the obstacle may cover."""
    taken = set(occupied)
    pairs = []
    for cell in sorted(course.zone):
        for step in ((1, 0), (0, 1)):
            other = offset(cell, step)
            if other in course.zone and course.open(cell, other) and not taken & {cell, other}:
                pairs.append((cell, other))
    return tuple(pairs)


KING_STEPS = ORTHOGONAL + DIAGONAL


def king_distances(course: Course, blocked: frozenset[Cell]) -> dict[Cell, int]:
    """Fewest King steps from each square (and start space cell) into the goal.

    Black squares and ``blocked`` squares are not passed; a start space cell is reached but
    never crossed; goal cells are at 0.
    """
    found = {cell: 0 for cell in sorted(course.goal)}
    queue = deque(found)
    walkable = course.squares - blocked
    starts = course.start_cells
    while queue:
        here = queue.popleft()
        for step in KING_STEPS:
            there = (here[0] + step[0], here[1] + step[1])
            if there in found or not course.open(here, there):
                continue
            if there in walkable:
                found[there] = found[here] + 1
                queue.append(there)
            elif there in starts:
                found[there] = found[here] + 1
    return found


def reaches_goal(course: Course, sources: Iterable[Cell], blocked: frozenset[Cell]) -> bool:
    """Whether King steps lead from ``sources`` into the goal, around ``blocked`` and walls."""
    runner = Runner(1, tuple(sorted(sources)), tuple(sorted(course.goal)))
    return check_reachability(course, _obstacles(course, blocked), (runner,), "king").ok


def cut_off(course: Course, obstacle: Iterable[Cell] = ()) -> tuple[str, ...]:
    """Colour letters whose start space has no King-step path to the goal: the shared
    reachability check, each colour a runner from the squares behind its start line."""
    runners = tuple(Runner(number, course.entries[letter], tuple(sorted(course.goal)))
                    for number, letter in enumerate(START_COLOURS, start=1)
                    if course.entries[letter])
    report = check_reachability(course, _obstacles(course, frozenset(obstacle)), runners, "king")
    lost = {problem.player for problem in report.problems}
    return tuple(letter for number, letter in enumerate(START_COLOURS, start=1) if number in lost)


def _obstacles(course: Course, blocked: frozenset[Cell]) -> tuple[Obstacle, ...]:
    """What no path crosses: the obstacle, black squares, the centre and the start spaces (a
    runner's own squares behind the line are where it sets out from)."""
    fixed = course.black | course.centre | course.start_cells
    return (Obstacle("the obstacle", tuple(sorted(blocked)), "x"),
            Obstacle("the course's edge", tuple(sorted(fixed - blocked)), "#"))


def blocking_placements(course: Course) -> tuple[tuple[tuple[Cell, Cell], tuple[str, ...]], ...]:
    """Each legal obstacle position that cuts a start space off from the goal, with whom it cuts off."""
    found = []
    for pair in obstacle_placements(course):
        lost = () if detour_nearby(course, pair) else cut_off(course, pair)
        if lost:
            found.append((pair, lost))
    return tuple(found)


def open_placements(course: Course) -> tuple[tuple[Cell, Cell], ...]:
    """The obstacle positions that leave every start space a way to the goal."""
    return tuple(pair for pair in obstacle_placements(course)
                 if detour_nearby(course, pair) or not cut_off(course, pair))


DETOUR_REACH = 3  # squares round the obstacle searched for a way round it


def detour_nearby(course: Course, blocked: tuple[Cell, ...]) -> bool:
    """Whether the squares round ``blocked`` stay linked by King steps close by.

    If they do, every path that ran through the blocked squares can run round them, so
    nothing that reached the goal before is cut off now. This keeps checking every
    obstacle position of a large zone fast; where it fails, a full search decides.
    """
    taken = set(blocked)
    walkable = course.squares | course.goal
    linked = walkable | course.start_cells  # a start space is reached, never crossed
    around = {there for here in blocked for step in KING_STEPS
              if (there := (here[0] + step[0], here[1] + step[1])) in linked
              and there not in taken and course.open(here, there)}
    seeds = sorted(around & walkable)
    if not seeds:
        return not around
    cols = [c for c, _ in blocked]
    rows = [r for _, r in blocked]
    window = (min(cols) - DETOUR_REACH, max(cols) + DETOUR_REACH,
              min(rows) - DETOUR_REACH, max(rows) + DETOUR_REACH)
    seen, stack = {seeds[0]}, [seeds[0]]
    while stack:
        here = stack.pop()
        for step in KING_STEPS:
            there = (here[0] + step[0], here[1] + step[1])
            if (there in seen or there in taken or there not in linked
                    or not (window[0] <= there[0] <= window[1]
                            and window[2] <= there[1] <= window[3])
                    or not course.open(here, there)):
                continue
            seen.add(there)
            if there in walkable:
                stack.append(there)
    return around <= seen
