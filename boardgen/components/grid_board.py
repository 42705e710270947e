"""Grid boards: square cells named chess, spreadsheet or numbered style, coordinates on the
chosen edges, filled as a chequer or by the kind of each cell, with walls where a map draws
them and a title band above.

A board drawn from an ASCII map (``map`` with a ``legend`` of fills) is a course: its cells
take their kind's colour, ``_`` leaves the board's ground showing, and walls between cells
(``|`` and lines of ``-`` in the map) are drawn as heavy lines.

A board that declares obstacles (``[board.reach]``: kinds of cell or single cells no piece
passes, and the players who must get from their starts to their goals) gets the check every
grid game with obstacles gets (:func:`boardgen.geometry.reach.check_reachability`): a board
that walls a player in is refused, naming the player and the wall, with the board in ASCII.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from boardgen import fonts
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.text import centred
from boardgen.components.title_band import TitleBand, title_nodes
from boardgen.geometry.cells import Adjacency, Grid, MapError, parse_map, rectangle
from boardgen.geometry.naming import Cell, Scheme
from boardgen.geometry.place import GridPlacement
from boardgen.geometry.reach import Runner, cells_named, check_reachability, obstacles_of
from boardgen.layout import Color, FieldProblem, Model as LayoutModel
from boardgen.product import Board
from boardgen.scene import Line, Node, Path, Rect, Scene, Style

NAME = "grid"


class Colors(LayoutModel):
    light: Color = Field("#f0dcb4", description="light cells of a chequer")
    dark: Color = Field("#b58863", description="dark cells of a chequer (the bottom-left is dark)")
    border: Color = Field("#fbf6ec", description="the margin round the cells")
    frame: Color = Field("#3d2b1a", description="the line round the cells and the walls")
    text: Color = Field("#3d2b1a", description="coordinates and title")
    lines: Color | None = Field(None, description="lines between cells (none: no lines)")


class Way(LayoutModel):
    """A player who must get through: from any of the starts to any of the goals."""

    starts: list[str] = Field(min_length=1, max_length=1000, description="where the player "
                              "sets out: kinds of cell (every cell of the kind) or cell names")
    goals: list[str] = Field(min_length=1, max_length=1000, description="where the player "
                             "must be able to get to: kinds of cell or cell names")


class Reach(LayoutModel):
    """Obstacles on the board, and the players who must get past them."""

    blocked: list[str] = Field(default_factory=list, max_length=40,
                               description="kinds of cell no piece passes")
    cells: list[str] = Field(default_factory=list, max_length=1000,
                             description="single cells no piece passes, by name")
    players: list[Way] = Field(min_length=1, max_length=8,
                               description="each player's starts and goals, in order of play")
    adjacency: Adjacency = Field("orthogonal", description="the steps a piece takes: "
                                 "orthogonal (edge to edge), king (corners too) or diagonal")


class Model(LayoutModel):
    """A board of square cells."""

    type: Literal["grid"] = Field(description="a board of square cells")
    columns: int = Field(8, ge=1, le=60, description="cells across (without a map)")
    rows: int = Field(8, ge=1, le=60, description="cells down (without a map)")
    map: str | None = Field(None, max_length=20_000, description="the cells as an ASCII map, a "
                            "character per cell; walls as '|' and lines of '-'")
    legend: dict[str, str] = Field(default_factory=dict, description="map character → kind")
    fills: dict[str, Color] = Field(default_factory=dict, description="kind → colour")
    fill: Literal["chequer", "kinds"] = Field("chequer", description="chequer, or by kind")
    cell_mm: float = Field(40.0, ge=5, le=200, description="a cell's side")
    border_mm: float = Field(20.0, ge=0, le=100, description="the margin for the coordinates")
    naming: Scheme = Field("chess", description="chess (a1), spreadsheet (A1) or numbered")
    letters: str = Field("", max_length=60, description="chess: the column letters, if not a, "
                                                        "b, c, ...")
    coordinates: str = Field("tblr", max_length=4, description="the edges that show "
                             "coordinates: t(op), b(ottom), l(eft), r(ight); empty for none")
    title: TitleBand = Field(default_factory=TitleBand)
    colors: Colors = Field(default_factory=Colors)
    reach: Reach | None = Field(None, description="obstacles and the players who must get "
                                                  "past them (none: no check)")

    @model_validator(mode="after")
    def grid_is_readable(self):
        if set(self.coordinates) - set("tblr"):
            raise FieldProblem("coordinates", "edges are t, b, l and r")
        try:
            cells = grid(self)
        except (MapError, ValueError) as error:
            raise FieldProblem("map" if self.map else "columns", str(error)) from None
        if self.reach is not None:
            check_ways(self.reach, cells)
        return self


def ways(reach: Reach, cells: Grid) -> tuple[list, list[Runner]]:
    """The obstacles and the players of a declaration, on the board's cells (ValueError:
    a word that names no kind and no cell)."""
    blocked = obstacles_of(cells, reach.blocked, cells_named(cells, reach.cells))
    runners = [Runner(n, cells_named(cells, way.starts), cells_named(cells, way.goals),
                      " or ".join(way.goals)) for n, way in enumerate(reach.players, start=1)]
    return blocked, runners


def check_ways(reach: Reach, cells: Grid) -> None:
    """Refuse a board whose obstacles wall a player in, naming the wall and drawing it."""
    for key, words in [("reach.blocked", reach.blocked), ("reach.cells", reach.cells)] + [
            (f"reach.players[{k}].{end}", getattr(way, end))
            for k, way in enumerate(reach.players) for end in ("starts", "goals")]:
        try:
            if key != "reach.blocked":
                cells_named(cells, words)
            elif set(words) - set(cells.kinds):
                raise ValueError(f"no cells of kind {sorted(set(words) - set(cells.kinds))[0]!r} "
                                 f"on the board ({', '.join(cells.kinds)})")
        except ValueError as error:
            raise FieldProblem(key, str(error)) from None
    obstacles, runners = ways(reach, cells)
    report = check_reachability(cells, obstacles, runners, reach.adjacency)
    if not report.ok:
        problem = report.problems[0]
        raise FieldProblem(f"reach.players[{problem.player - 1}]",
                           f"player {problem.player} {problem.message}\n{report.board}\n"
                           f"{report.legend}", related=("reach.blocked", "reach.cells"))


def grid(model: Model) -> Grid:
    """The cells of the board."""
    if model.map:
        legend = model.legend or None
        return parse_map(model.map, {**legend, "_": "none"} if legend else None, model.naming,
                         model.letters)
    return rectangle(model.columns, model.rows, model.naming, letters=model.letters)


def placement(model: Model) -> GridPlacement:
    return GridPlacement(model.cell_mm, model.border_mm, model.title.height_mm + model.border_mm)


def cell_fill(model: Model, cells: Grid, cell: Cell) -> str:
    """A cell's colour: its kind's, or the chequer's (the bottom-left cell dark)."""
    kind = cells.kind(cell)
    if model.fill == "kinds" and kind in model.fills:
        return model.fills[kind]
    dark = (cell[0] + (cells.height - 1 - cell[1])) % 2 == 0
    return model.colors.dark if dark else model.colors.light


