"""Figures for the rule sheet: the whole board, the colour legend, the finish line, slipstream."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping

from boardgen.components import Context, track_board
from boardgen.components.infield import InfieldPlan
from boardgen.components import oval_track as ovals
from boardgen.components.links import arrow
from boardgen.components.text import CAP_HEIGHT, box as text_box, centred
from boardgen.games.race.compose import board_context
from boardgen.games.six_day_race.board import legend_block, legend_rows
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.scene import (Circle, Group, Node, Path, Rect, Scene, Style, Text, ink_on, mix,
                            translate)

OVERVIEW_WIDTH_MM = 110.0
SMALL_TEXT_MM = 3.2


@dataclass(frozen=True)
class BoardPlan:
    """The board as the race kind draws it, in one language, for the figures that show
    parts of it: the shared board's model, its laid-out oval and its drawing context."""

    model: track_board.OvalTrack
    context: Context

    @property
    def laid(self) -> track_board.Plan:
        return self.context.facts["plan"]

    @property
    def oval(self):
        return self.laid.oval

    @property
    def looks(self) -> Mapping[str, track_board.Look]:
        return self.context.facts["looks"]

    def infield(self) -> InfieldPlan:
        return track_board.infield_plan(self.model, self.laid, self.context,
                                        list(self.context.facts["legend"]), set())


def board_plan(layout: Layout, words: Words) -> BoardPlan:
    """The board's model, oval and drawing context in ``words``."""
    return BoardPlan(layout.board, board_context(layout, words))


def track_lines(layout: Layout, planned: BoardPlan) -> list[Path]:
    """The côte d'azur, the coloured lines, the lines between lanes and the track's edges."""
    lines = planned.model.lines
    return ovals.track_lines(planned.oval, layout.board.colors.edge, lines.azur, lines.along())


def finish_line(layout: Layout, planned: BoardPlan) -> list[Node]:
    return ovals.finish_line(planned.oval, layout.finish_color, True)


def numbered(planned: BoardPlan) -> list[tuple[int, object]]:
    """Every space of the oval with its number, from space 1."""
    return list(enumerate(planned.oval.shapes, start=1))


def overview(layout: Layout, words: Words) -> Scene:
    """The board in miniature: coloured spaces, the words and every tenth number beside the
    track, and the card areas."""
    planned = board_plan(layout, words)
    oval = planned.oval
    plan = planned.infield()
    width, height = oval.size
    factor = OVERVIEW_WIDTH_MM / width
    edge = layout.board.colors.edge
    shapes: list[Node] = [Path(shape.outline_commands(),
                               Style(fill=planned.looks[str(n)].fill, stroke=edge,
                                     stroke_mm=0.35 / factor))
                          for n, shape in numbered(planned)]
    shapes += [Path(p.commands, Style(stroke=p.style.stroke, stroke_mm=p.style.stroke_mm * 0.6))
               for p in track_lines(layout, planned)]
    shapes += finish_line(layout, planned)
    for place, slot in zip(planned.context.facts["places"], plan.slots):
        shapes.append(Rect(*slot.rect, Style(fill=mix(place.color, "#ffffff", 0.75),
                                             stroke=place.color, stroke_mm=0.3 / factor)))
    texts = _overview_texts(layout, planned, factor)
    boxes = [text_box(t) for t in texts]
    x0 = min([0.0] + [b[0] - 1 for b in boxes])
    y0 = min([0.0] + [b[1] - 1 for b in boxes])
    x1 = max([width * factor] + [b[2] + 1 for b in boxes])
    y1 = max([(height + plan.band_mm) * factor] + [b[3] + 1 for b in boxes])
    content = Group((Rect(x0, y0, x1 - x0, y1 - y0, Style(fill=layout.board.colors.ground)),
                     Group(tuple(shapes), (factor, 0, 0, factor, 0, 0)), *texts),
                    translate(-x0, -y0))
    return Scene(x1 - x0, y1 - y0, (content,), title=words("figure.board"))


