"""What an oval track board draws beyond its spaces, after the six-day velodrome: banked
bends, the coloured lines along the track, lines across it (the chequered start/finish line,
a sprint line), the edges between spaces in a dark line with light sides, numbers set large
in the outer half of each space and moved off the lines the board may be cut along, words
in the infield beside their spaces, and those cut lines themselves.

Every function takes the laid-out :class:`~boardgen.geometry.shapes.Oval` and plain values
(colours, sizes), so the rules' figures draw parts of the board as the board does.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.components import pictograms
from boardgen.components.text import box as text_box, centred, centred_box
from boardgen.geometry.shapes import Oval, Shape
from boardgen.scene import (IDENTITY, Group, Line, Node, Path, Polygon, Style, Text,
                            arc_commands, ink_on)

AZUR_MM = 3.0             # the blue band below the track's inner edge
# where the coloured lines run, as shares of the width from the inside
LINE_SHARES = {"measuring": 0.04, "sprinters": 0.14, "stayers": 0.5}
LINE_WIDTHS_MM = {"measuring": 0.7, "sprinters": 0.9, "stayers": 0.9}
BANKING_STEPS = 4         # shaded strips across a bend, darker towards the outside
BANKING_INK = 0.16        # opacity of the outermost strip
CROSS_BAND_MM = 3.2       # the white band under a line across the track
CHECKER_COLUMNS = 2
LABEL_MM = 5.0            # a word in the infield beside its space
CAPTION_GAP_MM = 1.2      # between the côte d'azur and such a word
PICTOGRAM_SHARE = 0.34    # pictogram radius as a share of the track width
MIN_TEXT_MM = 2.6
TEXT_PAD_MM = 1.6
SEAM_CLEARANCE_MM = 2.5
SEAM_STEP_MM = 4.0
GUIDE_Y_MM = 40.0         # rows of the bends kept free of text, so the board can be cut across
# (along, across mm) moves of a bend's number off the guide lines, nearest first
NUDGES = tuple(sorted(((a / 20, b) for a in range(-9, 10)
                       for b in (0.0, -2.0, 2.0, -4.0, 4.0, -6.0, 6.0)),
                      key=lambda m: (abs(m[0]) * 24 + abs(m[1]), m)))


# ---- lines along the track ---------------------------------------------------------------


def _half_ring(center, r_in: float, r_out: float, start: float, end: float) -> tuple:
    cx, cy = center
    return (*arc_commands(cx, cy, r_out, start, end),
            *arc_commands(cx, cy, r_in, end, start, move=False), ("Z",))


def banking(oval: Oval) -> list[Node]:
    """Strips across both bends that darken towards the outside, as a banked bend looks."""
    (left, right) = oval.centres
    step = 2 * oval.half_width / BANKING_STEPS
    nodes: list[Node] = []
    for k in range(1, BANKING_STEPS):
        r_in = oval.inner_radius + k * step
        style = Style(fill="#000000", opacity=BANKING_INK * k / (BANKING_STEPS - 1))
        for center, start, end in ((right, 90.0, -90.0), (left, 270.0, 90.0)):
            nodes.append(Path(_half_ring(center, r_in, r_in + step, start, end), style))
    return nodes


def line_offsets(oval: Oval) -> dict[str, float]:
    """Distance from the centre line of the measuring, sprinters' and stayers' lines."""
    width = 2 * oval.half_width
    return {name: -oval.half_width + share * width for name, share in LINE_SHARES.items()}


def coloured_lines(oval: Oval, azur: str | None, colours: dict[str, str | None]) -> list[Node]:
    """The côte d'azur inside the track, then the measuring, sprinters' and stayers' lines
    along it, each in its colour (None: not drawn)."""
    nodes: list[Node] = []
    if azur:
        nodes.append(Path(oval.ring_commands(oval.inner_radius - AZUR_MM / 2),
                          Style(stroke=azur, stroke_mm=AZUR_MM)))
    for name, offset in line_offsets(oval).items():
        if colours.get(name):
            nodes.append(Path(oval.ring_commands(oval.radius + offset),
                              Style(stroke=colours[name], stroke_mm=LINE_WIDTHS_MM[name])))
    return nodes


def lane_lines(oval: Oval, edge: str, colours: dict[str, str | None]) -> list[Node]:
    """Thin lines between drawn lanes, where no coloured line already runs."""
    taken = [offset for name, offset in line_offsets(oval).items() if colours.get(name)]
    style = Style(stroke=edge, stroke_mm=0.5)
    return [Path(oval.ring_commands(oval.radius + offset), style)
            for offset in oval.lane_offsets()
            if all(abs(offset - other) > 1.0 for other in taken)]


def track_lines(oval: Oval, edge: str, azur: str | None,
                colours: dict[str, str | None]) -> list[Node]:
    """The côte d'azur, the coloured lines, thin lines between lanes and the track's edges."""
    style = Style(stroke=edge, stroke_mm=1.1)
    nodes = coloured_lines(oval, azur, colours) + lane_lines(oval, edge, colours)
    nodes += [Path(oval.ring_commands(radius), style)
              for radius in (oval.outer_radius, oval.inner_radius)]
    return nodes


def space_boundaries(oval: Oval, light: str, dark: str) -> list[Node]:
    """The edge between each two spaces: a dark line with light sides, seen on any colour."""
    hw = oval.half_width
    light_style, dark_style = Style(stroke=light, stroke_mm=1.3), Style(stroke=dark, stroke_mm=0.45)
    ends = [(s.point(0, -hw), s.point(0, hw)) for s in oval.shapes]
    return ([Line(*a, *b, light_style) for a, b in ends]
            + [Line(*a, *b, dark_style) for a, b in ends])


# ---- lines across the track --------------------------------------------------------------


def cross_line(oval: Oval, shape: Shape, color: str, azur: bool) -> list[Node]:
    """A line on a white band across the track (and its côte d'azur) where ``shape`` begins."""
    hw = oval.half_width
    inner, outer = shape.point(0, -hw - (AZUR_MM if azur else 0.0)), shape.point(0, hw)
    return [Line(*inner, *outer, Style(stroke="#ffffff", stroke_mm=CROSS_BAND_MM)),
            Line(*inner, *outer, Style(stroke=color, stroke_mm=1.2))]


def finish_line(oval: Oval, color: str, azur: bool) -> list[Node]:
    """A bold chequered band across the track (and its côte d'azur), where the last space
    meets space 1."""
    first = oval.shapes[0]
    low, high = -oval.half_width - (AZUR_MM if azur else 0.0), oval.half_width
    rows = max(4, round((high - low) / 6))
    cell = (high - low) / rows
    along = cell / first.length

    def band(a0: float, a1: float, b0: float, b1: float) -> tuple:
        return (first.point(a0, b0), first.point(a1, b0), first.point(a1, b1), first.point(a0, b1))

    nodes: list[Node] = [Polygon(band(-along, along, low, high), Style(fill="#ffffff"))]
    for column in range(CHECKER_COLUMNS):
        a0 = -along + column * along
        for row in range(rows):
            if (row + column) % 2 == 0:
                b0 = low + row * cell
                nodes.append(Polygon(band(a0, a0 + along, b0, b0 + cell), Style(fill=color)))
    nodes.append(Polygon(band(-along, along, low, high), Style(stroke=color, stroke_mm=0.9)))
    return nodes


# ---- numbers, pictograms and words ---------------------------------------------------------


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


def guides(oval: Oval, xs: tuple[float, ...]) -> Guides:
    """The guide lines: ``xs`` (the infield's lattice) and rows clear of the strip beside the
    straights, where the words of the spaces stand."""
    cy, reach = oval.centres[0][1], oval.outer_radius
    steps = int(reach // GUIDE_Y_MM)
    strip = AZUR_MM + CAPTION_GAP_MM + LABEL_MM + 2 * SEAM_CLEARANCE_MM
    ys = tuple(cy + k * GUIDE_Y_MM for k in range(-steps, steps + 1)
               if abs(k * GUIDE_Y_MM) < oval.inner_radius - strip)
    return Guides(xs, ys)


def fitted_text(space: Shape, across: float, text: str, size: float, font: str,
                fill: str, avoid: Guides | None = None) -> Text:
    """Upright text at ``across`` in the space, shrunk until it fits; in a bend moved along the
    space, if it can be, off the guide lines."""
    nudges = NUDGES if avoid is not None and space.kind == "bend" else ((0, 0),)
    largest = size
    while True:
        first_fit = None
        for along, aside in nudges:
            cx, cy = space.point(0.5 + along, across + aside)
            box = centred_box(cx, cy, text, size, font)
            if box_inside(space, box, TEXT_PAD_MM):
                first_fit = first_fit or (cx, cy)
                if avoid is None or not avoid.crossed(box):
                    return centred(cx, cy, text, size, font=font, fill=fill)
        if first_fit and size <= largest * 0.94:
            return centred(*first_fit, text, size, font=font, fill=fill)
        if size <= MIN_TEXT_MM:
            cx, cy = space.point(0.5, across)
            return centred(cx, cy, text, size, font=font, fill=fill)
        size = max(MIN_TEXT_MM, size * 0.94)


def box_inside(space: Shape, box: tuple[float, float, float, float], pad: float) -> bool:
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym)]
    return all(space.contains(p, pad) for p in points)


