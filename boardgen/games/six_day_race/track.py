"""Track geometry in mm: the oval's straights and bends, and every space along it.

The track is laid out anticlockwise on the page (y down): along the bottom
straight to the right, up the right bend, left along the top straight and down
the left bend. A clockwise track is the same drawing mirrored left to right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from boardgen.games.six_day_race.model import Track
from boardgen.scene import PathCommand, Point, arc_commands


@dataclass(frozen=True)
class Space:
    """One space: a rectangle on a straight or an annular sector on a bend.

    ``along`` runs from 0 (where riders enter) to 1 (where they leave); ``across`` is
    the distance from the centre line, positive towards the outside of the oval.
    """

    number: int
    kind: Literal["straight", "bend"]
    start: Point                 # centre line where the space begins
    end: Point                   # centre line where it ends
    outward: Point               # unit normal pointing out of the oval (straights)
    pivot: Point | None          # centre of the bend
    start_deg: float = 0.0       # page angles (clockwise, y down) of the two edges on a bend
    end_deg: float = 0.0
    radius: float = 0.0          # centre-line radius on a bend
    half_width: float = 0.0

    def point(self, along: float, across: float = 0.0) -> Point:
        """A point of the space in (along, across) coordinates."""
        if self.kind == "straight":
            x = self.start[0] + along * (self.end[0] - self.start[0]) + across * self.outward[0]
            y = self.start[1] + along * (self.end[1] - self.start[1]) + across * self.outward[1]
            return (x, y)
        angle = math.radians(self.start_deg + along * (self.end_deg - self.start_deg))
        r = self.radius + across
        return (self.pivot[0] + r * math.cos(angle), self.pivot[1] + r * math.sin(angle))

    @property
    def center(self) -> Point:
        return self.point(0.5)

    @property
    def length(self) -> float:
        """Length along the centre line."""
        if self.kind == "straight":
            return math.dist(self.start, self.end)
        return self.radius * math.radians(abs(self.end_deg - self.start_deg))

    def outline_commands(self) -> tuple[PathCommand, ...]:
        """The closed outline: straight edges and circular arcs as Béziers."""
        if self.kind == "straight":
            corners = self.corners()
            return (("M", *corners[0]), *(("L", *p) for p in corners[1:]), ("Z",))
        cx, cy = self.pivot
        outer = arc_commands(cx, cy, self.radius + self.half_width, self.start_deg, self.end_deg)
        inner = arc_commands(cx, cy, self.radius - self.half_width, self.end_deg, self.start_deg,
                             move=False)
        return (*outer, *inner, ("Z",))

    def corners(self) -> tuple[Point, Point, Point, Point]:
        h = self.half_width
        return (self.point(0, h), self.point(1, h), self.point(1, -h), self.point(0, -h))

    def outline_points(self, max_step_deg: float = 2.0) -> list[Point]:
        """The outline as a polygon (arcs sampled at most ``max_step_deg`` apart)."""
        if self.kind == "straight":
            return list(self.corners())
        sweep = abs(self.end_deg - self.start_deg)
        steps = max(1, math.ceil(sweep / max_step_deg))
        outer = [self.point(i / steps, self.half_width) for i in range(steps + 1)]
        inner = [self.point(i / steps, -self.half_width) for i in reversed(range(steps + 1))]
        return outer + inner

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        """Whether ``p`` lies inside the space, at least ``pad`` mm from its edges."""
        along, across = self.local(p)
        reach = self.half_width - pad
        if abs(across) > reach:
            return False
        if self.kind == "straight":
            margin = pad / self.length
        else:
            margin = pad / ((self.radius + across) * math.radians(abs(self.end_deg - self.start_deg)))
        return margin <= along <= 1 - margin

    def local(self, p: Point) -> tuple[float, float]:
        """(along, across) of a page point."""
        if self.kind == "straight":
            dx, dy = self.end[0] - self.start[0], self.end[1] - self.start[1]
            px, py = p[0] - self.start[0], p[1] - self.start[1]
            along = (px * dx + py * dy) / (dx * dx + dy * dy)
            across = px * self.outward[0] + py * self.outward[1]
            return along, across
        dx, dy = p[0] - self.pivot[0], p[1] - self.pivot[1]
        angle = math.degrees(math.atan2(dy, dx))
        sweep = self.end_deg - self.start_deg
        offset = (angle - self.start_deg) % 360.0
        if sweep < 0:
            offset = (self.start_deg - angle) % 360.0
        if offset > 180:
            offset -= 360
        return offset / abs(sweep), math.hypot(dx, dy) - self.radius


@dataclass(frozen=True)
class Geometry:
    """The whole track on the board: its frame and its spaces in travel order from space 1.

    Its measures are worked out once: placing the text asks for them thousands of times.
    """

    track: Track

    @cached_property
    def width(self) -> float:
        return self.track.board_size_mm[0]

    @cached_property
    def height(self) -> float:
        return self.track.board_size_mm[1]

    @cached_property
    def radius(self) -> float:
        return self.track.bend_radius_mm

    @cached_property
    def half_width(self) -> float:
        return self.track.width_mm / 2

    @cached_property
    def outer_radius(self) -> float:
        return self.radius + self.half_width

    @cached_property
    def inner_radius(self) -> float:
        return self.radius - self.half_width

    @cached_property
    def cy(self) -> float:
        return self.track.margin_mm + self.outer_radius

    @cached_property
    def bend_centers(self) -> tuple[Point, Point]:
        """Centres of the left and right bends (in page terms, after any mirroring)."""
        left = self.track.margin_mm + self.outer_radius
        return ((left, self.cy), (left + self.track.straight_mm, self.cy))

    @cached_property
    def mirrored(self) -> bool:
        return self.track.direction == "clockwise"

    @cached_property
    def spaces(self) -> tuple[Space, ...]:
        """Every space, numbered from 1 (just after the start/finish line)."""
        ring = self._ring()
        first = self.track.line_position
        n = len(ring)
        ordered = [ring[(first + i) % n] for i in range(n)]
        return tuple(self._numbered(space, i + 1) for i, space in enumerate(ordered))

    def _numbered(self, space: Space, number: int) -> Space:
        if self.mirrored:
            space = mirror(space, self.width)
        return Space(number, space.kind, space.start, space.end, space.outward, space.pivot,
                     space.start_deg, space.end_deg, space.radius, space.half_width)

    def _ring(self) -> list[Space]:
        """The spaces anticlockwise from the left end of the bottom (home) straight."""
        t = self.track
        step = t.space_mm
        (xl, cy), (xr, _) = self.bend_centers
        rc, hw = self.radius, self.half_width
        first_bend, second_bend = t.bend_spaces
        ring: list[Space] = []
        for i in range(t.straight):
            ring.append(Space(0, "straight", (xl + i * step, cy + rc), (xl + (i + 1) * step, cy + rc),
                              (0.0, 1.0), None, half_width=hw))
        sweep = 180.0 / first_bend
        for j in range(first_bend):
            ring.append(Space(0, "bend", (0, 0), (0, 0), (0, 0), (xr, cy),
                              90.0 - j * sweep, 90.0 - (j + 1) * sweep, rc, hw))
        for i in range(t.straight):
            ring.append(Space(0, "straight", (xr - i * step, cy - rc), (xr - (i + 1) * step, cy - rc),
                              (0.0, -1.0), None, half_width=hw))
        sweep = 180.0 / second_bend
        for j in range(second_bend):
            ring.append(Space(0, "bend", (0, 0), (0, 0), (0, 0), (xl, cy),
                              270.0 - j * sweep, 270.0 - (j + 1) * sweep, rc, hw))
        return [s if s.kind == "straight" else _with_ends(s) for s in ring]

    def finish_line(self) -> tuple[Point, Point]:
        """The start/finish line across the track, between the last space and space 1."""
        first = self.spaces[0]
        return first.point(0, -self.half_width), first.point(0, self.half_width)

    def lane_offsets(self) -> tuple[float, ...]:
        """Distances from the centre line of the lines between lanes."""
        lanes, lane = self.track.lanes, self.track.lane_mm
        return tuple(-self.half_width + k * lane for k in range(1, lanes))

    def straight_x_range(self) -> tuple[float, float]:
        (xl, _), (xr, _) = self.bend_centers
        return xl, xr

    def infield_box(self) -> tuple[float, float, float, float]:
        """The rectangle between the straights (x0, y0, x1, y1)."""
        xl, xr = self.straight_x_range()
        return (xl, self.cy - self.inner_radius, xr, self.cy + self.inner_radius)


def _with_ends(space: Space) -> Space:
    """A bend space with its centre-line end points filled in."""
    return Space(space.number, space.kind, space.point(0), space.point(1), space.outward,
                 space.pivot, space.start_deg, space.end_deg, space.radius, space.half_width)


def mirror(space: Space, width: float) -> Space:
    """The space mirrored left to right on a board ``width`` mm wide."""
    def flip(p: Point) -> Point:
        return (width - p[0], p[1])

    if space.kind == "straight":
        return Space(space.number, "straight", flip(space.start), flip(space.end),
                     (-space.outward[0], space.outward[1]), None, half_width=space.half_width)
    return Space(space.number, "bend", flip(space.start), flip(space.end), space.outward,
                 flip(space.pivot), 180.0 - space.start_deg, 180.0 - space.end_deg,
                 space.radius, space.half_width)
