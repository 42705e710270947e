"""Home printing of a large board: seams on cell boundaries, glue strips, alignment ticks, map.

A board too big for the paper is cut along a grid of seams. Every page owns the
board between its seams and also prints a shaded glue strip past its right and
bottom seams; the next page is trimmed at the seam and laid over that strip.
Short ticks cross each seam at the same board positions on both pages, so the
halves of a tick meet when the pages are aligned.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from heapq import heappop, heappush
from typing import Callable, NamedTuple

from boardgen import fonts
from boardgen.errors import InputError
from boardgen.i18n import Words
from boardgen.imposition.marks import (FOOTER_GAP_MM, FOOTER_MM, INK, MUTED, crop_marks, footer,
                                       footer_box, size_text)
from boardgen.imposition.paper import Box, PrintOptions
from boardgen.memo import IdentityMemo
from boardgen.scene import (IDENTITY, Group, Line, Node, Path, Rect, Scene, Style, Text, Use, apply,
                            bounds, compose, rotate, scale, translate)
from boardgen.wrapping import wrap

GLUE_MM = 8.0
TICK_MM = 2.5          # length of an alignment tick on each side of a seam
EDGE_CLEARANCE = 4.0   # ticks keep this far from the ends of a seam
EPS = 1e-6
WASH = Style(fill="#ffffff", opacity=0.6)
HATCH = Style(stroke="#8c8c8c", stroke_mm=0.2)
SEAM_LINE = Style(stroke="#444444", stroke_mm=0.15, dash=(1.0, 1.0))
GLUE_PATCH = Style(fill="#ffffff")  # under a glue label that finds no room clear of the art
TICK = Style(stroke=INK, stroke_mm=0.25)
MAP_GRID = Style(stroke="#b00020", stroke_mm=0.5)
MAP_GLUE = Style(fill="#ffffff", opacity=0.55)
LABEL_GROUND = Style(fill="#ffffff", opacity=0.85)
MIN_GLUE_TEXT_MM = 1.2  # the smallest text a glue strip is named in
MOVED_CLEARANCE_MM = 3.0  # a block moved out of a seam's way keeps this far from it


def row_letters(row: int) -> str:
    """A, B, …, Z, AA, AB, … for rows 0, 1, …"""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board region it owns and the glue strips it carries."""

    row: int
    column: int
    x0: float
    y0: float
    x1: float
    y1: float
    glue_right: float
    glue_bottom: float

    @property
    def name(self) -> str:
        return f"{row_letters(self.row)}{self.column + 1}"

    @property
    def owned(self) -> Box:
        return Box(self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0)

    @property
    def drawn(self) -> Box:
        """The board region printed on the page: owned region plus glue strips."""
        return Box(self.x0, self.y0, self.x1 - self.x0 + self.glue_right,
                   self.y1 - self.y0 + self.glue_bottom)


@dataclass(frozen=True)
class TilePlan:
    """How a board of ``board_w`` × ``board_h`` mm is cut over pages of one orientation."""

    board_w: float
    board_h: float
    page_w: float
    page_h: float
    landscape: bool
    cuts_x: tuple[float, ...]  # 0, seams…, board_w
    cuts_y: tuple[float, ...]
    seams_x: tuple[float, ...]
    seams_y: tuple[float, ...]
    glue_mm: float = GLUE_MM

    @property
    def rows(self) -> int:
        return len(self.cuts_y) - 1

    @property
    def columns(self) -> int:
        return len(self.cuts_x) - 1

    @property
    def pages(self) -> int:
        return self.rows * self.columns

    def tile(self, row: int, column: int) -> Tile:
        return Tile(row, column, self.cuts_x[column], self.cuts_y[row], self.cuts_x[column + 1],
                    self.cuts_y[row + 1],
                    self.glue_mm if column < self.columns - 1 else 0.0,
                    self.glue_mm if row < self.rows - 1 else 0.0)

    def tiles(self) -> list[Tile]:
        return [self.tile(r, c) for r in range(self.rows) for c in range(self.columns)]

    def label(self, tile: Tile, words: Words) -> str:
        """"B2 — row 2, column 2 of 2×2", in the kit's language."""
        return words("tiling.label", page=tile.name, row=tile.row + 1, column=tile.column + 1,
                     rows=self.rows, columns=self.columns)

    def ticks(self, tile: Tile) -> dict[str, tuple[float, ...]]:
        """Positions of the alignment ticks on each seam of a tile (board mm along the seam)."""
        ticks: dict[str, tuple[float, ...]] = {}
        across_x = tick_positions(tile.y0, tile.y1, self.seams_y)
        across_y = tick_positions(tile.x0, tile.x1, self.seams_x)
        if tile.column > 0:
            ticks["left"] = across_x
        if tile.column < self.columns - 1:
            ticks["right"] = across_x
        if tile.row > 0:
            ticks["top"] = across_y
        if tile.row < self.rows - 1:
            ticks["bottom"] = across_y
        return ticks