def _overview_texts(layout: Layout, planned: BoardPlan, factor: float) -> list[Text]:
    """Words and round numbers just outside the track, pushed further out where they would meet."""
    ink = layout.ink
    half_width = planned.oval.half_width
    spaces = numbered(planned)
    placed: list[Text] = []
    taken: list[tuple[float, float, float, float]] = []  # the boxes of the placed texts
    for number, space in spaces:
        label = planned.looks[str(number)].label
        if label:
            text, font = f"{number} {label}", "regular"
        elif number % 10 == 0 or number == 1:
            text, font = str(number), "bold"
        else:
            continue
        out_x, out_y = _outward(space, half_width)
        # beside the bends the words go inside the oval, keeping the figure narrow
        side = -1.0 if abs(out_x) > 0.5 else 1.0
        anchor = "start" if out_x < -0.5 else "end" if out_x > 0.5 else "middle"
        along, nudge = 0.5, 0.0
        if number in (1, len(spaces)) and space.kind == "straight":
            # either side of the start/finish line, each reading away from it
            first = number == 1
            forward = space.point(1.0)[0] > space.point(0.0)[0]
            along, nudge = (0.0, 0.8) if first else (1.0, -0.8)
            nudge = nudge if forward else -nudge
            anchor = "start" if forward == first else "end"
        for step in range(6):
            gap = (1.6 + step * SMALL_TEXT_MM * 1.25) / factor
            x, y = space.point(along, side * (half_width + gap))
            node = Text(x * factor + nudge,
                        y * factor + SMALL_TEXT_MM * CAP_HEIGHT * (0.5 + 0.5 * side * out_y),
                        text, SMALL_TEXT_MM, font=font, anchor=anchor, fill=ink)
            room = text_box(node, 0.4)
            if not any(_overlap(room, box) for box in taken):
                break
        placed.append(node)
        taken.append(text_box(node))
    return placed


def _outward(space, half_width: float) -> tuple[float, float]:
    (x, y), (ox, oy) = space.point(0.5), space.point(0.5, half_width)
    length = math.hypot(ox - x, oy - y)
    return (ox - x) / length, (oy - y) / length


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def colour_legend(layout: Layout, words: Words) -> Scene:
    """The infield's legend on its own."""
    if not legend_rows(layout):
        return Scene(120.0, 10.0, (Text(0, 6, words("figure.no_legend"), 3.5),))
    block = legend_block(layout, words, width=100.0)
    return Scene(block.width, block.height, block.nodes, title=words("legend.title"))


FINISH_WIDTH_MM = 100.0


def finish(layout: Layout, words: Words) -> Scene:
    """The spaces either side of the start/finish line at half size, with their numbers and words."""
    planned = board_plan(layout, words)
    spaces = numbered(planned)
    half_width = planned.oval.half_width
    around = [spaces[i] for i in range(-3, 3)]
    straight = [(n, s) for n, s in around if s.kind == "straight"]
    x0 = min(min(p[0] for p in s.outline_points()) for _, s in straight)
    x1 = max(max(p[0] for p in s.outline_points()) for _, s in straight)
    factor = min(0.6, FINISH_WIDTH_MM / (x1 - x0))   # a column wide, whatever the space length
    y0 = min(min(p[1] for p in s.outline_points()) for _, s in straight)
    width = (x1 - x0) * factor
    depth = half_width * 2 * factor
    edge = layout.board.colors.edge
    shapes: list[Node] = []
    for number, space in straight:
        shapes.append(Path(space.outline_commands(), Style(fill=planned.looks[str(number)].fill,
                                                           stroke=edge, stroke_mm=0.8)))
    shapes += track_lines(layout, planned)
    shapes += finish_line(layout, planned)
    top = 4.0
    nodes: list[Node] = [Group((Group(tuple(shapes), translate(-x0, -y0)),),
                               (factor, 0, 0, factor, 0, top))]
    for number, space in straight:
        look = planned.looks[str(number)]
        ink = ink_on(look.fill, dark=layout.ink)
        for across, text, size in ((half_width / 2, str(number), 4.5),
                                   (-half_width / 2, look.label or "", 3.2)):
            if text:
                x, y = space.point(0.5, across)
                nodes.append(centred((x - x0) * factor, (y - y0) * factor + top, text, size,
                                           font="bold", fill=ink))
    first = spaces[0][1]
    forward = 1 if first.point(1.0)[0] > first.point(0.0)[0] else -1
    mid = width / 2
    nodes.append(arrow((mid - forward * 12, top + depth + 6), (mid + forward * 12, top + depth + 6),
                       4.5, layout.ink))
    clip = Group(tuple(nodes), clip=(0, 0, width, top + depth + 10))
    return Scene(width, top + depth + 10, (clip,), title=words("figure.finish"))


