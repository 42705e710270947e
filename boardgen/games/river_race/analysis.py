"""Who has the longer way across the river: each player's shortest line, for a designer.

A player's **shortest line** is the fewest tiles in a chain of free cells (cells no obstacle
covers), each joined edge to edge to the next, from the player's start field to any cell of
the far bank row, both ends counted: 21 tiles on the empty 21 × 21 board.

On the empty board every sideways step costs a tile, so a player's only shortest line is the
straight run up the start field's column. The **covered line cells** of a setup are the cells
of that run that its obstacles cover; they say how much the obstacles were laid in a player's
way, while the shortest line says what it cost. Both come from the breadth-first search of
:mod:`boardgen.games.river_race.lines`, over the board graph the validator floods.

``play_advice`` gives ``check`` one line when a layout or setup plays far from the shipped
game: when the players' shortest lines differ by more than random setups on the shipped board
do (:data:`ADVICE_GAP`), or when the two shortest lines take a much larger share of the
game's tiles than on the shipped board (:data:`ADVICE_TILE_SHARE` times its share).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from boardgen.components.text import centred
from boardgen.errors import InputError
from boardgen.games.river_race.art import View
from boardgen.games.river_race.board import board_view, compose_board
from boardgen.games.river_race.lines import Lines, covered_cells, shortest_lines
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.placing import Player, RiverModel, board_order, validate
from boardgen.games.river_race.setup import Setup, load_setup
from boardgen.geometry.naming import Cell
from boardgen.i18n import words_for
from boardgen.report import Report
from boardgen.scene import Circle, Node, Polygon, Scene, Style

FAIR_GAP = 1            # a fair setup's shortest lines differ by at most this many tiles
ADVICE_GAP = 3          # random setups on the shipped board differ by 3 tiles or more in
                        # fewer than 1 of 1000 (by 1 or less in 99 of 100; measured by
                        # bench/bench_river_analysis.py): that far apart, check says so
ADVICE_TILE_SHARE = 2.0  # the two shortest lines may take up to twice the shipped share of tiles
LINE_NUDGE = 0.14        # of a cell: how far a drawn line runs beside the cell centres
LINE_WIDTH = 0.14        # of a cell
DISC_RADIUS = 0.3        # of a cell: the disc with the line's number of tiles
DISC_SET_BACK = 0.35     # of a cell: how far before the bank's edge the disc sits


# ---- the figures of a setup ---------------------------------------------------------


@dataclass(frozen=True)
class PlayerFigures:
    """One player's figures: the shortest line now and on the empty board, and what was covered."""

    player: Player
    now: Lines
    empty: Lines
    covered: tuple[Cell, ...]  # cells of the empty board's shortest line that obstacles cover

    @property
    def extra_tiles(self) -> int | None:
        return None if self.now.tiles is None else self.now.tiles - self.empty.tiles


def player_figures(model: RiverModel, setup: Setup | None) -> tuple[PlayerFigures, ...]:
    """Every player's figures for a setup (None: the empty board)."""
    covered = covered_cells(model, setup)
    found = []
    for player in model.players:
        on_empty = shortest_lines(model, frozenset(), player)
        hit = tuple(sorted(on_empty.cells & covered, key=board_order))
        found.append(PlayerFigures(player, shortest_lines(model, covered, player), on_empty, hit))
    return tuple(found)


def shortest_tiles(model: RiverModel, setup: Setup | None) -> list[int | None]:
    """Each player's shortest line in tiles (None when walled in), in player order."""
    covered = covered_cells(model, setup)
    return [shortest_lines(model, covered, player).tiles for player in model.players]


def difference(tiles: Sequence[int | None]) -> int | None:
    """How many tiles the longest shortest line has over the shortest one (None: someone is
    walled in)."""
    if any(t is None for t in tiles):
        return None
    return max(tiles) - min(tiles)


def is_fair(model: RiverModel, setup: Setup) -> bool:
    """True when the players' shortest lines differ by at most :data:`FAIR_GAP` tiles."""
    gap = difference(shortest_tiles(model, setup))
    return gap is not None and gap <= FAIR_GAP


def tiles_in_game(layout: Layout) -> int:
    return sum(tile.count for tile in layout.tiles.types)


# ---- the analysis ---------------------------------------------------------------------


@dataclass(frozen=True)
class IllegalSetupAnalysis:
    """No figures: the setup breaks the placement rules, and the validator's report says how."""

    report: Report
    ok: bool = False

    def text(self) -> str:
        return str(self.report)

    def as_json(self) -> dict[str, Any]:
        return {"legal": False, "problems": [p.message for p in self.report.problems]}

    def picture(self) -> Any:
        raise ValueError("an illegal setup has no picture")


