"""Steeple Chess simulation timings: games per second, and what advice adds to ``check``.

Prints the time of ``boardgen analyse steeple_chess`` with 2000 games (the figures with what
the obstacle and black squares changed; the target is under 60 s on one core), the same
without those counts, and the time ``play_advice`` adds to ``check`` for the shipped course
(none: it is recognised), redrawn courses like it, and a snake with many more bends.

With ``--seats`` it measures instead what the order of play and the start spaces do to the
win rates (the figures the README quotes): the shipped course with the order of play rotated,
then with the colours moved to other start spaces (the order of play kept).

Run: .venv/bin/python bench/bench_steeple_simulation.py [--games N] [--seed S] [--seats]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgen.games.steeple_chess import play_advice  # noqa: E402
from boardgen.games.steeple_chess.course import Course  # noqa: E402
from boardgen.games.steeple_chess.simulation import (COLOURS, NAMES, simulate,  # noqa: E402
                                                     simulate_layout)
from boardgen.layout import load_layout  # noqa: E402
from tests.test_steeple_simulation import snake  # noqa: E402


def one_core() -> None:
    """Keep the process on one core, where the system allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def timed(work) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def redrawn(layout, course_map: str):
    """The shipped layout with another course map."""
    data = layout.model_dump()
    data["course"]["map"] = course_map
    return type(layout).model_validate(data)


def longer_sides(layout, extra_rows: int) -> str:
    """The shipped course map with its two side straights ``extra_rows`` squares longer."""
    rows = layout.course.map.strip("\n").splitlines()
    return "\n".join(rows[:5] + [". . . . + + + + + + . . . ."] * extra_rows + rows[5:])


def moved_starts(course: Course, colours: str) -> Course:
    """The course with the start spaces of G, Y, R, B (rows 1 to 4) given to ``colours``."""
    swap = str.maketrans("".join(COLOURS), colours)
    return Course(tuple(row.translate(swap) for row in course.rows), walls=course.walls)


def rates(figures) -> str:
    return ", ".join(f"{NAMES[c]} {100 * figures.wins[NAMES[c]] / figures.games:.1f} %"
                     for c in COLOURS)


def seats(layout, games: int, seed: int) -> None:
    """Win rates with the order of play rotated, then with the start spaces moved."""
    course, plain = layout.track, "".join(COLOURS)
    for k in range(len(plain)):
        order = plain[k:] + plain[:k]
        figures = simulate(course, games, seed, count_effects=False, order=order)
        print(f"order of play {order}, start spaces row 1 to 4: {plain}:  {rates(figures)}")
    for colours in ("BRYG", "GBYR", "YRBG"):
        figures = simulate(moved_starts(course, colours), games, seed, count_effects=False)
        print(f"order of play {plain}, start spaces row 1 to 4: {colours}:  {rates(figures)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", action="store_true",
                        help="win rates by order of play and by start space instead of timings")
    args = parser.parse_args()
    one_core()
    layout = load_layout("steeple_chess")
    if args.seats:
        seats(layout, args.games, args.seed)
        return
    rows = []
    seconds, figures = timed(lambda: simulate_layout(layout, args.games, args.seed))
    rows.append((f"{args.games} games, with obstacle and black-square counts", seconds,
                 f"mean {figures.mean_turns:.2f}, median {figures.median_turns:g} turns; "
                 f"{args.games / seconds:.0f} games/s"))
    seconds, figures = timed(lambda: simulate_layout(layout, args.games, args.seed,
                                                     count_effects=False))
    rows.append((f"{args.games} games, figures only", seconds, f"{args.games / seconds:.0f} games/s"))
    seconds, line = timed(lambda: play_advice(layout))
    rows.append(("advice for check: the shipped course", seconds, repr(line)))
    for name, course_map in (("side straights 2 squares longer", longer_sides(layout, 2)),
                             ("side straights 30 squares longer", longer_sides(layout, 30)),
                             ("a snake of 8 straights", snake(8))):
        seconds, line = timed(lambda: play_advice(redrawn(layout, course_map)))
        rows.append((f"advice for check: {name}", seconds, repr(line)))
    width = max(len(name) for name, _, _ in rows)
    for name, seconds, note in rows:
        print(f"{name:<{width}}  {seconds:8.2f} s  {note}")


if __name__ == "__main__":
    main()