def tick_positions(start: float, end: float, seams: tuple[float, ...]) -> tuple[float, ...]:
    """Up to three places along a seam for ticks, on cell boundaries where there are some."""
    span = end - start
    if span < 3 * EDGE_CLEARANCE:
        return ((start + end) / 2,)
    inner = [s for s in seams if start + EDGE_CLEARANCE <= s <= end - EDGE_CLEARANCE]
    chosen: list[float] = []
    for i in range(3):
        target = start + span * (2 * i + 1) / 6
        if inner:
            target = min(inner, key=lambda s: (abs(s - target), s))
        if target not in chosen:
            chosen.append(target)
    return tuple(sorted(chosen))


# ---- planning ---------------------------------------------------------------


Spans = tuple[tuple[float, float], ...]  # stretches along one axis that a cut should not cross


@lru_cache(maxsize=256)  # a check plans the same board for several papers, then the build again
def split(length: float, seams: tuple[float, ...], room: float, glue: float,
          keep_clear: Spans = (), keep_out: Spans = ()) -> tuple[float, ...]:
    """Cut positions (0 … length) giving the fewest pieces that fit ``room`` with their glue strip.

    The fewest pieces come first: a sheet of paper saved is worth more than a label kept
    whole (a label that may move is moved out of a cut's way; see ``place_movable``). Among
    the fewest, a cut through ``keep_clear`` (a label, a picture) is taken only when no
    other tiling exists, and through ``keep_out`` (a region the game marks whole) only when
    even that fails: on paper so small that one must give, a card place is cut rather than
    its words. Cuts run on seams where possible, else on a whole millimetre; among equal
    counts the pieces are made as even as possible.
    """
    if length <= room + EPS:
        return (0.0, length)
    if room <= glue + 1:
        raise InputError(f"the printable area ({room:g} mm) is too small to tile a board",
                         source="--paper")
    through_kept, through_art = _crossing(keep_out), _crossing(keep_clear)

    def candidate(x: float, on_seam: bool) -> Candidate:
        return Candidate(x, on_seam, through_kept(x), through_art(x))

    on_seam = sorted({s for s in seams if EPS < s < length - EPS})
    cuts = _cheapest_cuts(length, [candidate(s, True) for s in on_seam], room, glue)
    if (cuts is None or any(through_art(c) or through_kept(c) for c in cuts)
            or len(cuts) - 1 > fewest_pieces(length, room, glue)):
        near_seams = {round(s) for s in on_seam if abs(round(s) - s) <= EPS}
        xs = [float(x) for x in range(1, math.ceil(length)) if x not in near_seams]
        grid = [Candidate(x, False, kept, art) for x, kept, art in
                zip(xs, _crossed(xs, keep_out), _crossed(xs, keep_clear))]
        cuts = _cheapest_cuts(length, sorted([candidate(s, True) for s in on_seam] + grid),
                              room, glue)
    assert cuts is not None
    return cuts


def fewest_pieces(length: float, room: float, glue: float) -> int:
    """The fewest pieces a board ``length`` long can be cut into: every piece but the last
    gives ``glue`` of its ``room`` to the strip the next is laid over."""
    if length <= room + EPS:
        return 1
    return math.ceil((length - glue) / (room - glue) - EPS)


def _crossing(spans: Spans) -> Callable[[float], bool]:
    """Whether a cut crosses one of ``spans`` (``_crosses``), answered by bisection: a board's
    labels give hundreds of spans, and a fine grid of cuts asks about each of them."""
    starts, ends = _stretches(spans)

    def crosses(cut: float) -> bool:
        index = bisect_left(starts, cut) - 1  # the last stretch that starts before the cut
        return index >= 0 and cut < ends[index]

    return crosses


def _crossed(cuts: list[float], spans: Spans) -> list[bool]:
    """``_crossing`` of every one of ``cuts``, given in ascending order, in one walk along
    the stretches (a fine grid of cuts over a long board)."""
    starts, ends = _stretches(spans)
    found: list[bool] = []
    index = 0  # stretches that start before the cut
    for cut in cuts:
        while index < len(starts) and starts[index] < cut:
            index += 1
        found.append(index > 0 and cut < ends[index - 1])
    return found


def _stretches(spans: Spans) -> tuple[list[float], list[float]]:
    """Starts and ends of the open stretches inside ``spans``, overlapping ones merged."""
    inside = sorted((a + EPS, b - EPS) for a, b in spans if a + EPS < b - EPS)
    starts: list[float] = []
    ends: list[float] = []
    for start, end in inside:  # merge what overlaps; open ends that only touch stay apart
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


class Candidate(NamedTuple):
    """A place a cut may fall: where, whether on a seam, whether through a kept region or art.

    A tuple, ordered by its fields: a long board on small paper has thousands of them.
    """

    at: float
    on_seam: bool = True
    through_kept: bool = False
    through_art: bool = False


_PLACE = 1 << 32  # the integer costs below hold each count in a place of its own


