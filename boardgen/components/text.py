"""Printed text on pieces and boards: words wrapped into lines (:mod:`boardgen.wrapping`),
text fitted into a width, text centred on a point, and the box a line of text covers.

Fira Sans measures are the reference: capitals and figures stand ``CAP_HEIGHT`` of the
font size high and descenders reach ``DESCENT`` below the baseline.
"""

from __future__ import annotations

from boardgen import fonts
from boardgen.scene import Node, Text
from boardgen.wrapping import wrap

CAP_HEIGHT = 0.69
DESCENT = 0.2
LEADING = 1.22   # line height as a share of the font size
def wrap_within(text: str, width: float, height: float, size: float, face: str = "regular",
                least: float = 1.2) -> tuple[list[str], float]:
    """Lines and a font size (at most ``size``, at least ``least``) that fit ``text`` into a
    ``width`` × ``height`` mm box, each line no wider than the box."""
    while True:
        lines = wrap(text, width, size, face)
        fits = (len(lines) * size * LEADING <= height
                and all(fonts.text_width(line, size, face) <= width for line in lines))
        if fits or size <= least:
            return lines, size
        size = max(least, size * 0.92)


def centred(cx: float, cy: float, text: str, size: float, **style) -> Text:
    """Text whose capitals and figures are centred on (cx, cy)."""
    return Text(cx, cy + CAP_HEIGHT * size / 2, text, size, anchor="middle", **style)


def fitted(cx: float, cy: float, text: str, width: float, size: float, face: str = "regular",
           **style) -> Text:
    """``centred`` text, shrunk until it is no wider than ``width``."""
    size = fonts.fit_size(text, width, size, face)
    return centred(cx, cy, text, size, font=face, **style)


def block(x: float, y: float, lines: list[str], size: float, face: str = "regular",
          anchor: str = "start", fill: str = "#000000") -> list[Node]:
    """Lines of text from their first line's top at ``y`` down, ``LEADING`` apart."""
    return [Text(x, y + CAP_HEIGHT * size + k * size * LEADING, line, size, font=face,
                 anchor=anchor, fill=fill) for k, line in enumerate(lines)]


def box(node: Text, pad: float = 0.0) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a line of text covers on the page, upright or turned by a
    multiple of 90°."""
    return line_box(node.x, node.y, node.text, node.size, node.font, node.anchor,
                    node.rotate, pad)


def line_box(x: float, y: float, text: str, size: float, font: str = "regular",
             anchor: str = "start", rotate: float = 0.0,
             pad: float = 0.0) -> tuple[float, float, float, float]:
    """``box`` of the line of text these would make, without making it: placing a number
    tries it at many places before it keeps one."""
    width = fonts.text_width(text, size, font)
    shift = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
    x0, x1 = shift, shift + width
    y0, y1 = -CAP_HEIGHT * size, DESCENT * size
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for _ in range(round(rotate / 90) % 4):
        corners = [(-cy, cx) for cx, cy in corners]
    xs = [x + cx for cx, _ in corners]
    ys = [y + cy for _, cy in corners]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def centred_box(cx: float, cy: float, text: str, size: float,
                font: str = "regular") -> tuple[float, float, float, float]:
    """``box`` of upright ``centred`` text, without making the text."""
    return line_box(cx, cy + CAP_HEIGHT * size / 2, text, size, font, "middle")
