"""The infield: title, marked card areas, the legend of marked spaces, arrows of travel.

What the infield of a small track cannot hold goes into a band below the track.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from boardgen import fonts
from boardgen.components.card_places import (Block, Placed, Slot, arrange_row, arrange_rows,
                                             card_place, card_rect)
from boardgen.components.links import arrow, curved_arrow
from boardgen.components.text import CAP_HEIGHT, wrap
from boardgen.games.six_day_race.dimensions import (EDGE_PAD_MM, ROW_GAP_MM, SEAM_CLEARANCE_MM,
                                                    SLOT_GAP_MM, seam_period)
from boardgen.games.six_day_race.model import KIND_COLORS, SPACE_COLORS, Layout
from boardgen.games.six_day_race.shades import shade
from boardgen.games.six_day_race.track import Geometry
from boardgen.i18n import Words
from boardgen.games.six_day_race.velodrome import pictogram
from boardgen.scene import Line, Node, Rect, Style, Text, ink_on, mix

BLOCK_GAP_MM = 30.0
LEGEND_WIDTH_MM = 150.0
BAND_GAP_MM = 10.0       # between the track and a band of card places below it
DESCENT_SHARE = 0.25


# ---- blocks ----------------------------------------------------------------


def title_block(layout: Layout, words: Words, max_width: float) -> Block:
    """The game's title and subtitle, centred over each other."""
    ink = layout.colors.ink
    title, subtitle = words("title"), words.get("subtitle", "")
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


def pile_text(values: tuple[int, ...]) -> str:
    """A grey pile's name as printed: its values joined by middle dots."""
    return "·".join(str(v) for v in values)


def marked_fill(layout: Layout, kind: str) -> str:
    """The colour the board gives the space of ``kind`` (rider change, crash): its colour
    list's if it is in one, else the colour of its kind."""
    spaces = layout.spaces
    name = spaces.color_of(spaces.number_of(kind))
    return layout.colors.fill(KIND_COLORS[kind] if name == "plain" else name)


def shade_word(layout: Layout, words: Words, kind: str) -> str:
    """The word for the colour of the space of ``kind``: its colour list's name, or the name
    of the colour the layout gives that kind of space."""
    spaces = layout.spaces
    name = spaces.color_of(spaces.number_of(kind))
    return words(f"shade.{name if name != 'plain' else shade(marked_fill(layout, kind))}")


def legend_values(layout: Layout, words: Words) -> dict[str, object]:
    """The numbers and colour words a legend text may name with ``{placeholders}``."""
    grey = layout.cards.grey.pile_values
    hands = layout.hands
    crash = layout.spaces.number_of("crash")
    values: dict[str, object] = {
        "rider_change": layout.spaces.number_of("rider-change"),
        "rider_change_colour": shade_word(layout, words, "rider-change"),
        "crash": crash if crash is not None else "",
        "crash_colour": shade_word(layout, words, "crash") if crash is not None else "",
        "low": pile_text(grey[0]), "high": pile_text(grey[-1]),
        "change_high": hands.change_high, "change_low": hands.change_low,
        "change_low_many": hands.change_low_many, "many_from": hands.many_from,
        "players": len(layout.riders.colors),
    }
    for name in SPACE_COLORS:
        values[f"{name}_spaces"] = ", ".join(str(n) for n in getattr(layout.spaces, name))
    return values


EFFECT_COLORS = {"green", "grey", "red", "blue"}


def legend_rows(layout: Layout) -> list[str]:
    """The legend's rows: a colour's row only when the board has spaces of that colour, the
    choice between a space's effect and the slipstream only when such spaces exist."""
    used = set(layout.spaces.used_colors)
    shown = []
    for row in layout.legend.rows:
        if row in SPACE_COLORS and row not in used:
            continue
        if row == "crash" and layout.spaces.number_of("crash") is None:
            continue
        if row == "card-or-slipstream" and not used & EFFECT_COLORS:
            continue
        shown.append(row)
    return shown


def legend_swatch(layout: Layout, row: str, x: float, y: float, size: float) -> list[Node]:
    """The little square beside a legend row: the space's colour, with the rider change's
    pictogram or the sprint line where the row is about those."""
    colors = layout.colors
    fill = {"scoring": colors.plain}.get(row)
    if row in KIND_COLORS:
        fill = marked_fill(layout, row)
    if row in SPACE_COLORS:
        fill = colors.fill(row)
    if fill is None:
        return []
    nodes: list[Node] = [Rect(x, y, size, size, Style(fill=fill, stroke=colors.track_edge,
                                                       stroke_mm=0.35))]
    if row in KIND_COLORS:
        nodes += pictogram(row, x + size / 2, y + size / 2, size * 0.3,
                           ink_on(fill, dark=colors.ink), fill)
    elif row == "scoring":
        middle = x + size / 2
        nodes += [Line(middle, y, middle, y + size, Style(stroke="#ffffff", stroke_mm=2.4)),
                  Line(middle, y, middle, y + size, Style(stroke=colors.finish_line, stroke_mm=0.9))]
    return nodes


