"""Drawing a course (or a window of it) from its map: squares, lines, walls, arrows."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from boardgen import fonts, pieces
from boardgen.games.steeple_chess.course import (BLACK, CORNER, ORTHOGONAL, START_COLOURS,
                                                 ZONE_CHARS, Cell, Course, Step, offset)
from boardgen.games.steeple_chess.model import Colors, player_mark
from boardgen.marks import mark_node
from boardgen.scene import (Group, Line, Node, Polygon, Rect, Style, Text, Use, compose, ink_on,
                            scale, translate)

Box = tuple[float, float, float, float]  # x, y, w, h in mm


@dataclass(frozen=True)
class Grid:
    """Where squares land on paper: their size and the top-left corner of square (0, 0)."""

    sq: float
    x0: float
    y0: float

    def at(self, cell: Cell) -> tuple[float, float]:
        return self.x0 + cell[0] * self.sq, self.y0 + cell[1] * self.sq

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self.at(cell)
        return x + self.sq / 2, y + self.sq / 2

    def box(self, cells: Iterable[Cell]) -> Box:
        cells = list(cells)
        cols = [c for c, _ in cells]
        rows = [r for _, r in cells]
        x, y = self.at((min(cols), min(rows)))
        return x, y, (max(cols) - min(cols) + 1) * self.sq, (max(rows) - min(rows) + 1) * self.sq


def square_fill(course: Course, colors: Colors, cell: Cell) -> str | None:
    """The colour of one square: a chequer tinted by area, black, goal, or none."""
    kind = course.char(cell)
    dark = (cell[0] + course.height - 1 - cell[1]) % 2 == 0  # a1 is dark, as in chess
    if kind == BLACK:
        return colors.black
    if kind == CORNER:
        return colors.corner_dark if dark else colors.corner_light
    if kind in ZONE_CHARS:
        return colors.zone_dark if dark else colors.zone_light
    if cell in course.course:
        return colors.dark if dark else colors.light
    if cell in course.goal:
        return colors.goal
    if cell in course.centre:
        return colors.infield
    return None


# ---- the course, drawn ------------------------------------------------------------


def course_nodes(course: Course, colors: Colors, grid: Grid, window: Iterable[Cell] | None = None,
                 finish_label: str = "", start_label: str = "", border_mm: float | None = None,
                 horses: bool = True) -> list[Node]:
    """Every square of ``window`` (default: the whole map) with lines, walls and arrows."""
    shown = frozenset(course.cells if window is None else window)
    sq = grid.sq
    nodes: list[Node] = []
    for cell in sorted(shown, key=lambda c: (c[1], c[0])):
        fill = square_fill(course, colors, cell)
        if fill:
            x, y = grid.at(cell)
            nodes.append(Rect(x, y, sq, sq, Style(fill=fill)))
    nodes += _start_spaces(course, colors, grid, shown, horses)
    if finish_label:
        nodes += _goal_labels(course, colors, grid, shown, finish_label)
    nodes += _frame(course, colors, grid, shown)
    nodes += _finish_line(course, grid, shown)
    nodes += _start_line(course, colors, grid, shown, start_label)
    nodes += _walls(course, colors, grid, shown)
    nodes += _arrows(course, colors, grid, shown, border_mm)
    return nodes


START_BAR = 0.2  # width of the start line, in squares


def _start_spaces(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell],
                  horses: bool) -> list[Node]:
    """One large rounded space per colour with a horse's head, the start line at its front."""
    nodes: list[Node] = []
    inset = grid.sq * 0.05
    for letter in START_COLOURS:
        cells = course.start[letter] & shown
        if not cells:
            continue
        x, y, w, h = grid.box(cells)
        rectangular = len(cells) == round(w / grid.sq) * round(h / grid.sq)
        style = Style(fill=colors.player(letter), stroke=colors.frame, stroke_mm=0.5)
        if rectangular:
            nodes.append(Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, style,
                              rx=grid.sq * 0.12))
        else:
            nodes += [Rect(*grid.at(c), grid.sq, grid.sq, style) for c in sorted(cells)]
        nodes.append(_start_mark(letter, colors, grid, (x, y, w, h)))
        if not horses:
            continue
        x, y, w, h = _behind_line(course, letter, grid, (x, y, w, h))
        size = min(w, h) * 0.85
        horse = glyph("N", "white", x + (w - size) / 2, y + (h - size) / 2, size)
        if (1, 0) in _line_steps(course, letter):  # the horse looks the way the race starts
            horse = Group((horse,), compose(translate(2 * x + w, 0), scale(-1, 1)))
        nodes.append(horse)
    return nodes


