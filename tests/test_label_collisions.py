"""Labels never collide: on every printed page of every kit, in every language, no two words
overlap, no word stands on hatching that is not its own (a glue strip's words, drawn right
after it, stand on their strip by design), no hatching of a picture is drawn over its words,
and nothing of a picture is drawn over a word after it (a finish bar over "Start").

Pages are read as scenes, in mm, before rendering: each word's box from its font's advance
widths (as the limits measure text), from the cap height above its baseline to the
descenders below, turned and placed as the page draws it and cut by the clips it stands in.
The kit is composed once per game and language; its board, component and sheet pages are
imposed on A4 as a home printer gets them, and the rule sheet's pages with their figures. A
picture shown small (the assembly map's board, under the sheets' big names) is a picture to
the page's own words, which may stand on it; its words are still checked against each other.
A picture's words under the glue strip of its page are covered by the neighbouring sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pytest

from boardgen import fonts, imposition
from boardgen.contract import compose
from boardgen.i18n import LANGUAGES, words_for
from boardgen.imposition import PrintOptions
from boardgen.layout import load_layout, shipped_games
from boardgen.rules import rule_book
from boardgen.scene import (IDENTITY, Circle, Group, Line, Matrix, Path, Polygon, Rect, Scene,
                            Text, Use, apply, compose as times)

CAP = 0.69           # Fira Sans: capitals' height, of the font size
DESCENT = 0.2        # and how far the descenders reach below the baseline
TOLERANCE_MM = 0.15  # boxes may touch by this much (the glyphs' side bearings)
MINIATURE = 0.9      # a picture drawn at a smaller scale is shown small

Quad = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Word:
    """A line of text on a page: its words, its outline (four corners, in page mm), where it
    was drawn (its place in drawing order) and the list of nodes it stands in."""

    text: str
    quad: Quad
    order: int
    owner: int
    body: Quad  # from the baseline up: an underline (the 6 that is not a 9) is no cover
    strip: "Area | None" = None  # the hatching it is the label of (drawn right after it)
    small: bool = False  # in a picture shown small


@dataclass(frozen=True)
class Area:
    """Hatching, or a shape drawn over what came before it, as a box in page mm."""

    box: tuple[float, float, float, float]
    order: int
    owner: int
    outline: Quad | None = None  # a fill's own outline, where it is convex
    small: bool = False


@dataclass
class Page:
    words: list[Word]
    hatches: list[Area]
    fills: list[Area]


def text_quad(node: Text, m: Matrix, descent: float = DESCENT) -> Quad:
    width = fonts.text_width(node.text, node.size, node.font)
    left = {"start": 0.0, "middle": -width / 2, "end": -width}[node.anchor]
    t = TOLERANCE_MM
    corners = [(left + t, -CAP * node.size + t), (left + width - t, -CAP * node.size + t),
               (left + width - t, descent * node.size - t), (left + t, descent * node.size - t)]
    turn = math.radians(node.rotate)
    c, s = math.cos(turn), math.sin(turn)
    return tuple(apply(m, (node.x + x * c - y * s, node.y + x * s + y * c)) for x, y in corners)


def box_of(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def cut(quad: Quad, clip) -> Quad | None:
    """``quad`` within the clip box (if it stands square to the page), or None if outside."""
    if clip is None:
        return quad
    x0, y0, x1, y1 = box_of(quad)
    cx0, cy0, cx1, cy1 = clip
    if x1 <= cx0 or x0 >= cx1 or y1 <= cy0 or y0 >= cy1:
        return None
    square = all(abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6
                 for a, b in zip(quad, quad[1:] + quad[:1]))
    if not square:
        return quad
    x0, y0, x1, y1 = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def shape_box(node, m: Matrix):
    if isinstance(node, Rect):
        points = [(node.x, node.y), (node.x + node.w, node.y + node.h)]
    elif isinstance(node, Circle):
        points = [(node.cx - node.r, node.cy - node.r), (node.cx + node.r, node.cy + node.r)]
    elif isinstance(node, Polygon):
        points = list(node.points)
    elif isinstance(node, Path):
        points = [cmd[-2:] for cmd in node.commands if cmd[0] != "Z"]
    else:
        points = [(node.x1, node.y1), (node.x2, node.y2)]
    if not points:
        return None
    x0, y0, x1, y1 = box_of(points)
    return box_of([apply(m, (x, y)) for x in (x0, x1) for y in (y0, y1)])


def fill_outline(node, m: Matrix) -> Quad | None:
    """A filled shape's outline on the page, if convex (a rectangle, a disc's box, a finish
    bar's cell): the test of what covers a word; a concave shape (an arrow) is left out."""
    if isinstance(node, Polygon):
        points = tuple(apply(m, p) for p in node.points)
        return points if len(points) >= 3 and convex(points) else None
    return as_quad(shape_box(node, m))


