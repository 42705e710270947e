"""Figures for the rule sheet: the board, each hazard of phase 2, and two checked setups.

Each figure is a small scene in mm (80–120 mm wide) drawn with the board's own artwork.
The two setup figures are run through the validator, so a figure that calls a setup
legal (or illegal) always agrees with ``boardgen validate``.
"""

from __future__ import annotations

from typing import Callable

from boardgen.components import grid_board
from boardgen.components.text import centred
from boardgen.errors import InputError
from boardgen.games.river_race import art, examples
from boardgen.games.river_race.art import View
from boardgen.games.river_race.lines import covered_cells, shortest_lines
from boardgen.games.river_race.model import Layout, TileType
from boardgen.games.river_race.placing import RiverModel, board_order, validate
from boardgen.geometry.naming import spreadsheet_cell
from boardgen.geometry.paths import EDGE_MIDPOINTS
from boardgen.geometry.reach import Board, Setup
from boardgen.i18n import Words, words_for
from boardgen.scene import (Circle, Line, Node, Path, Polygon, Rect, Scene, Style,
                            arc_commands)

WARNING = "#d62828"
Tile = tuple[str, str, int]  # cell, ends such as "NS", player


def diagrams(layout: Layout, words: Words | None = None) -> dict[str, Callable[[], Scene]]:
    """Named figures for ``![caption](diagram:NAME)`` in the rule texts, drawn for this board.

    ``setup-illegal`` is left out when the layout's pieces cannot wall a start field in.
    """
    words = words or words_for(layout, "en")
    found = {
        "board": lambda: board_figure(layout, words),
        "obstacle-black": lambda: black_figure(layout, words),
        "obstacle-green": lambda: green_figure(layout, words),
        "collision": lambda: collision_figure(layout, words),
        "off-board": lambda: off_board_figure(layout, words),
        "whirlpool": lambda: whirlpool_figure(layout, words),
        "setup-legal": lambda: setup_figure(layout, words, legal=True),
        "setup-illegal": lambda: setup_figure(layout, words, legal=False),
    }
    if examples.illegal_example(layout) is None:
        del found["setup-illegal"]
    return found


# ---- the board window of a figure --------------------------------------------------


