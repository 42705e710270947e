"""The score sheet: one table per race (sprints, finish, lost laps, total per rider) and a summary."""

from __future__ import annotations

import math

from boardgen import fonts
from boardgen.games.six_day_race.art import CAP_HEIGHT, ink_on, wrap
from boardgen.games.six_day_race.model import Layout
from boardgen.product import Sheet
from boardgen.scene import Line, Node, Rect, Scene, Style, Text

PAGE = (210.0, 297.0)
MARGIN = 12.0
BLOCK_GAP = 6.0
HEADING = 7.0
HEADER_ROW = 9.5
SUMMARY_ROWS = (7.0, 10.0, 9.0, 9.0)
GRID = Style(stroke="#6b6258", stroke_mm=0.25)
FRAME = Style(stroke="#2a241d", stroke_mm=0.6)


def header_size(texts, width: float, size: float) -> float:
    """One size for all headings: on one line if that stays legible, else the largest size."""
    single = min(fonts.fit_size(t, width, size, "bold") for t in texts)
    return single if single >= 2.6 else size


def header_lines(text: str, width: float, size: float) -> tuple[list[str], float]:
    """A column heading in at most two lines, shrunk until each line fits."""
    while True:
        lines = wrap(text, width, size, "bold")
        if len(lines) <= 2 and all(fonts.text_width(l, size, "bold") <= width for l in lines):
            return lines, size
        size *= 0.93


def rider_cell(x: float, y: float, w: float, h: float, number: int, color: str) -> list[Node]:
    pad = 1.0
    return [Rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, Style(fill=color, stroke="#2a241d",
                                                                  stroke_mm=0.25), rx=1.0),
            Text(x + w / 2, y + h / 2 + h * 0.55 * CAP_HEIGHT / 2, str(number), h * 0.55,
                 font="bold", anchor="middle", fill=ink_on(color))]


def race_table(layout: Layout, race: int, x: float, y: float, width: float,
               row_h: float) -> tuple[list[Node], float]:
    """One race: riders down the side, the score columns across."""
    sheet = layout.score_sheet
    ink = layout.colors.ink
    colors = layout.riders.colors
    rider_w = 13.0
    column_w = (width - rider_w) / len(sheet.columns)
    nodes: list[Node] = [Text(x, y + 5.0 * CAP_HEIGHT + 0.5, f"{sheet.race} {race}", 5.0,
                              font="bold", fill=ink)]
    top = y + HEADING
    nodes.append(Rect(x, top, width, HEADER_ROW, Style(fill="#ece6da")))
    nodes.append(Rect(x + width - column_w, top + HEADER_ROW, column_w, row_h * len(colors),
                      Style(fill="#f4f0e8")))
    size = header_size(sheet.columns, column_w - 2.0, 3.1)
    nodes += header_cell(sheet.rider, x, top, rider_w, ink, size)
    for k, name in enumerate(sheet.columns):
        nodes += header_cell(name, x + rider_w + k * column_w, top, column_w, ink, size)
    body = top + HEADER_ROW
    for i, color in enumerate(colors):
        nodes += rider_cell(x, body + i * row_h, rider_w, row_h, i + 1, color)
    bottom = body + row_h * len(colors)
    for i in range(len(colors) + 1):
        nodes.append(Line(x, body + i * row_h, x + width, body + i * row_h, GRID))
    for k in range(len(sheet.columns) + 1):
        cx = x + rider_w + k * column_w
        nodes.append(Line(cx, top, cx, bottom, GRID))
    nodes.append(Rect(x, top, width, bottom - top, FRAME))
    return nodes, bottom - y


def header_cell(text: str, x: float, y: float, w: float, ink: str, size: float) -> list[Node]:
    lines, size = header_lines(text, w - 2.0, size)
    lead = size * 1.15
    first = y + HEADER_ROW / 2 - (len(lines) - 1) * lead / 2 + size * CAP_HEIGHT / 2
    return [Text(x + w / 2, first + i * lead, line, size, font="bold", anchor="middle", fill=ink)
            for i, line in enumerate(lines)]


def summary_table(layout: Layout, x: float, y: float, width: float) -> list[Node]:
    """All races together: each rider's player, grand total and place."""
    sheet = layout.score_sheet
    ink = layout.colors.ink
    colors = layout.riders.colors
    label_w = 28.0
    column_w = (width - label_w) / len(colors)
    nodes: list[Node] = [Text(x, y + 5.0 * CAP_HEIGHT + 0.5, sheet.totals, 5.0, font="bold",
                              fill=ink)]
    top = y + HEADING
    heights = SUMMARY_ROWS
    labels = ("", sheet.player, sheet.columns[-1], sheet.place)
    row_y = top
    for r, (h, label) in enumerate(zip(heights, labels)):
        if r == 0:
            for i, color in enumerate(colors):
                nodes += rider_cell(x + label_w + i * column_w, row_y, column_w, h, i + 1, color)
        else:
            nodes.append(Text(x + 2.0, row_y + h / 2 + 3.4 * CAP_HEIGHT / 2, label, 3.4,
                              font="bold", fill=ink))
        nodes.append(Line(x, row_y, x + width, row_y, GRID))
        row_y += h
    for i in range(len(colors) + 1):
        cx = x + label_w + i * column_w
        nodes.append(Line(cx, top, cx, row_y, GRID))
    nodes.append(Rect(x, top, width, row_y - top, FRAME))
    return nodes


def compose_score_sheet(layout: Layout) -> Sheet:
    """An A4 portrait page: title, race tables two by two, and the summary below."""
    sheet = layout.score_sheet
    ink = layout.colors.ink
    page_w, page_h = PAGE
    width = page_w - 2 * MARGIN
    nodes: list[Node] = [Rect(0, 0, page_w, page_h, Style(fill="#ffffff"))]
    nodes.append(Text(MARGIN, MARGIN + 8.0 * CAP_HEIGHT, f"{layout.title}", 8.0, font="bold",
                      fill=ink))
    nodes.append(Text(page_w - MARGIN, MARGIN + 8.0 * CAP_HEIGHT, sheet.title, 5.0,
                      anchor="end", fill=ink))
    y = MARGIN + 8.0 * CAP_HEIGHT + 3.0
    for line in wrap(sheet.note, width, 3.2, "italic"):
        y += 4.2
        nodes.append(Text(MARGIN, y, line, 3.2, font="italic", fill=ink))
    y += 4.0
    summary_h = HEADING + sum(SUMMARY_ROWS)
    block_rows = math.ceil(sheet.races / 2)
    riders = len(layout.riders.colors)
    room = page_h - MARGIN - summary_h - BLOCK_GAP - y - block_rows * (HEADING + HEADER_ROW) \
        - (block_rows - 1) * BLOCK_GAP
    row_h = min(7.0, room / (block_rows * riders))
    block_w = (width - BLOCK_GAP) / 2
    for race in range(1, sheet.races + 1):
        column, row = (race - 1) % 2, (race - 1) // 2
        table, _ = race_table(layout, race, MARGIN + column * (block_w + BLOCK_GAP),
                                    y + row * (HEADING + HEADER_ROW + riders * row_h + BLOCK_GAP),
                                    block_w, row_h)
        nodes += table
    y += block_rows * (HEADING + HEADER_ROW + riders * row_h) + (block_rows - 1) * BLOCK_GAP
    nodes += summary_table(layout, MARGIN, y + BLOCK_GAP, width)
    scene = Scene(page_w, page_h, tuple(nodes), title=f"{layout.title}: {sheet.title}")
    return Sheet("score-sheet", f"{layout.title}: {sheet.title}", scene)
