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

A board that declares obstacles (``[board.reach]``: kinds of cell or single cells no piece
passes, and the players who must get from their starts to their goals) gets the check every
grid game with obstacles gets (:func:`boardgen.geometry.reach.check_reachability`): a board
that walls a player in is refused, naming the player and the wall, with the board in ASCII.

A game composing a grid board may pass, in its context's facts: ``cells`` (a cell's name →
:class:`Look`: its own fill, more tags and facts for board.json), artwork of its own in
layers (``under`` the cells, ``over`` them below the lines, ``pieces`` above the lines), and
a ``legend`` (entries in the row look of :mod:`~boardgen.components.legend`, with a
``caption``) for the band ``legend_mm`` deep below the board, and a one-line ``rule``
for the title band's left look. With ``whole_words``, page seams keep clear of the title's
and the legend's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Literal, Mapping

from pydantic import Field, model_validator

from boardgen import fonts
from boardgen.components import legend as legends
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.text import box as text_box, centred
from boardgen.components.title_band import TitleBand, title_nodes
from boardgen.geometry.cells import Adjacency, Grid, MapError, parse_map, rectangle
from boardgen.geometry.naming import Cell, Scheme
from boardgen.geometry.place import GridPlacement, free_lines
from boardgen.layout import Color, FieldProblem, Model as LayoutModel
from boardgen.product import Board
from boardgen.scene import Line, Node, Path, Rect, Scene, Style, Text, bounds

if TYPE_CHECKING:
    from boardgen.geometry.reach import Runner

NAME = "grid"
Fill = Color | tuple[Color, Color]
SEAM_CLEARANCE_MM = 1.0  # a page seam keeps this far from the title's and legend's words


@dataclass(frozen=True)
class Look:
    """What a game gives one cell besides its kind: its own fill, more tags and facts for
    board.json (a player's start field: the player's colour, ``start``, ``player = 1``)."""

    fill: str | None = None
    tags: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)


class Colors(LayoutModel):
    light: Color = Field("#f0dcb4", description="light cells of a chequer")
    dark: Color = Field("#b58863", description="dark cells of a chequer (the bottom-left is dark)")
    border: Color = Field("#fbf6ec", description="the margin round the cells")
    frame: Color = Field("#3d2b1a", description="the line round the cells and the walls")
    text: Color = Field("#3d2b1a", description="coordinates and title")
    lines: Color | None = Field(None, description="lines between cells (none: no lines)")
    band_text: Color = Field("#ffffff", description="coordinates and words on a band")


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
    fills: dict[str, Fill] = Field(default_factory=dict, description="kind → colour, or "
                                   "[light, dark] for a chequer of the kind's own")
    fill: Literal["chequer", "kinds"] = Field("chequer", description="chequer, or by kind")
    bands: dict[str, Color] = Field(default_factory=dict, description="kind → colour of a band "
                                    "across the margins behind each row of that kind")
    cell_mm: float = Field(40.0, ge=5, le=200, description="a cell's side")
    border_mm: float = Field(20.0, ge=0, le=100, description="the margin for the coordinates")
    top_mm: float | None = Field(None, ge=0, le=100, description="the margin between the title "
                                 "band and the cells (default: border_mm)")
    legend_mm: float = Field(0.0, ge=0, le=100, description="a band below the board for its "
                                                            "legend (0: none)")
    legend_align: Literal["centre", "spread"] = Field("centre", description="the legend's "
                                                      "entries centred together, or spread "
                                                      "from the cells' left edge to their right")
    frame_mm: float = Field(0.8, ge=0, le=5, description="the line round the cells")
    lines_mm: float = Field(0.3, ge=0.05, le=5, description="the lines between cells")
    coordinate_mm: float | None = Field(None, ge=1, le=20, description="the coordinates' size "
                                        "(default: from the border and the cells)")
    coordinate_gap_mm: float | None = Field(None, ge=0, le=100, description="from the cells' "
                                            "edge to the coordinates' middle (default: 0.3 of "
                                            "the border)")
    whole_words: bool = Field(False, description="page seams of a tiled board keep clear of "
                                                 "the title's and the legend's words")
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
    from boardgen.geometry.reach import Runner, cells_named, obstacles_of  # only boards with ways

    blocked = obstacles_of(cells, reach.blocked, cells_named(cells, reach.cells))
    runners = [Runner(n, cells_named(cells, way.starts), cells_named(cells, way.goals),
                      " or ".join(way.goals)) for n, way in enumerate(reach.players, start=1)]
    return blocked, runners


def check_ways(reach: Reach, cells: Grid) -> None:
    """Refuse a board whose obstacles wall a player in, naming the wall and drawing it."""
    from boardgen.geometry.reach import cells_named, check_reachability

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
    top = model.border_mm if model.top_mm is None else model.top_mm
    return GridPlacement(model.cell_mm, model.border_mm, model.title.height_mm + top)