def _cheapest_cuts(length: float, candidates: list[Candidate], room: float,
                   glue: float) -> tuple[float, ...] | None:
    """Dynamic programme over candidate cuts.

    Cost, compared in order: pieces, cuts through artwork, cuts through kept regions,
    cuts off a seam, widest piece; among equal costs the piece ending at the later cut.

    The first four counts are added up as one integer. For each cut the cheapest way to
    reach it comes from the cuts within a page's width before it, and among those with
    the least counts only a few can have the narrowest widest piece: a cut reached with
    a widest piece no narrower than a later cut's (with equal counts) never wins again.
    Each count keeps the others in order of position, widest piece growing, and the
    best of them is found by bisection, so a fine grid of cuts over a long board costs
    little more than its seams do.
    """
    points = [Candidate(0.0)] + candidates + [Candidate(length)]
    xs = [point.at for point in points]
    last = len(points) - 1
    counts: list[int | None] = [None] * len(points)  # the four counts, as one integer
    widest = [0.0] * len(points)
    previous = [-1] * len(points)
    counts[0] = 0
    by_counts: dict[int, deque[int]] = {0: deque([0])}
    cheapest = [0]  # a heap of the counts in by_counts (perhaps of emptied ones too)
    first = 0  # the first cut within a page's width of the current one
    for j in range(1, last):
        x = xs[j]
        while first < j and x - xs[first] + glue > room + EPS:
            first += 1
        reached = _reach(by_counts, cheapest, first)
        if reached is None:
            continue
        i = _narrowest(reached, xs, widest, x, glue)
        counts[j] = counts[i] + _added(points[j])
        widest[j] = max(widest[i], x - xs[i] + glue)
        previous[j] = i
        _keep(by_counts, cheapest, widest, counts[j], j)
    _reach_end(points, xs, counts, widest, previous, room)
    if counts[last] is None:
        return None
    chain = [last]
    while chain[-1] != 0:
        chain.append(previous[chain[-1]])
    return tuple(xs[k] for k in reversed(chain))


def _added(point: Candidate) -> int:
    """What ending a piece at ``point`` adds to the counts: pieces, art, kept, off a seam."""
    return ((_PLACE + point.through_art) * _PLACE + point.through_kept) * _PLACE \
        + (not point.on_seam)


def _reach(by_counts: dict[int, deque[int]], cheapest: list[int], first: int) -> deque[int] | None:
    """The cuts from ``first`` on with the least counts (dropping those before ``first``)."""
    while cheapest:
        kept = by_counts[cheapest[0]]
        while kept and kept[0] < first:
            kept.popleft()
        if kept:
            return kept
        del by_counts[heappop(cheapest)]
    return None


def _narrowest(kept: deque[int], xs: list[float], widest: list[float], x: float,
               glue: float) -> int:
    """The cut among ``kept`` from which a piece ending at ``x`` leaves the narrowest widest
    piece (the later one of equals): where the piece itself stops being the widest."""
    low, high = 0, len(kept)
    while low < high:
        middle = (low + high) // 2
        i = kept[middle]
        if widest[i] >= x - xs[i] + glue:
            high = middle
        else:
            low = middle + 1
    if low == len(kept):
        return kept[-1]
    if low == 0:
        return kept[0]
    before, after = kept[low - 1], kept[low]
    return after if widest[after] <= x - xs[before] + glue else before


def _keep(by_counts: dict[int, deque[int]], cheapest: list[int], widest: list[float],
          counts: int, j: int) -> None:
    """Remember cut ``j`` among those of its counts, dropping the earlier ones it beats."""
    kept = by_counts.get(counts)
    if kept is None:
        kept = by_counts[counts] = deque()
        heappush(cheapest, counts)
    while kept and widest[kept[-1]] >= widest[j]:
        kept.pop()
    kept.append(j)


def _reach_end(points: list[Candidate], xs: list[float], counts: list[int | None],
               widest: list[float], previous: list[int], room: float) -> None:
    """The cheapest way to the board's end, whose last piece has no glue strip (so it may
    reach back further than the other cuts did): every cut within reach is tried."""
    last = len(points) - 1
    best: tuple[int, float] | None = None
    for i in range(last - 1, -1, -1):
        width = xs[last] - xs[i] + 0.0
        if width > room + EPS:
            break
        if counts[i] is None:
            continue
        cost = (counts[i] + _added(points[last]), max(widest[i], width))
        if best is None or cost < best:
            best, previous[last] = cost, i
    if best is not None:
        counts[last], widest[last] = best
def keep_out_spans(boxes: tuple[tuple[float, float, float, float], ...]) -> tuple[Spans, Spans]:
    """Across and down the board, where its keep-out rectangles (x, y, w, h) lie.

    A page edge runs the board's whole length, so it crosses a rectangle exactly when
    it crosses the rectangle's stretch along its own axis.
    """
    return (tuple((x, x + w) for x, _, w, _ in boxes), tuple((y, y + h) for _, y, _, h in boxes))


