"""Tiling a board over pages: seams on cell boundaries, labels, glue strips, matching ticks."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen import imposition
from boardgen.games import racing_kings
from boardgen.imposition.tiling import GLUE_MM, art_box, row_letters, split, tick_positions
from boardgen.layout import load_layout
from boardgen.product import Board
from boardgen.scene import Group, Path, Rect, Scene, Style, Text, Use, apply

A4 = imposition.PrintOptions()
A3 = imposition.PrintOptions(paper=imposition.parse_paper("a3"))


@pytest.fixture(scope="module")
def board() -> Board:
    return racing_kings.compose_board(load_layout("racing_kings"))


def plan_for(board: Board, options=A4):
    return imposition.plan_tiles(board.scene.width, board.scene.height, board.seams_x,
                                 board.seams_y, options)


def grid_board(width: float, height: float, cell: float | None) -> Board:
    """A plain chequered board; ``cell=None`` gives no seams at all."""
    nodes = [Rect(0, 0, width, height, Style(fill="#eeeeee"))]
    seams_x = seams_y = ()
    if cell:
        seams_x = tuple(i * cell for i in range(int(width // cell) + 1))
        seams_y = tuple(i * cell for i in range(int(height // cell) + 1))
    return Board(Scene(width, height, tuple(nodes), title="Test board"), seams_x, seams_y)


def texts(scene: Scene) -> list[str]:
    found = []

    def visit(node):
        if isinstance(node, Text):
            found.append(node.text)
        elif isinstance(node, Group):
            for child in node.children:
                visit(child)

    for node in scene.children:
        visit(node)
    return found


def test_racing_kings_on_a4_is_two_by_two_cut_between_squares(board):
    plan = plan_for(board)
    assert (plan.rows, plan.columns, plan.landscape) == (2, 2, False)
    assert set(plan.cuts_x[1:-1]) <= set(board.seams_x)
    assert set(plan.cuts_y[1:-1]) <= set(board.seams_y)
    assert plan.cuts_x == (0, 180, 360)  # between files d and e


def test_a3_needs_fewer_pages_than_a4(board):
    assert plan_for(board, A3).pages < plan_for(board, A4).pages
    assert len(imposition.impose_board(board, A3)) < len(imposition.impose_board(board, A4))


def test_tiles_cover_the_board_once_and_fit_the_printable_area(board):
    for options in (A4, A3, imposition.PrintOptions(paper=imposition.parse_paper("letter"))):
        plan = plan_for(board, options)
        area = art_box(plan.page_w, plan.page_h, options.margin_mm)
        covered = 0.0
        for tile in plan.tiles():
            assert tile.drawn.w <= area.w + 1e-6 and tile.drawn.h <= area.h + 1e-6
            covered += tile.owned.w * tile.owned.h
        assert covered == pytest.approx(board.scene.width * board.scene.height)


def test_pages_are_labelled_and_end_with_the_assembly_map(board):
    pages = imposition.impose_board(board, A4)
    labels = [t for page in pages[:-1] for t in texts(page) if " – row " in t]
    assert labels == ["A1 – row 1, column 1 of 2×2", "A2 – row 1, column 2 of 2×2",
                      "B1 – row 2, column 1 of 2×2", "B2 – row 2, column 2 of 2×2"]
    assembly = texts(pages[-1])
    assert any(t.startswith("Assembly map") for t in assembly)
    assert {"A1", "A2", "B1", "B2"} <= set(assembly)


def test_glue_strips_say_which_page_goes_on_top(board):
    pages = imposition.impose_board(board, A4)
    a1 = texts(pages[0])
    assert "glue here · A2 goes on top" in a1 and "glue here · B1 goes on top" in a1
    assert not any(t.startswith("glue here") for t in texts(pages[3]))  # B2 carries no strip


def tick_segments(page: Scene) -> list[tuple[float, float, float, float]]:
    """The alignment ticks of a tile page, in board millimetres."""
    overlay = page.children[1]
    paths = [n for n in overlay.children if isinstance(n, Path) and n.style.stroke_mm == 0.25]
    segments = []
    for path in paths:
        for move, line in zip(path.commands[::2], path.commands[1::2]):
            segments.append((move[1], move[2], line[1], line[2]))
    # The overlay is in board coordinates; check the art group uses the same transform.
    assert page.children[0].transform == overlay.transform
    return segments


def test_alignment_ticks_line_up_between_neighbours(board):
    plan = plan_for(board)
    pages = imposition.impose_board(board, A4)
    by_name = {tile.name: (tile, page) for tile, page in zip(plan.tiles(), pages)}
    for left, right in (("A1", "A2"), ("B1", "B2")):
        a_tile, a_page = by_name[left]
        b_tile, b_page = by_name[right]
        seam = a_tile.x1
        assert plan.ticks(a_tile)["right"] == plan.ticks(b_tile)["left"]
        a_ticks = {round(y1, 6) for x1, y1, x2, y2 in tick_segments(a_page) if x1 < seam < x2}
        b_ticks = {round(y1, 6) for x1, y1, x2, y2 in tick_segments(b_page) if x1 == seam}
        assert a_ticks == b_ticks and len(a_ticks) >= 2
        assert a_ticks <= {round(s, 6) for s in board.seams_y}  # on square boundaries
    for upper, lower in (("A1", "B1"), ("A2", "B2")):
        a_tile, a_page = by_name[upper]
        b_tile, b_page = by_name[lower]
        seam = a_tile.y1
        a_ticks = {round(x1, 6) for x1, y1, x2, y2 in tick_segments(a_page) if y1 < seam < y2}
        b_ticks = {round(x1, 6) for x1, y1, x2, y2 in tick_segments(b_page) if y1 == seam}
        assert a_ticks == b_ticks and len(a_ticks) >= 2


def test_the_page_on_top_is_trimmed_at_the_seam_and_covers_the_glue_strip(board):
    plan = plan_for(board)
    a1, a2 = plan.tile(0, 0), plan.tile(0, 1)
    assert a2.drawn.x == a1.x1  # A2 starts exactly at the seam
    assert a1.drawn.right == a1.x1 + GLUE_MM  # A1 prints a glue strip past it


def test_a_wide_board_turns_the_paper_to_landscape():
    seams_x, seams_y = tuple(range(0, 561, 20)), tuple(range(0, 181, 20))
    plan = imposition.plan_tiles(560, 180, seams_x, seams_y, A4)
    portrait = len(split(560, seams_x, 210 - 12, GLUE_MM)) - 1
    assert plan.landscape and plan.rows == 1 and plan.pages < portrait


def test_a_board_without_seams_is_cut_evenly():
    cuts = split(500, (), 198, GLUE_MM)
    drawn = [b - a + GLUE_MM for a, b in zip(cuts, cuts[1:-1])] + [cuts[-1] - cuts[-2]]
    assert len(drawn) == 3 and max(drawn) - min(drawn) <= 1 and max(drawn) <= 198


def test_cells_bigger_than_the_page_still_tile():
    cuts = split(600, (0, 250, 500, 600), 198, GLUE_MM)
    assert all(b - a <= 198 for a, b in zip(cuts, cuts[1:]))


def test_cuts_stay_on_seams_and_balance_the_pages():
    seams = tuple(range(0, 361, 40))
    assert split(360, seams, 210, GLUE_MM) == (0, 160, 360)
    # no seam gives two pages: two pages all the same, cut between seams (a page saved
    # comes before a cut on a cell boundary)
    assert split(360, seams, 198, GLUE_MM) == (0, 176, 360)
    assert split(100, seams, 198, GLUE_MM) == (0, 100)


def test_a_small_board_is_one_page_without_a_map():
    pages = imposition.impose_board(grid_board(150, 150, 25), A4)
    assert len(pages) == 1
    assert not any(t.startswith("Assembly map") for t in texts(pages[0]))


def test_tick_positions_use_cell_boundaries_inside_the_seam():
    assert tick_positions(0, 200, (0, 40, 80, 120, 160, 200)) == (40, 80, 160)
    assert tick_positions(0, 90, ()) == (15, 45, 75)
    assert tick_positions(0, 10, (0, 5, 10)) == (5,)


def test_row_letters_continue_past_z():
    assert [row_letters(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_many_pages_on_a_big_board():
    big = grid_board(1200, 900, 30)
    plan = plan_for(big)
    pages = imposition.impose_board(big, A4)
    assert len(pages) == plan.pages + 1 and plan.pages >= 20
    corners = {apply(page.children[0].transform, (0, 0)) for page in pages[:-1]}
    assert len(corners) == plan.pages  # every page shows a different part


def test_cuts_off_the_seams_go_round_labels_when_the_count_allows():
    even = split(500, (), 198, GLUE_MM)
    label = (even[1] - 15, even[1] + 15)
    cuts = split(500, (), 198, GLUE_MM, keep_clear=(label,))
    assert len(cuts) == len(even) and not any(label[0] < c < label[1] for c in cuts)
    too_wide = (100, 400)  # every tiling of the fewest pages crosses it: no page more for it
    cuts = split(500, (), 198, GLUE_MM, keep_clear=(too_wide,))
    assert len(cuts) == len(even) and sum(100 < c < 400 for c in cuts) == len(cuts) - 2


def test_a_seam_through_a_label_is_left_for_another_seam():
    seams = tuple(range(0, 361, 40))
    assert split(360, seams, 210, GLUE_MM, keep_clear=((150, 170),)) in ((0, 120, 360),
                                                                          (0, 200, 360))


def test_when_every_seam_crosses_a_label_the_cut_leaves_the_seams_instead():
    labels = ((150, 170), (190, 210))  # over the only two seams
    (_, cut, _) = split(360, (0, 160, 200, 360), 210, GLUE_MM, keep_clear=labels)
    assert 170 <= cut <= 190
    seams = tuple(range(0, 361, 40))  # with other seams free, still no page more for them
    (_, cut, _) = split(360, seams, 210, GLUE_MM, keep_clear=labels)
    assert 170 <= cut <= 190


def test_a_kept_region_is_cut_only_when_every_other_cut_would_cross_a_label():
    seams = tuple(range(0, 501, 10))
    even = split(500, seams, 198, GLUE_MM)
    kept = (even[1] - 20, even[1] + 20)
    cuts = split(500, seams, 198, GLUE_MM, keep_out=(kept,))
    assert not any(kept[0] < c < kept[1] for c in cuts)
    # 300 mm on 198 mm of paper, every cut through a label or a kept panel: the panel is cut,
    # the words stay whole
    _, cut, _ = split(300, seams, 198, GLUE_MM, keep_clear=((145, 300),), keep_out=((0, 155),))
    assert 102 <= cut <= 145
    _, cut, _ = split(300, seams, 198, GLUE_MM, keep_clear=((0, 155),), keep_out=((145, 300),))
    assert 155 <= cut <= 190


def test_a_board_keep_out_rectangle_is_never_cut_when_the_paper_allows():
    plain = grid_board(500, 250, 10.0)
    free = plan_for(plain)
    x = free.cuts_x[1]
    panel = (x - 25.0, 100.0, 50.0, 40.0)
    marked = Board(plain.scene, plain.seams_x, plain.seams_y, keep_out=(panel,))
    pages = imposition.impose_board(marked, A4)
    plan = imposition.plan_tiles(500, 250, marked.seams_x, marked.seams_y, A4,
                                 keep_out=imposition.keep_out_spans(marked.keep_out))
    assert len(pages) == plan.pages + 1 and plan.pages == free.pages
    assert not any(panel[0] < c < panel[0] + panel[2] for c in plan.cuts_x)
    # the page edges drawn agree with the plan: each page's clip starts at one of its cuts
    clips = {page.children[0].clip[0] for page in pages[:-1]}
    assert clips == set(plan.cuts_x[:-1])


@pytest.mark.parametrize("name", ["steeple_chess", "six_day_race", "six_day_race_advanced"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_no_shipped_board_is_cut_through_a_region_it_keeps_whole(name, paper):
    from tests.test_print_all_games import game

    board = game(name)[1].board
    assert board.keep_out  # the centre panel, the finish line, the card places
    options = imposition.PrintOptions(paper=imposition.parse_paper(paper))
    spans = imposition.keep_out_spans(board.keep_out)
    plan = imposition.plan_tiles(board.scene.width, board.scene.height, board.seams_x,
                                 board.seams_y, options, keep_out=spans)
    area = art_box(plan.page_w, plan.page_h, options.margin_mm)
    for axis, cuts, length, seams, room in (
            (0, plan.cuts_x, board.scene.width, board.seams_x, area.w),
            (1, plan.cuts_y, board.scene.height, board.seams_y, area.h)):
        through = [c for c in cuts[1:-1] for a, b in spans[axis] if a + 1e-6 < c < b - 1e-6]
        if through:  # only to save a page: whole, the regions would take more
            whole = plain_split(length, seams, room, GLUE_MM, keep_out=spans[axis],
                                pages_first=False)
            assert len(whole) > len(cuts)
            assert not [c for c in whole[1:-1] for a, b in spans[axis]
                        if a + 1e-6 < c < b - 1e-6]


def test_check_counts_the_pages_a_board_with_kept_regions_is_built_on():
    from boardgen.contract import board_pages
    from tests.test_print_all_games import game

    board = game("six_day_race")[1].board
    free = Board(board.scene, board.seams_x, board.seams_y)
    assert board_pages(board, A4) == len(imposition.impose_board(board, A4))
    assert board_pages(free, A4) == len(imposition.impose_board(free, A4))


# ---- the planning programme against a plain one ------------------------------------

def plain_split(length, seams, room, glue, keep_clear=(), keep_out=(), pages_first=True):
    """``split`` as first written: every cut tried from every cut before it, every span
    asked about every cut; ``pages_first=False``: the order before a page saved came
    before a label kept whole."""
    from boardgen.imposition.tiling import EPS

    def crosses(cut, spans):
        return any(a + EPS < cut < b - EPS for a, b in spans)

    def order(cost):  # pieces first, or the words and kept regions before them
        crossed, kept, count, off_seam, widest = cost
        return ((count, crossed, kept, off_seam, widest) if pages_first else cost)

    def cheapest(points):
        points = [(0.0, True, False, False)] + points + [(length, True, False, False)]
        best, previous, last = [None] * len(points), [-1] * len(points), len(points) - 1
        best[0] = (0, 0, 0, 0, 0.0)
        for j in range(1, len(points)):
            at, on_seam, kept_region, art = points[j]
            for i in range(j - 1, -1, -1):
                width = at - points[i][0] + (0.0 if j == last else glue)
                if width > room + EPS:
                    break
                if best[i] is None:
                    continue
                crossed, kept, count, off_seam, widest = best[i]
                cost = (crossed + art, kept + kept_region, count + 1, off_seam + (not on_seam),
                        max(widest, width))
                if best[j] is None or order(cost) < order(best[j]):
                    best[j], previous[j] = cost, i
        if best[last] is None:
            return None
        chain = [last]
        while chain[-1] != 0:
            chain.append(previous[chain[-1]])
        return tuple(points[k][0] for k in reversed(chain))

    if length <= room + EPS:
        return (0.0, length)
    on_seam = sorted({s for s in seams if EPS < s < length - EPS})

    def candidate(x, seam):
        return (x, seam, crosses(x, keep_out), crosses(x, keep_clear))

    cuts = cheapest([candidate(s, True) for s in on_seam])
    fewest = math.ceil((length - glue) / (room - glue) - EPS)
    if (cuts is None or any(crosses(c, keep_clear) or crosses(c, keep_out) for c in cuts)
            or (pages_first and len(cuts) - 1 > fewest)):
        grid = [candidate(float(x), False) for x in range(1, math.ceil(length))
                if all(abs(x - s) > EPS for s in on_seam)]
        cuts = cheapest(sorted([candidate(s, True) for s in on_seam] + grid))
    return cuts


positions = st.floats(min_value=0, max_value=400, allow_nan=False).map(lambda v: round(v, 1))
spans = st.lists(st.tuples(positions, st.floats(min_value=0, max_value=60)).map(
    lambda s: (s[0], round(s[0] + s[1], 2))), max_size=30).map(tuple)


@settings(max_examples=300, deadline=None)
@given(length=st.floats(min_value=1, max_value=400).map(lambda v: round(v, 2)),
       seams=st.lists(positions, max_size=40).map(tuple),
       room=st.sampled_from([12.0, 30.0, 55.5, 120.0, 198.0, 272.0]),
       keep_clear=spans, keep_out=spans)
def test_cuts_are_the_ones_the_plain_programme_finds(length, seams, room, keep_clear, keep_out):
    assert split.__wrapped__(length, seams, room, GLUE_MM, keep_clear, keep_out) == \
        plain_split(length, seams, room, GLUE_MM, keep_clear, keep_out)


@pytest.mark.parametrize("name", ["six_day_race_advanced", "steeple_chess", "river_race"])
def test_shipped_boards_are_cut_as_the_plain_programme_cuts_them(name):
    from boardgen.contract import check_build, BuildOptions
    from boardgen.imposition.tiling import artwork_spans, art_box, keep_out_spans

    board = check_build(name, BuildOptions(formats=("pdf",))).output.board
    clear = artwork_spans(board.scene)
    kept = keep_out_spans(board.keep_out)
    for paper in ("a4", "letter", "a3"):
        for landscape in (False, True):
            area = art_box(*imposition.parse_paper(paper).size(landscape), 6.0)
            for axis, length, seams, room in ((0, board.scene.width, board.seams_x, area.w),
                                              (1, board.scene.height, board.seams_y, area.h)):
                arguments = (length, tuple(seams), room, GLUE_MM, clear[axis], kept[axis])
                assert split.__wrapped__(*arguments) == plain_split(*arguments)


@pytest.mark.parametrize("game", ["racing_kings", "six_day_race_advanced", "steeple_chess"])
def test_spans_follow_the_art_alone_and_are_the_same_when_asked_again(game):
    from boardgen.contract import compose
    from boardgen.imposition.tiling import _artwork_spans, artwork_spans

    output = compose(load_layout(game), "en")
    for scene in [output.board.scene, *(sheet.scene for sheet in output.sheets)]:
        titled = Scene(scene.width, scene.height, scene.children, scene.symbols, title="another")
        first = artwork_spans(scene)
        assert first == _artwork_spans(scene) == artwork_spans(titled) == artwork_spans(scene)
        moved = Scene(scene.width, scene.height, (Text(1, 2, "x", 3.0), *scene.children),
                      scene.symbols)
        assert artwork_spans(moved) == _artwork_spans(moved) != first


# ---- pages first -------------------------------------------------------------------------

def fewest_pieces_by_jumps(length, seams, room, glue):
    """The fewest pieces along one axis, found by always cutting as far on as a page
    reaches (on a seam or a whole millimetre): no piece can end later than the furthest."""
    cuts = sorted({s for s in seams if 0 < s < length} | set(range(1, math.ceil(length))))
    at, pieces = 0.0, 1
    while length - at > room + 1e-6:
        reach = [c for c in cuts if at < c and c - at + glue <= room + 1e-6]
        if not reach:
            return None
        at, pieces = max(reach), pieces + 1
    return pieces


board_lengths = st.floats(min_value=100, max_value=900).map(lambda v: round(v, 1))


@settings(max_examples=40, deadline=None)
@given(width=board_lengths, height=board_lengths,
       cell=st.sampled_from([None, 15.0, 23.5, 40.0, 64.0]),
       paper=st.sampled_from(["a4", "letter", "a3", "140x200mm"]),
       labels=st.lists(st.tuples(board_lengths, board_lengths, st.floats(1, 120),
                                 st.floats(1, 40)), max_size=8))
def test_a_board_takes_no_more_pages_than_the_fewest_its_paper_allows(width, height, cell,
                                                                        paper, labels):
    board = grid_board(width, height, cell)
    options = imposition.PrintOptions(paper=imposition.parse_paper(paper))
    boxes = tuple((x % width, y % height, w, h) for x, y, w, h in labels)
    spans = imposition.keep_out_spans(boxes)
    plan = imposition.plan_tiles(width, height, board.seams_x, board.seams_y, options,
                                 keep_clear=spans, keep_out=spans)
    fewest = []
    for landscape in (False, True):
        area = art_box(*options.paper.size(landscape), options.margin_mm)
        across = fewest_pieces_by_jumps(width, board.seams_x, area.w, GLUE_MM)
        down = fewest_pieces_by_jumps(height, board.seams_y, area.h, GLUE_MM)
        fewest.append(across * down)
    assert plan.pages <= min(fewest)
    area = art_box(plan.page_w, plan.page_h, options.margin_mm)
    for cuts, room in ((plan.cuts_x, area.w), (plan.cuts_y, area.h)):
        widths = [b - a + GLUE_MM for a, b in zip(cuts, cuts[1:-1])] + [cuts[-1] - cuts[-2]]
        assert max(widths) <= room + 1e-6  # and every page holds what it owns


def titled_board(shifts) -> Board:
    """A 360 mm board of 20 mm cells, its title over the middle: two pages of A4 meet
    within 15 mm of the middle, where the title is."""
    title = Group((Text(180, 12, "A title in the middle", 8.0, anchor="middle"),), shifts=shifts)
    return Board(Scene(360, 200, (Rect(0, 0, 360, 200, Style(fill="#eeeeee")), title)),
                 tuple(range(0, 361, 20)), tuple(range(0, 201, 20)))


def title_span(scene: Scene) -> tuple[float, float]:
    """Where the title lies across the board, moved or not."""
    block = next(node for node in scene.children if isinstance(node, Group) and node.shifts)
    still = Scene(scene.width, scene.height, (Group(block.children, block.transform),))
    return imposition.artwork_spans(still)[0][0]


SHIFTS = tuple((float(d), 0.0) for step in range(1, 121) for d in (-step, step))


def test_a_title_that_may_move_steps_out_of_the_seam_on_the_pages_drawn():
    board = titled_board(SHIFTS)
    fixed = imposition.plan_tiles(360, 200, board.seams_x, board.seams_y, A4,
                                  imposition.artwork_spans(titled_board(()).scene))
    start, end = title_span(board.scene)
    assert fixed.pages == 2 and start < fixed.cuts_x[1] < end  # pages first: a fixed title is cut
    plan, scene = imposition.plan_board(board.scene, board.seams_x, board.seams_y, A4)
    assert plan.pages == 2 and plan.cuts_x[1] == 180  # on the seam in the middle
    start, end = title_span(scene)
    assert end <= 180 - 3 or start >= 180 + 3  # moved clear, by the room a move keeps
    art = imposition.impose_board(board, A4)[0].symbols["board-art"]
    assert title_span(Scene(360, 200, art)) == (start, end)  # the pages show it moved
    again, same = imposition.plan_board(scene, board.seams_x, board.seams_y, A4)
    assert again == plan and same.children == scene.children  # placed once, it stays


def test_a_title_with_nowhere_to_go_steers_the_cuts_as_other_words_do():
    board = titled_board(((1.0, 0.0), (-1.0, 0.0)))
    plan, scene = imposition.plan_board(board.scene, board.seams_x, board.seams_y, A4)
    fixed = imposition.plan_tiles(360, 200, board.seams_x, board.seams_y, A4,
                                  imposition.artwork_spans(titled_board(()).scene))
    assert plan == fixed and scene is board.scene


def test_a_grid_board_title_band_slides_out_of_a_seam_within_its_margins():
    from boardgen.components.title_band import title_nodes

    band = title_nodes("Race across the River", "A subtitle", 360, 24, "#000000", left=10,
                       movable=True)
    assert len(band) == 1 and band[0].shifts  # title and subtitle move as one
    board = Board(Scene(360, 200, (Rect(0, 0, 360, 200, Style(fill="#eeeeee")), *band)),
                  tuple(range(0, 361, 20)), tuple(range(0, 201, 20)))
    plan, scene = imposition.plan_board(board.scene, board.seams_x, board.seams_y, A4)
    start, end = title_span(scene)
    assert plan.pages == 2 and (end <= plan.cuts_x[1] - 3 or start >= plan.cuts_x[1] + 3)
    assert 10 - 1e-6 <= start and end <= 350 + 1e-6  # inside the band's margins
    fixed = title_nodes("Race across the River", "A subtitle", 360, 24, "#000000", left=10)
    assert all(isinstance(node, Text) for node in fixed)  # a band that may not move, as before


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["six_day_race", "six_day_race_advanced", "snakes_and_ladders"])
def test_the_assembly_map_names_each_page_off_the_board_words(name, lang):
    from boardgen.build import compose_target
    from boardgen.imposition.tiling import LABEL_GROUND, artwork_boxes

    board = compose_target(name, lang=lang)[1].board
    page = imposition.impose_board(board, A4)[-1]
    art = next(node for node in page.children if isinstance(node, Group)
               and node.children == (Use("board-art"),))
    words = [(apply(art.transform, (x0, y0)), apply(art.transform, (x1, y1))) for x0, y0, x1, y1
             in artwork_boxes(Scene(1, 1, page.symbols["board-art"], page.symbols), movable=True)]
    labels = [node for node in page.children if isinstance(node, Rect) and node.style == LABEL_GROUND]
    assert len(labels) == (6 if name.startswith("six") else 4)
    for label in labels:
        assert not [w for w in words if w[0][0] < label.x + label.w and label.x < w[1][0]
                    and w[0][1] < label.y + label.h and label.y < w[1][1]]


def test_a_page_name_stands_in_the_middle_unless_words_are_there():
    from boardgen.imposition.paper import Box
    from boardgen.imposition.tiling import _label_place

    owned = Box(0, 0, 200, 100)
    assert _label_place(owned, 20, 10, []) == (100, 50)
    assert _label_place(owned, 20, 10, [(0, 0, 200, 10)]) == (100, 50)  # words elsewhere
    x, y = _label_place(owned, 20, 10, [(60, 30, 140, 70)])  # a title in the middle
    assert not (60 < x + 10 and x - 10 < 140 and 30 < y + 5 and y - 5 < 70)
