"""Course boards: a grid board drawn from an ASCII map (the Steeple Chess course).

Beyond the grid board's cells by kind and walls, a course knows what a race over it needs:

- ``track``: the kinds that make the course proper, outlined with the goal and the areas;
- ``areas``: kinds drawn whole, one rounded space per kind (a start space), in the area's
  colour, with a mark in its corner and a picture facing the course;
- ``goal``: the kind beyond the finish line, which runs as a chequered strip where the goal
  meets the track, the finish word in each goal cell; a start line, a white bar with the
  start word, runs where an area meets the track;
- ``arrows``: map characters that put a bold arrow beside their cell, off the course,
  pointing north, east, south or west (the Steeple Chess arrow zone);
- ``patterns``: kinds whose cells carry a hatch or dots besides their colour, so they stay
  apart from the others in greyscale (the corner areas, the arrow zone).

Coordinates are small names near the paper's edge. Every part draws a window of the map
too (the rule figures show pieces of a course), and a game adds its own artwork as an
overlay, keeping the page seams clear of the boxes it names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Literal, Mapping

from pydantic import Field

from boardgen import fonts
from boardgen.components import grid_board
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.patterns import Pattern, pattern_nodes
from boardgen.geometry.cells import DIRECTION_NAMES, ORTHOGONAL, Grid, offset
from boardgen.geometry.naming import Cell
from boardgen.geometry.place import Box, GridPlacement
from boardgen.layout import Color
from boardgen.marks import mark_node
from boardgen.product import Board
from boardgen.scene import (Group, Line, Node, Polygon, Rect, Scene, Style, Text, Use, ink_on,
                            scale, translate)
from boardgen.scene import compose as chain

NAME = "course"
Direction = Literal["north", "east", "south", "west"]
STEP_OF = {name: step for step, name in DIRECTION_NAMES.items()}
START_BAR = 0.2   # the start line's width, in cells
LINE_INK = "#111111"  # the finish line's chequer
ANGLE = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


class Colors(grid_board.Colors):
    wall: Color = Field("#3a2a1c", description="walls between cells")
    arrow: Color = Field("#111111", description="the arrows beside the course")


class Model(grid_board.Model):
    """A course drawn as an ASCII map."""

    type: Literal["course"] = Field(description="a course drawn as an ASCII map")  # type: ignore
    map: str = Field(max_length=20_000, description="the course, a character per cell; walls as "
                                                    "'|' and lines of '-'")  # type: ignore
    fill: Literal["chequer", "kinds"] = Field("kinds", description="by kind, or a chequer")
    naming: grid_board.Scheme = Field("chess", description="chess (a1), spreadsheet (A1) or "
                                                           "numbered")
    track: list[str] = Field(default_factory=list, description="the kinds of the course proper")
    areas: dict[str, Color] = Field(default_factory=dict, description="kind → colour of a "
                                    "space drawn whole (a start space)")
    goal: str | None = Field(None, description="the kind beyond the finish line")
    arrows: dict[str, Direction] = Field(default_factory=dict, description="map character → "
                                         "the way the arrow beside its cell points")
    wall_mm: float | None = Field(None, gt=0, le=20, description="walls' width (default: "
                                                                 "0.11 of a cell)")
    patterns: dict[str, Pattern] = Field(default_factory=dict, description="kind → a pattern "
                                         "over its cells (hatch or dots), so kinds stay apart "
                                         "where their colours would not (in greyscale)")
    colors: Colors = Field(default_factory=Colors)  # type: ignore


@dataclass(frozen=True)
class AreaLook:
    """What an area shows besides its colour: a mark in its corner (``boardgen.marks``) and
    a picture (a symbol drawn in a 100-unit box) that faces the course."""

    mark: str | None = None
    picture: str | None = None


@dataclass(frozen=True)
class Words:
    """The words a course prints: across the start line and in the goal."""

    start: str = ""
    finish: str = ""


def grid(model: Model) -> Grid:
    return grid_board.grid(model)


def placement(model: Model) -> GridPlacement:
    return grid_board.placement(model)


# ---- what the kinds mean --------------------------------------------------------------------


def track_cells(model: Model, cells: Grid) -> frozenset[Cell]:
    return cells.of_kind(*model.track)


def region(model: Model, cells: Grid) -> frozenset[Cell]:
    """The cells the course's outline runs round: track, goal and areas."""
    return cells.of_kind(*model.track, *([model.goal] if model.goal else []), *model.areas)


