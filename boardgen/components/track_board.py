"""Track boards: spaces along a path, numbered, in the colours and with the pictures of
their kinds, the jumps between them drawn as ladders, snakes or arrows, a title band above
and a legend of the kinds below.

The track's shape is the layout's ``shape``: ``serpentine`` rows numbered back and forth,
a ``square_spiral`` or a round ``spiral`` winding inwards, an ``oval`` with lanes, a
``path`` drawn in ASCII, or a ``cross`` loop with an entry and a home for each player.
Cell tracks lie on a grid and tile along its cell edges; the round ones tile on lines
that keep clear of every word.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, Mapping, Union

from pydantic import Field, model_validator

from boardgen import fonts
from boardgen.components import infield
from boardgen.components import legend as legends
from boardgen.components import oval_track as ovals
from boardgen.components import pictograms
from boardgen.components.base import Context, Parts, Player, Summary
from boardgen.components.kinds import Effect, Kind, Placed, effect_of
from boardgen.components.links import arrow_link, ladder_link, snake_link
from boardgen.components.text import CAP_HEIGHT, box as text_box, centred
from boardgen.components.title_band import TitleBand, title_nodes
from boardgen.geometry import track as tracks
from boardgen.geometry.cells import MapError, parse_map
from boardgen.geometry.naming import Cell
from boardgen.geometry.place import GridPlacement, free_lines, grid_lines
from boardgen.geometry.shapes import Disc, Oval, Rectangle, Shape, Spiral, square
from boardgen.layout import Color, FieldProblem, Model as LayoutModel
from boardgen.marks import mark_node
from boardgen.product import Board as PrintedBoard
from boardgen.scene import Group, Node, Path, Rect, Scene, Style, Text, bounds, ink_on, mix

NAME = "track"
MAX_SPACES = 400
SEAM_STEP_MM = 4.0
SEAM_CLEARANCE_MM = 1.5
SEAM_REACH_MM = 20.0    # a seam through words crosses no more of them than its neighbours do
LEGEND_TEXT_MM = 3.6
LEGEND_GAP_MM = 6.0     # below the legend, to the board's edge
LEGEND_RISE = 0.5       # the share of the bottom margin the legend moves up into
LEGEND_GUTTER_MM = 16.0  # between the legend's two middle columns: clear of a cut beside the
                         # board's middle, where the most even cut of two pages falls


class Colors(LayoutModel):
    """The board's colours."""

    ground: Color = Field("#f4ecd8", description="the board around the track")
    plain: Color = Field("#fffaf0", description="an ordinary space")
    alternate: Color | None = Field(None, description="every other ordinary space (a chequer); "
                                                      "none: all alike")
    edge: Color = Field("#5a4a3a", description="the lines between spaces")
    ink: Color = Field("#2a241d", description="numbers, words and pictures")


class TrackBoard(LayoutModel):
    """What every track board has, whatever its shape."""

    type: Literal["track"] = Field("track", description="a track of numbered spaces")
    space_mm: float = Field(25.0, ge=10, le=200, description="a space's side (cells) or its "
                                                             "length along the track")
    margin_mm: float = Field(12.0, ge=0, le=200, description="the board's edge round the track")
    numbers: Literal["all", "fives", "tens", "none"] = Field(
        "all", description="which spaces show their number: all, every fifth, every tenth, none "
                           "(the first and last always do)")
    title: TitleBand = Field(default_factory=TitleBand, description="the title band above")
    legend: bool = Field(True, description="a legend of the kinds of space below the track")
    colors: Colors = Field(default_factory=Colors, description="the board's colours")


class Serpentine(TrackBoard):
    """Rows of cells numbered back and forth (boustrophedon), as Snakes and Ladders is."""

    shape: Literal["serpentine"]
    columns: int = Field(10, ge=2, le=40, description="cells in a row")
    rows: int = Field(10, ge=1, le=40, description="rows of cells")
    first: tracks.Corner = Field("bottom-left", description="the corner of space 1")
    along: Literal["rows", "columns"] = Field("rows", description="numbered along rows (to and "
                                                                  "fro) or along columns")


class SquareSpiral(TrackBoard):
    """Every cell of a rectangle, in a square spiral from a corner to the middle."""

    shape: Literal["square_spiral"]
    columns: int = Field(9, ge=2, le=40, description="cells across")
    rows: int = Field(7, ge=2, le=40, description="cells down")
    first: tracks.Corner = Field("bottom-left", description="the corner of space 1")
    clockwise: bool = Field(True, description="the way the spiral winds in")


class RoundSpiral(TrackBoard):
    """A round spiral from space 1 outside to the last space, a disc in the middle."""

    shape: Literal["spiral"]
    spaces: int = Field(63, ge=8, le=MAX_SPACES, description="spaces, the middle one included")
    width_mm: float | None = Field(None, ge=10, le=120, description="the band's width across "
                                   "(default: space_mm, so spaces are about square)")
    centre_mm: float | None = Field(None, ge=10, le=300, description="radius of the middle "
                                    "space (default: 1.2 × the band's width)")
    clockwise: bool = Field(True, description="the way pieces travel inwards")


class TrackLines(LayoutModel):
    """Lines along and across an oval, as a velodrome has them (none unless given a colour)."""

    azur: Color | None = Field(None, description="the côte d'azur: a band along the track's "
                                                 "inner edge")
    measuring: Color | None = Field(None, description="the measuring line near the inside")
    sprinters: Color | None = Field(None, description="the sprinters' line a little further out")
    stayers: Color | None = Field(None, description="the stayers' line along the middle")
    finish: Color | None = Field(None, description="the chequered start/finish line before "
                                                   "space 1, and the lines kinds draw across "
                                                   "the track")

    def along(self) -> dict[str, str | None]:
        """The lines along the track by name."""
        return {"measuring": self.measuring, "sprinters": self.sprinters, "stayers": self.stayers}