def compose(model: Model, name: str, context: Context) -> Parts:
    cells = grid(model)
    place = placement(model)
    colors = model.colors
    width = 2 * model.border_mm + cells.width * model.cell_mm
    height = place.y0 + cells.height * model.cell_mm + model.border_mm
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    nodes += title_nodes(context.title, context.words("subtitle"), width, model.title.height_mm,
                         colors.text, model.title.align, model.border_mm)
    for cell in cells.cells:
        nodes.append(Rect(*place.box(cell), Style(fill=cell_fill(model, cells, cell))))
    if colors.lines:
        commands: list[tuple] = []
        for cell in cells.cells:
            x, y, w, h = place.box(cell)
            commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
        nodes.append(Path(tuple(commands), Style(stroke=colors.lines, stroke_mm=0.3)))
    nodes += wall_lines(cells, place, colors.frame)
    if not cells.walls and len(cells.cells) == cells.width * cells.height:
        nodes.append(Rect(place.x0, place.y0, cells.width * model.cell_mm,
                          cells.height * model.cell_mm, Style(stroke=colors.frame, stroke_mm=0.8)))
    nodes += coordinates(model, cells, place, width)
    scene = Scene(width, height, tuple(nodes), title=context.title)
    seams_x, seams_y = place.seams(cells.width, cells.height)
    return Parts(board=Board(scene, seams_x, seams_y), board_json=board_json(model, cells, place))


