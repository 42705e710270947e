"""The shapes of track spaces in millimetres: squares on a grid, rectangles on a straight,
annular sectors on a bend, pieces of a round spiral.

Every shape answers the same questions: a point at (``along``, ``across``) (``along`` from
0 where a piece comes in to 1 where it leaves, ``across`` from the centre line in mm,
positive to the left of travel for straights and outwards for curves), its outline as
path commands and as a polygon, its centre and length, and whether a point lies inside.
Drawing code places numbers, words and pictograms with them, whatever the track's shape.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

from boardgen.scene import PathCommand, Point, arc_commands

MAX_STEP_DEG = 2.0   # curves become polygons with corners at most this far apart


class Shape:
    """What every space shape provides; see the module's docstring."""

    half_width: float

    def point(self, along: float, across: float = 0.0) -> Point:
        raise NotImplementedError

    def outline_commands(self) -> tuple[PathCommand, ...]:
        raise NotImplementedError

    def outline_points(self) -> list[Point]:
        raise NotImplementedError

    @property
    def length(self) -> float:
        raise NotImplementedError

    @property
    def center(self) -> Point:
        return self.point(0.5)

    def heading(self, along: float = 0.5) -> float:
        """The direction of travel at ``along``, in page degrees (0 east, 90 south)."""
        a, b = self.point(max(0.0, along - 0.01)), self.point(min(1.0, along + 0.01))
        return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))

    def box(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the outline."""
        points = self.outline_points()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        """Whether ``p`` lies inside the outline, at least ``pad`` mm from its edges."""
        return _inside(self.outline_points(), p) and _distance_to_edges(
            self.outline_points(), p) >= pad


@dataclass(frozen=True)
class Rectangle(Shape):
    """A straight space from ``start`` to ``end`` on its centre line, ``2 * half_width`` wide;
    ``outward`` is the unit normal that ``across`` counts along."""

    start: Point
    end: Point
    half_width: float
    outward: Point
    kind = "straight"

    def point(self, along: float, across: float = 0.0) -> Point:
        return (self.start[0] + along * (self.end[0] - self.start[0]) + across * self.outward[0],
                self.start[1] + along * (self.end[1] - self.start[1]) + across * self.outward[1])

    @property
    def length(self) -> float:
        return math.dist(self.start, self.end)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        h = self.half_width
        return (self.point(0, h), self.point(1, h), self.point(1, -h), self.point(0, -h))

    def outline_commands(self) -> tuple[PathCommand, ...]:
        corners = self.corners()
        return (("M", *corners[0]), *(("L", *p) for p in corners[1:]), ("Z",))

    def outline_points(self) -> list[Point]:
        return list(self.corners())

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        dx, dy = self.end[0] - self.start[0], self.end[1] - self.start[1]
        px, py = p[0] - self.start[0], p[1] - self.start[1]
        along = (px * dx + py * dy) / (dx * dx + dy * dy)
        across = px * self.outward[0] + py * self.outward[1]
        margin = pad / self.length
        return abs(across) <= self.half_width - pad and margin <= along <= 1 - margin


def square(x: float, y: float, size: float, heading: float = 0.0) -> Rectangle:
    """A square cell with its top-left corner at (x, y), travelled in ``heading`` degrees
    (0 east, 90 south, 180 west, 270 north)."""
    cx, cy, h = x + size / 2, y + size / 2, size / 2
    dx, dy = round(math.cos(math.radians(heading))), round(math.sin(math.radians(heading)))
    return Rectangle((cx - dx * h, cy - dy * h), (cx + dx * h, cy + dy * h), h, (dy, -dx))


@dataclass(frozen=True)
class Sector(Shape):
    """A bend space: the ring between ``radius - half_width`` and ``radius + half_width`` round
    ``pivot``, from ``start_deg`` to ``end_deg`` (page angles, clockwise, y down)."""

    pivot: Point
    radius: float
    half_width: float
    start_deg: float
    end_deg: float
    kind = "bend"

    def point(self, along: float, across: float = 0.0) -> Point:
        angle = math.radians(self.start_deg + along * (self.end_deg - self.start_deg))
        r = self.radius + across
        return (self.pivot[0] + r * math.cos(angle), self.pivot[1] + r * math.sin(angle))

    @property
    def length(self) -> float:
        return self.radius * math.radians(abs(self.end_deg - self.start_deg))

    def outline_commands(self) -> tuple[PathCommand, ...]:
        cx, cy = self.pivot
        outer = arc_commands(cx, cy, self.radius + self.half_width, self.start_deg, self.end_deg)
        inner = arc_commands(cx, cy, self.radius - self.half_width, self.end_deg,
                             self.start_deg, move=False)
        return (*outer, *inner, ("Z",))

    def outline_points(self) -> list[Point]:
        steps = max(1, math.ceil(abs(self.end_deg - self.start_deg) / MAX_STEP_DEG))
        outer = [self.point(i / steps, self.half_width) for i in range(steps + 1)]
        inner = [self.point(i / steps, -self.half_width) for i in reversed(range(steps + 1))]
        return outer + inner

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        dx, dy = p[0] - self.pivot[0], p[1] - self.pivot[1]
        across = math.hypot(dx, dy) - self.radius
        if abs(across) > self.half_width - pad:
            return False
        sweep = self.end_deg - self.start_deg
        angle = math.degrees(math.atan2(dy, dx))
        offset = ((angle - self.start_deg) if sweep > 0 else (self.start_deg - angle)) % 360.0
        if offset > 180:
            offset -= 360
        along = offset / abs(sweep)
        margin = pad / ((self.radius + across) * math.radians(abs(sweep)))
        return margin <= along <= 1 - margin


@dataclass(frozen=True)
class Strip(Shape):
    """A space along a sampled curve (a round spiral): the centre line as points with unit
    normals pointing away from the curve's centre, ``2 * half_width`` wide."""

    points: tuple[Point, ...]
    normals: tuple[Point, ...]
    half_width: float

    @cached_property
    def _lengths(self) -> tuple[float, ...]:
        total, lengths = 0.0, [0.0]
        for a, b in zip(self.points, self.points[1:]):
            total += math.dist(a, b)
            lengths.append(total)
        return tuple(lengths)

    @property
    def length(self) -> float:
        return self._lengths[-1]

    def point(self, along: float, across: float = 0.0) -> Point:
        target = min(max(along, 0.0), 1.0) * self.length
        i = min(max(bisect.bisect_right(self._lengths, target) - 1, 0), len(self.points) - 2)
        span = self._lengths[i + 1] - self._lengths[i]
        t = (target - self._lengths[i]) / span if span else 0.0
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        (nx0, ny0), (nx1, ny1) = self.normals[i], self.normals[i + 1]
        nx, ny = nx0 + t * (nx1 - nx0), ny0 + t * (ny1 - ny0)
        norm = math.hypot(nx, ny) or 1.0
        return (x0 + t * (x1 - x0) + across * nx / norm, y0 + t * (y1 - y0) + across * ny / norm)

    def outline_points(self) -> list[Point]:
        h = self.half_width
        outer = [(x + h * nx, y + h * ny) for (x, y), (nx, ny) in zip(self.points, self.normals)]
        inner = [(x - h * nx, y - h * ny) for (x, y), (nx, ny) in zip(self.points, self.normals)]
        return outer + inner[::-1]

    def outline_commands(self) -> tuple[PathCommand, ...]:
        points = [(round(x, 4), round(y, 4)) for x, y in self.outline_points()]
        return (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))