class Figure:
    """A window on the board with tiles, obstacles and marks, laid out with coordinates."""

    def __init__(self, layout: Layout, words: Words, cols: tuple[int, int],
                 rows: tuple[int, int], cell: float, margin: float | None = None,
                 coordinate_mm: float | None = None):
        first, last = cols
        margin = cell * 0.75 if margin is None else margin
        self.layout = layout
        self.words = words
        self.coordinate_mm = min(3.0, cell * 0.32) if coordinate_mm is None else coordinate_mm
        self.view = View(margin, margin, cell, first, last, rows[0], rows[1])
        self.width = self.view.width + 2 * margin
        self.height = self.view.height + 2 * margin
        self.tiles: list[Node] = []
        self.pieces: list[Node] = []
        self.marks: list[Node] = []
        self.symbols: dict[str, tuple[Node, ...]] = {}

    def at(self, name: str) -> tuple[float, float]:
        return self.view.center(*spreadsheet_cell(name))

    def box(self, name: str) -> tuple[float, float]:
        return self.view.box(*spreadsheet_cell(name))

    def line(self, tiles: list[Tile]) -> None:
        """Tiles of a player's line, each framed in the player's colour."""
        c = self.view.cell
        for name, ends, player in tiles:
            tile = tile_for(self.layout, ends)
            self.symbols[art.tile_symbol_id(tile)] = art.tile_face(self.layout, tile)
            x, y = self.box(name)
            color = self.layout.players[player - 1].color
            self.tiles.append(art.tile_use(tile, x, y, c))
            self.tiles.append(Rect(x + c * 0.05, y + c * 0.05, c * 0.9, c * 0.9,
                                   Style(stroke=color, stroke_mm=c * 0.045)))

    def obstacle(self, family: str, cells: str) -> None:
        self.pieces += art.obstacle_at(self.layout, self.view, family,
                                       [spreadsheet_cell(n) for n in cells], self.words)

    def numbered(self, names: list[str]) -> None:
        """Tiles to take back, hatched and numbered from the last one placed."""
        c = self.view.cell
        for number, name in enumerate(names, start=1):
            x, y = self.box(name)
            self.marks.append(Rect(x, y, c, c, Style(fill="#ffffff", opacity=0.45)))
            self.marks.append(Rect(x + c * 0.04, y + c * 0.04, c * 0.92, c * 0.92,
                                   Style(stroke=WARNING, stroke_mm=c * 0.06, dash=(c * 0.12, c * 0.08))))
            r = c * 0.17
            self.marks.append(Circle(x + c - r * 1.2, y + r * 1.2, r, Style(fill=WARNING)))
            self.marks.append(centred(x + c - r * 1.2, y + r * 1.2, str(number), r * 1.35,
                                            font="bold", fill="#ffffff"))

    def blocked_end(self, name: str, edge: str) -> None:
        """A red bar across the open end of a line that cannot go on."""
        c = self.view.cell
        x, y = self.box(name)
        ex, ey = EDGE_MIDPOINTS[edge]
        px, py = x + ex / 100 * c, y + ey / 100 * c
        half = c * 0.28
        style = Style(stroke=WARNING, stroke_mm=c * 0.1, cap="round")
        if edge in "NS":
            self.marks.append(Line(px - half, py, px + half, py, style))
        else:
            self.marks.append(Line(px, py - half, px, py + half, style))

    def cross(self, name: str) -> None:
        x, y = self.box(name)
        self.marks.append(art.cross(x, y, self.view.cell, WARNING))

    def arrow(self, start: tuple[float, float], end: tuple[float, float], bend: float = 0.0,
              color: str = WARNING) -> None:
        self.marks += arrow(start, end, self.view.cell * 0.07, color, bend)

    def scene(self, title: str, coordinates: str = "tblr") -> Scene:
        layout, view = self.layout, self.view
        nodes: list[Node] = art.terrain(layout, view) + art.fields(layout, view, self.words)
        nodes.append(grid_board.grid_lines(view.placement, *view.size,
                                           Style(stroke=layout.colors.grid,
                                                 stroke_mm=max(0.15, view.cell * 0.02))))
        nodes += self.pieces + self.tiles
        nodes.append(Rect(view.x, view.y, view.width, view.height,
                          Style(stroke=layout.colors.grid, stroke_mm=view.cell * 0.03)))
        nodes += board_edges(layout, view)
        nodes += self.marks
        nodes += grid_board.edge_labels(view.placement, view.edge_labels(coordinates),
                                        *view.size, self.coordinate_mm, view.x / 2,
                                        layout.colors.text)
        return Scene(self.width, self.height, tuple(nodes), symbols=dict(self.symbols),
                     title=title)


def board_edges(layout: Layout, view: View) -> list[Node]:
    """The real edges of the board, where a window reaches them."""
    style = Style(stroke=layout.colors.frame, stroke_mm=max(0.4, view.cell * 0.06))
    x0, y0, x1, y1 = view.x, view.y, view.x + view.width, view.y + view.height
    nodes: list[Node] = []
    if view.first_col == 0:
        nodes.append(Line(x0, y0, x0, y1, style))
    if view.last_col == layout.board.columns - 1:
        nodes.append(Line(x1, y0, x1, y1, style))
    if view.last_row == layout.board.rows:
        nodes.append(Line(x0, y0, x1, y0, style))
    if view.first_row == 1:
        nodes.append(Line(x0, y1, x1, y1, style))
    return nodes


def tile_for(layout: Layout, ends: str) -> TileType:
    """The layout's one-strand tile joining these edges, or a plain one drawn for the figure."""
    wanted = tuple(e for e in "NESW" if e in ends)
    for tile in layout.tiles.types:
        if len(tile.paths) == 1 and tile.ends() == wanted:
            return tile
    (ax, ay), (bx, by) = (EDGE_MIDPOINTS[e] for e in wanted)
    if ax == bx or ay == by:
        data = f"M {ax:g} {ay:g} L {bx:g} {by:g}"
    else:
        data = f"M {ax:g} {ay:g} Q 50 50 {bx:g} {by:g}"
    return TileType(name=f"figure-{''.join(wanted).lower()}", count=0, paths=[data])