def start_line(model: Model, cells: Grid) -> list[tuple[Cell, Cell]]:
    """(area cell, track cell) along every start line, area by area."""
    track = track_cells(model, cells)
    return [edge for kind in model.areas
            for edge in cells.crossings(sorted(cells.of_kind(kind)), track)]


def finish_line(model: Model, cells: Grid) -> list[tuple[Cell, Cell]]:
    """(track cell, goal cell) along the finish line."""
    if not model.goal:
        return []
    return sorted((b, a) for a, b in cells.crossings(cells.of_kind(model.goal),
                                                     track_cells(model, cells)))


def arrows(model: Model, cells: Grid) -> list[tuple[Cell, Cell]]:
    """(cell, step) of every arrow the map draws, in reading order."""
    return [(c, STEP_OF[model.arrows[cells.char(c)]]) for c in cells.cells
            if cells.char(c) in model.arrows]


# ---- the board ------------------------------------------------------------------------------


def compose(model: Model, name: str, context: Context) -> Parts:
    """The board; ``context.facts`` may give the ``words`` (:class:`Words`), ``looks``
    (kind → :class:`AreaLook`), ``overlay`` nodes with their ``symbols``, ``keep_whole``
    (boxes no page seam may cross besides the areas) and ``keep_out`` (boxes no page edge
    may cut)."""
    cells, place = grid(model), placement(model)
    facts = context.facts
    width, height = grid_board.board_size(model, cells)
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=model.colors.border))]
    nodes += course_nodes(model, cells, place, words=facts.get("words", Words()),
                          looks=facts.get("looks", {}))
    nodes += coordinates(model, cells, place)
    nodes += facts.get("overlay", ())
    scene = Scene(width, height, tuple(nodes), symbols=dict(facts.get("symbols", {})),
                  title=context.title)
    whole = [place.bounds(cells.of_kind(kind)) for kind in model.areas
             if cells.of_kind(kind)] + list(facts.get("keep_whole", ()))
    seams_x, seams_y = place.seams(cells.width, cells.height, whole)
    board = Board(scene, seams_x, seams_y, keep_out=tuple(facts.get("keep_out", ())))
    return Parts(board=board, board_json=board_json(model, cells, place))


def course_nodes(model: Model, cells: Grid, place: GridPlacement,
                 window: Iterable[Cell] | None = None, words: Words = Words(),
                 looks: Mapping[str, AreaLook] | None = None,
                 border_mm: float | None = None) -> list[Node]:
    """Every cell of ``window`` (default: the whole map) with areas, outline, lines, walls and
    arrows; ``border_mm``: the margin the arrows may stand in (default: the model's)."""
    shown = frozenset(cells.cells if window is None else window)
    looks = looks or {}
    border = model.border_mm if border_mm is None else border_mm
    nodes = grid_board.cell_nodes(model, cells, place, shown, skip=model.areas)
    nodes += cell_patterns(model, cells, place, shown)
    nodes += _areas(model, cells, place, shown, looks)
    if words.finish and model.goal:
        nodes += _goal_words(model, cells, place, shown, words.finish)
    nodes += _outline(model, cells, place, shown)
    nodes += _finish_line(model, cells, place, shown)
    nodes += _start_line(model, cells, place, shown, words.start)
    nodes += grid_board.wall_lines(cells, place, model.colors.wall,
                                   model.wall_mm or place.cell_mm * 0.11, shown)
    nodes += [arrow_polygon(cx, cy, length, h, ANGLE[step], model.colors.arrow)
              for cell, step, cx, cy, length, h in arrow_places(model, cells, place, border)
              if cell in shown]
    return nodes


