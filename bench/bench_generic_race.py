"""A generic race game's build against today's six-day race, for the same board.

The generic layout (``game = "race"``) draws the six-day velodrome's track: an oval of 80
spaces of 24 mm, 20 on each straight, two lanes of 20 mm, with Alan Moon's 32 coloured
spaces as kinds of space. Two figures, each the median of paired runs taken in turn:

- the board alone, in process: composed from the loaded layout and drawn as SVG and PDF;
- the whole kit as PDF, ``boardgen build LAYOUT --format pdf`` in a fresh process (the six-day
  kit also prints 200 cards and a score sheet, the generic one 8 standees and a die net).

The generic kind must not be slower for the same board: the ratio generic / six-day is
printed, below 1 when the generic kind is quicker.

    python bench/bench_generic_race.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOON = {"black": [3, 4, 5, 8, 10, 24, 25, 26, 27, 29, 30, 31, 32, 43, 44, 50, 51, 53, 56, 60,
                  74, 75, 76, 77],
        "green": [45, 54, 64], "grey": [55, 58, 62], "red": [47], "blue": [20]}
FILLS = {"black": "#1d1d1b", "green": "#2f9a4a", "grey": "#a3a39f", "red": "#d7322b",
         "blue": "#2466c2"}

GENERIC = """
game = "race"
name = "generic_velodrome"
title = "6-Tage Rennen"

[players]
min = 3
max = 8

[race]
finish = "pass"

[board]
shape = "oval"
spaces = 80
straight_spaces = 20
space_mm = 24
lanes = 2
lane_mm = 20
margin_mm = 6

[board.colors]
ground = "#dce9dc"
plain = "#efe3c6"
edge = "#3a2f25"
ink = "#2a241d"

{kinds}

[spaces]
{spaces}

[components.riders]
type = "tokens"
shape = "standee"
size_mm = 9.5

[components.die]
type = "die"
"""


def generic_layout() -> str:
    kinds = "\n".join(f'[kinds.{name}]\nfill = "{FILLS[name]}"\nlabel = false\n'
                      for name in MOON)
    spaces = "\n".join(f'{n} = "{name}"' for name, numbers in MOON.items() for n in numbers)
    from boardgen.i18n import LANGUAGES

    labels = "\n".join(f'[labels.{lang}.kinds.{name}]\nname = "{name}"'
                       for lang in LANGUAGES for name in MOON)
    return GENERIC.format(kinds=kinds, spaces=spaces) + "\n" + labels + "\n"


def board_seconds(target: str) -> float:
    """Compose the board from the loaded layout and draw it as SVG and PDF."""
    from boardgen.contract import compose
    from boardgen.layout import load_layout
    from boardgen.render import renderer
    from boardgen.scene import Document

    layout = load_layout(target)
    start = time.perf_counter()
    scene = compose(layout, "en").board.scene
    renderer("svg")(scene)
    renderer("pdf")(Document((scene,)))
    return time.perf_counter() - start


def build_seconds(target: str, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "boardgen", "build", target, "--out", str(out),
                    "--format", "pdf"], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="paired runs of each figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-generic-") as folder:
        generic = Path(folder) / "generic_velodrome.toml"
        generic.write_text(generic_layout(), encoding="utf-8")
        board_seconds(str(generic)), board_seconds("six_day_race_advanced")  # warm caches
        boards = [(board_seconds(str(generic)), board_seconds("six_day_race_advanced"))
                  for _ in range(args.runs)]
        builds = [(build_seconds(str(generic), Path(folder) / "out"),
                   build_seconds("six_day_race_advanced", Path(folder) / "out"))
                  for _ in range(args.runs)]
    print(f"{'':34} {'generic':>9} {'six-day':>9} {'ratio':>7}")
    for name, pairs in (("board: compose + SVG + PDF (s)", boards),
                        ("kit: build --format pdf (s)", builds)):
        generic_s = statistics.median(p[0] for p in pairs)
        six_day_s = statistics.median(p[1] for p in pairs)
        ratio = statistics.median(p[0] / p[1] for p in pairs)
        print(f"{name:34} {generic_s:9.3f} {six_day_s:9.3f} {ratio:7.2f}")
    # An editable install is compiled afresh on every run where bytecode may not be written.
    print("bytecode: " + ("PYTHONDONTWRITEBYTECODE set, boardgen compiled on every run"
                          if os.environ.get("PYTHONDONTWRITEBYTECODE")
                          else "written once and read, as a user's Python keeps it"))


if __name__ == "__main__":
    main()
