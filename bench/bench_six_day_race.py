"""Benchmark of 6-Tage Rennen: the velodrome board and the 200 movement cards.

Times are the best of N runs in one process (fonts and imports warmed up first).
The last rows draw the same 200 cards with every face copied into each card
instead of referenced once, to show what reusing the artwork saves.
Run: python bench/bench_six_day_race.py [--repeat N] [--layout NAME]
"""

from __future__ import annotations

import argparse
import io
import time
from dataclasses import replace

from boardgen import imposition
from boardgen.games import race
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Document, Group, Scene, Use


def best_of(repeat: int, work):
    """(best seconds, last result) of calling ``work`` ``repeat`` times."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def pages_of(pdf: bytes) -> int:
    import pypdf

    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def inlined(page: Scene) -> Scene:
    """The same page with every symbol's artwork copied wherever it is used."""
    def expand(node):
        if isinstance(node, Use):
            return Group(tuple(expand(n) for n in page.symbols[node.symbol]), node.transform)
        if isinstance(node, Group):
            return replace(node, children=tuple(expand(n) for n in node.children))
        return node

    return replace(page, children=tuple(expand(n) for n in page.children), symbols={})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--layout", default="six_day_race_advanced")
    args = parser.parse_args()
    layout = load_layout(args.layout)
    options = imposition.PrintOptions()
    pdf, svg = renderer("pdf"), renderer("svg")
    race.compose_game(layout)  # warm up fonts and imports

    rows: list[tuple[str, float, int, int]] = []
    t, board = best_of(args.repeat, lambda: race.compose_game(layout).board)
    rows.append(("board: compose", t, 0, 0))
    t, data = best_of(args.repeat, lambda: pdf(Document(imposition.impose_board(board, options))))
    rows.append(("board: pdf", t, len(data), pages_of(data)))
    t, data = best_of(args.repeat, lambda: svg(board.scene))
    rows.append(("board: svg", t, len(data), 1))
    t, data = best_of(1, lambda: renderer("png")(board.scene, dpi=100))
    rows.append(("board: png 100 dpi", t, len(data), 1))
    t, _ = best_of(args.repeat, lambda: race.compose_game(layout).board_json)
    rows.append(("board.json", t, 0, 0))

    t, cards = best_of(args.repeat, lambda: race.compose_game(layout).component_sets[0])
    count = sum(c.count for c in cards.components)
    rows.append((f"{count} cards: compose game", t, 0, 0))
    t, pages = best_of(args.repeat, lambda: imposition.impose_components(cards, options))
    rows.append(("cards: impose", t, 0, len(pages)))
    t, data = best_of(args.repeat, lambda: pdf(Document(pages)))
    rows.append(("cards: pdf (faces reused)", t, len(data), pages_of(data)))
    flat_pages = tuple(inlined(p) for p in pages)
    t, data = best_of(args.repeat, lambda: pdf(Document(flat_pages)))
    rows.append(("cards: pdf (faces copied)", t, len(data), pages_of(data)))
    t, data = best_of(1, lambda: b"".join(svg(p) for p in pages))
    rows.append(("cards: svg, all pages", t, len(data), len(pages)))

    output = race.compose_game(layout)
    riders = imposition.impose_components(output.component_sets[1], options)
    t, data = best_of(args.repeat, lambda: pdf(Document(riders)))
    rows.append(("riders: pdf", t, len(data), pages_of(data)))
    t, data = best_of(args.repeat, lambda: pdf(output.sheets[0].scene))
    rows.append(("score sheet: pdf", t, len(data), 1))

    print(f"{args.layout}: board {board.scene.width:.0f} × {board.scene.height:.0f} mm, "
          f"{layout.board.spaces} spaces, {len(board.seams_x)} x seams, {len(board.seams_y)} y seams")
    print(f"{'step':28} {'ms':>9} {'bytes':>10} {'pages':>6}")
    for name, seconds, size, page_count in rows:
        print(f"{name:28} {seconds * 1000:9.1f} {size or '':>10} {page_count or '':>6}")


if __name__ == "__main__":
    main()
