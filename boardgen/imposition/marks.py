"""Page furniture: the calibration ruler, the footer with labels, crop and corner marks."""

from __future__ import annotations

from boardgen import fonts
from boardgen.i18n import Words, words_for
from boardgen.imposition.paper import Box, number
from boardgen.scene import Node, Path, Style, Text, Use, translate
from boardgen.wrapping import unbreakable

INK = "#000000"
MUTED = "#555555"
DETAIL_INK = "#333333"     # footer instructions: dark enough to read at 7 pt
FOOTER_MM = 11.0          # height of the footer band at the bottom of every page
FOOTER_GAP_MM = 2.0       # between the artwork and the footer
RULER_ID = "calibration-ruler"
RULER_W = 92.0            # width of the ruler symbol with its "print at 100 %" note
NOTE_X = 58.0             # where the ruler's note starts
NOTE_W = RULER_W - NOTE_X - 1.0
DETAIL_MM = 2.6           # text size of a footer's line of detail
DETAIL_MIN_MM = 2.47      # 7 pt: below this a detail wraps onto a second line instead of shrinking
HAIRLINE = Style(stroke=INK, stroke_mm=0.12)
CROP = Style(stroke=INK, stroke_mm=0.15)
MM_PER_INCH = 25.4


def size_text(width: float, height: float, words: Words | None = None) -> str:
    """"360 × 382 mm", to a tenth of a millimetre: a printed size, not a computed one."""
    return f"{number(round(width, 1), words)} × {number(round(height, 1), words)} mm"


def ruler_id(words: Words | None = None) -> str:
    """The ruler's symbol id: one per language, so pages of two languages can share a file."""
    lang = words.lang if words is not None else "en"
    return RULER_ID if lang == "en" else f"{RULER_ID}-{lang}"


def ruler_symbols(words: Words | None = None) -> dict[str, tuple[Node, ...]]:
    """The calibration ruler (50 mm above the line, 2 in below it), drawn once per file."""
    words = words if words is not None else words_for()
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
    inch, caption = words("ruler.inch"), words("ruler.caption")
    fit, measure = words("ruler.fit"), words("ruler.measure")
    nodes += [
        Text(52.4, 3.7, "mm", 1.6),
        Text(52.4, 7.0, inch, fonts.fit_size(inch, NOTE_X - 52.6, 1.6)),
        Text(NOTE_X, 3.6, caption, fonts.fit_size(caption, NOTE_W, 2.7, "bold"), font="bold"),
        Text(NOTE_X, 6.5, fit, fonts.fit_size(fit, NOTE_W, DETAIL_MIN_MM)),
        Text(NOTE_X, 9.3, measure, fonts.fit_size(measure, NOTE_W, DETAIL_MIN_MM)),
    ]
    return {ruler_id(words): tuple(nodes)}


def footer_box(page_w: float, page_h: float, inset: float) -> Box:
    """The footer band of a page whose furniture keeps ``inset`` mm from the paper's edge."""
    return Box(inset, page_h - inset - FOOTER_MM, page_w - 2 * inset, FOOTER_MM)


def footer(box: Box, label: str, detail: str = "", words: Words | None = None) -> list[Node]:
    """Ruler on the left; the page's label (bold) and a line of detail on the right."""
    nodes: list[Node] = [Use(ruler_id(words), translate(box.x, box.y + 1.0))]
    room = box.w - RULER_W - 3.0
    if room <= 10:
        return nodes
    nodes.append(Text(box.right, box.y + 3.0, label, fonts.fit_size(label, room, 3.0, "bold"),
                      font="bold", anchor="end"))
    if not detail:
        return nodes
    size = fonts.fit_size(detail, room, DETAIL_MM)
    if size >= DETAIL_MIN_MM:
        lines, baselines = [detail], (6.4,)
    else:  # a long detail (German, Polish) takes two lines rather than shrinking out of sight
        halves = _two_lines(detail, room, DETAIL_MIN_MM, words.lang if words else None)
        lines, baselines = halves, (5.9, 8.6)
        size = min(DETAIL_MIN_MM, *(fonts.fit_size(line, room, DETAIL_MIN_MM) for line in halves))
    nodes += [Text(box.right, box.y + baseline, line, size, fill=DETAIL_INK, anchor="end")
              for line, baseline in zip(lines, baselines)]
    return nodes


def _two_lines(text: str, width: float, size: float, lang: str | None) -> list[str]:
    """``text`` broken between words into two lines of about equal length, never where
    ``lang`` ties two words.

    A break after a clause (``;``, ``:``) is preferred wherever both lines still fit.
    """
    parts = unbreakable(text, lang)
    if len(parts) < 2:
        return [" ".join(parts)]
    splits = [(" ".join(parts[:cut]), " ".join(parts[cut:])) for cut in range(1, len(parts))]

    def widest(pair: tuple[str, str]) -> float:
        return max(fonts.text_width(line, size) for line in pair)

    clauses = [pair for pair in splits if pair[0][-1] in ";:" and widest(pair) <= width]
    return list(min(clauses or splits, key=widest))


def page_number(page_w: float, page_h: float, inset: float, text: str) -> Text:
    """The page number, in the slot left free under the footer's label and detail."""
    box = footer_box(page_w, page_h, inset)
    return Text(box.right, box.y + 10.9, text, 1.9, fill=MUTED, anchor="end")


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
