"""The infield: title, marked card areas, the legend of coloured spaces, arrows of travel."""

from __future__ import annotations

import math
from dataclasses import dataclass

from boardgen import fonts
from boardgen.games.six_day_race.art import CAP_HEIGHT, arrow, curved_arrow, wheel, wrap
from boardgen.scene import Group, Node, Rect, Style, Text, mix, translate

EDGE_PAD_MM = 22.0       # from the inner edge of the track: room for the arrows
ROW_GAP_MM = 6.0         # kept free either side of the middle line (a place for a seam)
BLOCK_GAP_MM = 30.0
LEGEND_WIDTH_MM = 150.0
SLOT_PAD_MM = 4.0
SLOT_GAP_MM = 7.0
SLOT_LABEL_MM = 4.6
SEAM_PERIOD_MM = 170.0   # text in the infield leaves a space boundary free at least this often
SEAM_CLEARANCE_MM = 3.0
DESCENT_SHARE = 0.25


@dataclass(frozen=True)
class Block:
    """Drawn nodes in their own box with its top-left corner at (0, 0).

    ``spans`` are the x ranges (in the box) that hold text, which no page seam may cross.
    """

    name: str
    nodes: tuple[Node, ...]
    width: float
    height: float
    spans: tuple[tuple[float, float], ...]

    def at(self, x: float, y: float) -> Group:
        return Group(self.nodes, translate(x, y))


@dataclass(frozen=True)
class Placed:
    block: Block
    x: float
    y: float


@dataclass(frozen=True)
class Slot:
    """Where a card pile goes: the card-sized place (x, y, w, h) on the board, and its caption."""

    deck: str
    pile: int
    text: str
    rect: tuple[float, float, float, float]


# ---- blocks ----------------------------------------------------------------


def title_block(layout, max_width: float) -> Block:
    """The game's title and subtitle, centred over each other."""
    ink = layout.colors.ink
    size = fonts.fit_size(layout.title, max_width, 17.0, "bold")
    sub = min(5.5, size * 0.34)
    width = fonts.text_width(layout.title, size, "bold")
    if layout.subtitle:
        width = max(width, fonts.text_width(layout.subtitle, sub, "italic"))
    height = size * CAP_HEIGHT
    nodes: list[Node] = [Text(width / 2, height, layout.title, size, font="bold",
                              anchor="middle", fill=ink)]
    if layout.subtitle:
        height += sub * 1.9
        nodes.append(Text(width / 2, height, layout.subtitle, sub, font="italic",
                          anchor="middle", fill=ink))
    return Block("title", tuple(nodes), width, height + 1.0, ((0.0, width),))


def legend_block(layout, width: float = LEGEND_WIDTH_MM) -> Block | None:
    """Swatches of the space colours with what each does, in a panel."""
    legend, colors = layout.legend, layout.colors
    if not legend.entries:
        return None
    ink = colors.ink
    pad, swatch, title_size, text_size = 5.0, 9.0, 4.4, 3.9
    text_x = pad + swatch + 4.0
    text_w = width - text_x - pad
    nodes: list[Node] = []
    y = pad + 5.5 * CAP_HEIGHT
    nodes.append(Text(pad, y, legend.title, 5.5, font="bold", fill=ink))
    y += 4.5
    for entry in legend.entries:
        if entry.swatch:
            nodes.append(Rect(pad, y, swatch, swatch, Style(fill=colors.fill(entry.swatch),
                                                            stroke=colors.track_edge,
                                                            stroke_mm=0.35)))
        line_y = y + title_size * CAP_HEIGHT + 0.4
        nodes.append(Text(text_x, line_y, entry.title, title_size, font="bold", fill=ink))
        for line in wrap(entry.text, text_w, text_size):
            line_y += text_size * 1.32
            nodes.append(Text(text_x, line_y, line, text_size, fill=ink))
        y = max(y + swatch, line_y + text_size * DESCENT_SHARE) + 3.2
    height = y - 3.2 + pad
    panel = Rect(0, 0, width, height, Style(fill="#ffffff", stroke=colors.track_edge,
                                            stroke_mm=0.4), rx=3.0)
    return Block("legend", (panel, *nodes), width, height, ((0.0, width),))


