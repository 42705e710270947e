"""An oval track's infield: the title, the legend's panels and the places for card piles, laid
out in two rows (above and below its middle line) between lines across the board that no
text may cross, so the board can still be cut into pages there; the arrows of travel round
it. What the infield of a small oval cannot hold goes into a band below the track.

The arithmetic is shared with the games that check a layout before it is drawn: whether the
card places fit beside each other on a straight, and how deep each row is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from boardgen import fonts
from boardgen.components.card_places import (GAP_MM as PLACE_GAP_MM, SEAM_CLEARANCE_MM, Block,
                                             Placed, Slot, arrange_row, arrange_rows,
                                             card_place, card_rect)
from boardgen.components.links import arrow, curved_arrow
from boardgen.components.text import CAP_HEIGHT
from boardgen.geometry.shapes import Oval
from boardgen.scene import Group, Node, Text, mix

EDGE_PAD_MM = 18.0       # from the inner edge of the track: room for the arrows
ROW_GAP_MM = 6.0         # kept free either side of the infield's middle line
SEAM_PERIOD_MM = 170.0   # infield text leaves a space boundary free at least this often
BLOCK_GAP_MM = 30.0      # between the title and the legend
LEGEND_WIDTH_MM = 150.0
BAND_GAP_MM = 10.0       # between the track and a band of card places below it
COLUMN_WIDTH_MM = 140.0  # a panel of a legend in two
STACK_GAP_MM = 8.0       # between the title and the legend panel under it
LEGEND_TEXT_SCALES = (1.0, 0.9, 0.8)  # a longer language's legend sets smaller before it
                                      # pushes the infield out (3.1 mm text at the least)
# (columns, text scale) tried in turn: a legend too tall for the infield's upper row splits
# into two narrower panels, the first under the title, before anything moves below the track.
LEGEND_LAYOUTS = tuple((columns, scale) for columns in (1, 2) for scale in LEGEND_TEXT_SCALES)
ARROW_INSET_MM = 13.0    # clear of the named spaces' words beside the track
ARROW_LENGTH_MM = 46.0
ARROW_WIDTH_MM = 8.0
MOVE_GAP_MM = 8.0        # a moved title or legend keeps this far from its neighbours
BEND_PAD_MM = 10.0       # and this far inside the track's edge, where it moves into a bend


# ---- the arithmetic a layout is checked with ---------------------------------------------


def seam_period(space_mm: float) -> float:
    """Distance between the space boundaries that infield text leaves free."""
    return space_mm * max(1, int(SEAM_PERIOD_MM // space_mm))


def places_per_period(place_w: float, period: float) -> int:
    """How many card places fit side by side between two free space boundaries."""
    room = period - 2 * SEAM_CLEARANCE_MM
    return int((room + PLACE_GAP_MM) // (place_w + PLACE_GAP_MM))


def places_fit_straight(straight_mm: float, period: float, place_w: float, count: int) -> bool:
    """Whether ``count`` card places fit in a row along a straight of ``straight_mm``."""
    per = places_per_period(place_w, period)
    if per == 0:
        return False
    whole, rest = divmod(straight_mm, period)
    tail = places_per_period(place_w, rest) if rest > place_w else 0
    return int(whole) * per + tail >= count


def row_height(inner_radius: float) -> float:
    """Height of each of the infield's two rows (above and below the middle line)."""
    return inner_radius - EDGE_PAD_MM - ROW_GAP_MM


# ---- what goes in ------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A place for a pile of cards the infield is asked to hold: which deck and pile, whether
    cards are drawn or discarded there, its caption, the card's size and the deck's colour."""

    deck: str
    pile: object
    use: str
    caption: str
    card_w: float
    card_h: float
    color: str


@dataclass(frozen=True)
class Legend:
    """The legend the infield is asked to hold: a panel of ``make(width, scale, entries,
    titled, name)`` for every split of its ``count`` entries the layout tries."""

    count: int
    make: Callable[[float, float, slice, bool, str], Block]


def title_block(title: str, subtitle: str, max_width: float, ink: str) -> Block:
    """The game's title and subtitle, centred over each other."""
    size = fonts.fit_size(title, max_width, 17.0, "bold")
    sub = min(5.5, size * 0.34)
    if subtitle:
        sub = fonts.fit_size(subtitle, max_width, sub, "italic")
    width = fonts.text_width(title, size, "bold")
    if subtitle:
        width = max(width, fonts.text_width(subtitle, sub, "italic"))
    height = size * CAP_HEIGHT
    nodes: list[Node] = [Text(width / 2, height, title, size, font="bold",
                              anchor="middle", fill=ink)]
    if subtitle:
        height += sub * 1.9
        nodes.append(Text(width / 2, height, subtitle, sub, font="italic",
                          anchor="middle", fill=ink))
    return Block("title", tuple(nodes), width, height + 1.0, ((0.0, width),))


