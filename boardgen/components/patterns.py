"""Patterns over a space: what tells two kinds of space apart where their colours alone would
not (a greyscale printer turns a blue chequer and a tan one into the same greys).

Each pattern is drawn in a darker tone of the space's own colour, so it reads on the light and
the dark squares of a chequer alike and leaves the colours what the layout says. For the ink
saver a hatch brings a look of its own: the same lines, hairline thin (a hatch over a whole
chequer of corners is a tenth of their area in dark ink otherwise).
"""

from __future__ import annotations

from typing import Literal

from boardgen.geometry.place import Box
from dataclasses import replace

from boardgen.scene import Circle, Group, Line, Node, Style, mix

Pattern = Literal["hatch", "dots"]
PATTERNS: tuple[str, ...] = ("hatch", "dots")
TONE = 0.3  # how much darker than the space the pattern's ink is
SAVER_LINE_MM = 0.18  # a hatch's lines in the ink saver: thin, still printed by any printer


def pattern_nodes(pattern: Pattern, box: Box, fill: str) -> list[Node]:
    """``pattern`` over one space of colour ``fill``."""
    ink = mix(fill, "#000000", TONE)
    if pattern != "hatch":
        return dots(box, ink)
    lines = hatch(box, ink)
    thin = tuple(replace(line, style=replace(line.style, stroke_mm=SAVER_LINE_MM))
                 for line in lines)
    return [Group(tuple(lines), saver=thin)]


def hatch(box: Box, ink: str, lines: int = 7) -> list[Node]:
    """Thin diagonal lines across the box, falling to the right, ``lines`` to a side's length."""
    x, y, w, h = box
    step = min(w, h) / lines
    style = Style(stroke=ink, stroke_mm=max(0.25, step * 0.1), cap="butt")
    nodes: list[Node] = []
    t = step / 2
    while t < w + h:
        u0, u1 = max(0.0, t - h), min(w, t)  # along the box's foot, where the line is inside
        nodes.append(Line(round(x + u0, 4), round(y + h - (t - u0), 4),
                          round(x + u1, 4), round(y + h - (t - u1), 4), style))
        t += step
    return nodes


def dots(box: Box, ink: str, per_side: int = 4) -> list[Node]:
    """A grid of small dots, ``per_side`` to a side."""
    x, y, w, h = box
    step = min(w, h) / per_side
    style = Style(fill=ink)
    return [Circle(round(x + (i + 0.5) * step, 4), round(y + (j + 0.5) * step, 4), step * 0.15,
                   style)
            for j in range(round(h / step)) for i in range(round(w / step))]
