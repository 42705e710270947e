"""How a piece moves: a throw, the finishing rule, and the effects of the spaces it lands on.

One player's race is positions 0 to ``length``: 0 is the start off the board, ``length``
the finish. On most tracks position and space number are one; on a loop with each player's
entry and home row (a cross, like Ludo's) a player's positions are its way: from its entry
once round to where it turns off, then its home row, whose last space is its finish.

A throw moves a piece forward by the dice's sum (from the start, where the layout names
throws to enter, only those bring it on, to its first space); past the finish the throw is lost
(``exact``), counted back (``bounce``) or wins anyway (``pass``). Where the piece lands,
its space acts: ``jump`` moves it to another space (whose effect acts in turn), ``again``
moves it by the same throw once more in the way it was going, ``start`` sends it back,
``skip`` costs it turns and ``wait`` holds it until another piece arrives.

The exact analysis, the simulation, ``check`` and the rule texts all move pieces with
:func:`Course.throw`, so they cannot disagree about a rule.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from boardgen.components.kinds import Effect, effect_of
from boardgen.components.track_board import CrossLoop
from boardgen.geometry.track import cross_track
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
    enter: frozenset[int] = frozenset()  # throws that bring a piece on from the start (0)
    capture: bool = False   # a piece ending where another player's stands sends it back
    safe: frozenset[int] = frozenset()  # positions where no piece is sent back
    throw_again: frozenset[int] = frozenset()  # throws after which the player throws again

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
        if position == 0 and self.enter:  # only these throws bring it on, to its first space
            return self.land(1, steps, False) if steps in self.enter else Landing(0, moved=False)
        moved = self.advance(position, steps)
        if moved is None:
            return Landing(position, moved=False)
        return self.land(moved[0], steps, moved[1])

    def again_after(self, faces: tuple[int, ...], landing: Landing) -> bool:
        """Whether a throw of ``faces`` that left the piece at ``landing`` gives its player
        another throw at once: a throw named for it, unless it won, or its space costs the
        piece turns or holds it."""
        return (sum(faces) in self.throw_again and landing.position != self.length
                and not landing.skip and not landing.wait)

    def captures_at(self, position: int) -> bool:
        """Whether a piece ending its move at ``position`` sends back another player's there:
        never at the start, at the finish or on a safe space."""
        return self.capture and self.start < position < self.length and position not in self.safe

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


@dataclass(frozen=True)
class Way:
    """The spaces one player's piece goes along: main spaces by number, then its home row."""

    spaces: tuple[int, ...]
    home: int = 0  # spaces of the home row after them (a loop's; none on other tracks)

    @property
    def length(self) -> int:
        return len(self.spaces) + self.home

    def position_of(self, number: int) -> int | None:
        """The position of main space ``number`` on this way (its first, where the way
        passes it twice), None where the way never passes it."""
        return next((at for at, n in enumerate(self.spaces, start=1) if n == number), None)

    def name(self, position: int) -> str:
        """A position as a message names it: "the start", "12", "home space 2"."""
        if position == 0:
            return "the start"
        if position <= len(self.spaces):
            return str(self.spaces[position - 1])
        return f"home space {position - len(self.spaces)}"

    def names(self, positions: list[int]) -> str:
        """Positions as a message lists them: "the start, spaces 57, 58, home space 2"."""
        main = [str(self.spaces[p - 1]) for p in positions if 0 < p <= len(self.spaces)]
        home = [str(p - len(self.spaces)) for p in positions if p > len(self.spaces)]
        parts = ["the start"] if 0 in positions else []
        for what, numbers in (("space", main), ("home space", home)):
            if numbers:
                parts.append(f"{what}{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}")
        return ", ".join(parts)


def way_of(layout, player: int = 1) -> Way:
    """The way ``player``'s pieces go: on a cross, from its entry once round the loop to its
    arm's tip, where it turns off into its home row; on any other track, every space."""
    board = layout.board
    if not isinstance(board, CrossLoop):
        return Way(tuple(range(1, layout.length + 1)))
    track = cross_track(board.arm, max(player, layout.players.max), board.corner_cells,
                        board.entry, board.home, board.pieces)
    loop, entry = len(track.main), int(track.entries[player])
    turn_off = int(track.turn_offs[player])
    steps = (turn_off - entry) % loop or loop  # entering at the tip: once round to it again
    spaces = tuple((entry - 1 + k) % loop + 1 for k in range(steps + 1))
    return Way(spaces, len(track.homes[player]))


