"""How long a race lasts: exactly for one player, and by simulation for several.

For one player the race is an absorbing Markov chain over the track's positions (and a
state of its own for the first throw, where the layout has a first-throw table): each
throw leads from a position to where :meth:`Course.throw` leaves the piece, jumps, again,
back to the start and the finishing rule included. Its expected number of throws is
exact, as are the fewest throws that can finish and the chance of finishing with each
number of throws. Lost turns (``skip``) add to the turns but not the throws.

A piece that waits for another to arrive (``wait``) needs other players, so the race of N
players is also simulated, seeded, as the Steeple Chess analysis is: the first home wins.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any, Hashable, Sequence

from boardgen.analysis.markov import Chain
from boardgen.components.track_board import CrossLoop
from boardgen.games.race.play import Course, course_of, way_of
from boardgen.geometry.track import ARMS
from boardgen.scene import Line, Node, Rect, Scene, Style, Text

TURN_CAP = 1000          # rounds after which a simulated game counts as unfinished
TAIL = 1e-6              # the distribution is listed until less than this is left
MAX_THROWS_A_TURN = 100  # throws again in one turn before the turn ends anyway


@dataclass(frozen=True)
class Exact:
    """The figures of the chain for one player from the start."""

    expected_throws: float
    expected_turns: float
    min_throws: int | None
    distribution: tuple[float, ...]  # chance of finishing with exactly k + 1 throws

    def quantile(self, share: float) -> int:
        total = 0.0
        for k, chance in enumerate(self.distribution, start=1):
            total += chance
            if total >= share:
                return k
        return len(self.distribution)


def chain(course: Course) -> tuple[Chain, list[float], int]:
    """The course as a chain of positions 0..length-1 (and a first-throw state, last); the
    turns each throw costs from each state; and the state a race starts in."""
    length = course.length
    fresh = bool(course.first_throw)
    size = length + (1 if fresh else 0)
    moves: list[dict[int, float]] = [{} for _ in range(size)]
    home = [0.0] * size
    turns = [1.0] * size
    for state in range(size):
        position, first = (course.start, True) if state == length else (state, False)
        for faces, chance in course.outcomes():
            landing = course.throw(position, faces, first=first)
            turns[state] += chance * landing.skip
            if course.again_after(faces, landing):  # the next throw is in the same turn
                turns[state] -= chance
            if landing.position < length:
                moves[state][landing.position] = moves[state].get(landing.position, 0.0) + chance
            else:
                home[state] += chance
    if course.start == 1:  # no piece stands off the board: position 0 only passes on to 1
        moves[0], home[0], turns[0] = {1: 1.0}, 0.0, 0.0
    return Chain(tuple(moves), tuple(home)), turns, length if fresh else course.start


def exact(course: Course) -> Exact:
    """Expected throws and turns, fewest throws and the distribution, from the start."""
    markov, turns, start = chain(course)
    throws = markov.expected()
    costs = markov.expected(turns)
    return Exact(throws[start], costs[start], markov.fewest_steps(start),
                 tuple(markov.distribution(start, TAIL)))


@dataclass
class Simulated:
    """Figures of simulated games of several players."""

    games: int
    players: int
    seed: int
    rounds: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    unfinished: int = 0
    stuck: int = 0

    def as_json(self) -> dict[str, Any]:
        finished = len(self.rounds)
        return {
            "games": self.games, "players": self.players, "seed": self.seed,
            "finished": finished, "unfinished": self.unfinished, "all_waiting": self.stuck,
            "turn_cap": TURN_CAP,
            "mean_rounds": round(statistics.fmean(self.rounds), 3) if finished else None,
            "median_rounds": statistics.median(self.rounds) if finished else None,
            "win_rate": [round(w / self.games, 4) for w in self.wins],
        }


def simulate(course: Course | Sequence[Course], players: int, games: int, seed: int,
             places: Sequence[Sequence[Hashable]] | None = None) -> Simulated:
    """``games`` races of ``players`` players, seeded: each round every player throws in turn;
    a throw named for it gives another at once; a piece on a waiting space stays until
    another lands there; where the course captures, a piece ending its move where others
    stand sends them back to their start (a piece sent back no longer waits); the first home
    wins.

    ``course``: every player's, or one for each (a loop's ways); ``places``, for each player,
    the space each position of its course is, where the courses differ (a waiting piece is
    freed by a piece on the same space, wherever that lies on the other's way)."""
    courses = [course] * players if isinstance(course, Course) else list(course)
    rng = random.Random(seed)
    result = Simulated(games, players, seed, wins=[0] * players)
    for _ in range(games):
        position = [seat_course.start for seat_course in courses]
        skip = [0] * players
        waiting = [False] * players
        fresh = [True] * players
        winner, rounds = None, 0
        while winner is None and rounds < TURN_CAP:
            rounds += 1
            if all(waiting):
                break
            for seat in range(players):
                if skip[seat]:
                    skip[seat] -= 1
                    continue
                if waiting[seat]:
                    continue
                seat_course = courses[seat]
                for _ in range(MAX_THROWS_A_TURN):  # one throw, and more after a throw again
                    faces = tuple(rng.randint(1, seat_course.sides)
                                  for _ in range(seat_course.dice))
                    landing = seat_course.throw(position[seat], faces, first=fresh[seat])
                    fresh[seat] = False
                    position[seat] = landing.position
                    here = places[seat][landing.position] if places else landing.position
                    captures = seat_course.captures_at(landing.position)
                    for other in range(players):  # whoever stands there is sent back or freed
                        if other == seat or not (captures or waiting[other]) or (
                                places[other][position[other]] if places
                                else position[other]) != here:
                            continue
                        if captures:
                            position[other] = courses[other].start
                        waiting[other] = False
                    waiting[seat] = landing.wait
                    skip[seat] = landing.skip
                    if landing.position == seat_course.length:
                        winner = seat
                    if winner is not None or not seat_course.again_after(faces, landing):
                        break
                if winner is not None:
                    break
        if winner is None:
            result.unfinished += 1
            result.stuck += all(waiting)
        else:
            result.rounds.append(rounds)
            result.wins[winner] += 1
    return result


@dataclass(frozen=True)
class RaceAnalysis:
    """The analysis of a race layout (``boardgen analyse``)."""

    title: str
    course: Course
    figures: Exact
    simulated: Simulated | None
    ok: bool = True
    # on a loop, each player's own way worked out exactly (the first's is ``figures``)
    ways: tuple[Exact, ...] = ()

    def _needs_others(self) -> list[int]:
        return [n for n, e in enumerate(self.course.effects) if e is not None and e.kind == "wait"]

    def as_json(self) -> dict[str, Any]:
        f = self.figures
        shown = []
        total = 0.0
        for k, chance in enumerate(f.distribution, start=1):
            total += chance
            shown.append({"throws": k, "chance": round(chance, 8)})
        course = self.course
        found: dict[str, Any] = {
            "title": self.title, "spaces": course.length,
            "dice": {"count": course.dice, "sides": course.sides},
            "start": "off" if course.start == 0 else "first", "finish": course.finish,
            "expected_throws": round(f.expected_throws, 6),
            "expected_turns": round(f.expected_turns, 6),
            "min_throws": f.min_throws,
            "median_throws": f.quantile(0.5), "p90_throws": f.quantile(0.9),
            "distribution": shown,
            "exact": "one player from the start: an absorbing Markov chain over the track",
            "waiting_spaces": self._needs_others(),
            "enter": sorted(course.enter),
            "throw_again": sorted(course.throw_again),
            "captures": course.capture,
        }
        if self.ways:
            found["ways"] = [{"player": k, "expected_throws": round(way.expected_throws, 6),
                              "expected_turns": round(way.expected_turns, 6),
                              "min_throws": way.min_throws}
                             for k, way in enumerate(self.ways, start=1)]
        if self.simulated is not None:
            found["simulation"] = self.simulated.as_json()
        return found

    def text(self) -> str:
        f, course = self.figures, self.course
        dice = f"{course.dice} {'die' if course.dice == 1 else 'dice'} of {course.sides}"
        lines = [f"{self.title}: {course.length} spaces, {dice}, finish {course.finish}",
                 f"one player, exactly: {f.expected_throws:.2f} throws on average "
                 f"({f.expected_turns:.2f} turns with the turns lost), at least "
                 f"{f.min_throws}; half the races end within {f.quantile(0.5)} throws, nine "
                 f"in ten within {f.quantile(0.9)}"]
        if self.ways:
            each = ", ".join(f"player {k} {way.expected_throws:.2f}"
                             for k, way in enumerate(self.ways, start=1))
            lines.append(f"each player's own way, exactly: {each} throws on average")
        waits = self._needs_others()
        if waits:
            lines.append(f"spaces {', '.join(map(str, waits))} hold a piece until another "
                         "arrives: a waiting piece throws no dice, so the throws above count "
                         "none for them; the simulation below plays them out")
        if course.enter:
            throws = ", ".join(map(str, sorted(course.enter)))
            lines.append(f"a piece comes on only with a throw of {throws}: the throws above "
                         "count the ones that leave it waiting beside the board")
        if course.throw_again:
            throws = ", ".join(map(str, sorted(course.throw_again)))
            lines.append(f"a throw of {throws} gives another in the same turn: the turns above "
                         "count one for all the throws of a turn")
        if course.capture:
            lines.append("a piece ending its move where another player's stands sends that "
                         "piece back to the start: one player alone is never sent back, so the "
                         "figures above leave captures out; the simulation below plays them")
        if self.simulated is not None:
            s = self.simulated.as_json()
            rates = ", ".join(f"seat {k + 1} {r * 100:.1f} %" for k, r in enumerate(s["win_rate"]))
            mean = f"{s['mean_rounds']:.1f}" if s["mean_rounds"] is not None else "–"
            lines.append(f"{s['games']} simulated games of {s['players']} players (seed "
                         f"{s['seed']}): {mean} rounds on average, median "
                         f"{s['median_rounds']}; wins: {rates}; unfinished after "
                         f"{TURN_CAP} rounds or with every piece waiting: {s['unfinished']}")
        return "\n".join(lines)

    def picture(self) -> Scene:
        """The chance of finishing with each number of throws, as bars."""
        dist = self.figures.distribution
        shown = dist[:max(1, self.figures.quantile(0.995))]
        width, height, left, bottom = 180.0, 100.0, 14.0, 86.0
        top = max(shown) or 1.0
        bar = (width - left - 6) / len(shown)
        nodes: list[Node] = [Rect(0, 0, width, height, Style(fill="#ffffff")),
                             Text(left, 8, f"{self.title}: throws to finish (one player)", 4.0,
                                  font="bold", fill="#222222")]
        for k, chance in enumerate(shown):
            h = (bottom - 16) * chance / top
            nodes.append(Rect(left + k * bar, bottom - h, bar * 0.85, h, Style(fill="#2156a5")))
        nodes.append(Line(left, bottom, width - 6, bottom, Style(stroke="#222222", stroke_mm=0.3)))
        step = max(1, round(len(shown) / 10))
        for k in range(0, len(shown), step):
            nodes.append(Text(left + (k + 0.4) * bar, bottom + 5, str(k + 1), 3.0,
                              anchor="middle", fill="#222222"))
        nodes.append(Text(left, height - 2, f"mean {self.figures.expected_throws:.2f} throws",
                          3.2, fill="#222222"))
        return Scene(width, height, tuple(nodes))


def analyse(layout, request) -> RaceAnalysis:
    """The exact figures of the layout's race (on a loop, the first player's way, and each
    player's beside it) and, for ``request.games`` games, a simulation (on a loop, each
    player on its own way)."""
    players = getattr(request, "players", None) or layout.players.max
    if not isinstance(layout.board, CrossLoop):
        course = course_of(layout)
        simulated = (simulate(course, players, request.games, request.seed)
                     if request.games else None)
        return RaceAnalysis(layout.title, course, exact(course), simulated)
    courses, places = _ways(layout, players)  # the first player's way is the first of them
    ways = tuple(exact(seat) for seat in courses)
    simulated = (simulate(courses, players, request.games, request.seed, places)
                 if request.games else None)
    return RaceAnalysis(layout.title, courses[0], ways[0], simulated, ways=ways)


def _ways(layout, players: int) -> tuple[list[Course], list[tuple[Hashable, ...]]]:
    """Each player's course on a loop, and the space each position of it is."""
    from boardgen.errors import InputError

    if players > ARMS:
        raise InputError(f"a cross has {ARMS} arms, one for each player: --players "
                         f"{players} is too many")
    courses, places = [], []
    for player in range(1, players + 1):
        way = way_of(layout, player)
        courses.append(course_of(layout, player, way))
        places.append((("start", player), *way.spaces,
                       *(("home", player, k) for k in range(1, way.home + 1))))
    return courses, places