def space_texts(oval: Oval, space: Shape, number: int | None, pictogram: str | None, fill: str,
                ink: str, number_mm: float, avoid: Guides | None,
                uses: set | None = None) -> list[Node]:
    """The number in the outer half of the space; a pictogram, if any, in the inner half."""
    on_fill = ink_on(fill, dark=ink)
    quarter = oval.half_width / 2
    nodes: list[Node] = []
    if number is not None:
        nodes.append(fitted_text(space, quarter, str(number), number_mm, "bold", on_fill, avoid))
    if pictogram:
        cx, cy = space.point(0.5, -quarter)
        radius = min(oval.half_width * 2 * PICTOGRAM_SHARE / 2, space.length * 0.3)
        nodes += pictograms.draw(pictogram, cx, cy, radius, on_fill, fill, uses)
    return nodes


def caption(oval: Oval, space: Shape, word: str, ink: str, azur: bool, avoid: Guides) -> Text:
    """A space's word in the infield beside it, clear of the côte d'azur and, moved along
    the track as little as needed, of the guide lines."""
    first = None
    for shift in range(0, 61):
        for sign in ((1,) if shift == 0 else (1, -1)):
            node = _caption_at(oval, space, word, ink, azur, 0.5 + sign * shift / space.length)
            first = first or node
            if not avoid.crossed(text_box(node)):
                return node
    return first


