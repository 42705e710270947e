"""Cut and fold lines: the strokes that tell a person where to cut and where to fold.

One cut line and one fold line for the whole kit: the pieces' own outlines (tokens, die
nets, fold-over pieces), the shared cuts of a component sheet and its fold between fronts
and backs, so a person reads every sheet of a kit alike. A fold is the cut line's weight,
dashed and a shade lighter: seen as a fold beside a cut, still seen on a pale ground.
"""

from __future__ import annotations

from boardgen.scene import Line, Node, Style

CUT = Style(stroke="#000000", stroke_mm=0.2)
FOLD = Style(stroke="#555555", stroke_mm=0.2, dash=(1.5, 1.0))
# Drawn under a cut line where the pieces are dark: the pale edges either side of the
# dark line keep it in sight on black as on white (a double line).
CUT_HALO = Style(stroke="#ffffff", stroke_mm=0.5, opacity=0.9)
DARK_LUMINANCE = 0.2  # a ground darker than this (relative luminance) needs the halo


def is_dark(colour: str | None) -> bool:
    """Whether a ``#rrggbb`` ground is dark enough that a dark cut line vanishes on it."""
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return False
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] < DARK_LUMINANCE


def folds(x0: float, x1: float, ys, style: Style = FOLD) -> list[Node]:
    """Horizontal fold lines from ``x0`` to ``x1`` at each of ``ys``."""
    return [Line(x0, y, x1, y, style) for y in ys]
