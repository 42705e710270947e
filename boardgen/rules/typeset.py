"""Typesetting a parsed rule text onto pages of scene nodes.

Blocks become *pieces*: slices of fixed height (a line of text, a figure, a table
row) that draw themselves at a given top-left corner; ``pages`` flows them down
columns and across pages. Text is ragged right, hyphenated in its language and
measured with the embedded font, so what is measured is what is printed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Mapping, NamedTuple, Sequence

from boardgen import fonts
from boardgen.i18n import Words
from boardgen.rules.pages import (EPSILON, Draw, Layout, PageStyle, Piece, balanced, flow,
                                  page_style)
from boardgen.rules.typography import break_points, needs_hyphen, spaced_punctuation
from boardgen.rules.document import (NO_BREAK_SPACE, Block, Figure, Heading, ListBlock, Paragraph,
                                     Preformatted, Quote, Rule, RuleText, Run, Runs, Table)
from boardgen.imposition.marks import RULER_W, ruler_id, ruler_symbols
from boardgen.scene import (Group, Line, Node, Rect, Scene, Style, Text, Use, compose, scale,
                            translate)

__all__ = ["PageStyle", "Piece", "Setter", "figure_scale", "flow", "lay_out_text", "line_width",
           "page_style", "typeset", "wrap"]

INK = "#1e1e1e"
ACCENT = "#7b2d26"
MUTED = "#6b6b6b"
QUOTE_FILL = "#f4efe4"
TABLE_HEAD_FILL = "#ece2cf"
TABLE_ZEBRA_FILL = "#f8f4ec"
HAIRLINE = "#b9ab92"
RULER_INSET_MM = 6.0    # the calibration ruler sits where the other pages have it
CODE_INK = "#1f4f7a"
CODE_FILL = "#f1f0ec"

LEADING = 1.38          # line height / font size
ASCENT = 0.935          # Fira Sans ascender / em
DESCENT = 0.265
FIGURE_MAX_HEIGHT = 0.42  # of the column height
TALL_FIGURE_MAX_HEIGHT = 0.55  # a tall, narrow figure on a single column may take this much
TALL_FIGURE = 0.6         # ...when the height limit would shrink it below this share of its width
FIGURE_MIN_SCALE = 0.75   # how far a figure may shrink to fit the rest of a column
FIGURE_MAX_WIDTH = 100.0  # mm; wider single columns (A5 pages) leave a figure this wide
KEEP_CODE_LINES = 12      # a code block this short never breaks across columns
MAX_HYPHENATED = 60       # longer "words" (strings of symbols) are cut, not hyphenated

# ---- line breaking -----------------------------------------------------------


class Segment(NamedTuple):
    """Text in one face, ``x`` mm from the start of its line (a named tuple: every line of
    every paragraph is made of them, on every page size)."""

    x: float
    text: str
    face: str


@dataclass(slots=True)
class _Word:
    parts: list[tuple[str, str]] = field(default_factory=list)
    space_face: str | None = None
    break_after: bool = False


def _words(runs: Runs) -> list[_Word]:
    """Runs split into words; a word may change face inside (``**Nxc1**??``)."""
    words: list[_Word] = []
    word = _Word()
    for run in runs:
        text, face = run.text, run.face
        if text == "\n":
            word.break_after = True
            words.append(word)
            word = _Word()
            continue
        for index, chunk in enumerate(text.split(" ")):
            if index and word.parts:  # spaces before this chunk end the word
                word.space_face = face
                words.append(word)
                word = _Word()
            if chunk:
                word.parts.append((chunk, face))
    words.append(word)
    return [w for w in words if w.parts]


def font_of(face: str) -> str:
    """The font a face is set in: inline code is regular type in its own colour."""
    return "regular" if face == "code" else face


def _measure(text: str, size: float, face: str) -> float:
    """``fonts.text_width`` in the face's font, without its layer of keyword arguments:
    text is measured thousands of times per page."""
    return fonts.unit_width(text, font_of(face)) * size


def _width(parts: Sequence[tuple[str, str]], size: float) -> float:
    if len(parts) == 1:  # most words are in one face
        text, face = parts[0]
        return _measure(text, size, face)
    return sum(_measure(text, size, face) for text, face in parts)


def _split_long(word: _Word, width: float, size: float) -> list[_Word]:
    """A word wider than the line, cut into pieces that fit (characters measured one by one,
    so a very long word costs time in proportion to its length)."""
    pieces: list[_Word] = [_Word()]
    used = 0.0
    for text, face in word.parts:
        for char in text:
            advance = _measure(char, size, face)
            if pieces[-1].parts and used + advance > width:
                pieces.append(_Word())
                used = 0.0
            pieces[-1].parts.append((char, face))
            used += advance
    pieces[-1].space_face = word.space_face
    pieces[-1].break_after = word.break_after
    return pieces


def _cut(word: _Word, offset: int, hyphen: bool) -> tuple[_Word, _Word]:
    """The word split after ``offset`` characters: the head (with a hyphen) and the rest."""
    head, tail = _Word(), _Word(space_face=word.space_face, break_after=word.break_after)
    seen = 0
    for text, face in word.parts:
        cut = min(max(offset - seen, 0), len(text))
        if text[:cut]:
            head.parts.append((text[:cut], face))
        if text[cut:]:
            tail.parts.append((text[cut:], face))
        seen += len(text)
    if hyphen:
        head.parts.append(("-", head.parts[-1][1]))
    return head, tail


def _hyphenate(word: _Word, room: float, size: float,
               lang: str | None) -> tuple[_Word, _Word] | None:
    """The longest head of the word (hyphenated) that fits in ``room`` mm, and the rest."""
    if lang is None or any(face == "code" for _, face in word.parts):
        return None
    text = "".join(part for part, _ in word.parts)
    for point in reversed(_break_points(text, lang)):
        head, tail = _cut(word, point, needs_hyphen(text, point))
        if _width(head.parts, size) <= room + EPSILON:
            return head, tail
    return None


def _break_points(text: str, lang: str) -> list[int]:
    """Where a word may break: after each soft hyphen the author wrote, and where the
    language's patterns say (they leave alone a part of a word that has a soft hyphen);
    a word longer than ``MAX_HYPHENATED`` (a string of symbols) only at its soft hyphens."""
    soft = ({index + 1 for index, char in enumerate(text[:-1]) if char == fonts.SOFT_HYPHEN}
            if fonts.SOFT_HYPHEN in text else set())
    if len(text) > MAX_HYPHENATED:
        return sorted(soft)
    return sorted(soft.union(break_points(text, lang))) if soft else break_points(text, lang)


def wrap(runs: Runs, width: float, size: float, lang: str | None = None) -> list[list[Segment]]:
    """Greedy line breaking of runs into lines no wider than ``width`` mm; with ``lang``, a
    word that does not fit is hyphenated by the language's patterns."""
    lines: list[list[_Word]] = [[]]
    used = 0.0
    queue = deque(_words(runs))
    while queue:
        word = queue.popleft()
        word_width = _width(word.parts, size)
        if used + word_width > width + EPSILON:
            split = _hyphenate(word, width - used, size, lang)
            if split is None and lines[-1]:
                lines.append([])
                used = 0.0
                queue.appendleft(word)
                continue
            pieces = list(split) if split else _split_long(word, width, size)
            if len(pieces) > 1:
                for piece in pieces[:-1]:
                    lines[-1].append(piece)
                    lines.append([])
                used = 0.0
                queue.appendleft(pieces[-1])
                continue
            # a single character wider than the whole line is set anyway, overflowing
        lines[-1].append(word)
        used += word_width
        if word.space_face:
            used += _measure(" ", size, word.space_face)
        if word.break_after:
            lines.append([])
            used = 0.0
    return [_segments(line, size) for line in lines if line] or [[]]