def arrow(start: tuple[float, float], end: tuple[float, float], width: float, color: str,
          bend: float = 0.0) -> list[Node]:
    """A curved arrow; ``bend`` pushes its middle sideways (mm, positive to the left)."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    nx, ny = dy / length, -dx / length
    cx, cy = (x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend
    head = width * 4.5
    tx, ty = x2 - cx, y2 - cy
    t_len = max((tx * tx + ty * ty) ** 0.5, 1e-9)
    ux, uy = tx / t_len, ty / t_len
    bx, by = x2 - ux * head, y2 - uy * head
    shaft = Path((("M", x1, y1), ("C", x1 + (cx - x1) * 2 / 3, y1 + (cy - y1) * 2 / 3,
                                  bx + (cx - bx) * 2 / 3, by + (cy - by) * 2 / 3, bx, by)),
                 Style(stroke=color, stroke_mm=width, cap="round"))
    tip = Polygon(((x2, y2), (bx - uy * head * 0.55, by + ux * head * 0.55),
                   (bx + uy * head * 0.55, by - ux * head * 0.55)), Style(fill=color))
    return [shaft, tip]


# ---- the figures ------------------------------------------------------------------------


def board_figure(layout: Layout, words: Words) -> Scene:
    """The whole board, small: banks, start and reserve fields, coordinates."""
    return whole_board(layout, words).scene(words("figure.board"))


def whole_board(layout: Layout, words: Words) -> Figure:
    """A window on the whole board, about 100 mm wide, with coordinates large enough to read
    once the figure is scaled to a column."""
    spec = layout.board
    cell = min(4.6, 96 / max(spec.columns, spec.rows * 0.8))
    return Figure(layout, words, (0, spec.columns - 1), (1, spec.rows), cell, margin=6.0,
                  coordinate_mm=min(2.4, cell * 0.55))


def hazard_figure(layout: Layout, words: Words, hazard: examples.Hazard) -> Figure:
    """A window on the hazard's cells with its tiles and obstacle, at most about 100 mm wide."""
    across = hazard.columns[1] - hazard.columns[0] + 1
    cell = min(8.5, 92 / across)
    figure = Figure(layout, words, hazard.columns, hazard.rows, cell)
    for player in sorted({tile[2] for tile in hazard.tiles}):
        figure.line([tile for tile in hazard.tiles if tile[2] == player])
    return figure


def black_figure(layout: Layout, words: Words) -> Scene:
    hazard = examples.black_hazard(layout)
    figure = hazard_figure(layout, words, hazard)
    figure.obstacle(_family(layout, "black", 0), hazard.obstacle)
    figure.blocked_end(hazard.cells["end"], "N")
    start, end = figure.at(hazard.cells["end"]), figure.at(hazard.cells["reserve"])
    cell = figure.view.cell
    side = 1 if end[0] >= start[0] else -1
    figure.arrow((start[0] + side * cell * 0.25, start[1] + cell * 0.25),
                 (end[0] - side * cell * 0.1, end[1] - cell * 0.6), bend=-6 * side)
    return figure.scene(words("figure.black"))


def green_figure(layout: Layout, words: Words) -> Scene:
    hazard = examples.green_hazard(layout)
    figure = hazard_figure(layout, words, hazard)
    figure.obstacle(_family(layout, "green", 1), hazard.obstacle)
    figure.blocked_end(hazard.cells["end"], "N")
    figure.numbered(list(hazard.taken_back))
    return figure.scene(words("figure.green"))


def collision_figure(layout: Layout, words: Words) -> Scene:
    hazard = examples.collision_hazard(layout)
    figure = hazard_figure(layout, words, hazard)
    figure.cross(hazard.cells["meeting"])
    return figure.scene(words("figure.collision"))


def off_board_figure(layout: Layout, words: Words) -> Scene:
    hazard = examples.off_board_hazard(layout)
    figure = hazard_figure(layout, words, hazard)
    figure.numbered(list(hazard.taken_back))
    x, y = figure.at(hazard.cells["edge"])
    cell = figure.view.cell
    outward = -1 if spreadsheet_cell(hazard.cells["edge"])[0] == 0 else 1
    figure.arrow((x + outward * cell * 0.3, y), (x + outward * cell * 1.05, y))
    sides = "tbr" if outward < 0 else "tbl"
    return figure.scene(words("figure.off_board"), coordinates=sides)


