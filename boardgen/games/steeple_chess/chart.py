"""The histogram of simulated game lengths, drawn as a scene for boardgen's renderers.

Bars count the games that lasted each number of turns (several turns a bar when the
lengths spread wide); a dashed line marks the mean. Words are English, like the rest
of the command line's output.
"""

from __future__ import annotations

import math

from boardgen.scene import Line, Rect, Scene, Style, Text

WIDTH, HEIGHT = 180.0, 110.0  # mm
LEFT, RIGHT, TOP, BOTTOM = 20.0, 8.0, 16.0, 18.0  # margins round the plot area
MAX_BARS = 60
MIN_SPAN = 12  # turns the x axis shows at least, so a few bars do not fill the whole plot
INK = "#2b2b2b"
GRID = "#d9d9d9"
BAR = "#4f7fa8"
MEAN = "#a3241a"
AXIS = Style(stroke=INK, stroke_mm=0.3)
TICK_SIZE = 3.0
LABEL_SIZE = 3.6


def nice_step(span: float, ticks: int = 6) -> int:
    """A round tick step (1, 2, 5, 10, 20 ...) giving about ``ticks`` ticks over ``span``."""
    raw = max(span / ticks, 1.0)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def bins(histogram: dict[int, int]) -> tuple[int, list[tuple[int, int]]]:
    """Bar width in turns and (first turn of the bar, games) for each bar, gaps included."""
    low, high = min(histogram), max(histogram)
    width = max(1, math.ceil((high - low + 1) / MAX_BARS))
    start = low - low % width
    bars = [(first, sum(histogram.get(t, 0) for t in range(first, first + width)))
            for first in range(start, high + 1, width)]
    return width, bars


def histogram_scene(histogram: dict[int, int], mean: float | None, title: str,
                    caption: str) -> Scene:
    """Games per length in turns, with axes, ticks, labels and the mean."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    base = TOP + plot_h
    nodes: list = [Rect(0, 0, WIDTH, HEIGHT, Style(fill="#ffffff")),
                   Text(LEFT, 8.0, title, 4.6, font="bold", fill=INK),
                   Text(LEFT, 12.6, caption, 3.0, fill=INK)]
    if not histogram:
        nodes.append(Text(LEFT + plot_w / 2, TOP + plot_h / 2, "no game finished", LABEL_SIZE,
                          anchor="middle", fill=INK))
        return Scene(WIDTH, HEIGHT, tuple(nodes), title=title)
    width, bars = bins(histogram)
    first, last = bars[0][0], bars[-1][0] + width  # the x axis runs over [first, last)
    if last - first < MIN_SPAN:
        first = max(0, first - (MIN_SPAN - (last - first)) // 2)
        last = max(last, first + MIN_SPAN)
    top_count = max(games for _, games in bars)
    y_step = nice_step(top_count, 5)
    y_max = math.ceil(top_count / y_step) * y_step

    def x_of(turns: float) -> float:
        return LEFT + (turns - first) / (last - first) * plot_w

    def y_of(games: float) -> float:
        return base - games / y_max * plot_h

    for value in range(0, y_max + 1, y_step):
        y = y_of(value)
        nodes.append(Line(LEFT, y, LEFT + plot_w, y, Style(stroke=GRID, stroke_mm=0.2)))
        nodes.append(Text(LEFT - 1.5, y + 1.0, str(value), TICK_SIZE, anchor="end", fill=INK))
    gap = min(0.4, plot_w * width / (last - first) * 0.15)
    for start, games in bars:
        if games:
            nodes.append(Rect(x_of(start) + gap / 2, y_of(games), x_of(start + width) - x_of(start)
                              - gap, base - y_of(games), Style(fill=BAR)))
    x_step = nice_step(last - first, 8)
    for value in range(math.ceil(first / x_step) * x_step, last + 1, x_step):
        x = x_of(value + 0.5)  # turn t spans [t, t + 1): its label stands in the middle
        if x <= LEFT + plot_w:
            nodes.append(Line(x, base, x, base + 1.2, AXIS))
            nodes.append(Text(x, base + 4.6, str(value), TICK_SIZE, anchor="middle", fill=INK))
    nodes += [Line(LEFT, base, LEFT + plot_w, base, AXIS), Line(LEFT, TOP, LEFT, base, AXIS),
              Text(LEFT + plot_w / 2, HEIGHT - 4.0, "turns per game (one turn = a round of all "
                   "players)" + (f"; a bar for every {width} turns" if width > 1 else ""),
                   LABEL_SIZE, anchor="middle", fill=INK),
              Text(6.0, TOP + plot_h / 2, "games", LABEL_SIZE, anchor="middle", fill=INK,
                   rotate=-90)]
    if mean is not None:
        x = x_of(mean + 0.5)
        nodes += [Line(x, TOP, x, base, Style(stroke=MEAN, stroke_mm=0.35, dash=(1.5, 1.0))),
                  Text(x + 1.0, TOP + 3.5, f"mean {mean:.1f}", TICK_SIZE, fill=MEAN)]
    return Scene(WIDTH, HEIGHT, tuple(nodes), title=title)