@dataclass(frozen=True)
class Disc(Shape):
    """A round space (the goal in the middle of a spiral), entered from ``entry_deg``."""

    pivot: Point
    radius: float
    entry_deg: float = 90.0

    @property
    def half_width(self) -> float:  # type: ignore[override]
        return self.radius

    def point(self, along: float, across: float = 0.0) -> Point:
        a = math.radians(self.entry_deg)
        toward = (-math.cos(a), -math.sin(a))  # from the entry across the middle
        side = (-toward[1], toward[0])
        d = (along - 0.5) * 2 * self.radius
        return (self.pivot[0] + d * toward[0] + across * side[0],
                self.pivot[1] + d * toward[1] + across * side[1])

    @property
    def length(self) -> float:
        return 2 * self.radius

    def outline_commands(self) -> tuple[PathCommand, ...]:
        return (*arc_commands(*self.pivot, self.radius, 0.0, 360.0), ("Z",))

    def outline_points(self) -> list[Point]:
        steps = int(360 / MAX_STEP_DEG)
        return [(self.pivot[0] + self.radius * math.cos(math.radians(k * MAX_STEP_DEG)),
                 self.pivot[1] + self.radius * math.sin(math.radians(k * MAX_STEP_DEG)))
                for k in range(steps)]

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        return math.dist(p, self.pivot) <= self.radius - pad


