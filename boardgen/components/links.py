"""The ways drawn from a space to where it leads: ladders, snakes and arrows, and the flat
arrows (straight or along an arc) that show a track's direction of travel.

Each is drawn between two page points (the centres of the two spaces) from plain scene
shapes, so a board's jumps print at any size and every kit draws them alike.
"""

from __future__ import annotations

import math

from boardgen.scene import Circle, Line, Node, Path, Point, Polygon, Style, arc_commands, mix

SNAKE_COLOURS = ("#3f8f3a", "#c4572a", "#7a4fa3", "#2f7d9c", "#b8892b", "#a8354f")
LADDER_WOOD = "#c8924f"


def _unit(a: Point, b: Point) -> tuple[float, Point, Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    u = (dx / length, dy / length)
    return length, u, (-u[1], u[0])


def ladder_link(a: Point, b: Point, width: float, edge: str) -> list[Node]:
    """A ladder from ``a`` to ``b``, ``width`` mm between its rails, rungs about as far apart."""
    length, u, n = _unit(a, b)
    half = width / 2
    rail = max(0.6, width * 0.13)
    dark = Style(stroke=mix(edge, "#000000", 0.3), stroke_mm=rail + 0.7, cap="round")
    wood = Style(stroke=LADDER_WOOD, stroke_mm=rail, cap="round")
    rungs = max(2, int(length / (width * 0.85)))
    lines: list[tuple[Point, Point]] = []
    for k in range(1, rungs):
        t = k / rungs
        p = (a[0] + u[0] * length * t, a[1] + u[1] * length * t)
        lines.append(((p[0] + n[0] * half, p[1] + n[1] * half),
                      (p[0] - n[0] * half, p[1] - n[1] * half)))
    for side in (1, -1):
        lines.append(((a[0] + side * n[0] * half, a[1] + side * n[1] * half),
                      (b[0] + side * n[0] * half, b[1] + side * n[1] * half)))
    return ([Line(*p, *q, dark) for p, q in lines] + [Line(*p, *q, wood) for p, q in lines])


def snake_link(head: Point, tail: Point, width: float, seed: int = 0) -> list[Node]:
    """A snake with its head at ``head``, winding down to its tail at ``tail``; ``width`` is
    its body's half-width behind the head. ``seed`` picks its colour."""
    length, u, n = _unit(head, tail)
    color = SNAKE_COLOURS[seed % len(SNAKE_COLOURS)]
    dark = mix(color, "#000000", 0.45)
    waves = max(1, round(length / (width * 14)))
    amplitude = min(width * 2.6, length / (4 * waves) + width)
    steps = max(24, waves * 24)
    centre: list[Point] = []
    for k in range(steps + 1):
        t = k / steps
        side = amplitude * math.sin(2 * math.pi * waves * t) * min(1.0, 6 * t)
        centre.append((head[0] + u[0] * length * t + n[0] * side,
                       head[1] + u[1] * length * t + n[1] * side))
    left, right = [], []
    for k, p in enumerate(centre):
        q = centre[min(k + 1, steps)] if k < steps else centre[k - 1]
        d = (q[0] - p[0], q[1] - p[1]) if k < steps else (p[0] - q[0], p[1] - q[1])
        norm = math.hypot(*d) or 1.0
        m = (-d[1] / norm, d[0] / norm)
        w = width * (1.0 - 0.85 * (k / steps) ** 1.3)
        left.append((p[0] + m[0] * w, p[1] + m[1] * w))
        right.append((p[0] - m[0] * w, p[1] - m[1] * w))
    body = tuple((round(x, 3), round(y, 3)) for x, y in left + right[::-1])
    nodes: list[Node] = [Polygon(body, Style(fill=color, stroke=dark, stroke_mm=0.45,
                                             join="round"))]
    band = Style(stroke=dark, stroke_mm=max(0.4, width * 0.22), cap="round")
    for k in range(4, steps - 2, 4):
        nodes.append(Line(*left[k], *right[k], band))
    # the head: an oval along the way the body leaves it, two eyes and a forked tongue
    d = (centre[1][0] - head[0], centre[1][1] - head[1])
    norm = math.hypot(*d) or 1.0
    back, side = (d[0] / norm, d[1] / norm), (-d[1] / norm, d[0] / norm)
    r = width * 1.45
    centre_of_head = (head[0] - back[0] * r * 0.25, head[1] - back[1] * r * 0.25)
    outline = tuple((round(centre_of_head[0] + back[0] * r * 1.1 * math.cos(a)
                           + side[0] * r * 0.85 * math.sin(a), 3),
                     round(centre_of_head[1] + back[1] * r * 1.1 * math.cos(a)
                           + side[1] * r * 0.85 * math.sin(a), 3))
                    for a in (math.radians(k * 15) for k in range(24)))
    nodes.append(Polygon(outline, Style(fill=color, stroke=dark, stroke_mm=0.45)))
    for sign in (1, -1):
        eye = (head[0] - back[0] * r * 0.35 + side[0] * r * 0.45 * sign,
               head[1] - back[1] * r * 0.35 + side[1] * r * 0.45 * sign)
        nodes.append(Circle(*eye, r * 0.2, Style(fill="#ffffff")))
        nodes.append(Circle(*eye, r * 0.1, Style(fill="#111111")))
    tip = (head[0] - back[0] * r * 1.55, head[1] - back[1] * r * 1.55)
    fork = [(tip[0] - back[0] * r * 0.4 + side[0] * r * 0.25 * s,
             tip[1] - back[1] * r * 0.4 + side[1] * r * 0.25 * s) for s in (1, -1)]
    tongue = Style(stroke="#c0202a", stroke_mm=max(0.3, width * 0.15), cap="round")
    start = (head[0] - back[0] * r * 1.0, head[1] - back[1] * r * 1.0)
    nodes += [Line(*start, *tip, tongue), Line(*tip, *fork[0], tongue), Line(*tip, *fork[1], tongue)]
    return nodes


def arrow_link(a: Point, b: Point, width: float, ink: str, trim: float = 0.0,
               bend: float = 0.22) -> list[Node]:
    """A curved arrow from ``a`` to ``b``, ``trim`` mm short of both, bowed to one side."""
    length, u, n = _unit(a, b)
    if length <= 2 * trim + width * 4:
        return []
    a = (a[0] + u[0] * trim, a[1] + u[1] * trim)
    b = (b[0] - u[0] * trim, b[1] - u[1] * trim)
    length -= 2 * trim
    mid = ((a[0] + b[0]) / 2 + n[0] * length * bend, (a[1] + b[1]) / 2 + n[1] * length * bend)
    head = width * 4.0
    # the head points along the curve's end tangent (from the control point to b)
    tx, ty = b[0] - mid[0], b[1] - mid[1]
    norm = math.hypot(tx, ty) or 1.0
    tx, ty = tx / norm, ty / norm
    base = (b[0] - tx * head, b[1] - ty * head)
    style = Style(stroke=ink, stroke_mm=width, cap="round", opacity=0.75)
    c1 = (a[0] + 2 / 3 * (mid[0] - a[0]), a[1] + 2 / 3 * (mid[1] - a[1]))
    c2 = (base[0] + 2 / 3 * (mid[0] - base[0]), base[1] + 2 / 3 * (mid[1] - base[1]))
    return [Path((("M", *a), ("C", *c1, *c2, *base)), style),
            Polygon((b, (base[0] - ty * head * 0.55, base[1] + tx * head * 0.55),
                     (base[0] + ty * head * 0.55, base[1] - tx * head * 0.55)),
                    Style(fill=ink, opacity=0.75))]


def arrow(tail: Point, head: Point, width: float, color: str) -> Polygon:
    """A flat arrow from ``tail`` to ``head``, ``width`` mm across its head."""
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    shaft = width * 0.32
    neck = max(length - width * 0.9, length * 0.3)
    pts = [
        (0, -shaft / 2), (neck, -shaft / 2), (neck, -width / 2), (length, 0),
        (neck, width / 2), (neck, shaft / 2), (0, shaft / 2),
    ]
    return Polygon(tuple((tail[0] + a * ux + b * nx, tail[1] + a * uy + b * ny) for a, b in pts),
                   Style(fill=color))


def curved_arrow(center: Point, radius: float, start_deg: float, end_deg: float, width: float,
                 color: str) -> list[Node]:
    """An arrow along a circular arc from ``start_deg`` to ``end_deg`` (page angles)."""
    cx, cy = center
    head_deg = math.degrees(width * 0.9 / radius) * (1 if end_deg > start_deg else -1)
    body_end = end_deg - head_deg
    shaft = Path(tuple(arc_commands(cx, cy, radius, start_deg, body_end)),
                 Style(stroke=color, stroke_mm=width * 0.32))
    a = math.radians(body_end)
    b = math.radians(end_deg)
    base = (cx + radius * math.cos(a), cy + radius * math.sin(a))
    tip = (cx + radius * math.cos(b), cy + radius * math.sin(b))
    return [shaft, _head(base, tip, width, color)]


def _head(base: Point, tip: Point, width: float, color: str) -> Polygon:
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    half = width / 2
    return Polygon(((base[0] + nx * half, base[1] + ny * half), tip,
                    (base[0] - nx * half, base[1] - ny * half)), Style(fill=color))
