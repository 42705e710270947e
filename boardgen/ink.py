"""The ink saver: large fills become white grounds or pale tints with outlines.

A post-process of finished scenes rather than a mode of each game, so it works the
same for every game and every user layout, and composers stay free of it. The
painted area, not the drawing, decides: a ground that covers a fifth of the
artwork turns white with an outline; a space or a square of at least
``LARGE_MM2`` keeps its hue as a pale tint (a chessboard stays a chessboard, a
coloured space keeps its colour); thick bands become pale too. Pieces, lines and
text keep their ink. Light text standing on a fill that became pale turns dark,
so it stays legible. Artwork whose colours are its meaning (a black piece) brings a
look of its own for the saver (``Group.saver``), printed as it is.

Tinting alone brings colours together (a black and a grey space both end near white), so
the tints are chosen together: the palest tint each colour can take while it stays
``APART`` (ΔE2000) from every other tint whose colour stood that far apart in full ink,
the lightest colours first (so the darker of two keeps more ink, as it had). A layout's
kinds of space thus stay apart whatever colours it gives them, and a colour printed small
(a legend's swatch) takes the tint its spaces take, on the board and on every other page.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from boardgen.product import Component, ComponentSet, GameOutput, Sheet
from boardgen.scene import (IDENTITY, Circle, Group, Matrix, Node, Path, Polygon, Rect, Scene,
                            Text, Use, apply, bounds, compose, ink_on, mix)

if TYPE_CHECKING:
    from coloraide import Color

WHITE = "#ffffff"
GROUND_SHARE = 0.2     # a fill covering this share of the artwork is its ground: printed white
LARGE_MM2 = 400.0      # fills this large (a 20 mm square, a track space) are printed as pale tints
TINT = 0.85            # how far a large fill moves towards white (its ink drops to 15 %)
THICK_MM = 0.8         # strokes this wide are bands, printed pale like fills
OUTLINE_MM = 0.3       # the outline a whitened or tinted fill gets when it had none
OUTLINE_SHADE = 0.25   # the outline is the fill's colour, this much darker
APART = 10.0           # ΔE2000 two tinted colours keep, if they were that far apart before
TINT_STEP = 0.02       # a tint that comes too close to another moves this much towards its colour


def saver_output(output: GameOutput) -> GameOutput:
    """Every artwork of a composed game in ink-saver form, each colour tinted as the board
    tints it (a legend on a sheet of its own shows the spaces as the board does)."""
    tints = board_tints(output.board.scene)
    board = replace(output.board, scene=saver(output.board.scene, tints))  # seams, kept regions
    sets = tuple(ComponentSet(s.name, s.title, tuple(_component(c, tints)
                                                     for c in s.components))
                 for s in output.component_sets)
    sheets = tuple(Sheet(s.name, s.title, saver(s.scene, tints), s.cut_out)
                   for s in output.sheets)
    return replace(output, board=board, component_sets=sets, sheets=sheets)


def _component(component: Component, tints: dict[str, str]) -> Component:
    back = None if component.back is None else saver(component.back, tints)
    return replace(component, front=saver(component.front, tints), back=back)


def board_tints(scene: Scene) -> dict[str, str]:
    """The tint of each colour ``scene`` fills a large area with (its spaces' kinds)."""
    colours: set[str] = set()
    _Pass(scene.width * scene.height, colours=colours).nodes(scene.children)
    return tints_apart(tuple(sorted(colours)))


@lru_cache(maxsize=256)
def tints_apart(colours: tuple[str, ...]) -> dict[str, str]:
    """A tint for each of ``colours``: the palest of its candidate tints that stays
    ``APART`` (or as far as the two colours stood, if that was less) from the tints already
    chosen and from the colours still to come as they are, so each of those keeps a tint
    that works; lightest colours first (the darker of two stays the darker)."""
    from coloraide import Color  # a fifth of a second to load: only builds for the saver

    full = {c: Color(c) for c in colours}
    order = sorted(colours, key=lambda c: (-full[c].convert("lab")["lightness"], c))
    need = {(a, b): min(APART, full[a].delta_e(full[b], method="2000"))
            for a in colours for b in colours if a != b}
    chosen: dict[str, Color] = {}
    for k, colour in enumerate(order):
        against = [(chosen[o], need[colour, o]) for o in order[:k]] + \
                  [(full[o], need[colour, o]) for o in order[k + 1:]]
        for tint in candidate_tints(colour):
            look = Color(tint)
            if all(look.delta_e(o, method="2000") >= n - 1e-9 for o, n in against):
                break
        chosen[colour] = look
    return {c: _hex(chosen[c]) for c in colours}


def candidate_tints(colour: str) -> list[str]:
    """Tints of ``colour`` from the palest (``TINT`` of the way to white) to the colour
    itself, each lightness three times: mixed with white, with half the colour's chroma
    and with all of it (a pale colour still tells its hue from a neighbour's at less ink
    than a darker one)."""
    from coloraide import Color

    lch = Color(colour).convert("lch")
    steps = round(TINT / TINT_STEP)
    tints = []
    for k in range(steps, -1, -1):
        mixed = mix(colour, WHITE, k * TINT_STEP)
        pale = Color(mixed).convert("lch")
        vivid = lch.clone().set("lightness", pale["lightness"])
        half = vivid.clone().set("chroma", (pale["chroma"] + vivid["chroma"]) / 2)
        tints += [mixed, _hex(half), _hex(vivid)]
    return tints


def _hex(colour: "Color") -> str:
    return colour.convert("srgb").fit("srgb").to_string(hex=True)


def saver(scene: Scene, tints: dict[str, str] | None = None) -> Scene:
    """``scene`` with its large fills white or pale, each colour tinted as ``tints`` says
    (the board's tints; by default the scene's own).

    Symbols are left as drawn: they are repeated artwork (pieces, pictograms) drawn
    at a scale only their users know, and shared with pages in full ink (the rules).
    A symbol that is the scene's whole artwork (a card back drawn once for all
    cards), or one that brings its own saver look (a tile's face), is the exception: it
    gets a changed copy under a name of its own.
    """
    area = scene.width * scene.height
    tints = board_tints(scene) if tints is None else tints
    symbols = dict(scene.symbols)
    children = []
    for node in scene.children:
        if isinstance(node, Use) and node.symbol in symbols and (
                node.transform == IDENTITY or _has_saver_look(scene.symbols[node.symbol])):
            saved = _Pass(area, tints).nodes(scene.symbols[node.symbol])
            if saved != scene.symbols[node.symbol]:
                symbols[f"{node.symbol}-saver"] = saved
                node = replace(node, symbol=f"{node.symbol}-saver")
        children.append(node)
    return replace(scene, children=_Pass(area, tints).nodes(tuple(children)), symbols=symbols)


class _Pass:
    """One walk over a list of nodes, remembering what each point of the page stands on."""

    def __init__(self, artwork_mm2: float, tints: dict[str, str] | None = None,
                 colours: set[str] | None = None):
        self.artwork_mm2 = artwork_mm2
        self.tints = tints or {}
        self.colours = colours  # if given, the walk collects the colours it would tint
        # (box in artwork mm, colour now, whether the saver changed it), in drawing order
        self.surfaces: list[tuple[tuple[float, float, float, float], str, bool]] = []

    def nodes(self, nodes: tuple[Node, ...], m: Matrix = IDENTITY) -> tuple[Node, ...]:
        return tuple(self.node(node, m) for node in nodes)

    def node(self, node: Node, m: Matrix) -> Node:
        if isinstance(node, Group) and node.saver is not None:
            return replace(node, children=node.saver, saver=None)  # the composer's own look
        if isinstance(node, Group):
            return replace(node, children=self.nodes(node.children, compose(m, node.transform)))
        if isinstance(node, Text):
            return self.text(node, m)
        if isinstance(node, Use):
            return node
        return self.shape(node, m)

    def shape(self, node: Rect | Circle | Polygon | Path, m: Matrix) -> Node:
        style = node.style
        factor = abs(m[0] * m[3] - m[1] * m[2])
        stroke, width = style.stroke, style.stroke_mm
        if stroke and _solid(stroke) and width * factor ** 0.5 >= THICK_MM:
            stroke = mix(stroke, WHITE, TINT)
        fill = style.fill
        box = _box(node, m)
        if fill and _solid(fill) and style.opacity >= 1.0 and box is not None:
            covered = _area(node) * factor
            new = self.tints.get(fill, fill)
            if covered >= max(LARGE_MM2, GROUND_SHARE * self.artwork_mm2):
                new = WHITE
            elif covered >= LARGE_MM2:
                new = self.tints.get(fill) or mix(fill, WHITE, TINT)
                if self.colours is not None:
                    self.colours.add(fill)
            if new != fill and not stroke:
                stroke, width = mix(fill, "#000000", OUTLINE_SHADE), OUTLINE_MM / factor ** 0.5
            self.surfaces.append((box, new, new != fill))
            fill = new
        if (fill, stroke, width) == (style.fill, style.stroke, style.stroke_mm):
            return node
        return replace(node, style=replace(style, fill=fill, stroke=stroke, stroke_mm=width))

    def text(self, node: Text, m: Matrix) -> Text:
        """Light letters on a fill that became pale turn dark."""
        if not _solid(node.fill) or ink_on(node.fill) == "#ffffff":
            return node  # dark letters read on any pale ground
        x, y = apply(m, (node.x, node.y))
        for (x0, y0, x1, y1), colour, changed in reversed(self.surfaces):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return replace(node, fill=ink_on(colour)) if changed else node
        return node


def _has_saver_look(nodes: tuple[Node, ...]) -> bool:
    """Whether a symbol brings its own ink-saver look (a tile's face): a piece's whole
    artwork, changed only as its composer says."""
    return any(isinstance(node, Group) and node.saver is not None for node in nodes)


def _solid(colour: str) -> bool:
    """A colour this module can mix: ``#rrggbb``."""
    return len(colour) == 7 and colour.startswith("#")


def _box(node: Node, m: Matrix) -> tuple[float, float, float, float] | None:
    """The node's bounding box in artwork mm."""
    box = bounds((node,))
    if box is None:
        return None
    corners = [apply(m, (x, y)) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _area(node: Node) -> float:
    """Painted area in the node's own units: exact for rectangles and circles, by the
    shoelace formula over the corner points for polygons and paths (curves by their ends)."""
    if isinstance(node, Rect):
        return node.w * node.h
    if isinstance(node, Circle):
        return 3.141592653589793 * node.r ** 2
    if isinstance(node, Polygon):
        return _shoelace(list(node.points))
    outlines: list[list] = []
    for cmd in node.commands:
        if cmd[0] == "M" or not outlines:
            outlines.append([])
        if cmd[0] != "Z":
            outlines[-1].append(tuple(cmd[-2:]))
    return sum(_shoelace(points) for points in outlines)


def _shoelace(points: list) -> float:
    if len(points) < 3:
        return 0.0
    total = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2

