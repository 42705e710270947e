"""Print output of every shipped layout, read back from the imposed pages and the PDFs."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pypdf
import pytest
from pypdf.generic import ContentStream

from boardgen import fonts, imposition
from boardgen.build import BuildOptions, compose_target, product_files
from boardgen.components.lines import CUT
from boardgen.imposition.sheets import CORNER, GAP_MM, face_ids, plan_sheets
from boardgen.render import renderer
from boardgen.scene import (IDENTITY, Document, Group, Path, Text, Use, apply, bounds, compose,
                            rotate)
from tests.conftest import PT_PER_MM
from tests.test_imposition_pdf import IDENTITY as IDENTITY_PDF
from tests.test_imposition_pdf import multiply

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
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                found.append((node.symbol, (min(xs), min(ys), max(xs), max(ys))))
            pictures(symbols[node.symbol], symbols, inner, found)
    return found


def crossed(board, cuts_x, cuts_y) -> list:
    """The lines of text and pictures on the board that a cut runs through."""
    return [(what, axis, cut)
            for what, (x0, y0, x1, y1) in pictures(board.scene.children, board.scene.symbols)
            for axis, cuts, lo, hi in (("x", cuts_x, x0, x1), ("y", cuts_y, y0, y1))
            for cut in cuts if lo + 0.05 < cut < hi - 0.05]


# Boards whose fewest pages cut words or kept regions no block can move from (the velodrome's
# infield rows are full): pages first, as the tiling's order says; the pages they take.
CUT_TO_SAVE_PAGES = {("six_day_race", "a4"): 6, ("six_day_race_advanced", "a4"): 6,
                     ("six_day_race", "a3"): 3, ("six_day_race_advanced", "a3"): 3,
                     ("steeple_chess", "140x200mm"): 12}


def movable_texts(scene) -> set[str]:
    """The lines of text in the blocks a board lets move out of a seam's way."""
    return {node.text for block in scene.children if isinstance(block, Group) and block.shifts
            for node, _ in walk(block.children) if isinstance(node, Text)}


def moved_board(board, paper):
    """The board as its pages show it: titles and legends moved out of the cuts' way."""
    kept = imposition.keep_out_spans(board.keep_out)
    plan, scene = imposition.plan_board(board.scene, board.seams_x, board.seams_y,
                                        options(paper), kept)
    return plan, type(board)(scene, board.seams_x, board.seams_y, board.keep_out)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", GAMES)
def test_tiled_pages_are_cut_on_seams_and_never_through_text_a_picture_or_a_kept_region(
        name, paper):
    board = game(name)[1].board
    cuts_x, cuts_y = cut_lines(imposition.impose_board(board, options(paper)))
    plan, moved = moved_board(board, paper)
    if (name, paper) in CUT_TO_SAVE_PAGES:  # the words cut are none of a title's or legend's
        assert plan.pages == CUT_TO_SAVE_PAGES[name, paper]
        cut = {what for what, _, _ in crossed(moved, cuts_x, cuts_y)}
        assert cut and not cut & movable_texts(moved.scene)
        return
    board = moved
    kept = imposition.keep_out_spans(board.keep_out)
    for cuts, seams, spans in ((cuts_x, board.seams_x, kept[0]), (cuts_y, board.seams_y, kept[1])):
        assert not [c for c in cuts for a, b in spans if a + 0.05 < c < b - 0.05]
        off_seam = cuts - {round(s, 6) for s in seams}
        if off_seam:  # only where every tiling on seams cuts a region the board keeps whole
            assert all(c == round(c) for c in off_seam)
            free = imposition.plan_tiles(board.scene.width, board.scene.height, board.seams_x,
                                         board.seams_y, options(paper))
            on_seams = set(free.cuts_x[1:-1] if cuts is cuts_x else free.cuts_y[1:-1])
            assert [c for c in on_seams for a, b in spans if a + 0.05 < c < b - 0.05]
    assert crossed(board, cuts_x, cuts_y) == []


