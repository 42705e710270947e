"""The scene: inert drawing data in millimetres, origin top-left, y pointing down.

Composers build scenes; renderers turn them into SVG, PDF or PNG. Nothing here
knows about files, points or pixels, so a scene can be tested and reused
(tiled, placed on a sheet, put in a rule booklet) without rendering it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Literal, Mapping, Union

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Style:
    """Fill and stroke of a shape; widths and dash lengths in mm."""

    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.25
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    join: Literal["miter", "round", "bevel"] = "miter"
    cap: Literal["butt", "round", "square"] = "butt"


NO_STYLE = Style()


@dataclass(frozen=True)
class Rect:
    """A rectangle from its top-left corner, optionally with round corners."""

    x: float
    y: float
    w: float
    h: float
    style: Style = NO_STYLE
    rx: float = 0.0


@dataclass(frozen=True)
class Circle:
    """A circle by centre and radius."""

    cx: float
    cy: float
    r: float
    style: Style = NO_STYLE


@dataclass(frozen=True)
class Line:
    """A straight line between two points."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = NO_STYLE


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (or an open polyline when ``closed`` is false)."""

    points: tuple[Point, ...]
    style: Style = NO_STYLE
    closed: bool = True


# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCommand = tuple


@dataclass(frozen=True)
class Path:
    """A path of move, line, cubic Bézier and close commands (arcs are Béziers)."""

    commands: tuple[PathCommand, ...]
    style: Style = NO_STYLE
    even_odd: bool = False


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the baseline, ``size`` the font size in mm."""

    x: float
    y: float
    text: str
    size: float
    font: Literal["regular", "bold", "italic"] = "regular"
    anchor: Literal["start", "middle", "end"] = "start"
    fill: str = "#000000"
    rotate: float = 0.0  # degrees, clockwise on the page, about (x, y)


@dataclass(frozen=True)
class Group:
    """Children drawn under a transform, optionally clipped to a rectangle; ``saver``: what
    the ink saver (:mod:`boardgen.ink`) prints instead of the children, for artwork whose
    colours are what it means (a black piece, a tile's back)."""

    children: tuple["Node", ...]
    transform: Matrix = IDENTITY
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h in group space
    saver: tuple["Node", ...] | None = None
    # Other places a block of text on a board may stand (offsets in mm from where it is,
    # the first preferred): a page seam may cross the block where it is if one of them
    # leaves it whole (boardgen.imposition.tiling.place_movable). Read on a scene's own
    # nodes only, not inside other groups or symbols.
    shifts: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class Use:
    """Draw the scene's symbol ``symbol`` under a transform: repeated artwork is stored once."""

    symbol: str
    transform: Matrix = IDENTITY


Node = Union[Rect, Circle, Line, Polygon, Path, Text, Group, Use]


@dataclass(frozen=True)
class Scene:
    """A page or a piece of artwork: its size in mm, its nodes and its reusable symbols."""

    width: float
    height: float
    children: tuple[Node, ...]
    symbols: Mapping[str, tuple[Node, ...]] = field(default_factory=dict)
    title: str = ""
    # Print boxes (x, y, w, h) in scene mm; None means the whole page.
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class Document:
    """Pages that become one multi-page PDF."""

    pages: tuple[Scene, ...]
    title: str = ""
    subject: str = ""


# ---- transforms -----------------------------------------------------------


def translate(dx: float, dy: float) -> Matrix:
    """A shift by (dx, dy) mm."""
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    """A scaling about the origin (sy defaults to sx)."""
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Rotation clockwise on the page (y down) about (cx, cy)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    # Snap to exact values so right angles stay exact (and files stay byte-stable).
    c, s = (round(c) if abs(c - round(c)) < 1e-12 else c), (round(s) if abs(s - round(s)) < 1e-12 else s)
    return compose(translate(cx, cy), (c, s, -s, c, 0.0, 0.0), translate(-cx, -cy))


def compose(*matrices: Matrix) -> Matrix:
    """The matrix that applies the last argument first (like nested groups)."""
    result = IDENTITY
    for m in matrices:
        a1, b1, c1, d1, e1, f1 = result
        a2, b2, c2, d2, e2, f2 = m
        result = (
            a1 * a2 + c1 * b2,
            b1 * a2 + d1 * b2,
            a1 * c2 + c1 * d2,
            b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1,
            b1 * e2 + d1 * f2 + f1,
        )
    return result


def apply(m: Matrix, p: Point) -> Point:
    """A point under a matrix."""
    a, b, c, d, e, f = m
    x, y = p
    return (a * x + c * y + e, b * x + d * y + f)


# ---- geometry helpers -----------------------------------------------------


