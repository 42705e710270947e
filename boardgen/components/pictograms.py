"""Pictograms printed on spaces, legends and player aids: boardgen's own drawings.

Each is drawn in one ink in a 100 × 100 box (with details cut out in the ground colour)
and stored once per ink as a scene symbol, so thirteen geese on a board cost one drawing.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Annotated

from pydantic import AfterValidator

from boardgen.components import links

from boardgen.scene import (Circle, Group, Line, Node, Path, Point, Polygon, Rect, Style, Use,
                            arc_commands, compose, scale, translate)

BOX = 100.0


def _solid(ink: str) -> Style:
    return Style(fill=ink)


def _stroke(ink: str, width: float, cap: str = "round") -> Style:
    return Style(stroke=ink, stroke_mm=width, cap=cap, join="round")


def _goose(ink: str, ground: str) -> list[Node]:
    body = (("M", 10, 60), ("C", 20, 53, 32, 51, 46, 54), ("C", 57, 56, 62, 57, 64, 51),
            ("C", 66, 42, 58, 33, 62, 23), ("C", 65, 15, 76, 13, 80, 19), ("L", 93, 24),
            ("L", 81, 28), ("C", 76, 34, 73, 42, 77, 52), ("C", 84, 64, 80, 81, 60, 85),
            ("C", 43, 88, 24, 85, 17, 75), ("C", 13, 70, 11, 65, 10, 60), ("Z",))
    wing = (("M", 30, 66), ("C", 42, 60, 56, 62, 63, 71))
    return [Path(body, _solid(ink)), Circle(75, 21, 2.4, _solid(ground)),
            Path(wing, _stroke(ground, 3.2)),
            Path((("M", 8, 93), ("C", 20, 88, 30, 98, 42, 93), ("C", 54, 88, 64, 98, 76, 93),
                  ("C", 84, 90, 88, 92, 92, 93)), _stroke(ink, 3.0))]


def _bridge(ink: str, ground: str) -> list[Node]:
    span = (("M", 6, 46), ("L", 94, 46), ("L", 94, 78), ("L", 82, 78),
            ("C", 80, 58, 20, 58, 18, 78), ("L", 6, 78), ("Z",))
    nodes: list[Node] = [Path(span, _solid(ink)), Line(6, 36, 94, 36, _stroke(ink, 3.0))]
    nodes += [Line(x, 36, x, 46, _stroke(ink, 3.0)) for x in (10, 30, 50, 70, 90)]
    nodes += [Path((("M", 10, y), ("C", 22, y - 5, 30, y + 5, 42, y), ("C", 54, y - 5, 62, y + 5,
                                                                       74, y),
                    ("C", 82, y - 3, 86, y + 2, 90, y)), _stroke(ink, 2.6)) for y in (86, 94)]
    return nodes


def _inn(ink: str, ground: str) -> list[Node]:
    return [Polygon(((8, 46), (50, 12), (92, 46)), _solid(ink)),
            Rect(66, 14, 9, 20, _solid(ink)),
            Rect(16, 44, 68, 48, _solid(ink)),
            Rect(43, 64, 14, 28, _solid(ground), rx=6),
            Rect(24, 54, 12, 12, _solid(ground)), Rect(64, 54, 12, 12, _solid(ground)),
            Line(30, 54, 30, 66, _stroke(ink, 1.6)), Line(70, 54, 70, 66, _stroke(ink, 1.6))]


def _well(ink: str, ground: str) -> list[Node]:
    nodes: list[Node] = [Polygon(((16, 28), (50, 8), (84, 28)), _solid(ink)),
                         Rect(26, 26, 6, 34, _solid(ink)), Rect(68, 26, 6, 34, _solid(ink)),
                         Line(30, 38, 70, 38, _stroke(ink, 3.0)),
                         Line(50, 38, 50, 50, _stroke(ink, 1.6)),
                         Rect(44, 48, 12, 9, _solid(ink), rx=1.5),
                         Rect(20, 60, 60, 32, _solid(ink), rx=4)]
    nodes += [Line(20, y, 80, y, _stroke(ground, 1.8, "butt")) for y in (70, 81)]
    nodes += [Line(x, y0, x, y0 + 10, _stroke(ground, 1.8, "butt"))
              for x, y0 in ((38, 60), (62, 60), (30, 71), (50, 71), (70, 71), (40, 82), (60, 82))]
    return nodes


def _maze(ink: str, ground: str) -> list[Node]:
    walls = (("M", 44, 8), ("L", 8, 8), ("L", 8, 92), ("L", 92, 92), ("L", 92, 8), ("L", 58, 8),
             ("M", 22, 40), ("L", 22, 22), ("L", 78, 22), ("L", 78, 78), ("L", 22, 78),
             ("L", 22, 56),
             ("M", 50, 36), ("L", 36, 36), ("L", 36, 64), ("L", 64, 64), ("L", 64, 36),
             ("M", 36, 50), ("L", 50, 50))
    return [Path(walls, _stroke(ink, 6.0, "square")), Circle(56, 50, 4.5, _solid(ink))]


def _skull(ink: str, ground: str) -> list[Node]:
    head = (("M", 50, 8), ("C", 74, 8, 88, 24, 88, 44), ("C", 88, 58, 80, 64, 74, 68),
            ("L", 72, 84), ("L", 28, 84), ("L", 26, 68), ("C", 20, 64, 12, 58, 12, 44),
            ("C", 12, 24, 26, 8, 50, 8), ("Z",))
    nodes: list[Node] = [Path(head, _solid(ink)),
                         Circle(35, 44, 10, _solid(ground)), Circle(65, 44, 10, _solid(ground)),
                         Polygon(((50, 56), (44, 67), (56, 67)), _solid(ground))]
    nodes += [Line(x, 74, x, 84, _stroke(ground, 2.2, "butt")) for x in (38, 46, 54, 62)]
    nodes += [Line(14, 88, 86, 96, _stroke(ink, 6.0)), Line(14, 96, 86, 88, _stroke(ink, 6.0))]
    return nodes


def _prison(ink: str, ground: str) -> list[Node]:
    nodes: list[Node] = [Rect(10, 10, 80, 80, _stroke(ink, 7.0, "butt"), rx=4)]
    nodes += [Line(x, 12, x, 88, _stroke(ink, 6.0, "butt")) for x in (30, 50, 70)]
    nodes.append(Line(12, 50, 88, 50, _stroke(ink, 5.0, "butt")))
    return nodes


def _ladder(ink: str, ground: str) -> list[Node]:
    nodes: list[Node] = [Line(28, 6, 28, 94, _stroke(ink, 7.0)), Line(72, 6, 72, 94, _stroke(ink, 7.0))]
    nodes += [Line(28, y, 72, y, _stroke(ink, 5.0)) for y in (18, 36, 54, 72, 88)]
    return nodes


def _snake(ink: str, ground: str) -> list[Node]:
    body = (("M", 22, 90), ("C", 2, 78, 20, 58, 46, 58), ("C", 78, 58, 92, 34, 70, 22),
            ("C", 58, 15, 44, 20, 40, 28))
    return [Path(body, _stroke(ink, 11.0)), Circle(40, 26, 10, _solid(ink)),
            Circle(36, 22, 2.2, _solid(ground)),
            Path((("M", 31, 31), ("L", 22, 36), ("M", 22, 36), ("L", 18, 33), ("M", 22, 36),
                  ("L", 19, 40)), _stroke(ink, 2.0))]


def _star(ink: str, ground: str) -> list[Node]:
    points = []
    for k in range(10):
        r = 46 if k % 2 == 0 else 19
        a = math.radians(-90 + k * 36)
        points.append((50 + r * math.cos(a), 54 + r * math.sin(a)))
    return [Polygon(tuple(points), _solid(ink))]


def _arrow(ink: str, ground: str) -> list[Node]:
    return [Polygon(((8, 38), (56, 38), (56, 18), (92, 50), (56, 82), (56, 62), (8, 62)),
                    _solid(ink))]


def _flag(ink: str, ground: str) -> list[Node]:
    nodes: list[Node] = [Line(18, 8, 18, 94, _stroke(ink, 6.0)),
                         Rect(21, 10, 66, 44, _solid(ground)), Rect(21, 10, 66, 44,
                                                                     _stroke(ink, 2.5, "butt"))]
    cell = 11.0
    nodes += [Rect(21 + c * cell, 10 + r * cell, cell, cell, _solid(ink))
              for r in range(4) for c in range(6) if (r + c) % 2 == 0]
    return nodes


def _hourglass(ink: str, ground: str) -> list[Node]:
    return [Rect(18, 6, 64, 9, _solid(ink), rx=2), Rect(18, 85, 64, 9, _solid(ink), rx=2),
            Path((("M", 26, 15), ("L", 74, 15), ("C", 74, 36, 56, 42, 56, 50),
                  ("C", 56, 58, 74, 64, 74, 85), ("L", 26, 85), ("C", 26, 64, 44, 58, 44, 50),
                  ("C", 44, 42, 26, 36, 26, 15), ("Z",)), _stroke(ink, 4.5)),
            Polygon(((36, 30), (64, 30), (50, 44)), _solid(ink)),
            Polygon(((32, 82), (68, 82), (50, 64)), _solid(ink))]


def _again(ink: str, ground: str) -> list[Node]:
    """A circular arrow: round once more."""
    r, end = 32.0, 430.0
    a = math.radians(end)
    base = (50 + r * math.cos(a), 52 + r * math.sin(a))
    tangent = (-math.sin(a), math.cos(a))  # the way the arc runs (clockwise on the page)
    normal = (math.cos(a), math.sin(a))
    head = ((base[0] + 16 * tangent[0], base[1] + 16 * tangent[1]),
            (base[0] + 14 * normal[0], base[1] + 14 * normal[1]),
            (base[0] - 14 * normal[0], base[1] - 14 * normal[1]))
    return [Path(tuple(arc_commands(50, 52, r, 160, end)), _stroke(ink, 9.0, "butt")),
            Polygon(head, _solid(ink))]


def _die(ink: str, ground: str) -> list[Node]:
    nodes: list[Node] = [Rect(10, 10, 80, 80, _solid(ink), rx=14)]
    nodes += [Circle(x, y, 7.5, _solid(ground)) for x, y in ((30, 30), (70, 30), (50, 50),
                                                             (30, 70), (70, 70))]
    return nodes


def _crown(ink: str, ground: str) -> list[Node]:
    return [Polygon(((10, 78), (14, 28), (32, 52), (50, 18), (68, 52), (86, 28), (90, 78)),
                    _solid(ink)),
            Rect(10, 82, 80, 10, _solid(ink), rx=2),
            Circle(14, 24, 6, _solid(ink)), Circle(50, 14, 6, _solid(ink)),
            Circle(86, 24, 6, _solid(ink))]


def _start(ink: str, ground: str) -> list[Node]:
    return [Circle(50, 50, 42, _solid(ink)),
            Polygon(((38, 28), (74, 50), (38, 72)), _solid(ground))]


def _wheel(ink: str, ground: str) -> list[Node]:
    """A track-bike wheel filling the box."""
    return wheel(50, 50, 50, ink)


def _cyclist(ink: str, ground: str) -> list[Node]:
    """A track rider in profile, riding to the right, in the middle of the box."""
    return [Group(tuple(cyclist(ink)), translate(0, 15))]


def _rider_change(ink: str, ground: str) -> list[Node]:
    return rider_change(50, 50, 38, ink)   # the arrows' heads reach 1.31 × their radius


def _crash(ink: str, ground: str) -> list[Node]:
    return crash(50, 50, 50, ink, ground)


DRAWINGS = {"goose": _goose, "bridge": _bridge, "inn": _inn, "well": _well, "maze": _maze,
            "skull": _skull, "prison": _prison, "ladder": _ladder, "snake": _snake,
            "star": _star, "arrow": _arrow, "flag": _flag, "hourglass": _hourglass,
            "again": _again, "die": _die, "crown": _crown, "start": _start,
            "cyclist": _cyclist, "wheel": _wheel, "rider-change": _rider_change,
            "crash": _crash}


def known_drawing(name: str) -> str:
    """``name`` if it is one of the drawings; the message a layout's unknown name gets."""
    if name not in DRAWINGS:
        raise ValueError(f"unknown pictogram {name!r}; expected one of {', '.join(DRAWINGS)}")
    return name