@pytest.mark.parametrize("name", GAMES)
def test_on_paper_too_small_for_the_seams_cuts_still_miss_text_and_pictures(name):
    board = game(name)[1].board
    cuts_x, cuts_y = cut_lines(imposition.impose_board(board, options("140x200mm")))
    assert cuts_x or cuts_y
    plan, moved = moved_board(board, "140x200mm")
    if (name, "140x200mm") in CUT_TO_SAVE_PAGES:
        assert plan.pages == CUT_TO_SAVE_PAGES[name, "140x200mm"]
        cut = {what for what, _, _ in crossed(moved, cuts_x, cuts_y)}
        assert cut and not cut & movable_texts(moved.scene)
        return
    assert crossed(moved, cuts_x, cuts_y) == []


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
    assert f"{rows * columns} pages, {rows} down × {columns} across" in texts[-1]
    second = "A2" if columns > 1 else "B1"  # the steps name the pages this grid starts with
    assert f"Start with A1. Lay {second} over A1's glue strip" in texts[-1]



def test_the_assembly_map_turns_the_page_to_show_the_board_larger():
    from dataclasses import replace

    from boardgen.games.river_race import compose_game
    from boardgen.i18n import words_for

    # The river board with a panel near its foot that no seam may cut, wider than half of it
    # (as a long legend would be): no seam fits portrait pages, so it is tiled on landscape
    # Letter, while itself taller than wide.
    layout = game("river_race")[0]
    board = compose_game(layout, words=words_for(layout, "en")).board
    w, h = board.scene.width, board.scene.height
    assert h > w
    board = replace(board, keep_out=(*board.keep_out, (0.24 * w, h - 28, 0.52 * w, 20)))
    *tiles, assembly = imposition.impose_board(board, options("letter"))
    assert all(page.width > page.height for page in tiles)
    assert assembly.width < assembly.height
    (picture,) = [node for node in assembly.children
                  if isinstance(node, Group) and node.children == (Use("board-art"),)]
    assert picture.transform[0] * board.scene.height > 0.6 * assembly.height

# ---- component sheets --------------------------------------------------------------------


def component_sets():
    """Every game's component sets; a set another layout already has is left out."""
    found: list = []
    for name in GAMES:
        for components in game(name)[1].component_sets:
            if all(components != other for _, other in found):
                found.append((name, components))
    return found


SETS = component_sets()
SET_IDS = [f"{name}-{components.name}" for name, components in SETS]


def placed_forms(reader: pypdf.PdfReader, page) -> list[tuple[str, tuple]]:
    """(name, matrix) of every form a PDF page draws itself, not clipped (as a bleed copy is)."""
    ctm, clipped, stack, found = IDENTITY_PDF, False, [], []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append((ctm, clipped))
        elif op == b"Q":
            ctm, clipped = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op in (b"W", b"W*"):
            clipped = True
        elif op == b"Do" and not clipped:
            found.append((str(operands[0]).removeprefix("/FormXob."), ctm))
    return found


def face_centres(reader, page, sizes: dict) -> list[tuple[str, float, float]]:
    """(face symbol, centre x, centre y) of every face drawn on a PDF page, in page mm."""
    height = float(page.mediabox.height)
    found = []
    for name, (a, b, c, d, e, f) in placed_forms(reader, page):
        if name in sizes:
            w, h = sizes[name]
            x, y = a * w / 2 + c * h / 2 + e, b * w / 2 + d * h / 2 + f
            found.append((name, round(x / PT_PER_MM, 2), round((height - y) / PT_PER_MM, 2)))
    return found


def face_at(faces: list[tuple[str, float, float]], x: float, y: float) -> str | None:
    """The face whose centre is at (x, y), to a hundredth of a millimetre."""
    near = [symbol for symbol, fx, fy in faces if abs(fx - x) < 0.011 and abs(fy - y) < 0.011]
    return near[0] if len(near) == 1 else None


