"""The board: the course, the title and die table in the centre, direction marks, board.json."""

from __future__ import annotations

from dataclasses import dataclass

from boardgen import fonts, pieces
from boardgen.games.steeple_chess.course import DIRECTION_NAMES, ORTHOGONAL, Cell, Course, offset
from boardgen.games.steeple_chess.drawing import (Box, Grid, arrow_boxes, course_nodes, glyph,
                                                  overlaps, square_fill)
from boardgen.games.steeple_chess.model import PLAYERS, Colors, Layout, board_size_mm, player_mark
from boardgen.games.steeple_chess.tokens import obstacle_nodes, token_nodes
from boardgen.i18n import Words, words_for
from boardgen.product import Board
from boardgen.scene import (Circle, Group, Line, Node, Polygon, Rect, Scene, Style, Text, compose,
                            scale, text_centered, translate)


@dataclass(frozen=True)
class Drawn:
    """Setup drawn on a course: the obstacle's squares and pieces (square → colour, number)."""

    obstacle: tuple[Cell, ...] = ()
    pieces: tuple[tuple[Cell, str, int], ...] = ()


# ---- the centre: title and die table ------------------------------------------------


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def die_face(x: float, y: float, size: float, value: int, colors: Colors) -> list[Node]:
    """An ordinary die face showing ``value`` pips."""
    nodes: list[Node] = [Rect(x, y, size, size, Style(fill="#ffffff", stroke=colors.frame,
                                                       stroke_mm=size * 0.04), rx=size * 0.18)]
    step = size * 0.28
    for col, row in PIPS[value]:
        nodes.append(Circle(x + size / 2 + (col - 1) * step, y + size / 2 + (row - 1) * step,
                            size * 0.09, Style(fill=colors.frame)))
    return nodes


CENTRE_WIDTH = 160.0
SEAM_GAP_MM = 3.0       # the centre's parts keep this far from a page seam between them
MIN_TABLE_SCALE = 0.6   # below this the die table is drawn whole, with no seam through it
MIN_CENTRE_SCALE = 0.35  # smaller than this the centre's words cannot be read: leave it plain
ROW_GAP_MM = 12.0       # between title and table when they stand side by side


def title_lines(layout: Layout, words: Words) -> tuple[list[Node], float]:
    """Title and subtitle at the nominal width; returns nodes and height."""
    colors, w = layout.colors, CENTRE_WIDTH
    title, subtitle = words("title"), words("subtitle")
    title_size = fonts.fit_size(title, w, 16.0, "bold")
    y = title_size * 0.75
    nodes: list[Node] = [Text(w / 2, y, title, title_size, font="bold", anchor="middle",
                              fill=colors.text)]
    if subtitle:
        y += 8.0
        sub = fonts.fit_size(subtitle, w, 5.0, "italic")
        nodes.append(Text(w / 2, y, subtitle, sub, font="italic", anchor="middle",
                          fill=colors.text))
        return nodes, y + sub * 0.25
    return nodes, y + title_size * 0.25


def table_heading(layout: Layout, words: Words) -> tuple[list[Node], float]:
    """The line above the die table, its baseline at its height less the descent."""
    heading = words("table")
    size = fonts.fit_size(heading, CENTRE_WIDTH, 5.6)
    return ([Text(CENTRE_WIDTH / 2, size * 0.8, heading, size, anchor="middle",
                  fill=layout.colors.text)], size * 1.05)


def die_table(layout: Layout, words: Words) -> tuple[list[Node], float]:
    """The d6 → chess piece table in its panel, at the nominal width; nodes and height."""
    colors, w = layout.colors, CENTRE_WIDTH
    row_h, col_w = 29.0, w / 2
    nodes: list[Node] = [Rect(0, 0, w, 3 * row_h + 4,
                              Style(fill="#fbf7ee", stroke=colors.frame, stroke_mm=0.5), rx=4.0)]
    for index, letter in enumerate(layout.die.faces):
        col, row = divmod(index, 3)
        nodes += _table_entry(layout, words(f"pieces.{letter}"), index + 1, letter, col * col_w,
                              2 + row * row_h, col_w, row_h)
    nodes.append(Line(w / 2, 4, w / 2, 3 * row_h, Style(stroke=colors.frame, stroke_mm=0.3)))
    return nodes, 3 * row_h + 4


