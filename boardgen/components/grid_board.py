"""Grid boards: square cells named chess, spreadsheet or numbered style, coordinates on the
chosen edges, filled as a chequer or by the kind of each cell, with walls where a map draws
them and a title band above.

A board drawn from an ASCII map (``map`` with a ``legend`` of kinds) fills each cell by its
kind: one colour, or a chequer of the kind's own two (a goal rank, a corner area); ``_``
leaves the board's ground showing, and walls between cells (``|`` and lines of ``-`` in the
map) are drawn as heavy lines. A kind may also carry a band across the margins behind its
rows (Racing Kings' goal rank), with a word in each margin.

The parts are functions of their own (cells, coordinates, walls, bands, the board.json
entry of a cell), so a board that adds artwork of its own (the course board, a game's
figures) draws its cells, coordinates and board.json the one way every grid does.
"""

from __future__ import annotations

from typing import Any, Iterable, Literal, Mapping

from pydantic import Field, model_validator

from boardgen import fonts
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.text import centred
from boardgen.components.title_band import TitleBand, title_nodes
from boardgen.geometry.cells import Grid, MapError, parse_map, rectangle
from boardgen.geometry.naming import Cell, Scheme
from boardgen.geometry.place import GridPlacement
from boardgen.layout import Color, FieldProblem, Model as LayoutModel
from boardgen.product import Board
from boardgen.scene import Line, Node, Path, Rect, Scene, Style, Text

NAME = "grid"
Fill = Color | tuple[Color, Color]


class Colors(LayoutModel):
    light: Color = Field("#f0dcb4", description="light cells of a chequer")
    dark: Color = Field("#b58863", description="dark cells of a chequer (the bottom-left is dark)")
    border: Color = Field("#fbf6ec", description="the margin round the cells")
    frame: Color = Field("#3d2b1a", description="the line round the cells and the walls")
    text: Color = Field("#3d2b1a", description="coordinates and title")
    lines: Color | None = Field(None, description="lines between cells (none: no lines)")
    band_text: Color = Field("#ffffff", description="coordinates and words on a band")


class Model(LayoutModel):
    """A board of square cells."""

    type: Literal["grid"] = Field(description="a board of square cells")
    columns: int = Field(8, ge=1, le=60, description="cells across (without a map)")
    rows: int = Field(8, ge=1, le=60, description="cells down (without a map)")
    map: str | None = Field(None, max_length=20_000, description="the cells as an ASCII map, a "
                            "character per cell; walls as '|' and lines of '-'")
    legend: dict[str, str] = Field(default_factory=dict, description="map character → kind")
    fills: dict[str, Fill] = Field(default_factory=dict, description="kind → colour, or "
                                   "[light, dark] for a chequer of the kind's own")
    fill: Literal["chequer", "kinds"] = Field("chequer", description="chequer, or by kind")
    bands: dict[str, Color] = Field(default_factory=dict, description="kind → colour of a band "
                                    "across the margins behind each row of that kind")
    cell_mm: float = Field(40.0, ge=5, le=200, description="a cell's side")
    border_mm: float = Field(20.0, ge=0, le=100, description="the margin for the coordinates")
    top_mm: float | None = Field(None, ge=0, le=100, description="the margin between the title "
                                 "band and the cells (default: border_mm)")
    naming: Scheme = Field("chess", description="chess (a1), spreadsheet (A1) or numbered")
    letters: str = Field("", max_length=60, description="chess: the column letters, if not a, "
                                                        "b, c, ...")
    coordinates: str = Field("tblr", max_length=4, description="the edges that show "
                             "coordinates: t(op), b(ottom), l(eft), r(ight); empty for none")
    title: TitleBand = Field(default_factory=TitleBand)
    colors: Colors = Field(default_factory=Colors)

    @model_validator(mode="after")
    def grid_is_readable(self):
        if set(self.coordinates) - set("tblr"):
            raise FieldProblem("coordinates", "edges are t, b, l and r")
        try:
            grid(self)
        except (MapError, ValueError) as error:
            raise FieldProblem("map" if self.map else "columns", str(error)) from None
        return self


def grid(model: Model) -> Grid:
    """The cells of the board."""
    if model.map:
        legend = model.legend or None
        return parse_map(model.map, {**legend, "_": "none"} if legend else None, model.naming,
                         model.letters)
    return rectangle(model.columns, model.rows, model.naming, letters=model.letters)


def placement(model: Model) -> GridPlacement:
    top = model.border_mm if model.top_mm is None else model.top_mm
    return GridPlacement(model.cell_mm, model.border_mm, model.title.height_mm + top)


def board_size(model: Model, cells: Grid) -> tuple[float, float]:
    """Width and height of the board in mm, margins and title band included."""
    place = placement(model)
    return (2 * model.border_mm + cells.width * model.cell_mm,
            place.y0 + cells.height * model.cell_mm + model.border_mm)


