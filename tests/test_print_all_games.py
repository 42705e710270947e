"""Print output of every shipped layout, read back from the imposed pages and the PDFs."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pypdf
import pytest

from boardgen import fonts, imposition
from boardgen.build import compose_target
from boardgen.render import renderer
from boardgen.scene import (IDENTITY, Document, Group, Text, Use, apply, bounds, compose, rotate)

GAMES = ("racing_kings", "river_race", "steeple_chess", "six_day_race", "six_day_race_advanced")


@lru_cache(maxsize=None)
def game(name: str):
    """(layout, game output) of a shipped layout, composed once per test run."""
    return compose_target(name)


def pdf_of(pages) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(renderer("pdf")(Document(tuple(pages)))))


def forms(resources, seen=None):
    """Every form XObject reachable from a resource dictionary, each once."""
    seen = {} if seen is None else seen
    for ref in (resources.get("/XObject") or {}).values():
        form = ref.get_object()
        if id(form) not in seen and form.get("/Subtype") == "/Form":
            seen[id(form)] = form
            forms(form.get("/Resources") or {}, seen)
    return list(seen.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_graphics_state_a_form_uses_is_declared_in_it(name):
    layout, output = game(name)
    reader = pdf_of(imposition.impose_board(output.board, imposition.PrintOptions())[:1])
    for form in forms(reader.pages[0]["/Resources"]):
        used = set(re.findall(rb"/(\S+) gs", form.get_data()))
        declared = {key.lstrip("/").encode() for key in form["/Resources"].get("/ExtGState", {})}
        assert used <= declared


# ---- tiled boards ------------------------------------------------------------------------

PAPERS = ("a4", "a3", "letter", "legal")


def options(paper: str = "a4", **kwargs) -> imposition.PrintOptions:
    return imposition.PrintOptions(paper=imposition.parse_paper(paper), **kwargs)


def tile_regions(pages) -> list[tuple[float, float, float, float]]:
    """The board region (x, y, w, h) each tiled page prints: the clip of its artwork."""
    regions = []
    for page in pages:
        for node in page.children:
            if isinstance(node, Group) and node.clip and isinstance(node.children[0], Use):
                regions.append(node.clip)
    return regions


def cut_lines(pages) -> tuple[set[float], set[float]]:
    """Where the pages of a tiled board meet: each page's artwork starts at a cut."""
    regions = tile_regions(pages)
    return ({round(x, 6) for x, _, _, _ in regions if x > 0},
            {round(y, 6) for _, y, _, _ in regions if y > 0})


def text_box(node: Text, m) -> tuple[float, float, float, float]:
    """The box a line of text covers, through the transform it is drawn under."""
    width = fonts.text_width(node.text, node.size, node.font)
    left = node.x - {"start": 0.0, "middle": width / 2, "end": width}[node.anchor]
    if node.rotate:
        m = compose(m, rotate(node.rotate, node.x, node.y))
    corners = [apply(m, (x, node.y + dy)) for x in (left, left + width)
               for dy in (-0.8 * node.size, 0.25 * node.size)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def pictures(nodes, symbols, m=IDENTITY, found=None) -> list[tuple[str, tuple]]:
    """Every line of text and every symbol drawn (a piece picture), with the box it covers."""
    found = [] if found is None else found
    for node in nodes:
        if isinstance(node, Text):
            found.append((node.text, text_box(node, m)))
        elif isinstance(node, Group):
            pictures(node.children, symbols, compose(m, node.transform), found)
        elif isinstance(node, Use):
            inner = compose(m, node.transform)
            box = bounds(symbols[node.symbol])
            if box:
                corners = [apply(inner, (x, y)) for x in (box[0], box[2]) for y in (box[1], box[3])]
                found.append((node.symbol, (min(p[0] for p in corners), min(p[1] for p in corners),
                                            max(p[0] for p in corners), max(p[1] for p in corners))))
            pictures(symbols[node.symbol], symbols, inner, found)
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", GAMES)
def test_tiled_pages_are_cut_on_seams_and_never_through_text_or_a_picture(name, paper):
    board = game(name)[1].board
    pages = imposition.impose_board(board, options(paper))
    cuts_x, cuts_y = cut_lines(pages)
    assert cuts_x <= {round(s, 6) for s in board.seams_x}
    assert cuts_y <= {round(s, 6) for s in board.seams_y}
    crossed = [(what, axis, cut)
               for what, (x0, y0, x1, y1) in pictures(board.scene.children, board.scene.symbols)
               for axis, cuts, lo, hi in (("x", cuts_x, x0, x1), ("y", cuts_y, y0, y1))
               for cut in cuts if lo + 0.05 < cut < hi - 0.05]
    assert crossed == []


@pytest.mark.parametrize("name", GAMES)
def test_a3_puts_a_big_board_on_fewer_pages_than_a4(name):
    board = game(name)[1].board
    counts = {paper: len(pdf_of(imposition.impose_board(board, options(paper))).pages)
              for paper in ("a4", "a3")}
    assert counts["a4"] > 1 and counts["a3"] < counts["a4"]


def page_texts(page) -> str:
    """The page's own lines of text (footer, labels, headings), not those of its artwork."""
    return "\n".join(node.text for node, _ in walk(page.children) if isinstance(node, Text))


def walk(nodes, m=IDENTITY):
    for node in nodes:
        if isinstance(node, Group):
            yield from walk(node.children, compose(m, node.transform))
        else:
            yield node, m


@pytest.mark.parametrize("name", GAMES)
def test_every_tiled_page_is_labelled_and_the_set_ends_with_the_assembly_map(name):
    layout, output = game(name)
    texts = [page_texts(page) for page in imposition.impose_board(output.board, options("a4"))]
    grid = re.search(r"of (\d+)×(\d+)", texts[0])
    rows, columns = int(grid[1]), int(grid[2])
    assert len(texts) == rows * columns + 1
    for index, text in enumerate(texts[:-1]):
        row, column = divmod(index, columns)
        assert f"row {row + 1}, column {column + 1} of {rows}×{columns}" in text
        assert "goes on top" in text or (row == rows - 1 and column == columns - 1)
    assert f"Assembly map: {layout.title} board" in texts[-1]
    assert f"{rows * columns} pages in {rows} rows × {columns} columns" in texts[-1]