class Infield(LayoutModel):
    """What an oval's infield holds (nothing unless asked)."""

    title: bool = Field(False, description="the title and subtitle in the infield instead of a "
                                           "band above the board")
    legend: bool = Field(False, description="the legend as a panel in the infield instead of "
                                            "below the track")
    arrows: bool = Field(False, description="arrows inside the track showing the way round")


class OvalTrack(TrackBoard):
    """An oval of two straights and two bends with lanes, as the six-day velodrome is."""

    shape: Literal["oval"] = Field(description="oval: two straights and two bends")
    spaces: int = Field(80, ge=12, le=MAX_SPACES, description="spaces round the oval")
    straight_spaces: int | None = Field(None, ge=1, le=MAX_SPACES // 2,
                                        description="spaces on each straight (default: a "
                                                    "quarter of them)")
    lanes: int = Field(1, ge=1, le=6, description="lanes drawn side by side")
    lane_mm: float = Field(20.0, ge=8, le=200, description="width of a lane")
    clockwise: bool = Field(False, description="the way pieces travel")
    finish_line_after: int = Field(0, ge=0, le=MAX_SPACES // 2,
                                   description="spaces of the lower straight before space 1")
    laps: bool = Field(False, description="the race goes round lap after lap: the last space "
                                          "leads on to space 1")
    banking: bool = Field(False, description="the bends shaded darker towards the outside, as "
                                             "a banked velodrome's are")
    edges: Literal["outline", "banded"] = Field(
        "outline", description="outline: each space outlined thinly, lanes dashed; banded: a "
                               "dark line with light sides between spaces, seen on any colour, "
                               "and heavy track edges")
    labels: Literal["space", "infield"] = Field(
        "space", description="where a kind's name is printed: in its spaces, or in the infield "
                             "beside them, leaving each space to its number (outer half) and "
                             "picture (inner half)")
    number_mm: float = Field(8.0, ge=3, le=40, description="with labels = \"infield\": the "
                             "numbers' size, shrunk only where one would not fit and moved "
                             "along a bend's space off the lines the board may be cut along")
    lines: TrackLines = Field(default_factory=TrackLines, description="lines along and across "
                              "the oval, as a velodrome has them")
    infield: Infield = Field(default_factory=Infield, description="what the infield holds")

    @property
    def straight(self) -> int:
        return self.straight_spaces if self.straight_spaces is not None else self.spaces // 4

    # ---- the oval's measures, before it is laid out (a layout checks them) ----

    @property
    def direction(self) -> str:
        return "clockwise" if self.clockwise else "anticlockwise"

    @property
    def oval(self) -> Oval:
        """The oval's geometry on a board with no title band above it: the measures a layout
        checks before the board is laid out."""
        return Oval(self.spaces, self.straight, self.space_mm, self.lanes, self.lane_mm,
                    self.margin_mm, self.clockwise, self.finish_line_after or 0)

    def with_straight(self, straight: int):
        """The same oval with ``straight`` spaces on each straight."""
        return self.model_copy(update={"straight_spaces": straight})

    def shape_problem(self, pieces: int, piece_mm: float, min_inner_mm: float,
                      max_length_mm: float, noun: str = "pieces", form: str = "pieces"
                      ) -> str | None:
        """Why this oval cannot be drawn with every space holding all ``pieces`` (standing
        on ``piece_mm`` squares), or None: bends of at least 4 spaces whose inner edge is no
        tighter than ``min_inner_mm``, a board at most ``max_length_mm`` long. ``noun`` and
        ``form`` name the pieces in the message (riders, standees)."""
        oval = self.oval
        rest = self.spaces - 2 * self.straight
        if rest < 4:
            return (f"{self.spaces} spaces minus 2 × {self.straight} on the straights leaves "
                    f"{rest} for the two bends; at least 4 are needed")
        if oval.inner_radius < min_inner_mm:
            return (f"the bends are too tight: their inner edge has a radius of "
                    f"{oval.inner_radius:.0f} mm (at least {min_inner_mm:.0f} mm "
                    "needed); use fewer straight spaces or narrower lanes")
        if oval.size[0] > max_length_mm:
            return (f"the board would be {oval.size[0]:.0f} mm long; at most "
                    f"{max_length_mm:.0f} mm")
        room = oval.capacity(piece_mm)
        if room < pieces:
            return (f"a space holds only {room} of the {pieces} {noun} ({piece_mm:g} mm "
                    f"{form}), but any number of {noun} may share a space; use longer spaces, "
                    f"wider lanes, narrower {noun} or fewer straight spaces")
        return None

    def drawable_straights(self, pieces: int, piece_mm: float, min_inner_mm: float,
                           max_length_mm: float) -> list[int]:
        """Straight lengths that make a drawable oval (see ``shape_problem``), nearest to a
        quarter of the track first."""
        ideal = self.spaces / 4
        candidates = sorted(range(1, self.spaces // 2), key=lambda s: (abs(s - ideal), s))
        return [s for s in candidates if self.with_straight(s).shape_problem(
            pieces, piece_mm, min_inner_mm, max_length_mm) is None]

    def fit_problems(self, straight: int | None, pieces: int, piece_mm: float,
                     min_inner_mm: float, max_length_mm: float, noun: str, form: str,
                     pieces_key: str, at: str = "board") -> list[FieldProblem]:
        """Why this oval, its straights ``straight`` spaces long (the layout's, or the length
        it chose among ``drawable_straights``; None: no length is drawable), cannot hold all
        ``pieces`` on every space (see ``shape_problem``), each problem named by the key of
        the layout's table ``at`` that decides it, ``pieces_key`` the pieces' size."""
        explicit = self.straight_spaces is not None
        key = f"{at}.straight_spaces" if explicit else f"{at}.spaces"
        shape = tuple(f"{at}.{name}" for name in ("spaces", "space_mm", "lanes", "lane_mm"))
        related = tuple(k for k in shape if k != key)
        if straight is None:
            return [FieldProblem(key, f"no oval of {self.spaces} spaces leaves bends wide enough "
                                      f"for {self.lanes} lanes of {self.lane_mm:g} mm with "
                                      f"room on every space for all {pieces} {noun}; change "
                                      f"the spaces, lanes or {noun}' width",
                                 related=related + (pieces_key,))]
        problem = self.shape_problem(pieces, piece_mm, min_inner_mm, max_length_mm, noun,
                                     form) if explicit else None
        return [FieldProblem(key, problem, related=related)] if problem else []

    @model_validator(mode="after")
    def line_on_the_straight(self):
        if self.finish_line_after > self.straight:
            raise FieldProblem("finish_line_after", f"the straight has only {self.straight} "
                               f"spaces, found finish_line_after = {self.finish_line_after}")
        return self


class DrawnPath(TrackBoard):
    """A path drawn cell by cell in an ASCII map, from its start to its finish."""

    shape: Literal["path"]
    map: str = Field(max_length=20_000, description="one character per cell, separated by "
                     "spaces: the path's cells, its start and finish, arrows (> < ^ v) where it "
                     "must choose a way, '.' for the board between, '_' for no board")
    path: str = Field("o", min_length=1, max_length=10, description="the characters of the "
                                                                    "path's cells")
    start: str = Field("S", min_length=1, max_length=1, description="the first space")
    finish: str = Field("F", min_length=1, max_length=1, description="the last space")

    @model_validator(mode="after")
    def map_is_a_path(self):
        try:
            path_cells(self)
        except MapError as error:
            raise FieldProblem("map", str(error)) from None
        return self


class CrossLoop(TrackBoard):
    """A loop round a cross (Ludo, Mensch ärgere dich nicht) with each player's home branch
    up the middle of its arm and its base in a corner."""

    shape: Literal["cross"]
    arm: int = Field(4, ge=2, le=12, description="cells from the centre to the tip of an arm: "
                                                 "4 makes Mensch ärgere dich nicht's 11 × 11 "
                                                 "board, 6 Ludo's 15 × 15")
    corner_cells: bool = Field(True, description="the loop takes the four inner corners "
                                                 "(Mensch: 40 spaces) or cuts them (Ludo: 52)")
    entry: int = Field(1, ge=0, le=20, description="spaces after an arm's tip where its "
                                                   "player's pieces come on")
    home: int | None = Field(None, ge=1, le=12, description="spaces of each home branch "
                                                            "(default: the arm's length)")
    pieces: int = Field(4, ge=1, le=9, description="places in each player's base")


Model = Annotated[Union[Serpentine, SquareSpiral, RoundSpiral, OvalTrack, DrawnPath, CrossLoop],
                  Field(discriminator="shape")]


def path_cells(model: DrawnPath) -> list[Cell]:
    legend = {char: "path" for char in model.path}
    legend.update({model.start: "start", model.finish: "finish", ".": "ground",
                   **{arrow: "path" for arrow in tracks.ARROWS}})
    grid = parse_map(model.map, legend)
    return tracks.path_cells(grid, model.path, model.start, model.finish)


# ---- the plan: spaces and where they go ------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A track board's geometry: its track, every space's shape, the board's size without
    the legend, and for cell tracks the grid it lies on."""

    track: tracks.Track
    shapes: Mapping[str, Shape]
    width: float
    height: float
    grid: GridPlacement | None = None
    columns: int = 0
    rows: int = 0
    oval: Oval | None = None
    spiral: Spiral | None = None
    cells: tuple[Cell, ...] = ()  # cells of the board that hold no space but are drawn
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def length(self) -> int:
        return len(self.track.main)


def track_length(model) -> int:
    """How many spaces the main track has, without laying it out."""
    if isinstance(model, Serpentine) or isinstance(model, SquareSpiral):
        return model.columns * model.rows
    if isinstance(model, (RoundSpiral, OvalTrack)):
        return model.spaces
    if isinstance(model, DrawnPath):
        return len(path_cells(model))
    return len(tracks.Cross(model.arm, model.corner_cells).ring())


def plan(model, players: int = 4) -> Plan:
    """Lay the track out: its spaces' shapes on a board below the title band."""
    top = model.title.height_mm
    margin = model.margin_mm
    if isinstance(model, OvalTrack):
        if model.infield.title:
            top = 0.0
        oval = replace(model.oval, top_mm=top)
        track = tracks.line(model.spaces, laps=model.laps)
        return Plan(track, {s.id: shape for s, shape in zip(track.main, oval.shapes)},
                    *oval.size, oval=oval)
    if isinstance(model, RoundSpiral):
        width = model.width_mm or model.space_mm
        spiral = Spiral(model.spaces, model.space_mm, width, model.centre_mm or 1.2 * width,
                        margin, model.clockwise, top_mm=top)
        track = tracks.line(model.spaces)
        return Plan(track, {s.id: shape for s, shape in zip(track.main, spiral.shapes)},
                    *spiral.size, spiral=spiral)
    if isinstance(model, CrossLoop):
        track = tracks.cross_track(model.arm, players, model.corner_cells, model.entry,
                                   model.home, model.pieces)
        columns = rows = tracks.Cross(model.arm, model.corner_cells).side
    else:
        if isinstance(model, Serpentine):
            cells = tracks.serpentine_cells(model.columns, model.rows, model.first, model.along)
            columns, rows = model.columns, model.rows
        elif isinstance(model, SquareSpiral):
            cells = tracks.spiral_cells(model.columns, model.rows, model.first, model.clockwise)
            columns, rows = model.columns, model.rows
        else:
            cells = path_cells(model)
            grid = parse_map(model.map)
            columns, rows = grid.width, grid.height
        track = tracks.line(len(cells), cells)
    placement = GridPlacement(model.space_mm, margin, top + margin)
    shapes = {}
    for space in track.spaces:
        heading = _heading(track, space)
        x, y = placement.origin(space.cell)
        shapes[space.id] = square(x, y, model.space_mm, heading)
    width, height = placement.size(columns, rows)
    ground = ()
    if isinstance(model, DrawnPath):
        grid = parse_map(model.map)
        ground = tuple(c for c in grid.cells if grid.char(c) == ".")
    return Plan(track, shapes, width + 2 * margin, top + height + 2 * margin, placement,
                columns, rows, cells=ground)


def _heading(track: tracks.Track, space: tracks.Space) -> float:
    """The page direction from a cell to the next one on the track (that of the one before,
    for the last)."""
    by_id = track.by_id
    following = [by_id[n] for n in space.next if by_id[n].cell is not None]
    if following:
        (x0, y0), (x1, y1) = space.cell, following[0].cell
    else:
        before = [s for s in track.spaces if space.id in s.next and s.cell is not None]
        if not before:
            return 0.0
        (x0, y0), (x1, y1) = before[0].cell, space.cell
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0


# ---- what each space shows ---------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """What the game prints on a space and says about it in board.json."""

    kind: str = "plain"
    fill: str | None = None
    label: str | None = None
    pictogram: str | None = None
    tags: tuple[str, ...] = ()
    effect: Effect | None = None
    link: str = "none"
    line: bool = False   # a line across the track where the space begins (an oval's sprint)


def kind_look(name: str, kind: Kind, fill: str | None, label: str | None,
              placed: Placed | None = None, tags: tuple[str, ...] = ()) -> Look:
    """What a space of the kind ``name`` prints: ``fill`` and ``label`` as its game colours
    and words it (the label only where the kind asks for one), the kind's picture, tags
    (and ``tags`` of this space), effect (with this ``placed`` space's own target or turns),
    link and line."""
    return Look(name, fill, label if kind.label else None, kind.picture,
                tuple(kind.tags) + tags, effect_of(kind, placed), kind.link, kind.line)


@dataclass(frozen=True)
class Slots:
    """Where a space's number, pictogram and word go, and how big they are."""

    number: tuple[float, float, float, str]   # x, y (baseline), size, anchor
    picture: tuple[float, float, float]       # centre x, y and size
    word: tuple[float, float, float, float]   # centre x, y, size and width


def slots(shape: Shape, corner_numbers: bool, has_picture: bool, has_word: bool) -> Slots:
    """The places on a space: numbers in a cell's corner, or in the outer half of a space on a
    curve; the picture in the middle; the word along the inner edge."""
    if isinstance(shape, Rectangle) and corner_numbers:
        x0, y0, x1, y1 = shape.box()
        s = x1 - x0
        size = s * 0.22
        picture_y = y0 + s * (0.5 if not has_word else 0.46) + s * 0.04
        return Slots((x0 + s * 0.07, y0 + s * 0.07 + CAP_HEIGHT * size, size, "start"),
                     (x0 + s / 2, picture_y, s * (0.54 if not has_word else 0.46)),
                     (x0 + s / 2, y0 + s * 0.86, s * 0.13, s * 0.9))
    if isinstance(shape, Disc):
        cx, cy = shape.pivot
        r = shape.radius
        return Slots((cx, cy - r * 0.35 + CAP_HEIGHT * r * 0.25, r * 0.5, "middle"),
                     (cx, cy + r * 0.28, r * 0.62), (cx, cy + r * 0.72, r * 0.16, r * 1.3))
    # a space on a curve or a straight: the number above, the picture below it and the word
    # at the foot, stacked upright round the space's centre, inside its inscribed circle
    d = min(2 * shape.half_width, shape.length)
    cx, cy = shape.center
    if not (has_picture or has_word):
        size = d * 0.4
        return Slots((cx, cy + CAP_HEIGHT * size / 2, size, "middle"), (cx, cy, d * 0.5),
                     (cx, cy, d * 0.12, d * 0.8))
    size = d * 0.28
    top = cy - d * (0.22 if has_picture else 0.1)
    picture = d * (0.34 if has_word else 0.42)
    picture_y = cy + d * (0.08 if has_word else 0.14)
    return Slots((cx, top + CAP_HEIGHT * size / 2, size, "middle"), (cx, picture_y, picture),
                 (cx, cy + d * (0.34 if has_picture else 0.18), d * 0.13, d * 0.86))


def shown_number(model, number: int, last: int) -> bool:
    if number in (1, last) or model.numbers == "all":
        return True
    return {"fives": number % 5 == 0, "tens": number % 10 == 0}.get(model.numbers, False)


# ---- the board ----------------------------------------------------------------------------


def compose(model, name: str, context: Context) -> Parts:
    """The board and its board.json; the game's ``looks`` (by space id), ``legend`` entries and
    ``start`` word come in ``context.facts``."""
    players = context.players
    laid = context.facts.get("plan") or plan(model, len(players) or 4)
    if laid.oval is not None:
        return _compose_oval(model, laid, context)
    looks: Mapping[str, Look] = context.facts.get("looks", {})
    colors = model.colors
    uses: set[tuple[str, str, str]] = set()
    entries: list[legends.Entry] = list(context.facts.get("legend", ())) if model.legend else []
    legend_width = laid.width - 2 * model.margin_mm
    columns = legend_columns(entries, legend_width, even=True)
    legend_h = legend_height(entries, legend_width, columns, LEGEND_GUTTER_MM)
    height = laid.height + legend_h
    nodes: list[Node] = [Rect(0, 0, laid.width, height, Style(fill=colors.ground))]
    on_ground = ink_on(colors.ground, dark=colors.ink)  # the title and legend stay legible
    title = title_nodes(context.title, context.words("subtitle"), laid.width,
                        model.title.height_mm, on_ground, model.title.align, model.margin_mm,
                        movable=True)
    nodes += title
    nodes += _ground_cells(model, laid)
    nodes += _decorations(model, laid)
    fills = {space.id: _fill(model, laid, space, looks.get(space.id), players)
             for space in laid.track.spaces}
    nodes += _spaces(model, laid, fills)
    pictures, texts = _space_contents(model, laid, looks, fills, players, uses)
    nodes += pictures
    nodes += _links(model, laid, looks)
    nodes += texts
    nodes += _start_marker(model, laid, context, uses)
    legend_nodes = []
    if entries and legend_h:
        top = laid.height - model.margin_mm * LEGEND_RISE  # into the margin below the track
        legend_nodes = legends.movable_columns(entries, model.margin_mm, top, legend_width,
                                               legend_h + model.margin_mm * LEGEND_RISE
                                               - LEGEND_GAP_MM, on_ground, colors.ground,
                                               LEGEND_TEXT_MM, uses, columns, LEGEND_GUTTER_MM)
        nodes += legend_nodes
    scene = Scene(laid.width, height, tuple(nodes), symbols=pictograms.symbols(uses),
                  title=context.title)
    seams_x, seams_y = seams(model, laid, height, title + texts + legend_nodes)
    board = PrintedBoard(scene, seams_x, seams_y)
    return Parts(board=board, board_json=board_json(model, laid, looks, fills, players, height))


def _space_contents(model, laid: Plan, looks: Mapping[str, Look], fills: Mapping[str, str],
                    players: tuple[Player, ...], uses: set) -> tuple[list[Node], list[Node]]:
    """Each space's pictogram, and its word, number or player's mark, in the space's slots."""
    colors = model.colors
    texts: list[Node] = []
    pictures: list[Node] = []
    last = laid.length
    for space in laid.track.spaces:
        look = looks.get(space.id, Look())
        shape = laid.shapes[space.id]
        fill = fills[space.id]
        ink = ink_on(fill, dark=colors.ink)
        picture = look.pictogram
        place = slots(shape, laid.grid is not None, bool(picture), bool(look.label))
        if picture:
            cx, cy, size = place.picture
            pictures += pictograms.draw(picture, cx, cy, size / 2, ink, fill, uses)
        if look.label:
            cx, cy, size, width = place.word
            texts.append(centred(cx, cy, look.label, fonts.fit_size(look.label, width, size, "bold"),
                                 font="bold", fill=ink))
        if space.branch == "main" and shown_number(model, space.number, last):
            x, y, size, anchor = place.number
            texts.append(Text(x, y, str(space.number), size, font="bold", anchor=anchor, fill=ink))
        if space.branch == "base" and space.player is not None and players:
            player = players[(space.player - 1) % len(players)]
            cx, cy = shape.center
            texts.append(mark_node(player.mark, cx, cy, model.space_mm * 0.3, ink,
                                   mix(player.color, "#000000", 0.3)))
    return pictures, texts


# ---- an oval ------------------------------------------------------------------------------


def _compose_oval(model: OvalTrack, laid: Plan, context: Context) -> Parts:
    """An oval board: the generic board's spaces, title band and legend, or a velodrome's
    banked bends, lines, large numbers, words and panels in the infield, as the model asks;
    the game's card ``places`` come in ``context.facts`` with its looks and legend."""
    oval, colors, lines = laid.oval, model.colors, model.lines
    players, words = context.players, context.words
    looks: Mapping[str, Look] = context.facts.get("looks", {})
    uses: set[tuple[str, str, str]] = set()
    on_ground = ink_on(colors.ground, dark=colors.ink)  # the title and legend stay legible
    entries: list[legends.Entry] = list(context.facts.get("legend", ())) if model.legend else []
    inner = infield_plan(model, laid, context, entries, uses)
    below = [] if model.infield.legend else entries
    legend_width = laid.width - 2 * model.margin_mm
    legend_h = legend_height(below, legend_width)
    height = laid.height + inner.band_mm + legend_h
    nodes: list[Node] = [Rect(0, 0, laid.width, height, Style(fill=colors.ground))]
    if not model.infield.title:
        nodes += title_nodes(context.title, words.get("subtitle", ""), laid.width,
                             model.title.height_mm, on_ground, model.title.align,
                             model.margin_mm)
    fills = {space.id: _fill(model, laid, space, looks.get(space.id), players)
             for space in laid.track.spaces}
    azur = bool(lines.azur)
    if model.edges == "outline":
        nodes += _decorations(model, laid)
        nodes += _spaces(model, laid, fills)
    else:
        nodes += [Path(laid.shapes[s.id].outline_commands(), Style(fill=fills[s.id]))
                  for s in laid.track.spaces]
    if model.banking:
        nodes += ovals.banking(oval)
    if model.edges == "banded":
        nodes += ovals.space_boundaries(oval, colors.plain, colors.edge)
        nodes += ovals.track_lines(oval, colors.edge, lines.azur, lines.along())
    else:
        nodes += ovals.coloured_lines(oval, lines.azur, lines.along())
    finish = []
    across = lines.finish or colors.ink
    for space in laid.track.main:
        look = looks.get(space.id)
        if look is not None and look.line:
            nodes += ovals.cross_line(oval, laid.shapes[space.id], across, azur)
    if lines.finish:
        finish = ovals.finish_line(oval, lines.finish, azur)
        nodes += finish
    avoid = ovals.guides(oval, infield.lattice_lines(oval))
    if model.labels == "infield":
        for space in laid.track.spaces:
            look = looks.get(space.id, Look())
            number = space.number if shown_number(model, space.number, laid.length) else None
            nodes += ovals.space_texts(oval, laid.shapes[space.id], number, look.pictogram,
                                       fills[space.id], colors.ink, model.number_mm, avoid, uses)
        nodes += _links(model, laid, looks)
        nodes += [ovals.caption(oval, laid.shapes[space.id], looks[space.id].label, colors.ink,
                                azur, avoid)
                  for space in laid.track.spaces if looks.get(space.id, Look()).label]
    else:
        pictures, texts = _space_contents(model, laid, looks, fills, players, uses)
        nodes += pictures + _links(model, laid, looks) + texts
    nodes += _start_marker(model, laid, context, uses)
    if model.infield.arrows:
        nodes += infield.travel_arrows(oval, colors.ground, colors.ink)
    nodes += inner.nodes()
    if below and legend_h:
        top = laid.height + inner.band_mm - model.margin_mm * LEGEND_RISE
        nodes += legends.legend_nodes(below, model.margin_mm, top, legend_width,
                                      legend_h + model.margin_mm * LEGEND_RISE - LEGEND_GAP_MM,
                                      on_ground, colors.ground, LEGEND_TEXT_MM, uses,
                                      legend_columns(below, legend_width))
    scene = Scene(laid.width, height, tuple(nodes), symbols=pictograms.symbols(uses),
                  title=context.title)
    seams_x, seams_y = ovals.seams(oval, ovals.text_boxes(scene.children), height, avoid)
    x0, y0, x1, y1 = bounds(tuple(finish)) or (0.0, 0.0, 0.0, 0.0)
    keep_out = (((x0, y0, x1 - x0, y1 - y0),) if finish else ()) + tuple(
        slot.rect for slot in inner.slots)
    board = PrintedBoard(scene, seams_x, seams_y, keep_out=keep_out)
    data = board_json(model, laid, looks, fills, players, height)
    places = context.facts.get("places", ())
    if inner.slots:
        data["card_places"] = [{"deck": slot.deck, "pile": slot.pile, "use": slot.use,
                                "text": place.caption, "rect": [round(v, 3) for v in slot.rect]}
                               for place, slot in zip(places, inner.slots)]
    return Parts(board=board, board_json=data)


def infield_plan(model: OvalTrack, laid: Plan, context: Context,
                 entries: list[legends.Entry], uses: set) -> infield.InfieldPlan:
    """Where the oval's infield puts the title, the legend's panels and the game's card
    places (``context.facts["places"]``), in the kit's words."""
    words, colors = context.words, model.colors
    places = list(context.facts.get("places", ()))
    title = ((context.title, words.get("subtitle", ""), colors.ink)
             if model.infield.title else None)
    legend = None
    if model.infield.legend and entries:
        heading = words.get("legend.title")

        def panel(width: float, scale: float, part: slice, titled: bool, name: str):
            return legends.panel(entries[part], width, colors.ink, colors.edge,
                                 heading if titled else None, scale, name, words.lang, uses)

        legend = infield.Legend(len(entries), panel)
    if title is None and legend is None and not places:
        return infield.InfieldPlan((), ())
    return infield.plan(laid.oval, title, legend, places)


def legend_columns(entries: list[legends.Entry], width: float, even: bool = False) -> int:
    """The legend's columns: as many as the board's width gives room (one per 70 mm), fewer
    only where its entries would stand over 90 mm deep; side by side, its columns leave the
    board's middle free for a page seam more often than one long line would. ``even``: an
    even count where there are two or more, so that the board's middle, where a board two
    pages wide is cut, falls between two columns."""
    count = min(len(entries), max(1, int(width // 70)))
    if even and count > 2 and count % 2:
        count -= 1
    while count > 1 and legends.needed_height(entries, width, LEGEND_TEXT_MM, count) >= 90:
        count -= 2 if even and count > 2 else 1
    return max(1, count)


def legend_height(entries: list[legends.Entry], width: float, columns: int | None = None,
                  gutter: float = legends.GAP_MM) -> float:
    """How much the board grows below the track for the legend (none without entries), in
    ``columns`` columns (by default ``legend_columns``), ``gutter`` mm apart in the middle
    where their count is even."""
    if not entries or width <= 0:
        return 0.0
    columns = columns or legend_columns(entries, width)
    narrower = gutter - legends.GAP_MM if columns % 2 == 0 else 0.0
    return legends.needed_height(entries, width - narrower, LEGEND_TEXT_MM, columns) \
        + LEGEND_GAP_MM


def _fill(model, laid: Plan, space: tracks.Space, look: Look | None,
          players: tuple[Player, ...]) -> str:
    colors = model.colors
    if look is not None and look.fill:
        return look.fill
    if space.player is not None and players and space.branch in ("home", "base"):
        player = players[(space.player - 1) % len(players)]
        return mix(player.color, "#ffffff", 0.55 if space.branch == "home" else 0.3)
    entering = [p for p, entry in laid.track.entries.items() if entry == space.id]
    if entering and players:
        return players[(entering[0] - 1) % len(players)].color
    if colors.alternate and space.branch == "main":
        if laid.grid is not None and space.cell is not None:
            odd = (space.cell[0] + space.cell[1]) % 2
        else:
            odd = space.number % 2
        return colors.alternate if odd else colors.plain
    return colors.plain


def _spaces(model, laid: Plan, fills: Mapping[str, str]) -> list[Node]:
    """Every space in its colour with its edge (cells: one grid of edges over all of them)."""
    colors = model.colors
    nodes: list[Node] = []
    if laid.grid is not None:
        s = model.space_mm
        for space in laid.track.spaces:
            x, y = laid.grid.origin(space.cell)
            nodes.append(Rect(x, y, s, s, Style(fill=fills[space.id])))
        commands: list[tuple] = []
        for space in laid.track.spaces:
            x, y = laid.grid.origin(space.cell)
            commands += [("M", x, y), ("L", x + s, y), ("L", x + s, y + s), ("L", x, y + s),
                         ("Z",)]
        nodes.append(Path(tuple(commands), Style(stroke=colors.edge, stroke_mm=0.5)))
        return nodes
    edge = Style(stroke=colors.edge, stroke_mm=0.5)
    for space in laid.track.spaces:
        shape = laid.shapes[space.id]
        nodes.append(Path(shape.outline_commands(), Style(fill=fills[space.id])))
    for space in laid.track.spaces:
        nodes.append(Path(laid.shapes[space.id].outline_commands(), edge))
    return nodes


def _ground_cells(model, laid: Plan) -> list[Node]:
    """The board's own cells of a drawn path (``.`` in its map), faintly ruled."""
    if laid.grid is None or not laid.cells:
        return []
    s, line = model.space_mm, mix(model.colors.ground, model.colors.edge, 0.18)
    return [Rect(*laid.grid.origin(c), s, s, Style(stroke=line, stroke_mm=0.25)) for c in laid.cells]


def _decorations(model, laid: Plan) -> list[Node]:
    """An oval's lane lines and outer edges; a spiral's band edges."""
    colors = model.colors
    if laid.oval is not None:
        oval = laid.oval
        lines = [Path(oval.edge_commands(offset), Style(stroke=colors.edge, stroke_mm=0.35,
                                                        dash=(2.0, 1.5)))
                 for offset in oval.lane_offsets()]
        return lines
    return []


def _links(model, laid: Plan, looks: Mapping[str, Look]) -> list[Node]:
    """Ladders, snakes and arrows from each jumping space to its target."""
    nodes: list[Node] = []
    width = model.space_mm
    by_number = {space.number: space.id for space in laid.track.main}
    for space in laid.track.main:
        look = looks.get(space.id)
        if look is None or look.effect is None or look.effect.kind != "jump" or \
                look.link == "none" or look.effect.to not in by_number:
            continue
        start = laid.shapes[space.id].center
        end = laid.shapes[by_number[look.effect.to]].center
        if look.link == "ladder":
            nodes += ladder_link(start, end, width * 0.34, model.colors.edge)
        elif look.link == "snake":
            nodes += snake_link(start, end, width * 0.2, seed=space.number)
        else:
            nodes += arrow_link(start, end, width * 0.08, model.colors.ink)
    return nodes


def _start_marker(model, laid: Plan, context: Context, uses: set) -> list[Node]:
    """A start arrow and word beside space 1, off the track, when pieces start off the board:
    just before it along the track, or else beside it, wherever no space and no edge is."""
    word = context.facts.get("start")
    if not word or not laid.track.main:
        return []
    first = laid.shapes[laid.track.main[0].id]
    size = min(model.space_mm * 0.55, 14.0)
    others = [laid.shapes[s.id] for s in laid.track.spaces]
    p0, p1 = first.point(0.0), first.point(0.2)
    back = (p0[0] - p1[0], p0[1] - p1[1])
    norm = math.hypot(*back) or 1.0
    back = (back[0] / norm, back[1] / norm)
    side = (-back[1], back[0])
    hw = first.half_width
    spots = [(p0[0] + back[0] * k * size, p0[1] + back[1] * k * size) for k in (0.8, 1.1, 1.5)]
    centre = first.center
    spots += [(centre[0] + sign * side[0] * (hw + k * size), centre[1] + sign * side[1] * (hw + k * size))
              for k in (0.8, 1.1) for sign in (1, -1)]
    ink = ink_on(model.colors.ground, dark=model.colors.ink)
    text_size = fonts.fit_size(word, size * 2.4, size * 0.42, "bold")
    text_w = fonts.text_width(word, text_size, "bold")
    for cx, cy in spots:
        reach = max(size / 2, text_w / 2) + 1.0
        if not (reach < cx < laid.width - reach and size * 0.6 < cy < laid.height - size * 0.9):
            continue
        probes = [(cx + dx * reach, cy + dy * size * 0.75) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if any(shape.contains(p) for shape in others for p in probes):
            continue
        uses.add(("start", ink, model.colors.ground))
        return [pictograms.use("start", cx, cy - size * 0.2, size * 0.8, ink, model.colors.ground),
                centred(cx, cy + size * 0.55, word, text_size, font="bold", fill=ink)]
    return []


def seams(model, laid: Plan, height: float, texts: list[Node]
          ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Cell edges for a cell track, else a fine grid of lines; none through any text but
    that of the blocks that move out of a seam's way (``Group.shifts``)."""
    texts = [line for node in texts for line in
             (node.children if isinstance(node, Group) and not node.shifts else (node,))]
    boxes = [text_box(node, SEAM_CLEARANCE_MM) for node in texts if isinstance(node, Text)
             and not node.rotate]
    spans_x = [(b[0], 0, b[2] - b[0], 0) for b in boxes]
    spans_y = [(0, b[1], 0, b[3] - b[1]) for b in boxes]
    if laid.grid is not None:
        xs = laid.grid.edges_x(laid.columns)
        ys = laid.grid.edges_y(laid.rows)
        return (free_lines(xs, spans_x, 0), free_lines(ys, spans_y, 1))
    xs = tuple(grid_lines(laid.width, SEAM_STEP_MM))
    ys = tuple(grid_lines(height, SEAM_STEP_MM))
    words = [text_box(node, 0.0) for node in texts if isinstance(node, Text) and not node.rotate]
    return (fewest_words(xs, spans_x, [(b[0], 0, b[2] - b[0], 0) for b in words], 0),
            fewest_words(ys, spans_y, [(0, b[1], 0, b[3] - b[1]) for b in words], 1))


def fewest_words(lines: tuple[float, ...], kept: list, words: list, axis: int
                 ) -> tuple[float, ...]:
    """The lines clear of the ``kept`` boxes (words with their clearance), and where none
    is within SEAM_REACH_MM, those of the lines there that cross the fewest ``words``: a
    spiral leaves no free line across its middle, which pages of A4 or Letter must cut, and
    a seam there then cuts one word, not three."""
    free = free_lines(lines, kept, axis)
    crossed = {v: sum(1 for b in words if b[axis] + 1e-6 < v < b[axis] + b[axis + 2] - 1e-6)
               for v in lines}
    least = [v for v in lines if v not in free
             and not any(abs(w - v) <= SEAM_REACH_MM for w in free)
             and crossed[v] == min(crossed[w] for w in lines if abs(w - v) <= SEAM_REACH_MM)]
    return tuple(sorted(free + tuple(least)))


# ---- board.json ---------------------------------------------------------------------------


def board_json(model, laid: Plan, looks: Mapping[str, Look], fills: Mapping[str, str],
               players: tuple[Player, ...], height: float) -> dict:
    """Every space with its number, what follows it, its kind, effect, centre and outline."""
    spaces = []
    for space in laid.track.spaces:
        look = looks.get(space.id, Look())
        shape = laid.shapes[space.id]
        entry: dict[str, Any] = {
            "id": space.id,
            "number": space.number,
            "kind": look.kind,
            "tags": list(look.tags) + ([space.branch] if space.branch != "main" else []),
            "center": _point(shape.center),
            "color": fills[space.id],
            "next": list(space.next),
        }
        if look.label:
            entry["label"] = look.label
        if look.effect is not None:
            entry["effect"] = look.effect.as_json()
        if space.player is not None:
            entry["player"] = space.player
        if laid.grid is not None:
            entry["size"] = [model.space_mm, model.space_mm]
        else:
            entry["outline"] = [_point(p) for p in shape.outline_points()]
        if laid.oval is not None:
            entry["shape"] = shape.kind   # straight or bend
            entry["length_mm"] = round(shape.length, 3)
        spaces.append(entry)
    track: dict[str, Any] = {"shape": model.shape, "spaces": laid.length,
                             "space_mm": model.space_mm, "loop": laid.track.loop}
    if laid.oval is not None:
        track.update(_oval_json(laid.oval))
    if laid.track.entries:
        track["entries"] = {str(p): s for p, s in laid.track.entries.items()}
        track["homes"] = {str(p): list(s) for p, s in laid.track.homes.items()}
        track["bases"] = {str(p): list(s) for p, s in laid.track.bases.items()}
    return {"track": track, "spaces": spaces,
            "players": [{"number": p.number, "color": p.color, "mark": p.mark,
                         **({"start": laid.track.entries[p.number]}
                            if p.number in laid.track.entries else {})} for p in players]}


def _oval_json(oval: Oval) -> dict[str, Any]:
    """An oval's measures: direction, lanes, straights and bends, the start/finish line."""
    (xl, cy), (xr, _) = oval.centres
    return {"direction": "clockwise" if oval.clockwise else "anticlockwise",
            "lanes": oval.lanes, "lane_mm": oval.lane_mm, "straight_spaces": oval.straight,
            "bend_spaces": list(oval.bend_spaces),
            "straight_mm": round(oval.straight_length, 3),
            "bend_radius_mm": round(oval.radius, 3),
            "bend_centers": [_point((xl, cy)), _point((xr, cy))],
            "finish_line": [_point(p) for p in oval.finish_line()]}


def _point(p) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]


def summary(model, name: str, context: Context) -> list[Summary]:
    """The board, for the rules' list of components."""
    return [Summary(1, context.words("part.track.summary", spaces=track_length(model)))]