def _segments(line: list[_Word], size: float) -> list[Segment]:
    """One line's words as strings per face; spaces ride on the text before them."""
    runs: list[tuple[str, list[str]]] = []  # face, pieces of text
    last = len(line) - 1
    for index, word in enumerate(line):
        for text, face in word.parts:
            if runs and runs[-1][0] == face:
                runs[-1][1].append(text)
            else:
                runs.append((face, [text]))
        if index < last and word.space_face:
            runs[-1][1].append(" ")
    segments: list[Segment] = []
    x = 0.0
    for face, pieces in runs:
        text = fonts.without_soft_hyphens("".join(pieces))  # the breaks are made
        segments.append(Segment(x, text, face))
        x += _measure(text, size, face)
    return segments


def line_width(segments: list[Segment], size: float) -> float:
    """Width of a line of runs in mm."""
    if not segments:
        return 0.0
    last = segments[-1]
    return last.x + _measure(last.text.rstrip(" "), size, last.face)


# ---- blocks → pieces ---------------------------------------------------------


@dataclass(frozen=True)
class TextStyle:
    """Face, size, colour and leading of a kind of text."""

    size: float
    color: str = INK
    face: str | None = None  # force one face (headings)
    align: str = "left"
    hyphenate: bool = True  # headings are not hyphenated


