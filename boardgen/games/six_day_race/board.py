"""The velodrome board: coloured spaces, numbers and words, lanes, start/finish line, infield."""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.games.six_day_race.art import centered_text, text_box
from boardgen.games.six_day_race.infield import InfieldPlan, area_caption, infield_nodes, plan_infield
from boardgen.games.six_day_race.model import Layout
from boardgen.games.six_day_race.track import Geometry, Space
from boardgen.i18n import Words, words_for
from boardgen.product import Board
from boardgen.scene import (IDENTITY, Group, Line, Node, Path, PathCommand, Polygon, Rect, Scene, Style,
                            Text, arc_commands, bounds, ink_on)

NUMBER_MM = 8.0
LABEL_MM = 4.6
MIN_TEXT_MM = 2.6
TEXT_PAD_MM = 1.6
SEAM_CLEARANCE_MM = 2.5
SEAM_STEP_MM = 4.0
CHECKER_COLUMNS = 2


@dataclass(frozen=True)
class SpaceInfo:
    """A space with what is printed in it."""

    space: Space
    color_name: str
    fill: str
    label: str | None
    tag: str | None


def space_word(layout: Layout, words: Words, number: int) -> str | None:
    """The word printed in a space, if it is named (sprints numbered in track order)."""
    named = layout.spaces.named_of(number)
    if named is None:
        return None
    if named.kind == "sprint":
        return words("space.sprint", number=layout.spaces.sprints.index(number) + 1)
    return words(f"space.{named.kind}")


def space_infos(layout: Layout, geometry: Geometry, words: Words) -> tuple[SpaceInfo, ...]:
    infos = []
    for space in geometry.spaces:
        name = layout.spaces.color_of(space.number)
        named = layout.spaces.named_of(space.number)
        infos.append(SpaceInfo(space, name, layout.colors.fill(name),
                               space_word(layout, words, space.number),
                               named.kind if named else None))
    return tuple(infos)


# ---- text in spaces ----------------------------------------------------------


def fitted_text(space: Space, across: float, text: str, size: float, font: str,
                fill: str) -> Text:
    """Upright text centred at ``across`` in the middle of the space, shrunk until it fits."""
    cx, cy = space.point(0.5, across)
    while True:
        node = centered_text(cx, cy, text, size, font=font, fill=fill)
        if box_inside(space, text_box(node), TEXT_PAD_MM) or size <= MIN_TEXT_MM:
            return node
        size = max(MIN_TEXT_MM, size * 0.94)


def box_inside(space: Space, box: tuple[float, float, float, float], pad: float) -> bool:
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym)]
    return all(space.contains(p, pad) for p in points)


def space_texts(layout: Layout, info: SpaceInfo, geometry: Geometry) -> list[Text]:
    """The number in the outer half of the space; its word, if any, in the inner half."""
    ink = ink_on(info.fill, dark=layout.colors.ink)
    quarter = geometry.half_width / 2
    nodes = [fitted_text(info.space, quarter, str(info.space.number), NUMBER_MM, "bold", ink)]
    if info.label:
        nodes.append(fitted_text(info.space, -quarter, info.label, LABEL_MM, "bold", ink))
    return nodes


# ---- lines -------------------------------------------------------------------


def oval_commands(geometry: Geometry, radius: float) -> tuple[PathCommand, ...]:
    """A closed oval at ``radius`` from the bend centres (the track's centre line at the bend radius)."""
    (xl, cy), (xr, _) = geometry.bend_centers
    return (("M", xl, cy + radius), ("L", xr, cy + radius),
            *arc_commands(xr, cy, radius, 90, -90, move=False),
            ("L", xl, cy - radius),
            *arc_commands(xl, cy, radius, 270, 90, move=False), ("Z",))


def track_lines(layout: Layout, geometry: Geometry) -> list[Node]:
    """Thick lines between the lanes, and the track's outer and inner edges."""
    edge = layout.colors.track_edge
    nodes: list[Node] = []
    for offset in geometry.lane_offsets():
        nodes.append(Path(oval_commands(geometry, geometry.radius + offset),
                          Style(stroke=edge, stroke_mm=1.8)))
    for radius in (geometry.outer_radius, geometry.inner_radius):
        nodes.append(Path(oval_commands(geometry, radius), Style(stroke=edge, stroke_mm=1.1)))
    return nodes


