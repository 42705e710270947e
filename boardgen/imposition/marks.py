"""Page furniture: the calibration ruler, the footer with labels, crop and corner marks."""

from __future__ import annotations

from boardgen import fonts
from boardgen.imposition.paper import Box
from boardgen.scene import Node, Path, Style, Text, Use, translate

INK = "#000000"
MUTED = "#555555"
FOOTER_MM = 11.0          # height of the footer band at the bottom of every page
FOOTER_GAP_MM = 2.0       # between the artwork and the footer
RULER_ID = "calibration-ruler"
RULER_W = 86.0            # width of the ruler symbol with its "print at 100 %" note
HAIRLINE = Style(stroke=INK, stroke_mm=0.12)
CROP = Style(stroke=INK, stroke_mm=0.15)
MM_PER_INCH = 25.4


def size_text(width: float, height: float) -> str:
    """"360 × 382 mm", to a tenth of a millimetre: a printed size, not a computed one."""
    return f"{round(width, 1):g} × {round(height, 1):g} mm"


def ruler_symbols() -> dict[str, tuple[Node, ...]]:
    """The calibration ruler (50 mm above the line, 2 in below it), drawn once per file."""
    base = 4.6
    commands: list[tuple] = [("M", 0.0, base), ("L", 2 * MM_PER_INCH, base)]
    for mm in range(51):
        length = 2.8 if mm % 10 == 0 else 1.9 if mm % 5 == 0 else 1.1
        commands += [("M", float(mm), base), ("L", float(mm), base - length)]
    for eighth in range(17):
        length = 2.8 if eighth % 8 == 0 else 1.9 if eighth % 4 == 0 else 1.3 if eighth % 2 == 0 else 0.9
        x = eighth * MM_PER_INCH / 8
        commands += [("M", x, base), ("L", x, base + length)]
    nodes: list[Node] = [Path(tuple(commands), HAIRLINE)]
    nodes += [Text(float(mm), 1.4, str(mm), 1.5, anchor="middle") for mm in range(0, 51, 10)]
    nodes += [Text(inch * MM_PER_INCH, 9.1, str(inch), 1.5, anchor="middle") for inch in range(3)]
    nodes += [
        Text(52.4, 3.7, "mm", 1.6),
        Text(52.4, 7.0, "in", 1.6),
        Text(58.0, 3.6, "Print at 100 %", 2.7, font="bold"),
        Text(58.0, 6.4, "Switch off “fit to page”.", 1.8),
        Text(58.0, 8.9, "This ruler must measure 50 mm.", 1.8),
    ]
    return {RULER_ID: tuple(nodes)}


def footer_box(page_w: float, page_h: float, inset: float) -> Box:
    """The footer band of a page whose furniture keeps ``inset`` mm from the paper's edge."""
    return Box(inset, page_h - inset - FOOTER_MM, page_w - 2 * inset, FOOTER_MM)


def footer(box: Box, label: str, detail: str = "") -> list[Node]:
    """Ruler on the left; the page's label (bold) and a line of detail on the right."""
    nodes: list[Node] = [Use(RULER_ID, translate(box.x, box.y + 1.0))]
    room = box.w - RULER_W - 3.0
    if room <= 10:
        return nodes
    nodes.append(Text(box.right, box.y + 3.6, label, fonts.fit_size(label, room, 3.0, "bold"),
                      font="bold", anchor="end"))
    if detail:
        nodes.append(Text(box.right, box.y + 6.6, detail, fonts.fit_size(detail, room, 2.0),
                          fill=MUTED, anchor="end"))
    return nodes


def page_number(page_w: float, page_h: float, inset: float, text: str) -> Text:
    """The page number, in the slot left free under the footer's label."""
    box = footer_box(page_w, page_h, inset)
    return Text(box.right, box.y + 9.6, text, 2.0, fill=MUTED, anchor="end")


def crop_marks(box: Box, offset: float, length: float, style: Style = CROP) -> Path:
    """Short lines continuing each edge of ``box`` outward from its corners, ``offset`` away."""
    commands: list[tuple] = []
    for x in (box.x, box.right):
        for y, direction in ((box.y, -1), (box.bottom, 1)):
            commands += [("M", x, y + direction * offset),
                         ("L", x, y + direction * (offset + length))]
    for y in (box.y, box.bottom):
        for x, direction in ((box.x, -1), (box.right, 1)):
            commands += [("M", x + direction * offset, y),
                         ("L", x + direction * (offset + length), y)]
    return Path(tuple(commands), style)
