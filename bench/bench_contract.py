"""Search for layouts that break the contract "what check accepts, build makes".

For every registered game kind, hypothesis generates layouts from the kind's schema (see
tests/contract_search.py); each is checked and, if accepted, built with random options: a
standard paper or one of its own size, either mode, any backs, bleed up to 20 mm, margins,
formats, resolution and language, with check told the build's options half the time. A
layout that raises anything but a refusal, or that check accepts and the build refuses, is
a bug: its TOML is saved with the options and the last line of the traceback. The slowest
accepted layouts are then built again in a fresh process in every format at the default
150 dpi, for time and peak memory.

Run: python bench/bench_contract.py [--examples N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from collections import Counter  # noqa: E402

from tests.contract_search import (Options, build_options, layouts, run_contract,  # noqa: E402
                                   searched_layouts)


def search(game: str, examples: int, keep: Path) -> dict:
    """Run the search for one game; figures, the options tried and the bugs found."""
    figures = {"tried": 0, "refused": 0, "built": 0, "worst_check": 0.0, "worst_build": 0.0,
               "slowest": [], "bugs": [], "options": Counter()}

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(text=layouts(game), options=build_options())
    def one(text: str, options: Options) -> None:
        figures["tried"] += 1
        figures["options"].update(tried_options(options))
        with tempfile.TemporaryDirectory() as folder:
            try:
                outcome = run_contract(text, Path(folder), options)
            except BaseException as error:  # a bug: record it and search on
                last = traceback.format_exception_only(type(error), error)[-1].strip()
                path = keep / f"{game}-{len(figures['bugs']) + 1}.toml"
                path.write_text(f"# {options.describe()}\n{text}", encoding="utf-8")
                figures["bugs"].append((path, last.splitlines()[0][:200]))
                return
        figures["refused" if outcome.refused else "built"] += 1
        figures["worst_check"] = max(figures["worst_check"], outcome.check_s)
        if not outcome.refused:
            figures["worst_build"] = max(figures["worst_build"], outcome.build_s)
            figures["slowest"] = sorted(figures["slowest"] + [(outcome.build_s, text)],
                                        reverse=True)[:2]

    one()
    return figures


def tried_options(options: Options) -> list[str]:
    """What a build's options were, as the counts the report sums up."""
    given = dict(zip(options.build[::2], options.build[1::2]))
    paper = given["--paper"] if not given["--paper"].endswith("mm") else "own size"
    bleed = float(given["--bleed"])
    return [f"paper {paper}", f"mode {given['--mode']}", f"backs {given['--backs']}",
            f"bleed {'0' if bleed == 0 else '20' if bleed == 20 else 'between'}",
            *(f"format {f}" for f in given["--format"].split(",")),
            "check told the options" if options.check else "check covering every build"]


MEASURED = """
import resource, sys
from boardgen.cli import app
try:
    app(sys.argv[1:])
except SystemExit as done:
    code = done.code
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, code)
"""


def full_build(text: str) -> tuple[float, float, int]:
    """Time, peak memory (MB) and exit code of a fresh process building every format at 150 dpi."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "slow.toml"
        path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", MEASURED, "build", str(path), "--out",
                               str(Path(folder) / "out")], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak_kb, code = done.stdout.split()[-2:]
        return seconds, int(peak_kb) / 1024, int(code) if code != "None" else 0


# The largest layouts check accepts: near the area limit (1.44 of 1.5 m²) and the most pieces.
EDGES = {
    "largest board": 'extends = "racing_kings"\n[board]\nfiles = 11\nranks = 12\nsquare_mm = 100\n',
    "large course": 'extends = "steeple_chess"\n[course]\nsquare_mm = 80\n',
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100, help="layouts per game")
    parser.add_argument("--keep", type=Path, default=Path(tempfile.mkdtemp(prefix="contract-")),
                        help="folder for the layouts that found bugs")
    args = parser.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    totals = {"tried": 0, "refused": 0, "built": 0}
    slowest: list[tuple[float, str]] = []
    tried: Counter = Counter()
    for game in searched_layouts():
        start = time.perf_counter()
        figures = search(game, args.examples, args.keep)
        for key in totals:
            totals[key] += figures[key]
        tried.update(figures["options"])
        slowest += figures["slowest"]
        print(f"{game:15} tried {figures['tried']:4}  refused {figures['refused']:4}  "
              f"built {figures['built']:4}  bugs {len(figures['bugs']):3}  "
              f"worst check {figures['worst_check']:.2f} s  worst build "
              f"{figures['worst_build']:.2f} s  ({time.perf_counter() - start:.0f} s)")
        for path, last in figures["bugs"]:
            print(f"    bug: {path}: {last}")
    print(f"all games: tried {totals['tried']}, check refused {totals['refused']}, "
          f"built {totals['built']}")
    print("options tried: " + ", ".join(f"{name} {count}" for name, count in sorted(tried.items())))
    for name, text in EDGES.items():
        seconds, peak_mb, code = full_build(text)
        print(f"{name}, every format at 150 dpi: {seconds:.1f} s, peak {peak_mb:.0f} MB, "
              f"exit {code}")
    for build_s, text in sorted(slowest, reverse=True)[:3]:
        seconds, peak_mb, code = full_build(text)
        first = text.strip().splitlines()
        print(f"every format at 150 dpi: {seconds:.1f} s, peak {peak_mb:.0f} MB, exit {code}: "
              f"{' | '.join(first)[:160]}")


if __name__ == "__main__":
    main()