def _inside(polygon: Sequence[Point], p: Point) -> bool:
    """Even-odd test of a point against a polygon."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _distance_to_edges(polygon: Sequence[Point], p: Point) -> float:
    best = math.inf
    for a, b in zip(polygon, [*polygon[1:], polygon[0]]):
        best = min(best, _segment_distance(a, b, p))
    return best


def _segment_distance(a: Point, b: Point, p: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == dy == 0:
        return math.dist(a, p)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist((a[0] + t * dx, a[1] + t * dy), p)


# ---- whole tracks -----------------------------------------------------------------------


@dataclass(frozen=True)
class Oval:
    """An oval of two straights and two bends, ``lanes`` lanes of ``lane_mm`` wide, cut into
    ``spaces`` spaces of equal centre-line length ``space_mm`` (the six-day velodrome's
    geometry). Laid out anticlockwise on the page from the left end of the bottom straight;
    ``clockwise`` mirrors it left to right. Space 1 starts ``first`` spaces along the ring."""

    spaces: int
    straight: int
    space_mm: float
    lanes: int = 1
    lane_mm: float = 20.0
    margin_mm: float = 10.0
    clockwise: bool = False
    first: int = 0
    top_mm: float = 0.0  # room above the oval (a title band)

    @property
    def half_width(self) -> float:
        return self.lanes * self.lane_mm / 2

    @property
    def bend_spaces(self) -> tuple[int, int]:
        rest = self.spaces - 2 * self.straight
        return rest // 2, rest - rest // 2

    @property
    def radius(self) -> float:
        """Centre-line radius of the bends, so bend spaces are as long as straight ones (with
        an odd number of bend spaces the second bend holds one more, each a little shorter)."""
        return (self.spaces - 2 * self.straight) / 2 * self.space_mm / math.pi

    @property
    def straight_length(self) -> float:
        """The length of each straight along its centre line."""
        return self.straight * self.space_mm

    @property
    def size(self) -> tuple[float, float]:
        outer = self.radius + self.half_width
        return (self.straight_length + 2 * outer + 2 * self.margin_mm,
                self.top_mm + 2 * outer + 2 * self.margin_mm)

    @property
    def centres(self) -> tuple[Point, Point]:
        """The left and right bends' centres."""
        left = self.margin_mm + self.radius + self.half_width
        cy = self.top_mm + self.margin_mm + self.radius + self.half_width
        return (left, cy), (left + self.straight_length, cy)

    @property
    def inner_radius(self) -> float:
        """The track's inner edge in the bends."""
        return self.radius - self.half_width

    @property
    def outer_radius(self) -> float:
        return self.radius + self.half_width

    @property
    def infield_box(self) -> tuple[float, float, float, float]:
        """The rectangle between the straights (x0, y0, x1, y1)."""
        (xl, cy), (xr, _) = self.centres
        return (xl, cy - self.inner_radius, xr, cy + self.inner_radius)

    def finish_line(self) -> tuple[Point, Point]:
        """The start/finish line across the track, where the last space meets space 1."""
        first = self.shapes[0]
        return first.point(0, -self.half_width), first.point(0, self.half_width)

    def capacity(self, piece_mm: float) -> int:
        """Pieces ``piece_mm`` square that stand on the smallest space (a bend's, if any): a
        layout whose pieces may all share a space (the six-day riders) checks its oval so."""
        width = 2 * self.half_width
        straight = _straight_capacity(self.space_mm, width, piece_mm)
        if self.spaces == 2 * self.straight:
            return straight
        sweep = math.pi / max(self.bend_spaces)
        return min(straight, _bend_capacity(self.inner_radius, sweep, width, piece_mm))

    @cached_property
    def shapes(self) -> tuple[Shape, ...]:
        """Every space's shape from space 1 in the direction of travel."""
        (xl, cy), (xr, _) = self.centres
        step, rc, hw = self.space_mm, self.radius, self.half_width
        first_bend, second_bend = self.bend_spaces
        ring: list[Shape] = []
        for i in range(self.straight):
            ring.append(Rectangle((xl + i * step, cy + rc), (xl + (i + 1) * step, cy + rc), hw,
                                  (0.0, 1.0)))
        for j in range(first_bend):
            sweep = 180.0 / first_bend
            ring.append(Sector((xr, cy), rc, hw, 90.0 - j * sweep, 90.0 - (j + 1) * sweep))
        for i in range(self.straight):
            ring.append(Rectangle((xr - i * step, cy - rc), (xr - (i + 1) * step, cy - rc), hw,
                                  (0.0, -1.0)))
        for j in range(second_bend):
            sweep = 180.0 / second_bend
            ring.append(Sector((xl, cy), rc, hw, 270.0 - j * sweep, 270.0 - (j + 1) * sweep))
        ordered = [ring[(self.first + k) % len(ring)] for k in range(len(ring))]
        return tuple(_mirrored(s, self.size[0]) for s in ordered) if self.clockwise else \
            tuple(ordered)

    def edge_commands(self, offset: float) -> tuple[PathCommand, ...]:
        """A closed line round the oval at ``offset`` mm from the centre line (outwards +)."""
        return self.ring_commands(self.radius + offset)

    def ring_commands(self, r: float) -> tuple[PathCommand, ...]:
        """A closed line round the oval at ``r`` mm from the bends' centres."""
        (xl, cy), (xr, _) = self.centres
        commands = (("M", xl, cy + r), ("L", xr, cy + r), *arc_commands(xr, cy, r, 90, -90, move=False),
                    ("L", xl, cy - r), *arc_commands(xl, cy, r, 270, 90, move=False), ("Z",))
        if not self.clockwise:
            return commands
        width = self.size[0]
        return tuple((c[0], *[width - v if i % 2 == 0 else v for i, v in enumerate(c[1:])])
                     for c in commands)

    def lane_offsets(self) -> tuple[float, ...]:
        """Offsets from the centre line of the lines between lanes."""
        return tuple(-self.half_width + k * self.lane_mm for k in range(1, self.lanes))


