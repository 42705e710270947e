"""The score sheet: one table per race (sprint and finish points, lost laps, the race's points per
rider) and a summary over all races (lost laps, points, place) with the tie-break order printed.

The sheet is drawn at the size of the printable area that A4 and US Letter share,
so it prints on one page of either paper at 100 %.
"""

from __future__ import annotations

import math

from boardgen import fonts
from boardgen.components.text import CAP_HEIGHT, wrap
from boardgen.components.wording import spoken_list
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import Sheet
from boardgen.rules.typography import tie
from boardgen.marks import mark_for, mark_node
from boardgen.scene import Line, Node, Rect, Scene, Style, Text, ink_on, mix

SHEET_SIZE = (198.0, 254.0)  # A4 and US Letter less 6 mm margins and the page footer
MARGIN = 3.0
BOTTOM = 6.0
TABLE_GAP = 5.0              # between race tables side by side
BLOCK_GAP = 6.0              # between rows of race tables, and above the summary
MAX_EXTRA_GAP = 6.0          # spare height added to each of those gaps at most
HEADING = 7.0
HEADER_ROW = 9.5
MAX_ROW = 8.0
MAX_HEADER_SIZE = 3.0
MIN_HEADER_SIZE = 1.75       # smaller headings and the tables go two abreast (rows get lower)
TABLES_PER_ROW = 3
SUMMARY_ROWS = (7.0, 10.0, 9.0, 9.0, 9.0)
SUMMARY_LABEL_W = 40.0
TIE_BREAK_SIZE = 3.2
GRID = Style(stroke="#6b6258", stroke_mm=0.25)
FRAME = Style(stroke="#2a241d", stroke_mm=0.6)
HEAD_FILL = Style(fill="#ece6da")
TOTAL_FILL = Style(fill="#f4f0e8")


def header_lines(text: str, width: float, size: float) -> tuple[list[str], float]:
    """A column heading in at most two lines, shrunk until each line fits."""
    while True:
        lines = wrap(text, width, size, "bold")
        if len(lines) <= 2 and all(fonts.text_width(l, size, "bold") <= width for l in lines):
            return lines, size
        size *= 0.93


def header_size(cells: list[tuple[str, float]]) -> float:
    """One size for every heading of a table: on one line where that stays legible."""
    single = min(fonts.fit_size(text, width, MAX_HEADER_SIZE, "bold") for text, width in cells)
    if single >= 2.6:
        return single
    return min(header_lines(text, width, MAX_HEADER_SIZE)[1] for text, width in cells)


def header_cell(text: str, x: float, y: float, w: float, ink: str, size: float) -> list[Node]:
    lines, size = header_lines(text, w - 2.0, size)
    lead = size * 1.15
    first = y + HEADER_ROW / 2 - (len(lines) - 1) * lead / 2 + size * CAP_HEIGHT / 2
    return [Text(x + w / 2, first + i * lead, line, size, font="bold", anchor="middle", fill=ink)
            for i, line in enumerate(lines)]


def rider_cell(x: float, y: float, w: float, h: float, number: int, color: str) -> list[Node]:
    """The rider's colour with its number and, left of it, its mark (as on the standee)."""
    pad = 1.0
    size = min(h * 0.55, (w - 2 * pad) * 0.5)
    pip = min(h - 2 * pad, w * 0.3) * 0.6
    ink = ink_on(color)
    return [Rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, Style(fill=color, stroke="#2a241d",
                                                                  stroke_mm=0.25), rx=1.0),
            mark_node(mark_for(number - 1), x + pad + 0.6 + pip / 2, y + h / 2, pip, ink,
                      mix(color, "#000000", 0.3)),
            Text(x + w / 2 + pip * 0.45, y + h / 2 + size * CAP_HEIGHT / 2, str(number), size,
                 font="bold", anchor="middle", fill=ink)]


def columns(layout: Layout, words: Words) -> list[str]:
    """A column per sprint in track order, then the finish, lost laps and the race's points,
    tied as the language ties them ("Sprint 1" never breaks before its number)."""
    sprints = [words("sheet.sprint", number=k + 1) for k in range(len(layout.spaces.sprints))]
    names = sprints + [words("sheet.finish"), words("sheet.lost_laps"), words("sheet.points")]
    return [tie(name, words.lang) for name in names]


LEGIBLE_HEADER_MM = 2.8  # the heading size a column is widened for, if the others can spare it
WRITING_ROOM_MM = 7.0    # the narrowest column a number is written into by hand