def _start_mark(letter: str, colors: Colors, grid: Grid, box: Box) -> Node:
    """The colour's mark in the start space's top-left corner, as on its pieces."""
    x, y, _, _ = box
    size = grid.sq * 0.28
    fill = colors.player(letter)
    return mark_node(player_mark(letter), x + grid.sq * 0.3, y + grid.sq * 0.3, size,
                     ink_on(fill, dark=colors.text), fill)


def _line_steps(course: Course, letter: str) -> set:
    return {d for cell in course.entries[letter] for d in course.start_line_steps(cell)}


def _behind_line(course: Course, letter: str, grid: Grid, box: Box) -> Box:
    """A start space's box without the strip the start line covers."""
    x, y, w, h = box
    bar = grid.sq * START_BAR
    steps = _line_steps(course, letter)
    if (1, 0) in steps:
        w -= bar
    if (-1, 0) in steps:
        x, w = x + bar, w - bar
    if (0, 1) in steps:
        h -= bar
    if (0, -1) in steps:
        y, h = y + bar, h - bar
    return x, y, w, h


def _goal_labels(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell],
                 label: str) -> list[Node]:
    """The finish word in each goal square, running along the finish line."""
    nodes: list[Node] = []
    for cell in sorted(course.goal & shown):
        steps = [d for d in ORTHOGONAL if offset(cell, d) in course.course]
        across = steps[0] if steps else (1, 0)
        cx, cy = grid.centre(cell)
        size = fonts.fit_size(label, grid.sq * 0.86, grid.sq * 0.22, "bold")
        turn = -90 if across[1] == 0 else 0
        nodes.append(Text(cx + (size * 0.35 if turn else 0), cy + (0 if turn else size * 0.35),
                          label, size, font="bold", anchor="middle", fill=colors.text,
                          rotate=turn))
    return nodes


def _region(course: Course) -> frozenset[Cell]:
    return course.course | course.goal | frozenset().union(*course.start.values())


def _side_line(grid: Grid, cell: Cell, step) -> tuple[float, float, float, float]:
    """The edge of a square on the side ``step`` points to."""
    x, y = grid.at(cell)
    sq = grid.sq
    return {
        (0, -1): (x, y, x + sq, y),
        (0, 1): (x, y + sq, x + sq, y + sq),
        (-1, 0): (x, y, x, y + sq),
        (1, 0): (x + sq, y, x + sq, y + sq),
    }[step]


def _frame(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell]) -> list[Node]:
    """The outline of the course, goal and start spaces."""
    region = _region(course)
    style = Style(stroke=colors.frame, stroke_mm=0.7, cap="square")
    return [Line(*_side_line(grid, cell, d), style)
            for cell in sorted(region & shown) for d in ORTHOGONAL
            if offset(cell, d) not in region]


def _finish_line(course: Course, grid: Grid, shown: frozenset[Cell]) -> list[Node]:
    """A chequered-flag strip on the goal side of each finish edge."""
    nodes: list[Node] = []
    n = 8
    check = grid.sq / n
    for square, goal in course.finish_line:
        if goal not in shown:
            continue
        step = (square[0] - goal[0], square[1] - goal[1])  # from the goal towards the course
        gx, gy = grid.at(goal)
        for i in range(n):
            for j in range(2):
                if (i + j) % 2:
                    continue
                depth = grid.sq - (j + 1) * check if step in ((1, 0), (0, 1)) else j * check
                x, y = (gx + depth, gy + i * check) if step[1] == 0 else (gx + i * check, gy + depth)
                nodes.append(Rect(x, y, check, check, Style(fill="#111111")))
        x1, y1, x2, y2 = _side_line(grid, goal, step)
        inner = 2 * check
        sign = -1 if step in ((1, 0), (0, 1)) else 1
        if step[1] == 0:
            nodes.append(Rect(min(x1, x1 + sign * inner), y1, inner, grid.sq,
                              Style(stroke="#111111", stroke_mm=0.3)))
        else:
            nodes.append(Rect(x1, min(y1, y1 + sign * inner), grid.sq, inner,
                              Style(stroke="#111111", stroke_mm=0.3)))
    return nodes