def stacked(top: Block, bottom: Block, gap: float) -> Block:
    """Two blocks as one, ``top`` centred over ``bottom``."""
    width = max(top.width, bottom.width)
    dx_top, dx_bottom = (width - top.width) / 2, (width - bottom.width) / 2
    spans = tuple((a + dx_top, b + dx_top) for a, b in top.spans) + tuple(
        (a + dx_bottom, b + dx_bottom) for a, b in bottom.spans)
    return Block(f"{top.name}+{bottom.name}",
                 (top.at(dx_top, 0), bottom.at(dx_bottom, top.height + gap)), width,
                 top.height + gap + bottom.height, spans)


def upper_blocks(title: Block | None, legend: Legend | None, width: float, scale: float,
                 columns: int) -> list[Block]:
    """The title and the legend for the infield's upper row: the legend in one panel beside
    the title, or in two, the first under the title and the second beside them, with the
    entries split where the two columns come out most nearly the same height."""
    heading = [title] if title is not None else []
    if legend is None or not legend.count:
        return heading
    whole = legend.make(width, scale, slice(None), True, "legend")
    if columns == 1 or legend.count < 2:
        return heading + [whole]
    width = min(width, COLUMN_WIDTH_MM)

    def first(cut: int) -> Block:
        panel = legend.make(width, scale, slice(None, cut), True, "legend")
        return stacked(title, panel, STACK_GAP_MM) if title is not None else panel

    pairs = [(first(cut), legend.make(width, scale, slice(cut, None), False, "legend-2"))
             for cut in range(1, legend.count)]
    return list(min(pairs, key=lambda pair: max(block.height for block in pair)))


def place_blocks(places: list[Place]) -> list[Block]:
    """One card place per asked place, in its deck's colour, captioned with what lies there."""
    return [card_place(f"slot-{index}", place.caption, place.card_w, place.card_h, place.color)
            for index, place in enumerate(places)]


# ---- the plan ----------------------------------------------------------------------------


@dataclass(frozen=True)
class InfieldPlan:
    placed: tuple[Placed, ...]
    slots: tuple[Slot, ...]        # in board coordinates
    band_mm: float = 0.0           # height added below the track for what the infield cannot hold
    oval: Oval | None = None       # the oval it is planned in: a title or legend may move

    def nodes(self) -> list[Node]:
        return [self._movable(item) for item in self.placed]

    def _movable(self, item: Placed) -> Group:
        """A placed block; the title and the legend's panels (not the card places, whose
        piles stand on the board) say how far along their row they may move, so that a page
        seam can cross the infield where they stood: up to halfway to a neighbour, and into
        a bend as far as the track's edge and the bend's arrow leave room."""
        group = item.block.at(item.x, item.y)
        if self.oval is None or item.block.name.startswith("slot-") or item.y > self.oval.size[1]:
            return group
        top, bottom, width = item.y, item.y + item.block.height, item.block.width
        beside = [other for other in self.placed if other is not item
                  and other.y < bottom and top < other.y + other.block.height]
        left_bend, right_bend = bend_reach(self.oval, top, bottom)
        left = max([(item.x + o.x + o.block.width + MOVE_GAP_MM) / 2
                    for o in beside if o.x < item.x], default=left_bend)
        right = min([(item.x + width + o.x - MOVE_GAP_MM) / 2
                     for o in beside if o.x > item.x], default=right_bend)
        left, right = max(left, left_bend), min(right, right_bend)
        steps = range(1, int(max(item.x - left, right - item.x - width)) + 1)
        shifts = [(float(d), 0.0) for step in steps for d in (-step, step)
                  if left <= item.x + d and item.x + d + width <= right]
        return replace(group, shifts=tuple(shifts))


def bend_reach(oval: Oval, top: float, bottom: float) -> tuple[float, float]:
    """How far left and right a block from ``top`` to ``bottom`` may stand in the infield:
    into each bend while its corners keep BEND_PAD_MM inside the track and MOVE_GAP_MM from
    the bend's arrow of travel (``travel_arrows``)."""
    (xl, cy), (xr, _) = oval.centres
    clear = oval.inner_radius - BEND_PAD_MM
    far = max(abs(cy - top), abs(cy - bottom))
    if far >= clear:
        return xl, xr
    reach = math.sqrt(clear * clear - far * far)
    radius = oval.inner_radius - 2 * ARROW_INSET_MM
    sweep = min(50.0, math.degrees(oval.straight * oval.space_mm / radius))
    arrow_top = cy - (radius + ARROW_WIDTH_MM) * math.sin(math.radians(sweep / 2))
    arrow_bottom = 2 * cy - arrow_top
    if top < arrow_bottom and bottom > arrow_top:  # beside the arrow: short of its inner edge
        inner = (radius - ARROW_WIDTH_MM) * math.cos(math.radians(sweep / 2))
        reach = min(reach, inner - MOVE_GAP_MM)
    reach = max(reach, 0.0)
    return xl - reach, xr + reach