def _piece_rows(track_width: float, piece_mm: float) -> int:
    """Pieces standing side by side across the track (a standee's feet make it as deep as
    wide)."""
    return int(track_width / piece_mm + 1e-9)


def _straight_capacity(space_mm: float, track_width: float, piece_mm: float) -> int:
    """Pieces that stand on one straight space."""
    return int(space_mm / piece_mm + 1e-9) * _piece_rows(track_width, piece_mm)


def _bend_capacity(inner_radius: float, sweep_rad: float, track_width: float,
                   piece_mm: float) -> int:
    """Pieces that stand on one bend space, in rows from the inside: a row is as long as the
    chord at its inner edge, where the wedge is narrowest, and its outer corners stay on the
    track."""
    outer = inner_radius + track_width
    total = 0
    for row in range(_piece_rows(track_width, piece_mm)):
        radius = inner_radius + row * piece_mm
        chord = 2 * radius * math.sin(sweep_rad / 2)
        count = int(chord / piece_mm + 1e-9)
        while count and math.hypot(radius + piece_mm, count * piece_mm / 2) > outer + 1e-9:
            count -= 1
        total += count
    return total


def _mirrored(shape: Shape, width: float) -> Shape:
    def flip(p: Point) -> Point:
        return (width - p[0], p[1])

    if isinstance(shape, Rectangle):
        return Rectangle(flip(shape.start), flip(shape.end), shape.half_width,
                         (-shape.outward[0], shape.outward[1]))
    assert isinstance(shape, Sector)
    return Sector(flip(shape.pivot), shape.radius, shape.half_width, 180.0 - shape.start_deg,
                  180.0 - shape.end_deg)


