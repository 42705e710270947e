"""The full-size board: the shared grid board (components/grid_board.py) with the river's
kinds of cell (bank and river), the players' start and reserve fields, coordinates, the
title band and the legend, and the river's own artwork on it: the water and the banks
running on past the edges, grass, sand, waves and the shore lines."""

from __future__ import annotations

from boardgen.components import Context, Parts, Player, grid_board
from boardgen.components.legend import Entry, Swatch
from boardgen.components.title_band import TitleBand
from boardgen.games.river_race import art
from boardgen.games.river_race.art import View
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.setup import Setup
from boardgen.geometry.naming import column_letters, spreadsheet_cell
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_for
from boardgen.product import Board
from boardgen.scene import Node, Path, Rect, Style


def board_view(layout: Layout) -> View:
    """The window on the whole grid where the grid board places it, below the title band."""
    spec = layout.board
    place = grid_board.placement(grid_model(layout))
    return View(place.x0, place.y0, place.cell_mm, 0, spec.columns - 1, 1, spec.rows)


def board_size(layout: Layout) -> tuple[float, float]:
    """Width and height of the printed board in mm, bands and border included."""
    spec = layout.board
    view = board_view(layout)
    return (view.width + 2 * spec.border_mm,
            view.y + view.height + spec.border_mm + spec.legend_band_mm)


def grid_model(layout: Layout) -> grid_board.Model:
    """The board as a grid board of the shared kind: rows of bank and river cells, named as
    a spreadsheet names them, coordinates centred in the border all round. The title stands
    on the left, the subtitle on the right and the aim below the title, the legend's entries
    at either end of their band: the middle is left free for a seam, so the board tiles on
    2 × 2 A4 sheets with no word cut."""
    spec, colors = layout.board, layout.colors
    banks = art.bank_rows(layout)
    rows = "\n".join(" ".join(("b" if row in banks else "r") * spec.columns)
                     for row in range(spec.rows, 0, -1))
    return grid_board.Model(
        type="grid", map=rows, legend={"b": "bank", "r": "river"}, fill="kinds",
        fills={"bank": colors.bank, "river": colors.water}, naming="spreadsheet",
        cell_mm=spec.cell_mm, border_mm=spec.border_mm, legend_mm=spec.legend_band_mm,
        title=TitleBand(height_mm=spec.title_band_mm, align="left"), legend_align="spread",
        frame_mm=0.6,
        lines_mm=max(0.15, spec.cell_mm * 0.02), coordinate_mm=min(4.2, spec.border_mm * 0.45),
        coordinate_gap_mm=spec.border_mm / 2, whole_words=True,
        colors=grid_board.Colors(border=colors.border, frame=colors.frame, text=colors.text,
                                 lines=colors.grid))


def cell_looks(layout: Layout) -> dict[str, grid_board.Look]:
    """Every cell's column and row for board.json; the fields in their owners' colours."""
    spec = layout.board
    looks = {f"{column_letters(c)}{r}": grid_board.Look(facts={"column": column_letters(c),
                                                                "row": r})
             for r in range(1, spec.rows + 1) for c in range(spec.columns)}
    for number, player in enumerate(layout.players, start=1):
        for name, what in [(player.start, "start")] + [(r, "reserve") for r in player.reserve]:
            looks[name] = grid_board.Look(art.field_fill(player.color, what == "start"), (what,),
                                          {**looks[name].facts, "player": number})
    return looks


def compose_board(layout: Layout, setup: Setup | None = None,
                  words: Words | None = None) -> Board:
    """The board at its exact size; seams run along cell boundaries clear of title and legend."""
    return board_parts(layout, setup, words).board


def board_parts(layout: Layout, setup: Setup | None = None,
                words: Words | None = None) -> Parts:
    """The board and its board.json, as the grid board composes them."""
    words = words or words_for(layout, "en")
    view = board_view(layout)
    width, _ = board_size(layout)
    facts = {"cells": cell_looks(layout),
             "under": surroundings(layout, view, width),
             "over": art.terrain_marks(layout, view) + art.fields(layout, view, words,
                                                                  filled=False),
             "pieces": placed_obstacles(layout, view, setup, words) if setup else [],
             "legend": legend(layout, words), "rule": words("goal")}
    players = tuple(Player(n, p.color) for n, p in enumerate(layout.players, start=1))
    return grid_board.compose(grid_model(layout), "board", Context(words, players, facts=facts))


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


def legend(layout: Layout, words: Words) -> list[Entry]:
    """The legend: the start and the reserve fields, each in both players' colours."""
    entries = []
    for what in ("start", "reserve"):
        tinted = what == "reserve"
        swatches = tuple(Swatch(art.field_fill(p.color, not tinted), p.color, mark_for(k),
                                p.color if tinted else "#ffffff", p.color)
                         for k, p in enumerate(layout.players))
        fill = swatches[0].fill
        entries.append(Entry(fill, None, words(what), words(f"legend.{what}"),
                             swatches=swatches))
    return entries