# Recent spans by the nodes and symbols they come from: a build asks for a board's spans
# when it checks the board's pages, when it tiles them and when it counts the cuts (a
# sheet gets a title for its pages, but its art stays the same); the walk measures texts.
_SPANS: IdentityMemo[tuple[Spans, Spans]] = IdentityMemo(64)


def artwork_spans(scene: Scene) -> tuple[Spans, Spans]:
    """Across and down the scene, where its lines of text and its pictures (symbols) lie."""
    return _SPANS.recall((scene.children, scene.symbols), lambda: _artwork_spans(scene))


def _artwork_spans(scene: Scene) -> tuple[Spans, Spans]:
    """``artwork_spans`` without the memory."""
    found = artwork_boxes(scene)
    return (tuple((x0, x1) for x0, _, x1, _ in found), tuple((y0, y1) for _, y0, _, y1 in found))


def artwork_boxes(scene: Scene, movable: bool = False) -> list[tuple[float, float, float, float]]:
    """The boxes (x0, y0, x1, y1) of the scene's lines of text and pictures (symbols);
    ``movable``: those of its movable blocks too.

    A symbol's box is worked out once however often it is used, and a symbol without
    text (a piece glyph) is not walked for text it does not have.
    """
    found: list[tuple[float, float, float, float]] = []
    symbols = scene.symbols
    boxes: dict[str, tuple[float, float, float, float] | None] = {}
    texts: dict[str, bool] = {}

    def add(corners: list[tuple[float, float]]) -> None:
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        found.append((min(xs), min(ys), max(xs), max(ys)))

    def has_text(nodes) -> bool:
        for node in nodes:
            if isinstance(node, Text):
                return True
            if isinstance(node, Group) and has_text(node.children):
                return True
            if isinstance(node, Use) and node.symbol in symbols and symbol_has_text(node.symbol):
                return True
        return False

    def symbol_has_text(name: str) -> bool:
        if name not in texts:
            texts[name] = True  # until found otherwise: a symbol that uses itself is walked
            texts[name] = has_text(symbols[name])
        return texts[name]

    def visit(nodes, m, in_symbol: bool) -> None:
        for node in nodes:
            if node.__class__ is Group and node.shifts and nodes is scene.children \
                    and not movable:
                continue  # a movable block: it moves out of the cuts' way (place_movable)
            if isinstance(node, Text):
                add(_text_corners(node, m))
            elif isinstance(node, Group):
                visit(node.children, compose(m, node.transform), in_symbol)
            elif isinstance(node, Use) and node.symbol in symbols:
                name = node.symbol
                inner = compose(m, node.transform)
                if not in_symbol:
                    if name not in boxes:
                        boxes[name] = bounds(symbols[name])
                    box = boxes[name]
                    if box:
                        add([apply(inner, (x, y))
                             for x in (box[0], box[2]) for y in (box[1], box[3])])
                if symbol_has_text(name):
                    visit(symbols[name], inner, True)

    visit(scene.children, IDENTITY, False)
    return found


def plan_board(scene: Scene, seams_x: tuple[float, ...], seams_y: tuple[float, ...],
               options: PrintOptions, keep_out: tuple[Spans, Spans] = ((), ())
               ) -> tuple[TilePlan, Scene]:
    """The tiling of a board (``plan_tiles``) and its scene with each movable block (a
    group with ``shifts``) moved out of the cuts' way.

    The cuts are planned without the blocks, so a block that moves saves a page or a cut
    through words that cannot move; a block that has nowhere to go steers the cuts as
    other words do, and the board is planned once more."""
    across, down = artwork_spans(scene)
    while True:
        plan = plan_tiles(scene.width, scene.height, seams_x, seams_y, options,
                          (across, down), keep_out)
        moved, stuck = place_movable(scene, plan.cuts_x, plan.cuts_y)
        stuck = (tuple(span for span in stuck[0] if span not in across),
                 tuple(span for span in stuck[1] if span not in down))
        if not stuck[0] and not stuck[1]:
            return plan, moved
        across, down = across + stuck[0], down + stuck[1]


def place_movable(scene: Scene, cuts_x: tuple[float, ...], cuts_y: tuple[float, ...]
                  ) -> tuple[Scene, tuple[Spans, Spans]]:
    """The scene with each of its movable blocks where no cut crosses its text or
    pictures: where it is if it can stay, else at the first of its other places that
    leaves it whole; and the spans of the blocks left where they are, crossed."""
    inner = (cuts_x[1:-1], cuts_y[1:-1])
    children = list(scene.children)
    stuck: tuple[list, list] = ([], [])
    for index, node in enumerate(children):
        if node.__class__ is not Group or not node.shifts:
            continue
        across, down = _artwork_spans(Scene(scene.width, scene.height,
                                            (replace(node, shifts=()),), scene.symbols))
        for dx, dy in ((0.0, 0.0),) + node.shifts:
            room = MOVED_CLEARANCE_MM if dx or dy else 0.0  # moved, not to a seam's very edge
            moved = (tuple((a + dx - room, b + dx + room) for a, b in across),
                     tuple((a + dy - room, b + dy + room) for a, b in down))
            if not any(_crosses(cut, moved[axis]) for axis in (0, 1) for cut in inner[axis]):
                if dx or dy:  # its other places, as offsets from where it now stands
                    others = tuple((x - dx, y - dy) for x, y in ((0.0, 0.0),) + node.shifts
                                   if (x, y) != (dx, dy))
                    children[index] = replace(node, shifts=others, transform=compose(
                        translate(dx, dy), node.transform))
                break
        else:
            stuck[0].extend(across)
            stuck[1].extend(down)
    spans = (tuple(stuck[0]), tuple(stuck[1]))
    if children == list(scene.children):
        return scene, spans
    return replace(scene, children=tuple(children)), spans