def dark(cells: Grid, cell: Cell) -> bool:
    """Whether a cell is a dark one of a chequer: the bottom-left cell is dark, as in chess."""
    return (cell[0] + (cells.height - 1 - cell[1])) % 2 == 0


def chequered(model: Model, kind: str | None) -> bool:
    """Whether cells of ``kind`` are drawn light and dark."""
    return not (model.fill == "kinds" and isinstance(model.fills.get(kind), str))


def cell_fill(model: Model, cells: Grid, cell: Cell) -> str:
    """A cell's colour: its kind's, or its kind's chequer, or the board's chequer."""
    kind = cells.kind(cell)
    fill = model.fills.get(kind) if model.fill == "kinds" else None
    if isinstance(fill, str):
        return fill
    light, dark_fill = fill or (model.colors.light, model.colors.dark)
    return dark_fill if dark(cells, cell) else light


def compose(model: Model, name: str, context: Context) -> Parts:
    """The board; ``context.facts`` may add ``rules`` (short lines under the title),
    ``band_words`` (kind → the word in its band's margins), and ``overlay`` nodes drawn
    last with the ``symbols`` they use."""
    cells = grid(model)
    place = placement(model)
    colors = model.colors
    width, height = board_size(model, cells)
    facts = context.facts
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    nodes += band_nodes(model, cells, place, width)
    nodes += cell_nodes(model, cells, place)
    if colors.lines:
        nodes.append(cell_lines(cells, place, colors.lines))
    nodes += wall_lines(cells, place, colors.frame)
    if not cells.walls and len(cells.cells) == cells.width * cells.height:
        nodes.append(Rect(place.x0, place.y0, cells.width * model.cell_mm,
                          cells.height * model.cell_mm, Style(stroke=colors.frame, stroke_mm=0.8)))
    nodes += coordinates(model, cells, place)
    nodes += band_words(model, cells, place, width, facts.get("band_words", {}))
    nodes += title_nodes(context.title, context.words("subtitle"), width, model.title.height_mm,
                         colors.text, model.title.align, model.border_mm,
                         rules=facts.get("rules", ()))
    nodes += facts.get("overlay", ())
    scene = Scene(width, height, tuple(nodes), symbols=dict(facts.get("symbols", {})),
                  title=context.title)
    seams_x, seams_y = place.seams(cells.width, cells.height)
    return Parts(board=Board(scene, seams_x, seams_y), board_json=board_json(model, cells, place))


def cell_nodes(model: Model, cells: Grid, place: GridPlacement,
               shown: Iterable[Cell] | None = None, skip: Iterable[str] = ()) -> list[Node]:
    """A square of its colour for every cell (of ``shown``, if given), but those of the kinds
    in ``skip``, which the board draws its own way."""
    skipped = set(skip)
    chosen = cells.cells if shown is None else sorted(set(shown) & set(cells.cells),
                                                      key=lambda c: (c[1], c[0]))
    return [Rect(*place.box(cell), Style(fill=cell_fill(model, cells, cell)))
            for cell in chosen if cells.kind(cell) not in skipped]


def cell_lines(cells: Grid, place: GridPlacement, ink: str) -> Node:
    """Thin lines round every cell."""
    commands: list[tuple] = []
    for cell in cells.cells:
        x, y, w, h = place.box(cell)
        commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    return Path(tuple(commands), Style(stroke=ink, stroke_mm=0.3))


def band_rows(model: Model, cells: Grid) -> dict[int, str]:
    """Row → the kind whose band runs behind it."""
    return {row: kind for row in range(cells.height) for kind in model.bands
            if any(cells.kind((column, row)) == kind for column in range(cells.width))}


def band_nodes(model: Model, cells: Grid, place: GridPlacement, width: float) -> list[Node]:
    """A band across the whole board behind each row of a banded kind."""
    return [Rect(0, place.origin((0, row))[1], width, model.cell_mm,
                 Style(fill=model.bands[kind])) for row, kind in band_rows(model, cells).items()]


def band_words(model: Model, cells: Grid, place: GridPlacement, width: float,
               words: Mapping[str, str]) -> list[Node]:
    """A band's word upright in the margin on both sides, reading up on the left and down
    on the right."""
    nodes: list[Node] = []
    left = place.x0
    for row, kind in band_rows(model, cells).items():
        word = words.get(kind)
        if not word:
            continue
        cy = place.centre((0, row))[1]
        size = fonts.fit_size(word, model.cell_mm * 0.9,
                              min(model.border_mm * 0.28, model.cell_mm * 0.14), "bold")
        ink = model.colors.band_text
        nodes += [Text(left * 0.32 + size * 0.35, cy, word, size, font="bold", anchor="middle",
                       fill=ink, rotate=-90),
                  Text(width - left * 0.32 - size * 0.35, cy, word, size, font="bold",
                       anchor="middle", fill=ink, rotate=90)]
    return nodes


