"""Whole-process build times as ratios against reference jobs run alongside them.

Absolute times on a shared machine swing by a factor of two; ratios of paired runs
hold. Each round runs a boardgen command and its reference one after the other (the
order alternating from round to round) and the table shows the median of the ratios.

References (see the anchors folder's README):
  floor      a bare reportlab script drawing 64 squares (start, import, draw, save);
  protograf  protograf 0.5.2's chessboard and oval-track scripts, run with the Python of
             a separate environment where protograf is installed (never boardgen's own).

CPU ratios are printed beside them: on a busy machine they show the work done, where
wall-clock ratios show how long a user waits (and what the cores gain).

Run: python bench/bench_ratios.py [--rounds N] [--anchors DIR] [--protograf PYTHON]
The protograf rows are left out, with a note, when no protograf Python is found.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANCHOR_PLACES = (ROOT.parent / "shared" / "anchors", ROOT.parents[1] / "shared" / "anchors")
PROTOGRAF_PLACES = (Path.home() / ".cache" / "protograf-052" / "bin" / "python",
                    Path("/tmp/pg052/bin/python"))

# (name, boardgen arguments, reference, most allowed ratio)
JOBS = (
    ("racing_kings pdf / protograf chessboard", ["racing_kings", "--format", "pdf"],
     "pg_a_chessboard.py", 0.35),
    ("six_day_race_advanced pdf / protograf oval", ["six_day_race_advanced", "--format", "pdf"],
     "pg_c_race_track.py", 0.35),
    ("racing_kings pdf / floor", ["racing_kings", "--format", "pdf"], "floor.py", 4.0),
    ("six_day_race_advanced pdf / floor", ["six_day_race_advanced", "--format", "pdf"],
     "floor.py", 4.0),
    ("--all (pdf,svg,png) / floor", ["--all"], "floor.py", 30.0),
)


def first_existing(paths) -> Path | None:
    """The first of ``paths`` that exists."""
    return next((path for path in paths if path and Path(path).exists()), None)


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user and system, with every child) one whole process takes.

    A failing command stops the benchmark.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=ROOT,  # boardgen of this checkout
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace')[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def paired_times(ours: list[str], reference: list[str], rounds: int,
                 env: dict[str, str]) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Our (wall, CPU) times and the reference's, run in pairs of alternating order."""
    mine, theirs = [], []
    for round_no in range(rounds):
        if round_no % 2:
            theirs.append(timed(reference, env))
            mine.append(timed(ours, env))
        else:
            mine.append(timed(ours, env))
            theirs.append(timed(reference, env))
    return mine, theirs


def median_ratio(mine, theirs, which: int) -> float:
    """Median over the pairs of our time over the reference's (0: wall clock, 1: CPU)."""
    return statistics.median(a[which] / b[which] for a, b in zip(mine, theirs))


def reference_command(script: str, anchors: Path, protograf: Path | None,
                      out: Path) -> list[str] | None:
    """How to run one reference script, or None when its Python is missing."""
    if script == "floor.py":
        return [sys.executable, str(anchors / script), str(out / "floor.pdf")]
    if protograf is None:
        return None
    return [str(protograf), str(anchors / script)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="paired runs per job (default 7)")
    parser.add_argument("--anchors", type=Path, default=first_existing(ANCHOR_PLACES),
                        help="folder of the reference scripts")
    parser.add_argument("--protograf", type=Path,
                        default=first_existing([os.environ.get("PROTOGRAF_PYTHON"),
                                                *PROTOGRAF_PLACES]),
                        help="Python of an environment with protograf 0.5.2")
    parser.add_argument("--only", help="run only the jobs whose name contains this text")
    args = parser.parse_args()
    if args.anchors is None or not (args.anchors / "floor.py").exists():
        sys.exit("no reference scripts found; name their folder with --anchors")
    if args.protograf is None:
        print("note: protograf 0.5.2 not found (set PROTOGRAF_PYTHON or --protograf); "
              "its rows are left out")
    boardgen = [sys.executable, "-c", "from boardgen.cli import main; main()", "build"]
    work = Path(tempfile.mkdtemp(prefix="bench-ratios-"))
    env = dict(os.environ, OUTDIR=str(work))
    # Installed packages come with their bytecode; so does this checkout after the first
    # run, as for any user (a setting that forbids writing it would time the compiler).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"{'job':46} {'ours s':>7} {'ref s':>7} {'ratio':>6} {'target':>7}      {'cpu ratio':>9}")
    try:
        for name, arguments, script, target in JOBS:
            if args.only and args.only not in name:
                continue
            reference = reference_command(script, args.anchors, args.protograf, work)
            if reference is None:
                continue
            ours = boardgen + arguments + ["--out", str(work / "out")]
            timed(ours, env)  # a first run warms the file cache and the bytecode
            mine, theirs = paired_times(ours, reference, args.rounds, env)
            ratio = median_ratio(mine, theirs, 0)
            verdict = "ok" if ratio <= target else "OVER"
            print(f"{name:46} {statistics.median(t[0] for t in mine):7.2f} "
                  f"{statistics.median(t[0] for t in theirs):7.2f} {ratio:6.2f} {target:6.2f}x "
                  f"{verdict:4} {median_ratio(mine, theirs, 1):9.2f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"median of {args.rounds} paired whole-process runs on {os.cpu_count()} cores "
          f"(load {os.getloadavg()[0]:.1f}); the target is for wall-clock time, the CPU ratio "
          "(all processes' user and system time) shows the work where the machine is busy")


if __name__ == "__main__":
    main()
