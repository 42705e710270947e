"""How time and memory grow with the input: each place that once grew faster than its input.

For every place, an input of its kind is made at 1×, 10× and 100× the largest shipped input of
that kind (a layout file's bytes, a rule text's bytes, a setup's obstacles), and the work is
timed (CPU seconds, the least of a few runs, caches cleared) and its peak memory taken
(tracemalloc, in a run of its own). The table prints the growth factors from 1× to 10× and
from 10× to 100×: linear work grows about tenfold for each (less where a fixed cost still
shows at 1×), quadratic work a hundredfold. The limits that would refuse the largest inputs
before the work (1 MB a layout, 500 KB and 3,000 blocks a rule text) are lifted here, so the
work itself is measured; ``check`` meets no more than 1× to 80× of them.

Run: python bench/bench_growth.py [--only NAME] [--repeat N] [--no-memory]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgen import layout as loader, limits  # noqa: E402
from boardgen.errors import InputError  # noqa: E402
from boardgen.layout import RawLayout, key_lines, layouts_dir, validate_model  # noqa: E402
from boardgen.rules import document  # noqa: E402

LAYOUT_BYTES = max(path.stat().st_size for path in layouts_dir().glob("*.toml"))
RULE_BYTES = max(path.stat().st_size for path in layouts_dir().glob("*.md"))
SCALES = (1, 10, 100)


def repeat_to(unit: str, size: int) -> str:
    """``unit`` repeated to about ``size`` characters."""
    return unit * max(1, size // len(unit))


# ---- the places --------------------------------------------------------------------------

def layout_check(text: str) -> Callable[[], None]:
    """Load a layout of one's own from ``text`` (beside the shipped game it extends)."""
    def work() -> None:
        key_lines.cache_clear()
        raw = RawLayout(*_raw(text))
        from boardgen.games import game_for

        game = game_for(raw.data["game"])
        try:
            validate_model(game.Layout, raw)
        except InputError as error:
            for problem in error.problems or [error]:
                str(problem)  # each problem's line, as check prints it
    return work


def _raw(text: str):
    """``read_layout`` of a text, without a file (and without the 1 MB limit)."""
    import tomllib

    data = tomllib.loads(text)
    base_path = layouts_dir() / f"{data['extends']}.toml"
    base_text = base_path.read_text(encoding="utf-8")
    base = tomllib.loads(base_text)
    layers = (data, base)
    return (loader.merge_layers(layers), (Path("mine.toml"), base_path), (text, base_text), layers)


