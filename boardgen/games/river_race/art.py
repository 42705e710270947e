"""Artwork shared by the board, the printed pieces and the rule diagrams.

Everything draws into a :class:`View`: a window on the grid at some cell size, so the
same code makes the full-size board, a tile, and a small figure for the rule sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boardgen.components import tiles, tokens
from boardgen.components.text import centred, fitted
from boardgen.games.river_race.model import Layout, TileType
from boardgen.geometry.naming import Cell, column_letters, spreadsheet_cell
from boardgen.geometry.place import GridPlacement
from boardgen.i18n import Words
from boardgen.marks import mark_for, mark_node
from boardgen.scene import (Circle, Group, Line, Node, Path, Rect, Style, Use, mix, rotate,
                            translate)


@dataclass(frozen=True)
class View:
    """Columns ``first_col..last_col`` and rows ``first_row..last_row`` (inclusive, rows as
    the board prints them: 1 at the bottom) drawn with the top-left corner of the window at
    (x, y) and cells of ``cell`` mm. The millimetres are the shared grid placement's
    (:class:`~boardgen.geometry.place.GridPlacement`), so the board, its board.json and the
    figures place a cell alike."""

    x: float
    y: float
    cell: float
    first_col: int
    last_col: int
    first_row: int
    last_row: int

    @cached_property
    def placement(self) -> GridPlacement:
        """The window's cells as the shared placement sees them: (0, 0) at its top left."""
        return GridPlacement(self.cell, self.x, self.y)

    def grid_cell(self, col: int, row: int) -> Cell:
        """A board cell (column, printed row) as a cell of the window's placement."""
        return col - self.first_col, self.last_row - row

    @property
    def width(self) -> float:
        return self.placement.size(*self.size)[0]

    @property
    def height(self) -> float:
        return self.placement.size(*self.size)[1]

    def box(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        return self.placement.origin(self.grid_cell(col, row))

    def center(self, col: int, row: int) -> tuple[float, float]:
        return self.placement.centre(self.grid_cell(col, row))

    @property
    def size(self) -> tuple[int, int]:
        """Columns and rows the window shows."""
        return self.last_col - self.first_col + 1, self.last_row - self.first_row + 1

    def edge_labels(self, sides: str = "tblr") -> list[tuple[str, int, str]]:
        """The window's coordinates as the grid board prints a board's: (side, index, text),
        the column letters on t and b, the printed row numbers (top first) on l and r."""
        labels = []
        for side in sides:
            if side in "tb":
                labels += [(side, i, column_letters(col)) for i, col in enumerate(self.cols())]
            else:
                labels += [(side, i, str(row)) for i, row in enumerate(reversed(self.rows()))]
        return labels

    def shows(self, col: int, row: int) -> bool:
        return self.first_col <= col <= self.last_col and self.first_row <= row <= self.last_row

    def rows(self) -> range:
        return range(self.first_row, self.last_row + 1)

    def cols(self) -> range:
        return range(self.first_col, self.last_col + 1)


# ---- the river and its banks --------------------------------------------------------


def bank_rows(layout: Layout) -> set[int]:
    return {p.bank for p in layout.players}


def terrain(layout: Layout, view: View) -> list[Node]:
    """Banks as land, the rows between as water with small waves, and the shore lines."""
    colors = layout.colors
    banks = bank_rows(layout)
    nodes: list[Node] = [Rect(view.x, view.y, view.width, view.height, Style(fill=colors.water))]
    for row in sorted(banks & set(view.rows())):
        x, y = view.box(view.first_col, row)
        nodes.append(Rect(x, y, view.width, view.cell, Style(fill=colors.bank)))
    return nodes + terrain_marks(layout, view)


def terrain_marks(layout: Layout, view: View) -> list[Node]:
    """What lies on the banks and the water: sand grains (not on the players' fields), small
    waves and the shore lines."""
    colors = layout.colors
    banks = bank_rows(layout)
    nodes: list[Node] = []
    waves: list[tuple] = []
    pebbles: list[Node] = []
    fields = {spreadsheet_cell(name) for p in layout.players for name in (p.start, *p.reserve)}
    for row in view.rows():
        if row in banks:
            pebbles.extend(pebble_dots(view, row, fields))
            continue
        for col in view.cols():
            if (col + row) % 2:
                continue
            cx, cy = view.center(col, row)
            waves.extend(tiles.wave(cx - view.cell * 0.18, cy, view.cell * 0.36,
                                    view.cell * 0.045, 2))
    if waves:
        nodes.append(Path(tuple(waves), Style(stroke=colors.wave, stroke_mm=view.cell * 0.035,
                                              cap="round")))
    if pebbles:
        nodes.append(Group(tuple(pebbles)))
    nodes.extend(shores(layout, view, view.x, view.x + view.width))
    return nodes


PEBBLES = ((0.2, 0.3), (0.72, 0.22), (0.45, 0.62), (0.15, 0.8), (0.82, 0.7))


def pebble_dots(view: View, row: int, fields: set[tuple[int, int]] = frozenset()) -> list[Node]:
    """A few sand grains in each bank cell but the ``fields`` (column, row), placed
    differently from cell to cell."""
    dots: list[Node] = []
    style = Style(fill="#000000", opacity=0.13)
    for col in view.cols():
        if (col, row) in fields:
            continue
        x, y = view.box(col, row)
        for index, (px, py) in enumerate(PEBBLES):
            if (col * 7 + row * 3 + index) % 3 == 0:
                continue
            r = view.cell * (0.025 + 0.012 * ((col + index) % 3))
            dots.append(Circle(x + px * view.cell, y + py * view.cell, r, style))
    return dots


def shores(layout: Layout, view: View, x0: float, x1: float) -> list[Node]:
    """The shore line where a bank row meets the water, from x0 to x1."""
    banks = bank_rows(layout)
    style = Style(stroke=layout.colors.shore, stroke_mm=max(0.35, view.cell * 0.055))
    nodes: list[Node] = []
    for row in sorted(banks):
        for water_side in (row + 1, row - 1):
            if water_side in banks or not view.shows(view.first_col, water_side):
                continue
            if not view.shows(view.first_col, row):
                continue
            y = view.box(view.first_col, max(row, water_side))[1] + view.cell
            nodes.append(Line(x0, y, x1, y, style))
    return nodes


# ---- start and reserve fields ---------------------------------------------------------


def field_fill(color: str, is_start: bool) -> str:
    """A start field is in its owner's colour, a reserve field in a tint of it."""
    return color if is_start else mix(color, "#ffffff", 0.78)


def fields(layout: Layout, view: View, words: Words, filled: bool = True) -> list[Node]:
    """Start fields in the owner's colour, reserve fields in a tint of it, both labelled
    (``filled``: with their colour; else their marks only, on cells filled already)."""
    grid_rows = layout.board.rows
    nodes: list[Node] = []
    for number, player in enumerate(layout.players, start=1):
        upside_down = player.bank > grid_rows / 2  # that player sits on the far side
        cells = [(player.start, True)] + [(r, False) for r in player.reserve]
        for name, is_start in cells:
            col, row = spreadsheet_cell(name)
            if view.shows(col, row):
                word = words("start") if is_start else words("reserve")
                found = field(view, col, row, number, player.color, is_start, word,
                              upside_down)
                nodes.extend(found if filled else found[1:])
    return nodes


def field(view: View, col: int, row: int, number: int, color: str, is_start: bool, word: str,
          upside_down: bool) -> list[Node]:
    """One start or reserve field (its fill first): the player's number, mark and the
    field's word, facing its owner."""
    x, y = view.box(col, row)
    c = view.cell
    inset = c * 0.06
    body: list[Node] = [Rect(x, y, c, c, Style(fill=field_fill(color, is_start)))]
    if is_start:
        ink = "#ffffff"
    else:
        body.append(Rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset,
                         Style(stroke=color, stroke_mm=c * 0.045)))
        ink = color
    cx, cy = x + c / 2, y + c / 2
    text: list[Node]
    if c >= 8:
        text = [centred(cx, cy - c * 0.09, str(number), c * 0.42, font="bold", fill=ink),
                fitted(cx, cy + c * 0.3, word, c * 0.8, c * 0.17, "bold", fill=ink)]
    else:
        text = [centred(cx, cy, word[:1], c * 0.55, font="bold", fill=ink)]
    if c >= 6:  # the player's mark in the corner, so the colour is never the only cue
        pip = c * 0.2
        text.append(mark_node(mark_for(number - 1), x + c * 0.17, y + c * 0.17, pip, ink, color))
    if upside_down:
        text = [Group(tuple(text), rotate(180, cx, cy))]
    return body + text


