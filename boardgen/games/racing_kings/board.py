"""The Racing Kings board: squares, coordinates, the goal rank, a title band and the start."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from boardgen import pieces
from boardgen.components.title_band import title_nodes
from boardgen.fonts import fit_size
from boardgen.games.racing_kings.model import Layout, read_position
from boardgen.games.racing_kings.position import Placement, side_of
from boardgen.i18n import Words, words_for
from boardgen.product import Board
from boardgen.scene import (Group, Node, Rect, Scene, Style, Text, Use, compose, scale, text_centered,
                            translate)

TITLE_BAND_MM = 30.0
GOAL_INK = "#ffffff"
FAINT_PREFIX = "faint-"
FAINT_WHITE = 0.5   # opacity of White's ghosts in the faint start position
FAINT_BLACK = 0.22  # opacity of Black's ghosts


def position(layout: Layout) -> Placement:
    """The start position of a layout, already checked when the layout was loaded."""
    return read_position(layout)


def geometry(layout: Layout) -> tuple[float, float, float, float]:
    """Left and top of the squares, and the board's width and height, in mm."""
    spec = layout.board
    left = spec.border_mm
    top = TITLE_BAND_MM + spec.border_mm * 0.6
    width = 2 * spec.border_mm + len(spec.letters) * spec.square_mm
    height = top + spec.ranks * spec.square_mm + spec.border_mm
    return left, top, width, height


def square_origin(layout: Layout, file_index: int, rank: int) -> tuple[float, float]:
    """Top-left corner of a square in mm; rank 1 is at the bottom, as seen by the players."""
    left, top, _, _ = geometry(layout)
    sq = layout.board.square_mm
    return left + file_index * sq, top + (layout.board.ranks - rank) * sq


def square_color(layout: Layout, file_index: int, rank: int) -> str:
    """Fill of a square: light or dark, in the goal colours on the goal rank."""
    dark = (file_index + rank) % 2 == 1  # a1 is dark
    colors = layout.colors
    if rank == layout.board.goal:
        return colors.goal_dark if dark else colors.goal_light
    return colors.dark if dark else colors.light


def compose_board(layout: Layout, words: Words | None = None) -> Board:
    """The board at its exact size: squares, coordinates, goal rank, title and start position."""
    words = words or words_for(layout)
    spec, colors = layout.board, layout.colors
    left, top, width, height = geometry(layout)
    sq = spec.square_mm
    files, ranks = len(spec.letters), spec.ranks
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    goal_y = square_origin(layout, 0, spec.goal)[1]
    nodes.append(Rect(0, goal_y, width, sq, Style(fill=colors.goal_band)))
    for rank in range(1, ranks + 1):
        for f in range(files):
            x, y = square_origin(layout, f, rank)
            nodes.append(Rect(x, y, sq, sq, Style(fill=square_color(layout, f, rank))))
    nodes.append(Rect(left, top, files * sq, ranks * sq, Style(stroke=colors.frame, stroke_mm=0.8)))
    nodes.extend(_coordinates(layout))
    nodes.extend(_goal_words(layout, words("goal")))
    nodes.extend(_title(layout, words))
    nodes.extend(_pieces_on_board(layout))
    scene = Scene(width, height, tuple(nodes), symbols=board_symbols(layout),
                  title=words("title"))
    return Board(scene,
                 seams_x=tuple(left + i * sq for i in range(files + 1)),
                 seams_y=tuple(top + i * sq for i in range(ranks + 1)))


def _coordinates(layout: Layout) -> list[Node]:
    """File letters above and below the squares, rank numbers on both sides."""
    spec, colors = layout.board, layout.colors
    left, top, width, _ = geometry(layout)
    sq = spec.square_mm
    size = min(6.0, spec.border_mm * 0.35, sq * 0.3)
    gap = spec.border_mm * 0.3
    nodes: list[Node] = []
    for f, letter in enumerate(spec.letters):
        cx = left + (f + 0.5) * sq
        for cy in (top - gap, top + spec.ranks * sq + gap):
            nodes.append(text_centered(cx, cy, letter, size, fill=colors.text, font="bold"))
    for rank in range(1, spec.ranks + 1):
        cy = square_origin(layout, 0, rank)[1] + sq / 2
        color = GOAL_INK if rank == spec.goal else colors.text
        number_size = fit_size(str(rank), spec.border_mm * 0.5, size, "bold")
        for cx in (left - gap, width - left + gap):
            nodes.append(text_centered(cx, cy, str(rank), number_size, fill=color, font="bold"))
    return nodes