def slipstream(layout: Layout, words: Words) -> Scene:
    """A rider plays a 3 onto a space with two riders and rides 3 × 2 = 6 spaces further."""
    edge = layout.board.colors.edge
    riders = layout.player_colors
    cell, depth, left, top = 9.0, 15.5, 1.0, 11.0
    count = 10
    first = slipstream_window(layout, count)
    fills = {int(n): look.fill for n, look in board_plan(layout, words).looks.items()}
    nodes: list[Node] = []
    for k in range(count):
        x = left + k * cell
        fill = fills[first + k]
        nodes.append(Rect(x, top, cell, depth, Style(fill=fill, stroke=edge,
                                                     stroke_mm=0.3)))
        nodes.append(Text(x + cell / 2, top + depth - 1.2, str(first + k), 2.8, font="bold",
                          anchor="middle", fill=ink_on(fill, dark=layout.ink)))
    def rider(k: int, slot: int, number: int) -> list[Node]:
        cx = left + (k + 0.5) * cell
        cy = top + 2.9 + slot * 5.2
        color = riders[(number - 1) % len(riders)]
        return [Circle(cx, cy, 2.4, Style(fill=color, stroke=layout.ink, stroke_mm=0.25)),
                centred(cx, cy, str(number), 2.8, font="bold", fill=ink_on(color))]
    nodes += rider(0, 0, 1)
    nodes += rider(3, 0, 2) + rider(3, 1, 3)
    ghost = left + 9.5 * cell
    nodes += [Circle(ghost, top + 2.9, 2.4, Style(stroke=layout.ink, stroke_mm=0.3, dash=(0.8, 0.6))),
              centred(ghost, top + 2.9, "1", 2.8, font="bold", fill=layout.ink)]
    a0, a1, a2 = (left + 0.5 * cell, left + 3.5 * cell, left + 9.5 * cell)
    nodes.append(_hop(a0, a1, top - 1.0, "3", layout.ink))
    nodes.append(_hop(a1, a2, top - 1.0, "+ 3 × 2 = 6", layout.fill("blue")))
    return Scene(left * 2 + count * cell, top + depth + 2, tuple(nodes),
                 title=words("figure.slipstream"))


SLIPSTREAM_FROM = 12  # the first space the figure shows, where the board allows


def slipstream_window(layout: Layout, count: int) -> int:
    """The first of ``count`` spaces the slipstream figure shows, drawn as the board draws
    them: from space 12 on, the first stretch whose spaces carry no words, where the rider
    starts and lands on plain spaces (a black space there would have no slipstream)."""
    spaces, total = layout.placed_spaces, layout.board.spaces
    def fits(first: int) -> bool:
        shown = range(first, first + count)
        return (first + count - 1 <= total
                and all(spaces.named_of(n) is None for n in shown)
                and all(spaces.color_of(n) == "plain" for n in (first, first + 3)))
    candidates = list(range(SLIPSTREAM_FROM, total + 1)) + list(range(1, SLIPSTREAM_FROM))
    return next((first for first in candidates if fits(first)), SLIPSTREAM_FROM)


def _hop(x0: float, x1: float, base: float, label: str, color: str) -> Group:
    rise = 6.0
    mid = (x0 + x1) / 2
    curve = Path((("M", x0, base), ("C", x0, base - rise, x1, base - rise, x1, base - 1.5)),
                 Style(stroke=color, stroke_mm=0.45))
    head = arrow((x1, base - 2.6), (x1, base), 2.0, color)
    text = Text(mid, base - rise * 0.75 - 0.8, label, 3.0, anchor="middle", fill=color)
    return Group((curve, head, text))


def diagrams(layout: Layout, words: Words | None = None) -> dict[str, Callable[[], Scene]]:
    """Named figures for the rule sheet."""
    words = words or words_for(layout)
    return {
        "board": lambda: overview(layout, words),
        "colour-legend": lambda: colour_legend(layout, words),
        "finish": lambda: finish(layout, words),
        "slipstream": lambda: slipstream(layout, words),
    }