def wall_lines(cells: Grid, place: GridPlacement, ink: str, width_mm: float | None = None,
               shown: Iterable[Cell] | None = None) -> list[Node]:
    """A heavy line along every wall between two cells (that touches ``shown``, if given)."""
    stroke = width_mm if width_mm is not None else max(0.8, place.cell_mm * 0.06)
    style = Style(stroke=ink, stroke_mm=stroke, cap="round")
    near = None if shown is None else set(shown)
    nodes: list[Node] = []
    for a, b in sorted(cells.walls):
        if near is not None and a not in near and b not in near:
            continue
        x, y = place.origin(b)
        if a[1] == b[1]:
            nodes.append(Line(x, y, x, y + place.cell_mm, style))
        else:
            nodes.append(Line(x, y, x + place.cell_mm, y, style))
    return nodes


def coordinates(model: Model, cells: Grid, place: GridPlacement) -> list[Node]:
    """The board's coordinates in its margins, on the edges the layout names; on a band, in
    the band's ink."""
    if not model.coordinates or model.border_mm <= 0 or cells.naming.scheme == "numbered":
        return []
    banded = {row: model.colors.band_text for row in band_rows(model, cells)}
    return coordinate_nodes(cells, place, model.coordinates,
                            size=min(6.0, model.border_mm * 0.35, model.cell_mm * 0.3),
                            gap=model.border_mm * 0.3, ink=model.colors.text, font="bold",
                            fit_mm=model.border_mm * 0.5, row_inks=banded)


def coordinate_nodes(cells: Grid, place: GridPlacement, edges: str, size: float, gap: float,
                     ink: str, font: str = "regular", fit_mm: float | None = None,
                     row_inks: Mapping[int, str] | None = None) -> list[Node]:
    """Column names above (``t``) and below (``b``) the cells, row names left (``l``) and right
    (``r``), centred ``gap`` mm out from the cells' edge; ``fit_mm``: the width a row name
    shrinks to fit; ``row_inks``: rows whose names print in another ink."""
    row_inks = row_inks or {}
    x1 = place.x0 + cells.width * place.cell_mm
    y1 = place.y0 + cells.height * place.cell_mm
    nodes: list[Node] = []
    for side, index, label in cells.edge_labels(edges):
        if side in "tb":
            cx = place.x0 + (index + 0.5) * place.cell_mm
            cy = place.y0 - gap if side == "t" else y1 + gap
            nodes.append(centred(cx, cy, label, size, fill=ink, font=font))
        else:
            cy = place.y0 + (index + 0.5) * place.cell_mm
            cx = place.x0 - gap if side == "l" else x1 + gap
            label_size = fonts.fit_size(label, fit_mm, size, font) if fit_mm else size
            nodes.append(centred(cx, cy, label, label_size, fill=row_inks.get(index, ink),
                                 font=font))
    return nodes


# ---- board.json ---------------------------------------------------------------------------


def cell_entry(cells: Grid, place: GridPlacement, cell: Cell, kind: str, tags: Iterable[str],
               color: str | None, **more: Any) -> dict[str, Any]:
    """A cell as board.json lists it: its name, kind, tags, centre and size in mm, colour, and
    whatever else the board knows of it."""
    cx, cy = place.centre(cell)
    entry: dict[str, Any] = {"id": cells.name(cell), "kind": kind, "tags": list(tags),
                             "center": [round(cx, 3), round(cy, 3)],
                             "size": [place.cell_mm, place.cell_mm], "color": color}
    entry.update(more)
    return entry


def walls_json(cells: Grid) -> list[list[str]]:
    """The walls, each as the names of the two cells it stands between."""
    return [[cells.name(a), cells.name(b)] for a, b in sorted(cells.walls)]


def board_json(model: Model, cells: Grid, place: GridPlacement) -> dict:
    """Every cell with its name, kind, tags, centre, size and colour, the bottom row first;
    the walls by name."""
    spaces = []
    for cell in sorted(cells.cells, key=lambda c: (-c[1], c[0])):
        kind = cells.kind(cell)
        shade = ["dark" if dark(cells, cell) else "light"] if chequered(model, kind) else []
        tags = (shade + [kind]) if model.map else shade
        spaces.append(cell_entry(cells, place, cell, kind if model.map else "cell", tags,
                                 cell_fill(model, cells, cell)))
    found = {"cell_mm": model.cell_mm, "spaces": spaces}
    if cells.walls:
        found["walls"] = walls_json(cells)
    return found


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    cells = grid(model)
    return [Summary(1, context.words("part.grid.summary", columns=cells.width, rows=cells.height))]