def _caption_at(oval: Oval, space: Shape, word: str, ink: str, azur: bool,
                along: float) -> Text:
    """The caption at ``along`` on its space, just far enough inside the track."""
    clear = oval.half_width + (AZUR_MM if azur else 0.0) + CAPTION_GAP_MM
    depth = clear
    while True:
        cx, cy = space.point(along, -depth)
        x0, y0, x1, y1 = centred_box(cx, cy, word, LABEL_MM, "bold")
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        if all(_inside_by(oval, p) >= clear for p in corners) or depth > 4 * clear:
            return centred(cx, cy, word, LABEL_MM, font="bold", fill=ink)
        depth += 0.5


def _inside_by(oval: Oval, p) -> float:
    """How far a point lies inside the track's centre line (negative: outside it)."""
    (xl, cy), (xr, _) = oval.centres
    x = min(max(p[0], xl), xr)
    return oval.radius - ((p[0] - x) ** 2 + (p[1] - cy) ** 2) ** 0.5


# ---- where the board may be cut ----------------------------------------------------------


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


def seams(oval: Oval, boxes, height: float,
          avoid: Guides | None = None) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Lines where the board may be cut between pages, none of them through any text.

    Across the straights only the space boundaries qualify; in the bends, the infield and
    the margins any line does that keeps clear of the numbers and words.
    """
    (xl, cy), (xr, _) = oval.centres
    clear = SEAM_CLEARANCE_MM

    def x_free(x: float, margin: float = clear) -> bool:
        return all(not (b[0] - margin < x < b[2] + margin) for b in boxes)

    def y_free(y: float) -> bool:
        return all(not (b[1] - clear < y < b[3] + clear) for b in boxes)

    # text inside a space keeps TEXT_PAD_MM from its edges, so a boundary needs less room
    boundaries = [xl + k * oval.space_mm for k in range(oval.straight + 1)]
    xs = [x for x in boundaries if x_free(x, TEXT_PAD_MM * 0.6)]
    bends = [*_grid(oval.size[0]), *(avoid.xs if avoid else ())]
    xs += [x for x in bends if (x < xl - clear or x > xr + clear) and x_free(x)]
    bands = [(cy - oval.outer_radius, cy - oval.inner_radius),
             (cy + oval.inner_radius, cy + oval.outer_radius)]
    ys = [y for y in [*_grid(height), *(avoid.ys if avoid else ())]
          if not any(lo - clear < y < hi + clear for lo, hi in bands)]
    ys += [cy + sign * (oval.radius + offset) for sign in (-1, 1)
           for offset in (-oval.half_width, *oval.lane_offsets(), oval.half_width)]
    if all(count % 2 == 0 for count in oval.bend_spaces):
        ys.append(cy)
    return (tuple(sorted({round(x, 3) for x in xs})),
            tuple(sorted({round(y, 3) for y in ys if y_free(y)})))


def _grid(length: float) -> list[float]:
    count = int(length // SEAM_STEP_MM)
    return [k * SEAM_STEP_MM for k in range(1, count) if k * SEAM_STEP_MM < length - SEAM_STEP_MM]
