"""Whole-process times and peak memory, as ratios against reference jobs run alongside them.

Absolute times on a shared machine swing by a factor of two; ratios of paired runs
hold. Each round runs a boardgen command and its reference one after the other (the
order alternating from round to round) and the table shows the median of the ratios:
every ratio issue 27 names, each against its target.

References (see the anchors folder's README):
  floor      a bare reportlab script drawing 64 squares (start, import, draw, save);
  protograf  protograf 0.5.2's chessboard and oval-track scripts, run with the Python of
             a separate environment where protograf is installed (never boardgen's own);
  six-day    ``build six_day_race_advanced --format pdf``, for the generic race kind's
             layout of the same board (bench_generic_race.py): it must be no slower.

Each target is for wall-clock time or for CPU time (user and system, of every process
of the job), as the issue says; the other ratio is printed beside it. On a busy machine
CPU ratios show the work done, wall-clock ratios how long a user waits.

Peak memory: the largest resident set of any one process of a job (the build and each of
its workers), for ``build --all`` and for a 160-space six-day track in every format.

Bytecode: boardgen runs as a user's Python keeps it, compiled once and then read; with
``--no-bytecode`` every run has PYTHONDONTWRITEBYTECODE set (an editable install is then
compiled afresh on every run). The last line says which was measured.

Run: python bench/bench_ratios.py [--rounds N] [--only TEXT] [--no-bytecode]
                                  [--anchors DIR] [--protograf PYTHON]
The protograf rows are left out, with a note, when no protograf Python is found.
"""

from __future__ import annotations

import argparse
import os
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

SIX_DAY_PDF = ["build", "six_day_race_advanced", "--format", "pdf"]
GENERIC = "generic_velodrome.toml"  # written into the work folder from bench_generic_race.py
TRACK_160 = "track160.toml"
TRACK_160_LAYOUT = 'extends = "six_day_race_advanced"\nname = "track160"\n\n[board]\nspaces = 160\n'
WALL, CPU = 0, 1

# (name, boardgen arguments, reference, most allowed ratio, which time the target is for)
JOBS = (
    ("racing_kings pdf / protograf chessboard", ["build", "racing_kings", "--format", "pdf"],
     "pg_a_chessboard.py", 0.35, WALL),
    ("six_day_race_advanced pdf / protograf oval", SIX_DAY_PDF, "pg_c_race_track.py", 0.35, WALL),
    ("racing_kings pdf / floor", ["build", "racing_kings", "--format", "pdf"], "floor.py", 4.0,
     WALL),
    ("six_day_race_advanced pdf / floor", SIX_DAY_PDF, "floor.py", 4.0, WALL),
    ("generic race pdf / six_day_race_advanced pdf", ["build", GENERIC, "--format", "pdf"],
     SIX_DAY_PDF, 1.0, WALL),
    ("--all (pdf,svg,png) / floor, CPU", ["build", "--all"], "floor.py", 25.0, CPU),
    ("--all --format tgc,tts / floor", ["build", "--all", "--format", "tgc,tts"], "floor.py",
     20.0, WALL),
    ("analyse steeple_chess 2000 games / floor, CPU",
     ["analyse", "steeple_chess", "--games", "2000", "--seed", "0"], "floor.py", 40.0, CPU),
)

# (name, boardgen arguments, most allowed peak of any one process in MB)
MEMORY_JOBS = (
    ("build --all (pdf,svg,png)", ["build", "--all"], 160),
    ("160-space track, every format", ["build", TRACK_160, "--format", "pdf,svg,png,tgc,tts"],
     300),
)


def first_existing(paths) -> Path | None:
    """The first of ``paths`` that exists."""
    return next((path for path in paths if path and Path(path).exists()), None)


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall-clock and CPU seconds (user and system, with every child) one whole process takes,
    and the peak resident set in MB of the largest process among it and its children.

    A failing command stops the benchmark.
    """
    start = time.perf_counter()
    with subprocess.Popen(command, env=env, cwd=ROOT,  # boardgen of this checkout
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as process:
        errors = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)  # its own usage, with its children's
        process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - start
    if process.returncode:
        sys.exit(f"{' '.join(command)} failed: {errors.decode(errors='replace')[-500:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024 / 1e6


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one whole process (see ``run``)."""
    return run(command, env)[:2]


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


