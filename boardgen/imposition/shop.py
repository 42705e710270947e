"""Print-shop pages: artwork mirrored out into the bleed, crop marks, trim and bleed boxes."""

from __future__ import annotations

from boardgen.imposition.marks import FOOTER_MM, RULER_W, crop_marks, footer, footer_box, size_text
from boardgen.imposition.paper import Box, PrintOptions, number
from boardgen.scene import Group, Node, Scene, Use, compose, scale, translate

CROP_OFFSET = 1.0      # crop marks start this far outside the bleed
CROP_LENGTH = 5.0
SLUG_MM = CROP_OFFSET + CROP_LENGTH + 2.0   # room for the marks outside the bleed


ALL_SIDES = frozenset({"left", "right", "top", "bottom"})


def bleed_nodes(symbol: str, w: float, h: float, bleed: float,
                sides: frozenset[str] = ALL_SIDES) -> list[Node]:
    """The artwork and its mirror images clipped to a ``bleed`` band past the given sides.

    Mirroring at the trim line continues every colour that touches the edge, so a
    slightly-off cut never shows white paper, whatever the artwork is.
    """
    nodes: list[Node] = [Use(symbol)]
    if bleed <= 0:
        return nodes
    for flip_x in (-1, 0, 1):
        for flip_y in (-1, 0, 1):
            if flip_x == flip_y == 0:
                continue
            if (flip_x and _SIDE_X[flip_x] not in sides) or (flip_y and _SIDE_Y[flip_y] not in sides):
                continue
            sx, dx, clip_x, clip_w = _mirror(flip_x, w, bleed)
            sy, dy, clip_y, clip_h = _mirror(flip_y, h, bleed)
            nodes.append(Group((Use(symbol),), compose(translate(dx, dy), scale(sx, sy)),
                               clip=(clip_x, clip_y, clip_w, clip_h)))
    return nodes


_SIDE_X = {-1: "left", 1: "right"}
_SIDE_Y = {-1: "top", 1: "bottom"}


def _mirror(flip: int, size: float, bleed: float) -> tuple[float, float, float, float]:
    """Scale, offset and the clip interval (in artwork space) for one axis of a mirror copy."""
    if flip == 0:
        return 1.0, 0.0, 0.0, size
    if flip < 0:
        return -1.0, 0.0, 0.0, min(bleed, size)
    return -1.0, 2 * size, max(0.0, size - bleed), min(bleed, size)


def shop_page(art_id: str, symbols: dict, width: float, height: float, title: str, kind: str,
              options: PrintOptions) -> Scene:
    """One page of the artwork's own size plus bleed, crop marks outside it, and a footer."""
    bleed, margin = options.bleed_mm, options.margin_mm
    side = bleed + SLUG_MM
    page_w = max(width + 2 * side, RULER_W + 60 + 2 * margin)
    left = (page_w - width) / 2
    page_h = side + height + side + FOOTER_MM + margin
    trim = Box(left, side, width, height)
    nodes: list[Node] = [
        Group(tuple(bleed_nodes(art_id, width, height, bleed)), translate(trim.x, trim.y)),
        crop_marks(trim, bleed + CROP_OFFSET, CROP_LENGTH),
    ]
    words = options.words
    nodes += footer(footer_box(page_w, page_h, margin), words("footer.titled", title=title, kind=kind),
                    words("shop.detail", size=size_text(width, height, words),
                          bleed=number(bleed, words)), words)
    return Scene(page_w, page_h, tuple(nodes), symbols=symbols, title=f"{title}: {kind}",
                 trim_box=trim.as_tuple(),
                 bleed_box=(trim.x - bleed, trim.y - bleed, width + 2 * bleed, height + 2 * bleed))
