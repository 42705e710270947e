"""Printed text on pieces and boards: words wrapped into lines, text fitted into a width,
text centred on a point, and the box a line of text covers.

Fira Sans measures are the reference: capitals and figures stand ``CAP_HEIGHT`` of the
font size high and descenders reach ``DESCENT`` below the baseline.
"""

from __future__ import annotations

from boardgen import fonts
from boardgen.scene import Node, Text

CAP_HEIGHT = 0.69
DESCENT = 0.2
LEADING = 1.22   # line height as a share of the font size


def wrap(text: str, width: float, size: float, face: str = "regular") -> list[str]:
    """Words of ``text`` broken into lines no wider than ``width`` mm (a word longer than the
    width stands on a line of its own)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and fonts.text_width(candidate, size, face) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


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
    """The box (x0, y0, x1, y1) a line of upright text covers on the page."""
    width = fonts.text_width(node.text, node.size, node.font)
    shift = {"start": 0.0, "middle": -width / 2, "end": -width}[node.anchor]
    return (node.x + shift - pad, node.y - CAP_HEIGHT * node.size - pad,
            node.x + shift + width + pad, node.y + DESCENT * node.size + pad)
