"""Steeple Chess timings: movement generation, the every-position passability check, output.

Run: .venv/bin/python bench/bench_steeple_chess.py
"""

from __future__ import annotations

import io
import time

from boardgen.build import BuildOptions, product_files
from boardgen.games.steeple_chess import compose_game
from boardgen.games.steeple_chess.checks import course_problems
from boardgen.games.steeple_chess.course import parse_map
from boardgen.games.steeple_chess.moves import (FACES, Position, blocking_placements,
                                                entry_targets, obstacle_placements, targets)
from boardgen.layout import load_layout


def timed(work, repeat: int = 5) -> tuple[float, object]:
    """Best of ``repeat`` runs, in ms, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best * 1000, result


def all_moves(course, position):
    count = 0
    for cell in sorted(course.squares):
        for face in FACES:
            count += len(targets(course, position, "G", face, cell))
    for letter in "GYRB":
        for face in FACES:
            count += len(entry_targets(course, position, letter, face))
    return count


def crowded(course) -> Position:
    """Every third square holds a piece, colours in turn; the obstacle in the zone."""
    cells = sorted(course.squares)
    pieces = {cell: "GYRB"[i % 4] for i, cell in enumerate(cells[::3])}
    obstacle = frozenset(obstacle_placements(course)[0])
    return Position({c: p for c, p in pieces.items() if c not in obstacle}, obstacle)


def main() -> None:
    layout = load_layout("steeple_chess")
    text = layout.course.map
    rows = []

    ms, _ = timed(lambda: parse_map.__wrapped__(text))
    rows.append(("parse the course map", ms, ""))
    course = parse_map.__wrapped__(text)
    ms, _ = timed(lambda: course_problems(parse_map.__wrapped__(text)))
    rows.append(("parse + check the course (all rules)", ms, ""))

    fresh = parse_map.__wrapped__(text)
    _ = fresh.forward
    calls = len(fresh.squares) * len(FACES) + 4 * len(FACES)
    ms, count = timed(lambda: all_moves(fresh, Position()))
    rows.append((f"moves, empty board ({calls} calls)", ms,
                 f"{count} targets, {ms * 1000 / calls:.1f} µs/call"))
    position = crowded(fresh)
    ms, count = timed(lambda: all_moves(fresh, position))
    rows.append((f"moves, {len(position.pieces)} pieces + obstacle", ms,
                 f"{count} targets, {ms * 1000 / calls:.1f} µs/call"))

    placements = obstacle_placements(course)
    ms, blocking = timed(lambda: blocking_placements(course))
    rows.append((f"passability, every position ({len(placements)})", ms,
                 f"{len(blocking)} block the course"))

    ms, output = timed(lambda: compose_game(layout), repeat=3)
    rows.append(("compose board, pieces, die", ms, ""))
    options = BuildOptions(formats=("pdf", "svg", "png"), dpi=100)
    ms, files = timed(lambda: product_files(layout, output, options), repeat=1)
    rows.append(("render every file (png at 100 dpi)", ms, f"{len(files)} files"))

    print(f"{'what':44} {'ms':>9}  notes")
    for name, ms, note in rows:
        print(f"{name:44} {ms:9.2f}  {note}")
    print()
    print(f"{'file':24} {'bytes':>10} {'pages':>6}")
    for name in sorted(files):
        pages = ""
        if name.endswith(".pdf"):
            from pypdf import PdfReader

            pages = str(len(PdfReader(io.BytesIO(files[name])).pages))
        print(f"{name:24} {len(files[name]):>10} {pages:>6}")


if __name__ == "__main__":
    main()