def _text_corners(node: Text, m) -> list[tuple[float, float]]:
    """Corners of the box a line of text covers (cap height above, descent below the baseline)."""
    width = fonts.text_width(node.text, node.size, node.font)
    left = node.x - {"start": 0.0, "middle": width / 2, "end": width}[node.anchor]
    if node.rotate:
        m = compose(m, rotate(node.rotate, node.x, node.y))
    return [apply(m, (x, node.y + dy)) for x in (left, left + width)
            for dy in (-0.8 * node.size, 0.25 * node.size)]


def art_box(page_w: float, page_h: float, margin: float) -> Box:
    """The part of a page left for artwork: inside the margins, above the footer."""
    return Box(margin, margin, page_w - 2 * margin, page_h - 2 * margin - FOOTER_MM - FOOTER_GAP_MM)


def plan_tiles(width: float, height: float, seams_x: tuple[float, ...],
               seams_y: tuple[float, ...], options: PrintOptions,
               keep_clear: tuple[Spans, Spans] = ((), ()),
               keep_out: tuple[Spans, Spans] = ((), ())) -> TilePlan:
    """The tiling with the fewest pages over both orientations of the paper.

    ``keep_clear``: where labels and pictures lie across and down; ``keep_out``: where
    the regions the game marks whole lie. Within the fewest pages no cut crosses either
    unless there is no other way, and a kept region is the last to be cut.
    """
    plans = []
    for landscape in (False, True):
        page_w, page_h = options.paper.size(landscape)
        area = art_box(page_w, page_h, options.margin_mm)
        cuts_x = split(width, tuple(seams_x), area.w, GLUE_MM, tuple(keep_clear[0]),
                       tuple(keep_out[0]))
        cuts_y = split(height, tuple(seams_y), area.h, GLUE_MM, tuple(keep_clear[1]),
                       tuple(keep_out[1]))
        inner = ((cuts_x[1:-1], 0), (cuts_y[1:-1], 1))
        crossed = (sum(_crosses(c, keep_clear[axis]) for cuts, axis in inner for c in cuts),
                   sum(_crosses(c, keep_out[axis]) for cuts, axis in inner for c in cuts))
        plans.append((crossed, TilePlan(width, height, page_w, page_h, landscape, cuts_x, cuts_y,
                                        tuple(seams_x), tuple(seams_y))))
    board_is_wide = width > height
    return min(plans, key=lambda p: (p[1].pages, p[0], p[1].landscape != board_is_wide))[1]


def _crosses(cut: float, spans: Spans) -> bool:
    return any(a + EPS < cut < b - EPS for a, b in spans)


# ---- pages ------------------------------------------------------------------


def tile_pages(plan: TilePlan, art_id: str, symbols: dict, title: str, kind: str,
               options: PrintOptions, first_page: int = 1) -> tuple[Scene, ...]:
    """Every page of a tiled board, then the assembly map; ``first_page`` is the number of
    the first page in its file, so that each page names the map's page."""
    map_page = first_page + plan.pages
    clear = art_text_boxes(symbols[art_id], symbols)
    pages = [_tile_page(plan, tile, art_id, symbols, title, kind, options, map_page, clear)
             for tile in plan.tiles()]
    pages.append(_assembly_page(plan, art_id, symbols, title, kind, options))
    return tuple(pages)


def _tile_page(plan: TilePlan, tile: Tile, art_id: str, symbols: dict, title: str, kind: str,
               options: PrintOptions, map_page: int, clear: tuple = ()) -> Scene:
    area = art_box(plan.page_w, plan.page_h, options.margin_mm)
    drawn = tile.drawn
    to_page = translate(area.x + (area.w - drawn.w) / 2 - drawn.x,
                        area.y + (area.h - drawn.h) / 2 - drawn.y)
    words = options.words
    nodes: list[Node] = [
        Group((Use(art_id),), to_page, clip=drawn.as_tuple()),
        Group(tuple(_glue_strips(plan, tile, words, clear) + _ticks(plan, tile)), to_page),
    ]
    nodes += footer(footer_box(plan.page_w, plan.page_h, options.margin_mm),
                    plan.label(tile, words), words("tiling.detail", title=title, kind=kind, map=map_page), words)
    return Scene(plan.page_w, plan.page_h, tuple(nodes), symbols=symbols,
                 title=f"{title}: {kind} {tile.name}")