def convex(points) -> bool:
    turns = set()
    for a, b, c in zip(points, points[1:] + points[:1], points[2:] + points[:2]):
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if abs(cross) > 1e-9:
            turns.add(cross > 0)
    return len(turns) == 1


def is_hatch(group: Group) -> bool:
    """Hatching: a group of nothing but strokes (a glue strip's, a pattern's)."""
    return len(group.children) > 0 and all(
        isinstance(n, (Line, Path)) and not n.style.fill for n in group.children) and (
        group.clip is not None or group.saver is not None)


def read_page(scene: Scene) -> Page:
    page = Page([], [], [])
    counter = [0]

    def clip_box(group: Group, m: Matrix, clip):
        if group.clip is None:
            return clip
        x, y, w, h = group.clip
        box = box_of([apply(m, (x + a, y + b)) for a in (0, w) for b in (0, h)])
        if clip is None:
            return box
        return (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]),
                min(box[3], clip[3]))

    def walk(nodes, m: Matrix, clip, owner: int) -> None:
        strip = None  # the hatch these nodes label: its seam lines, words and their
        for node in nodes:  # grounds follow it
            counter[0] += 1
            if not isinstance(node, (Line, Text, Rect)):
                strip = None
            if isinstance(node, Group):
                inner = times(m, node.transform)
                inner_clip = clip_box(node, inner, clip)
                if is_hatch(node):
                    box = box_of([p for n in node.children
                                  for p in _corners(shape_box(n, inner))])
                    box = within(box, inner_clip)
                    if box is not None:
                        strip = Area(box, counter[0], owner,
                                     small=scale_of(inner) < MINIATURE)
                        page.hatches.append(strip)
                    continue
                walk(node.children, inner, inner_clip, owner)
            elif isinstance(node, Use):
                walk(scene.symbols[node.symbol], times(m, node.transform), clip,
                     id(scene.symbols[node.symbol]))
            elif isinstance(node, Text):
                if node.text.strip():
                    quad = cut(text_quad(node, m), clip)
                    if quad is not None:
                        body = cut(text_quad(node, m, 0.0), clip) or quad
                        page.words.append(Word(node.text, quad, counter[0], owner, body,
                                               strip, scale_of(m) < MINIATURE))
            elif isinstance(node, (Rect, Circle, Polygon)) and node.style.fill and \
                    node.style.opacity >= 1.0:
                box = within(shape_box(node, m), clip)
                outline = fill_outline(node, m)
                if box is not None and outline is not None:
                    page.fills.append(Area(box, counter[0], owner, outline))

    walk(scene.children, IDENTITY, None, id(scene.children))
    return page