class Setter:
    """Turns blocks into pieces for a column of one width."""

    def __init__(self, style: PageStyle, scenes: Mapping[str, Scene], lang: str | None = None):
        self.style = style
        self.lang = lang
        self.scenes = scenes
        self.body = style.body
        self.gap = style.body * 0.6

    # -- text ----------------------------------------------------------------

    def lines(self, runs: Runs, width: float, indent: float, text: TextStyle,
              space_before: float = 0.0, keep_all: bool = False) -> list[Piece]:
        """One piece per line, with orphan and widow control."""
        if text.face:
            runs = tuple(Run(r.text, text.face) for r in runs)
        wrapped = wrap(runs, width, text.size, self.lang if text.hyphenate else None)
        height = text.size * LEADING
        baseline = (height - (ASCENT + DESCENT) * text.size) / 2 + ASCENT * text.size
        last = len(wrapped) - 1
        pieces = []
        for index, segments in enumerate(wrapped):
            spare = width - line_width(segments, text.size)
            shift = {"left": 0.0, "center": spare / 2, "right": spare}[text.align]
            keep = keep_all or (index < last and index in (0, last - 1))
            pieces.append(Piece(height, _text_draw(segments, indent + shift, baseline, text),
                                space_before if index == 0 else 0.0, keep_with_next=keep))
        return pieces

    def heading(self, block: Heading, width: float, indent: float) -> list[Piece]:
        body = self.body
        if block.level == 1:
            title = TextStyle(body * 2.3, ACCENT, "bold", hyphenate=False)
            pieces = self.lines(block.runs, width, indent, title, keep_all=True)
            return pieces + [_rule_piece(indent, width, 0.6, ACCENT, body * 0.5, body * 1.2, True)]
        if block.level == 2:
            section = TextStyle(body * 1.35, ACCENT, "bold", hyphenate=False)
            pieces = self.lines(block.runs, width, indent, section, space_before=body * 1.5,
                                keep_all=True)
            pieces[0] = replace(pieces[0], barrier=True)
            return pieces + [_rule_piece(indent, width, 0.25, HAIRLINE, body * 0.15, body * 0.35,
                                         True)]
        size = body * 1.1 if block.level == 3 else body
        return self.lines(block.runs, width, indent, TextStyle(size, INK, "bold", hyphenate=False),
                          space_before=body * 0.9, keep_all=True)

    # -- blocks --------------------------------------------------------------

    def blocks(self, blocks: Sequence[Block], width: float, indent: float = 0.0,
               first_gap: float | None = None) -> list[Piece]:
        pieces: list[Piece] = []
        for index, block in enumerate(blocks):
            gap = self.gap if index or first_gap is None else first_gap
            pieces += self.block(block, width, indent, gap)
        return pieces

    def block(self, block: Block, width: float, indent: float, gap: float) -> list[Piece]:
        if isinstance(block, Heading):
            return self.heading(block, width, indent)
        if isinstance(block, Paragraph):
            lines = self.lines(block.runs, width, indent, TextStyle(self.body), space_before=gap)
            return [replace(line, cites=block.cites) for line in lines] if block.cites else lines
        if isinstance(block, ListBlock):
            return self.list_block(block, width, indent, gap)
        if isinstance(block, Quote):
            return self.quote(block, width, indent, gap)
        if isinstance(block, Table):
            return self.table(block, width, indent, gap)
        if isinstance(block, Figure):
            return self.figure(block, width, indent)
        if isinstance(block, Preformatted):
            return self.preformatted(block, width, indent, gap)
        if isinstance(block, Rule):
            return [_rule_piece(indent, width, 0.25, HAIRLINE, gap, self.gap)]
        raise TypeError(f"cannot typeset {type(block).__name__}")

    def list_block(self, block: ListBlock, width: float, indent: float, gap: float) -> list[Piece]:
        """Items with hanging markers; the first two and the last two items stay together."""
        size = self.body
        if block.ordered:
            last = block.start + len(block.items) - 1
            hang = fonts.text_width(f"{last}.", size) + size * 0.6
        else:
            hang = size * 1.3
        baseline = (size * LEADING - (ASCENT + DESCENT) * size) / 2 + ASCENT * size
        items: list[list[Piece]] = []
        for number, item in enumerate(block.items, start=block.start):
            marker = f"{number}." if block.ordered else "•"
            item_gap = gap if not items else size * 0.25
            made = self.blocks(item, width - hang, indent + hang, first_gap=item_gap)
            if made:
                made[0] = _with_marker(made[0], indent + hang - size * 0.45, baseline, marker, size)
                items.append(made)
        for index in sorted({0, len(items) - 2}) if len(items) > 1 else ():
            items[index][-1] = replace(items[index][-1], keep_with_next=True)
        return [piece for made in items for piece in made]

    def quote(self, block: Quote, width: float, indent: float, gap: float) -> list[Piece]:
        """A tinted box with a bar on the left, for examples and notes; it may break."""
        pad = self.body * 0.7
        inner = self.blocks(block.blocks, width - 2.5 * pad, indent + 1.5 * pad, first_gap=0.0)
        boxed: list[Piece] = []
        for index, piece in enumerate(inner):
            top = pad if index == 0 else piece.space_before
            bottom = pad if index == len(inner) - 1 else 0.0
            boxed.append(_boxed(piece, indent, width, top, bottom, self.body * 0.3))
        if boxed:
            boxed[0] = replace(boxed[0], space_before=gap)
        return boxed

    def preformatted(self, block: Preformatted, width: float, indent: float,
                     gap: float) -> list[Piece]:
        """Code on a tinted band, line for line; a short block stays in one piece."""
        pad = self.body * 0.6
        text = TextStyle(self.body * 0.9)
        keep = len(block.lines) <= KEEP_CODE_LINES
        inner = [piece for line in block.lines
                 for piece in self.lines((Run(line or " ", "code"),), width - 2 * pad,
                                         indent + pad, text, keep_all=keep)]
        last = len(inner) - 1
        boxed = [_boxed(piece, indent, width, pad if index == 0 else 0.0,
                        pad if index == last else 0.0, 0.0, CODE_FILL)
                 for index, piece in enumerate(inner)]
        boxed[0] = replace(boxed[0], space_before=gap)
        boxed[-1] = replace(boxed[-1], keep_with_next=False)
        return boxed

    def figure(self, block: Figure, width: float, indent: float) -> list[Piece]:
        """The diagram scaled to the column width (or a share of its height) over its caption.

        It is one floating piece: text may pass it when it does not fit where it is cited,
        and it may shrink a little to fit the space left in a column.
        """
        scene = self.scenes[block.name]
        caption = (Run(spaced_punctuation(f"{block.label}: ", self.lang), "bold"), *block.caption)
        caption_width = min(width, FIGURE_MAX_WIDTH)
        lines = self.lines(caption, caption_width, indent + (width - caption_width) / 2,
                           TextStyle(self.body * 0.88, INK, align="center"))
        below = self.body * 0.5 + sum(line.height for line in lines) + self.gap * 1.3
        largest = figure_scale(scene, width, self.style)

        def at_scale(factor: float) -> Piece:
            w, h = scene.width * factor, scene.height * factor
            left = indent + (width - w) / 2

            def draw(x: float, y: float) -> list[Node]:
                nodes: list[Node] = [Group(scene.children,
                                           compose(translate(x + left, y), scale(factor)),
                                           clip=(0, 0, scene.width, scene.height))]
                top = y + h + self.body * 0.5
                for line in lines:
                    nodes += line.draw(x, top)
                    top += line.height
                return nodes

            return Piece(h + below, draw, self.gap * 1.6, floats=True,
                         shrink=partial(shrunk, minimum=largest * FIGURE_MIN_SCALE),
                         figure=block.name)

        def shrunk(height: float, minimum: float) -> Piece | None:
            factor = (height - below) / scene.height
            return at_scale(factor) if factor >= minimum else None

        return [at_scale(largest)]

    def table(self, block: Table, width: float, indent: float, gap: float) -> list[Piece]:
        size = self.body * 0.92
        pad_x, pad_y = size * 0.5, size * 0.25
        rows = [block.header, *block.rows]
        count = max(len(row) for row in rows)
        rows = [tuple(row) + ((),) * (count - len(row)) for row in rows]
        rows[0] = tuple(tuple(Run(r.text, "bold") for r in cell) for cell in rows[0])
        widths = _column_widths(rows, width, size, pad_x)
        pieces = []
        for index, row in enumerate(rows):
            header = index == 0
            fill = TABLE_HEAD_FILL if header else (TABLE_ZEBRA_FILL if index % 2 == 0 else None)
            pieces.append(self.table_row(row, widths, block.align, indent, size, pad_x, pad_y,
                                         fill, header))
        pieces[0] = replace(pieces[0], space_before=gap, keep_with_next=True)
        return pieces

    def table_row(self, row, widths, align, indent, size, pad_x, pad_y, fill, header) -> Piece:
        """One table row: cells wrapped in their columns, a rule below."""
        cells = []
        for column, runs in enumerate(row):
            cell_align = align[column] if column < len(align) else "left"
            lines = self.lines(runs, widths[column] - 2 * pad_x, 0.0,
                               TextStyle(size, INK, align=cell_align))
            cells.append(lines)
        height = max(sum(p.height for p in lines) for lines in cells) + 2 * pad_y
        total = sum(widths)

        def draw(x: float, y: float) -> list[Node]:
            nodes: list[Node] = []
            if fill:
                nodes.append(Rect(x + indent, y, total, height, Style(fill=fill)))
            left = x + indent
            for column, lines in enumerate(cells):
                top = y + pad_y
                for line in lines:
                    nodes += line.draw(left + pad_x, top)
                    top += line.height
                left += widths[column]
            rule = Style(stroke=ACCENT if header else HAIRLINE, stroke_mm=0.35 if header else 0.2)
            nodes.append(Line(x + indent, y + height, x + indent + total, y + height, rule))
            return nodes

        return Piece(height, draw)