def centre_block(layout: Layout, words: Words) -> tuple[list[Node], float, float]:
    """Title, subtitle and the d6 table as one block at the nominal width: nodes, width, height."""
    return _stacked([title_lines(layout, words), table_heading(layout, words),
                     die_table(layout, words)], (6.0, 2.5, 0.0))


def centre_row(layout: Layout, words: Words) -> tuple[list[Node], float, float]:
    """Title and heading beside the d6 table, for a long low centre: nodes, width, height."""
    left, _, left_h = _stacked([title_lines(layout, words), table_heading(layout, words)],
                               (6.0, 0.0))
    table, table_h = die_table(layout, words)
    height = max(left_h, table_h)
    return ([Group(tuple(left), translate(0, (height - left_h) / 2)),
             Group(tuple(table), translate(CENTRE_WIDTH + ROW_GAP_MM, (height - table_h) / 2))],
            2 * CENTRE_WIDTH + ROW_GAP_MM, height)


def _stacked(parts: list[tuple[list[Node], float]],
             gaps: tuple[float, ...]) -> tuple[list[Node], float, float]:
    nodes: list[Node] = []
    y = 0.0
    for (part_nodes, height), gap in zip(parts, gaps):
        nodes.append(Group(tuple(part_nodes), translate(0, y)))
        y += height + gap
    return nodes, CENTRE_WIDTH, y - gaps[-1]


def _table_entry(layout: Layout, name: str, value: int, letter: str, x: float, y: float,
                 w: float, h: float) -> list[Node]:
    colors = layout.colors
    face = h * 0.56
    glyph_size = h * 0.9
    nodes = die_face(x + 6, y + (h - face) / 2, face, value, colors)
    nodes.append(glyph(letter, "white", x + 8 + face, y + (h - glyph_size) / 2 - 1, glyph_size))
    text_x = x + 10 + face + glyph_size
    size = fonts.fit_size(name, w - (text_x - x) - 3, 6.5, "bold")
    nodes.append(text_centered(text_x + (w - (text_x - x) - 3) / 2, y + h / 2, name, size,
                               font="bold", fill=colors.text))
    return nodes


def largest_rectangle(cells: frozenset[Cell], width: int, height: int) -> tuple[Cell, Cell] | None:
    """The largest all-``cells`` rectangle, as (top-left, bottom-right), by area."""
    best, best_area = None, 0
    heights = [0] * width
    for row in range(height):
        heights = [heights[c] + 1 if (c, row) in cells else 0 for c in range(width)]
        stack: list[int] = []
        for c in range(width + 1):
            h = heights[c] if c < width else 0
            while stack and heights[stack[-1]] >= h:
                top = stack.pop()
                left = stack[-1] + 1 if stack else 0
                area = heights[top] * (c - left)
                if area > best_area:
                    best_area = area
                    best = ((left, row - heights[top] + 1), (c - 1, row))
            stack.append(c)
    return best