@dataclass(frozen=True)
class RiverAnalysis:
    """The shortest lines of both players on a layout, with a setup or on the empty board."""

    layout: Layout
    model: RiverModel
    setup_name: str | None
    setup: Setup | None
    players: tuple[PlayerFigures, ...]
    ok: bool = True

    @property
    def difference(self) -> int | None:
        return difference([figures.now.tiles for figures in self.players])

    def text(self) -> str:
        grid = self.model.grid
        board = f"{self.layout.title} ({grid.width} × {grid.height})"
        on = f"setup {self.setup_name}" if self.setup_name else "the empty board"
        lines = [f"{board}, {on}:"]
        lines += [self._player_text(figures) for figures in self.players]
        lines.append(self._difference_text())
        return "\n".join(lines)

    def _player_text(self, figures: PlayerFigures) -> str:
        """Two lines: the shortest line and its cost, then what the obstacles covered."""
        grid, player = self.model.grid, figures.player
        who = (f"player {player.number} ({player.name}, {grid.name(player.start)} to row "
               f"{player.goal_row})")
        if figures.now.tiles is None:
            return f"{who}: walled in, no line reaches the far bank"
        extra = figures.extra_tiles
        cost = "as on the empty board" if extra == 0 else f"{extra} more than on the empty board"
        hit = figures.covered
        covered = (f"obstacles cover {len(hit)} of the {len(figures.empty.cells)} cells of its "
                   f"line on the empty board: {' '.join(grid.name(c) for c in hit)}" if hit
                   else "no obstacle covers its line on the empty board")
        return (f"{who}: shortest line {figures.now.tiles} tiles, {cost}\n"
                f"  {covered}; {len(figures.now.cells)} cells lie on some shortest line")

    def _difference_text(self) -> str:
        gap = self.difference
        if gap is None:
            return "difference: none, a player is walled in"
        verdict = "fair" if gap <= FAIR_GAP else "not fair"
        hint = ("" if gap <= FAIR_GAP else
                f" (boardgen setup {self.layout.name} --seed N --fair makes setups whose lines "
                f"differ by at most {FAIR_GAP})")
        return f"difference: {gap} tile{'s' if gap != 1 else ''}, {verdict}{hint}"

    def as_json(self) -> dict[str, Any]:
        grid = self.model.grid
        gap = self.difference
        return {
            "game": "river_race",
            "layout": self.layout.name,
            "board": {"columns": grid.width, "rows": grid.height},
            "setup": self.setup_name,
            "tiles_in_game": tiles_in_game(self.layout),
            "difference": gap,
            "fair": gap is not None and gap <= FAIR_GAP,
            "players": [self._player_json(figures) for figures in self.players],
        }

    def _player_json(self, figures: PlayerFigures) -> dict[str, Any]:
        grid, player = self.model.grid, figures.player
        return {
            "number": player.number,
            "name": player.name,
            "start": grid.name(player.start),
            "goal_row": player.goal_row,
            "shortest_tiles": figures.now.tiles,
            "empty_board_tiles": figures.empty.tiles,
            "extra_tiles": figures.extra_tiles,
            "cells_on_shortest_lines": len(figures.now.cells),
            "empty_board_line_cells": len(figures.empty.cells),
            "covered_line_cells": len(figures.covered),
            "covered": [grid.name(c) for c in figures.covered],
            "line": [grid.name(c) for c in figures.now.line],
        }

    def picture(self) -> Scene:
        return lines_picture(self.layout, self.setup, self.players)


def analyse(layout: Layout, request: Any) -> RiverAnalysis | IllegalSetupAnalysis:
    """The players' shortest lines with the request's setup (checked by the validator first,
    as ``validate`` checks it), or on the empty board when no setup is given."""
    model = layout.model()
    setup = None
    if request.setup is not None:
        setup = load_setup(layout, request.setup)
        report = validate(model, setup)
        if not report.ok:
            return IllegalSetupAnalysis(report)
    name = str(request.setup) if request.setup is not None else None
    return RiverAnalysis(layout, model, name, setup, player_figures(model, setup))


# ---- the picture ------------------------------------------------------------------------


def lines_picture(layout: Layout, setup: Setup | None,
                  players: Sequence[PlayerFigures]) -> Scene:
    """The full-size board with the setup's obstacles and one shortest line per player, drawn
    in the player's colour, with the line's tiles in a disc at its far end."""
    board = compose_board(layout, setup, words_for(layout, "en"))
    view = board_view(layout)
    model = layout.model()
    nodes: list[Node] = []
    for figures in players:
        nodes += line_nodes(layout, view, model, figures)
    tiles = " and ".join(str(figures.now.tiles) for figures in players)
    return replace(board.scene, children=board.scene.children + tuple(nodes),
                   title=f"{layout.title}: shortest lines of {tiles} tiles")