def within(box, clip):
    """``box`` cut to ``clip``, or None where nothing of it is left."""
    if clip is None:
        return box
    x0, y0 = max(box[0], clip[0]), max(box[1], clip[1])
    x1, y1 = min(box[2], clip[2]), min(box[3], clip[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def scale_of(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _corners(box):
    return [] if box is None else [(box[0], box[1]), (box[2], box[3])]


def overlap(a: Quad, b: Quad) -> bool:
    """Whether two convex polygons overlap (separating axes)."""
    for quad in (a, b):
        for p, q in zip(quad, quad[1:] + quad[:1]):
            axis = (q[1] - p[1], p[0] - q[0])
            pa = [axis[0] * x + axis[1] * y for x, y in a]
            pb = [axis[0] * x + axis[1] * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return False
    return True


def as_quad(box) -> Quad:
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def collisions(scene: Scene) -> list[str]:
    page = read_page(scene)
    found = []
    words = sorted(page.words, key=lambda w: box_of(w.quad)[0])
    for i, one in enumerate(words):
        right = box_of(one.quad)[2]
        for other in words[i + 1:]:
            if box_of(other.quad)[0] >= right:
                break
            if (one.small or other.small) and one.owner != other.owner:
                continue  # a page's words on a picture shown small
            if overlap(one.quad, other.quad) and not patched(page, one, other):
                found.append(f"{one.text!r} and {other.text!r}")
    for word in page.words:
        for hatch in page.hatches:
            if hatch == word.strip or covered_by_strip(word, hatch) or (
                    hatch.small and hatch.owner != word.owner) or grounded(page, word, hatch):
                continue
            on_it = word.order > hatch.order
            under_its_own = word.order < hatch.order and word.owner == hatch.owner
            if (on_it or under_its_own) and overlap(word.quad, as_quad(hatch.box)):
                found.append(f"{word.text!r} on hatching at {tuple(round(v) for v in hatch.box)}")
        for fill in page.fills:
            if fill.order > word.order and fill.owner == word.owner and \
                    overlap(word.body, fill.outline):
                found.append(f"{word.text!r} under a fill at "
                             f"{tuple(round(v) for v in fill.box)}")
    return list(dict.fromkeys(found))


def patched(page: Page, one: Word, other: Word) -> bool:
    """Whether the earlier of two words is hidden where they meet, under an opaque patch
    drawn after it and before the later one (a glue label's white ground)."""
    first, last = sorted((one, other), key=lambda w: w.order)
    common = within(box_of(first.quad), box_of(last.quad))
    return common is not None and any(
        first.order < fill.order < last.order and fill.owner != first.owner
        and within(common, fill.box) == common for fill in page.fills)


def grounded(page: Page, word: Word, hatch: Area) -> bool:
    """Whether a word drawn after ``hatch`` stands on a ground of its own that covers the
    hatching (a piece's number on the piece)."""
    box = box_of(word.quad)
    return word.order > hatch.order and any(
        hatch.order < fill.order < word.order and within(box, fill.box) == box
        for fill in page.fills)


def covered_by_strip(word: Word, hatch: Area) -> bool:
    """Whether the part of ``hatch`` under a strip's label lies in that strip: a picture's
    hatching under a glue strip is washed out by it and covered by the next sheet."""
    if word.strip is None or hatch.order > word.strip.order:
        return False
    x0, y0, x1, y1 = box_of(word.quad)
    common = within(hatch.box, (x0, y0, x1, y1))
    return common is not None and within(common, word.strip.box) == common


def kit_pages(game: str, lang: str) -> list[tuple[str, Scene]]:
    """The board, component and sheet pages of a kit as a home printer gets them."""
    layout = load_layout(game)
    output = compose(layout, lang)
    options = PrintOptions(words=words_for(layout, lang))
    pages = [("board", p) for p in imposition.impose_board(output.board, options)]
    for component_set in output.component_sets:
        pages += [(component_set.name, p)
                  for p in imposition.impose_components(component_set, options)]
    for sheet in output.sheets:
        pages += [(sheet.name, p) for p in imposition.impose_sheet(sheet, options)]
    book = rule_book(layout, lang)
    if book is not None:
        pages += [("rules", p) for p in book.sheet(imposition.A4)]
    return pages


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", shipped_games())
def test_no_label_collides_on_any_page_of_the_kit(game, lang):
    problems = []
    for number, (name, scene) in enumerate(kit_pages(game, lang), 1):
        problems += [f"{name} (page {number}): {p}" for p in collisions(scene)]
    assert not problems, f"{len(problems)} collisions:\n" + "\n".join(problems[:40])


def test_the_check_finds_words_that_overlap_or_stand_on_hatching():
    from boardgen.scene import Style

    hatch = Group((Line(0, 0, 10, 10, Style(stroke="#000000", stroke_mm=0.2)),),
                  clip=(0, 0, 20, 10))
    apart = Scene(100, 100, (Text(10, 30, "Start", 4), Text(10, 40, "Finish", 4)))
    assert collisions(apart) == []
    assert collisions(Scene(100, 100, (Text(10, 30, "Start", 4), Text(12, 31, "Finish", 4))))
    assert collisions(Scene(100, 100, (hatch,))) == []
    on_strip = Scene(100, 100, (Group((hatch, Text(2, 6, "glue", 3))),))
    assert collisions(on_strip) == []  # a strip's own words
    art = {"art": (Text(2, 6, "77", 3),)}
    assert collisions(Scene(100, 100, (Use("art"), hatch), symbols=art)) == []  # covered later
    labelled = Scene(100, 100, (Use("art"), Group((hatch, Text(1, 7, "glue here", 3)))),
                     symbols=art)
    assert collisions(labelled)  # a glue strip's words over the board's
    patch = Rect(0, 2, 20, 6, Style(fill="#ffffff"))
    assert collisions(replace(labelled, children=(Use("art"), Group((hatch, patch, Text(
        1, 7, "glue here", 3)))))) == []  # on a white ground of their own
    beside = Scene(100, 100, (hatch, Text(30, 6, "Start", 3)))
    assert collisions(beside) == []
    assert collisions(Scene(100, 100, (hatch, Circle(50, 50, 2, Style(fill="#fff")),
                                       Text(2, 6, "Start", 3))))  # another label on a strip
    covered = Scene(100, 100, (Text(10, 30, "Start", 4), Rect(9, 26, 5, 5, Style(fill="#000"))))
    assert collisions(covered)
    turned = Scene(100, 100, (Text(50, 50, "Sprint", 4, rotate=90), Text(49, 60, "1", 4)))
    assert collisions(turned)
