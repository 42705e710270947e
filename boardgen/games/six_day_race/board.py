"""The velodrome board: coloured spaces, numbers and words, lanes, start/finish line, infield."""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.components.text import box as text_box, centred, centred_box
from boardgen.games.six_day_race.infield import (InfieldPlan, area_caption, infield_nodes,
                                                 lattice_lines, plan_infield)
from boardgen.games.six_day_race.model import KIND_COLORS, Layout
from boardgen.games.six_day_race.track import Geometry, Space
from boardgen.games.six_day_race.velodrome import (AZUR_MM, banking, coloured_lines, lane_lines,
                                                   oval_commands, pictogram, sprint_line)
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_for
from boardgen.product import Board
from boardgen.scene import (IDENTITY, Group, Line, Node, Path, Polygon, Rect, Scene, Style, Text,
                            bounds, ink_on)

NUMBER_MM = 8.0          # figures 5.5 mm high: legible across a table
LABEL_MM = 5.0
CAPTION_GAP_MM = 1.2     # between the côte d'azur and a named space's word in the infield
PICTOGRAM_SHARE = 0.34   # pictogram radius as a share of the track width
MIN_TEXT_MM = 2.6
TEXT_PAD_MM = 1.6
SEAM_CLEARANCE_MM = 2.5
SEAM_STEP_MM = 4.0
CHECKER_COLUMNS = 2
GUIDE_Y_MM = 40.0        # rows of the bends kept free of text, so the board can be cut across
# (along, across mm) moves of a bend's number off the guide lines, nearest first
NUDGES = tuple(sorted(((a / 20, b) for a in range(-9, 10) for b in (0.0, -2.0, 2.0, -4.0, 4.0, -6.0, 6.0)),
                      key=lambda m: (abs(m[0]) * 24 + abs(m[1]), m)))




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
        if name == "plain" and named is not None and named.kind in KIND_COLORS:
            name = KIND_COLORS[named.kind]
        infos.append(SpaceInfo(space, name, layout.colors.fill(name),
                               space_word(layout, words, space.number),
                               named.kind if named else None))
    return tuple(infos)


# ---- text in spaces ----------------------------------------------------------