def space_boundaries(layout: Layout, geometry: Geometry) -> list[Node]:
    """The edge between each two spaces: a dark line with light sides, seen on any colour."""
    light = Style(stroke=layout.colors.plain, stroke_mm=1.3)
    dark = Style(stroke=layout.colors.track_edge, stroke_mm=0.45)
    ends = [(s.point(0, -geometry.half_width), s.point(0, geometry.half_width))
            for s in geometry.spaces]
    return ([Line(*a, *b, light) for a, b in ends] + [Line(*a, *b, dark) for a, b in ends])


def finish_line(layout: Layout, geometry: Geometry) -> list[Node]:
    """A chequered band across the track where the last space meets space 1."""
    first = geometry.spaces[0]
    width = geometry.half_width * 2
    rows = max(4, round(width / 6))
    cell = width / rows
    along = cell / first.length
    ink = layout.colors.finish_line
    nodes: list[Node] = [Polygon((first.point(-along, -geometry.half_width),
                                  first.point(along, -geometry.half_width),
                                  first.point(along, geometry.half_width),
                                  first.point(-along, geometry.half_width)), Style(fill="#ffffff"))]
    for column in range(CHECKER_COLUMNS):
        a0 = -along + column * along
        for row in range(rows):
            if (row + column) % 2:
                continue
            b0 = -geometry.half_width + row * cell
            nodes.append(Polygon((first.point(a0, b0), first.point(a0 + along, b0),
                                  first.point(a0 + along, b0 + cell), first.point(a0, b0 + cell)),
                                 Style(fill=ink)))
    nodes.append(Polygon((first.point(-along, -geometry.half_width),
                          first.point(along, -geometry.half_width),
                          first.point(along, geometry.half_width),
                          first.point(-along, geometry.half_width)),
                         Style(stroke=ink, stroke_mm=0.4)))
    return nodes


# ---- the board -------------------------------------------------------------


def compose_board(layout: Layout, words: Words | None = None) -> Board:
    """The board at its exact size, with seams along space boundaries and free lines."""
    words = words or words_for(layout)
    geometry = Geometry(layout.track)
    plan = plan_infield(layout, words, geometry)
    height = geometry.height + plan.band_mm
    colors = layout.colors
    infos = space_infos(layout, geometry, words)
    nodes: list[Node] = [Rect(0, 0, geometry.width, height, Style(fill=colors.infield))]
    nodes += [Path(info.space.outline_commands(), Style(fill=info.fill)) for info in infos]
    nodes += space_boundaries(layout, geometry)
    nodes += track_lines(layout, geometry)
    finish = finish_line(layout, geometry)
    nodes += finish
    for info in infos:
        nodes += space_texts(layout, info, geometry)
    nodes += infield_nodes(layout, plan, geometry)
    scene = Scene(geometry.width, height, tuple(nodes), title=words("title"))
    seams_x, seams_y = seams(geometry, text_boxes(scene.children), height)
    return Board(scene, seams_x, seams_y, keep_out=keep_out(finish, plan))


def keep_out(finish: list[Node], plan: InfieldPlan) -> tuple[tuple[float, ...], ...]:
    """The finish line and the card places, which no page edge should cut."""
    x0, y0, x1, y1 = bounds(tuple(finish)) or (0.0, 0.0, 0.0, 0.0)
    return ((x0, y0, x1 - x0, y1 - y0), *(slot.rect for slot in plan.slots))


def text_boxes(nodes, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float, float, float]]:
    """Page boxes of every line of text, through translated groups."""
    boxes = []
    for node in nodes:
        if isinstance(node, Text):
            x0, y0, x1, y1 = text_box(node)
            boxes.append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
        elif isinstance(node, Group):
            a, b, c, d, e, f = node.transform
            if (a, b, c, d) != IDENTITY[:4]:
                raise ValueError("text under a scaled or turned group cannot be measured")
            boxes += text_boxes(node.children, dx + e, dy + f)
    return boxes


