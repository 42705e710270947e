"""Benchmark of the imposition layer: pages and bytes per output, time to impose and render.

The tile sets are synthetic (12 mm river tiles of seven kinds, 20 of each, with
one shared back; 200 poker-size cards with two backs), made with the scene API
so the figures do not depend on any game module. The board rows use Racing Kings.
Run: python bench/bench_imposition.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time
from typing import Callable

from boardgen import imposition
from boardgen.games import racing_kings
from boardgen.layout import load_layout
from boardgen.product import Board, Component, ComponentSet
from boardgen.render import renderer
from boardgen.scene import Document, Path, Rect, Scene, Style, Text, arc_commands

TILE_MM = 12.0
LINE = Style(stroke="#1f4e9c", stroke_mm=1.6, cap="round")
WATER = Style(fill="#d8ecf7")


def tile_kinds() -> list[tuple]:
    """Path commands of the seven river tile kinds: 2 straights, 4 quarter turns, 1 crossing."""
    s, h = TILE_MM, TILE_MM / 2
    straight_v = (("M", h, 0.0), ("L", h, s))
    straight_h = (("M", 0.0, h), ("L", s, h))
    turns = [tuple(arc_commands(cx, cy, h, start, start + 90))
             for cx, cy, start in ((0, 0, 0), (s, 0, 90), (s, s, 180), (0, s, 270))]
    return [straight_v, straight_h, *turns, straight_v + straight_h]


def river_tiles(per_kind: int = 20) -> ComponentSet:
    back = Scene(TILE_MM, TILE_MM, (
        Rect(0, 0, TILE_MM, TILE_MM, Style(fill="#2f5d50")),
        Path(tuple(arc_commands(TILE_MM / 2, TILE_MM / 2, TILE_MM * 0.3, 0, 360)),
             Style(stroke="#a7c4a0", stroke_mm=0.6)),
    ))
    components = tuple(
        Component(f"kind-{k}", Scene(TILE_MM, TILE_MM, (Rect(0, 0, TILE_MM, TILE_MM, WATER),
                                                        Path(commands, LINE))),
                  back=back, count=per_kind, cut="shared")
        for k, commands in enumerate(tile_kinds()))
    return ComponentSet("tiles", "River tiles", components)


def cards() -> ComponentSet:
    """200 poker-size cards: 120 green and 80 grey, values 1–7, two backs."""
    w, h = 63.5, 88.9
    backs = {colour: Scene(w, h, (Rect(0, 0, w, h, Style(fill=fill), rx=3),
                                  Rect(4, 4, w - 8, h - 8, Style(stroke="#ffffff", stroke_mm=0.8), rx=2)))
             for colour, fill in (("green", "#2e7d32"), ("grey", "#757575"))}
    counts = {("green", v): n for v, n in ((1, 24), (2, 24), (3, 24), (4, 24), (5, 16), (7, 8))}
    counts.update({("grey", v): n for v, n in ((1, 16), (2, 16), (3, 16), (4, 11), (5, 11), (6, 10))})
    components = []
    for (colour, value), count in counts.items():
        front = Scene(w, h, (Rect(0, 0, w, h, Style(fill="#ffffff", stroke="#444444", stroke_mm=0.3), rx=3),
                             Text(6, 14, str(value), 10, font="bold"),
                             Text(w - 6, h - 6, str(value), 10, font="bold", anchor="end"),
                             Text(w / 2, h / 2 + 4, colour, 5, anchor="middle")))
        components.append(Component(f"{colour}-{value}", front, back=backs[colour], count=count))
    return ComponentSet("cards", "Cards", tuple(components))


def grid_board(cells: int, cell_mm: float, border_mm: float) -> Board:
    """A chequered board of ``cells`` × ``cells`` with seams on every cell boundary."""
    size = cells * cell_mm + 2 * border_mm
    nodes = [Rect(0, 0, size, size, Style(fill="#f4efe2"))]
    nodes += [Rect(border_mm + c * cell_mm, border_mm + r * cell_mm, cell_mm, cell_mm,
                   Style(fill="#9fc5e8" if (r + c) % 2 else "#cfe2f3"))
              for r in range(cells) for c in range(cells)]
    seams = tuple(border_mm + i * cell_mm for i in range(cells + 1))
    return Board(Scene(size, size, tuple(nodes), title=f"{cells}×{cells} grid"), seams, seams)


def timed(make: Callable[[], tuple], repeat: int) -> tuple[tuple, float]:
    best, result = float("inf"), ()
    for _ in range(repeat):
        start = time.perf_counter()
        result = make()
        best = min(best, time.perf_counter() - start)
    return result, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    layout = load_layout("racing_kings")
    game = racing_kings.compose_game(layout)
    a4, a3 = imposition.PrintOptions(), imposition.PrintOptions(paper=imposition.parse_paper("a3"))
    letter = imposition.PrintOptions(paper=imposition.parse_paper("letter"))
    shop = imposition.PrintOptions(mode="shop")
    tiles, deck = river_tiles(), cards()
    river, metre = grid_board(21, 12, 15), grid_board(40, 25, 0)
    cases: list[tuple[str, Callable[[], tuple]]] = [
        ("140 tiles, duplex", lambda: imposition.impose_components(tiles, a4)),
        ("140 tiles, fold", lambda: imposition.impose_components(
            tiles, imposition.PrintOptions(backs="fold"))),
        ("140 tiles, fronts only", lambda: imposition.impose_components(
            tiles, imposition.PrintOptions(backs="none"))),
        ("140 tiles, shop", lambda: imposition.impose_components(tiles, shop)),
        ("200 cards, duplex", lambda: imposition.impose_components(deck, a4)),
        ("Racing Kings board A4", lambda: imposition.impose_board(game.board, a4)),
        ("Racing Kings board letter", lambda: imposition.impose_board(game.board, letter)),
        ("Racing Kings board A3", lambda: imposition.impose_board(game.board, a3)),
        ("Racing Kings board shop", lambda: imposition.impose_board(game.board, shop)),
        ("21×21 grid of 12 mm, A4", lambda: imposition.impose_board(river, a4)),
        ("1 m board of 25 mm, A4", lambda: imposition.impose_board(metre, a4)),
        ("1 m board of 25 mm, A3", lambda: imposition.impose_board(metre, a3)),
        ("Racing Kings tokens", lambda: imposition.impose_components(game.component_sets[0], a4)),
        ("Racing Kings bundle", lambda: imposition.print_and_play(
            imposition.Cover(layout.title, layout.subtitle, "racing_kings.toml", "bench",
                             picture=game.board.scene),
            [imposition.Section("Board", imposition.impose_board(game.board, a4)),
             imposition.Section("Pieces", imposition.impose_components(game.component_sets[0], a4))],
            a4)),
    ]
    render = renderer("pdf")
    render(Document(imposition.impose_board(game.board, a4)))  # warm fonts and imports
    print(f"{'output':28} {'pages':>5} {'bytes':>8} {'bytes/page':>10} {'impose ms':>9} {'pdf ms':>8}")
    for name, make in cases:
        pages, impose_s = timed(make, args.repeat)
        data, render_s = timed(lambda: render(Document(pages)), args.repeat)
        print(f"{name:28} {len(pages):5d} {len(data):8d} {len(data) // len(pages):10d} "
              f"{impose_s * 1000:9.1f} {render_s * 1000:8.1f}")


if __name__ == "__main__":
    main()
