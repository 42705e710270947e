"""Cut and fold lines: the strokes that tell a person where to cut and where to fold.

Each shipped kit's own styles are kept as named constants, so every piece made of the
shared components can print its lines exactly as its game does.
"""

from __future__ import annotations

from boardgen.scene import Line, Node, Style

CUT = Style(stroke="#000000", stroke_mm=0.2)                      # round tokens, pieces
CUT_NET = Style(stroke="#000000", stroke_mm=0.3, cap="round")     # die nets
FOLD = Style(stroke="#555555", stroke_mm=0.2, dash=(1.5, 1.0))    # standees
FOLD_NET = Style(stroke="#000000", stroke_mm=0.25, dash=(1.6, 1.2))  # die nets
FOLD_LIGHT = Style(stroke="#8a8a8a", stroke_mm=0.2, dash=(1.2, 0.9))  # fold-over pieces


def folds(x0: float, x1: float, ys, style: Style = FOLD) -> list[Node]:
    """Horizontal fold lines from ``x0`` to ``x1`` at each of ``ys``."""
    return [Line(x0, y, x1, y, style) for y in ys]