def figure_scale(scene: Scene, width: float, style: PageStyle) -> float:
    """How much a figure is scaled in a column ``width`` mm wide: to the width (at most
    FIGURE_MAX_WIDTH) or a share of the column height, whichever is smaller.

    On a single short column (A5) a tall, narrow figure such as a long legend would shrink
    to a sliver of the width; it may take a larger share of the height instead.
    """
    by_width = min(width, FIGURE_MAX_WIDTH) / scene.width
    by_height = FIGURE_MAX_HEIGHT * style.column_height / scene.height
    if style.columns == 1 and by_height < TALL_FIGURE * by_width:
        by_height = TALL_FIGURE_MAX_HEIGHT * style.column_height / scene.height
    return min(by_width, by_height)


def _text_draw(segments: list[Segment], left: float, baseline: float, text: TextStyle) -> Draw:
    """Segments drawn as text; a no-break space prints as a plain one, so it extracts as one."""
    def draw(x: float, y: float) -> list[Node]:
        return [Text(x + left + s.x, y + baseline, s.text.replace(NO_BREAK_SPACE, " "), text.size,
                     font=font_of(s.face), fill=CODE_INK if s.face == "code" else text.color)
                for s in segments if s.text.strip()]
    return draw


def _rule_piece(indent: float, width: float, thickness: float, color: str, above: float,
                below: float, keep_with_next: bool = False) -> Piece:
    """A horizontal line with room above and below it."""
    def draw(x: float, y: float) -> list[Node]:
        return [Line(x + indent, y + above, x + indent + width, y + above,
                     Style(stroke=color, stroke_mm=thickness))]
    return Piece(above + below, draw, keep_with_next=keep_with_next)


