"""Simulated games of Steeple Chess: how long a game lasts, who wins, what the obstacles do.

Four players (green, yellow, red, blue, in that order of play) race their pieces round the
course by the rules of the movement engine (:mod:`.moves`): the die of chess pieces, the
black squares, the movable obstacle in the arrow zone, captures. Rules the original leaves
open are played as the printed rules' notes reconstruct them: a piece beyond the finish line
leaves the board, a throw with no possible move is lost, the obstacle never covers a piece
and never cuts a start space off from the goal.

**The policy.** Every player plays the same greedy policy. The *distance* of a square is
the fewest King steps from it to the goal area round walls, black squares and the obstacle
where it stands (computed once per obstacle position); a piece on its start space is one
King step behind its nearest start-line cell's square, a piece home is at 0.

- A throw moves the piece, or enters a new one, whose move gains most distance. Among equal
  gains a capture comes first (it costs nothing), the capture that sends the victim furthest
  back before others; a gain may be negative when every move loses ground.
- A King throw may move the obstacle instead: to the legal place that lengthens the leader's
  way most (the leader being the opponent with the least distance left in total, pieces on the
  start space included), counted as the leader's added distance less the player's own. It is
  moved when that figure is positive and larger than the best King move's gain.
- Remaining ties are broken by a ``random.Random(seed)`` that also throws the die, so the same
  seed gives the same games.

**Counting.** A *turn* is one round of all four players; a game's length is the turn in which
its winner brings the last piece home. A King gives another throw, up to ``THROW_CAP`` throws
a turn (a bound a real die reaches with probability 6⁻⁵⁹); a game unfinished after
``turn_cap`` turns is cut off and reported. The obstacle *changed a move* when the move played
(or the lost throw) is not among the moves the policy rates best on the same position with
the obstacle lifted off the board; the black squares changed a move when it is not among
those rated best were the black squares ordinary squares. Both are counted over the throws
spent on pieces (not those that move the obstacle).

**Reading the win rates.** Colours differ by their start spaces far more than by the order
of play, which mainly decides who wins when two players finish in the same turn. Pieces are
captured near the start line and enter again many times a game, so what one throw can reach
from each start space counts again and again: on the shipped course a Bishop or Queen
entering from the outer two rows runs diagonally through the corner area, from the inner two
it cannot, and the outer rows win about twice as often whichever colour starts there.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import repeat
from typing import Any, Mapping

from boardgen.games.steeple_chess.course import START_COLOURS, Cell, Course
from boardgen.games.steeple_chess.moves import (FACES, Position, king_distances, open_placements,
                                                targets)

COLOURS = tuple(START_COLOURS)  # G, Y, R, B: the order of play
NAMES = dict(START_COLOURS)
TURN_CAP = 500  # turns after which an unfinished game is cut off
THROW_CAP = 60  # throws in one turn (a run of Kings)
FAR = 10_000  # the distance of a square with no way to the goal
SCORE_UNIT = 8 * FAR  # a move's score: its gain in these units, plus a capture's worth
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval

RAY, QUIET, CAPTURE = 0, 1, 2  # how a piece reaches a square of its rule (see ``Rule``)

Pair = tuple[Cell, Cell]
Move = tuple[Cell | None, Cell]  # (origin, target); origin None enters a piece


# ---- distances and move tables ------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """Where a piece may go from one square for one face, as rays the pieces cut short.

    ``rays``: lines of squares the piece runs along, stopping before its own piece and on an
    opponent's (a Knight's jump is a ray of one square). ``quiet``: Pawn steps, stopped by
    any piece. ``captures``: Pawn captures, taken only on an opponent.
    """

    rays: tuple[tuple[Cell, ...], ...] = ()
    quiet: tuple[tuple[Cell, ...], ...] = ()
    captures: tuple[Cell, ...] = ()

    def reach(self, board: Mapping[Cell, str], colour: str) -> list[Cell]:
        """The squares this rule allows a ``colour`` piece with ``board`` as it stands."""
        found = []
        for ray in self.rays:
            for cell in ray:
                occupant = board.get(cell)
                if occupant is None:
                    found.append(cell)
                    continue
                if occupant != colour:
                    found.append(cell)
                break
        for ray in self.quiet:
            for cell in ray:
                if cell in board:
                    break
                found.append(cell)
        for cell in self.captures:
            occupant = board.get(cell)
            if occupant is not None and occupant != colour:
                found.append(cell)
        return found


class Occupied(dict):
    """A board with an opponent's piece on every square: shows where a Pawn may capture."""

    def get(self, cell, default=None):
        return "X"

    def __contains__(self, cell) -> bool:
        return True


