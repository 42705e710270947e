"""Component sheets: pieces packed in rows, cut lines or corner marks, and their backs.

Every distinct face becomes a symbol, so 140 copies of a tile cost 140 short
references to one drawing. Backs are placed at the mirror image of their
front's position: across the page's vertical centre line for long-edge duplex,
or across the fold line when fronts and backs share a page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from boardgen import fonts
from boardgen.components.lines import CUT, CUT_HALO, FOLD, is_dark
from boardgen.errors import InputError
from boardgen.i18n import Words
from boardgen.imposition.marks import (FOOTER_GAP_MM, FOOTER_MM, footer, footer_box,
                                       ruler_symbols)
from boardgen.imposition.paper import Box, PrintOptions, number
from boardgen.imposition.shop import CROP_LENGTH, CROP_OFFSET, SLUG_MM, bleed_nodes
from boardgen.memo import IdentityMemo
from boardgen.product import ComponentSet
from boardgen.scene import (Circle, Group, Line, Node, Path, Polygon, Rect, Scene, Style, Text, Use,
                            compose, scale, translate)

GAP_MM = 6.0          # between pieces that are cut out one by one
MARK_OFFSET = 1.0     # corner marks start this far outside a block of loose pieces
MARK_LENGTH = 3.0
FOLD_GAP_MM = 3.0     # between the fold line and the pieces on either side
BACK_BLEED_MM = 2.0   # home backs run on past a block's outer edges: a duplex printer drifts
SPARE_HEADING_MM = 3.0  # text size of the word above the spares
SPARE_GAP_MM = 8.0    # room above the spares for their heading
EXTEND_MM = 4.0       # cut lines run this far past the pieces
CORNER = Style(stroke="#222222", stroke_mm=0.15)
EPS = 1e-6


@dataclass(frozen=True)
class Placement:
    """One copy of a component on a page: its trim rectangle and whether its back turns over."""

    component: int
    x: float
    y: float
    w: float
    h: float
    turned: bool = False  # back rotated half a turn (for a fold across a horizontal line)
    spare: bool = False   # an extra copy, in case a piece gets lost

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.w, self.h)


@dataclass(frozen=True)
class Row:
    """Copies of same-sized pieces side by side (the components they are copies of)."""

    components: tuple[int, ...]
    w: float
    h: float
    cut: str
    spare: bool = False

    @property
    def count(self) -> int:
        return len(self.components)


@dataclass(frozen=True)
class SheetPlan:
    """Where pieces go on each sheet, and how their backs are placed."""

    page_w: float
    page_h: float
    fronts: tuple[tuple[Placement, ...], ...]
    fold: str | None = None        # "vertical" | "horizontal" | None
    fold_at: float = 0.0


def symbol_prefix(name: str) -> str:
    """A component set's name made safe for symbol ids."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "set"


def face_ids(components: ComponentSet) -> dict[tuple[int, str], str]:
    """Symbol id of each face, (component index, "front"|"back") → id; equal faces share one."""
    prefix = symbol_prefix(components.name)
    ids: dict[tuple[int, str], str] = {}
    seen: dict[tuple, str] = {}
    for index, component in enumerate(components.components):
        for side, scene in (("front", component.front), ("back", component.back)):
            if scene is not None:
                ids[index, side] = seen.setdefault(scene.children, f"{prefix}-{index}-{side}")
    return ids


def face_symbols(components: ComponentSet, ids: dict[tuple[int, str], str],
                 words: Words | None = None) -> dict:
    """Each distinct face as a symbol, with the symbols the faces use, and the ruler."""
    symbols: dict = dict(ruler_symbols(words))
    for index, component in enumerate(components.components):
        for side, scene in (("front", component.front), ("back", component.back)):
            if scene is not None:
                symbols.update(scene.symbols)
                symbols[ids[index, side]] = scene.children
    return symbols


# ---- packing ----------------------------------------------------------------


def _spacing(cut: str, options: PrintOptions) -> float:
    if options.shop:
        return 2 * options.bleed_mm
    return 0.0 if cut == "shared" else GAP_MM


Copy = tuple[int, bool]  # (component index, spare)


