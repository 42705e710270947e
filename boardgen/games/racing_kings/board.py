"""The Racing Kings board: the shared grid board with chess names, the goal rank as a kind of
cell with a chequer and a band of its own, the rule in the title band, and the start position
drawn over it."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from boardgen import pieces
from boardgen.components import grid_board
from boardgen.components.base import Context
from boardgen.components.patterns import pattern_nodes
from boardgen.components.title_band import TitleBand
from boardgen.games.racing_kings.model import Layout, read_position
from boardgen.games.racing_kings.position import Placement, side_of
from boardgen.games.racing_kings.tokens import small_token
from boardgen.i18n import Words, words_for
from boardgen.memo import IdentityMemo
from boardgen.product import Board
from boardgen.scene import Group, Node

TITLE_BAND_MM = 30.0
SQUARE, GOAL = ".", "g"   # the map characters of an ordinary square and a goal square
GOAL_PATTERN = "hatch"
MARK_SHARE = 0.34  # a start mark's diameter, as a share of the square
MARK_INSET = 0.06  # its distance from the square's top-left corner, as a share of the square
FAINT_PREFIX = "faint-"
FAINT_WHITE = 0.5   # opacity of White's ghosts in the faint start position
FAINT_BLACK = 0.22  # opacity of Black's ghosts
_MODELS: IdentityMemo = IdentityMemo(32)  # a layout is frozen: its grid is made once


def position(layout: Layout) -> Placement:
    """The start position of a layout, already checked when the layout was loaded."""
    return read_position(layout)


def grid_model(layout: Layout, letters: str | None = None, ranks: int | None = None,
               goal: int | None = None) -> grid_board.Model:
    """The board as the shared grid board draws it: chess names with the layout's file
    letters, the goal rank a kind of its own (its chequer, a band across the border); or a
    board of other files and ranks in the layout's colours (the rule figures' 8 × 8)."""
    spec = layout.board
    size = (letters or spec.letters, ranks or spec.ranks, goal or spec.goal)
    return _MODELS.recall((layout,), lambda: _grid_model(layout, *size), also=size)


def _grid_model(layout: Layout, letters: str, ranks: int, goal: int) -> grid_board.Model:
    spec, colors = layout.board, layout.colors
    rows = [" ".join((GOAL if rank == goal else SQUARE) * len(letters))
            for rank in range(ranks, 0, -1)]
    return grid_board.Model(
        type="grid", map="\n".join(rows), legend={SQUARE: "square", GOAL: "goal"},
        fill="kinds", fills={"goal": (colors.goal_light, colors.goal_dark)},
        bands={"goal": colors.goal_band}, cell_mm=spec.square_mm, border_mm=spec.border_mm,
        top_mm=spec.border_mm * 0.6, naming="chess", letters=letters,
        title=TitleBand(height_mm=TITLE_BAND_MM, align="left"),
        colors=grid_board.Colors(light=colors.light, dark=colors.dark, border=colors.border,
                                 frame=colors.frame, text=colors.text))


def compose_board(layout: Layout, words: Words | None = None) -> Board:
    """The board at its exact size: squares, coordinates, goal rank, title and start position."""
    words = words or words_for(layout)
    model = grid_model(layout)
    rank = layout.board.goal
    facts = {"rules": (words("board.rule", rank=rank), words("board.draw", rank=rank)),
             "band_words": {"goal": words("goal")},
             "overlay": (goal_pattern(model, grid_board.grid(model), grid_board.placement(model))
                         + _pieces_on_board(layout, grid_board.placement(model))),
             "symbols": board_symbols(layout)}
    return grid_board.compose(model, "board", Context(words, facts=facts)).board


def goal_pattern(model: grid_board.Model, cells, place) -> list[Node]:
    """A hatch over the goal rank's squares: their gold is the ordinary squares' grey on a
    greyscale printer, and the rank must read as the goal in any print."""
    return [node for cell in sorted(cells.of_kind("goal"))
            for node in pattern_nodes(GOAL_PATTERN, place.box(cell),
                                      grid_board.cell_fill(model, cells, cell))]


def _pieces_on_board(layout: Layout, place) -> list[Node]:
    """The start position drawn on the squares: small marks, faint, full or not at all."""
    mode = layout.board.start_position
    if mode == "none":
        return []
    if mode == "marks":
        return _start_marks(layout, place)
    prefix = FAINT_PREFIX if mode == "faint" else ""
    return [pieces.piece_in(letter, side_of(letter), place.box(layout.naming.cell_at(f, rank)),
                            0.86, prefix)
            for (f, rank), letter in sorted(position(layout).items())]


def _start_marks(layout: Layout, place) -> list[Node]:
    """Each start square's piece as its token drawn small in the square's corner: the side
    shows at a glance (the glyph's colour and the ring's weight, as on the tokens), and a
    mark a third of the square wide in a corner never passes for a piece standing there."""
    sq = layout.board.square_mm
    nodes: list[Node] = []
    for (f, rank), letter in sorted(position(layout).items()):
        x, y = place.origin(layout.naming.cell_at(f, rank))
        nodes += small_token(layout, letter, x + sq * MARK_INSET, y + sq * MARK_INSET,
                             sq * MARK_SHARE)
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
    """The board for programs: each square with its name, box in mm and tags, the bottom rank
    first, by the shared grid board's builder; the start position and the players."""
    spec = layout.board
    model = grid_model(layout)
    cells, place = grid_board.grid(model), grid_board.placement(model)
    start = position(layout)
    spaces = []
    for rank in range(1, spec.ranks + 1):
        for f in range(len(spec.letters)):
            cell = layout.naming.cell_at(f, rank)
            tags = ["dark" if grid_board.dark(cells, cell) else "light"]
            tags += ["goal"] * (rank == spec.goal) + ["start"] * ((f, rank) in start)
            spaces.append(grid_board.cell_entry(cells, place, cell, "square", tags,
                                                grid_board.cell_fill(model, cells, cell)))
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
