"""Pieces onto pages: columns, floats, figures beside their text, balanced pages.

A *piece* is a slice of a page that cannot be split (a line, a figure, a table row).
Pieces flow down columns and across pages; a piece that must stay with the next one
(a heading, the first and next-to-last line of a paragraph) moves to the next column
together with it, and a figure floats past text to the top of a column. Where each
piece goes is decided first (a ``Layout``) and drawn once at the end, so the layout
can be tried again cheaply: to keep a figure on the page of the paragraph that cites
it, and to balance the pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Collection, NamedTuple, Sequence

from boardgen.scene import Node

BARRIER_BLANK = 1 / 3     # a section waits for its figures unless that blanks more of a column
EPSILON = 1e-6

Draw = Callable[[float, float], list[Node]]


@dataclass(frozen=True)
class PageStyle:
    """Page size, margins (mm), columns and the body type size (mm)."""

    width: float
    height: float
    margin: float
    top: float
    bottom: float
    columns: int
    gutter: float
    body: float

    @property
    def text_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def column_width(self) -> float:
        return (self.text_width - (self.columns - 1) * self.gutter) / self.columns

    @property
    def column_height(self) -> float:
        return self.height - self.top - self.bottom


def page_style(width: float, height: float) -> PageStyle:
    """Margins and columns for a page: two columns once a single line would get too long."""
    margin = round(min(18.0, max(12.0, width * 0.085)), 1)
    columns = 2 if width - 2 * margin > 150 else 1
    body = 3.7 if columns > 1 else 3.6
    return PageStyle(width, height, margin, top=margin + 3, bottom=margin + 5, columns=columns,
                     gutter=8.0, body=body)


@dataclass(frozen=True)
class Piece:
    """A slice of a page that cannot be split, drawn with its top-left corner at (x, y)."""

    height: float
    draw: Draw
    space_before: float = 0.0
    keep_with_next: bool = False
    floats: bool = False  # may move past the text after it, to the top of the next column
    barrier: bool = False  # waiting floats go before this piece (a section heading) unless
    # that would leave more than BARRIER_BLANK of the column empty
    shrink: Callable[[float], "Piece | None"] | None = None  # a smaller copy at most this tall
    cites: tuple[str, ...] = ()  # the figures the text of this piece refers to
    figure: str = ""  # the name of the figure this piece shows


def chain_heights(pieces: Sequence[Piece], limit: float) -> list[float]:
    """For each piece, its height with every following piece it is kept with (floats step
    aside), found in one pass from the end.

    A chain taller than ``limit`` (a column) cannot be kept together anyway: then only the
    piece itself counts.
    """
    heights = [0.0] * len(pieces)
    following: float | None = None  # space and chain height of the next piece that does not float
    for index in range(len(pieces) - 1, -1, -1):
        piece = pieces[index]
        chain = piece.height + (following if piece.keep_with_next and following is not None
                                else 0.0)
        heights[index] = chain if chain <= limit else piece.height
        if not piece.floats:
            following = piece.space_before + chain
    return heights


class Placement(NamedTuple):
    """Where a piece went: its page (from 0), top-left corner, and index in the body (-1:
    the head). A named tuple: every layout tried makes one for every piece."""

    page: int
    x: float
    y: float
    index: int
    height: float


class _Columns:
    """The running position: page, column and height used; floats wait for a fresh column.

    ``fill`` is the share of each column's height text may use: less than 1 spreads the
    text over the pages to balance them.
    """

    def __init__(self, style: PageStyle, first_top: float, fill: float = 1.0,
                 first_fill: float | None = None):
        self.style = style
        self.first_top = first_top
        self.placed: list[Placement] = []
        self.page = 0
        self.column = 0
        self.top = self.y = first_top
        self.rest_bottom = style.height - style.bottom - (1 - fill) * style.column_height
        self.bottom = self.rest_bottom if first_fill is None else (
            style.height - style.bottom - (1 - first_fill) * style.column_height)
        self.waiting: list[tuple[int, Piece]] = []
        self.shrunk: dict[int, Piece] = {}  # floats placed smaller than they were made
        self.lefts = [style.margin + column * (style.column_width + style.gutter)
                      for column in range(style.columns)]

    @property
    def at_top(self) -> bool:
        return self.y <= self.top + EPSILON

    def fits(self, piece: Piece, height: float) -> bool:
        """Whether ``height`` fits below; at the top of a column anything fits that would not
        fit better in the next one (the first column starts below the head)."""
        if self.y + piece.space_before + height <= self.bottom + EPSILON:
            return True
        full = self.bottom - self.style.top
        return self.at_top and (self.top <= self.style.top + EPSILON or height > full)

    def place(self, index: int, piece: Piece) -> None:
        gap = 0.0 if self.at_top else piece.space_before
        self.placed.append(Placement(self.page, self.lefts[self.column], self.y + gap, index,
                                     piece.height))
        self.y += gap + piece.height

    def next_column(self) -> None:
        self.column += 1
        if self.column == self.style.columns:
            self.page += 1
            self.column = 0
            self.bottom = self.rest_bottom
        self.top = self.y = self.style.top if self.page else self.first_top
        self.place_waiting()

    def add_float(self, index: int, piece: Piece) -> None:
        self.waiting.append((index, piece))
        self.place_waiting()

    def place_waiting(self) -> None:
        """Place waiting floats, in order, while the next one fits (perhaps shrunk) here."""
        while self.waiting:
            index, piece = self.waiting[0]
            if not self.fits(piece, piece.height):
                room = self.bottom - self.y - piece.space_before
                piece = piece.shrink(room) if piece.shrink else None
                if piece is None:
                    return
            self.waiting.pop(0)
            self.place(index, piece)
            self.shrunk[index] = piece

    def close_section(self) -> None:
        """Before a new section: its predecessor's floats, unless waiting for them would
        leave a large blank; then they open the next column instead."""
        self.place_waiting()
        room = self.bottom - self.y
        if self.waiting and room <= BARRIER_BLANK * self.style.column_height:
            self.flush()

    def flush(self) -> None:
        """Place every waiting float, opening columns as needed."""
        self.place_waiting()
        while self.waiting:
            self.next_column()


@dataclass
class Layout:
    """The pieces of a text placed on pages: what ``flow`` decides before anything is drawn."""

    head: list[tuple[float, Piece]]
    placed: list[Placement]
    pieces: dict[int, Piece]  # the body's pieces as placed (figures perhaps shrunk)
    page_of: dict[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.page_of = {placement.index: placement.page for placement in self.placed}

    @property
    def page_count(self) -> int:
        return max((p.page for p in self.placed), default=0) + 1

    def used(self) -> list[float]:
        """The height of text and figures on each page."""
        heights = [0.0] * self.page_count
        heights[0] += sum(piece.height for _, piece in self.head)
        for placement in self.placed:
            heights[placement.page] += placement.height
        return heights

    def pages_of(self, indexes: Sequence[int]) -> set[int]:
        """The pages the body pieces ``indexes`` are on."""
        return {self.page_of[i] for i in indexes if i in self.page_of}

    def draw(self, style: PageStyle) -> list[list[Node]]:
        pages: list[list[Node]] = [[] for _ in range(self.page_count)]
        for y, piece in self.head:
            pages[0] += piece.draw(style.margin, y)
        for placement in self.placed:
            pages[placement.page] += self.pieces[placement.index].draw(placement.x, placement.y)
        return pages


def lay_out(head: Sequence[Piece], body: Sequence[Piece], style: PageStyle, fill: float = 1.0,
            order: Sequence[int] | None = None, pinned: Collection[int] = (),
            first_fill: float | None = None) -> Layout:
    """Place the head across the first page, then the body down the columns, page by page.

    ``order`` is the order the body's pieces are placed in (their own when None); a
    ``pinned`` figure does not float: it stays with the piece after it.
    """
    order = list(range(len(body))) if order is None else list(order)
    ordered = [replace(body[index], floats=False, keep_with_next=True) if index in pinned
               else body[index] for index in order]
    placed_head: list[tuple[float, Piece]] = []
    y = style.top
    for piece in head:
        y += piece.space_before if y > style.top else 0.0
        placed_head.append((y, piece))
        y += piece.height
    columns = _Columns(style, y + (style.body * 1.2 if head else 0.0), fill, first_fill)
    chains = chain_heights(ordered, columns.bottom - style.top)
    for position, (index, piece) in enumerate(zip(order, ordered)):
        if piece.floats:
            columns.add_float(index, piece)
            continue
        if piece.barrier:
            columns.close_section()
        elif piece.space_before and not (position and ordered[position - 1].keep_with_next):
            columns.place_waiting()
        while not columns.fits(piece, chains[position]):
            columns.next_column()
        columns.place(index, piece)
    columns.flush()
    pieces = dict(enumerate(body))
    pieces.update(columns.shrunk)
    return Layout(placed_head, columns.placed, pieces)


def flow(head: Sequence[Piece], body: Sequence[Piece], style: PageStyle,
         fill: float = 1.0) -> list[list[Node]]:
    """The head and body placed and drawn, as the nodes of each page."""
    return lay_out(head, body, style, fill).draw(style)


# ---- figures beside their text, balanced pages ----------------------------------

HEAD = -1  # the index standing for the head (title and lead) in a figure's anchor


def anchors(body: Sequence[Piece], head: Sequence[Piece] = ()) -> dict[int, list[int]]:
    """Figure piece → the pieces of the paragraph it must share a page with.

    The rule: a figure is printed on a page with (a line of) the first paragraph that cites
    it; a figure no paragraph cites, with the text just before it (or after it, when it
    comes first). ``HEAD`` stands for a citation in the head of the first page.
    """
    citing: dict[str, list[int]] = {}
    for piece in head:
        for name in piece.cites:
            citing.setdefault(name, [HEAD])
    for index, piece in enumerate(body):
        for name in piece.cites:
            found = citing.setdefault(name, [index])
            if found[-1] == index - 1 and found[0] != HEAD and index not in found:
                found.append(index)  # the same paragraph, one line further
    found: dict[int, list[int]] = {}
    for index, piece in enumerate(body):
        if not piece.figure:
            continue
        text = citing.get(piece.figure)
        if text is None:
            text = [i for i in range(index - 1, -1, -1) if not body[i].floats][:1]
            text = text or [i for i in range(index + 1, len(body)) if not body[i].floats][:1]
        if text:
            found[index] = text
    return found


def _chain_start(body: Sequence[Piece], order: list[int], index: int) -> int:
    """The position (in placing order) of the first piece of the keep-together chain that
    ``index`` belongs to."""
    position = order.index(index)
    while position > 0 and body[order[position - 1]].keep_with_next and not body[
            order[position - 1]].floats:
        position -= 1
    return position


def _moved(order: list[int], figure: int, position: int) -> list[int]:
    """The placing order with the figure moved to ``position`` (counted without it)."""
    moved = [index for index in order if index != figure]
    return moved[:position] + [figure] + moved[position:]


class Attempts:
    """How many more layouts a text may try: each costs time in proportion to its length, so
    a bounded number keeps typesetting linear however many figures a text has."""

    def __init__(self, left: int):
        self.left = left

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


MAX_ATTEMPTS = 40  # layouts tried per text, for its figures and its balance together


@dataclass
class Arrangement:
    """Where figures moved to share a page with their text: the placing order, the figures
    pinned before their paragraph, and how often each was moved."""

    order: list[int]
    pinned: set[int] = field(default_factory=set)
    moves: dict[int, int] = field(default_factory=dict)


class Tried(dict):
    """The layouts one search has made, by what a layout depends on besides the text and
    style (the column share, the placing order, the pinned figures, the first page's share):
    the searches reach the same arrangement from several starts, and a layout is made once."""

    def lay_out(self, head: Sequence[Piece], body: Sequence[Piece], style: PageStyle,
                fill: float, moved: Arrangement, first_fill: float | None) -> Layout:
        key = (fill, tuple(moved.order), frozenset(moved.pinned), first_fill)
        if key not in self:
            self[key] = lay_out(head, body, style, fill, moved.order, moved.pinned, first_fill)
        return self[key]


def lay_out_figures(head: Sequence[Piece], body: Sequence[Piece], style: PageStyle,
                    fill: float = 1.0, attempts: Attempts | None = None,
                    arrangement: Arrangement | None = None,
                    first_fill: float | None = None, tried: Tried | None = None) -> Layout:
    """A layout where every figure shares a page with its paragraph (see ``anchors``).

    A figure that lands on another page is first moved to just after its paragraph (still
    free to float past text); if that is not enough it is pinned just before the paragraph,
    so the two move to the next page together. A figure that still cannot share a page
    with its paragraph (they are too tall together) stays where it went. ``arrangement``
    carries the moves from one try to the next; ``tried`` keeps the layouts of a search.
    """
    attempts = attempts or Attempts(MAX_ATTEMPTS)
    moved = arrangement or Arrangement(list(range(len(body))))
    tried = Tried() if tried is None else tried
    ties = anchors(body, head)
    layout = tried.lay_out(head, body, style, fill, moved, first_fill)
    while True:
        late = [figure for figure, text in ties.items() if moved.moves.get(figure, 0) < 2
                and not layout.pages_of([figure]) & _pages(layout, text)]
        if not late or not attempts.take():
            return layout
        _move(body, moved, late[0], ties[late[0]])
        layout = tried.lay_out(head, body, style, fill, moved, first_fill)


def _move(body: Sequence[Piece], moved: Arrangement, figure: int, text: list[int]) -> None:
    """The next move of a figure towards its text: after it, then pinned before it."""
    moved.moves[figure] = moved.moves.get(figure, 0) + 1
    others = [index for index in moved.order if index != figure]
    if text[-1] == HEAD:
        moved.order = _moved(moved.order, figure, 0)
    elif moved.moves[figure] == 1:
        moved.order = _moved(moved.order, figure, others.index(text[-1]) + 1)
    else:
        moved.order = _moved(moved.order, figure, _chain_start(body, others, text[0]))
        moved.pinned.add(figure)


def _pages(layout: Layout, text: list[int]) -> set[int]:
    return {0} if text == [HEAD] else layout.pages_of(text)


STUB = 0.25        # the last page holds at least this share of the fullest page
FILLS = tuple(1.0 - 0.04 * step for step in range(13))  # column shares tried when balancing
MAX_BLANK_PAGES = 1  # a booklet's sheets hold at most this many blank pages
HOLLOW = 0.3         # a booklet page before the last holds at least this share of a column
FIRST_PAGE = 0.5     # ...and its first page at least this: more than the title and its lead


def balanced(head: Sequence[Piece], body: Sequence[Piece], style: PageStyle,
             booklet: bool = False) -> Layout:
    """The text laid out so that the last page is no stub, and (for a booklet) the page
    count needs at most one blank page to make whole sheets.

    Columns are filled to a slightly smaller share of their height until both hold; when
    no share does, the full columns are kept. A booklet weighs every share tried (see
    ``booklet_cost``) and keeps the best.
    """
    if booklet:
        return _best_booklet(head, body, style)
    attempts = Attempts(MAX_ATTEMPTS)
    arrangement = Arrangement(list(range(len(body))))
    first, tried = None, Tried()
    for fill in FILLS:
        layout = lay_out_figures(head, body, style, fill, attempts, arrangement, tried=tried)
        first = first or layout
        if _acceptable(layout, booklet) or not attempts.take():
            return layout if _acceptable(layout, booklet) else first
    return first


BOOKLET_ATTEMPTS = 10  # figure moves tried for each column share of a booklet


def _best_booklet(head: Sequence[Piece], body: Sequence[Piece], style: PageStyle) -> Layout:
    """The booklet layout of least cost over the column shares tried, the fullest share
    first among equals.

    Each share is tried three ways: with the figure moves carried over from the shares
    before it (as a sheet is balanced), with its figures placed afresh (a figure moved
    for one share may stand better where it was in another), and afresh with the first
    page full, so that spreading the text does not leave the title alone on it.
    """
    ties = anchors(body, head)
    carried, arrangement = Attempts(MAX_ATTEMPTS), Arrangement(list(range(len(body))))
    best: tuple[tuple, Layout] | None = None
    tried = Tried()
    for fill in FILLS:
        tries = [lay_out_figures(head, body, style, fill, carried, arrangement, tried=tried)]
        for first_fill in (None, 1.0) if fill < 1.0 else (None,):
            tries.append(lay_out_figures(head, body, style, fill, Attempts(BOOKLET_ATTEMPTS),
                                         Arrangement(list(range(len(body)))), first_fill,
                                         tried))
        for layout in tries:
            cost = booklet_cost(layout, ties, style)
            if best is None or cost < best[0]:
                best = (cost, layout)
    return best[1]


def booklet_cost(layout: Layout, ties: dict[int, list[int]], style: PageStyle) -> tuple:
    """What makes a booklet layout worse, in order: more blank pages than one, a figure
    away from the text that cites it, printed pages less than half full on average, a
    first page less than half full (the title and its lead alone), a stub of a last
    page, a page nearly empty before the last, then more sheets and emptier pages."""
    used = layout.used()
    sheets = -(-len(used) // 4)
    blanks = 4 * sheets - len(used)
    late = sum(1 for figure, text in ties.items()
               if not layout.pages_of([figure]) & _pages(layout, text))
    alone = len(used) > 1 and used[0] < FIRST_PAGE * style.column_height
    stub = len(used) > 1 and used[-1] < STUB * max(used)
    fill = sum(used) / (len(used) * style.column_height)
    hollow = any(u < HOLLOW * style.column_height for u in used[:-1])
    return (blanks > MAX_BLANK_PAGES, late, fill < 0.5, alone, stub, hollow, sheets, -fill)


def _acceptable(layout: Layout, booklet: bool) -> bool:
    used = layout.used()
    if len(used) > 1 and used[-1] < STUB * max(used):
        return False
    return not booklet or len(used) % 4 != 1  # a one-page text is spread over two if it can