def slot_blocks(layout) -> list[Block]:
    """One card place per marked area: a caption above a card-sized dashed frame."""
    cards = layout.cards
    w, h = cards.width_mm + 2 * SLOT_PAD_MM, cards.height_mm + 2 * SLOT_PAD_MM
    label_h = SLOT_LABEL_MM * 1.9
    blocks = []
    for index, area in enumerate(layout.infield.areas):
        color = getattr(cards, area.deck).fill
        size = fonts.fit_size(area.text, w, SLOT_LABEL_MM, "bold")
        text_w = fonts.text_width(area.text, size, "bold")
        nodes: list[Node] = [
            Text(w / 2, SLOT_LABEL_MM * CAP_HEIGHT, area.text, size, font="bold",
                 anchor="middle", fill=mix(color, "#000000", 0.35)),
            Rect(0, label_h, w, h, Style(fill=mix(color, "#ffffff", 0.82), stroke=color,
                                         stroke_mm=0.8, dash=(3.0, 1.6)), rx=4.0),
            *wheel(w / 2, label_h + h / 2, min(w, h) * 0.32, mix(color, "#ffffff", 0.55)),
        ]
        blocks.append(Block(f"slot-{index}", tuple(nodes), w, label_h + h,
                            (((w - text_w) / 2, (w + text_w) / 2),)))
    return blocks


def slot_rect(layout, placed: Placed) -> tuple[float, float, float, float]:
    """The card-sized place of a placed slot block, on the board."""
    cards = layout.cards
    return (placed.x, placed.y + SLOT_LABEL_MM * 1.9, cards.width_mm + 2 * SLOT_PAD_MM,
            cards.height_mm + 2 * SLOT_PAD_MM)


# ---- placement -------------------------------------------------------------


@dataclass(frozen=True)
class InfieldPlan:
    placed: tuple[Placed, ...]
    slots: tuple[Slot, ...]        # in board coordinates


