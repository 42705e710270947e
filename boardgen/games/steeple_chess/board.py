"""The board: the shared course board drawn from the map, the title and die table in the
centre, direction marks, a setup drawn over it, and board.json."""

from __future__ import annotations

from dataclasses import dataclass

from boardgen import fonts, pieces
from boardgen.components import course as course_board
from boardgen.components import die
from boardgen.components import grid_board
from boardgen.components.base import Context
from boardgen.components.text import CAP_HEIGHT, centred, fitted
from boardgen.components.title_band import TitleBand, title_nodes
from boardgen.games.steeple_chess.course import (ARROWS, DIRECTION_NAMES, KINDS, ORTHOGONAL,
                                                 START_COLOURS, Cell, Course, offset)
from boardgen.games.steeple_chess.model import PLAYERS, Colors, Layout, player_mark
from boardgen.games.steeple_chess.tokens import obstacle_nodes, token_nodes
from boardgen.geometry.place import Box, GridPlacement, overlaps
from boardgen.i18n import Words, words_for
from boardgen.memo import IdentityMemo
from boardgen.product import Board
from boardgen.scene import Group, Line, Node, Polygon, Rect, Style, compose, scale, translate

TRACK_KINDS = ["course", "corner", "zone", "black"]
# The corner areas and the arrow zone are told from the course by a pattern, not by hue
# alone: their colours turn into the course's own greys on a greyscale printer.
PATTERNS = {"corner": "hatch", "zone": "dots"}
HORSE = pieces.piece_symbol_id("N", "white")
_MODELS: IdentityMemo = IdentityMemo(32)


def course_model(layout: Layout) -> course_board.Model:
    """The course as the shared course board draws it: squares by kind (the course, corner
    areas and arrow zone each a chequer of their own), the start spaces as areas in the
    players' colours, the goal beyond the finish line, the arrows beside the zone."""
    def made() -> course_board.Model:
        colors = layout.colors
        return course_board.Model(
            type="course", map=layout.course.map, legend=dict(KINDS),
            fills={"course": (colors.light, colors.dark),
                   "corner": (colors.corner_light, colors.corner_dark),
                   "zone": (colors.zone_light, colors.zone_dark), "black": colors.black,
                   "goal": colors.goal, "centre": colors.infield},
            track=TRACK_KINDS, areas={PLAYERS[letter]: colors.player(letter)
                                      for letter in START_COLOURS},
            goal="goal", arrows={char: DIRECTION_NAMES[step] for char, step in ARROWS.items()},
            patterns=dict(PATTERNS),
            cell_mm=layout.course.square_mm, border_mm=layout.course.border_mm,
            title=TitleBand(height_mm=0),
            colors=course_board.Colors(border=colors.border, frame=colors.frame,
                                       text=colors.text, wall=colors.wall, arrow=colors.arrow))
    return _MODELS.recall((layout,), made)


def looks(covered: frozenset[str] = frozenset()) -> dict[str, course_board.AreaLook]:
    """Each start space's mark, as on its pieces, and the horse's head that faces the course,
    but in the spaces ``covered`` by a piece drawn on them (a figure's), where the piece
    stands over the horse as on the table."""
    return {name: course_board.AreaLook(player_mark(letter),
                                        None if name in covered else HORSE)
            for letter, name in PLAYERS.items()}


@dataclass(frozen=True)
class Drawn:
    """Setup drawn on a course: the obstacle's squares and pieces (square → colour, number)."""

    obstacle: tuple[Cell, ...] = ()
    pieces: tuple[tuple[Cell, str, int], ...] = ()


# ---- the centre: title and die table ------------------------------------------------


def die_face(x: float, y: float, size: float, value: int, colors: Colors) -> list[Node]:
    """An ordinary die face showing ``value``: the shared die's pips on a rounded face."""
    return [Rect(x, y, size, size, Style(fill="#ffffff", stroke=colors.frame,
                                         stroke_mm=size * 0.04), rx=size * 0.18),
            *die.pips(value, x, y, size, colors.frame)]


CENTRE_WIDTH = 160.0
SEAM_GAP_MM = 3.0       # the centre's parts keep this far from a page seam between them
MIN_TABLE_SCALE = 0.6   # below this the die table is drawn whole, with no seam through it
MIN_CENTRE_SCALE = 0.35  # smaller than this the centre's words cannot be read: leave it plain
ROW_GAP_MM = 12.0       # between title and table when they stand side by side
TITLE_HEIGHT = 36.0     # the title band in the centre: the title up to 15 mm high


def title_lines(layout: Layout, words: Words) -> tuple[list[Node], float]:
    """Title and subtitle at the nominal width, by the shared title band's centred look;
    returns nodes and height."""
    return (title_nodes(words("title"), words("subtitle"), CENTRE_WIDTH, TITLE_HEIGHT,
                        layout.colors.text), TITLE_HEIGHT)


def table_heading(layout: Layout, words: Words) -> tuple[list[Node], float]:
    """The line above the die table, its baseline at its height less the descent."""
    heading = words("table")
    size = fonts.fit_size(heading, CENTRE_WIDTH, 5.6)
    cap_middle = size * (0.8 - CAP_HEIGHT / 2)  # the baseline 0.8 of the size down
    return ([centred(CENTRE_WIDTH / 2, cap_middle, heading, size, fill=layout.colors.text)],
            size * 1.05)


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
    nodes.append(pieces.piece_use(letter, "white", x + 8 + face, y + (h - glyph_size) / 2 - 1,
                                  glyph_size))
    text_x = x + 10 + face + glyph_size
    room = w - (text_x - x) - 3
    nodes.append(fitted(text_x + room / 2, y + h / 2, name, room, 6.5, "bold", fill=colors.text))
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