def _with_marker(piece: Piece, right: float, baseline: float, marker: str, size: float) -> Piece:
    """The piece with a list marker right-aligned at ``right`` on its first baseline."""
    def draw(x: float, y: float) -> list[Node]:
        mark = Text(x + right, y + baseline, marker, size, anchor="end",
                    fill=ACCENT if marker == "•" else INK)
        return [mark, *piece.draw(x, y)]
    return replace(piece, draw=draw)


def _boxed(piece: Piece, indent: float, width: float, top: float, bottom: float,
           bar: float, fill: str = QUOTE_FILL) -> Piece:
    """The piece on a tinted band, with a coloured bar unless ``bar`` is 0; ``top``/``bottom``
    pad it inside."""
    height = top + piece.height + bottom

    def draw(x: float, y: float) -> list[Node]:
        band = [Rect(x + indent, y, width, height, Style(fill=fill))]
        if bar:
            band.append(Rect(x + indent, y, bar * 2.2, height, Style(fill=ACCENT)))
        return [*band, *piece.draw(x, y + top)]
    return replace(piece, height=height, draw=draw, space_before=0.0)


def _column_widths(rows: list[tuple[Runs, ...]], width: float, size: float,
                   pad_x: float) -> list[float]:
    """Column widths: natural widths stretched to fill ``width``, or shrunk towards the
    longest word of each column when the table is too wide."""
    count = len(rows[0])
    natural = [0.0] * count
    minimum = [0.0] * count
    for row in rows:
        for column, runs in enumerate(row):
            words = [_width(w.parts, size) for w in _words(runs)] or [0.0]
            one_line = line_width(wrap(runs, 1e9, size)[0], size)
            natural[column] = max(natural[column], one_line + 2 * pad_x)
            minimum[column] = max(minimum[column], max(words) + 2 * pad_x)
    if sum(natural) <= width:
        extra = (width - sum(natural)) / count
        return [n + extra for n in natural]
    if sum(minimum) >= width:
        return [m * width / sum(minimum) for m in minimum]
    slack = [n - m for n, m in zip(natural, minimum)]
    share = (width - sum(minimum)) / sum(slack)
    return [m + s * share for m, s in zip(minimum, slack)]