def board_size(model: Model, cells: Grid) -> tuple[float, float]:
    """Width and height of the board in mm, margins, title band and legend band included."""
    place = placement(model)
    return (2 * model.border_mm + cells.width * model.cell_mm,
            place.y0 + cells.height * model.cell_mm + model.border_mm + model.legend_mm)


def dark(cells: Grid, cell: Cell) -> bool:
    """Whether a cell is a dark one of a chequer: the bottom-left cell is dark, as in chess."""
    return (cell[0] + (cells.height - 1 - cell[1])) % 2 == 0


def chequered(model: Model, kind: str | None) -> bool:
    """Whether cells of ``kind`` are drawn light and dark."""
    return not (model.fill == "kinds" and isinstance(model.fills.get(kind), str))


def cell_fill(model: Model, cells: Grid, cell: Cell, looks: Mapping[str, Look] = {}) -> str:
    """A cell's colour: the game's for it, its kind's, or its kind's chequer, or the board's
    chequer."""
    look = looks.get(cells.name(cell)) if looks else None
    if look is not None and look.fill:
        return look.fill
    kind = cells.kind(cell)
    fill = model.fills.get(kind) if model.fill == "kinds" else None
    if isinstance(fill, str):
        return fill
    light, dark_fill = fill or (model.colors.light, model.colors.dark)
    return dark_fill if dark(cells, cell) else light


def compose(model: Model, name: str, context: Context) -> Parts:
    """The board; ``context.facts`` may add ``rules`` (short lines under the title),
    ``band_words`` (kind → the word in its band's margins), ``overlay`` nodes drawn last with
    the ``symbols`` they use, and the cells' looks, layers, legend and rule the module's
    docstring names."""
    cells = grid(model)
    place = placement(model)
    colors = model.colors
    width, height = board_size(model, cells)
    facts = context.facts
    looks: Mapping[str, Look] = facts.get("cells", {})
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    nodes += band_nodes(model, cells, place, width)
    nodes += facts.get("under", ())
    nodes += cell_nodes(model, cells, place, looks=looks, runs=True)
    nodes += facts.get("over", ())
    if colors.lines:
        nodes.append(cell_lines(cells, place, colors.lines, model.lines_mm))
    nodes += wall_lines(cells, place, colors.frame)
    nodes += facts.get("pieces", ())
    if not cells.walls and len(cells.cells) == cells.width * cells.height:
        nodes.append(Rect(place.x0, place.y0, cells.width * model.cell_mm,
                          cells.height * model.cell_mm, Style(stroke=colors.frame,
                                                              stroke_mm=model.frame_mm)))
    nodes += coordinates(model, cells, place)
    nodes += band_words(model, cells, place, width, facts.get("band_words", {}))
    words = title_nodes(context.title, context.words("subtitle"), width, model.title.height_mm,
                        colors.text, model.title.align, model.border_mm, facts.get("rule", ""),
                        rules=facts.get("rules", ()), movable=not model.whole_words)
    nodes += words
    if model.legend_mm and "legend" in facts:
        spread = (place.x0, place.x0 + cells.width * model.cell_mm) \
            if model.legend_align == "spread" else None
        legend = legends.row_nodes(facts["legend"], facts.get("caption", ""), width,
                                   height - model.legend_mm, model.legend_mm, colors.text,
                                   cells.width * model.cell_mm, spread)
        nodes += legend
        words += legend
    nodes += facts.get("overlay", ())
    scene = Scene(width, height, tuple(nodes), symbols=dict(facts.get("symbols", {})),
                  title=context.title)
    seams_x, seams_y = place.seams(cells.width, cells.height)
    if model.whole_words:
        kept = [(box[0], 0.0, box[2] - box[0], height) for box in map(_extent, words) if box]
        seams_x = free_lines(seams_x, kept, 0, SEAM_CLEARANCE_MM)
    return Parts(board=Board(scene, seams_x, seams_y),
                 board_json=board_json(model, cells, place, looks))


def _extent(node: Node) -> tuple[float, float, float, float] | None:
    """The box a word (measured in its font) or a swatch of the title or legend covers."""
    return text_box(node) if isinstance(node, Text) else bounds((node,))


def cell_nodes(model: Model, cells: Grid, place: GridPlacement,
               shown: Iterable[Cell] | None = None, skip: Iterable[str] = (),
               looks: Mapping[str, Look] = {}, runs: bool = False) -> list[Node]:
    """A square of its colour for every cell (of ``shown``, if given), but those of the kinds
    in ``skip``, which the board draws its own way; with ``runs``, one rectangle for each
    run of cells of one colour along a row."""
    skipped = set(skip)
    chosen = cells.cells if shown is None else sorted(set(shown) & set(cells.cells),
                                                      key=lambda c: (c[1], c[0]))
    drawn = [cell for cell in chosen if cells.kind(cell) not in skipped]
    if not runs:
        return [Rect(*place.box(cell), Style(fill=cell_fill(model, cells, cell, looks)))
                for cell in drawn]
    nodes: list[Node] = []
    run: list[Cell] = []
    for cell in drawn + [None]:
        fill = cell_fill(model, cells, cell, looks) if cell is not None else None
        if run and (cell is None or cell != (run[-1][0] + 1, run[-1][1])
                    or fill != cell_fill(model, cells, run[0], looks)):
            nodes.append(Rect(*place.bounds(run), Style(fill=cell_fill(model, cells, run[0],
                                                                       looks))))
            run = []
        if cell is not None:
            run.append(cell)
    return nodes


