"""Where the time of `boardgen build --all` goes: the warm-up, then every task of every worker.

A parallel build composes and prints each game in one task ("print": check, compose, PDFs,
board.json) and draws its pictures in parts ("draw": SVG and PNG), taken by whichever
worker is free. This prints a timeline of the tasks per worker (seconds since start, CPU
seconds of the task) and where the workers waited, so an unbalanced build shows. With
--profile DIR each task's cProfile statistics are written there (one file per task),
to read with `python -m pstats`.

Run: python bench/bench_build_all.py [--format pdf,svg,png] [--profile DIR]
"""

from __future__ import annotations

import argparse
import ast
import cProfile
import os
import re
import sys
import tempfile
import time
from pathlib import Path

START = time.perf_counter()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import boardgen.cli  # noqa: E402,F401  (what the command line loads before building)
from boardgen import build  # noqa: E402
from boardgen.layout import shipped_games  # noqa: E402

PROFILES: Path | None = None
TIMELINE = Path(tempfile.mkdtemp(prefix="bench-build-all-")) / "timeline"


def timed(kind: str, name, work):
    """Run one task, returning its result and a line for the timeline."""
    began, cpu = time.perf_counter(), time.process_time()
    profile = cProfile.Profile() if PROFILES else None
    if profile:
        profile.enable()
    result = work()
    if profile:
        profile.disable()
        slug = re.sub(r"[^A-Za-z0-9]+", "_", name)[:40].strip("_")
        profile.dump_stats(PROFILES / f"{kind}-{slug}-{os.getpid()}.prof")
    line = (os.getpid(), began - START, time.perf_counter() - START,
            time.process_time() - cpu, f"{kind:5} {name}")
    with TIMELINE.open("a", encoding="utf-8") as timeline:  # one short line: one write
        timeline.write(repr(line) + "\n")
    return result


def print_task(target, *args, **kwargs):
    return timed("print", target, lambda: REAL_RENDER(target, *args, **kwargs))


def draw_task(scenes, options):
    names = ", ".join(scenes)
    return timed("draw", f"{len(scenes):2} pictures: {names[:60]}{'…' if len(names) > 60 else ''}",
                 lambda: REAL_DRAW(scenes, options))


REAL_RENDER, REAL_DRAW = build.render_target, build.picture_set


def main() -> None:
    global PROFILES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="pdf,svg,png")
    parser.add_argument("--profile", type=Path, help="folder for each task's cProfile stats")
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
        PROFILES = args.profile
    build.render_target, build.picture_set = print_task, draw_task
    options = build.BuildOptions(formats=tuple(args.format.split(",")), fall_back=True)
    targets = shipped_games()
    before = os.times()
    with tempfile.TemporaryDirectory() as out:
        warm = time.perf_counter()
        build.warm_up(targets, options)
        warm_up = (time.perf_counter() - warm, warm - START)
        build.warm_up = lambda *_: None  # done, and timed
        for _ in build.render_targets(targets, options, workers=None, out_dir=Path(out)):
            pass
    after = os.times()
    lines = [ast.literal_eval(line) for line in TIMELINE.read_text(encoding="utf-8").splitlines()]
    TIMELINE.unlink()
    TIMELINE.parent.rmdir()
    end = time.perf_counter() - START
    cpu = sum(after[:4]) - sum(before[:4])
    print(f"start-up {warm_up[1]:.2f} s, warm-up {warm_up[0]:.2f} s (main process, before fork)")
    for worker in sorted({line[0] for line in lines}):
        mine = sorted(line for line in lines if line[0] == worker)
        busy = sum(line[2] - line[1] for line in mine)
        print(f"worker {worker}: busy {busy:.2f} s of {end - mine[0][1]:.2f} s")
        for _, began, ended, task_cpu, what in sorted(mine, key=lambda line: line[1]):
            print(f"  {began:6.2f} {ended:6.2f}  cpu {task_cpu:5.2f}  {what}")
    print(f"all rendered at {end:.2f} s; CPU of the build (every process): {cpu:.2f} s "
          f"on {build.usable_cores()} cores (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