def keep_clear_lines(oval: Oval) -> tuple[float, ...]:
    """Space boundaries across the infield that text must leave free, so the board can be
    cut there: every few spaces, never more than SEAM_PERIOD_MM apart."""
    period = seam_period(oval.space_mm)
    x0, _, x1, _ = oval.infield_box
    count = int((x1 - x0) // period + 1e-9)
    return tuple(x0 + k * period for k in range(count + 1))


def lattice_lines(oval: Oval) -> tuple[float, ...]:
    """The keep-clear lines continued at the same spacing over the whole board width: the
    bends' numbers and the band below the track leave them free too."""
    period = seam_period(oval.space_mm)
    x0 = oval.infield_box[0]
    width = oval.size[0]
    first = -math.floor(x0 / period)
    last = math.floor((width - x0) / period)
    return tuple(x0 + k * period for k in range(first, last + 1) if 0 < x0 + k * period < width)


def plan(oval: Oval, title: tuple[str, str, str] | None, legend: Legend | None,
         places: list[Place]) -> InfieldPlan:
    """Where the title (its text, subtitle and ink), the legend and the card places go: two
    rows in the infield, or one, or what does not fit in a band below the track."""
    x0, y0, x1, y1 = oval.infield_box
    top, bottom = y0 + EDGE_PAD_MM, y1 - EDGE_PAD_MM
    cy = oval.centres[0][1]
    lines = keep_clear_lines(oval)
    width = lines[1] - lines[0] - 2 * SEAM_CLEARANCE_MM - 2 if len(lines) > 1 else x1 - x0
    heading = title_block(*title[:2], width, title[2]) if title is not None else None
    for columns, scale in LEGEND_LAYOUTS:
        upper = upper_blocks(heading, legend, min(LEGEND_WIDTH_MM, width), scale, columns)
        upper_row = arrange_row(upper, BLOCK_GAP_MM, (x0, top, x1, cy - ROW_GAP_MM), lines)
        if upper_row is not None:
            break
    lower = place_blocks(places)
    lower_row = arrange_row(lower, PLACE_GAP_MM, (x0, cy + ROW_GAP_MM, x1, bottom), lines)
    band_mm = 0.0
    if upper_row is not None and lower_row is not None:
        placed = upper_row + lower_row
    else:
        placed = arrange_row(upper[:1] + lower + upper[1:], PLACE_GAP_MM, (x0, top, x1, bottom),
                             lines)
        if placed is None:
            placed, band_mm = _with_band(oval, upper, lower, (x0, top, x1, bottom),
                                         lattice_lines(oval))
    slots = tuple(Slot(place.deck, place.pile, place.use,
                       card_rect(item, place.card_w, place.card_h))
                  for place, item in zip(places, [p for p in placed
                                                  if p.block.name.startswith("slot-")]))
    return InfieldPlan(tuple(placed), slots, band_mm, oval)


def _with_band(oval: Oval, upper: list[Block], lower: list[Block],
               infield: tuple[float, float, float, float],
               lines: tuple[float, ...]) -> tuple[list[Placed], float]:
    """The title (and legend) in the infield as far as they fit; the rest below the track."""
    inside: list[Placed] = []
    rest = list(lower)
    for count in (len(upper), 1, 0):
        row = arrange_row(upper[:count], BLOCK_GAP_MM, infield, lines)
        if row is not None:
            inside, rest = row, upper[count:] + rest
            break
    margin = oval.margin_mm
    width, height = oval.size
    band_top = height - margin + BAND_GAP_MM
    band, bottom = arrange_rows(rest, PLACE_GAP_MM, (margin, width - margin), band_top, lines)
    return inside + band, max(0.0, bottom + max(margin, BAND_GAP_MM) - height)


# ---- the arrows of travel ----------------------------------------------------------------


def travel_arrows(oval: Oval, ground: str, ink: str) -> list[Node]:
    """Arrows along both straights and round both bends, inside the track, in a shade
    between the infield's colour and the ink."""
    color = mix(ground, ink, 0.45)
    x0, y0, x1, y1 = oval.infield_box
    inset, length, width = ARROW_INSET_MM, ARROW_LENGTH_MM, ARROW_WIDTH_MM
    step = 1 if oval.clockwise else -1   # which way the top straight runs, on the page
    nodes: list[Node] = []
    straight = x1 - x0
    count = max(1, min(4, int(straight // 200)))
    for k in range(count):
        cx = x0 + straight * (k + 0.5) / count
        nodes.append(arrow((cx + step * length / 2, y1 - inset),
                           (cx - step * length / 2, y1 - inset), width, color))
        nodes.append(arrow((cx - step * length / 2, y0 + inset),
                           (cx + step * length / 2, y0 + inset), width, color))
    radius = oval.inner_radius - 2 * inset
    sweep = min(50.0, math.degrees(oval.straight * oval.space_mm / radius))
    (lx, cy), (rx, _) = oval.centres
    if not oval.clockwise:
        nodes += curved_arrow((rx, cy), radius, sweep / 2, -sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 + sweep / 2, 180 - sweep / 2, width, color)
    else:
        nodes += curved_arrow((rx, cy), radius, -sweep / 2, sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 - sweep / 2, 180 + sweep / 2, width, color)
    return nodes