LEGEND_TEXT_SCALES = (1.0, 0.9, 0.8)  # a longer language's legend sets smaller before it
                                      # pushes the infield out (3.1 mm text at the least)
# (columns, text scale) tried in turn: a legend too tall for the infield's upper row splits
# into two narrower panels, the first under the title, before anything moves below the track.
LEGEND_LAYOUTS = tuple((columns, scale) for columns in (1, 2) for scale in LEGEND_TEXT_SCALES)
COLUMN_WIDTH_MM = 140.0  # a panel of a legend in two
STACK_GAP_MM = 8.0       # between the title and the legend panel under it


def legend_block(layout: Layout, words: Words, width: float = LEGEND_WIDTH_MM,
                 scale: float = 1.0, rows: list[str] | None = None, titled: bool = True,
                 name: str = "legend") -> Block | None:
    """Swatches of the marked spaces with what each does, in a panel; ``scale`` sets the
    rows' text smaller, ``rows`` (default: all the legend's) are the rows it shows and
    ``titled`` whether the legend's title heads them."""
    colors = layout.colors
    rows = legend_rows(layout) if rows is None else rows
    if not rows:
        return None
    values = legend_values(layout, words)
    ink = colors.ink
    pad, swatch, title_size, text_size = 5.0, 9.0, 4.4 * scale, 3.9 * scale
    text_x = pad + swatch + 4.0
    text_w = width - text_x - pad
    nodes: list[Node] = []
    y = pad
    if titled:
        y += 5.5 * CAP_HEIGHT
        nodes.append(Text(pad, y, words("legend.title"), 5.5, font="bold", fill=ink))
        y += 4.5
    for row in rows:
        nodes += legend_swatch(layout, row, pad, y, swatch)
        line_y = y + title_size * CAP_HEIGHT + 0.4
        nodes.append(Text(text_x, line_y, words(f"legend.{row}.title", **values), title_size,
                          font="bold", fill=ink))
        for line in wrap(words(f"legend.{row}.text", **values), text_w, text_size,
                         lang=words.lang):
            line_y += text_size * 1.32
            nodes.append(Text(text_x, line_y, line, text_size, fill=ink))
        y = max(y + swatch, line_y + text_size * DESCENT_SHARE) + 3.2
    height = y - 3.2 + pad
    panel = Rect(0, 0, width, height, Style(fill="#ffffff", stroke=colors.track_edge,
                                            stroke_mm=0.4), rx=3.0)
    return Block(name, (panel, *nodes), width, height, ((0.0, width),))


def stacked(top: Block, bottom: Block, gap: float) -> Block:
    """Two blocks as one, ``top`` centred over ``bottom``."""
    width = max(top.width, bottom.width)
    dx_top, dx_bottom = (width - top.width) / 2, (width - bottom.width) / 2
    spans = tuple((a + dx_top, b + dx_top) for a, b in top.spans) + tuple(
        (a + dx_bottom, b + dx_bottom) for a, b in bottom.spans)
    return Block(f"{top.name}+{bottom.name}",
                 (top.at(dx_top, 0), bottom.at(dx_bottom, top.height + gap)), width,
                 top.height + gap + bottom.height, spans)


def upper_blocks(layout: Layout, words: Words, title: Block, width: float, scale: float,
                 columns: int) -> list[Block]:
    """The title and the legend for the infield's upper row: the legend in one panel beside
    the title, or in two, the first under the title and the second beside them, with the
    rows split where the two columns come out most nearly the same height."""
    rows = legend_rows(layout)
    whole = legend_block(layout, words, width, scale)
    if whole is None or columns == 1 or len(rows) < 2:
        return [title] + ([whole] if whole is not None else [])
    width = min(width, COLUMN_WIDTH_MM)
    pairs = [(stacked(title, legend_block(layout, words, width, scale, rows[:cut]),
                      STACK_GAP_MM),
              legend_block(layout, words, width, scale, rows[cut:], titled=False,
                           name="legend-2"))
             for cut in range(1, len(rows))]
    return list(min(pairs, key=lambda pair: max(block.height for block in pair)))


def area_caption(layout: Layout, words: Words, deck: str, pile: int, use: str) -> str:
    """A card place's caption: the deck, the pile's values where the deck has several piles,
    and whether cards are drawn or discarded there."""
    piles = getattr(layout.cards, deck).pile_values
    values = f" {pile_text(piles[pile])}" if len(piles) > 1 else ""
    return words(f"infield.{use}", deck=words(f"cards.{deck}"), pile=values)


def slot_blocks(layout: Layout, words: Words) -> list[Block]:
    """One card place per marked area, in its deck's colour, captioned with what lies there."""
    cards = layout.cards
    return [card_place(f"slot-{index}", area_caption(layout, words, area.deck, area.pile, area.use),
                       cards.width_mm, cards.height_mm, getattr(cards, area.deck).fill)
            for index, area in enumerate(layout.infield.areas)]


def slot_rect(layout: Layout, placed: Placed) -> tuple[float, float, float, float]:
    """The card-sized place of a placed slot block, on the board."""
    return card_rect(placed, layout.cards.width_mm, layout.cards.height_mm)