def centre_artwork(layout: Layout, grid: Grid, words: Words) -> tuple[list[Node], list[Box]]:
    """The title and die table in the centre area, clear of arrows; and the boxes they cover.

    Where the area is tall enough, title and heading sit above the square edge across its
    middle and the table below it, so a page seam can run between them.
    """
    course = layout.track
    corners = largest_rectangle(course.centre, course.width, course.height)
    if corners is None:
        return [], []
    x, y, w, h = _clear_of(grid.box(corners), arrow_boxes(course, grid, layout.course.border_mm))
    margin = grid.sq * 0.3
    area = (x + margin, y + margin, w - 2 * margin, h - 2 * margin)
    split = _split_around_seam(layout, grid, area, words)
    if split is not None:
        return split
    k, nodes, bw, bh = max(((min(1.0, area[2] / w, area[3] / h), nodes, w, h)
                            for nodes, w, h in (centre_block(layout, words),
                                                centre_row(layout, words))),
                           key=lambda fit: fit[0])
    if k < MIN_CENTRE_SCALE:
        return [], []
    left, top = area[0] + (area[2] - bw * k) / 2, area[1] + (area[3] - bh * k) / 2
    box = (left, top, bw * k, bh * k)
    return [Group(tuple(nodes), compose(translate(left, top), scale(k)))], [box]


def _split_around_seam(layout: Layout, grid: Grid, area: Box,
                       words: Words) -> tuple[list[Node], list[Box]] | None:
    """Title and heading above the square edge nearest the area's middle, the table below."""
    x, y, w, h = area
    edge = grid.y0 + round((y + h / 2 - grid.y0) / grid.sq) * grid.sq
    fit = min(1.0, w / CENTRE_WIDTH)
    title, title_h = title_lines(layout, words)
    heading, heading_h = table_heading(layout, words)
    table, table_h = die_table(layout, words)
    table_k = min(fit, (y + h - edge - SEAM_GAP_MM) / table_h)
    above = edge - SEAM_GAP_MM - heading_h * fit - y
    title_k = min(fit, (above - 4.0) / title_h)
    if table_k < MIN_TABLE_SCALE or title_k < MIN_TABLE_SCALE:
        return None
    parts = [(title, title_h, title_k, y + (above - title_h * title_k) / 2),
             (heading, heading_h, fit, edge - SEAM_GAP_MM - heading_h * fit),
             (table, table_h, table_k, edge + SEAM_GAP_MM)]
    nodes: list[Node] = []
    boxes: list[Box] = []
    for part, height, k, top in parts:
        left = x + (w - CENTRE_WIDTH * k) / 2
        nodes.append(Group(tuple(part), compose(translate(left, top), scale(k))))
        boxes.append((left, top, CENTRE_WIDTH * k, height * k))
    return nodes, boxes


def _clear_of(area: Box, boxes: list[Box]) -> Box:
    """``area`` with the strip along each edge that holds one of ``boxes`` cut off."""
    x0, y0, x1, y1 = area[0], area[1], area[0] + area[2], area[1] + area[3]
    for bx, by, bw, bh in boxes:
        if not overlaps((bx, by, bw, bh), (x0, y0, x1 - x0, y1 - y0)):
            continue
        cuts = {"top": by + bh - y0, "bottom": y1 - by, "left": bx + bw - x0, "right": x1 - bx}
        side = min(cuts, key=cuts.get)
        if side == "top":
            y0 += cuts[side]
        elif side == "bottom":
            y1 -= cuts[side]
        elif side == "left":
            x0 += cuts[side]
        else:
            x1 -= cuts[side]
    return x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0)


def direction_marks(course: Course, colors: Colors, grid: Grid,
                    keep_clear: list[Box]) -> list[Node]:
    """Chevrons along the inside of each straight, pointing the way the race runs."""
    nodes: list[Node] = []
    depth = grid.sq * 0.28
    size = depth * 0.7
    style = Style(stroke=colors.frame, stroke_mm=size * 0.16, cap="round", join="round",
                  opacity=0.45)
    for cell in sorted(course.centre):
        for side in ORTHOGONAL:
            track = offset(cell, side)
            ways = course.forward.get(track, ())
            if track in course.corner or len(ways) != 1:
                continue
            cx, cy = grid.centre(cell)
            cx += side[0] * (grid.sq / 2 - depth / 2)
            cy += side[1] * (grid.sq / 2 - depth / 2)
            mark = (cx - depth / 2, cy - depth / 2, depth, depth)
            if any(overlaps(mark, box) for box in keep_clear):
                continue
            nodes.append(_chevron(cx, cy, size, ways[0], style))
    return nodes