def keep_clear_lines(geometry) -> tuple[float, ...]:
    """Space boundaries across the infield that text must leave free, so the board can be
    cut there: every few spaces, never more than SEAM_PERIOD_MM apart."""
    step = geometry.track.space_mm
    period = step * max(1, int(SEAM_PERIOD_MM // step))
    x0, _, x1, _ = geometry.infield_box()
    count = int((x1 - x0) // period + 1e-9)
    return tuple(x0 + k * period for k in range(count + 1))


def _clear_x(block: Block, x: float, lines: tuple[float, ...]) -> float:
    """The first position at or right of ``x`` where none of the block's text crosses a line."""
    for _ in range(len(lines) + 1):
        crossing = [line for line in lines for a, b in block.spans
                    if x + a - SEAM_CLEARANCE_MM < line < x + b + SEAM_CLEARANCE_MM]
        if not crossing:
            return x
        line = min(crossing)
        first_span = min(a for a, b in block.spans if x + b + SEAM_CLEARANCE_MM > line)
        x = line + SEAM_CLEARANCE_MM - first_span + 0.01
    raise ValueError(f"the {block.name} is too wide to sit between two page seams")


def arrange_row(blocks: list[Block], gap: float, area: tuple[float, float, float, float],
                lines: tuple[float, ...]) -> list[Placed] | None:
    """Blocks side by side, no text across a keep-clear line, centred as far as that allows."""
    if not blocks:
        return []
    x_min, y_top, x_max, y_bottom = area
    if max(b.height for b in blocks) > y_bottom - y_top:
        return None
    xs, cursor = [], x_min
    for block in blocks:
        x = _clear_x(block, cursor, lines)
        xs.append(x)
        cursor = x + block.width + gap
    left, right = xs[0], xs[-1] + blocks[-1].width
    if right > x_max:
        return None
    wanted = ((x_min + x_max) - (left + right)) / 2
    period = lines[1] - lines[0] if len(lines) > 1 else 0.0
    if period:
        wanted = period * round(wanted / period)
        while wanted > 0 and right + wanted > x_max:
            wanted -= period
    shift = max(wanted, 0.0)
    return [Placed(b, x + shift, (y_top + y_bottom - b.height) / 2) for b, x in zip(blocks, xs)]


def plan_infield(layout, track=None) -> InfieldPlan:
    """Where the title, card areas and legend go; ValueError if the infield is too small."""
    from boardgen.games.six_day_race.track import Geometry

    geometry = Geometry(track or layout.track)
    x0, y0, x1, y1 = geometry.infield_box()
    top, bottom = y0 + EDGE_PAD_MM, y1 - EDGE_PAD_MM
    cy = geometry.cy
    lines = keep_clear_lines(geometry)
    width = lines[1] - lines[0] - 2 * SEAM_CLEARANCE_MM - 2 if len(lines) > 1 else x1 - x0
    legend = legend_block(layout, min(LEGEND_WIDTH_MM, width))
    upper = [title_block(layout, width)] + ([legend] if legend else [])
    lower = slot_blocks(layout)
    upper_row = arrange_row(upper, BLOCK_GAP_MM, (x0, top, x1, cy - ROW_GAP_MM), lines)
    lower_row = arrange_row(lower, SLOT_GAP_MM, (x0, cy + ROW_GAP_MM, x1, bottom), lines)
    if upper_row is not None and lower_row is not None:
        placed = upper_row + lower_row
    else:
        single = arrange_row(upper[:1] + lower + upper[1:], SLOT_GAP_MM, (x0, top, x1, bottom),
                             lines)
        if single is None:
            raise ValueError(
                f"the infield ({x1 - x0:.0f} × {bottom - top:.0f} mm inside the arrows) is too "
                "small for the title, card areas and legend" + _suggestion(layout, geometry.track))
        placed = single
    slots = tuple(Slot(area.deck, area.pile, area.text, slot_rect(layout, item))
                  for area, item in zip(layout.infield.areas,
                                        [p for p in placed if p.block.name.startswith("slot-")]))
    return InfieldPlan(tuple(placed), slots)


def _suggestion(layout, track) -> str:
    """A nearby number of straight spaces whose infield would hold everything, if any."""
    if track is not layout.track:
        return ""
    for delta in range(1, track.spaces // 2):
        for straight in (track.straight_spaces - delta, track.straight_spaces + delta):
            rest = track.spaces - 2 * straight
            if straight < 1 or rest < 4:
                continue
            other = track.model_copy(update={"straight_spaces": straight})
            if other.bend_radius_mm - other.width_mm / 2 < 40:
                continue
            try:
                plan_infield(layout, other)
            except ValueError:
                continue
            return f"; straight_spaces = {straight} would fit"
    return "; use a longer track"


# ---- the infield drawn -------------------------------------------------------


def travel_arrows(layout, geometry) -> list[Node]:
    """Arrows along both straights and round both bends, inside the track."""
    if not layout.infield.arrows:
        return []
    color = mix(layout.colors.infield, layout.colors.ink, 0.45)
    x0, y0, x1, y1 = geometry.infield_box()
    inset = 12.0
    length, width = 46.0, 9.0
    step = 1 if geometry.mirrored else -1   # which way the top straight runs, on the page
    nodes: list[Node] = []
    straight = x1 - x0
    count = max(1, min(4, int(straight // 200)))
    for k in range(count):
        cx = x0 + straight * (k + 0.5) / count
        nodes.append(arrow((cx + step * length / 2, y1 - inset),
                           (cx - step * length / 2, y1 - inset), width, color))
        nodes.append(arrow((cx - step * length / 2, y0 + inset),
                           (cx + step * length / 2, y0 + inset), width, color))
    radius = geometry.inner_radius - inset
    sweep = min(50.0, math.degrees(geometry.track.straight_mm / radius))
    (lx, cy), (rx, _) = geometry.bend_centers
    if not geometry.mirrored:
        nodes += curved_arrow((rx, cy), radius, sweep / 2, -sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 + sweep / 2, 180 - sweep / 2, width, color)
    else:
        nodes += curved_arrow((rx, cy), radius, -sweep / 2, sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 - sweep / 2, 180 + sweep / 2, width, color)
    return nodes


def infield_nodes(layout, geometry) -> list[Node]:
    plan = plan_infield(layout)
    nodes: list[Node] = travel_arrows(layout, geometry)
    nodes += [item.block.at(item.x, item.y) for item in plan.placed]
    return nodes