@dataclass(frozen=True)
class Spiral:
    """A round spiral of ``spaces`` spaces, each ``space_mm`` long on the centre line and
    ``width_mm`` across, winding in from the outside (space 1) to a round last space in the
    middle of ``centre_mm`` radius; its turns touch. ``clockwise``: the way pieces travel."""

    spaces: int
    space_mm: float
    width_mm: float
    centre_mm: float
    margin_mm: float = 10.0
    clockwise: bool = True
    start_deg: float = 90.0  # where the outermost space begins: 90 is straight below the middle
    top_mm: float = 0.0  # room above the spiral (a title band)

    @property
    def pitch(self) -> float:
        """Growth of the centre line's radius per radian."""
        return self.width_mm / (2 * math.pi)

    @property
    def inner_radius(self) -> float:
        """Centre-line radius where the band meets the middle space."""
        return self.centre_mm + self.width_mm / 2

    @cached_property
    def _table(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Angle turned from the inner end (radians) against centre-line length from it."""
        length = (self.spaces - 1) * self.space_mm
        step = math.radians(0.5)
        angles, lengths, theta, total = [0.0], [0.0], 0.0, 0.0
        while total < length:
            r = self.inner_radius + self.pitch * (theta + step / 2)
            total += step * math.hypot(r, self.pitch)
            theta += step
            angles.append(theta)
            lengths.append(total)
        return tuple(angles), tuple(lengths)

    def _angle_at(self, length: float) -> float:
        angles, lengths = self._table
        i = min(max(bisect.bisect_right(lengths, length) - 1, 0), len(lengths) - 2)
        t = (length - lengths[i]) / (lengths[i + 1] - lengths[i])
        return angles[i] + t * (angles[i + 1] - angles[i])

    @property
    def outer_radius(self) -> float:
        """The outermost edge of the band."""
        return self.inner_radius + self.pitch * self._table[0][-1] + self.width_mm / 2

    @property
    def size(self) -> tuple[float, float]:
        side = 2 * (self.outer_radius + self.margin_mm)
        return side, self.top_mm + side

    @property
    def pivot(self) -> Point:
        return self.size[0] / 2, self.top_mm + self.size[0] / 2

    def _page(self, theta: float, across: float = 0.0) -> tuple[Point, Point]:
        """The page point at ``theta`` from the inner end, ``across`` outwards, and the normal."""
        total = self._table[0][-1]
        sign = 1.0 if self.clockwise else -1.0  # travel inwards clockwise: the angle grows
        page = math.radians(self.start_deg) + sign * (total - theta)
        r = self.inner_radius + self.pitch * theta + across
        cx, cy = self.pivot
        normal = (math.cos(page), math.sin(page))
        return (cx + r * normal[0], cy + r * normal[1]), normal

    @cached_property
    def shapes(self) -> tuple[Shape, ...]:
        """Every space from the outermost (1) to the middle one."""
        total = (self.spaces - 1) * self.space_mm
        shapes: list[Shape] = []
        for k in range(self.spaces - 1):
            far, near = total - k * self.space_mm, total - (k + 1) * self.space_mm
            a0, a1 = self._angle_at(far), self._angle_at(near)
            steps = max(2, math.ceil(math.degrees(a0 - a1) / MAX_STEP_DEG))
            samples = [self._page(a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]
            shapes.append(Strip(tuple((round(p[0], 4), round(p[1], 4)) for p, _ in samples),
                                tuple(n for _, n in samples), self.width_mm / 2))
        entry = math.degrees(math.radians(self.start_deg) + (1 if self.clockwise else -1)
                             * self._table[0][-1])
        shapes.append(Disc(self.pivot, self.centre_mm, entry % 360.0))
        return tuple(shapes)

    def edge_points(self, across: float) -> list[Point]:
        """The band's edge (``across`` = ± half the width) from the outside in."""
        total = self._table[0][-1]
        steps = max(2, math.ceil(math.degrees(total) / MAX_STEP_DEG))
        return [self._page(total * (1 - i / steps), across)[0] for i in range(steps + 1)]