def _glue_strips(plan: TilePlan, tile: Tile, words: Words, clear: tuple = ()) -> list[Node]:
    """The strips past the right and bottom seams, each naming the page laid over it, its
    words clear of the artwork's words (``clear``) and of the other strip."""
    nodes: list[Node] = []
    ticks = plan.ticks(tile)
    right = Box(tile.x1, tile.y0, tile.glue_right, tile.drawn.h) if tile.glue_right else None
    bottom = Box(tile.x0, tile.y1, tile.drawn.w, tile.glue_bottom) if tile.glue_bottom else None
    if right:
        neighbour = plan.tile(tile.row, tile.column + 1).name
        nodes += _glue_strip(right, True, words("tiling.glue", page=neighbour), ticks["right"],
                             clear + ((_corners(bottom),) if bottom else ()))
    if bottom:
        neighbour = plan.tile(tile.row + 1, tile.column).name
        nodes += _glue_strip(bottom, False, words("tiling.glue", page=neighbour),
                             ticks["bottom"], clear + ((_corners(right),) if right else ()))
    return nodes


def _corners(box: Box) -> tuple[float, float, float, float]:
    return (box.x, box.y, box.right, box.bottom)


def art_text_boxes(nodes, symbols) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes (artwork mm) of an artwork's lines of text, in its symbols too."""
    found: list[tuple[float, float, float, float]] = []

    def visit(nodes, m) -> None:
        for node in nodes:
            if isinstance(node, Text):
                corners = _text_corners(node, m)
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                found.append((min(xs), min(ys), max(xs), max(ys)))
            elif isinstance(node, Group):
                visit(node.children, compose(m, node.transform))
            elif isinstance(node, Use) and node.symbol in symbols:
                visit(symbols[node.symbol], compose(m, node.transform))

    visit(nodes, IDENTITY)
    return tuple(found)


def _free_spot(gap: tuple[float, float], blocked: list[tuple[float, float]],
               length: float) -> float | None:
    """Where along a strip a label ``length`` long is centred in ``gap`` clear of ``blocked``:
    as near the gap's middle as it can be; None if it has no room there."""
    a, b = gap[0] + 2.0, gap[1] - 2.0
    edges = sorted([a, b] + [min(b, max(a, v)) for span in blocked for v in span])
    middle, best = (gap[0] + gap[1]) / 2, None
    for lo, hi in zip(edges, edges[1:]):
        if hi - lo < length or any(s < hi and lo < e for s, e in blocked):
            continue
        spot = min(max(middle, lo + length / 2), hi - length / 2)
        if best is None or abs(spot - middle) < abs(best - middle):
            best = spot
    return best


def _glue_strip(strip: Box, vertical: bool, text: str, ticks: tuple[float, ...],
                clear: tuple = ()) -> list[Node]:
    """A washed-out, hatched strip with a dashed seam line and its text between the ticks,
    clear of the boxes ``clear`` (the artwork's words under it, the crossing strip)."""
    seam = (Line(strip.x, strip.y, strip.x, strip.bottom, SEAM_LINE) if vertical
            else Line(strip.x, strip.y, strip.right, strip.y, SEAM_LINE))
    nodes: list[Node] = [Rect(*strip.as_tuple(), WASH), _hatch(strip), seam]
    size = min(2.6, (strip.w if vertical else strip.h) * 0.4)
    text_w = fonts.text_width(text, size, "bold")
    start, end = (strip.y, strip.bottom) if vertical else (strip.x, strip.right)
    stops = [start] + [t for t in ticks if start < t < end] + [end]
    gaps = list(zip(stops, stops[1:]))
    x0, y0, x1, y1 = _corners(strip)
    blocked = [(c[1] - 1.0, c[3] + 1.0) if vertical else (c[0] - 1.0, c[2] + 1.0)
               for c in clear if c[0] < x1 and x0 < c[2] and c[1] < y1 and y0 < c[3]]
    spots = [_free_spot(gap, blocked, text_w) for gap in gaps if gap[1] - gap[0] >= text_w + 4]
    room = [spot for spot in spots if spot is not None]
    if not room and not spots:  # a short strip still says which page goes on it, smaller
        a, b = max(gaps, key=lambda gap: gap[1] - gap[0])
        size = fonts.fit_size(text, b - a - 4, size, "bold")
        room = [(a + b) / 2] if size >= MIN_GLUE_TEXT_MM else []
    patch = False
    if spots and not room:  # words under every gap: across a tick, else on a white patch
        spot = _free_spot((start, end), blocked, text_w)
        patch = spot is None
        room = [spot if spot is not None else (lambda a, b: (a + b) / 2)(
            *max(gaps, key=lambda gap: gap[1] - gap[0]))]
    for middle in room:
        if patch:  # the artwork under it is covered by the next sheet: hidden now as well
            half, across = text_w / 2 + 1.0, size * 0.8
            nodes.append(Rect(strip.x + strip.w / 2 - across, middle - half, 2 * across,
                              2 * half, GLUE_PATCH, rx=0.8) if vertical else
                         Rect(middle - half, strip.y + strip.h / 2 - across, 2 * half,
                              2 * across, GLUE_PATCH, rx=0.8))
        if vertical:  # reads upwards; the letters stand left of the baseline
            nodes.append(Text(strip.x + strip.w / 2 + size * 0.35, middle, text, size, font="bold",
                              anchor="middle", fill="#333333", rotate=-90))
        else:
            nodes.append(Text(middle, strip.y + strip.h / 2 + size * 0.35, text, size, font="bold",
                              anchor="middle", fill="#333333"))
    return nodes