def seams(geometry: Geometry, boxes, height: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Lines where the board may be cut between pages, none of them through any text.

    Across the straights only the space boundaries qualify; in the bends, the infield and
    the margins any line does that keeps clear of the numbers and words.
    """
    track = geometry.track
    xl, xr = geometry.straight_x_range()
    clear = SEAM_CLEARANCE_MM

    def x_free(x: float, margin: float = clear) -> bool:
        return all(not (b[0] - margin < x < b[2] + margin) for b in boxes)

    def y_free(y: float) -> bool:
        return all(not (b[1] - clear < y < b[3] + clear) for b in boxes)

    # text inside a space keeps TEXT_PAD_MM from its edges, so a boundary needs less room
    boundaries = [xl + k * track.space_mm for k in range(track.straight + 1)]
    xs = [x for x in boundaries if x_free(x, TEXT_PAD_MM * 0.6)]
    xs += [x for x in _grid(geometry.width) if (x < xl - clear or x > xr + clear) and x_free(x)]
    cy = geometry.cy
    bands = [(cy - geometry.outer_radius, cy - geometry.inner_radius),
             (cy + geometry.inner_radius, cy + geometry.outer_radius)]
    ys = [y for y in _grid(height)
          if not any(lo - clear < y < hi + clear for lo, hi in bands)]
    ys += [cy + sign * (geometry.radius + offset) for sign in (-1, 1)
           for offset in (-geometry.half_width, *geometry.lane_offsets(), geometry.half_width)]
    if all(count % 2 == 0 for count in track.bend_spaces):
        ys.append(cy)
    return (tuple(sorted({round(x, 3) for x in xs})),
            tuple(sorted({round(y, 3) for y in ys if y_free(y)})))


def _grid(length: float) -> list[float]:
    count = int(length // SEAM_STEP_MM)
    return [k * SEAM_STEP_MM for k in range(1, count) if k * SEAM_STEP_MM < length - SEAM_STEP_MM]


# ---- board.json ------------------------------------------------------------


def board_json(layout: Layout, words: Words | None = None) -> dict:
    """Every space with its number, word, colour, tags, centre, outline and successor."""
    words = words or words_for(layout)
    geometry = Geometry(layout.track)
    infos = space_infos(layout, geometry, words)
    count = len(infos)
    spaces = []
    for index, info in enumerate(infos):
        space = info.space
        spaces.append({
            "id": str(space.number),
            "number": space.number,
            "kind": space.kind,
            "label": info.label,
            "color": info.fill,
            "color_name": info.color_name,
            "tags": [info.tag] if info.tag else [],
            "center": _point(space.center),
            "length_mm": round(space.length, 3),
            "outline": [_point(p) for p in space.outline_points()],
            "next": str(infos[(index + 1) % count].space.number),
        })
    track = layout.track
    (xl, cy), (xr, _) = geometry.bend_centers
    plan: InfieldPlan = plan_infield(layout, words, geometry)
    return {
        "track": {
            "spaces": track.spaces,
            "direction": track.direction,
            "space_mm": track.space_mm,
            "lanes": track.lanes,
            "lane_mm": track.lane_mm,
            "straight_spaces": track.straight,
            "bend_spaces": list(track.bend_spaces),
            "straight_mm": round(track.straight_mm, 3),
            "bend_radius_mm": round(geometry.radius, 3),
            "bend_centers": [_point((xl, cy)), _point((xr, cy))],
            "finish_line": [_point(p) for p in geometry.finish_line()],
        },
        "spaces": spaces,
        "board_size_mm": [round(geometry.width, 3), round(geometry.height + plan.band_mm, 3)],
        "card_areas": [{"deck": s.deck, "pile": _pile_name(layout, s.deck, s.pile), "use": s.use,
                        "text": area_caption(layout, words, s.deck, s.pile, s.use),
                        "rect": [round(v, 3) for v in s.rect]} for s in plan.slots],
        "riders": [{"number": i + 1, "color": c} for i, c in enumerate(layout.riders.colors)],
        "cards": {name: {"counts": {str(v): n for v, n in getattr(layout.cards, name).counts.items()},
                         "assumed": getattr(layout.cards, name).assumed}
                  for name in ("green", "grey")},
    }


def _pile_name(layout: Layout, deck: str, pile: int) -> str:
    values = getattr(layout.cards, deck).pile_values
    return "/".join(str(v) for v in values[pile]) if pile < len(values) else str(pile)


def _point(p) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]
