"""The full-size board: the river between two banks, fields, coordinates, title and legend."""

from __future__ import annotations

from boardgen import fonts
from boardgen.components.title_band import title_nodes
from boardgen.games.river_race import art
from boardgen.games.river_race.art import View
from boardgen.geometry.naming import spreadsheet_cell
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.setup import Setup
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_for, mark_node
from boardgen.product import Board
from boardgen.scene import (Node, Path, Rect, Scene, Style, Text, bounds, mix,
                            text_centered)

SEAM_CLEARANCE_MM = 1.0  # a page seam keeps this far from the title and legend


def board_view(layout: Layout) -> View:
    """The window on the whole grid as the full-size board draws it, below the title band."""
    spec = layout.board
    return View(spec.border_mm, spec.title_band_mm + spec.border_mm, spec.cell_mm,
                0, spec.columns - 1, 1, spec.rows)


def board_size(layout: Layout) -> tuple[float, float]:
    """Width and height of the printed board in mm, bands and border included."""
    spec = layout.board
    view = board_view(layout)
    return (view.width + 2 * spec.border_mm,
            view.y + view.height + spec.border_mm + spec.legend_band_mm)


def compose_board(layout: Layout, setup: Setup | None = None,
                  words: Words | None = None) -> Board:
    """The board at its exact size; seams run along cell boundaries clear of title and legend."""
    words = words or words_for(layout, "en")
    view = board_view(layout)
    width, height = board_size(layout)
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=layout.colors.border))]
    nodes += surroundings(layout, view, width)
    nodes += art.terrain(layout, view)
    nodes += art.fields(layout, view, words)
    nodes += art.grid_lines(layout, view)
    if setup is not None:
        nodes += placed_obstacles(layout, view, setup, words)
    nodes.append(Rect(view.x, view.y, view.width, view.height,
                      Style(stroke=layout.colors.frame, stroke_mm=0.6)))
    border = layout.board.border_mm
    nodes += art.coordinates(view, min(4.2, border * 0.45), border / 2, layout.colors.text)
    bands = title(layout, width, words) + legend(layout, view, width, height, words)
    nodes += bands
    scene = Scene(width, height, tuple(nodes), title=words("title"))
    cell = view.cell
    across = [extent_x(node) for node in bands]
    return Board(scene,
                 seams_x=tuple(x for x in (round(view.x + i * cell, 6)
                                           for i in range(layout.board.columns + 1))
                               if not any(a - SEAM_CLEARANCE_MM < x < b + SEAM_CLEARANCE_MM
                                          for a, b in across)),
                 seams_y=tuple(round(view.y + j * cell, 6) for j in range(layout.board.rows + 1)))


def extent_x(node: Node) -> tuple[float, float]:
    """Leftmost and rightmost x a title or legend node covers, text measured in its font."""
    if isinstance(node, Text):
        w = fonts.text_width(node.text, node.size, node.font)
        left = node.x - {"start": 0.0, "middle": w / 2, "end": w}[node.anchor]
        return left, left + w
    box = bounds((node,))
    return (box[0], box[2]) if box else (0.0, 0.0)


def surroundings(layout: Layout, view: View, width: float) -> list[Node]:
    """The river flows on past the left and right edges; the banks run on past top and bottom."""
    colors = layout.colors
    border = layout.board.border_mm
    banks = art.bank_rows(layout)

    def band(y: float, height: float, row: int) -> Rect:
        return Rect(0, y, width, height, Style(fill=colors.bank if row in banks else colors.water))

    nodes: list[Node] = [band(view.y - border, border, view.last_row),
                         band(view.y + view.height, border, view.first_row)]
    nodes += [band(view.box(0, row)[1], view.cell, row) for row in view.rows()]
    nodes += _grass(layout, view, width)
    nodes += art.shores(layout, view, 0, width)
    return nodes


def _grass(layout: Layout, view: View, width: float) -> list[Node]:
    """Tufts of grass on the banks outside the grid, in the coordinate border."""
    border = layout.board.border_mm
    banks = art.bank_rows(layout)
    commands: list[tuple] = []
    spots: list[tuple[float, float]] = []
    if view.last_row in banks:
        spots += [(x, view.y - border * 0.18) for x in _spaced(view, 3)]
    if view.first_row in banks:
        spots += [(x, view.y + view.height + border * 0.82) for x in _spaced(view, 3)]
    blade = border * 0.28
    for x, y in spots:
        for dx, tip in ((-0.45, -0.35), (0.0, 0.0), (0.45, 0.35)):
            commands += [("M", x + dx * blade, y + blade * 0.5),
                         ("L", x + dx * blade + tip * blade, y - blade * 0.7 + abs(dx) * blade * 0.5)]
    return [] if not commands else [
        Path(tuple(commands), Style(stroke=layout.colors.grass, stroke_mm=0.4, cap="round"))]


def _spaced(view: View, every: int) -> list[float]:
    """x of the boundaries between every ``every``-th column, away from the letters."""
    return [view.x + i * view.cell for i in range(every, view.last_col - view.first_col + 1, every)]


def placed_obstacles(layout: Layout, view: View, setup: Setup, words: Words) -> list[Node]:
    """The setup's obstacles on the grid; cells off the board are left out."""
    kinds = layout.kinds()
    nodes: list[Node] = []
    for placement in setup.placements:
        kind = kinds.get(placement.piece)
        cells = []
        for name in placement.cells:
            try:
                cells.append(spreadsheet_cell(name))
            except ValueError:
                continue
        family = kind.family if kind else next(iter(layout.obstacles))
        nodes += art.obstacle_at(layout, view, family, cells, words, warn=kind is None)
    return nodes


def title(layout: Layout, width: float, words: Words) -> list[Node]:
    """The kit's title and subtitle in its language, centred in the title band."""
    return title_nodes(words("title"), words("subtitle"), width, layout.board.title_band_mm,
                       layout.colors.text)


def legend(layout: Layout, view: View, width: float, height: float,
           words: Words) -> list[Node]:
    """Swatches for the fields and the aim of the game, along the bottom edge."""
    band = layout.board.legend_band_mm
    if band <= 0:
        return []
    color = layout.colors.text
    top = height - band
    size = min(3.0, band * 0.24)
    swatch = size * 1.5
    y = top + band * 0.38
    entries = [(f"{words('start')} – {words('legend.start')}", False),
               (f"{words('reserve')} – {words('legend.reserve')}", True)]
    pair = len(layout.players) * (swatch + 0.8)
    total = sum(pair + 1 + fonts.text_width(text, size) for text, _ in entries) + 8
    x = (width - total) / 2
    nodes: list[Node] = []
    for text, tinted in entries:
        for index, player in enumerate(layout.players):
            fill = mix(player.color, "#ffffff", 0.78) if tinted else player.color
            nodes.append(Rect(x, y - swatch / 2, swatch, swatch,
                              Style(fill=fill, stroke=player.color, stroke_mm=0.3)))
            nodes.append(mark_node(mark_for(index), x + swatch / 2, y, swatch * 0.6,
                                   player.color if tinted else "#ffffff", player.color))
            x += swatch + 0.8
        nodes.append(Text(x + 1, y + size * 0.35, text, size, fill=color))
        x += 1 + fonts.text_width(text, size) + 8
    goal = words("goal")
    goal_size = fonts.fit_size(goal, view.width, size, "italic")
    nodes.append(text_centered(width / 2, top + band * 0.75, goal, goal_size, font="italic",
                               fill=color))
    return nodes