def _hatch(box: Box, step: float = 3.0) -> Group:
    """Diagonal lines across a box, clipped to it."""
    commands: list[tuple] = []
    k = 0.0
    while k <= box.w + box.h:
        commands += [("M", box.x + k, box.y), ("L", box.x + k - box.h, box.bottom)]
        k += step
    return Group((Path(tuple(commands), HATCH),), clip=box.as_tuple())


def _ticks(plan: TilePlan, tile: Tile) -> list[Node]:
    """Alignment ticks: half of each on this page, the other half on the neighbour."""
    commands: list[tuple] = []
    for side, positions in plan.ticks(tile).items():
        for p in positions:
            if side == "right":
                commands += [("M", tile.x1 - TICK_MM, p), ("L", tile.x1 + tile.glue_right, p)]
            elif side == "left":
                commands += [("M", tile.x0, p), ("L", tile.x0 + TICK_MM, p)]
            elif side == "bottom":
                commands += [("M", p, tile.y1 - TICK_MM), ("L", p, tile.y1 + tile.glue_bottom)]
            else:
                commands += [("M", p, tile.y0), ("L", p, tile.y0 + TICK_MM)]
    return [Path(tuple(commands), TICK)] if commands else []


STEP_SIZE = 3.4   # text size of the assembly steps
STEP_MM = 6.0     # from one step to the next
STEP_LINE_MM = 4.6  # from a step's line to its next, where a step wraps


def assembly_steps(plan: TilePlan, words: Words) -> tuple[str, ...]:
    """How to put the pages together, naming the first two pages of this grid."""
    first = plan.tile(0, 0).name
    second = plan.tile(0, 1).name if plan.columns > 1 else plan.tile(1, 0).name
    last = ("map.step_rows" if plan.rows > 1 and plan.columns > 1
            else "map.step_row" if plan.rows == 1 else "map.step_column")
    steps = (words("map.step_print"), words("map.step_cut"),
             words("map.step_start", first=first, next=second))
    return steps + (words(last),) if plan.pages > 2 else steps  # no "other pages" to name


def step_lines(steps: tuple[str, ...], width: float, lang: str | None) -> list[list[str]]:
    """Each step as lines that fit ``width``, tied as ``lang`` ties words; a wrapped step's
    later lines hang under its text."""
    lines = []
    for step in steps:
        number, _, text = step.partition(" ")
        indent = fonts.text_width(number + " ", STEP_SIZE)
        first, *rest = wrap(text, width - indent, STEP_SIZE, lang=lang)
        lines.append([f"{number} {first}"] + rest)
    return lines


def _steps_height(lines: list[list[str]]) -> float:
    return sum(STEP_MM + STEP_LINE_MM * (len(step) - 1) for step in lines)


def _map_box(area: Box, steps_h: float) -> Box:
    """Room for the map: below the heading, above the numbered steps."""
    return Box(area.x, area.y + 18, area.w, area.h - 18 - steps_h - 4)


def _map_scale(plan: TilePlan, area: Box, steps: tuple[str, ...], lang: str | None) -> float:
    picture = _map_box(area, _steps_height(step_lines(steps, area.w, lang)))
    return min(picture.w / plan.board_w, picture.h / plan.board_h)