def cell_patterns(model: Model, cells: Grid, place: GridPlacement,
                  shown: Iterable[Cell] | None = None) -> list[Node]:
    """The pattern of its kind over every cell (of ``shown``) whose kind has one."""
    if not model.patterns:
        return []
    chosen = set(cells.cells if shown is None else shown)
    return [node for cell in cells.cells if cell in chosen and cells.kind(cell) in model.patterns
            for node in pattern_nodes(model.patterns[cells.kind(cell)], place.box(cell),
                                      grid_board.cell_fill(model, cells, cell))]


def coordinates(model: Model, cells: Grid, place: GridPlacement) -> list[Node]:
    """Cell names along the edges, small and near the paper's edge."""
    if not model.coordinates or model.border_mm <= 0 or cells.naming.scheme == "numbered":
        return []
    border = model.border_mm
    return grid_board.coordinate_nodes(cells, place, model.coordinates,
                                       min(border * 0.2, place.cell_mm * 0.14),
                                       border - border * 0.26, model.colors.text)


def _side_line(place: GridPlacement, cell: Cell, step: Cell) -> tuple[float, float, float, float]:
    """The edge of a cell on the side ``step`` points to."""
    x, y = place.origin(cell)
    sq = place.cell_mm
    return {(0, -1): (x, y, x + sq, y), (0, 1): (x, y + sq, x + sq, y + sq),
            (-1, 0): (x, y, x, y + sq), (1, 0): (x + sq, y, x + sq, y + sq)}[step]


def _areas(model: Model, cells: Grid, place: GridPlacement, shown: frozenset[Cell],
           looks: Mapping[str, AreaLook]) -> list[Node]:
    """One large rounded space per area, its mark in the corner, its picture behind its line
    facing the course."""
    nodes: list[Node] = []
    sq, inset = place.cell_mm, place.cell_mm * 0.05
    for kind, fill in model.areas.items():
        area = cells.of_kind(kind) & shown
        if not area:
            continue
        x, y, w, h = place.bounds(area)
        style = Style(fill=fill, stroke=model.colors.frame, stroke_mm=0.5)
        if len(area) == round(w / sq) * round(h / sq):
            nodes.append(Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, style,
                              rx=sq * 0.12))
        else:
            nodes += [Rect(*place.origin(c), sq, sq, style) for c in sorted(area)]
        look = looks.get(kind, AreaLook())
        if look.mark:
            nodes.append(mark_node(look.mark, x + sq * 0.3, y + sq * 0.3, sq * 0.28,
                                   ink_on(fill, dark=model.colors.text), fill))
        if look.picture:
            nodes.append(_picture(model, cells, place, kind, look.picture, (x, y, w, h)))
    return nodes


def _picture(model: Model, cells: Grid, place: GridPlacement, kind: str, symbol: str,
             box: Box) -> Node:
    """An area's picture in its box less the start line's strip, turned to look along the
    way out of the area when that way is to the right."""
    track = track_cells(model, cells)
    steps = {d for c in cells.of_kind(kind) for d in cells.steps_into(c, track)}
    x, y, w, h = box
    bar = place.cell_mm * START_BAR
    if (1, 0) in steps:
        w -= bar
    if (-1, 0) in steps:
        x, w = x + bar, w - bar
    if (0, 1) in steps:
        h -= bar
    if (0, -1) in steps:
        y, h = y + bar, h - bar
    size = min(w, h) * 0.85
    node: Node = Use(symbol, chain(translate(x + (w - size) / 2, y + (h - size) / 2),
                                   scale(size / 100)))
    if (1, 0) in steps:
        node = Group((node,), chain(translate(2 * x + w, 0), scale(-1, 1)))
    return node