def line_nodes(layout: Layout, view: View, model: RiverModel,
               figures: PlayerFigures) -> list[Node]:
    """A player's line through the cell centres, nudged aside (player 1 left and down, player 2
    right and up) so two lines in one column both show; it starts at the edge of the start
    field and ends at the edge of the far bank, so the labels of the fields there stay
    readable; a disc just before the bank gives its number of tiles."""
    line = figures.now.line
    if len(line) < 2:
        return []
    cell = view.cell
    color = layout.players[figures.player.number - 1].color
    nudge = cell * LINE_NUDGE * (-1 if figures.player.number % 2 else 1)
    points = [(x + nudge, y - nudge)
              for x, y in (view.center(c[0], model.row_number(c)) for c in line)]
    points[0] = halfway(points[0], points[1])
    points[-1] = halfway(points[-1], points[-2])
    width = cell * LINE_WIDTH
    casing = Polygon(tuple(points), Style(stroke="#ffffff", stroke_mm=width * 1.8, join="round",
                                          cap="round", opacity=0.8), closed=False)
    stroke = Polygon(tuple(points), Style(stroke=color, stroke_mm=width, join="round",
                                          cap="round"), closed=False)
    x, y = set_back(points[-1], points[-2], cell * DISC_SET_BACK)
    radius = cell * DISC_RADIUS
    disc = [Circle(x, y, radius, Style(fill=color, stroke="#ffffff", stroke_mm=width * 0.4)),
            centred(x, y, str(figures.now.tiles), radius * 1.1, font="bold",
                          fill="#ffffff")]
    return [casing, stroke, *disc]


def halfway(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def set_back(end: tuple[float, float], before: tuple[float, float],
             distance: float) -> tuple[float, float]:
    """The point ``distance`` back from ``end`` towards ``before`` (one cell away)."""
    dx, dy = before[0] - end[0], before[1] - end[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return end[0] + dx * distance / length, end[1] + dy * distance / length


# ---- advice for check -----------------------------------------------------------------


def play_advice(layout: Layout, setup: Path | None = None) -> str | None:
    """One line when the layout (with the setup, if given) plays far from the shipped game.

    Never raises: a setup that cannot be read or breaks the rules gets no advice (the
    command that passed it reports it).
    """
    model = layout.model()
    placed = None
    if setup is not None:
        try:
            placed = load_setup(layout, setup)
        except InputError:
            return None
        if not validate(model, placed, partial=True).ok:
            return None
    tiles = shortest_tiles(model, placed)
    return unfair_advice(layout, tiles, placed is not None) or tile_advice(layout, tiles)


def unfair_advice(layout: Layout, tiles: list[int | None], with_setup: bool) -> str | None:
    """Advice when one player's shortest line is :data:`ADVICE_GAP` tiles or more longer."""
    gap = difference(tiles)
    if not with_setup or gap is None or gap < ADVICE_GAP:
        return None
    longer = max(range(len(tiles)), key=lambda i: tiles[i])
    shorter = min(range(len(tiles)), key=lambda i: tiles[i])
    return (f"player {longer + 1}'s shortest line is {gap} tiles longer than player "
            f"{shorter + 1}'s ({tiles[longer]} against {tiles[shorter]}); fewer than 1 in 1000 "
            f"random setups on the shipped board are {ADVICE_GAP} or more apart (boardgen setup "
            f"{layout.name} --seed N --fair keeps them within {FAIR_GAP})")


def tile_advice(layout: Layout, tiles: list[int | None]) -> str | None:
    """Advice when the two shortest lines take more than :data:`ADVICE_TILE_SHARE` times the
    shipped board's share of the tiles (a longer board, or fewer tiles)."""
    if any(t is None for t in tiles):
        return None
    needed, supply = sum(tiles), tiles_in_game(layout)
    shipped_needed, shipped_supply = shipped_figures()
    shipped_share = shipped_needed / shipped_supply
    if needed <= ADVICE_TILE_SHARE * shipped_share * supply:
        return None
    share = f"{needed / supply:.0%}; " if supply else ""
    verdict = ("more than the game has, so the race can run out of tiles before anyone arrives"
               if needed > supply else "little is left for the tiles taken back after a mishap")
    return (f"the two shortest lines take {needed} of the game's {supply} tiles "
            f"({share}{shipped_share:.0%} on the shipped board): {verdict}; "
            f"add tiles in [[tiles.types]] or make the board shorter")


@lru_cache(maxsize=1)
def shipped_figures() -> tuple[int, int]:
    """Tiles of the two shortest lines on the shipped empty board, and the tiles in its box."""
    from boardgen.layout import load_layout

    shipped = load_layout("river_race")
    return sum(shortest_tiles(shipped.model(), None)), tiles_in_game(shipped)