def _rays(origin: Cell, cells: frozenset[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """Squares a piece reaches on an empty board, split into the straight lines from origin."""
    lines: dict[tuple[int, int], list[Cell]] = {}
    for cell in cells:
        dx, dy = cell[0] - origin[0], cell[1] - origin[1]
        lines.setdefault(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)), []).append(cell)
    return tuple(tuple(sorted(line, key=lambda c: max(abs(c[0] - origin[0]), abs(c[1] - origin[1]))))
                 for _, line in sorted(lines.items()))


class Tables:
    """Distances and move rules of one course with the obstacle in one place (or off the board).

    Built from the movement engine: each rule is the engine's answer on an empty board (and,
    for Pawn captures, on a full one), cut into rays; pieces on the board then cut the rays
    short exactly as the engine does. Rules are made on first use.
    """

    def __init__(self, course: Course, obstacle: Pair | None, base: "Tables | None" = None):
        self.course = course
        blocked = frozenset(obstacle or ())
        self.blocked = blocked
        # the same course without the obstacle: its rules, cut at the obstacle, are these
        self.base = base if base is not None and not base.blocked and blocked else None
        self.distance = king_distances(course, blocked)
        self.start_distance = {letter: min((self.distance.get(c, FAR) for c in cells), default=FAR)
                               for letter, cells in course.entries.items()}
        self._empty = Position({}, blocked)
        self._full = Position(Occupied(), blocked)
        self._rules: dict[tuple[Cell, str, bool], Rule] = {}
        # face → origin → the rule's squares by gain (see ``levels``)
        self._levels: dict[str, dict[Cell, tuple]] = {face: {} for face in FACES}
        self._entry_levels: dict[tuple[str, str], tuple] = {}
        # squares whose distance or rules the obstacle changes against ``base``: the levels of
        # a rule that touches none of them are the base's (see ``levels``)
        self._changed = blocked | _changed_distances(base.distance, self.distance) \
            if self.base is not None else frozenset()
        self._rule_cells: dict[tuple[Cell, str], frozenset[Cell]] = {}
        # id of the other tables → (start distances alike, face → origin → alike,
        # (colour, face) → entries alike): see ``alike``
        self._alike: dict[int, tuple[bool, dict, dict]] = {}

    def rule(self, origin: Cell, face: str, entering: bool = False) -> Rule:
        key = (origin, face, entering)
        found = self._rules.get(key)
        if found is None:
            found = self._rules[key] = self._make_rule(origin, face, entering)
        return found

    def _make_rule(self, origin: Cell, face: str, entering: bool) -> Rule:
        if self.base is not None and origin not in self.blocked:
            return self._cut(self.base.rule(origin, face, entering))
        reach = targets(self.course, self._empty, "G", face, origin, entering=entering)
        if face == "P":
            return Rule(quiet=_rays(origin, reach), captures=tuple(sorted(
                targets(self.course, self._full, "G", face, origin, entering=entering))))
        if face == "N":
            return Rule(rays=tuple((cell,) for cell in sorted(reach)))
        return Rule(rays=_rays(origin, reach))

    def _cut(self, rule: Rule) -> Rule:
        """A rule of the course without the obstacle, as the obstacle leaves it: a piece stops
        before a covered square, and neither lands nor captures on one (as the engine's)."""
        blocked = self.blocked

        def cut(ray: tuple[Cell, ...]) -> tuple[Cell, ...]:
            for index, cell in enumerate(ray):
                if cell in blocked:
                    return ray[:index]
            return ray

        rays = tuple(ray for ray in map(cut, rule.rays) if ray)
        quiet = tuple(ray for ray in map(cut, rule.quiet) if ray)
        return Rule(rays, quiet, tuple(cell for cell in rule.captures if cell not in blocked))

    def levels(self, origin: Cell, face: str) -> tuple:
        """The squares of the rule of a piece on ``origin``, grouped by the gain of a move
        there, best first (see ``_levels``)."""
        found = self._levels[face].get(origin)
        if found is None:
            found = self._levels[face][origin] = self._make_levels(origin, face)
        return found

    def _make_levels(self, origin: Cell, face: str) -> tuple:
        """The levels of ``origin``'s rule: the very base's where the obstacle changes neither
        the rule nor a distance it reads, so the tables of each of the obstacle's places are
        made of the few rules it touches (and ``alike`` finds the others the same object)."""
        base, changed = self.base, self._changed
        if (base is not None and origin not in changed
                and base.rule_cells(origin, face).isdisjoint(changed)):
            return base.levels(origin, face)
        return self._grouped((self.rule(origin, face),), self.distance.get(origin, FAR))

    def rule_cells(self, origin: Cell, face: str) -> frozenset[Cell]:
        """Every square the rule of a piece on ``origin`` names (rays, steps and captures)."""
        key = (origin, face)
        found = self._rule_cells.get(key)
        if found is None:
            rule = self.rule(origin, face)
            found = self._rule_cells[key] = frozenset(
                [cell for ray in rule.rays + rule.quiet for cell in ray] + list(rule.captures))
        return found

    def entry_levels(self, colour: str, face: str) -> tuple:
        """``levels`` of a ``colour`` piece entering, over the rules of its start-line cells."""
        key = (colour, face)
        found = self._entry_levels.get(key)
        if found is None:
            found = self._entry_levels[key] = self._grouped(
                tuple(self.rule(cell, face, True) for cell in self.course.entries[colour]),
                self.start_distance[colour])
        return found

    def alike(self, other: "Tables", state: "GameState", colour: str, face: str) -> bool:
        """Whether ``best_moves`` finds the same with ``other`` as with these tables: every
        rule it reads for ``colour``'s pieces (and entry) scores alike, and so does every
        start space (a capture's worth). Each answer is kept, as the tables are."""
        known = self._alike.get(id(other))
        if known is None:
            known = self._alike[id(other)] = (self.start_distance == other.start_distance,
                                              {letter: {} for letter in FACES}, {})
        same_start, by_face, entries = known
        if not same_start:
            return False
        origins = by_face[face]
        for origin in state.pieces(colour):
            found = origins.get(origin)
            if found is None:
                found = origins[origin] = self.levels(origin, face) == other.levels(origin, face)
            if not found:
                return False
        if state.waiting[colour]:
            key = (colour, face)
            found = entries.get(key)
            if found is None:
                found = entries[key] = (self.entry_levels(colour, face)
                                        == other.entry_levels(colour, face))
            return found
        return True

    def _grouped(self, rules: tuple[Rule, ...], before: int) -> tuple:
        """The squares of ``rules`` (read in order: rays, quiet rays, captures, rule by rule)
        for a piece ``before`` squares from the goal, grouped by gain, the best gain first.

        Each group is ``(gain, squares)``, each square ``(kind, square, squares before it on
        its ray, score of a move there, that score for a capture before the victim's start
        distance is added)`` in the order read. A move's score is its gain first, then a
        capture, then how far back the victim goes: a capture's worth is less than a gain
        of one square, so the best move is in the best group a piece can reach.
        """
        distance = self.distance
        groups: dict[int, list[tuple]] = {}

        def add(kind: int, cell: Cell, before_it: tuple[Cell, ...]) -> None:
            after = distance.get(cell, FAR)
            gain = before - after
            score = gain * SCORE_UNIT
            groups.setdefault(gain, []).append(
                (kind, cell, before_it, score, score + SCORE_UNIT // 2 - after))

        for rule in rules:
            for kind, rays in ((RAY, rule.rays), (QUIET, rule.quiet)):
                for ray in rays:
                    for index, cell in enumerate(ray):
                        add(kind, cell, ray[:index])
            for cell in rule.captures:
                add(CAPTURE, cell, ())
        return tuple((gain, tuple(groups[gain])) for gain in sorted(groups, reverse=True))

    def moves(self, state: "GameState", colour: str, face: str) -> list[Move]:
        """Every move of ``colour`` for ``face``: pieces on the board, then a piece entering."""
        board = state.board
        found: list[Move] = [(origin, target) for origin in state.pieces(colour)
                             for target in self.rule(origin, face).reach(board, colour)]
        if state.waiting[colour]:
            found.extend((None, target) for target in self.entering(board, colour, face))
        return found

    def entering(self, board: Mapping[Cell, str], colour: str, face: str) -> list[Cell]:
        """Squares a piece entering from ``colour``'s start space may go to."""
        return list(dict.fromkeys(target for cell in self.course.entries[colour]
                                  for target in self.rule(cell, face, True).reach(board, colour)))


def _changed_distances(before: Mapping[Cell, int], after: Mapping[Cell, int]) -> frozenset[Cell]:
    """The squares whose distance to the goal differs between two distance tables."""
    return frozenset(cell for cell in before.keys() | after.keys()
                     if before.get(cell, FAR) != after.get(cell, FAR))


def without_black(course: Course) -> Course:
    """The same course with its black squares made ordinary squares."""
    return Course(tuple(row.replace("#", ".") for row in course.rows), walls=course.walls)


# ---- one game -----------------------------------------------------------------------


@dataclass
class GameState:
    """Pieces on the board, on their start spaces and home, and where the obstacle stands.

    A state may be set up by writing ``board``; once play begins, pieces move by ``move``.
    """

    per_colour: int
    board: dict[Cell, str] = field(default_factory=dict)
    waiting: dict[str, int] = field(default_factory=dict)
    home: dict[str, int] = field(default_factory=dict)
    obstacle: Pair | None = None
    # colour → its pieces' squares in the board's order, read from the board when first asked
    # for and then kept by ``move`` (the policy asks several times a throw)
    _pieces: dict[str, list[Cell]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.waiting = self.waiting or {letter: self.per_colour for letter in COLOURS}
        self.home = self.home or {letter: 0 for letter in COLOURS}

    def pieces(self, colour: str) -> list[Cell]:
        """The squares of ``colour``'s pieces on the board (not to be changed)."""
        if self._pieces is None:
            self._pieces = {letter: [cell for cell, there in self.board.items() if there == letter]
                            for letter in COLOURS}
        return self._pieces[colour]

    def move(self, colour: str, origin: Cell | None, target: Cell, home: bool) -> str | None:
        """Move a piece (``origin`` None: enter one), home or onto ``target``; the colour of
        the piece it captures, if any, goes back to its start space."""
        board = self.board
        pieces = self.pieces(colour)
        if origin is None:
            self.waiting[colour] -= 1
        else:
            del board[origin]
            pieces.remove(origin)
        victim = board.pop(target, None)
        if victim is not None:
            self.waiting[victim] += 1
            self._pieces[victim].remove(target)
        if home:
            self.home[colour] += 1
        else:
            board[target] = colour
            pieces.append(target)
        return victim

    def left(self, colour: str, tables: Tables) -> int:
        """The distance ``colour``'s pieces still have to go, together."""
        return (_sum_of(tables.distance, self.pieces(colour))
                + self.waiting[colour] * tables.start_distance[colour])


def _sum_of(distance: Mapping[Cell, int], cells: list[Cell]) -> int:
    """The distances of ``cells`` added up (``FAR`` for a square with no way)."""
    return sum(map(distance.get, cells, repeat(FAR, len(cells))))


@dataclass
class Effects:
    """What happened in the throws of many games."""

    throws: int = 0
    piece_throws: int = 0  # throws spent on a piece (moved, or no move possible)
    lost_throws: int = 0
    captures: int = 0
    obstacle_moves: int = 0
    obstacle_changed: int = 0
    black_changed: int = 0


@dataclass(frozen=True)
class PlacementChanges:
    """The obstacle's places against the course without it: ``start``, each colour's start
    distance with the obstacle at each place; ``changes``, square → (place, change of its
    distance) where it changes; ``covering``, square → the places that cover it."""

    plain: Tables
    pairs: tuple[Pair, ...]
    start: Mapping[str, tuple[int, ...]]
    changes: Mapping[Cell, tuple[tuple[int, int], ...]]
    covering: Mapping[Cell, tuple[int, ...]]
    index: Mapping[Pair, int]


class Simulator:
    """Plays games on one course with one die; keeps the tables between games."""

    def __init__(self, course: Course, faces: str, per_colour: int, count_effects: bool = True,
                 order: str = "".join(COLOURS)):
        faces = faces.upper()
        if not faces or set(faces) - set(FACES):
            raise ValueError(f"die faces must be letters of {FACES}, found {faces!r}")
        if sorted(order) != sorted(COLOURS):
            raise ValueError(f"the order of play names each of {''.join(COLOURS)} once, "
                             f"found {order!r}")
        self.order = tuple(order)
        self.course = course
        self.faces = faces
        self.per_colour = per_colour
        self.count_effects = count_effects
        self.plain = without_black(course) if course.black else None
        self._tables: dict[tuple[bool, Pair | None], Tables] = {}
        self._comparisons: dict[Pair | None, tuple] = {}  # see ``_compared``
        self._last_compared: tuple[Pair | None, tuple] | None = None
        self.effects = Effects()

    def tables(self, obstacle: Pair | None, black: bool = True) -> Tables:
        key = (black, obstacle)
        found = self._tables.get(key)
        if found is None:
            course = self.course if black else self.plain
            base = self.tables(None, black) if obstacle is not None else None
            found = self._tables[key] = Tables(course, obstacle, base)
        return found

    @cached_property
    def placements(self) -> tuple[Pair, ...]:
        """Obstacle places that leave every start space a way to the goal."""
        return tuple(sorted(open_placements(self.course)))

    def play(self, rng: random.Random, turn_cap: int) -> tuple[int, str | None]:
        """One game: the turn it ended in and the winner's letter (None when cut off)."""
        state = GameState(self.per_colour)
        for turn in range(1, turn_cap + 1):
            for colour in self.order:
                if self._turn(state, colour, rng):
                    return turn, colour
        return turn_cap, None

    def _turn(self, state: GameState, colour: str, rng: random.Random) -> bool:
        """One player's turn (a King throws again); True when it wins the game."""
        faces, effects = self.faces, self.effects
        for _ in range(THROW_CAP):
            face = rng.choice(faces)  # the stream of ``randrange(len(faces))``, one call less
            effects.throws += 1
            if self._throw(state, colour, face, rng):
                return True
            if face != "K":
                break
        return False

    def _throw(self, state: GameState, colour: str, face: str, rng: random.Random) -> bool:
        """One throw: the obstacle moved on a King where that pays more, else the best move
        (a tie drawn by ``rng``); True when it wins the game."""
        compared = self._compared(state.obstacle)
        tables = compared[0]
        best, gain = self.best_moves(tables, state, colour, face)
        effects = self.effects
        if face == "K":
            place, lengthening = self._best_placement(tables, state, colour, rng)
            if place is not None and lengthening > gain:
                state.obstacle = place
                effects.obstacle_moves += 1
                return False
        move = best[0] if len(best) == 1 else (rng.choice(best) if best else None)
        if self.count_effects:
            self._count(compared, state, colour, face, move)
        effects.piece_throws += 1
        if move is None:
            effects.lost_throws += 1
            return False
        return self._move(state, colour, move)

    def best_moves(self, tables: Tables, state: GameState, colour: str,
                   face: str) -> tuple[list[Move], float]:
        """The moves the policy rates best for ``face``, and their gain (-inf: none).

        The best are listed in the order of ``Tables.moves``. Each piece's squares come
        grouped by gain, best first (``Tables.levels``): a piece is read down to the first
        group it can reach, and no lower than the best gain found so far. The best moves are
        kept as they are found: a higher score starts the list again.
        """
        start = tables.start_distance
        board = state.board
        known = tables._levels[face]
        top_gain = top = None
        best: list[Move] = []
        pieces = state.pieces(colour)
        entering = state.waiting[colour]
        for index in range(len(pieces) + (1 if entering else 0)):
            if index < len(pieces):
                origin = pieces[index]
                levels = known.get(origin) or tables.levels(origin, face)
            else:
                origin, levels = None, tables.entry_levels(colour, face)
            for gain, squares in levels:
                if top_gain is not None and gain < top_gain:
                    break
                reached = False
                for kind, target, before_it, score, taking in squares:
                    victim = board.get(target)
                    if victim is not None:
                        if victim == colour or kind == QUIET:
                            continue
                        score = taking + start[victim]
                    elif kind == CAPTURE:
                        continue
                    for cell in before_it:
                        if cell in board:
                            break
                    else:
                        reached = True
                        if gain != top_gain or score > top:
                            top_gain, top, best = gain, score, [(origin, target)]
                        elif score == top and (origin is not None or (None, target) not in best):
                            best.append((origin, target))  # an entry square reached from two
                            # start cells counts once
                if reached:
                    break
        if top_gain is None:
            return [], -math.inf
        return best, top_gain

    def _best_placement(self, now: Tables, state: GameState, colour: str,
                        rng: random.Random) -> tuple[Pair | None, float]:
        """The obstacle place that lengthens the leader's way most, and by how much (net);
        ``now``: the tables with the obstacle where it stands."""
        left = {c: state.left(c, now) for c in COLOURS}
        leader = min((c for c in COLOURS if c != colour), key=left.__getitem__)  # equals: the
        # first of COLOURS
        theirs, mine = state.pieces(leader), state.pieces(colour)
        base = left[leader] - left[colour]
        # Each place's net figure, from the figures without the obstacle and what the place
        # changes: a handful of squares' distances and the start spaces'.
        known = self.placement_changes
        plain = known.plain.distance
        on_board = _sum_of(plain, theirs) - _sum_of(plain, mine) - base
        theirs_waiting, mine_waiting = state.waiting[leader], state.waiting[colour]
        nets = [on_board + theirs_waiting * a - mine_waiting * b
                for a, b in zip(known.start[leader], known.start[colour])]
        for cell in theirs:
            for index, change in known.changes.get(cell, ()):
                nets[index] += change
        for cell in mine:
            for index, change in known.changes.get(cell, ()):
                nets[index] -= change
        for cell in state.board:  # the obstacle never covers a piece
            for index in known.covering.get(cell, ()):
                nets[index] = -math.inf
        if state.obstacle in known.index:  # nor stays where it is
            nets[known.index[state.obstacle]] = -math.inf
        top = max(nets, default=0)
        if top <= 0:
            return None, 0
        best = [pair for pair, net in zip(known.pairs, nets) if net == top]
        return (best[0] if len(best) == 1 else rng.choice(best)), top

    @cached_property
    def placement_changes(self) -> "PlacementChanges":
        """What each obstacle place changes against the course without the obstacle."""
        plain = self.tables(None)
        pairs = self.placements
        start: dict[str, list[int]] = {letter: [] for letter in COLOURS}
        changes: dict[Cell, list[tuple[int, int]]] = {}
        covering: dict[Cell, list[int]] = {}
        for index, pair in enumerate(pairs):
            there = self.tables(pair)
            for letter in COLOURS:
                start[letter].append(there.start_distance[letter])
            for cell in sorted(plain.distance.keys() | there.distance.keys()):
                change = there.distance.get(cell, FAR) - plain.distance.get(cell, FAR)
                if change:
                    changes.setdefault(cell, []).append((index, change))
            for cell in pair:
                covering.setdefault(cell, []).append(index)
        return PlacementChanges(
            plain, pairs, {letter: tuple(values) for letter, values in start.items()},
            {cell: tuple(found) for cell, found in changes.items()},
            {cell: tuple(found) for cell, found in covering.items()},
            {pair: index for index, pair in enumerate(pairs)})

    def _count(self, compared: tuple[Tables, Tables | None, Tables | None], state: GameState,
               colour: str, face: str, move: Move | None) -> None:
        """Whether the obstacle and the black squares changed this throw's move
        (``compared``: the tables of ``_compared`` for where the obstacle stands).

        Where every rule the move was chosen by scores alike without them, the same moves
        are the best and nothing changed (the move is one of them): most throws.
        """
        now, lifted_tables, ordinary_tables = compared
        if lifted_tables is not None and not now.alike(lifted_tables, state, colour, face):
            lifted, _ = self.best_moves(lifted_tables, state, colour, face)
            if (move not in lifted) if lifted else move is not None:
                self.effects.obstacle_changed += 1
        if ordinary_tables is not None and not now.alike(ordinary_tables, state, colour, face):
            ordinary, _ = self.best_moves(ordinary_tables, state, colour, face)
            if (move not in ordinary) if ordinary else move is not None:
                self.effects.black_changed += 1

    def _compared(self, obstacle: Pair | None) -> tuple[Tables, Tables | None, Tables | None]:
        """The tables with the obstacle at ``obstacle``, and those ``_count`` compares them
        with: the obstacle lifted (None when it is off the board), the black squares made
        ordinary (None on a course without them). The last answer is kept apart: the
        obstacle stays where it is for many throws, and the very same place is asked again."""
        last = self._last_compared
        if last is not None and last[0] is obstacle:
            return last[1]
        found = self._comparisons.get(obstacle)
        if found is None:
            found = self._comparisons[obstacle] = (
                self.tables(obstacle), self.tables(None) if obstacle is not None else None,
                self.tables(obstacle, black=False) if self.plain else None)
        self._last_compared = (obstacle, found)
        return found

    def _move(self, state: GameState, colour: str, move: Move) -> bool:
        """Play a move (capturing, or bringing a piece home); True when ``colour`` has won."""
        origin, target = move
        home = target in self.course.goal
        if state.move(colour, origin, target, home) is not None:
            self.effects.captures += 1
        return home and state.home[colour] == self.per_colour


# ---- many games and their figures -----------------------------------------------------


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # all or none: the interval reaches 1 or 0 exactly (rounding would miss it by a hair)
    return (0.0 if successes == 0 else centre - half, 1.0 if successes == trials else centre + half)


@dataclass(frozen=True)
class Figures:
    """The outcome of simulated games: lengths, winners and what the obstacles did."""

    games: int
    seed: int
    per_colour: int
    faces: str
    turn_cap: int
    lengths: tuple[int, ...]  # turns of each finished game
    wins: Mapping[str, int]  # per colour name
    effects: Effects

    @property
    def unfinished(self) -> int:
        return self.games - len(self.lengths)

    @property
    def mean_turns(self) -> float | None:
        return statistics.fmean(self.lengths) if self.lengths else None

    @property
    def median_turns(self) -> float | None:
        return statistics.median(self.lengths) if self.lengths else None

    @property
    def histogram(self) -> dict[int, int]:
        """Finished games per length in turns."""
        return dict(sorted(Counter(self.lengths).items()))

    def win_rate(self, colour: str) -> float:
        return self.wins[colour] / self.games

    def interval(self, colour: str) -> tuple[float, float]:
        return wilson(self.wins[colour], self.games)

    def share(self, count: int) -> float:
        """A count as a share of the throws spent on pieces."""
        return count / self.effects.piece_throws if self.effects.piece_throws else 0.0


def simulate(course: Course, games: int, seed: int = 0, faces: str = "PNBRQK",
             per_colour: int = 3, turn_cap: int = TURN_CAP,
             count_effects: bool = True, order: str = "".join(COLOURS)) -> Figures:
    """Play ``games`` games on ``course``; the same arguments give the same figures.

    ``faces``: the die, one letter per face, each face equally likely ("R" is a die that
    always shows the Rook). ``count_effects``: also find out which moves the obstacle and the
    black squares changed (about twice the work). ``order``: the colours' order of play (the
    rules' is green, yellow, red, blue), to tell what the order does from what the start
    spaces do.
    """
    simulator = Simulator(course, faces, per_colour, count_effects, order)
    rng = random.Random(seed)
    lengths, wins = [], {name: 0 for name in NAMES.values()}
    for _ in range(games):
        turns, winner = simulator.play(rng, turn_cap)
        if winner is not None:
            lengths.append(turns)
            wins[NAMES[winner]] += 1
    return Figures(games, seed, per_colour, faces.upper(), turn_cap, tuple(lengths), wins,
                   simulator.effects)


def simulate_layout(layout, games: int, seed: int = 0, count_effects: bool = True,
                    turn_cap: int = TURN_CAP) -> Figures:
    """:func:`simulate` on a layout's course with its die and number of pieces."""
    return simulate(layout.track, games, seed, layout.die.faces, layout.tokens.per_colour,
                    turn_cap, count_effects)


# ---- what the command line shows ---------------------------------------------------------


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"


@dataclass(frozen=True)
class SimulationAnalysis:
    """Simulated games of a layout as text, JSON and a histogram (``boardgen analyse``)."""

    title: str
    figures: Figures
    ok: bool = True

    def text(self) -> str:
        f, e = self.figures, self.figures.effects
        lines = [f"{self.title}: {f.games} simulated games (seed {f.seed}), 4 players with "
                 f"{f.per_colour} piece{'s' if f.per_colour > 1 else ''} each, die {f.faces}"]
        if f.lengths:
            lines.append(f"turns per game (a turn is one round of all players): mean "
                         f"{f.mean_turns:.1f}, median {f.median_turns:g}, shortest "
                         f"{min(f.lengths)}, longest {max(f.lengths)}")
        if f.unfinished:
            lines.append(f"unfinished: {f.unfinished} of {f.games} games were cut off after "
                         f"{f.turn_cap} turns")
        lines.append("win rate (95 % interval):")
        for name in NAMES.values():
            low, high = f.interval(name)
            lines.append(f"  {name:<7} {_percent(f.win_rate(name)):>7}  "
                         f"({100 * low:.1f}–{100 * high:.1f} %)")
        lines.append(f"throws: {e.throws}; on pieces {e.piece_throws}, of which "
                     f"{e.lost_throws} without a possible move; captures {e.captures}")
        lines.append(f"obstacle: moved {e.obstacle_moves} times; changed {e.obstacle_changed} "
                     f"moves ({_percent(f.share(e.obstacle_changed))} of the throws on pieces)")
        lines.append(f"black squares: changed {e.black_changed} moves "
                     f"({_percent(f.share(e.black_changed))})")
        lines.append("policy: the move gaining most distance to the goal, a capture when it "
                     "costs none, the King moves the obstacle against the leader (see README)")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        f, e = self.figures, self.figures.effects
        names = list(NAMES.values())
        return {
            "games": f.games, "seed": f.seed,
            "mean_turns": _rounded(f.mean_turns), "median_turns": f.median_turns,
            "win_rate": {name: _rounded(f.win_rate(name)) for name in names},
            "win_interval": {name: [_rounded(x) for x in f.interval(name)] for name in names},
            "wins": dict(f.wins),
            "finished": len(f.lengths), "unfinished": f.unfinished, "turn_cap": f.turn_cap,
            "min_turns": min(f.lengths, default=None), "max_turns": max(f.lengths, default=None),
            "histogram": [{"turns": turns, "games": games} for turns, games in f.histogram.items()],
            "players": names, "pieces_per_colour": f.per_colour, "die": f.faces,
            "throws": e.throws, "piece_throws": e.piece_throws, "lost_throws": e.lost_throws,
            "captures": e.captures,
            "obstacle": {"moved": e.obstacle_moves, "changed_moves": e.obstacle_changed,
                         "changed_share": _rounded(f.share(e.obstacle_changed))},
            "black_squares": {"changed_moves": e.black_changed,
                              "changed_share": _rounded(f.share(e.black_changed))},
        }

    def picture(self):
        from boardgen.games.steeple_chess.chart import histogram_scene

        f = self.figures
        caption = (f"{f.games} simulated games, seed {f.seed}; "
                   + (f"median {f.median_turns:g} turns" if f.lengths else "none finished")
                   + (f"; {f.unfinished} cut off after {f.turn_cap} turns" if f.unfinished else ""))
        return histogram_scene(f.histogram, f.mean_turns, f"{self.title}: turns per game", caption)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def analyse(layout, request) -> SimulationAnalysis:
    """Simulate ``request.games`` games of ``layout`` with ``request.seed``."""
    from boardgen.errors import InputError

    if request.setup is not None:
        raise InputError("Steeple Chess analysis plays whole games from the start and takes no "
                         "--setup", source=str(request.setup))
    return SimulationAnalysis(layout.title, simulate_layout(layout, request.games, request.seed))


# ---- advice for check -------------------------------------------------------------------

ADVICE_GAMES = 100  # few games keep check fast; the means it compares differ by far more
ADVICE_SEED = 0
# The mean game of the shipped layout in ADVICE_GAMES games with ADVICE_SEED, without
# counting effects (tests/test_steeple_simulation.py simulates it again).
SHIPPED_MEAN_TURNS = 46.33
FAR_FACTOR = 2.0  # a mean game this many times longer, or shorter, is far from the original
# Games longer than this are stopped: check stays fast however long a course, and a mean
# that counts them at this length still tells a course far longer than the original.
ADVICE_TURN_CAP = math.ceil(2 * FAR_FACTOR * SHIPPED_MEAN_TURNS)


def advice_for(mean: float, cut_off: int = 0) -> str | None:
    """The advice line for a course whose simulated games last ``mean`` turns (None: none).

    ``cut_off``: games stopped at ``ADVICE_TURN_CAP``, counted at that length, so ``mean``
    is then a lower bound.
    """
    reference = SHIPPED_MEAN_TURNS
    if mean > FAR_FACTOR * reference:
        how = "more than twice as long as"
    elif mean < reference / FAR_FACTOR:
        how = "under half as long as"
    else:
        return None
    least = "at least " if cut_off else ""
    return (f"a simulated game on this course lasts {least}{mean:.0f} turns on average, {how} "
            f"on the shipped course ({reference:.0f}); see 'boardgen analyse' for the figures")


def play_advice(layout, setup=None) -> str | None:
    """One line when the layout's games are far longer or shorter than the shipped game's."""
    if _plays_as_shipped(layout):
        return None
    figures = simulate_layout(layout, ADVICE_GAMES, ADVICE_SEED, count_effects=False,
                              turn_cap=ADVICE_TURN_CAP)
    turns = sum(figures.lengths) + figures.unfinished * ADVICE_TURN_CAP
    return advice_for(turns / figures.games, figures.unfinished)


def _plays_as_shipped(layout) -> bool:
    """Whether the layout has the shipped course and pieces (the die's order plays alike)."""
    from boardgen.layout import load_layout

    shipped = load_layout("steeple_chess")
    return layout.track == shipped.track and layout.tokens.per_colour == shipped.tokens.per_colour