def arc_commands(cx: float, cy: float, r: float, start_deg: float, end_deg: float,
                 move: bool = True) -> list[PathCommand]:
    """Cubic Bézier commands approximating a circular arc (angles clockwise, y down).

    Arcs are split into pieces of at most 90° so the error stays below 0.03 % of r.
    """
    sweep = end_deg - start_deg
    pieces = max(1, math.ceil(abs(sweep) / 90.0 - 1e-9))
    step = math.radians(sweep / pieces)
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    a0 = math.radians(start_deg)
    x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
    commands: list[PathCommand] = [("M", x0, y0)] if move else [("L", x0, y0)]
    for i in range(pieces):
        a1 = a0 + step
        x1, y1 = cx + r * math.cos(a1), cy + r * math.sin(a1)
        commands.append((
            "C",
            x0 - k * r * math.sin(a0), y0 + k * r * math.cos(a0),
            x1 + k * r * math.sin(a1), y1 - k * r * math.cos(a1),
            x1, y1,
        ))
        a0, x0, y0 = a1, x1, y1
    return commands


def text_centered(cx: float, cy: float, text: str, size: float, **kwargs) -> Text:
    """Text whose capital letters are vertically centred on (cx, cy)."""
    return Text(cx, cy + 0.35 * size, text, size, anchor="middle", **kwargs)


def _rgb(color: str) -> tuple[int, int, int]:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def mix(color: str, other: str, amount: float) -> str:
    """``color`` moved ``amount`` (0–1) of the way towards ``other``: tints and shades of a theme."""
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}"
                         for x, y in zip(_rgb(color), _rgb(other)))


def ink_on(fill: str, dark: str = "#1d1a16", light: str = "#ffffff") -> str:
    """Dark or light ink, whichever reads better on ``fill`` (so any chosen colour stays legible)."""
    r, g, b = (c / 255 for c in _rgb(fill))
    return dark if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else light


def used_symbols(nodes: tuple[Node, ...], symbols: Mapping[str, tuple[Node, ...]],
                 uses_of: Callable[[Node | tuple[Node, ...]], frozenset[str]] | None = None
                 ) -> list[str]:
    """Names of the symbols that ``nodes`` draw, directly or through other symbols, sorted.

    ``uses_of`` answers :func:`direct_uses` for a group or a symbol's nodes; a renderer
    that meets the same groups on many pages passes one that keeps the answers.
    """
    uses_of = uses_of or direct_uses
    waiting: list[str] = []
    for node in nodes:
        if isinstance(node, Use):
            waiting.append(node.symbol)
        elif isinstance(node, Group):
            waiting.extend(uses_of(node))
    found: set[str] = set()
    while waiting:
        name = waiting.pop()
        if name not in found and name in symbols:
            found.add(name)
            waiting.extend(uses_of(symbols[name]))
    return sorted(found)


def direct_uses(drawn: Node | tuple[Node, ...]) -> frozenset[str]:
    """The names of the symbols a node (or a symbol's nodes) uses itself: in its groups, not
    inside the symbols."""
    names: set[str] = set()
    waiting = list(drawn) if type(drawn) is tuple else [drawn]
    while waiting:
        node = waiting.pop()
        if isinstance(node, Group):
            waiting.extend(node.children)
        elif isinstance(node, Use):
            names.add(node.symbol)
    return frozenset(names)


def bounds(nodes: tuple[Node, ...]) -> tuple[float, float, float, float] | None:
    """Approximate bounding box (x0, y0, x1, y1) of nodes, ignoring text extents and symbols."""
    xs: list[float] = []
    ys: list[float] = []

    def visit(node: Node, m: Matrix) -> None:
        pts: list[Point] = []
        if isinstance(node, Rect):
            pts = [(node.x, node.y), (node.x + node.w, node.y + node.h),
                   (node.x + node.w, node.y), (node.x, node.y + node.h)]
        elif isinstance(node, Circle):
            pts = [(node.cx - node.r, node.cy - node.r), (node.cx + node.r, node.cy + node.r)]
        elif isinstance(node, Line):
            pts = [(node.x1, node.y1), (node.x2, node.y2)]
        elif isinstance(node, Polygon):
            pts = list(node.points)
        elif isinstance(node, Path):
            for cmd in node.commands:
                pts.extend(zip(cmd[1::2], cmd[2::2]))
        elif isinstance(node, Text):
            pts = [(node.x, node.y)]
        elif isinstance(node, Group):
            for child in node.children:
                visit(child, compose(m, node.transform))
            return
        for p in pts:
            x, y = apply(m, p)
            xs.append(x)
            ys.append(y)

    for n in nodes:
        visit(n, IDENTITY)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def top_nodes(scene: Scene) -> tuple[Node, ...]:
    """A face's own nodes, looking through a single untransformed symbol or group (the
    exports read a piece's outline and art from them)."""
    nodes = scene.children
    while len(nodes) == 1:
        node = nodes[0]
        if isinstance(node, Use) and node.transform == IDENTITY and node.symbol in scene.symbols:
            nodes = tuple(scene.symbols[node.symbol])
        elif isinstance(node, Group) and node.transform == IDENTITY and node.clip is None:
            nodes = node.children
        else:
            break
    return nodes