def _goal_words(layout: Layout, word: str) -> list[Node]:
    """The goal word, upright along both sides of the goal rank, white on the goal band."""
    spec = layout.board
    left, _, width, _ = geometry(layout)
    cy = square_origin(layout, 0, spec.goal)[1] + spec.square_mm / 2
    size = fit_size(word, spec.square_mm * 0.9, min(spec.border_mm * 0.28, spec.square_mm * 0.14),
                    "bold")
    x_left, x_right = left * 0.32, width - left * 0.32
    return [
        Text(x_left + size * 0.35, cy, word, size, font="bold", anchor="middle",
             fill=GOAL_INK, rotate=-90),
        Text(x_right - size * 0.35, cy, word, size, font="bold", anchor="middle",
             fill=GOAL_INK, rotate=90),
    ]


def _title(layout: Layout, words: Words) -> list[Node]:
    """The shared title band: title and subtitle on one line, the rule in two short lines
    below (who wins, then the draw); short lines leave room to cut the board between pages."""
    spec = layout.board
    _, _, width, _ = geometry(layout)
    rules = (words("board.rule", rank=spec.goal), words("board.draw", rank=spec.goal))
    return title_nodes(words("title"), words("subtitle"), width, TITLE_BAND_MM,
                       layout.colors.text, "left", spec.border_mm, rules=rules)


def _pieces_on_board(layout: Layout) -> list[Node]:
    """The start position drawn on the squares: faint, full or not at all."""
    mode = layout.board.start_position
    if mode == "none":
        return []
    sq = layout.board.square_mm
    glyph = sq * 0.86
    offset = (sq - glyph) / 2
    nodes: list[Node] = []
    for (f, rank), letter in sorted(position(layout).items()):
        x, y = square_origin(layout, f, rank)
        symbol = pieces.piece_symbol_id(letter, side_of(letter))
        if mode == "faint":
            symbol = FAINT_PREFIX + symbol
        nodes.append(Use(symbol, compose(translate(x + offset, y + offset), scale(glyph / 100))))
    return nodes


def board_symbols(layout: Layout) -> dict[str, tuple[Node, ...]]:
    """The piece glyphs, and their faint versions when the start position is drawn faint."""
    symbols = pieces.piece_symbols()
    if layout.board.start_position != "faint":
        return symbols
    return {**symbols, **_faint_symbols(layout.colors.frame)}


@lru_cache(maxsize=8)
def _faint_symbols(ink: str) -> dict[str, tuple[Node, ...]]:
    """The faint glyphs in ``ink``, made once for the board and its rule figure; callers copy
    the mapping rather than change it."""
    return {FAINT_PREFIX + name: tuple(_faint(node, ink, name.endswith("black")) for node in nodes)
            for name, nodes in pieces.piece_symbols().items()}


def _faint(node: Node, ink: str, black: bool) -> Node:
    """A glyph's part in pale ink: White a paper-light ghost, Black a grey one.

    After the first moves an empty start square must not look occupied, yet the two
    sides stay told apart on light and dark squares alike: White's ghost lightens the
    square under it (paper-white body, thin outline), Black's darkens it.
    """
    if isinstance(node, Group):
        return replace(node, children=tuple(_faint(child, ink, black) for child in node.children))
    style = node.style
    colours = {pieces.DARK: ink, pieces.LIGHT: pieces.LIGHT}
    faint = replace(style, fill=colours.get(style.fill, style.fill),
                    stroke=colours.get(style.stroke, style.stroke),
                    stroke_mm=style.stroke_mm * (1.0 if black else 0.8),
                    opacity=FAINT_BLACK if black else FAINT_WHITE)
    return replace(node, style=faint)


def board_json(layout: Layout) -> dict:
    """The board for programs: each square with its name, box in mm and tags."""
    spec = layout.board
    sq = spec.square_mm
    start = position(layout)
    spaces = []
    for rank in range(1, spec.ranks + 1):
        for f in range(len(spec.letters)):
            x, y = square_origin(layout, f, rank)
            tags = ["dark" if (f + rank) % 2 else "light"]
            if rank == spec.goal:
                tags.append("goal")
            if (f, rank) in start:
                tags.append("start")
            spaces.append({
                "id": layout.square_name(f, rank),
                "kind": "square",
                "tags": tags,
                "center": [round(x + sq / 2, 3), round(y + sq / 2, 3)],
                "size": [sq, sq],
                "color": square_color(layout, f, rank),
            })
    setup = [{"square": layout.square_name(f, r), "piece": letter.upper(), "side": side_of(letter)}
             for (f, r), letter in sorted(start.items(), key=lambda item: (item[0][1], item[0][0]))]
    white = {"color": pieces.LIGHT, "mark": "thin-rim"}  # Black's tokens wear a heavy dark rim
    black = {"color": pieces.DARK, "mark": "heavy-rim"}
    players = [{"number": n, "side": side, **(white if side == "white" else black),
                "start": sorted(layout.square_name(f, r) for (f, r), letter in start.items()
                                if side_of(letter) == side)}
               for n, side in enumerate(pieces.SIDES, start=1)]
    return {"spaces": spaces, "pieces": setup, "players": players, "goal_rank": spec.goal,
            "start_position": spec.start_position}