# ---- the head of page one, page furniture, the whole text -----------------------


def head_and_body(blocks: Sequence[Block]) -> tuple[list[Block], list[Block]]:
    """The title and the paragraphs right after it (candidates to span the page), and the
    rest, which flows in columns."""
    if not blocks or not (isinstance(blocks[0], Heading) and blocks[0].level == 1):
        return [], list(blocks)
    end = 1
    while end < len(blocks) and isinstance(blocks[end], Paragraph):
        end += 1
    return list(blocks[:end]), list(blocks[end:])


HEAD_SHARE = 0.4  # the title and lead paragraphs span the page up to this share of it


def set_head(setter: "Setter", blocks: Sequence[Block],
             style: PageStyle) -> tuple[list[Piece], list[Block]]:
    """The head's pieces across the page, and the blocks that did not fit in its share of the
    first page (they flow in the columns like the rest)."""
    if not blocks:
        return [], []
    room = HEAD_SHARE * style.column_height
    head = setter.blocks(blocks[:1], style.text_width)
    if sum(p.space_before + p.height for p in head) > room:
        return [], list(blocks)
    lead = TextStyle(style.body * 1.08)
    for index, block in enumerate(blocks[1:], start=1):
        lines = [replace(line, cites=block.cites) for line in
                 setter.lines(block.runs, style.text_width, 0.0, lead, space_before=setter.gap)]
        if sum(p.space_before + p.height for p in head + lines) > room:
            return head, list(blocks[index:])
        head += lines
    return head, []