def _label_place(owned: Box, w: float, h: float,
                 words: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """Where a page's name stands on the map (its centre, in board mm): the middle of the
    page, or where it covers the least of the board's words, the nearer the middle the
    better, so a title or a legend stays readable under it."""
    # Only the words near the page can be covered: the others add nothing to any place's sum.
    left, top = owned.x - w / 2, owned.y - h / 2
    right, bottom = owned.x + owned.w + w / 2, owned.y + owned.h + h / 2
    words = [b for b in words if b[2] > left and b[0] < right and b[3] > top and b[1] < bottom]

    def covered(x: float, y: float) -> float:
        x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
        return sum(max(0.0, min(x1, b[2]) - max(x0, b[0])) * max(0.0, min(y1, b[3]) - max(y0, b[1]))
                   for b in words)

    middle = (owned.x + owned.w / 2, owned.y + owned.h / 2)
    if covered(*middle) <= EPS or owned.w <= w or owned.h <= h:
        return middle
    steps = 8
    places = [(owned.x + w / 2 + (owned.w - w) * i / steps, owned.y + h / 2 + (owned.h - h) * j / steps)
              for i in range(steps + 1) for j in range(steps + 1)]
    return min(places, key=lambda p: (round(covered(*p), 3),
                                      math.hypot(p[0] - middle[0], p[1] - middle[1]), p))


def _assembly_page(plan: TilePlan, art_id: str, symbols: dict, title: str, kind: str,
                   options: PrintOptions) -> Scene:
    """A small picture of the whole board with the page grid and the steps to put it together.

    The page is turned whichever way shows the picture larger.
    """
    words = options.words
    steps = assembly_steps(plan, words)
    page_w, page_h = max((options.paper.size(landscape) for landscape in (False, True)),
                         key=lambda size: _map_scale(plan, art_box(*size, options.margin_mm), steps,
                                                     words.lang))
    area = art_box(page_w, page_h, options.margin_mm)
    lines = step_lines(steps, area.w, words.lang)
    heading = words("map.heading", title=title, kind=kind)
    summary = words("map.summary", pages=plan.pages, rows=plan.rows, columns=plan.columns,
                    size=size_text(plan.board_w, plan.board_h, words))
    nodes: list[Node] = [
        Text(area.x, area.y + 7, heading, fonts.fit_size(heading, area.w, 7.0, "bold"), font="bold"),
        Text(area.x, area.y + 13, summary, fonts.fit_size(summary, area.w, 3.5), fill=MUTED),
    ]
    picture = _map_box(area, _steps_height(lines))
    f = _map_scale(plan, area, steps, words.lang)
    ox = picture.x + (picture.w - plan.board_w * f) / 2
    oy = picture.y + (picture.h - plan.board_h * f) / 2
    to_map = compose(translate(ox, oy), scale(f))
    nodes.append(Group((Use(art_id),), to_map))
    grid: list[Node] = []
    for tile in plan.tiles():
        if tile.glue_right:
            grid.append(Rect(tile.x1, tile.y0, tile.glue_right, tile.drawn.h, MAP_GLUE))
        if tile.glue_bottom:
            grid.append(Rect(tile.x0, tile.y1, tile.drawn.w, tile.glue_bottom, MAP_GLUE))
    for tile in plan.tiles():
        owned = tile.owned
        grid.append(Rect(*owned.as_tuple(), Style(stroke=MAP_GRID.stroke, stroke_mm=MAP_GRID.stroke_mm / f)))
    nodes.append(Group(tuple(grid), to_map))
    size = min(12.0, 0.3 * min(min(t.owned.w, t.owned.h) for t in plan.tiles()) * f)
    words_on_board = artwork_boxes(Scene(plan.board_w, plan.board_h, symbols[art_id], symbols),
                                   movable=True)
    for tile in plan.tiles():
        w = fonts.text_width(tile.name, size, "bold") + size * 0.8
        x, y = _label_place(tile.owned, w / f, size * 1.5 / f, words_on_board)
        cx, cy = ox + x * f, oy + y * f
        nodes.append(Rect(cx - w / 2, cy - size * 0.75, w, size * 1.5, LABEL_GROUND, rx=size * 0.2))
        nodes.append(Text(cx, cy + size * 0.35, tile.name, size, font="bold", anchor="middle",
                          fill=MAP_GRID.stroke))
    y = oy + plan.board_h * f + 8
    for step in lines:
        indent = fonts.text_width(step[0].partition(" ")[0] + " ", STEP_SIZE)
        for index, line in enumerate(step):
            nodes.append(Text(area.x + (indent if index else 0.0), y, line, STEP_SIZE))
            y += STEP_LINE_MM
        y += STEP_MM - STEP_LINE_MM
    nodes += footer(footer_box(page_w, page_h, options.margin_mm), words("map.label"),
                    words("map.detail", title=title, kind=kind, rows=plan.rows,
                          columns=plan.columns), words)
    return Scene(page_w, page_h, tuple(nodes), symbols=symbols,
                 title=words("pdf.assembly_map", title=title))


def single_page(width: float, height: float, art_id: str, symbols: dict, title: str, kind: str,
                options: PrintOptions, cut_out: bool = True) -> Scene:
    """A board that fits the paper: centred, with corner marks where there is room and need."""
    plan = plan_tiles(width, height, (), (), options)
    area = art_box(plan.page_w, plan.page_h, options.margin_mm)
    x = area.x + (area.w - width) / 2
    y = area.y + (area.h - height) / 2
    nodes: list[Node] = [Group((Use(art_id),), translate(x, y))]
    room = min(x - options.margin_mm, y - options.margin_mm, area.bottom - y - height)
    if cut_out and room >= 3:
        nodes.append(crop_marks(Box(x, y, width, height), 1.0, min(5.0, room - 1.5)))
    words = options.words
    detail = words("tiling.cut_out" if cut_out else "tiling.as_printed")
    nodes += footer(footer_box(plan.page_w, plan.page_h, options.margin_mm),
                    words("footer.titled", title=title, kind=kind),
                    words("footer.sized", size=size_text(width, height, words), text=detail), words)
    return Scene(plan.page_w, plan.page_h, tuple(nodes), symbols=symbols, title=f"{title}: {kind}")
