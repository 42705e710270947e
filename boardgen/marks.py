"""Player marks: a shape of its own for every player colour, so colour is never the only cue.

A reader who cannot tell two colours apart still tells a circle from a triangle. Marks
are drawn as pips (a filled shape with a contrasting outline) on pieces, tokens, rider
faces, start spaces and score-sheet cells; the n-th player of any game has the n-th mark.
"""

from __future__ import annotations

import math

from boardgen.scene import Circle, Node, Polygon, Rect, Style

MARKS = ("circle", "triangle", "square", "diamond", "pentagon", "star", "hexagon", "cross")


def mark_for(index: int) -> str:
    """The mark of the ``index``-th player (from 0); marks repeat only past eight players."""
    return MARKS[index % len(MARKS)]


def _regular(cx: float, cy: float, r: float, corners: int, turn: float = -90.0) -> tuple:
    return tuple((cx + r * math.cos(math.radians(turn + k * 360 / corners)),
                  cy + r * math.sin(math.radians(turn + k * 360 / corners)))
                 for k in range(corners))


def _star(cx: float, cy: float, r: float) -> tuple:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.radians(-90 + k * 36)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def _cross(cx: float, cy: float, r: float) -> tuple:
    a, b = r * 0.36, r * 0.95
    return ((cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a),
            (cx + b, cy + a), (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b),
            (cx - a, cy + a), (cx - b, cy + a), (cx - b, cy - a), (cx - a, cy - a))


def mark_node(mark: str, cx: float, cy: float, size: float, fill: str, outline: str) -> Node:
    """One pip ``size`` mm across centred on (cx, cy); each shape fills about the same area."""
    r = size / 2
    style = Style(fill=fill, stroke=outline, stroke_mm=max(0.15, size * 0.08))
    if mark == "circle":
        return Circle(cx, cy, r * 0.85, style)
    if mark == "square":
        side = r * 1.5
        return Rect(cx - side / 2, cy - side / 2, side, side, style)
    shapes = {"triangle": lambda: _regular(cx, cy + r * 0.2, r * 1.1, 3),
              "diamond": lambda: _regular(cx, cy, r, 4),
              "pentagon": lambda: _regular(cx, cy + r * 0.05, r * 0.95, 5),
              "hexagon": lambda: _regular(cx, cy, r * 0.92, 6, turn=0.0),
              "star": lambda: _star(cx, cy, r * 1.05),
              "cross": lambda: _cross(cx, cy, r)}
    if mark not in shapes:
        raise ValueError(f"unknown mark {mark!r}; expected one of {', '.join(MARKS)}")
    return Polygon(shapes[mark](), style)