# A layout's name of a pictogram (a deck's, a standee's), checked when the layout is read
DrawingName = Annotated[str, AfterValidator(known_drawing)]

# Drawn at their own size rather than as a symbol scaled from the 100-unit box, so their
# finest lines keep a printable width however small they are drawn.
AT_ANY_SIZE = {"rider-change": lambda cx, cy, r, ink, ground: rider_change(cx, cy, r, ink),
               "crash": lambda cx, cy, r, ink, ground: crash(cx, cy, r, ink, ground)}


def symbol_id(name: str, ink: str, ground: str) -> str:
    return f"pictogram-{name}-{ink.lstrip('#')}-{ground.lstrip('#')}"


@lru_cache(maxsize=256)
def drawing(name: str, ink: str, ground: str) -> tuple[Node, ...]:
    """The pictogram's nodes in the 100-unit box; ValueError for an unknown name."""
    if name not in DRAWINGS:
        raise ValueError(f"unknown pictogram {name!r}; expected one of {', '.join(DRAWINGS)}")
    return tuple(DRAWINGS[name](ink, ground))


def symbols(uses: set[tuple[str, str, str]]) -> dict[str, tuple[Node, ...]]:
    """The symbols for pictograms used as (name, ink, ground)."""
    return {symbol_id(*use): drawing(*use) for use in sorted(uses)}


