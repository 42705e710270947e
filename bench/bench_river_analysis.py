"""Wyścig przez rzekę: the figures behind ``analyse``, ``setup --fair`` and check's advice.

Prints how far apart the players' shortest lines are on random legal setups of the shipped
board (the basis of the advice threshold), the shortest lines of the fair setups of seeds
0 to 9, and how long an analysis and a fair setup take.

Run: .venv/bin/python bench/bench_river_analysis.py [SETUPS]
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgen.analysis import Request  # noqa: E402
from boardgen.games.river_race import analyse, fair_setup  # noqa: E402
from boardgen.games.river_race.analysis import difference, shortest_tiles  # noqa: E402
from boardgen.games.river_race.generator import legal_setups  # noqa: E402
from boardgen.games.river_race.setup import load_setup  # noqa: E402
from boardgen.layout import load_layout  # noqa: E402


def gaps(layout, count: int) -> tuple[Counter, Counter]:
    """Differences between the players' shortest lines, and the lines, over random setups."""
    model = layout.model()
    rng = random.Random(20261201)
    apart: Counter = Counter()
    tiles: Counter = Counter()
    for setup in legal_setups(model, rng, count):
        lines = shortest_tiles(model, setup)
        apart[difference(lines)] += 1
        tiles.update(lines)
    return apart, tiles


def fair_table(layout, seeds: range, folder: Path) -> list[tuple[int, list[int]]]:
    rows = []
    for seed in seeds:
        path = folder / f"fair-{seed}.toml"
        path.write_text(fair_setup(layout, seed), encoding="utf-8")
        rows.append((seed, shortest_tiles(layout.model(), load_setup(layout, path))))
    return rows


def main() -> None:
    import tempfile

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    layout = load_layout("river_race")
    apart, tiles = gaps(layout, count)
    total = sum(apart.values())
    print(f"random legal setups of the shipped board: {total}")
    print("lines apart (tiles): " + ", ".join(f"{gap}: {n} ({n / total:.2%})"
                                               for gap, n in sorted(apart.items())))
    print("shortest lines (tiles): " + ", ".join(f"{t}: {n}" for t, n in sorted(tiles.items())))
    with tempfile.TemporaryDirectory() as folder:
        print("\nseed  player 1  player 2   (setup river_race --seed N --fair)")
        for seed, lines in fair_table(layout, range(10), Path(folder)):
            print(f"{seed:>4}  {lines[0]:>8}  {lines[1]:>8}")
        path = Path(folder) / "fair-0.toml"
        start = time.perf_counter()
        for _ in range(20):
            analyse(layout, Request(setup=path))
        print(f"\nanalyse with a setup: {(time.perf_counter() - start) / 20 * 1000:.1f} ms")
    start = time.perf_counter()
    for seed in range(20):
        fair_setup(layout, seed)
    print(f"setup --fair: {(time.perf_counter() - start) / 20 * 1000:.1f} ms a seed")


if __name__ == "__main__":
    main()