def centre_artwork(layout: Layout, grid: GridPlacement,
                   words: Words) -> tuple[list[Node], list[Box]]:
    """The title and die table in the centre area, clear of arrows; and the boxes they cover.

    Where the area is tall enough, title and heading sit above the square edge across its
    middle and the table below it, so a page seam can run between them.
    """
    course = layout.track
    corners = largest_rectangle(course.centre, course.width, course.height)
    if corners is None:
        return [], []
    arrows = course_board.arrow_boxes(course_model(layout), course, grid)
    x, y, w, h = _clear_of(grid.bounds(corners), arrows)
    margin = grid.cell_mm * 0.3
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


def _split_around_seam(layout: Layout, grid: GridPlacement, area: Box,
                       words: Words) -> tuple[list[Node], list[Box]] | None:
    """Title and heading above the square edge nearest the area's middle, the table below."""
    x, y, w, h = area
    edge = grid.y0 + round((y + h / 2 - grid.y0) / grid.cell_mm) * grid.cell_mm
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


def direction_marks(course: Course, colors: Colors, grid: GridPlacement,
                    keep_clear: list[Box]) -> list[Node]:
    """Chevrons along the inside of each straight, pointing the way the race runs."""
    nodes: list[Node] = []
    depth = grid.cell_mm * 0.28
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
            cx += side[0] * (grid.cell_mm / 2 - depth / 2)
            cy += side[1] * (grid.cell_mm / 2 - depth / 2)
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


def board_grid(layout: Layout) -> GridPlacement:
    """Square size and origin of the full-size board, inside its border."""
    return course_board.placement(course_model(layout))


def compose_board(layout: Layout, drawn: Drawn = Drawn(), words: Words | None = None) -> Board:
    """The board at its exact size, with seams on square edges clear of the centre and starts."""
    words = words or words_for(layout)
    model, course, grid = course_model(layout), layout.track, board_grid(layout)
    centre, centre_boxes = centre_artwork(layout, grid, words)
    arrows = course_board.arrow_boxes(model, course, grid)
    overlay = (centre + direction_marks(course, layout.colors, grid, arrows + centre_boxes)
               + drawn_nodes(layout, grid, drawn))
    facts = {"words": course_board.Words(words("start"), words("finish")), "looks": looks(),
             "overlay": overlay, "symbols": pieces.piece_symbols(), "keep_whole": centre_boxes,
             "keep_out": tuple(centre_boxes)}
    return course_board.compose(model, "board", Context(words, facts=facts)).board


def drawn_nodes(layout: Layout, grid: GridPlacement, drawn: Drawn) -> list[Node]:
    """The obstacle and pieces of a setup, drawn where they stand."""
    nodes: list[Node] = []
    if len(drawn.obstacle) == 2:
        x, y, w, h = grid.bounds(drawn.obstacle)
        nodes += obstacle_nodes(layout.colors, x + 1, y + 1, w - 2, h - 2)
    else:
        for cell in drawn.obstacle:
            x, y, w, h = grid.bounds([cell])
            nodes += obstacle_nodes(layout.colors, x + 1, y + 1, w - 2, h - 2)
    diameter = min(layout.tokens.size_mm, grid.cell_mm * 0.8)
    for cell, letter, number in drawn.pieces:
        nodes += token_nodes(layout.colors, letter, number, *grid.centre(cell), diameter)
    return nodes


# ---- board.json -----------------------------------------------------------------------


def board_json(layout: Layout, drawn: Drawn = Drawn(), words: Words | None = None) -> dict:
    """Every square with its name, tags and centre in mm (the shared grid board's entries),
    plus the start spaces, lines, walls and the die table."""
    words = words or words_for(layout)
    model, course, grid = course_model(layout), layout.track, board_grid(layout)
    spaces: list[dict] = []
    for cell in sorted(course.course | course.goal, key=lambda c: (c[1], c[0])):
        spaces.append(_square_json(layout, model, grid, cell, drawn))
    for letter, name in PLAYERS.items():
        spaces.append(course_board.area_entry(
            model, course, grid, name, f"start-{name}", "start", ["start"],
            entry=[course.name(c) for c in course.entries[letter]]))
    lines = course_board.lines_json(model, course)
    return {
        "square_mm": grid.cell_mm,
        "spaces": spaces,
        "players": [{"number": n, "name": words(f"colours.{name}"), "color_name": name,
                     "color": layout.colors.player(letter), "mark": player_mark(letter),
                     "start": f"start-{name}", "pieces": layout.tokens.per_colour}
                    for n, (letter, name) in enumerate(PLAYERS.items(), start=1)],
        "walls": grid_board.walls_json(course),
        "start_line": lines["start_line"],
        "finish_line": lines["finish_line"],
        "arrows": lines["arrows"],
        "die": {str(i + 1): words(f"pieces.{letter}")
                for i, letter in enumerate(layout.die.faces)},
        "setup": {
            "obstacle": [course.name(c) for c in drawn.obstacle],
            "pieces": [{"square": course.name(c), "color": PLAYERS[letter], "number": number}
                       for c, letter, number in drawn.pieces],
        },
    }


def _square_json(layout: Layout, model: course_board.Model, grid: GridPlacement, cell: Cell,
                 drawn: Drawn) -> dict:
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
    more: dict = {"walls": walls} if walls else {}
    if cell in course.course:
        more["forward"] = [DIRECTION_NAMES[d] for d in course.forward[cell]]
    return grid_board.cell_entry(course, grid, cell, "goal" if cell in course.goal else "square",
                                 tags, grid_board.cell_fill(model, course, cell), **more)