def _chevron(cx: float, cy: float, size: float, way, style: Style) -> Polygon:
    """A '>' of two strokes, turned to point along ``way``."""
    half = size / 2
    local = ((-half * 0.5, -half), (half * 0.5, 0.0), (-half * 0.5, half))
    c, s = {(1, 0): (1, 0), (0, 1): (0, 1), (-1, 0): (-1, 0), (0, -1): (0, -1)}[way]
    points = tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in local)
    return Polygon(points, style, closed=False)


# ---- the whole board --------------------------------------------------------------------


def board_grid(layout: Layout) -> Grid:
    """Square size and origin of the full-size board, inside its border."""
    return Grid(layout.course.square_mm, layout.course.border_mm, layout.course.border_mm)


def board_size(layout: Layout) -> tuple[float, float]:
    """Width and height of the printed board in mm, border included."""
    return board_size_mm(layout.track, layout.course.square_mm, layout.course.border_mm)


def compose_board(layout: Layout, drawn: Drawn = Drawn(), words: Words | None = None) -> Board:
    """The board at its exact size, with seams on square edges clear of the centre and starts."""
    words = words or words_for(layout)
    course, colors, grid = layout.track, layout.colors, board_grid(layout)
    width, height = board_size(layout)
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    nodes += course_nodes(course, colors, grid, finish_label=words("finish"),
                          start_label=words("start"), border_mm=layout.course.border_mm)
    nodes += _coordinates(layout, grid)
    centre, centre_boxes = centre_artwork(layout, grid, words)
    nodes += centre
    arrows = arrow_boxes(course, grid, layout.course.border_mm)
    nodes += direction_marks(course, colors, grid, arrows + centre_boxes)
    nodes += drawn_nodes(layout, grid, drawn)
    keep_clear = [grid.box(cells) for cells in course.start.values()] + centre_boxes
    scene = Scene(width, height, tuple(nodes), symbols=pieces.piece_symbols(), title=words("title"))
    return Board(scene, seams_x=_seams(grid.x0, grid.sq, course.width, keep_clear, 0),
                 seams_y=_seams(grid.y0, grid.sq, course.height, keep_clear, 1),
                 keep_out=tuple(centre_boxes))


def _seams(start: float, sq: float, count: int, keep_clear: list[Box], axis: int) -> tuple[float, ...]:
    """Square edges that cross no start space and no part of the centre artwork."""
    lines = [round(start + i * sq, 3) for i in range(count + 1)]
    return tuple(v for v in lines
                 if not any(box[axis] + 1e-6 < v < box[axis] + box[axis + 2] - 1e-6
                            for box in keep_clear))


def _coordinates(layout: Layout, grid: Grid) -> list[Node]:
    """Square names along the edges, small and near the paper's edge."""
    course, colors = layout.track, layout.colors
    border = layout.course.border_mm
    size = min(border * 0.2, grid.sq * 0.14)
    width, height = board_size(layout)
    near = border * 0.26
    nodes: list[Node] = []
    for col in range(course.width):
        cx = grid.x0 + (col + 0.5) * grid.sq
        letter = course.name((col, 0))[0]
        nodes.append(text_centered(cx, near, letter, size, fill=colors.text))
        nodes.append(text_centered(cx, height - near, letter, size, fill=colors.text))
    for row in range(course.height):
        cy = grid.y0 + (row + 0.5) * grid.sq
        number = str(course.height - row)
        nodes.append(text_centered(near, cy, number, size, fill=colors.text))
        nodes.append(text_centered(width - near, cy, number, size, fill=colors.text))
    return nodes