# ---- tiles ----------------------------------------------------------------------------

TILE_SET = "tiles"  # the set's name, and the prefix of its faces' symbols


def tile_set(layout: Layout) -> tiles.Model:
    """The line tiles as the shared tile component draws them: a tile is one cell, laid as
    printed unless the layout lets tiles turn, with the river's wave-patterned back."""
    colors, spec = layout.colors, layout.tiles
    return tiles.Model(type="tiles", size_mm=layout.board.cell_mm, line_mm=spec.line_mm,
                       face=colors.tile_face, line=colors.tile_line, back=colors.tile_back,
                       back_pattern="waves", pattern=colors.tile_back_pattern,
                       turnable=spec.turnable,
                       types={t.name: shared_tile(t) for t in spec.types})


def shared_tile(tile: TileType) -> tiles.TileType:
    return tiles.TileType(paths=list(tile.paths), count=tile.count)


def tile_symbol_id(tile: TileType) -> str:
    return tiles.symbol(TILE_SET, tile.name)


def tile_face(layout: Layout, tile: TileType) -> tuple[Node, ...]:
    """A tile's face in the shared tiles' 100 × 100 box."""
    return tiles.face(tile_set(layout), shared_tile(tile))


def tile_use(tile: TileType, x: float, y: float, size: float) -> Use:
    return tiles.use(TILE_SET, tile.name, x, y, size)


