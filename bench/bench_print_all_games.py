"""Pages and bytes of every print output of every shipped layout, per paper and mode.

Builds each game in memory as `boardgen build GAME --format pdf` would (with its rules)
and prints one row per PDF: pages and bytes for A4, A3 and Letter at home, and A4 for
a print shop; then the time each build took.
Run: python bench/bench_print_all_games.py [GAME ...]
"""

from __future__ import annotations

import argparse
import io
import time

import pypdf

from boardgen.build import BuildOptions, compose_target, product_files
from boardgen.imposition import PrintOptions, parse_paper

GAMES = ("racing_kings", "river_race", "steeple_chess", "six_day_race", "six_day_race_advanced")
SETTINGS = {
    "A4": PrintOptions(),
    "A3": PrintOptions(paper=parse_paper("a3")),
    "Letter": PrintOptions(paper=parse_paper("letter")),
    "A4 shop": PrintOptions(mode="shop"),
}


def build(name: str, options: PrintOptions) -> tuple[dict[str, bytes], float]:
    start = time.perf_counter()
    layout, output = compose_target(name)
    files = product_files(layout, output, BuildOptions(formats=("pdf",), print=options), name)
    return {f: data for f, data in files.items() if f.endswith(".pdf")}, time.perf_counter() - start


def pages(data: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(data)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=GAMES)
    args = parser.parse_args()
    header = f"{'game':22} {'output':42}" + "".join(f" {s:>16}" for s in SETTINGS)
    print(header)
    print(" " * 65 + "".join(f" {'pages':>6} {'bytes':>9}" for _ in SETTINGS))
    times = {}
    for name in args.games:
        built = {}
        for setting, options in SETTINGS.items():
            built[setting], times[name, setting] = build(name, options)
        for output in built["A4"]:
            cells = "".join(f" {pages(built[s][output]):6d} {len(built[s][output]):9d}"
                            if output in built[s] else f" {'':>16}" for s in SETTINGS)
            print(f"{name:22} {output:42}{cells}")
    print()
    print(f"{'build time, ms':65}" + "".join(f" {s:>16}" for s in SETTINGS))
    for name in args.games:
        print(f"{name:65}" + "".join(f" {times[name, s] * 1000:16.0f}" for s in SETTINGS))


if __name__ == "__main__":
    main()
