"""This checkout against another revision: the jobs of ``bench_ratios.py``, run in pairs.

A change's gain on a shared machine is told by pairs, not by two benchmark runs minutes
apart: each round runs a job with this checkout and with the other revision one after the
other (the order alternating), and the table shows the median of the pairs' ratios (this
checkout's time over the other's) in CPU and wall-clock time. The other revision is
exported with ``git archive`` into a temporary folder and run with this checkout's Python
and packages (its bytecode is written by a first run, as for this checkout).

Run: python bench/bench_against.py REVISION [--rounds N] [--only TEXT]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_ratios import GENERIC, JOBS, TRACK_160, TRACK_160_LAYOUT, timed  # noqa: E402


def export(revision: str, folder: Path) -> Path:
    """The files of ``revision`` of this repository, written into ``folder``."""
    archive = subprocess.run(["git", "archive", "--format=tar", revision], cwd=ROOT,
                             capture_output=True, check=True).stdout
    tar = folder / "revision.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as files:
        files.extractall(folder / "checkout", filter="data")
    return folder / "checkout"


def boardgen_of(checkout: Path) -> list[str]:
    """The command that runs the boardgen of ``checkout`` (its folder first on the path)."""
    return [sys.executable, "-c",
            f"import sys; sys.path.insert(0, {str(checkout)!r}); "
            "from boardgen.cli import main; main()"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the revision to compare with (main, a commit)")
    parser.add_argument("--rounds", type=int, default=5, help="pairs per job (default 5)")
    parser.add_argument("--only", help="run only the jobs whose name contains this text")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-against-"))
    env = dict(os.environ, OUTDIR=str(work))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    from bench_generic_race import generic_layout

    (work / GENERIC).write_text(generic_layout(), encoding="utf-8")
    (work / TRACK_160).write_text(TRACK_160_LAYOUT, encoding="utf-8")
    try:
        other = export(args.revision, work)
        print(f"{'job (this checkout / ' + args.revision + ')':48} {'cpu':>6} {'wall':>6}")
        seen = set()
        for name, arguments, *_ in JOBS:
            key = tuple(arguments)
            if key in seen or (args.only and args.only not in name):
                continue
            seen.add(key)
            arguments = [str(work / a) if a in (GENERIC, TRACK_160) else a for a in arguments]
            if arguments[0] == "build":
                arguments = arguments + ["--out", str(work / "out")]
            ours, theirs = boardgen_of(ROOT) + arguments, boardgen_of(other) + arguments
            timed(ours, env)  # bytecode and file cache, for both
            timed(theirs, env)
            pairs = []
            for round_no in range(args.rounds):
                first, second = (ours, theirs) if round_no % 2 == 0 else (theirs, ours)
                a, b = timed(first, env), timed(second, env)
                pairs.append((a, b) if first is ours else (b, a))
            cpu = statistics.median(m[1] / t[1] for m, t in pairs)
            wall = statistics.median(m[0] / t[0] for m, t in pairs)
            print(f"{' '.join(arguments[:4]):48} {cpu:6.2f} {wall:6.2f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"median of {args.rounds} pairs on {os.cpu_count()} cores "
          f"(load {os.getloadavg()[0]:.1f}); below 1: this checkout is faster")


if __name__ == "__main__":
    main()