def named_spaces(size: int) -> str:
    """Six-day spaces given by number, every one beyond the track: a problem and its line each."""
    lines = "".join(f'{200 + i} = "sprint"\n' for i in range(max(1, size // 16)))
    return 'extends = "six_day_race"\n[spaces]\n' + lines


def black_spaces(size: int) -> str:
    """Black spaces that repeat: a problem each, naming a long list."""
    numbers = ", ".join(str(1 + i % 80) for i in range(max(1, size // 4)))
    return f'extends = "six_day_race"\n[spaces]\nblack = [{numbers}]\n'


def tile_types(size: int) -> str:
    """River tile types as an array of tables, each with a problem at its own table."""
    entry = '[[tiles.types]]\nname = "t"\ncount = -1\npaths = ["M 50 0 L 50 100"]\n'
    return 'extends = "river_race"\n' + repeat_to(entry, size)


def spaced_map(size: int) -> str:
    """A Steeple Chess course map with a line of spaces between two letters."""
    return ('extends = "steeple_chess"\n[course]\nmap = """\n#' + " " * size + '#\n"""\n')


def odd_labels(size: int) -> str:
    """Printed words holding a character the typeface lacks, one problem each."""
    entry = 'w{} = "Wyścig 競走"\n'
    count = max(1, size // len(entry))
    return 'extends = "racing_kings"\n[labels.en]\n' + "".join(entry.format(i)
                                                                for i in range(count))


def rule_text(text: str) -> Callable[[], None]:
    """Parse a rule text and typeset it on A4 (the check's first paper)."""
    from boardgen.rules.typeset import page_style, typeset

    def work() -> None:
        try:
            parsed = document.parse_rule_text(text, "t.md", "en")
        except InputError:
            return
        typeset(parsed, {}, page_style(210, 297), "T")
    return work


def parse_only(text: str) -> Callable[[], None]:
    def work() -> None:
        try:
            document.parse_rule_text(text, "t.md", "en")
        except InputError:
            pass
    return work


def river_setup(size: int) -> Callable[[], None]:
    """Validate a river-race setup of many obstacles (a problem for most)."""
    from boardgen.layout import load_layout
    import tempfile

    game = __import__("boardgen.games.river_race", fromlist=["validate_setup"])
    entry = '[[obstacle]]\npiece = "green-1x2"\ncells = ["C5", "D5"]\nplayer = 1\n\n'
    folder = Path(tempfile.mkdtemp(prefix="growth-"))
    path = folder / "setup.toml"
    path.write_text(repeat_to(entry, size), encoding="utf-8")
    river = load_layout("river_race")

    def work() -> None:
        key_lines.cache_clear()
        try:
            str(game.validate_setup(river, path, partial=True))
        except InputError:
            pass
    return work


def shipped_setup_bytes() -> int:
    """The size of a random legal setup of the shipped river board (no setup is shipped)."""
    from boardgen.games import river_race
    from boardgen.layout import load_layout

    return len(river_race.random_setup(load_layout("river_race"), 0))


def text_problems(size: int) -> Callable[[], None]:
    text = repeat_to("Wyścig żółwi — ", size) + "競"
    return lambda: limits.text_problem(text)


def ties(size: int) -> Callable[[], None]:
    """The typesetter's ties and quotes over runs of digits, points and spaces."""
    from boardgen.rules.typography import smart_quotes, tie

    texts = [repeat_to("1.", size) + " x", "a " + repeat_to("1,", size) + "1 ;x",
             "a" + " " * size + "1", repeat_to("1 ", size), repeat_to("'a", size)]
    return lambda: [smart_quotes(tie(text, "pl"), "pl") for text in texts]


PLACES: dict[str, tuple[str, int, Callable[[int], Callable[[], None]]]] = {
    # name: (what the 1× input is, its size, the work for an input of that size)
    "layout: named spaces beyond the track": (
        "layout bytes", LAYOUT_BYTES, lambda size: layout_check(named_spaces(size))),
    "layout: repeated black spaces": (
        "layout bytes", LAYOUT_BYTES, lambda size: layout_check(black_spaces(size))),
    "layout: [[tiles.types]] with problems": (
        "layout bytes", LAYOUT_BYTES, lambda size: layout_check(tile_types(size))),
    "layout: a map line of spaces": (
        "layout bytes", LAYOUT_BYTES, lambda size: layout_check(spaced_map(size))),
    "layout: words the typeface lacks": (
        "layout bytes", LAYOUT_BYTES, lambda size: layout_check(odd_labels(size))),
    "rule text: quotes": (
        "rule text bytes", RULE_BYTES,
        lambda size: parse_only("# Q\n\n" + repeat_to("\"'", size) + "\n")),
    "rule text: paragraphs, typeset": (
        "rule text bytes", RULE_BYTES,
        lambda size: rule_text("# T\n\n" + repeat_to("A word or two, 12 mm and \"quoted\".\n\n",
                                                     size))),
    "rule text: one long word, typeset": (
        "rule text bytes", RULE_BYTES, lambda size: rule_text("# T\n\n" + "w" * size + "\n")),
    "rule text: soft hyphens, typeset": (
        "rule text bytes", RULE_BYTES,
        lambda size: rule_text("# T\n\n" + repeat_to("Spiel\u00adbrett\u00adkante ", size))),
    "rule text: open brackets": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("[", size) + "\n")),
    "rule text: open emphasis": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("*a", size) + "\n")),
    "rule text: backticks": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("`a", size) + "\n")),
    "rule text: angle brackets": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("<a", size) + "\n")),
    "rule text: image openers": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("![", size) + "\n")),
    "rule text: underscores": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to("a_", size) + "\n")),
    "rule text: nested quotes, refused": (
        "rule text bytes", RULE_BYTES, lambda size: parse_only(repeat_to(">", size) + " a\n")),
    "rule text: a table row of many cells": (
        "rule text bytes", RULE_BYTES,
        lambda size: parse_only("|" + repeat_to("a|", size) + "\n|" + repeat_to("-|", size)
                                + "\n")),
    "typography: ties and quotes": ("rule text bytes", RULE_BYTES, ties),
    "text: characters the typeface lacks": ("rule text bytes", RULE_BYTES, text_problems),
    "setup: many obstacles, validated": ("setup bytes", 0, river_setup),
}


# ---- measuring -----------------------------------------------------------------------------

def cpu_seconds(work: Callable[[], None], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def peak_mb(work: Callable[[], None]) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def lifted_limits() -> None:
    """Lift the limits that refuse large inputs before the work, to measure the work."""
    loader.MAX_LAYOUT_BYTES = 1 << 30
    document.MAX_BLOCKS = 10 ** 9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="places whose name contains this")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--no-memory", action="store_true", help="time only")
    args = parser.parse_args()
    lifted_limits()
    setup_bytes = shipped_setup_bytes()
    print(f"1× is the largest shipped input: a layout of {LAYOUT_BYTES:,} bytes, a rule text "
          f"of {RULE_BYTES:,} bytes, a setup of {setup_bytes:,} bytes")
    print(f"{'place':40} {'1× s':>8} {'10× s':>8} {'100× s':>8} {'×10':>6} {'×100':>6}"
          f"{'' if args.no_memory else '   1× MB  100× MB  ×100'}")
    for name, (_unit, size, make) in PLACES.items():
        if args.only and args.only not in name:
            continue
        size = size or setup_bytes
        works = [make(size * scale) for scale in SCALES]
        works[0]()  # warm the caches a first run fills (fonts, patterns)
        seconds = [cpu_seconds(work, args.repeat) for work in works]
        growth = [later / max(earlier, 1e-4) for earlier, later in zip(seconds, seconds[1:])]
        line = (f"{name:40} {seconds[0]:8.3f} {seconds[1]:8.3f} {seconds[2]:8.3f} "
                f"{growth[0]:6.1f} {growth[1]:6.1f}")
        if not args.no_memory:
            low, high = peak_mb(works[0]), peak_mb(works[2])
            line += f" {low:8.1f} {high:8.1f} {high / max(low, 0.01):5.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