def _copies(components: ComponentSet) -> list[Copy]:
    """Every copy to print, in order: each component as many times as it counts."""
    return [(index, False) for index, c in enumerate(components.components)
            for _ in range(c.count)]


def _spares(components: ComponentSet) -> list[Copy]:
    """One extra copy of each component printed at all, for a set that asks for spares."""
    if not components.spares:
        return []
    return [(index, True) for index, c in enumerate(components.components) if c.count > 0]


def _rows(components: ComponentSet, copies: Iterable[Copy], width: float,
          options: PrintOptions) -> Iterator[Row]:
    """Copies in order fill rows as wide as ``width`` allows; a row holds one size and cut,
    and spares a row of their own. Rows come one by one, so a page reads only its own."""
    row: Row | None = None
    for index, spare in copies:
        component = components.components[index]
        w, h, cut = component.front.width, component.front.height, component.cut
        gap = _spacing(cut, options)
        per_row = max(1, int((width + gap + EPS) // (w + gap)))
        if row and (row.w, row.h, row.cut, row.spare) == (w, h, cut, spare) \
                and row.count < per_row:
            row = Row(row.components + (index,), w, h, cut, spare)
            continue
        if row:
            yield row
        row = Row((index,), w, h, cut, spare)
    if row:
        yield row


def _row_gap(above: Row, below: Row, options: PrintOptions) -> float:
    """Space between rows; where a block of loose pieces ends, room for its marks too,
    and above the spares room for their heading."""
    if options.shop:
        gap = 2 * options.bleed_mm
    elif above.cut == below.cut == "shared" and above.spare == below.spare:
        gap = 0.0
    elif (above.w, above.h, above.cut) == (below.w, below.h, below.cut):
        gap = GAP_MM
    else:
        gap = max(GAP_MM, MARK_OFFSET + MARK_LENGTH + EXTEND_MM)
    if below.spare and not above.spare:
        gap = max(gap, MARK_OFFSET + MARK_LENGTH + SPARE_GAP_MM)
    return gap


def pack(components: ComponentSet, area: Box, options: PrintOptions,
         folded: bool = False) -> list[list[Placement]]:
    """Pages of placements: rows top to bottom, each page's block centred across ``area``.

    Room is kept round the block for the bleed (shop) or for corner marks (loose pieces).
    The copies are spread evenly over the fewest pages they need, so no last page holds
    a stray piece or two; spares come last, as many as fit without another page.
    """
    loose = any(c.cut != "shared" for c in components.components)
    pad = options.bleed_mm if options.shop else MARK_OFFSET + MARK_LENGTH if loose else 0.0
    inner = area.inset(pad)
    _check_fits(components, inner, options, folded)
    copies = _copies(components)
    greedy = _fill(components, copies, inner, options)
    spares = _spares(components)
    if spares and greedy:  # spares only join the last page: another page is not worth it
        copies += _fitting_spares(components, copies[len(copies) - greedy[-1][0]:], spares,
                                  inner, options)
    pages = _fill(components, copies, inner, options, len(greedy))
    if len(pages) > len(greedy):  # an even spread needs a page more: fill each page up instead
        pages = _fill(components, copies, inner, options)
    return [_place_rows(rows, inner, options) for _, rows in pages if rows]


MAX_SPARE_TRIES = 32  # spares tried one by one once they do not all fit: bounded work


def _fitting_spares(components: ComponentSet, last: list[Copy], spares: list[Copy], inner: Box,
                    options: PrintOptions) -> list[Copy]:
    """The spares that fit on the last page beside its ``last`` copies: all of them where
    they fit, else each in turn that still fits, so a large one left out does not keep the
    smaller ones after it off the page."""
    def fits(chosen: list[Copy]) -> bool:
        return _page(components, last + chosen, 0, inner, options)[0] == len(last) + len(chosen)

    if fits(spares):
        return spares
    kept: list[Copy] = []
    for spare in spares[:MAX_SPARE_TRIES]:
        if fits(kept + [spare]):
            kept.append(spare)
    return kept


def _fill(components: ComponentSet, copies: list[Copy], inner: Box, options: PrintOptions,
          spread_over: int | None = None) -> list[tuple[int, list[tuple[Row, float]]]]:
    """Pages as (copies taken, rows with their tops): each page takes as many copies as
    fit, or with ``spread_over`` pages, its even share of the copies still to place."""
    pages: list[tuple[int, list[tuple[Row, float]]]] = []
    start = 0
    while start < len(copies):
        end = len(copies)
        if spread_over is not None:
            end = start - (-(end - start) // max(1, spread_over - len(pages)))
        taken, rows = _page(components, copies, start, inner, options, end)
        pages.append((taken, rows))
        start += taken
    return pages


def _page(components: ComponentSet, copies: list[Copy], start: int, inner: Box,
          options: PrintOptions, end: int | None = None) -> tuple[int, list[tuple[Row, float]]]:
    """The rows of one page holding the longest run of ``copies[start:end]`` that fits
    (at least one row); rows are read only as far as the page reaches."""
    placed: list[tuple[Row, float]] = []
    taken = 0
    run = (copies[i] for i in range(start, len(copies) if end is None else end))
    for row in _rows(components, run, inner.w, options):
        top = _row_top(placed, row, options)
        if placed and top + row.h > inner.h + EPS:
            break
        placed.append((row, top))
        taken += row.count
    return taken, placed


def _row_top(placed: list[tuple[Row, float]], row: Row, options: PrintOptions) -> float:
    """Where a row starts below the rows already on its page; spares at the top leave
    room for their heading."""
    if not placed:
        return SPARE_GAP_MM if row.spare else 0.0
    above, top = placed[-1]
    return top + above.h + _row_gap(above, row, options)


def _place_rows(rows: list[tuple[Row, float]], inner: Box, options: PrintOptions) -> list[Placement]:
    widths = [row.count * row.w + (row.count - 1) * _spacing(row.cut, options) for row, _ in rows]
    left = inner.x + (inner.w - max(widths)) / 2
    placements = []
    for row, top in rows:
        step = row.w + _spacing(row.cut, options)
        placements += [Placement(component, left + i * step, inner.y + top, row.w, row.h,
                                 spare=row.spare)
                       for i, component in enumerate(row.components)]
    return placements


def _check_fits(components: ComponentSet, inner: Box, options: PrintOptions, folded: bool) -> None:
    for component in components.components:
        w, h = component.front.width, component.front.height
        if w > inner.w + EPS or h > inner.h + EPS:
            where = f"half of {options.paper.describe()}" if folded else options.paper.describe()
            raise InputError(
                f"component {component.name!r} is {w:g} × {h:g} mm, bigger than the "
                f"{inner.w:.0f} × {inner.h:.0f} mm it can use on {where} with "
                f"{options.margin_mm:g} mm margins; choose a larger --paper"
                + (" or --backs duplex" if folded else ""),
                source=components.name, key=component.name)
        if component.back is not None and (component.back.width, component.back.height) != (w, h):
            raise InputError(f"component {component.name!r} has a {component.back.width:g} × "
                             f"{component.back.height:g} mm back for a {w:g} × {h:g} mm front",
                             source=components.name, key=component.name)


def _usable(page_w: float, page_h: float, options: PrintOptions) -> Box:
    """Room for pieces: inside margins and above the footer; in shop mode also inside the marks."""
    margin = options.margin_mm
    box = Box(margin, margin, page_w - 2 * margin, page_h - 2 * margin - FOOTER_MM - FOOTER_GAP_MM)
    return box.inset(SLUG_MM) if options.shop else box


# Recent plans by component set object and the options a plan depends on: a build plans
# each set when it checks its pages, when it imposes them and when it counts the cuts.
_PLANS: IdentityMemo[SheetPlan] = IdentityMemo(64)


def plan_sheets(components: ComponentSet, options: PrintOptions) -> SheetPlan:
    """Fewest pages: portrait for duplex (long-edge flip), either orientation otherwise."""
    return _PLANS.recall((components,), lambda: _plan_sheets(components, options),
                         also=(options.paper, options.margin_mm, options.mode,
                               options.bleed_mm, options.backs))


def _plan_sheets(components: ComponentSet, options: PrintOptions) -> SheetPlan:
    """``plan_sheets`` without the memory."""
    duplex = duplex_backs(components, options)
    fold = options.backs == "fold" and _has_backs(components)
    plans: list[SheetPlan] = []
    problems: list[InputError] = []
    for landscape in (False,) if duplex else (False, True):
        page_w, page_h = options.paper.size(landscape)
        usable = _usable(page_w, page_h, options)
        ways = _fold_halves(usable) if fold else [(None, 0.0, usable)]
        for fold_way, fold_at, area in ways:
            try:
                pages = pack(components, area, options, folded=fold)
            except InputError as problem:
                problems.append(problem)
                continue
            if fold_way == "horizontal":
                pages = [[replace(p, turned=True) for p in page] for page in pages]
            plans.append(SheetPlan(page_w, page_h, tuple(map(tuple, pages)), fold_way, fold_at))
    if not plans:
        raise problems[0]
    return min(plans, key=lambda plan: len(plan.fronts))


def _fold_halves(usable: Box) -> list[tuple[str, float, Box]]:
    """The two ways to fold a sheet: (fold, where the fold line runs, the half for fronts)."""
    middle_x, middle_y = usable.x + usable.w / 2, usable.y + usable.h / 2
    return [
        ("vertical", middle_x, Box(usable.x, usable.y, usable.w / 2 - FOLD_GAP_MM, usable.h)),
        ("horizontal", middle_y, Box(usable.x, usable.y, usable.w, usable.h / 2 - FOLD_GAP_MM)),
    ]


def _has_backs(components: ComponentSet) -> bool:
    return any(c.back is not None for c in components.components)


def duplex_backs(components: ComponentSet, options: PrintOptions) -> bool:
    """Whether the set's sheets come as pairs of pages to print on both sides of one sheet."""
    return options.backs == "duplex" and _has_backs(components)


def back_placement(p: Placement, plan: SheetPlan) -> Placement:
    """Where the back of a piece goes so that it lands behind its front."""
    if plan.fold == "vertical":
        return replace(p, x=2 * plan.fold_at - p.x - p.w)
    if plan.fold == "horizontal":
        return replace(p, y=2 * plan.fold_at - p.y - p.h)
    return replace(p, x=plan.page_w - p.x - p.w)


# ---- drawing ----------------------------------------------------------------


def _face_at(p: Placement, side: str) -> tuple:
    """Where a face goes; a back turned half a turn for a fold across a horizontal line."""
    if side == "back" and p.turned:
        return compose(translate(p.x + p.w, p.y + p.h), scale(-1, -1))
    return translate(p.x, p.y)


def _face(components: ComponentSet, ids: dict, p: Placement, side: str,
          options: PrintOptions) -> Node:
    symbol = ids[p.component, side]
    if options.shop and components.components[p.component].cut == "shared":
        return Group(tuple(bleed_nodes(symbol, p.w, p.h, options.bleed_mm)), _face_at(p, side))
    return Use(symbol, _face_at(p, side))


OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def _back_bleed(ids: dict, p: Placement, sides: frozenset[str]) -> Group:
    """Mirror images of a back past its ``sides`` (page sides), to lie under the faces."""
    if p.turned:
        sides = frozenset(OPPOSITE[s] for s in sides)
    copies = bleed_nodes(ids[p.component, "back"], p.w, p.h, BACK_BLEED_MM, sides)[1:]
    return Group(tuple(copies), _face_at(p, "back"))


def ground(scene: Scene) -> str | None:
    """A face's ground colour: the fill of the first filled shape drawn, looked for in
    groups and symbols too (None for a face that draws no filled shape)."""
    def first_fill(nodes) -> str | None:
        for node in nodes:
            if isinstance(node, (Rect, Circle, Polygon, Path)) and node.style.fill:
                return node.style.fill
            inner = (node.children if isinstance(node, Group)
                     else scene.symbols.get(node.symbol, ()) if isinstance(node, Use) else ())
            found = first_fill(inner)
            if found:
                return found
        return None
    return first_fill(scene.children)


def _ground_field(back: Scene, p: Placement) -> Rect | None:
    """A square of the back's ground colour behind a loose piece, past its cut on every side.

    A round or shaped piece is cut along its own outline inside its rectangle; the
    field keeps the paper out of sight there when the back lands a little off.
    """
    colour = ground(back)
    if colour is None:
        return None
    b = BACK_BLEED_MM
    return Rect(p.x - b, p.y - b, p.w + 2 * b, p.h + 2 * b, Style(fill=colour))


def _open_sides(pieces: list[Placement]) -> list[frozenset[str]]:
    """For each piece, the sides no neighbour covers along their whole length."""
    edges: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for q in pieces:  # each piece as the neighbour seen from the other side of its edges
        edges.setdefault(("left", round(q.x + q.w, 6)), []).append((q.y, q.y + q.h))
        edges.setdefault(("right", round(q.x, 6)), []).append((q.y, q.y + q.h))
        edges.setdefault(("top", round(q.y + q.h, 6)), []).append((q.x, q.x + q.w))
        edges.setdefault(("bottom", round(q.y, 6)), []).append((q.x, q.x + q.w))
    covered = {key: _merge(spans) for key, spans in edges.items()}  # once a line, not a piece
    found = []
    for p in pieces:
        sides = set()
        for side, edge, start, end in (("left", p.x, p.y, p.y + p.h),
                                       ("right", p.x + p.w, p.y, p.y + p.h),
                                       ("top", p.y, p.x, p.x + p.w),
                                       ("bottom", p.y + p.h, p.x, p.x + p.w)):
            spans = covered.get((side, round(edge, 6)), [])
            if not any(a <= start + EPS and b >= end - EPS for a, b in spans):
                sides.add(side)
        found.append(frozenset(sides))
    return found


def _cut_lines(components: ComponentSet, placements: list[Placement]) -> list[Node]:
    """Shared cut lines along rows of edge-to-edge pieces; corner marks around the others."""
    shared = [p for p in placements if components.components[p.component].cut == "shared"]
    loose = [p for p in placements if components.components[p.component].cut != "shared"]
    nodes: list[Node] = []
    if shared:
        lines = tuple(_shared_lines(shared))
        if any(is_dark(ground(components.components[p.component].front)) for p in shared):
            nodes.append(Path(lines, CUT_HALO))  # pale either side, so it shows on dark pieces
        nodes.append(Path(lines, CUT))
    if loose:
        nodes.append(_corner_marks(loose))
    return nodes


def _corner_marks(pieces: list[Placement]) -> Path:
    """Marks outside each block of same-sized loose pieces, in line with every piece's edges.

    A ruler laid from mark to mark runs along the gaps, so the marks stay off the
    pieces and out of the gaps between them, where they would only clutter.
    """
    commands: list[tuple] = []
    a, b = MARK_OFFSET, MARK_OFFSET + MARK_LENGTH
    for block in _blocks(pieces):
        x0, y0 = min(p.x for p in block), min(p.y for p in block)
        x1, y1 = max(p.x + p.w for p in block), max(p.y + p.h for p in block)
        for x in sorted({round(v, 6) for p in block for v in (p.x, p.x + p.w)}):
            commands += [("M", x, y0 - a), ("L", x, y0 - b), ("M", x, y1 + a), ("L", x, y1 + b)]
        for y in sorted({round(v, 6) for p in block for v in (p.y, p.y + p.h)}):
            commands += [("M", x0 - a, y), ("L", x0 - b, y), ("M", x1 + a, y), ("L", x1 + b, y)]
    return Path(tuple(commands), CORNER)


def _blocks(pieces: list[Placement]) -> list[list[Placement]]:
    """Runs of same-sized pieces, in the order they were packed (rows of one block); the
    spares are a block of their own."""
    blocks: list[list[Placement]] = []
    for p in pieces:
        last = blocks[-1][-1] if blocks else None
        if last and (last.w, last.h, last.spare) == (p.w, p.h, p.spare):
            blocks[-1].append(p)
        else:
            blocks.append([p])
    return blocks


def _shared_lines(pieces: list[Placement]) -> list[tuple]:
    """Every edge of edge-to-edge pieces once, merged into long straight cuts."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for p in pieces:
        for y in (p.y, p.y + p.h):
            horizontal.setdefault(round(y, 6), []).append((p.x, p.x + p.w))
        for x in (p.x, p.x + p.w):
            vertical.setdefault(round(x, 6), []).append((p.y, p.y + p.h))
    top = {round(p.y, 6) for p in pieces}
    bottom = {round(p.y + p.h, 6) for p in pieces}
    commands: list[tuple] = []
    for y, spans in sorted(horizontal.items()):
        for a, b in _merge(spans):
            commands += [("M", a - EXTEND_MM, y), ("L", b + EXTEND_MM, y)]
    for x, spans in sorted(vertical.items()):
        for a, b in _merge(spans):
            a -= 0.0 if round(a, 6) in bottom else EXTEND_MM
            b += 0.0 if round(b, 6) in top else EXTEND_MM
            commands += [("M", x, a), ("L", x, b)]
    return commands


def _merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1] + EPS:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def _shop_marks(placements: list[Placement], bleed: float) -> list[Node]:
    """Crop marks outside the block of pieces, on every trim line of every piece."""
    x0 = min(p.x for p in placements) - bleed
    y0 = min(p.y for p in placements) - bleed
    x1 = max(p.x + p.w for p in placements) + bleed
    y1 = max(p.y + p.h for p in placements) + bleed
    a, b = CROP_OFFSET, CROP_OFFSET + CROP_LENGTH
    commands: list[tuple] = []
    for x in sorted({round(v, 6) for p in placements for v in (p.x, p.x + p.w)}):
        commands += [("M", x, y0 - a), ("L", x, y0 - b), ("M", x, y1 + a), ("L", x, y1 + b)]
    for y in sorted({round(v, 6) for p in placements for v in (p.y, p.y + p.h)}):
        commands += [("M", x0 - a, y), ("L", x0 - b, y), ("M", x1 + a, y), ("L", x1 + b, y)]
    return [Path(tuple(commands), CORNER)]


def _boxes(placements: list[Placement], bleed: float) -> dict:
    x0 = min(p.x for p in placements)
    y0 = min(p.y for p in placements)
    x1 = max(p.x + p.w for p in placements)
    y1 = max(p.y + p.h for p in placements)
    return {"trim_box": (x0, y0, x1 - x0, y1 - y0),
            "bleed_box": (x0 - bleed, y0 - bleed, x1 - x0 + 2 * bleed, y1 - y0 + 2 * bleed)}


def _fold_line(plan: SheetPlan, options: PrintOptions) -> list[Node]:
    """The dashed fold line, named near its start (the word sits in the gap beside the line)."""
    usable = _usable(plan.page_w, plan.page_h, options)
    word = options.words("sheets.fold")
    size = fonts.fit_size(word, 20.0, 2.4)
    middle = max(12.0, fonts.text_width(word, size) / 2 + 2.0)
    if plan.fold == "vertical":
        x = plan.fold_at
        return [Line(x, usable.y, x, usable.bottom, FOLD),
                Text(x - 1.0, usable.y + middle, word, size, fill="#444444", anchor="middle",
                     rotate=-90)]
    y = plan.fold_at
    return [Line(usable.x, y, usable.right, y, FOLD),
            Text(usable.x + middle, y - 1.0, word, size, fill="#444444", anchor="middle")]


def _how_to_cut(components: ComponentSet, options: PrintOptions) -> str:
    words = options.words
    if options.shop:
        return words("sheets.cut_shop", bleed=number(options.bleed_mm, words))
    cuts = {c.cut for c in components.components}
    how = words("sheets.cut_shared" if cuts == {"shared"} else
                "sheets.cut_gap" if cuts == {"gap"} else "sheets.cut_mixed")
    if any(_folds(c.front) for c in components.components):  # fold pieces say so
        how = words("sheets.fold_pieces", cut=how)
    return how


def _folds(scene: Scene) -> bool:
    """Whether a piece's artwork has a dashed straight line: a line it folds along."""
    return any(isinstance(node, Line) and node.style.dash for node in scene.children)


def impose_components(components: ComponentSet, options: PrintOptions) -> tuple[Scene, ...]:
    """Sheets of fronts (with backs after each sheet, beside them, or not at all)."""
    if all(c.count <= 0 for c in components.components):
        return ()
    sheets = _Sheets(components, options)
    pages: list[Scene] = []
    for sheet_number, fronts in enumerate(sheets.plan.fronts, start=1):
        pages.append(sheets.front_page(sheet_number, list(fronts)))
        if sheets.backs and not sheets.plan.fold:
            pages.append(sheets.back_page(sheet_number, list(fronts)))
    return tuple(pages)


class _Sheets:
    """The pages of one component set: its plan, face symbols and what the footers say."""

    def __init__(self, components: ComponentSet, options: PrintOptions):
        self.components, self.options = components, options
        self.plan = plan_sheets(components, options)
        self.ids = face_ids(components)
        self.words = options.words
        self.symbols = face_symbols(components, self.ids, self.words)
        self.backs = options.backs != "none" and _has_backs(components)
        self.how = _how_to_cut(components, options)

    def label(self, number: int, key: str = "sheets.label") -> str:
        """"Tokens — sheet 1 of 2" (or with ``sheets.backs_label``: "…, backs")."""
        return self.words(key, set=self.components.title, sheet=number,
                          sheets=len(self.plan.fronts))

    def with_backs(self, fronts: list[Placement]) -> list[Placement]:
        return [p for p in fronts if self.components.components[p.component].back is not None]

    def faces(self, placements: list[Placement], side: str) -> list[Node]:
        """The faces; home backs of edge-to-edge pieces get bleed past the block's edges."""
        if side == "front" or self.options.shop:
            return [_face(self.components, self.ids, p, side, self.options) for p in placements]
        pieces = self.components.components
        shared = [p for p in placements if pieces[p.component].cut == "shared"]
        under: list[Node] = [_back_bleed(self.ids, p, sides)
                             for p, sides in zip(shared, _open_sides(shared)) if sides]
        fields = (_ground_field(pieces[p.component].back, p)
                  for p in placements if pieces[p.component].cut != "shared")
        under += [field for field in fields if field is not None]
        return under + [_face(self.components, self.ids, p, side, self.options) for p in placements]

    def front_page(self, number: int, fronts: list[Placement]) -> Scene:
        nodes = self.faces(fronts, "front")
        placed = list(fronts)
        if self.backs and self.plan.fold:
            backs = [back_placement(p, self.plan) for p in self.with_backs(fronts)]
            nodes += self.faces(backs, "back") + _fold_line(self.plan, self.options)
            placed += backs
            detail = self.words("sheets.fold_detail", cut=self.how)
        elif self.backs:
            detail = self.words("sheets.duplex_detail", cut=self.how)
        else:
            detail = self.how
        if self.options.shop:
            nodes += _shop_marks(placed, self.options.bleed_mm)
        else:
            nodes += _cut_lines(self.components, fronts)
        nodes += self.spares_heading(fronts)
        return self.page(nodes, self.label(number), detail, placed)

    def spares_heading(self, fronts: list[Placement]) -> list[Node]:
        """The word over the spares, above their marks, so nobody counts them into the game."""
        spares = [p for p in fronts if p.spare]
        if not spares:
            return []
        usable = _usable(self.plan.page_w, self.plan.page_h, self.options)
        x, top = min(p.x for p in spares), min(p.y for p in spares)
        kinds = sum(1 for c in self.components.components if c.count > 0)
        word = (self.words("sheets.spares") if len(spares) >= kinds else
                self.words("sheets.spares_some", count=len(spares), kinds=kinds))
        size = fonts.fit_size(word, usable.right - x, SPARE_HEADING_MM, "bold")
        baseline = top - MARK_OFFSET - MARK_LENGTH - 1.5
        return [Text(x, baseline, word, size, font="bold", fill="#444444")]

    def back_page(self, number: int, fronts: list[Placement]) -> Scene:
        backs = [back_placement(p, self.plan) for p in self.with_backs(fronts)]
        nodes = self.faces(backs, "back")
        if self.options.shop:
            nodes += _shop_marks(backs, self.options.bleed_mm)
        return self.page(nodes, self.label(number, "sheets.backs_label"),
                         self.words("sheets.backs_detail"), backs)

    def page(self, nodes: list[Node], label: str, detail: str, placed: list[Placement]) -> Scene:
        plan, options = self.plan, self.options
        nodes = nodes + footer(footer_box(plan.page_w, plan.page_h, options.margin_mm), label, detail,
                               self.words)
        boxes = _boxes(placed, options.bleed_mm) if options.shop and placed else {}
        return Scene(plan.page_w, plan.page_h, tuple(nodes), symbols=self.symbols, title=label,
                     **boxes)
