"""Benchmark: rules.pdf and rules-booklet.pdf for every shipped game and rule-text language.

Run: .venv/bin/python bench/bench_rules.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time

from boardgen.errors import InputError
from boardgen.layout import load_layout, shipped_games
from boardgen.render import renderer
from boardgen.rules import LANGUAGES, rule_book
from boardgen.rules.booklet import padded_count
from boardgen.scene import Document


def best_ms(action, repeat: int):
    """The fastest of ``repeat`` runs in ms, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best, result


def measure(game: str, lang: str, repeat: int) -> tuple | None:
    layout = load_layout(game)
    try:
        prepare_ms, book = best_ms(lambda: rule_book(layout, lang), repeat)
    except InputError:
        return None
    if book is None:
        return None
    pdf = renderer("pdf")
    sheet_ms, sheet = best_ms(lambda: pdf(Document(book.sheet())), repeat)
    booklet_ms, booklet = best_ms(lambda: pdf(Document(book.booklet())), repeat)
    pages = len(book.sheet())
    booklet_pages = padded_count(len(book.pages(148.5, 210)))
    return (f"{game} ({lang})", len(book.text.figures), prepare_ms, pages, sheet_ms, len(sheet),
            booklet_pages, booklet_ms, len(booklet))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    header = ("rule text", "figs", "parse+draw ms", "A4 pages", "rules.pdf ms", "bytes",
              "A5 pages", "booklet ms", "bytes")
    rows = []
    for game in shipped_games():
        for lang in LANGUAGES:
            try:
                row = measure(game, lang, repeat)
            except (InputError, ImportError) as error:
                print(f"{game}: skipped ({error})")
                break
            if row:
                rows.append(row)
    first = max([len(header[0])] + [len(row[0]) for row in rows]) + 2
    print(f"{header[0]:<{first}}" + "".join(f"{h:>14}" for h in header[1:]))
    for row in rows:
        cells = [f"{v:.1f}" if isinstance(v, float) else str(v) for v in row[1:]]
        print(f"{row[0]:<{first}}" + "".join(f"{c:>14}" for c in cells))


if __name__ == "__main__":
    main()