def _goal_words(model: Model, cells: Grid, place: GridPlacement, shown: frozenset[Cell],
                word: str) -> list[Node]:
    """The finish word in each goal cell, running along the finish line."""
    track = track_cells(model, cells)
    nodes: list[Node] = []
    for cell in sorted(cells.of_kind(model.goal) & shown):
        steps = [d for d in ORTHOGONAL if offset(cell, d) in track]
        across = steps[0] if steps else (1, 0)
        cx, cy = place.centre(cell)
        size = fonts.fit_size(word, place.cell_mm * 0.86, place.cell_mm * 0.22, "bold")
        turn = -90 if across[1] == 0 else 0
        nodes.append(Text(cx + (size * 0.35 if turn else 0), cy + (0 if turn else size * 0.35),
                          word, size, font="bold", anchor="middle", fill=model.colors.text,
                          rotate=turn))
    return nodes


def _outline(model: Model, cells: Grid, place: GridPlacement,
             shown: frozenset[Cell]) -> list[Node]:
    """The line round the course, goal and areas."""
    inside = region(model, cells)
    style = Style(stroke=model.colors.frame, stroke_mm=0.7, cap="square")
    return [Line(*_side_line(place, cell, d), style)
            for cell in sorted(inside & shown) for d in ORTHOGONAL
            if offset(cell, d) not in inside]


def _finish_line(model: Model, cells: Grid, place: GridPlacement,
                 shown: frozenset[Cell]) -> list[Node]:
    """A chequered-flag strip on the goal side of each finish edge."""
    nodes: list[Node] = []
    n, sq = 8, place.cell_mm
    check = sq / n
    for square, goal in finish_line(model, cells):
        if goal not in shown:
            continue
        step = (square[0] - goal[0], square[1] - goal[1])  # from the goal towards the course
        gx, gy = place.origin(goal)
        for i in range(n):
            for j in range(2):
                if (i + j) % 2:
                    continue
                depth = sq - (j + 1) * check if step in ((1, 0), (0, 1)) else j * check
                x, y = (gx + depth, gy + i * check) if step[1] == 0 else (gx + i * check, gy + depth)
                nodes.append(Rect(x, y, check, check, Style(fill=LINE_INK)))
        x1, y1, _, _ = _side_line(place, goal, step)
        inner = 2 * check
        sign = -1 if step in ((1, 0), (0, 1)) else 1
        box = ((min(x1, x1 + sign * inner), y1, inner, sq) if step[1] == 0
               else (x1, min(y1, y1 + sign * inner), sq, inner))
        nodes.append(Rect(*box, Style(stroke=LINE_INK, stroke_mm=0.3)))
    return nodes


def _start_line(model: Model, cells: Grid, place: GridPlacement, shown: frozenset[Cell],
                word: str) -> list[Node]:
    """A broad white line just behind the track, the start word written in it."""
    nodes: list[Node] = []
    sq = place.cell_mm
    width = sq * START_BAR
    for start, square in start_line(model, cells):
        if start not in shown and square not in shown:
            continue
        step = (square[0] - start[0], square[1] - start[1])
        x1, y1, _, _ = _side_line(place, start, step)
        upright = step[1] == 0  # the line runs up the page
        back = width if sum(step) > 0 else 0.0  # the bar lies on the area's side
        box = (x1 - back, y1, width, sq) if upright else (x1, y1 - back, sq, width)
        nodes.append(Rect(*box, Style(fill="#ffffff", stroke=model.colors.frame, stroke_mm=0.4)))
        if word:
            size = fonts.fit_size(word, sq * 0.8, width * 0.62, "bold")
            cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
            if upright:
                nodes.append(Text(cx + size * 0.35, cy, word, size, font="bold",
                                  anchor="middle", fill=model.colors.text, rotate=-90))
            else:
                nodes.append(Text(cx, cy + size * 0.35, word, size, font="bold",
                                  anchor="middle", fill=model.colors.text))
    return nodes


