"""The velodrome's oval in mm: the shared oval track (:class:`boardgen.geometry.shapes.Oval`)
of the layout's proportions, its spaces numbered from the start/finish line.

The oval is laid out anticlockwise on the page (y down): along the bottom straight to the
right, up the right bend, left along the top straight and down the left bend; a clockwise
track is the same drawing mirrored left to right.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boardgen.games.six_day_race.model import Track
from boardgen.geometry.shapes import Oval, Shape
from boardgen.scene import PathCommand, Point


@dataclass(frozen=True)
class Space:
    """A numbered space of the oval: its shape (a rectangle on a straight, a sector on a
    bend) and the number it prints. ``along`` runs from 0 where riders enter to 1 where they
    leave; ``across`` from the centre line, positive towards the outside."""

    number: int
    shape: Shape

    @property
    def kind(self) -> str:
        return self.shape.kind

    @property
    def start(self) -> Point:
        return self.shape.point(0.0)

    @property
    def end(self) -> Point:
        return self.shape.point(1.0)

    @property
    def center(self) -> Point:
        return self.shape.point(0.5)

    @property
    def length(self) -> float:
        return self.shape.length

    def point(self, along: float, across: float = 0.0) -> Point:
        return self.shape.point(along, across)

    def contains(self, p: Point, pad: float = 0.0) -> bool:
        return self.shape.contains(p, pad)

    def outline_commands(self) -> tuple[PathCommand, ...]:
        return self.shape.outline_commands()

    def outline_points(self) -> list[Point]:
        return self.shape.outline_points()


@dataclass(frozen=True)
class Geometry:
    """The whole track on the board: its frame and its spaces in travel order from space 1.

    Its measures are worked out once: placing the text asks for them thousands of times.
    """

    track: Track

    @cached_property
    def oval(self) -> Oval:
        t = self.track
        return Oval(t.spaces, t.straight, t.space_mm, t.lanes, t.lane_mm, t.margin_mm,
                    t.direction == "clockwise", t.line_position)

    @cached_property
    def width(self) -> float:
        return self.oval.size[0]

    @cached_property
    def height(self) -> float:
        return self.oval.size[1]

    @cached_property
    def radius(self) -> float:
        return self.oval.radius

    @cached_property
    def half_width(self) -> float:
        return self.oval.half_width

    @cached_property
    def outer_radius(self) -> float:
        return self.radius + self.half_width

    @cached_property
    def inner_radius(self) -> float:
        return self.radius - self.half_width

    @cached_property
    def cy(self) -> float:
        return self.oval.centres[0][1]

    @cached_property
    def bend_centers(self) -> tuple[Point, Point]:
        """Centres of the left and right bends."""
        return self.oval.centres

    @cached_property
    def mirrored(self) -> bool:
        return self.oval.clockwise

    @cached_property
    def spaces(self) -> tuple[Space, ...]:
        """Every space, numbered from 1 (just after the start/finish line)."""
        return tuple(Space(n, shape) for n, shape in enumerate(self.oval.shapes, start=1))

    def finish_line(self) -> tuple[Point, Point]:
        """The start/finish line across the track, between the last space and space 1."""
        first = self.spaces[0]
        return first.point(0, -self.half_width), first.point(0, self.half_width)

    def lane_offsets(self) -> tuple[float, ...]:
        """Distances from the centre line of the lines between lanes."""
        return self.oval.lane_offsets()

    def straight_x_range(self) -> tuple[float, float]:
        (xl, _), (xr, _) = self.bend_centers
        return xl, xr

    def infield_box(self) -> tuple[float, float, float, float]:
        """The rectangle between the straights (x0, y0, x1, y1)."""
        xl, xr = self.straight_x_range()
        return (xl, self.cy - self.inner_radius, xr, self.cy + self.inner_radius)
