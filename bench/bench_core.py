"""Benchmark of the core pipeline: `boardgen build racing_kings` per format.

Reports in-process time (best of N), whole-process time (a fresh interpreter,
best of N), peak memory of the whole process and the size of each file. The
package is byte-compiled first, as Python does on a user's first run (where
PYTHONDONTWRITEBYTECODE is set it would otherwise be compiled on every start).
Run: python bench/bench_core.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FORMATS = ["pdf", "svg", "png", "pdf,svg"]


def in_process(fmt: str, out: Path, repeat: int) -> float:
    from boardgen.build import BuildOptions, build
    from boardgen.cli import parse_formats

    options = BuildOptions(formats=parse_formats(fmt))
    build("racing_kings", out, options)  # warm caches (fonts, imports)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        build("racing_kings", out, options)
        best = min(best, time.perf_counter() - start)
    return best


def whole_process(fmt: str, out: Path, repeat: int) -> tuple[float, int]:
    exe = Path(sys.executable).with_name("boardgen")
    best, peak_kb = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        child = subprocess.Popen([str(exe), "build", "racing_kings", "--out", str(out),
                                  "--format", fmt], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        best = min(best, time.perf_counter() - start)
        if status != 0:
            raise SystemExit(f"boardgen build failed for {fmt}")
        peak_kb = max(peak_kb, usage.ru_maxrss)
    return best, peak_kb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import compileall

    import boardgen

    compileall.compile_dir(Path(boardgen.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        print(f"{'format':10} {'in-process ms':>14} {'whole process ms':>17} {'peak MB':>8}")
        for fmt in FORMATS:
            inner = in_process(fmt, out, args.repeat)
            outer, peak = whole_process(fmt, out, args.repeat)
            print(f"{fmt:10} {inner * 1000:14.1f} {outer * 1000:17.1f} {peak / 1024:8.1f}")
        print()
        print(f"{'file':24} {'bytes':>9}")
        for path in sorted((out / "racing_kings").iterdir()):
            print(f"{path.name:24} {path.stat().st_size:9d}")


if __name__ == "__main__":
    main()