def wall_lines(cells: Grid, place: GridPlacement, ink: str) -> list[Node]:
    """A heavy line along every wall between two cells."""
    style = Style(stroke=ink, stroke_mm=max(0.8, place.cell_mm * 0.06), cap="round")
    nodes: list[Node] = []
    for a, b in sorted(cells.walls):
        x, y = place.origin(b)
        if a[1] == b[1]:
            nodes.append(Line(x, y, x, y + place.cell_mm, style))
        else:
            nodes.append(Line(x, y, x + place.cell_mm, y, style))
    return nodes


def coordinates(model: Model, cells: Grid, place: GridPlacement, width: float) -> list[Node]:
    """Column labels above and below, row labels beside, on the edges the layout names."""
    if not model.coordinates or model.border_mm <= 0 or cells.naming.scheme == "numbered":
        return []
    size = min(6.0, model.border_mm * 0.35, model.cell_mm * 0.3)
    gap = model.border_mm * 0.3
    ink = model.colors.text
    bottom = place.y0 + cells.height * model.cell_mm
    nodes: list[Node] = []
    for side, index, label in cells.edge_labels(model.coordinates):
        if side in "tb":
            cx = place.x0 + (index + 0.5) * model.cell_mm
            cy = place.y0 - gap if side == "t" else bottom + gap
            nodes.append(centred(cx, cy, label, size, fill=ink, font="bold"))
        else:
            cy = place.y0 + (index + 0.5) * model.cell_mm
            cx = place.x0 - gap if side == "l" else width - place.x0 + gap
            label_size = fonts.fit_size(label, model.border_mm * 0.5, size, "bold")
            nodes.append(centred(cx, cy, label, label_size, fill=ink, font="bold"))
    return nodes


def board_json(model: Model, cells: Grid, place: GridPlacement) -> dict:
    """Every cell with its name, kind, tags, centre, size and colour; the walls by name."""
    spaces = []
    for cell in sorted(cells.cells, key=lambda c: (-c[1], c[0])):
        cx, cy = place.centre(cell)
        kind = cells.kind(cell)
        tags = [kind] if model.map else ["dark" if cell_fill(model, cells, cell) ==
                                         model.colors.dark else "light"]
        spaces.append({"id": cells.name(cell), "kind": "cell" if not model.map else kind,
                       "tags": tags, "center": [round(cx, 3), round(cy, 3)],
                       "size": [model.cell_mm, model.cell_mm],
                       "color": cell_fill(model, cells, cell)})
    if model.reach is not None:
        _tag_ways(model.reach, cells, spaces)
    found = {"cell_mm": model.cell_mm, "spaces": spaces}
    if cells.walls:
        found["walls"] = [[cells.name(a), cells.name(b)] for a, b in sorted(cells.walls)]
    return found


def _tag_ways(reach: Reach, cells: Grid, spaces: list[dict]) -> None:
    """Tag the cells of a declared reach: ``obstacle``, and each player's ``start`` and
    ``goal`` (with ``players``: whose)."""
    obstacles, runners = ways(reach, cells)
    by_id = {space["id"]: space for space in spaces}
    for obstacle in obstacles:
        for cell in obstacle.cells:
            by_id[cells.name(cell)]["tags"].append("obstacle")
    for runner in runners:
        for tag, ends in (("start", runner.starts), ("goal", runner.goals)):
            for cell in ends:
                space = by_id[cells.name(cell)]
                if tag not in space["tags"]:
                    space["tags"].append(tag)
                space.setdefault(f"{tag}_of", []).append(runner.number)


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    cells = grid(model)
    return [Summary(1, context.words("part.grid.summary", columns=cells.width, rows=cells.height))]