def reference_command(script, anchors: Path, protograf: Path | None, out: Path,
                      boardgen: list[str]) -> list[str] | None:
    """How to run one reference (a script, or boardgen arguments), or None when its Python
    is missing."""
    if isinstance(script, list):
        return boardgen + script + ["--out", str(out / "reference")]
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
    parser.add_argument("--no-bytecode", action="store_true",
                        help="run with PYTHONDONTWRITEBYTECODE set (compiled on every run)")
    args = parser.parse_args()
    if args.anchors is None or not (args.anchors / "floor.py").exists():
        sys.exit("no reference scripts found; name their folder with --anchors")
    if args.protograf is None:
        print("note: protograf 0.5.2 not found (set PROTOGRAF_PYTHON or --protograf); "
              "its rows are left out")
    boardgen = [sys.executable, "-c", "from boardgen.cli import main; main()"]
    work = Path(tempfile.mkdtemp(prefix="bench-ratios-"))
    env = dict(os.environ, OUTDIR=str(work))
    # Installed packages come with their bytecode; so does this checkout after the first
    # run, as for any user (a setting that forbids writing it would time the compiler).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.no_bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_generic_race import generic_layout

    (work / GENERIC).write_text(generic_layout(), encoding="utf-8")
    (work / TRACK_160).write_text(TRACK_160_LAYOUT, encoding="utf-8")
    print(f"{'job':48} {'ours s':>7} {'ref s':>7} {'ratio':>6} {'target':>7}      "
          f"{'other':>6}")
    try:
        for name, arguments, script, target, which in JOBS:
            if args.only and args.only not in name:
                continue
            reference = reference_command(script, args.anchors, args.protograf, work, boardgen)
            if reference is None:
                continue
            ours = boardgen + [work / a if a in (GENERIC, TRACK_160) else a for a in arguments]
            ours = [str(a) for a in ours]
            if arguments[0] == "build":
                ours += ["--out", str(work / "out")]
            timed(ours, env)  # a first run warms the file cache and the bytecode
            timed(reference, env)
            mine, theirs = paired_times(ours, reference, args.rounds, env)
            ratio = median_ratio(mine, theirs, which)
            verdict = "ok" if ratio <= target else "OVER"
            other = "cpu" if which == WALL else "wall"
            print(f"{name:48} {statistics.median(t[which] for t in mine):7.2f} "
                  f"{statistics.median(t[which] for t in theirs):7.2f} {ratio:6.2f} "
                  f"{target:6.2f}x {verdict:4} {median_ratio(mine, theirs, 1 - which):6.2f} "
                  f"{other}", flush=True)
        for name, arguments, most in MEMORY_JOBS:
            name = f"peak memory: {name}"
            if args.only and args.only not in name:
                continue
            command = [str(work / a) if a in (GENERIC, TRACK_160) else a for a in arguments]
            peaks = [run(boardgen + command + ["--out", str(work / "out")], env)[2]
                     for _ in range(max(1, min(3, args.rounds)))]
            peak = max(peaks)
            verdict = "ok" if peak <= most else "OVER"
            print(f"{name:48} {peak:7.0f} MB, at most {most} MB   {verdict}",
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    bytecode = ("PYTHONDONTWRITEBYTECODE set: compiled on every run" if args.no_bytecode
                else "bytecode written once and read, as a user's Python keeps it")
    print(f"median of {args.rounds} paired whole-process runs on {os.cpu_count()} cores "
          f"(load {os.getloadavg()[0]:.1f}); {bytecode}. A target is for the time its name "
          "says (wall clock unless CPU); the other ratio is printed beside it. Peak memory: "
          "the largest of a few runs, of the largest process of each")


if __name__ == "__main__":
    main()