# ---- obstacles ------------------------------------------------------------------------


def obstacle(layout: Layout, family: str, cols: int, rows: int, cell: float,
             words: Words) -> list[Node]:
    """An obstacle piece of cols × rows cells with its top-left corner at (0, 0): a block of
    the family's colour with the reminder of what it does."""
    spec = layout.obstacles[family]
    return tokens.block_face(spec.color, cols * cell, rows * cell, spec.ink,
                             text=words.get(f"piece.{family}", ""), text_ink=spec.ink,
                             frame=mix(spec.color, spec.ink, 0.35), edge=spec.edge, unit=cell)


def obstacle_at(layout: Layout, view: View, family: str, cells: list[tuple[int, int]],
                words: Words, warn: bool = False) -> list[Node]:
    """An obstacle drawn on the grid over its cells (one block, or cell by cell if bent)."""
    shown = [(c, r) for c, r in cells if view.shows(c, r)]
    if not shown:
        return []
    cols = sorted({c for c, _ in cells})
    rows = sorted({r for _, r in cells})
    is_block = len(cols) * len(rows) == len(set(cells)) and len(cells) == len(set(cells)) \
        and cols == list(range(cols[0], cols[-1] + 1)) and rows == list(range(rows[0], rows[-1] + 1))
    parts: list[Node] = []
    if is_block and len(shown) == len(cells):
        x, y = view.box(cols[0], rows[-1])
        parts.append(Group(tuple(obstacle(layout, family, len(cols), len(rows), view.cell,
                                          words)), translate(x, y)))
    else:
        for col, row in shown:
            x, y = view.box(col, row)
            parts.append(Group(tuple(obstacle(layout, family, 1, 1, view.cell, words)),
                               translate(x, y)))
    if warn:
        for col, row in shown:
            x, y = view.box(col, row)
            parts.append(cross(x, y, view.cell, "#e02020"))
    return parts


def cross(x: float, y: float, size: float, color: str) -> Node:
    m = size * 0.22
    style = Style(stroke=color, stroke_mm=size * 0.09, cap="round")
    return Group((Line(x + m, y + m, x + size - m, y + size - m, style),
                  Line(x + size - m, y + m, x + m, y + size - m, style)))
