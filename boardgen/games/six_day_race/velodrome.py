"""What makes the oval read as a velodrome: banked bends, the track's coloured lines, sprint
lines, and the pictograms of the rider change and crash spaces."""

from __future__ import annotations

from boardgen.components import pictograms
from boardgen.games.six_day_race.model import Layout
from boardgen.games.six_day_race.track import Geometry, Space
from boardgen.scene import Line, Node, Path, PathCommand, Style, arc_commands

AZUR_MM = 3.0             # the blue band below the track's inner edge
MEASURING_AT = 0.04       # where the coloured lines run, as shares of the width from the inside
SPRINTERS_AT = 0.14
STAYERS_AT = 0.5
BANKING_STEPS = 4         # shaded strips across a bend, darker towards the outside
BANKING_INK = 0.16        # opacity of the outermost strip
SPRINT_BAND_MM = 3.2


def oval_commands(geometry: Geometry, radius: float) -> tuple[PathCommand, ...]:
    """A closed oval at ``radius`` from the bend centres."""
    return geometry.oval.ring_commands(radius)


def _half_ring(center, r_in: float, r_out: float, start: float, end: float) -> Path | list:
    cx, cy = center
    return (*arc_commands(cx, cy, r_out, start, end),
            *arc_commands(cx, cy, r_in, end, start, move=False), ("Z",))


def banking(geometry: Geometry) -> list[Node]:
    """Strips across both bends that darken towards the outside, as a banked bend looks."""
    (left, right) = geometry.bend_centers
    step = 2 * geometry.half_width / BANKING_STEPS
    nodes: list[Node] = []
    for k in range(1, BANKING_STEPS):
        r_in = geometry.inner_radius + k * step
        style = Style(fill="#000000", opacity=BANKING_INK * k / (BANKING_STEPS - 1))
        for center, start, end in ((right, 90.0, -90.0), (left, 270.0, 90.0)):
            nodes.append(Path(_half_ring(center, r_in, r_in + step, start, end), style))
    return nodes


def line_offsets(geometry: Geometry) -> dict[str, float]:
    """Distance from the centre line of the measuring, sprinters' and stayers' lines."""
    width = 2 * geometry.half_width
    return {name: -geometry.half_width + share * width
            for name, share in (("measuring_line", MEASURING_AT), ("sprinters_line", SPRINTERS_AT),
                                ("stayers_line", STAYERS_AT))}


def coloured_lines(layout: Layout, geometry: Geometry) -> list[Node]:
    """The côte d'azur inside the track, then the black, red and blue lines along it."""
    colors = layout.colors
    azur = geometry.inner_radius - AZUR_MM / 2
    nodes: list[Node] = [Path(oval_commands(geometry, azur),
                              Style(stroke=colors.cote_d_azur, stroke_mm=AZUR_MM))]
    widths = {"measuring_line": 0.7, "sprinters_line": 0.9, "stayers_line": 0.9}
    for name, offset in line_offsets(geometry).items():
        nodes.append(Path(oval_commands(geometry, geometry.radius + offset),
                          Style(stroke=colors.fill(name), stroke_mm=widths[name])))
    return nodes


def lane_lines(layout: Layout, geometry: Geometry) -> list[Node]:
    """Thin lines between drawn lanes, where no coloured line already runs."""
    taken = line_offsets(geometry).values()
    style = Style(stroke=layout.colors.track_edge, stroke_mm=0.5)
    return [Path(oval_commands(geometry, geometry.radius + offset), style)
            for offset in geometry.lane_offsets()
            if all(abs(offset - other) > 1.0 for other in taken)]


def sprint_line(layout: Layout, geometry: Geometry, space: Space) -> list[Node]:
    """A black line on a white band across the track where a sprint space begins."""
    hw = geometry.half_width
    inner, outer = space.point(0, -hw - AZUR_MM), space.point(0, hw)
    return [Line(*inner, *outer, Style(stroke="#ffffff", stroke_mm=SPRINT_BAND_MM)),
            Line(*inner, *outer, Style(stroke=layout.colors.finish_line, stroke_mm=1.2))]


# ---- pictograms ----------------------------------------------------------------


def pictogram(kind: str, cx: float, cy: float, r: float, ink: str, ground: str) -> list[Node]:
    """The pictogram of a named space, or none."""
    if kind == "rider-change":
        return pictograms.rider_change(cx, cy, r, ink)
    if kind == "crash":
        return pictograms.crash(cx, cy, r, ink, ground)
    return []
