"""Steeple Chess simulation timings: games per second, and what advice adds to ``check``.

Prints the time of ``boardgen analyse steeple_chess`` with 2000 games (the figures with what
the obstacle and black squares changed; the target is under 60 s on one core), the same
without those counts, and the time ``play_advice`` adds to ``check`` for the shipped course
(none: it is recognised), redrawn courses like it, and a snake with many more bends.

Run: .venv/bin/python bench/bench_steeple_simulation.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgen.games.steeple_chess import play_advice  # noqa: E402
from boardgen.games.steeple_chess.simulation import simulate_layout  # noqa: E402
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    one_core()
    layout = load_layout("steeple_chess")
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