def backs_of(components) -> tuple[dict[str, set[str]], dict[str, tuple[float, float]]]:
    """Which back faces belong to each front face, and every face's size."""
    ids = face_ids(components)
    backs: dict[str, set[str]] = {}
    sizes = {}
    for index, component in enumerate(components.components):
        front = ids[index, "front"]
        sizes[front] = (component.front.width, component.front.height)
        if component.back is not None:
            backs.setdefault(front, set()).add(ids[index, "back"])
            sizes[ids[index, "back"]] = sizes[front]
    return backs, sizes


@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_duplex_backs_read_from_the_pdf_land_behind_their_fronts(name, components):
    backs, sizes = backs_of(components)
    pages = imposition.impose_components(components, options("a4", backs="duplex"))
    reader = pdf_of(pages)
    if not backs:
        assert all("backs" not in page.title for page in pages)
        return
    assert len(reader.pages) % 2 == 0
    for front_page, back_page in zip(reader.pages[::2], reader.pages[1::2]):
        fronts = [f for f in face_centres(reader, front_page, sizes) if f[0] in backs]
        behind = face_centres(reader, back_page, sizes)
        assert fronts and len(behind) == len(fronts)
        for symbol, x, y in fronts:
            assert face_at(behind, 210 - x, y) in backs[symbol], (symbol, x, y)


@pytest.mark.parametrize("paper", ["a4", "legal"])  # legal folds the cards across
@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_folded_backs_read_from_the_pdf_mirror_their_fronts_across_the_fold(name, components,
                                                                            paper):
    backs, sizes = backs_of(components)
    if not backs:
        return
    plan = plan_sheets(components, options(paper, backs="fold"))
    pages = imposition.impose_components(components, options(paper, backs="fold"))
    reader = pdf_of(pages)
    assert len(pages) == len(plan.fronts)
    for page in reader.pages:
        drawn = face_centres(reader, page, sizes)
        across = 1 if plan.fold == "vertical" else 2
        fronts = [f for f in drawn if f[across] < plan.fold_at]
        assert fronts and len(drawn) == 2 * len(fronts)
        for symbol, x, y in fronts:
            spot = ((2 * plan.fold_at - x, y) if plan.fold == "vertical"
                    else (x, 2 * plan.fold_at - y))
            assert face_at(drawn, *spot) in backs[symbol], (symbol, x, y)


@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_without_backs_only_fronts_are_printed(name, components):
    backs, _ = backs_of(components)
    fronts = imposition.impose_components(components, options("a4", backs="none"))
    duplex = imposition.impose_components(components, options("a4", backs="duplex"))
    assert len(duplex) == len(fronts) * (2 if backs else 1)
    assert not any(node.symbol.endswith("-back") for page in fronts
                   for node, _ in walk(page.children) if isinstance(node, Use))


def faces_on(page, components) -> list[tuple[float, float, float, float, str]]:
    """(x, y, w, h, cut) of every piece a home-mode sheet draws."""
    ids = face_ids(components)
    cut_of = {ids[i, "front"]: (c.front.width, c.front.height, c.cut)
              for i, c in enumerate(components.components)}
    return [(node.transform[4], node.transform[5], *cut_of[node.symbol]) for node in page.children
            if isinstance(node, Use) and node.symbol in cut_of]


def mark_segments(page) -> list[tuple[float, float, float, float]]:
    paths = [node for node in page.children
             if isinstance(node, Path) and node.style in (CUT, CORNER)]  # lines and edge marks
    return [(m[1], m[2], n[1], n[2]) for path in paths
            for m, n in zip(path.commands[::2], path.commands[1::2])]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_pieces_fit_the_printable_area_and_corner_marks_keep_off_them(name, components, paper):
    printable = options(paper, backs="none")
    for page in imposition.impose_components(components, printable):
        margin = printable.margin_mm
        pieces = faces_on(page, components)
        assert pieces
        for x, y, w, h, _ in pieces:
            assert margin - 1e-6 <= x and x + w <= page.width - margin + 1e-6
            assert margin - 1e-6 <= y and y + h <= page.height - margin - 11 + 1e-6
        for x0, y0, x1, y1 in blocks([p for p in pieces if p[4] == "gap"]):
            for a, b, c, d in mark_segments(page):
                assert 0 <= min(a, c) and max(a, c) <= page.width and 0 <= min(b, d)
                inside = x0 < max(a, c) and min(a, c) < x1 and y0 < max(b, d) and min(b, d) < y1
                assert not inside, "a mark among the loose pieces"