def drawn_nodes(layout: Layout, grid: Grid, drawn: Drawn) -> list[Node]:
    """The obstacle and pieces of a setup, drawn where they stand."""
    nodes: list[Node] = []
    if len(drawn.obstacle) == 2:
        x, y, w, h = grid.box(drawn.obstacle)
        nodes += obstacle_nodes(layout.colors, x + 1, y + 1, w - 2, h - 2)
    else:
        for cell in drawn.obstacle:
            x, y, w, h = grid.box([cell])
            nodes += obstacle_nodes(layout.colors, x + 1, y + 1, w - 2, h - 2)
    diameter = min(layout.tokens.size_mm, grid.sq * 0.8)
    for cell, letter, number in drawn.pieces:
        nodes += token_nodes(layout.colors, letter, number, *grid.centre(cell), diameter)
    return nodes


# ---- board.json -----------------------------------------------------------------------


def board_json(layout: Layout, drawn: Drawn = Drawn(), words: Words | None = None) -> dict:
    """Every square with its name, tags and centre in mm, plus lines, walls and the die table."""
    words = words or words_for(layout)
    course, grid = layout.track, board_grid(layout)
    spaces: list[dict] = []
    for cell in sorted(course.course | course.goal, key=lambda c: (c[1], c[0])):
        spaces.append(_square_json(layout, grid, cell, drawn))
    for letter, name in PLAYERS.items():
        x, y, w, h = grid.box(course.start[letter])
        spaces.append({
            "id": f"start-{name}", "kind": "start", "tags": ["start"],
            "center": [round(x + w / 2, 3), round(y + h / 2, 3)], "size": [w, h],
            "color": layout.colors.player(letter),
            "cells": sorted(course.name(c) for c in course.start[letter]),
            "entry": [course.name(c) for c in course.entries[letter]],
        })
    return {
        "square_mm": grid.sq,
        "spaces": spaces,
        "players": [{"number": n, "name": words(f"colours.{name}"), "color_name": name,
                     "color": layout.colors.player(letter), "mark": player_mark(letter),
                     "start": f"start-{name}", "pieces": layout.tokens.per_colour}
                    for n, (letter, name) in enumerate(PLAYERS.items(), start=1)],
        "walls": [[course.name(a), course.name(b)] for a, b in sorted(course.walls)],
        "start_line": [[course.name(a), course.name(b)] for a, b in course.start_line],
        "finish_line": [[course.name(a), course.name(b)] for a, b in course.finish_line],
        "arrows": [{"square": course.name(c), "points": DIRECTION_NAMES[d]}
                   for c, d in course.arrows],
        "die": {str(i + 1): words(f"pieces.{letter}")
                for i, letter in enumerate(layout.die.faces)},
        "setup": {
            "obstacle": [course.name(c) for c in drawn.obstacle],
            "pieces": [{"square": course.name(c), "color": PLAYERS[letter], "number": number}
                       for c, letter, number in drawn.pieces],
        },
    }


def _square_json(layout: Layout, grid: Grid, cell: Cell, drawn: Drawn) -> dict:
    course = layout.track
    tags = []
    if cell in course.goal:
        tags += ["goal", "finish"]
    else:
        tags.append("course")
    if cell in course.corner:
        tags.append("corner")
    if cell in course.black or cell in drawn.obstacle:
        tags.append("obstacle")
    if cell in course.zone:
        tags.append("obstacle-zone")
    if any(square == cell for _, square in course.start_line):
        tags.append("start")
    if any(square == cell for square, _ in course.finish_line):
        tags.append("finish")
    walls = [DIRECTION_NAMES[d] for d in ORTHOGONAL if course.wall(cell, offset(cell, d))]
    if walls:
        tags.append("wall")
    cx, cy = grid.centre(cell)
    entry = {
        "id": course.name(cell),
        "kind": "goal" if cell in course.goal else "square",
        "tags": tags,
        "center": [round(cx, 3), round(cy, 3)],
        "size": [grid.sq, grid.sq],
        "color": square_fill(course, layout.colors, cell),
    }
    if walls:
        entry["walls"] = walls
    if cell in course.course:
        entry["forward"] = [DIRECTION_NAMES[d] for d in course.forward[cell]]
    return entry
