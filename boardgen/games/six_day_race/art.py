"""Drawing helpers shared by the board, cards, riders and sheets: wheel, cyclist, arrows, text."""

from __future__ import annotations

import math

from boardgen import fonts
from boardgen.rules.typography import tie
from boardgen.scene import Circle, Line, Node, Path, Point, Polygon, Style, Text, arc_commands

CAP_HEIGHT = 0.69   # Fira Sans capital and figure height, as a share of the font size
DESCENT = 0.2


def wrap(text: str, width: float, size: float, face: str = "regular",
         lang: str | None = None) -> list[str]:
    """Words of ``text`` broken into lines no wider than ``width`` mm; with ``lang``, never
    where that language's typography ties two words (``Feld 65``, a Polish ``z``)."""
    lines: list[str] = []
    current = ""
    if lang is not None:
        text = tie(text, lang)
    for word in text.split(" "):
        if not word:
            continue
        candidate = f"{current} {word}".strip()
        if current and fonts.text_width(candidate, size, face) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def text_box(node: Text, pad: float = 0.0) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a line of text covers on the page, for 0/90/180/270° text."""
    return line_box(node.x, node.y, node.text, node.size, node.font, node.anchor, node.rotate,
                    pad)


def line_box(x: float, y: float, text: str, size: float, font: str = "regular",
             anchor: str = "start", rotate: float = 0.0,
             pad: float = 0.0) -> tuple[float, float, float, float]:
    """``text_box`` of the line of text these would make, without making it: placing a
    number tries it at many places before it keeps one."""
    width = fonts.text_width(text, size, font)
    shift = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
    x0, x1 = shift, shift + width
    y0, y1 = -CAP_HEIGHT * size, DESCENT * size
    turns = round(rotate / 90) % 4
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for _ in range(turns):
        corners = [(-cy, cx) for cx, cy in corners]
    xs = [x + cx for cx, _ in corners]
    ys = [y + cy for _, cy in corners]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def centered_text(cx: float, cy: float, text: str, size: float, **kwargs) -> Text:
    """Text whose figures and capitals are centred on (cx, cy)."""
    return Text(cx, cy + CAP_HEIGHT * size / 2, text, size, anchor="middle", **kwargs)


def centered_box(cx: float, cy: float, text: str, size: float, font: str = "regular"
                 ) -> tuple[float, float, float, float]:
    """``text_box`` of upright ``centered_text``, without making the text."""
    return line_box(cx, cy + CAP_HEIGHT * size / 2, text, size, font, "middle")


def wheel(cx: float, cy: float, r: float, color: str, spokes: int = 16) -> list[Node]:
    """A track-bike wheel: tyre, rim, crossed spokes and hub, in one colour."""
    tyre = r * 0.09
    rim_r = r - tyre
    hub = r * 0.12
    thin = Style(stroke=color, stroke_mm=max(0.15, r * 0.012), cap="round")
    nodes: list[Node] = [
        Circle(cx, cy, r - tyre / 2, Style(stroke=color, stroke_mm=tyre)),
        Circle(cx, cy, rim_r - tyre * 0.9, Style(stroke=color, stroke_mm=tyre * 0.35)),
    ]
    for k in range(spokes):
        # spokes leave the hub flange tangentially, alternating left and right
        a = 2 * math.pi * k / spokes
        lean = (0.35 if k % 2 else -0.35)
        hx, hy = cx + hub * 0.8 * math.cos(a), cy + hub * 0.8 * math.sin(a)
        ex, ey = cx + (rim_r - tyre) * math.cos(a + lean), cy + (rim_r - tyre) * math.sin(a + lean)
        nodes.append(Line(hx, hy, ex, ey, thin))
    nodes.append(Circle(cx, cy, hub, Style(fill=color)))
    nodes.append(Circle(cx, cy, hub * 0.4, Style(fill="#ffffff")))
    return nodes


def cyclist(color: str) -> list[Node]:
    """A track rider in profile, riding to the right, in a 100 × 70 box."""
    def stroke(width: float) -> Style:
        return Style(stroke=color, stroke_mm=width, cap="round", join="round")

    def line(*points: Point, width: float) -> Polygon:
        return Polygon(tuple(points), stroke(width), closed=False)

    rear, front, crank = (21.0, 52.0), (79.0, 52.0), (48.0, 53.0)
    seat, head_tube = (41.0, 31.0), (70.0, 31.0)
    hip, shoulder, hands = (40.0, 26.0), (63.0, 17.0), (75.0, 33.0)
    return [
        Circle(*rear, 16.0, stroke(3.4)),
        Circle(*front, 16.0, stroke(3.4)),
        line(rear, crank, seat, rear, width=3.0),
        line(seat, head_tube, crank, width=3.0),
        line(head_tube, front, width=3.0),
        line(head_tube, (76.0, 30.0), (78.0, 35.0), (74.0, 37.0), width=2.6),
        line(hip, (56.0, 36.0), (53.0, 58.0), width=6.0),         # near leg, pedal down
        line(hip, (49.0, 38.0), (43.0, 48.0), width=5.0),         # far leg, pedal up
        line(hip, shoulder, width=10.0),                          # back, bent low
        line(shoulder, (70.0, 25.0), hands, width=5.0),           # arm
        Circle(71.0, 12.0, 6.5, Style(fill=color)),               # head in a helmet
        Circle(*crank, 3.2, Style(fill=color)),
    ]


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