def arrow_polygon(cx: float, cy: float, length: float, height: float, degrees: float,
                  fill: str) -> Polygon:
    """A bold arrow with a bar across its tail ("from here on"), centred on (cx, cy),
    pointing ``degrees`` clockwise from east."""
    head = min(length * 0.45, height * 1.1)
    shaft = height * 0.2
    bar = height * 0.16
    half = length / 2
    local = ((-half, -height / 2), (-half + bar, -height / 2), (-half + bar, -shaft),
             (half - head, -shaft), (half - head, -height / 2), (half, 0),
             (half - head, height / 2), (half - head, shaft), (-half + bar, shaft),
             (-half + bar, height / 2), (-half, height / 2))
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    points = tuple((round(cx + x * c - y * s, 4), round(cy + x * s + y * c, 4)) for x, y in local)
    return Polygon(points, Style(fill=fill))


def arrow_places(model: Model, cells: Grid, place: GridPlacement, border_mm: float | None
                 ) -> list[tuple[Cell, Cell, float, float, float, float]]:
    """Each arrow as (cell, direction, centre x, centre y, length, height) in mm."""
    found = []
    sq = place.cell_mm
    for cell, step in arrows(model, cells):
        side = cells.beside(cell, step, track_cells(model, cells))
        if side is None:
            continue
        outside = offset(cell, side)
        room = sq if cells.inside(outside) or border_mm is None else border_mm
        height = min(room * 0.5, sq * 0.32)
        gap = room * 0.1
        cx, cy = place.centre(cell)
        reach = sq / 2 + gap + height / 2
        length = sq * 0.84
        back = (sq - length) / 2  # the tail bar stands on the zone's edge
        found.append((cell, step, cx + side[0] * reach + step[0] * back,
                      cy + side[1] * reach + step[1] * back, length, height))
    return found


def arrow_boxes(model: Model, cells: Grid, place: GridPlacement,
                border_mm: float | None = None) -> list[Box]:
    """Where the arrows are drawn, so other artwork keeps clear of them."""
    border = model.border_mm if border_mm is None else border_mm
    boxes = []
    for _, step, cx, cy, length, height in arrow_places(model, cells, place, border):
        w, h = (length, height) if step[1] == 0 else (height, length)
        boxes.append((cx - w / 2, cy - h / 2, w, h))
    return boxes


# ---- board.json -----------------------------------------------------------------------------


def board_json(model: Model, cells: Grid, place: GridPlacement) -> dict:
    """The grid board's cells and walls, and the lines and arrows of the course."""
    return {**grid_board.board_json(model, cells, place), **lines_json(model, cells)}


def area_entry(model: Model, cells: Grid, place: GridPlacement, kind: str, id: str,
               role: str, tags: Iterable[str], **more) -> dict:
    """An area as board.json lists it, in the shape of a cell's entry (name, kind, tags,
    centre and size in mm, colour) with the names of the cells it covers."""
    area = cells.of_kind(kind)
    x, y, w, h = place.bounds(area)
    return {"id": id, "kind": role, "tags": list(tags),
            "center": [round(x + w / 2, 3), round(y + h / 2, 3)], "size": [w, h],
            "color": model.areas[kind], "cells": sorted(cells.name(c) for c in area), **more}


def lines_json(model: Model, cells: Grid) -> dict:
    """The start and finish lines, each a list of the cells they run between, and the arrows."""
    return {"start_line": [[cells.name(a), cells.name(b)] for a, b in start_line(model, cells)],
            "finish_line": [[cells.name(a), cells.name(b)] for a, b in finish_line(model, cells)],
            "arrows": [{"square": cells.name(c), "points": DIRECTION_NAMES[d]}
                       for c, d in arrows(model, cells)]}


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    return grid_board.summary(model, name, context)


__all__ = ["AreaLook", "Colors", "Model", "Words", "area_entry", "arrow_boxes", "arrow_places", "arrow_polygon",
           "board_json", "compose", "coordinates", "course_nodes", "finish_line", "grid",
           "lines_json",
           "placement", "start_line", "summary"]
