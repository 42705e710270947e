"""How a piece moves: a throw, the finishing rule, and the effects of the spaces it lands on.

One player's race is positions 0 to ``length``: 0 is the start off the board, ``length``
the finish. A throw moves a piece forward by the dice's sum; past the finish the throw is
lost (``exact``), counted back (``bounce``) or wins anyway (``pass``). Where the piece
lands, its space acts: ``jump`` moves it to another space (whose effect acts in turn),
``again`` moves it by the same throw once more in the way it was going, ``start`` sends
it back, ``skip`` costs it turns and ``wait`` holds it until another piece arrives.

The exact analysis, the simulation, ``check`` and the rule texts all move pieces with
:func:`Course.throw`, so they cannot disagree about a rule.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from boardgen.components.kinds import Effect, effect_of
from boardgen.layout import FieldProblem

MAX_CHAIN = 64  # effects followed in one move before it counts as a loop


class EffectLoop(Exception):
    """A move whose effects never end; ``spaces`` are the spaces of the loop."""

    def __init__(self, spaces: tuple[int, ...]):
        super().__init__(spaces)
        self.spaces = spaces


@dataclass(frozen=True)
class Landing:
    """Where a throw leaves a piece, and what its last space does to it afterwards."""

    position: int
    skip: int = 0          # turns lost
    wait: bool = False     # held until another piece arrives
    moved: bool = True     # False: the throw was lost
    trail: tuple[int, ...] = ()  # every space the piece stopped on, the effects' included


@dataclass(frozen=True)
class Course:
    """One player's race: its length, start, finishing rule, dice and space effects."""

    length: int
    start: int                       # 0 (off the board) or 1
    finish: str                      # exact | bounce | pass
    effects: tuple[Effect | None, ...]  # by position; 0 and the finish have none
    dice: int = 1
    sides: int = 6
    first_throw: tuple[tuple[tuple[int, ...], int], ...] = ()  # sorted faces → position

    @cached_property
    def first_table(self) -> dict[tuple[int, ...], int]:
        return dict(self.first_throw)

    def outcomes(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """Every way the dice can fall, each with its chance."""
        chance = 1.0 / self.sides ** self.dice
        for faces in itertools.product(range(1, self.sides + 1), repeat=self.dice):
            yield faces, chance

    def advance(self, position: int, steps: int, backwards: bool = False
                ) -> tuple[int, bool] | None:
        """Where ``steps`` take a piece, and whether it is going backwards then; None when
        the throw is lost."""
        if backwards:
            return max(self.start, position - steps), True
        target = position + steps
        if target <= self.length:
            return target, False
        if self.finish == "exact":
            return None
        if self.finish == "pass":
            return self.length, False
        return max(self.start, 2 * self.length - target), True

    def throw(self, position: int, faces: tuple[int, ...], first: bool = False) -> Landing:
        """A throw of ``faces`` from ``position``; ``first``: the player's first throw."""
        steps = sum(faces)
        if first and tuple(sorted(faces)) in self.first_table:
            return self.land(self.first_table[tuple(sorted(faces))], steps, False)
        moved = self.advance(position, steps)
        if moved is None:
            return Landing(position, moved=False)
        return self.land(moved[0], steps, moved[1])

    def land(self, position: int, steps: int, backwards: bool) -> Landing:
        """The effects of the spaces a piece lands on, one after another."""
        trail = [position]
        seen = {(position, backwards)}
        while 0 < position < self.length:
            effect = self.effects[position]
            if effect is None:
                break
            if effect.kind == "skip":
                return Landing(position, skip=effect.turns or 1, trail=tuple(trail))
            if effect.kind == "wait":
                return Landing(position, wait=True, trail=tuple(trail))
            if effect.kind == "start":
                position, backwards = self.start, False
            elif effect.kind == "jump":
                position, backwards = effect.to, False
            elif effect.kind == "again":
                moved = self.advance(position, steps, backwards)
                if moved is None:
                    break  # the second move is lost: the piece stays where it landed
                position, backwards = moved
            trail.append(position)
            if (position, backwards) in seen or len(trail) > MAX_CHAIN:
                loop = trail[trail.index(position):] if position in trail[:-1] else trail
                raise EffectLoop(tuple(dict.fromkeys(loop)))
            seen.add((position, backwards))
        return Landing(position, trail=tuple(trail))


def course_of(layout) -> Course:
    """The race a layout describes, for one player (a loop: the first player's way round)."""
    length = layout.length
    effects: list[Effect | None] = [None] * (length + 1)
    for number in range(1, length):
        placed = layout.placed(number)
        if placed is not None:
            effect = effect_of(layout.kinds[placed.kind], placed)
            if effect is not None and effect.kind == "jump" and effect.to == 0:
                effect = Effect("start")  # a jump to the start is the start's effect
            effects[number] = effect
    start = 0 if layout.race.start == "off" else 1
    first = tuple(sorted((layout.dice.faces_of(key), target)
                         for key, target in layout.dice.first_throw.items()))
    return Course(length, start, layout.race.finish, tuple(effects), layout.dice.count,
                  layout.dice.sides, first)


def resting_places(course: Course) -> tuple[set[int], dict[int, set[int]], EffectLoop | None]:
    """The positions a piece can stand on between throws, from the start, and where each leads
    in one throw (from the start: its first throw too); and the first loop of effects met."""
    graph: dict[int, set[int]] = {}
    waiting = [course.start]
    while waiting:
        here = waiting.pop()
        if here in graph:
            continue
        graph[here] = set()
        if here == course.length:
            continue
        firsts = (False, True) if here == course.start and course.first_throw else (False,)
        for faces, _ in course.outcomes():
            for first in firsts:
                try:
                    landing = course.throw(here, faces, first=first)
                except EffectLoop as loop:
                    return set(graph), graph, loop
                graph[here].add(landing.position)
                waiting.append(landing.position)
    return set(graph), graph, None


def unfinishable(course: Course, graph: dict[int, set[int]]) -> list[int]:
    """The resting places from which no sequence of throws reaches the finish."""
    reaches = {course.length}
    changed = True
    while changed:
        changed = False
        for here, there in graph.items():
            if here not in reaches and there & reaches:
                reaches.add(here)
                changed = True
    return sorted(p for p in graph if p not in reaches)


def course_problems(layout) -> list[FieldProblem]:
    """What makes a layout's race impossible, naming the spaces: a loop of effects with no way
    out, or spaces from which the finish cannot be reached."""
    problems = []
    jumps = _jump_loops(layout)
    if jumps:
        return jumps
    course = course_of(layout)
    _, graph, loop = resting_places(course)
    if loop is not None:
        names = " → ".join(str(n) for n in loop.spaces)
        return [FieldProblem("spaces", f"a loop of effects with no way out: {names}; a piece "
                                       "landing there would move for ever")]
    stuck = unfinishable(course, graph)
    if stuck:
        where = ", ".join("the start" if p == 0 else str(p) for p in stuck[:12])
        more = f" and {len(stuck) - 12} more" if len(stuck) > 12 else ""
        rule = {"exact": "the last space must be reached exactly",
                "bounce": "the excess is counted back",
                "pass": "passing the last space wins"}[course.finish]
        problems.append(FieldProblem(
            "race.finish", f"the race cannot be finished from space {where}{more} ({rule}, "
            f"with {course.dice} {'die' if course.dice == 1 else 'dice'} of {course.sides} "
            "faces)", related=("dice.count", "spaces")))
    return problems


def _jump_loops(layout) -> list[FieldProblem]:
    """Jumps that lead round in a circle (10 → 20 → 10), found without moving a piece."""
    targets = {}
    for number in layout.marked:
        placed = layout.placed(number)
        if placed is None or placed.kind not in layout.kinds:
            continue
        effect = effect_of(layout.kinds[placed.kind], placed)
        if effect is not None and effect.kind == "jump" and effect.to is not None:
            targets[number] = effect.to
    reported: set[int] = set()
    problems = []
    for start in sorted(targets):
        path, here = [], start
        while here in targets and here not in path:
            path.append(here)
            here = targets[here]
        if here in path and here not in reported:
            loop = path[path.index(here):]
            reported.update(loop)
            problems.append(FieldProblem(f"spaces.{loop[0]}", "a loop of jumps with no way out: "
                                         + " → ".join(str(n) for n in loop + [loop[0]])))
    return problems