def course_of(layout, player: int = 1, way: Way | None = None) -> Course:
    """The race a layout describes, for ``player`` (on a loop: the first player's way unless
    told; ``way``: that player's, where the caller has it already); a jump's target is where
    that space lies on the way."""
    way = way if way is not None else way_of(layout, player)
    length = way.length
    effects: list[Effect | None] = [None] * (length + 1)
    for at, number in enumerate(way.spaces, start=1):
        placed = layout.placed(number) if at < length else None
        if placed is not None:
            effects[at] = _on_way(effect_of(layout.kinds[placed.kind], placed), way)
    race = layout.race
    start = 0 if race.start == "off" else 1
    first = tuple(sorted((layout.dice.faces_of(key), way.position_of(target) or 0)
                         for key, target in layout.dice.first_throw.items()))
    safe = frozenset(at for at, number in enumerate(way.spaces, start=1)
                     if (placed := layout.placed(number)) is not None and placed.kind in race.safe)
    return Course(length, start, race.finish, tuple(effects), layout.dice.count,
                  layout.dice.sides, first, frozenset(race.enter), race.capture != "none", safe,
                  frozenset(race.throw_again))


def _on_way(effect: Effect | None, way: Way) -> Effect | None:
    """A space's effect with its jump's target as a position of ``way``; a jump to the start
    (space 0) is the start's effect."""
    if effect is None or effect.kind != "jump":
        return effect
    if effect.to == 0:
        return Effect("start")
    return Effect("jump", way.position_of(effect.to), effect.turns)


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
    out, a jump to a space a player's way never passes, or spaces from which the finish cannot
    be reached (on a loop, by each player's way)."""
    jumps = _jump_loops(layout)
    if jumps:
        return jumps
    problems: list[FieldProblem] = []
    for player in _players_of(layout):
        way = way_of(layout, player)
        off = _off_the_way(layout, way, player)
        if off:
            return off
        problems += _way_problems(course_of(layout, player, way), way, player)
        if problems:
            break
    return problems


def _players_of(layout) -> tuple[int, ...]:
    """The players whose ways differ: each of a loop's, else the first alone."""
    return tuple(range(1, layout.players.max + 1)) if isinstance(layout.board, CrossLoop) else (1,)


def _off_the_way(layout, way: Way, player: int) -> list[FieldProblem]:
    problems = []
    for number in way.spaces:
        placed = layout.placed(number)
        effect = effect_of(layout.kinds[placed.kind], placed) if placed is not None else None
        if effect is not None and effect.kind == "jump" and effect.to \
                and way.position_of(effect.to) is None:
            problems.append(FieldProblem(
                f"spaces.{number}", f"the jump to space {effect.to} leads off player "
                f"{player}'s way, which turns off at space {way.spaces[-1]} into its home row "
                f"and never passes space {effect.to}", related=("board.entry",)))
    return problems


def _way_problems(course: Course, way: Way, player: int) -> list[FieldProblem]:
    whose = f" on player {player}'s way" if way.home else ""
    _, graph, loop = resting_places(course)
    if loop is not None:
        names = " → ".join(way.name(n) for n in loop.spaces)
        return [FieldProblem("spaces", f"a loop of effects with no way out{whose}: {names}; a "
                                       "piece landing there would move for ever")]
    stuck = unfinishable(course, graph)
    if not stuck:
        return []
    where = way.names(stuck[:12])
    more = f" and {len(stuck) - 12} more" if len(stuck) > 12 else ""
    rule = {"exact": "the last space must be reached exactly",
            "bounce": "the excess is counted back",
            "pass": "passing the last space wins"}[course.finish]
    return [FieldProblem(
        "race.finish", f"the race cannot be finished{whose} from {where}{more} ({rule}, "
        f"with {course.dice} {'die' if course.dice == 1 else 'dice'} of {course.sides} "
        "faces)", related=("dice.count", "spaces"))]


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