# ---- placement -------------------------------------------------------------


@dataclass(frozen=True)
class InfieldPlan:
    placed: tuple[Placed, ...]
    slots: tuple[Slot, ...]        # in board coordinates
    band_mm: float = 0.0           # height added below the track for what the infield cannot hold


def keep_clear_lines(geometry: Geometry) -> tuple[float, ...]:
    """Space boundaries across the infield that text must leave free, so the board can be
    cut there: every few spaces, never more than SEAM_PERIOD_MM apart."""
    period = seam_period(geometry.track.space_mm)
    x0, _, x1, _ = geometry.infield_box()
    count = int((x1 - x0) // period + 1e-9)
    return tuple(x0 + k * period for k in range(count + 1))


def lattice_lines(geometry: Geometry) -> tuple[float, ...]:
    """The keep-clear lines continued at the same spacing over the whole board width: the bends'
    numbers and the band below the track leave them free too."""
    period = seam_period(geometry.track.space_mm)
    x0 = geometry.infield_box()[0]
    first = -math.floor(x0 / period)
    last = math.floor((geometry.width - x0) / period)
    return tuple(x0 + k * period for k in range(first, last + 1) if 0 < x0 + k * period < geometry.width)


def plan_infield(layout: Layout, words: Words, geometry: Geometry | None = None) -> InfieldPlan:
    """Where the title, card areas and legend go: two rows in the infield, or one, or what
    does not fit in a band below the track."""
    geometry = geometry or Geometry(layout.track)
    x0, y0, x1, y1 = geometry.infield_box()
    top, bottom = y0 + EDGE_PAD_MM, y1 - EDGE_PAD_MM
    cy = geometry.cy
    lines = keep_clear_lines(geometry)
    width = lines[1] - lines[0] - 2 * SEAM_CLEARANCE_MM - 2 if len(lines) > 1 else x1 - x0
    title = title_block(layout, words, width)
    for columns, scale in LEGEND_LAYOUTS:
        upper = upper_blocks(layout, words, title, min(LEGEND_WIDTH_MM, width), scale, columns)
        upper_row = arrange_row(upper, BLOCK_GAP_MM, (x0, top, x1, cy - ROW_GAP_MM), lines)
        if upper_row is not None:
            break
    lower = slot_blocks(layout, words)
    lower_row = arrange_row(lower, SLOT_GAP_MM, (x0, cy + ROW_GAP_MM, x1, bottom), lines)
    band_mm = 0.0
    if upper_row is not None and lower_row is not None:
        placed = upper_row + lower_row
    else:
        placed = arrange_row(upper[:1] + lower + upper[1:], SLOT_GAP_MM, (x0, top, x1, bottom),
                             lines)
        if placed is None:
            placed, band_mm = _with_band(geometry, upper, lower, (x0, top, x1, bottom),
                                         lattice_lines(geometry))
    slots = tuple(Slot(area.deck, area.pile, area.use, slot_rect(layout, item))
                  for area, item in zip(layout.infield.areas,
                                        [p for p in placed if p.block.name.startswith("slot-")]))
    return InfieldPlan(tuple(placed), slots, band_mm)


def _with_band(geometry: Geometry, upper: list[Block], lower: list[Block],
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
    margin = geometry.track.margin_mm
    band_top = geometry.height - margin + BAND_GAP_MM
    band, bottom = arrange_rows(rest, SLOT_GAP_MM, (margin, geometry.width - margin), band_top,
                                lines)
    return inside + band, max(0.0, bottom + max(margin, BAND_GAP_MM) - geometry.height)


# ---- the infield drawn -------------------------------------------------------


def travel_arrows(layout: Layout, geometry: Geometry) -> list[Node]:
    """Arrows along both straights and round both bends, inside the track."""
    if not layout.infield.arrows:
        return []
    color = mix(layout.colors.infield, layout.colors.ink, 0.45)
    x0, y0, x1, y1 = geometry.infield_box()
    inset = 13.0          # clear of the named spaces' words beside the track
    length, width = 46.0, 8.0
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
    radius = geometry.inner_radius - 2 * inset
    sweep = min(50.0, math.degrees(geometry.track.straight_mm / radius))
    (lx, cy), (rx, _) = geometry.bend_centers
    if not geometry.mirrored:
        nodes += curved_arrow((rx, cy), radius, sweep / 2, -sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 + sweep / 2, 180 - sweep / 2, width, color)
    else:
        nodes += curved_arrow((rx, cy), radius, -sweep / 2, sweep / 2, width, color)
        nodes += curved_arrow((lx, cy), radius, 180 - sweep / 2, 180 + sweep / 2, width, color)
    return nodes


def infield_nodes(layout: Layout, plan: InfieldPlan, geometry: Geometry) -> list[Node]:
    """The arrows of travel, and the title, legend and card places where the plan puts them."""
    nodes: list[Node] = travel_arrows(layout, geometry)
    nodes += [item.block.at(item.x, item.y) for item in plan.placed]
    return nodes