def has_ruler_room(style: PageStyle) -> bool:
    """Whether the foot has room for the calibration ruler left of the page number."""
    return style.width / 2 - RULER_INSET_MM - RULER_W >= 6.0


def decorate(nodes: list[Node], number: int, title: str, style: PageStyle,
             words: Words | None = None, first: bool | None = None) -> list[Node]:
    """Page number at the foot, with the calibration ruler where there is room (not on A5);
    after the text's first page (``first``; page 1 unless said), the title above a hairline
    at the head."""
    size = style.body * 0.82
    foot = style.height - style.bottom + style.body * 3.2
    decorated = list(nodes)
    if has_ruler_room(style):
        decorated.append(Use(ruler_id(words), translate(RULER_INSET_MM,
                                                        style.height - RULER_INSET_MM - 10.0)))
    folio = words("rules.page", number=number) if words else str(number)
    decorated.append(Text(style.width / 2, foot, folio, size, anchor="middle", fill=MUTED))
    if not (number == 1 if first is None else first) and title:
        head = style.top - style.body * 1.8
        decorated.append(Text(style.margin, head, title, size, font="italic", fill=MUTED))
        decorated.append(Line(style.margin, head + size * 0.7, style.width - style.margin,
                              head + size * 0.7, Style(stroke=HAIRLINE, stroke_mm=0.2)))
    return decorated


def lay_out_text(text: RuleText, scenes: Mapping[str, Scene], style: PageStyle,
                 booklet: bool = False) -> tuple[Layout, list[Piece]]:
    """Where every piece of a text goes (before drawing), and the body's pieces."""
    setter = Setter(style, scenes, text.lang)
    head_blocks, body_blocks = head_and_body(text.blocks)
    head, spilled = set_head(setter, head_blocks, style)
    body = setter.blocks(spilled + body_blocks, style.column_width, first_gap=style.body)
    return balanced(head, body, style, booklet), body


def draw_pages(text: RuleText, scenes: Mapping[str, Scene], style: PageStyle,
               booklet: bool = False) -> list[list[Node]]:
    """The nodes of each page of a text, before page numbers and running heads: the costly
    part, done once for pages that may be numbered from more than one first page."""
    return lay_out_text(text, scenes, style, booklet)[0].draw(style)


def numbered_pages(pages: Sequence[list[Node]], text: RuleText, scenes: Mapping[str, Scene],
                   style: PageStyle, title: str = "", first: int = 1) -> tuple[Scene, ...]:
    """Drawn pages as scenes numbered from ``first`` (a rule sheet inside a bigger file counts
    on from the pages before it)."""
    title = title or text.title
    symbols: dict = {}
    for name in sorted(scenes):
        symbols.update(scenes[name].symbols)
    words = text.words
    if has_ruler_room(style):
        symbols.update(ruler_symbols(words))
    return tuple(Scene(style.width, style.height,
                       tuple(decorate(nodes, number, title, style, words, number == first)),
                       symbols=symbols, title=title)
                 for number, nodes in enumerate(pages, start=first))


def typeset(text: RuleText, scenes: Mapping[str, Scene], style: PageStyle,
            title: str = "", booklet: bool = False) -> tuple[Scene, ...]:
    """A parsed rule text as numbered pages; ``scenes`` holds the drawn figures by name.

    Pages are balanced (no stub of a last page) and, for a ``booklet``, come to a count
    that needs at most two blank pages.
    """
    return numbered_pages(draw_pages(text, scenes, style, booklet), text, scenes, style, title)