def blocks(pieces) -> list[tuple[float, float, float, float]]:
    """Boxes (x0, y0, x1, y1) of the groups of loose pieces that lie a gap apart."""
    groups: list[list] = []
    for piece in pieces:
        near = [g for g in groups if any(_apart(piece, other) <= GAP_MM + 1e-6 for other in g)]
        merged = [piece] + [p for g in near for p in g]
        groups = [g for g in groups if g not in near] + [merged]
    return [(min(p[0] for p in g), min(p[1] for p in g),
             max(p[0] + p[2] for p in g), max(p[1] + p[3] for p in g)) for g in groups]


def _apart(p, q) -> float:
    """The larger of the horizontal and vertical distances between two rectangles."""
    dx = max(q[0] - (p[0] + p[2]), p[0] - (q[0] + q[2]), 0.0)
    dy = max(q[1] - (p[1] + p[3]), p[1] - (q[1] + q[3]), 0.0)
    return max(dx, dy)


# ---- the print-and-play bundle -----------------------------------------------------------


@lru_cache(maxsize=None)
def built(name: str, **print_options) -> dict[str, pypdf.PdfReader]:
    """Every PDF a build writes, read back."""
    layout, output = game(name)
    files = product_files(layout, output, BuildOptions(formats=("pdf",),
                                                       print=options(**print_options)), name)
    return {file: pypdf.PdfReader(io.BytesIO(data)) for file, data in files.items()
            if file.endswith(".pdf")}


def parts(name: str) -> list[tuple[str, str, bool]]:
    """(title, file, has backs) of each part of the bundle, in its order."""
    output = game(name)[1]
    return ([("Board", "board.pdf", False)]
            + [(c.title, f"{c.name}.pdf", any(x.back for x in c.components))
               for c in output.component_sets]
            + [(s.title, f"{s.name}.pdf", False) for s in output.sheets]
            + [("Rules", "rules.pdf", False)])


@pytest.mark.parametrize("name", GAMES)
def test_bundle_cover_lists_every_part_with_its_pages_and_which_to_print_two_sided(name):
    layout = game(name)[0]
    pdfs = built(name)
    bundle = pdfs[f"{name}-print-and-play.pdf"]
    cover = bundle.pages[0].extract_text()
    assert "\nHow to make this game\npage 2\n" in cover  # right after the cover
    first, two_sided = 3, []
    for title, file, backs in parts(name):
        count = len(pdfs[file].pages)
        first += 1 if backs and first % 2 == 0 else 0  # a two-sided part starts on a front
        pages = f"page {first}" if count == 1 else f"pages {first}–{first + count - 1}"
        entry = title.removeprefix(f"{layout.title}: ")
        marked = r" \(two-sided\)" if backs else ""
        listed = rf"\n{entry[0].upper()}{re.escape(entry[1:])}{marked}\n{pages}\n"
        assert re.search(listed, cover), entry
        assert f"{layout.title}: " not in entry
        if backs:
            two_sided.append(pages.removeprefix("pages ").removeprefix("page "))
        first += count
    assert len(bundle.pages) == first - 1
    if two_sided:
        assert f"{' and '.join(two_sided)} double-sided (flip on long edge)" in cover
    else:
        assert "double-sided (flip" not in cover


@pytest.mark.parametrize("name", GAMES)
def test_every_bundle_page_but_the_rules_has_the_ruler_and_its_page_number(name):
    pdfs = built(name)
    bundle = pdfs[f"{name}-print-and-play.pdf"]
    total = len(bundle.pages)
    numbered = total - len(pdfs["rules.pdf"].pages)
    for page in bundle.pages[:numbered]:
        assert "calibration-ruler" in {form for form, _ in placed_forms(bundle, page)}
    first_pages, first = [1], 2
    for _, file, backs in parts(name)[:-1]:
        first += 1 if backs and first % 2 == 0 else 0  # after a blank page that says so
        first_pages.append(first)
        first += len(pdfs[file].pages)
    for number in sorted(set(first_pages + [numbered])):
        assert bundle.pages[number - 1].extract_text().endswith(f"page {number} of {total}\n")


