"""Wyścig przez rzekę: how fast the placement validator is, and how big the printed files are.

Run: .venv/bin/python bench/bench_river_race.py
"""

from __future__ import annotations

import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402

from boardgen import imposition  # noqa: E402
from boardgen.games.river_race import compose_game, random_setup, validate  # noqa: E402
from boardgen.games.river_race.examples import illegal_example, legal_example  # noqa: E402
from boardgen.games.river_race.placing import RiverModel, square_model  # noqa: E402
from boardgen.games.river_race.setup import load_setup  # noqa: E402
from boardgen.geometry.reach import PieceKind, Placement, Setup  # noqa: E402
from boardgen.layout import load_layout  # noqa: E402
from boardgen.render import renderer  # noqa: E402
from boardgen.scene import Document  # noqa: E402

UNLIMITED = 10 ** 9
BIG_BOX = {
    "black-1x3": PieceKind("black-1x3", "black", 1, 3, UNLIMITED, "b"),
    "green-1x2": PieceKind("green-1x2", "green", 1, 2, UNLIMITED, "g"),
    "green-2x2": PieceKind("green-2x2", "green", 2, 2, UNLIMITED, "g"),
}


def best_ms(action, repeat: int) -> float:
    """The best of ``repeat`` runs, in ms (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def scattered_setup(model: RiverModel, density: float, seed: int, wall_row: int | None) -> Setup:
    """Random non-overlapping pieces covering about ``density`` of the board, clear of the
    players' fields and of a free path down column A; optionally a full-width wall."""
    grid = model.grid
    columns, rows = grid.width, grid.height
    rng = random.Random(seed)
    taken = {(cell[0], model.row_number(cell)) for cell in model.fields()}  # (column, row)
    taken |= {(0, row) for row in range(1, rows + 1)}  # column A open: the board stays crossable
    placements: list[Placement] = []
    names = {}

    def name(col: int, row: int) -> str:
        key = (col, row)
        if key not in names:
            names[key] = grid.name(model.cell(col, row))
        return names[key]

    if wall_row is not None:
        for start in range(0, columns, 3):
            cols = range(start, min(start + 3, columns))
            kind = "black-1x3" if len(cols) == 3 else "green-1x2"
            cells = tuple(name(c, wall_row) for c in cols)
            if len(cols) == 1:
                cells = (name(cols[0], wall_row), name(cols[0], wall_row + 1))
            placements.append(Placement(len(placements) + 1, kind, cells, 1))
            taken |= {(c, wall_row) for c in cols} | {(c, wall_row + 1) for c in cols}
    target = int(columns * rows * density)
    covered = 0
    kinds = list(BIG_BOX.values())
    while covered < target:
        kind = rng.choice(kinds)
        w, h = (kind.width, kind.height) if rng.random() < 0.5 else (kind.height, kind.width)
        col, row = rng.randrange(columns - w + 1), rng.randrange(1, rows - h + 2)
        cells = [(col + dc, row + dr) for dr in range(h) for dc in range(w)]
        if any(cell in taken for cell in cells):
            covered += 1  # count the miss so a crowded board still ends
            continue
        taken.update(cells)
        covered += len(cells)
        placements.append(Placement(len(placements) + 1, kind.name,
                                    tuple(name(c, r) for c, r in cells), 1 + len(placements) % 2))
    return Setup(tuple(placements), source=f"{columns}x{rows}")


def validation_rows() -> list[tuple]:
    layout = load_layout("river_race")
    model = layout.model()
    rows = []
    legal = load_setup_text(layout, random_setup(layout, 1))
    illegal = illegal_example(layout)
    for label, setup, repeat in (("21×21 random legal setup", legal, 2000),
                                 ("21×21 start walled in", illegal, 2000)):
        report = validate(model, setup)
        rows.append((label, len(setup.placements), best_ms(lambda: validate(model, setup), repeat),
                     "legal" if report.ok else ", ".join(sorted(set(report.codes())))))
    for size, repeat in ((100, 20), (1000, 3)):
        big = square_model(size, per_player={"black": UNLIMITED, "green": UNLIMITED},
                           kinds=BIG_BOX)
        for density, wall in ((0.07, None), (0.2, None), (0.2, size // 2)):
            setup = scattered_setup(big, density, seed=size, wall_row=wall)
            report = validate(big, setup, partial=True)
            label = f"{size}×{size}, {density:.0%} covered" + (", wall across" if wall else "")
            rows.append((label, len(setup.placements),
                         best_ms(lambda: validate(big, setup, partial=True), repeat),
                         "legal" if report.ok else ", ".join(sorted(set(report.codes())))))
    return rows


def load_setup_text(layout, text: str) -> Setup:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False, encoding="utf-8") as f:
        f.write(text)
    try:
        return load_setup(layout, f.name)
    finally:
        Path(f.name).unlink()


def output_rows() -> list[tuple]:
    layout = load_layout("river_race")
    options = imposition.PrintOptions()
    rows = []
    start = time.perf_counter()
    game = compose_game(layout, setup=legal_example(layout))
    rows.append(("compose board, tiles, obstacles", (time.perf_counter() - start) * 1000, "", ""))
    products = [("board.pdf", imposition.impose_board(game.board, options))]
    products += [(f"{s.name}.pdf", imposition.impose_components(s, options))
                 for s in game.component_sets]
    for name, pages in products:
        start = time.perf_counter()
        data = renderer("pdf")(Document(pages, title=name))
        ms = (time.perf_counter() - start) * 1000
        rows.append((f"render {name}", ms, len(data), len(PdfReader(io.BytesIO(data)).pages)))
    start = time.perf_counter()
    svg = renderer("svg")(game.board.scene)
    rows.append(("render board.svg", (time.perf_counter() - start) * 1000, len(svg), 1))
    return rows


def main() -> None:
    print("validation (best of several runs)")
    print(f"{'case':42} {'pieces':>7} {'ms':>9}  verdict")
    for label, pieces, ms, verdict in validation_rows():
        print(f"{label:42} {pieces:>7} {ms:>9.3f}  {verdict}")
    print()
    print("printed files (A4, current imposition)")
    print(f"{'step':42} {'ms':>9} {'bytes':>9} {'pages':>6}")
    for label, ms, size, pages in output_rows():
        print(f"{label:42} {ms:>9.1f} {size!s:>9} {pages!s:>6}")


if __name__ == "__main__":
    main()