@dataclass(frozen=True)
class Guides:
    """Lines across the board that text in the bends and beside the track leaves free, so the
    board can always be cut there: the infield's keep-clear lines continued over the bends,
    and rows every GUIDE_Y_MM from the middle line."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def crossed(self, box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        clear = SEAM_CLEARANCE_MM + 0.1
        return (any(x0 - clear < x < x1 + clear for x in self.xs)
                or any(y0 - clear < y < y1 + clear for y in self.ys))


def guides(geometry: Geometry) -> Guides:
    cy, reach = geometry.cy, geometry.outer_radius
    steps = int(reach // GUIDE_Y_MM)
    # none in the strip beside the straights, where the named spaces' words stand
    strip = AZUR_MM + CAPTION_GAP_MM + LABEL_MM + 2 * SEAM_CLEARANCE_MM
    ys = tuple(cy + k * GUIDE_Y_MM for k in range(-steps, steps + 1)
               if abs(k * GUIDE_Y_MM) < geometry.inner_radius - strip)
    return Guides(lattice_lines(geometry), ys)


def fitted_text(space: Space, across: float, text: str, size: float, font: str,
                fill: str, avoid: Guides | None = None) -> Text:
    """Upright text at ``across`` in the space, shrunk until it fits; in a bend moved along the
    space, if it can be, off the guide lines."""
    nudges = NUDGES if avoid is not None and space.kind == "bend" else ((0, 0),)
    while True:
        first_fit = None
        for along, aside in nudges:
            cx, cy = space.point(0.5 + along, across + aside)
            box = centred_box(cx, cy, text, size, font)
            if box_inside(space, box, TEXT_PAD_MM):
                first_fit = first_fit or (cx, cy)
                if avoid is None or not avoid.crossed(box):
                    return centred(cx, cy, text, size, font=font, fill=fill)
        if first_fit and size <= NUMBER_MM * 0.94:
            return centred(*first_fit, text, size, font=font, fill=fill)
        if size <= MIN_TEXT_MM:
            cx, cy = space.point(0.5, across)
            return centred(cx, cy, text, size, font=font, fill=fill)
        size = max(MIN_TEXT_MM, size * 0.94)


def box_inside(space: Space, box: tuple[float, float, float, float], pad: float) -> bool:
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym)]
    return all(space.contains(p, pad) for p in points)


def space_texts(layout: Layout, info: SpaceInfo, geometry: Geometry,
                avoid: Guides | None = None) -> list[Node]:
    """The number in the outer half of the space; a pictogram, if any, in the inner half."""
    ink = ink_on(info.fill, dark=layout.colors.ink)
    quarter = geometry.half_width / 2
    nodes: list[Node] = [fitted_text(info.space, quarter, str(info.space.number), NUMBER_MM,
                                     "bold", ink, avoid)]
    if info.tag:
        cx, cy = info.space.point(0.5, -quarter)
        radius = min(geometry.half_width * 2 * PICTOGRAM_SHARE / 2, info.space.length * 0.3)
        nodes += pictogram(info.tag, cx, cy, radius, ink, info.fill)
    return nodes


def caption(layout: Layout, info: SpaceInfo, geometry: Geometry, avoid: Guides) -> Text:
    """A named space's word in the infield beside it, clear of the côte d'azur and, moved
    along the track as little as needed, of the guide lines."""
    first = None
    for shift in range(0, 61):
        for sign in ((1,) if shift == 0 else (1, -1)):
            node = _caption_at(layout, info, geometry, 0.5 + sign * shift / info.space.length)
            first = first or node
            if not avoid.crossed(text_box(node)):
                return node
    return first


def _caption_at(layout: Layout, info: SpaceInfo, geometry: Geometry, along: float) -> Text:
    """The caption at ``along`` on its space, just far enough inside the track."""
    clear = geometry.half_width + AZUR_MM + CAPTION_GAP_MM
    space = info.space
    depth = clear
    while True:
        cx, cy = space.point(along, -depth)
        x0, y0, x1, y1 = centred_box(cx, cy, info.label, LABEL_MM, "bold")
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        if all(_inside_by(geometry, p) >= clear for p in corners) or depth > 4 * clear:
            return centred(cx, cy, info.label, LABEL_MM, font="bold",
                                 fill=layout.colors.ink)
        depth += 0.5


def _inside_by(geometry: Geometry, p) -> float:
    """How far a point lies inside the track's centre line (negative: outside it)."""
    (xl, cy), (xr, _) = geometry.bend_centers
    x = min(max(p[0], xl), xr)
    return geometry.radius - ((p[0] - x) ** 2 + (p[1] - cy) ** 2) ** 0.5


# ---- lines -------------------------------------------------------------------


def track_lines(layout: Layout, geometry: Geometry) -> list[Path]:
    """The côte d'azur, the coloured lines, thin lines between lanes and the track's edges."""
    edge = Style(stroke=layout.colors.track_edge, stroke_mm=1.1)
    nodes = coloured_lines(layout, geometry) + lane_lines(layout, geometry)
    nodes += [Path(oval_commands(geometry, radius), edge)
              for radius in (geometry.outer_radius, geometry.inner_radius)]
    return nodes


def space_boundaries(layout: Layout, geometry: Geometry) -> list[Node]:
    """The edge between each two spaces: a dark line with light sides, seen on any colour."""
    light = Style(stroke=layout.colors.plain, stroke_mm=1.3)
    dark = Style(stroke=layout.colors.track_edge, stroke_mm=0.45)
    ends = [(s.point(0, -geometry.half_width), s.point(0, geometry.half_width))
            for s in geometry.spaces]
    return ([Line(*a, *b, light) for a, b in ends] + [Line(*a, *b, dark) for a, b in ends])