def column_widths(names: list[str], width: float) -> list[float]:
    """Widths of the score columns in ``width``: as equal as they can be while each holds the
    longest word of its heading at a legible size ("Verlorene", "okrążenia")."""
    needs = [max(WRITING_ROOM_MM, max(fonts.text_width(word, LEGIBLE_HEADER_MM, "bold")
                                      for word in name.split(" ")) + 2.0) for name in names]
    if sum(needs) > width:
        return [width * need / sum(needs) for need in needs]
    fixed: set[int] = set()  # columns held at their need; the others share what is left
    while True:
        share = (width - sum(needs[i] for i in fixed)) / (len(names) - len(fixed))
        short = {i for i in range(len(names)) if i not in fixed and share < needs[i]}
        if not short:
            return [needs[i] if i in fixed else share for i in range(len(names))]
        fixed |= short


def race_table(layout: Layout, words: Words, race: int, x: float, y: float, width: float,
               row_h: float) -> list[Node]:
    """One race: riders down the side, the score columns across, the total shaded."""
    names = columns(layout, words)
    rider = words("sheet.rider")
    ink = layout.colors.ink
    colors = layout.riders.colors
    rider_w = min(13.0, width * 0.15)
    widths = column_widths(names, width - rider_w)
    lefts = [x + rider_w + sum(widths[:k]) for k in range(len(names) + 1)]
    top = y + HEADING
    body = top + HEADER_ROW
    bottom = body + row_h * len(colors)
    nodes: list[Node] = [
        Text(x, y + 5.0 * CAP_HEIGHT + 0.5, words("sheet.race", number=race), 5.0, font="bold",
             fill=ink),
        Rect(x, top, width, HEADER_ROW, HEAD_FILL),
        Rect(lefts[-2], body, widths[-1], bottom - body, TOTAL_FILL),
    ]
    cells = [(rider, rider_w - 2.0)] + [(name, w - 2.0) for name, w in zip(names, widths)]
    size = header_size(cells)
    nodes += header_cell(rider, x, top, rider_w, ink, size)
    for name, left, w in zip(names, lefts, widths):
        nodes += header_cell(name, left, top, w, ink, size)
    for i, color in enumerate(colors):
        nodes += rider_cell(x, body + i * row_h, rider_w, row_h, i + 1, color)
    for i in range(len(colors) + 1):
        nodes.append(Line(x, body + i * row_h, x + width, body + i * row_h, GRID))
    for cx in lefts:
        nodes.append(Line(cx, top, cx, bottom, GRID))
    nodes.append(Rect(x, top, width, bottom - top, FRAME))
    return nodes


def summary_table(layout: Layout, words: Words, x: float, y: float, width: float) -> list[Node]:
    """All races together: each rider's player, lost laps, points and place, then the tie-break."""
    ink = layout.colors.ink
    colors = layout.riders.colors
    labels = ("", words("sheet.player"), words("sheet.total_lost_laps"),
              words("sheet.total_points"), words("sheet.place"))
    label_w = SUMMARY_LABEL_W
    label_size = min(fonts.fit_size(label, label_w - 4.0, 3.4, "bold") for label in labels if label)
    column_w = (width - label_w) / len(colors)
    top = y + HEADING
    nodes: list[Node] = [
        Text(x, y + 5.0 * CAP_HEIGHT + 0.5, words("sheet.totals"), 5.0, font="bold", fill=ink),
        Rect(x, top, label_w, sum(SUMMARY_ROWS), HEAD_FILL),
    ]
    row_y = top
    for r, (h, label) in enumerate(zip(SUMMARY_ROWS, labels)):
        if r == 0:
            for i, color in enumerate(colors):
                nodes += rider_cell(x + label_w + i * column_w, row_y, column_w, h, i + 1, color)
        else:
            nodes.append(Text(x + 2.0, row_y + h / 2 + label_size * CAP_HEIGHT / 2, label,
                              label_size, font="bold", fill=ink))
        nodes.append(Line(x, row_y, x + width, row_y, GRID))
        row_y += h
    for i in range(len(colors) + 1):
        cx = x + label_w + i * column_w
        nodes.append(Line(cx, top, cx, row_y, GRID))
    nodes.append(Rect(x, top, width, row_y - top, FRAME))
    for line in tie_break_lines(words, width):
        row_y += TIE_BREAK_SIZE * 1.35
        nodes.append(Text(x, row_y + TIE_BREAK_SIZE * CAP_HEIGHT, line, TIE_BREAK_SIZE,
                          font="bold", fill=ink))
    return nodes