def cell_lines(cells: Grid, place: GridPlacement, ink: str, width_mm: float = 0.3) -> Node:
    """The lines between cells: straight across a full rectangle, round each cell of a map."""
    style = Style(stroke=ink, stroke_mm=width_mm)
    if len(cells.cells) == cells.width * cells.height:
        return grid_lines(place, cells.width, cells.height, style)
    commands: list[tuple] = []
    for cell in cells.cells:
        x, y, w, h = place.box(cell)
        commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    return Path(tuple(commands), style)


def grid_lines(place: GridPlacement, columns: int, rows: int, style: Style) -> Path:
    """Every cell edge of a ``columns`` × ``rows`` rectangle of cells, each a straight line
    across it (the verticals first): a board's lines, or a figure's window on them."""
    xs, ys = place.edges_x(columns), place.edges_y(rows)
    commands = [c for x in xs for c in (("M", x, ys[0]), ("L", x, ys[-1]))]
    commands += [c for y in ys for c in (("M", xs[0], y), ("L", xs[-1], y))]
    return Path(tuple(commands), style)


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
    size = model.coordinate_mm or min(6.0, model.border_mm * 0.35, model.cell_mm * 0.3)
    gap = model.border_mm * 0.3 if model.coordinate_gap_mm is None else model.coordinate_gap_mm
    return coordinate_nodes(cells, place, model.coordinates, size=size, gap=gap,
                            ink=model.colors.text, font="bold", fit_mm=model.border_mm * 0.5,
                            row_inks=banded)


def coordinate_nodes(cells: Grid, place: GridPlacement, edges: str, size: float, gap: float,
                     ink: str, font: str = "regular", fit_mm: float | None = None,
                     row_inks: Mapping[int, str] | None = None) -> list[Node]:
    """Column names above (``t``) and below (``b``) the cells, row names left (``l``) and right
    (``r``), centred ``gap`` mm out from the cells' edge; ``fit_mm``: the width a row name
    shrinks to fit; ``row_inks``: rows whose names print in another ink."""
    return edge_labels(place, cells.edge_labels(edges), cells.width, cells.height, size, gap,
                       ink, fit_mm, font, row_inks)


def edge_labels(place: GridPlacement, labels: list[tuple[str, int, str]], columns: int,
                rows: int, size: float, gap: float, ink: str, row_width: float | None = None,
                font: str = "bold", row_inks: Mapping[int, str] | None = None) -> list[Node]:
    """Coordinates round a ``columns`` × ``rows`` rectangle of cells (a board, or a figure's
    window on one): each ``(side, index, text)`` centred ``gap`` mm outside its edge (t, b:
    the index-th column; l, r: the index-th row from the top); row labels shrink to
    ``row_width`` if given and print in ``row_inks``' ink where it names their row."""
    row_inks = row_inks or {}
    right = place.x0 + columns * place.cell_mm
    bottom = place.y0 + rows * place.cell_mm
    nodes: list[Node] = []
    for side, index, label in labels:
        if side in "tb":
            cx = place.x0 + (index + 0.5) * place.cell_mm
            cy = place.y0 - gap if side == "t" else bottom + gap
            nodes.append(centred(cx, cy, label, size, fill=ink, font=font))
        else:
            cy = place.y0 + (index + 0.5) * place.cell_mm
            cx = place.x0 - gap if side == "l" else right + gap
            fitted = fonts.fit_size(label, row_width, size, font) if row_width else size
            nodes.append(centred(cx, cy, label, fitted, fill=row_inks.get(index, ink),
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


def board_json(model: Model, cells: Grid, place: GridPlacement,
               looks: Mapping[str, Look] = {}) -> dict:
    """Every cell with its name, kind, tags, centre, size and colour (and what the game adds),
    the bottom row first; the walls by name."""
    spaces = []
    for cell in sorted(cells.cells, key=lambda c: (-c[1], c[0])):
        kind = cells.kind(cell)
        look = looks.get(cells.name(cell), Look()) if looks else Look()
        shade = ["dark" if dark(cells, cell) else "light"] if chequered(model, kind) else []
        tags = (shade + [kind]) if model.map else shade
        spaces.append(cell_entry(cells, place, cell, kind if model.map else "cell",
                                 tags + list(look.tags), cell_fill(model, cells, cell, looks),
                                 **look.facts))
    if model.reach is not None:
        _tag_ways(model.reach, cells, spaces)
    found = {"cell_mm": model.cell_mm, "spaces": spaces}
    if cells.walls:
        found["walls"] = walls_json(cells)
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