def _start_line(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell],
                label: str) -> list[Node]:
    """A broad white line just behind the course, the start word written in it."""
    nodes: list[Node] = []
    width = grid.sq * START_BAR
    for start, square in course.start_line:
        if start not in shown and square not in shown:
            continue
        step = (square[0] - start[0], square[1] - start[1])
        x1, y1, x2, y2 = _side_line(grid, start, step)
        upright = step[1] == 0  # the line runs up the page
        back = width if sum(step) > 0 else 0.0  # the bar lies on the start space's side
        if upright:
            box = (x1 - back, y1, width, grid.sq)
        else:
            box = (x1, y1 - back, grid.sq, width)
        nodes.append(Rect(*box, Style(fill="#ffffff", stroke=colors.frame, stroke_mm=0.4)))
        if label:
            size = fonts.fit_size(label, grid.sq * 0.8, width * 0.62, "bold")
            cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
            if upright:
                nodes.append(Text(cx + size * 0.35, cy, label, size, font="bold", anchor="middle",
                                  fill=colors.text, rotate=-90))
            else:
                nodes.append(Text(cx, cy + size * 0.35, label, size, font="bold", anchor="middle",
                                  fill=colors.text))
    return nodes


def _walls(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell]) -> list[Node]:
    style = Style(stroke=colors.wall, stroke_mm=grid.sq * 0.11, cap="round")
    nodes: list[Node] = []
    for a, b in sorted(course.walls):
        if a in shown or b in shown:
            nodes.append(Line(*_side_line(grid, a, (b[0] - a[0], b[1] - a[1])), style))
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


ANGLE = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


def arrow_places(course: Course, grid: Grid,
                 border_mm: float | None) -> list[tuple[Cell, Step, float, float, float, float]]:
    """Each zone arrow as (cell, direction, centre x, centre y, length, height) in mm."""
    places = []
    for cell, step in course.arrows:
        side = course.arrow_side(cell, step)
        if side is None:
            continue
        outside = offset(cell, side)
        room = grid.sq if course.inside(outside) or border_mm is None else border_mm
        height = min(room * 0.5, grid.sq * 0.32)
        gap = room * 0.1
        cx, cy = grid.centre(cell)
        reach = grid.sq / 2 + gap + height / 2
        length = grid.sq * 0.84
        back = (grid.sq - length) / 2  # the tail bar stands on the zone's edge
        places.append((cell, step, cx + side[0] * reach + step[0] * back,
                       cy + side[1] * reach + step[1] * back, length, height))
    return places


def arrow_boxes(course: Course, grid: Grid, border_mm: float | None) -> list[Box]:
    """Where the zone arrows are drawn, so other artwork keeps clear of them."""
    boxes = []
    for _, step, cx, cy, length, height in arrow_places(course, grid, border_mm):
        w, h = (length, height) if step[1] == 0 else (height, length)
        boxes.append((cx - w / 2, cy - h / 2, w, h))
    return boxes


def _arrows(course: Course, colors: Colors, grid: Grid, shown: frozenset[Cell],
            border_mm: float | None) -> list[Node]:
    """The two black arrows marking the obstacle zone, beside the course edge."""
    return [arrow_polygon(cx, cy, length, height, ANGLE[step], colors.arrow)
            for cell, step, cx, cy, length, height in arrow_places(course, grid, border_mm)
            if cell in shown]


def glyph(letter: str, side: str, x: float, y: float, size: float) -> Use:
    return Use(pieces.piece_symbol_id(letter, side), compose(translate(x, y), scale(size / 100)))


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