def drawn_rects(page, sizes) -> tuple[list, list]:
    """Rectangles of the faces on a page and of the mirrored bleed round them, in page mm."""
    def box(m, x0, y0, x1, y1):
        corners = [apply(m, (x0, y0)), apply(m, (x1, y1))]
        return (min(c[0] for c in corners), min(c[1] for c in corners),
                max(c[0] for c in corners), max(c[1] for c in corners))

    faces = [box(node.transform, 0, 0, *sizes[node.symbol]) for node in page.children
             if isinstance(node, Use) and node.symbol in sizes]
    bleed = [box(compose(group.transform, copy.transform), x, y, x + w, y + h)
             for group in page.children if isinstance(group, Group)
             for copy in group.children if isinstance(copy, Group) and copy.clip
             for x, y, w, h in [copy.clip]]
    return faces, bleed


@pytest.mark.parametrize("backs", ["duplex", "fold"])
@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_home_backs_of_edge_to_edge_pieces_run_on_past_the_block(name, components, backs):
    shared = [c for c in components.components if c.back is not None and c.cut == "shared"]
    if not shared:
        return
    ids = face_ids(components)
    back_sizes = {ids[i, "back"]: (c.back.width, c.back.height)
                  for i, c in enumerate(components.components) if c in shared}
    pages = imposition.impose_components(components, options("a4", backs=backs))
    plan = plan_sheets(components, options("a4", backs=backs))
    for page in pages[1::2] if backs == "duplex" else pages:
        faces, bleed = drawn_rects(page, back_sizes)
        covered = faces + bleed
        if plan.fold:  # a back may look like its front: take those past the fold
            across = 0 if plan.fold == "vertical" else 1
            faces = [f for f in faces if (f[across] + f[across + 2]) / 2 > plan.fold_at]
        assert faces
        for x0, y0, x1, y1 in faces:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            for px, py in ((x0 - 1.5, cy), (x1 + 1.5, cy), (cx, y0 - 1.5), (cx, y1 + 1.5)):
                assert any(a <= px <= c and b <= py <= d for a, b, c, d in covered), (px, py)


# ---- shop mode ---------------------------------------------------------------------------


def box_mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) / PT_PER_MM, 2) for v in (box.left, box.bottom, box.right, box.top))


@pytest.mark.parametrize("name", GAMES)
def test_shop_board_is_one_page_trimmed_to_the_board_with_bleed_round_it(name):
    board = game(name)[1].board
    reader = pdf_of(imposition.impose_board(board, options("a4", mode="shop")))
    (page,) = reader.pages
    x0, y0, x1, y1 = box_mm(page.trimbox)
    assert (x1 - x0, y1 - y0) == pytest.approx((board.scene.width, board.scene.height), abs=0.02)
    assert box_mm(page.bleedbox) == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3), abs=0.02)
    assert 0 < x0 - 3 and x1 + 3 < box_mm(page.mediabox)[2]


@pytest.mark.parametrize("name, components", SETS, ids=SET_IDS)
def test_shop_sheets_have_trim_and_bleed_boxes_round_their_pieces(name, components):
    _, sizes = backs_of(components)
    reader = pdf_of(imposition.impose_components(components, options("a4", mode="shop")))
    for page in reader.pages:
        x0, y0, x1, y1 = box_mm(page.trimbox)
        height = box_mm(page.mediabox)[3]
        assert box_mm(page.bleedbox) == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3), abs=0.02)
        faces = face_centres(reader, page, sizes)
        assert faces
        for symbol, cx, cy in faces:
            w, h = sizes[symbol]
            assert x0 - 0.02 <= cx - w / 2 and cx + w / 2 <= x1 + 0.02
            assert y0 - 0.02 <= height - cy - h / 2 and height - cy + h / 2 <= y1 + 0.02