def whirlpool_figure(layout: Layout, words: Words) -> Scene:
    hazard = examples.whirlpool_hazard(layout)
    figure = hazard_figure(layout, words, hazard)
    end, hit, beside = hazard.cells["end"], hazard.cells["hit"], hazard.tiles[3][0]
    figure.blocked_end(end, "S")
    cx = (figure.at(hit)[0] + figure.at(beside)[0]) / 2
    cy = (figure.at(hit)[1] + figure.at(end)[1]) / 2
    cell = figure.view.cell
    rightwards = figure.at(beside)[0] > figure.at(hit)[0]
    swirl = arc_commands(cx, cy, cell * 1.3, 60 if rightwards else 120,  # mirrored: 180° − a
                         -230 if rightwards else 410)
    end_x, end_y = swirl[-1][-2], swirl[-1][-1]
    before_x, before_y = swirl[-1][-4], swirl[-1][-3]
    figure.marks.append(Path(tuple(swirl), Style(stroke=WARNING, stroke_mm=cell * 0.07,
                                                 cap="round")))
    figure.marks += arrow((before_x, before_y), (end_x, end_y), cell * 0.07, WARNING)[1:]
    return figure.scene(words("figure.whirlpool"))


def _family(layout: Layout, name: str, index: int) -> str:
    """The named obstacle family, or the layout's index-th one when it has no such family."""
    if name in layout.obstacles:
        return name
    families = list(layout.obstacles)
    return families[min(index, len(families) - 1)]


# ---- setups, checked by the validator -----------------------------------------------------


def setup_figure(layout: Layout, words: Words, legal: bool) -> Scene:
    """A whole board with this board's example setup; legal: a shortest route for each player;
    illegal: the walled-in region and the wall. The validator agrees with the caption."""
    model = layout.model()
    setup = examples.legal_example(layout) if legal else examples.illegal_example(layout)
    report = validate(model, setup) if setup is not None else None
    if report is None or report.ok != legal:
        name = "setup-legal" if legal else "setup-illegal"
        raise InputError(f"no {'legal' if legal else 'illegal'} example setup for the rule "
                         f"figure {name!r} fits this board and its obstacles",
                         source=layout.name, key="obstacles")
    figure = whole_board(layout, words)
    cell = figure.view.cell
    for placement in setup.placements:
        family = model.kinds[placement.piece].family
        figure.obstacle(family, placement.cells)
    if legal:
        for player in model.players:
            figure.marks += route_line(figure, model, setup, player.number)
    else:
        cut = [p for p in report.problems if p.code == "cut-off"][0]
        player = model.player(cut.player)
        runner = model.rules.runner(player.number)
        region = Board(model.grid, covered_cells(model, setup)).reach(runner.starts,
                                                                      runner.goals).region
        color = layout.players[player.number - 1].color
        for reached in sorted(region, key=board_order):
            x, y = figure.view.box(reached[0], model.row_number(reached))
            figure.marks.append(Rect(x, y, cell, cell, Style(fill=color, opacity=0.25)))
        wall = set(cut.cells)
        for placement in setup.placements:
            if set(placement.cells) & wall:
                figure.marks.append(outline(figure, placement.cells))
    return figure.scene(words("figure.legal" if legal else "figure.illegal"))


def outline(figure: Figure, cells: tuple[str, ...]) -> Node:
    """A red frame around a piece of the wall."""
    points = [spreadsheet_cell(n) for n in cells]
    cols = [c for c, _ in points]
    rows = [r for _, r in points]
    x0, y0 = figure.view.box(min(cols), max(rows))
    x1, y1 = figure.view.box(max(cols), min(rows))
    c = figure.view.cell
    return Rect(x0, y0, x1 - x0 + c, y1 - y0 + c, Style(stroke=WARNING, stroke_mm=c * 0.13))


def route_line(figure: Figure, model: RiverModel, setup: Setup, number: int) -> list[Node]:
    """A shortest route in the player's colour, nudged aside so two routes never hide each other."""
    player = model.player(number)
    route = shortest_lines(model, covered_cells(model, setup), player).line
    c = figure.view.cell
    nudge = c * (-0.14 if number == 1 else 0.14)
    points = [figure.view.center(cell[0], model.row_number(cell)) for cell in route]
    points = [(x + nudge, y - nudge) for x, y in points]
    (x0, y0), (x1, y1) = points[0], points[1]
    points[0] = ((x0 + x1) / 2, (y0 + y1) / 2)
    # the head stops at the edge of the far bank's space, clear of the letter in it
    (xa, ya), (xb, yb) = points[-2], points[-1]
    points[-1] = (xb + (xa - xb) * 0.45, yb + (ya - yb) * 0.45)
    color = figure.layout.players[number - 1].color
    line = Polygon(tuple(points), Style(stroke=color, stroke_mm=c * 0.16, join="round",
                                       cap="round"), closed=False)
    (xa, ya), (xb, yb) = points[-2], points[-1]
    return [line] + arrow((xa, ya), (xb, yb), c * 0.16, color)[1:]