def tie_break_lines(words: Words, width: float) -> list[str]:
    """Who places higher: lost laps decide, points break ties (printed under the summary)."""
    return wrap(words("sheet.tie_break"), width, TIE_BREAK_SIZE, "bold", lang=words.lang)


def summary_height(words: Words, width: float) -> float:
    """The summary's depth: heading, rows and the tie-break lines below them."""
    return (HEADING + sum(SUMMARY_ROWS)
            + len(tie_break_lines(words, width)) * TIE_BREAK_SIZE * 1.35 + 2 * TIE_BREAK_SIZE)


def title_block(layout: Layout, words: Words, width: float) -> tuple[list[Node], float]:
    """The game's title, the sheet's name and the scoring note; returns them and their depth."""
    ink = layout.colors.ink
    title, name = words("title"), words("sheet.title")
    note = words("sheet.note", points=spoken_list(words, layout.score_sheet.points),
                 races=layout.score_sheet.races)
    baseline = MARGIN + 8.0 * CAP_HEIGHT
    name_size = fonts.fit_size(name, width * 0.35, 5.0)
    title_room = width - fonts.text_width(name, name_size) - 6.0
    nodes: list[Node] = [
        Text(MARGIN, baseline, title, fonts.fit_size(title, title_room, 8.0, "bold"),
             font="bold", fill=ink),
        Text(MARGIN + width, baseline, name, name_size, anchor="end", fill=ink),
    ]
    y = baseline + 3.0
    for line in wrap(note, width, 3.0, "italic", lang=words.lang):
        y += 4.0
        nodes.append(Text(MARGIN, y, line, 3.0, font="italic", fill=ink))
    return nodes, y + 4.0


def heading_size(layout: Layout, words: Words, table_w: float) -> float:
    """The size the column headings of a race table ``table_w`` mm wide get."""
    names = columns(layout, words)
    rider_w = min(13.0, table_w * 0.15)
    widths = column_widths(names, table_w - rider_w)
    return header_size([(words("sheet.rider"), rider_w - 2.0)]
                       + [(name, w - 2.0) for name, w in zip(names, widths)])


def tables_abreast(layout: Layout, words: Words, width: float) -> int:
    """Three race tables side by side, or two where their headings would get too small."""
    for abreast in range(TABLES_PER_ROW, 2, -1):
        per_row = math.ceil(layout.score_sheet.races / math.ceil(layout.score_sheet.races / abreast))
        table_w = (width - (per_row - 1) * TABLE_GAP) / per_row
        if heading_size(layout, words, table_w) >= MIN_HEADER_SIZE:
            return abreast
    return 2


def compose_score_sheet(layout: Layout, words: Words | None = None) -> Sheet:
    """Title and note, the race tables up to three abreast, and the summary below."""
    words = words or words_for(layout)
    sheet = layout.score_sheet
    page_w, page_h = SHEET_SIZE
    width = page_w - 2 * MARGIN
    nodes, y = title_block(layout, words, width)
    block_rows = math.ceil(sheet.races / tables_abreast(layout, words, width))
    per_row = math.ceil(sheet.races / block_rows)
    riders = len(layout.riders.colors)
    summary_h = summary_height(words, width)
    room = (page_h - BOTTOM - y - summary_h - block_rows * (HEADING + HEADER_ROW + BLOCK_GAP))
    row_h = min(MAX_ROW, room / (block_rows * riders))
    gap = BLOCK_GAP + min(MAX_EXTRA_GAP, (room - row_h * block_rows * riders) / block_rows)
    table_w = (width - (per_row - 1) * TABLE_GAP) / per_row
    block_h = HEADING + HEADER_ROW + riders * row_h
    for race in range(1, sheet.races + 1):
        column, row = (race - 1) % per_row, (race - 1) // per_row
        nodes += race_table(layout, words, race, MARGIN + column * (table_w + TABLE_GAP),
                            y + row * (block_h + gap), table_w, row_h)
    nodes += summary_table(layout, words, MARGIN, y + block_rows * (block_h + gap), width)
    background = Rect(0, 0, page_w, page_h, Style(fill="#ffffff"))
    scene = Scene(page_w, page_h, (background, *nodes))
    return Sheet("score-sheet", f"{words('title')}: {words('sheet.title')}", scene)
