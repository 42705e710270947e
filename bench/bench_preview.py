"""How long an edit takes to show in ``boardgen preview``, measured in headless Chromium.

For each game a small layout of one's own (``extends`` the game) is previewed in a
separate process, as a user runs it, and shown in Debian's Chromium driven over the
DevTools pipe (tests/preview_support.py). Each round rewrites the layout with another
dark square colour and times, on the machine's clock, from the write to the moment the
page has the new board picture loaded and decoded. The table shows the median and the
worst round, and how many rounds the page reloaded instead of swapping the picture.

``--load N`` keeps N extra processes busy meanwhile, as on a shared machine.

Run: python bench/bench_preview.py [--rounds N] [--load N] [--games a,b]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.preview_support import CHROMIUM, Browser, Served  # noqa: E402

COLOURS = ("#1f5f8b", "#c0392b", "#2e7d32", "#6a1b9a")
COLOUR_KEY = {"six_day_race": "infield", "river_race": "water"}  # a colour the board shows
WAIT_S = 10

# In the page: once the board has an address other than ``old`` and has loaded and been
# decoded, note the time (ms since the epoch, the clock Python's time.time() reads).
WATCH_BOARD = """
(() => {
  const board = document.querySelector('img[data-stem="board"]');
  const old = board.getAttribute('src');
  window.boardShownAt = null;
  window.samePage = true;
  const look = () => {
    const now = document.querySelector('img[data-stem="board"]');
    if (now && now.getAttribute('src') !== old && now.complete && now.naturalWidth > 0) {
      now.decode().then(() => { window.boardShownAt = Date.now(); });
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()
"""


def layout_text(game: str, colour: str) -> str:
    return (f'extends = "{game}"\nname = "mine"\ntitle = "Mine"\n\n'
            f'[colors]\n{COLOUR_KEY.get(game, "dark")} = "{colour}"\n')


def measure(game: str, rounds: int, folder: Path) -> tuple[list[float], int]:
    """Seconds from each write to the new board in the page; and how many rounds reloaded."""
    layout = folder / "mine.toml"
    layout.write_text(layout_text(game, COLOURS[0]), "utf-8")
    seconds: list[float] = []
    reloads = 0
    with Served(str(layout), cwd=folder) as served:
        browser = Browser(folder / "profile")
        try:
            browser.open(served.url)
            browser.wait_for("document.querySelector('img[data-stem=\"board\"]') !== null"
                             " && document.querySelector('img[data-stem=\"board\"]').complete",
                             "the board")
            for round_ in range(1, rounds + 1):
                browser.evaluate(WATCH_BOARD)
                time.sleep(0.3)  # let the page settle, as between two saves
                written = time.time()
                layout.write_text(layout_text(game, COLOURS[round_ % len(COLOURS)]), "utf-8")
                deadline = time.monotonic() + WAIT_S
                shown = None
                while time.monotonic() < deadline and shown is None:
                    shown = browser.evaluate("window.boardShownAt")
                    if shown is None and not browser.evaluate("window.samePage === true"):
                        reloads += 1  # the watcher went with the old page; wait for the new one
                        browser.wait_for("document.body && document.body.dataset.checked"
                                         " === 'true'", "the reloaded page")
                        shown = time.time() * 1000
                    time.sleep(0.005)
                if shown is None:
                    raise SystemExit(f"{game}: round {round_} did not show within {WAIT_S} s")
                if shown / 1000 < written:
                    raise SystemExit(f"{game}: round {round_} saw a picture from before its edit")
                seconds.append(shown / 1000 - written)
                browser.wait_for("document.body.dataset.checked === 'true'", "the check")
        finally:
            browser.close()
    return seconds, reloads


def busy(count: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--load", type=int, default=0, help="extra busy processes meanwhile")
    parser.add_argument("--games", default="racing_kings,steeple_chess,six_day_race")
    args = parser.parse_args()
    if CHROMIUM is None:
        raise SystemExit("chromium is not installed (apt install chromium)")
    burners = busy(args.load)
    try:
        print(f"edit → new board in Chromium, {args.rounds} rounds, {args.load} busy processes")
        print(f"{'game':<16}{'median s':>10}{'worst s':>10}{'reloads':>9}")
        for game in args.games.split(","):
            with tempfile.TemporaryDirectory() as folder:
                seconds, reloads = measure(game, args.rounds, Path(folder))
            print(f"{game:<16}{statistics.median(seconds):>10.3f}{max(seconds):>10.3f}"
                  f"{reloads:>9}")
    finally:
        for process in burners:
            process.kill()
            process.wait()


if __name__ == "__main__":
    main()