def use(name: str, cx: float, cy: float, size: float, ink: str, ground: str) -> Use:
    """The pictogram ``size`` mm across, centred on (cx, cy)."""
    return Use(symbol_id(name, ink, ground),
               compose(translate(cx - size / 2, cy - size / 2), scale(size / BOX)))


def draw(name: str, cx: float, cy: float, radius: float, ink: str, ground: str,
         uses: set | None = None) -> list[Node]:
    """The pictogram ``name`` round (cx, cy), ``radius`` mm from its middle to its edge: drawn
    at that size where it has a drawing of its own, else the symbol (noted in ``uses``)."""
    if name in AT_ANY_SIZE:
        return AT_ANY_SIZE[name](cx, cy, radius, ink, ground)
    if uses is not None:
        uses.add((name, ink, ground))
    return [use(name, cx, cy, 2 * radius, ink, ground)]


# ---- drawings at any size: a wheel, a rider, a rider change, a crash --------------------------------------------


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


def rider_change(cx: float, cy: float, r: float, color: str) -> list[Node]:
    """Two arrows chasing each other round a circle: one rider hands over to the other."""
    width = r * 0.62
    return (links.curved_arrow((cx, cy), r, 200.0, 340.0, width, color)
            + links.curved_arrow((cx, cy), r, 20.0, 160.0, width, color))


def crash(cx: float, cy: float, r: float, color: str, ground: str) -> list[Node]:
    """A burst with a wheel in it: a fall."""
    points = []
    for k in range(16):
        reach = r if k % 2 == 0 else r * 0.62
        angle = math.radians(k * 22.5 - 90 + (6 if k % 4 == 1 else 0))
        points.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
    return [Polygon(tuple(points), Style(fill=color)), *wheel(cx, cy, r * 0.5, ground, spokes=8)]