def finish_line(layout: Layout, geometry: Geometry) -> list[Node]:
    """A bold chequered band across the track and its côte d'azur, where the last space meets
    space 1."""
    first = geometry.spaces[0]
    low, high = -geometry.half_width - AZUR_MM, geometry.half_width
    rows = max(4, round((high - low) / 6))
    cell = (high - low) / rows
    along = cell / first.length
    ink = layout.colors.finish_line

    def band(a0: float, a1: float, b0: float, b1: float) -> tuple:
        return (first.point(a0, b0), first.point(a1, b0), first.point(a1, b1), first.point(a0, b1))

    nodes: list[Node] = [Polygon(band(-along, along, low, high), Style(fill="#ffffff"))]
    for column in range(CHECKER_COLUMNS):
        a0 = -along + column * along
        for row in range(rows):
            if (row + column) % 2 == 0:
                b0 = low + row * cell
                nodes.append(Polygon(band(a0, a0 + along, b0, b0 + cell), Style(fill=ink)))
    nodes.append(Polygon(band(-along, along, low, high), Style(stroke=ink, stroke_mm=0.9)))
    return nodes


# ---- the board -------------------------------------------------------------


@dataclass(frozen=True)
class BoardPlan:
    """What the board and its board.json are both drawn from: the track, where the infield's
    blocks go and what each space shows."""

    geometry: Geometry
    plan: InfieldPlan
    infos: tuple[SpaceInfo, ...]


def board_plan(layout: Layout, words: Words) -> BoardPlan:
    """The track, the infield's plan and the spaces' contents of a layout in ``words``."""
    geometry = Geometry(layout.track)
    return BoardPlan(geometry, plan_infield(layout, words, geometry),
                     space_infos(layout, geometry, words))


def compose_board(layout: Layout, words: Words | None = None,
                  planned: BoardPlan | None = None) -> Board:
    """The board at its exact size, with seams along space boundaries and free lines.

    ``planned``: the layout's :func:`board_plan` in ``words``, when it is already worked out.
    """
    words = words or words_for(layout)
    planned = planned or board_plan(layout, words)
    geometry, plan, infos = planned.geometry, planned.plan, planned.infos
    height = geometry.height + plan.band_mm
    colors = layout.colors
    nodes: list[Node] = [Rect(0, 0, geometry.width, height, Style(fill=colors.infield))]
    nodes += [Path(info.space.outline_commands(), Style(fill=info.fill)) for info in infos]
    nodes += banking(geometry)
    nodes += space_boundaries(layout, geometry)
    nodes += track_lines(layout, geometry)
    for info in infos:
        if info.tag == "sprint":
            nodes += sprint_line(layout, geometry, info.space)
    finish = finish_line(layout, geometry)
    nodes += finish
    avoid = guides(geometry)
    for info in infos:
        nodes += space_texts(layout, info, geometry, avoid)
    nodes += [caption(layout, info, geometry, avoid) for info in infos if info.label]
    nodes += infield_nodes(layout, plan, geometry)
    scene = Scene(geometry.width, height, tuple(nodes), title=words("title"))
    seams_x, seams_y = seams(geometry, text_boxes(scene.children), height, avoid)
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


def seams(geometry: Geometry, boxes, height: float,
          avoid: Guides | None = None) -> tuple[tuple[float, ...], tuple[float, ...]]:
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
    bends = [*_grid(geometry.width), *(avoid.xs if avoid else ())]
    xs += [x for x in bends if (x < xl - clear or x > xr + clear) and x_free(x)]
    cy = geometry.cy
    bands = [(cy - geometry.outer_radius, cy - geometry.inner_radius),
             (cy + geometry.inner_radius, cy + geometry.outer_radius)]
    ys = [y for y in [*_grid(height), *(avoid.ys if avoid else ())]
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


def board_json(layout: Layout, words: Words | None = None,
               planned: BoardPlan | None = None) -> dict:
    """Every space with its number, word, colour, tags, centre, outline and successor.

    ``planned``: the layout's :func:`board_plan` in ``words``, when it is already worked out.
    """
    words = words or words_for(layout)
    planned = planned or board_plan(layout, words)
    geometry, infos = planned.geometry, planned.infos
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
    plan = planned.plan
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
        "players": [{"number": n, "name": words("riders.rider", number=n), "color": color,
                     "mark": mark_for(n - 1)}
                    for n, color in enumerate(layout.riders.colors, start=1)],
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
