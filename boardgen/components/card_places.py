"""Card places: marked places on a board where a pile of cards is drawn from or discarded
onto, each a caption above a dashed card-sized frame in its deck's colour, and the rows any
track game lays such blocks out in, between lines across the board that no text may cross
(so the board can still be cut into pages there).

The six-day velodrome's infield holds its draw and discard piles so; a board of any track
game can hold its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen import fonts
from boardgen.components.pictograms import wheel
from boardgen.components.text import CAP_HEIGHT
from boardgen.scene import Group, Node, Rect, Style, Text, mix, translate

PAD_MM = 4.0          # around a card in its marked place
GAP_MM = 7.0          # between two card places
LABEL_MM = 4.6        # caption size above a card place
SEAM_CLEARANCE_MM = 3.0


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
    """A block at (x, y) on the board."""

    block: Block
    x: float
    y: float


@dataclass(frozen=True)
class Slot:
    """Where a card pile goes: the card-sized place (x, y, w, h) on the board, and what for."""

    deck: str
    pile: int
    use: str
    rect: tuple[float, float, float, float]


def place_size(card_w: float, card_h: float) -> tuple[float, float]:
    """Width and height of a card place with its caption."""
    return card_w + 2 * PAD_MM, card_h + 2 * PAD_MM + LABEL_MM * 1.9


def card_place(name: str, caption: str, card_w: float, card_h: float, color: str) -> Block:
    """A caption above a card-sized dashed frame with a pale wheel, in the deck's ``color``."""
    w, full_h = place_size(card_w, card_h)
    label_h = LABEL_MM * 1.9
    h = full_h - label_h
    size = fonts.fit_size(caption, w, LABEL_MM, "bold")
    text_w = fonts.text_width(caption, size, "bold")
    nodes: list[Node] = [
        Text(w / 2, LABEL_MM * CAP_HEIGHT, caption, size, font="bold",
             anchor="middle", fill=mix(color, "#000000", 0.35)),
        Rect(0, label_h, w, h, Style(fill=mix(color, "#ffffff", 0.82), stroke=color,
                                     stroke_mm=0.8, dash=(3.0, 1.6)), rx=4.0),
        *wheel(w / 2, label_h + h / 2, min(w, h) * 0.32, mix(color, "#ffffff", 0.55)),
    ]
    return Block(name, tuple(nodes), w, label_h + h, (((w - text_w) / 2, (w + text_w) / 2),))


def card_rect(placed: Placed, card_w: float, card_h: float) -> tuple[float, float, float, float]:
    """The card-sized place (x, y, w, h) of a placed card place, on the board."""
    return (placed.x, placed.y + LABEL_MM * 1.9, card_w + 2 * PAD_MM, card_h + 2 * PAD_MM)


# ---- rows of blocks between lines kept free ------------------------------------------------


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


def arrange_rows(blocks: list[Block], gap: float, x_range: tuple[float, float], top: float,
                 lines: tuple[float, ...]) -> tuple[list[Placed], float]:
    """Blocks in as many rows as they need from ``top`` down; returns them and the bottom."""
    x_min, x_max = x_range
    placed: list[Placed] = []
    row: list[Block] = []
    y = top
    for block in blocks + [None]:
        if block is not None:
            tall = max(b.height for b in row + [block])
            if arrange_row(row + [block], gap, (x_min, y, x_max, y + tall + 0.01),
                           lines) is not None:
                row.append(block)
                continue
        if row:
            tall = max(b.height for b in row)
            placed += arrange_row(row, gap, (x_min, y, x_max, y + tall + 0.01), lines) or []
            y += tall + gap
        row = [block] if block is not None else []
    return placed, y - gap
