"""Component sheets: packing, shared cut lines, corner marks, duplex and folded backs, size."""

from __future__ import annotations

import pytest

from boardgen import imposition
from boardgen.components.lines import CUT
from boardgen.errors import InputError
from boardgen.imposition.sheets import CORNER, GAP_MM, face_ids, plan_sheets
from boardgen.product import Component, ComponentSet
from boardgen.render import renderer
from boardgen.scene import Document, Group, Path, Rect, Scene, Style, Use, scale
from tests.test_imposition_pdf import pdf_pages

HOME = imposition.PrintOptions()


def face(w: float, h: float, colour: str, symbol: str | None = None) -> Scene:
    nodes: tuple = (Rect(0, 0, w, h, Style(fill=colour)),)
    symbols = {}
    if symbol:
        symbols = {symbol: (Path((("M", 0, 50), ("L", 100, 50)), Style(stroke="#000000", stroke_mm=8)),)}
        nodes += (Use(symbol, scale(w / 100)),)
    return Scene(w, h, nodes, symbols=symbols)


def tiles(count: int = 30, kinds: int = 3, cell: float = 20.0, cut: str = "shared",
          back: bool = True, distinct_backs: bool = False) -> ComponentSet:
    """``kinds`` tile fronts with a line across; one shared back, or one back per kind."""
    components = tuple(
        Component(f"kind-{k}", face(cell, cell, "#ddeeff", f"line-{k}"),
                  back=face(cell, cell, f"#3355{k:02d}" if distinct_backs else "#335577")
                  if back else None, count=count, cut=cut)
        for k in range(kinds))
    return ComponentSet("tiles", "Test tiles", components)


def placed_faces(page: Scene, side: str) -> list[tuple[str, float, float]]:
    """(symbol, x, y) of every face drawn on a page (home mode draws each as one Use)."""
    return [(n.symbol, n.transform[4], n.transform[5]) for n in page.children
            if isinstance(n, Use) and n.symbol.endswith(side)]


def cut_paths(page: Scene) -> list[Path]:
    return [n for n in page.children if isinstance(n, Path) and n.style == CUT]


def segments(path: Path) -> list[tuple[float, float, float, float]]:
    return [(m[1], m[2], l[1], l[2]) for m, l in zip(path.commands[::2], path.commands[1::2])]


def test_every_copy_is_placed_once_inside_the_printable_area():
    pages = imposition.impose_components(tiles(count=50, back=False), HOME)
    fronts = [f for page in pages for f in placed_faces(page, "front")]
    assert len(fronts) == 150
    for page in pages:
        for _, x, y in placed_faces(page, "front"):
            assert 6 <= x and x + 20 <= 210 - 6 and 6 <= y and y + 20 <= 297 - 6 - 11


def test_shared_pieces_touch_and_one_line_cuts_between_them():
    page = imposition.impose_components(tiles(count=9, kinds=1, back=False), HOME)[0]
    fronts = sorted(placed_faces(page, "front"), key=lambda f: (f[2], f[1]))
    row = [f for f in fronts if f[2] == fronts[0][2]]
    assert [b[1] - a[1] for a, b in zip(row, row[1:])] == pytest.approx([20] * (len(row) - 1))
    (path,) = cut_paths(page)
    vertical_x = {round(x1, 6) for x1, y1, x2, y2 in segments(path) if x1 == x2}
    assert vertical_x == {round(x, 6) for x in [f[1] for f in row] + [row[-1][1] + 20]}
    horizontal_y = {round(y1, 6) for x1, y1, x2, y2 in segments(path) if y1 == y2}
    assert horizontal_y == {round(y, 6) for y in (fronts[0][2], fronts[0][2] + 20)}


def test_gap_pieces_are_spaced_with_corner_marks():
    page = imposition.impose_components(tiles(count=4, kinds=1, cut="gap", back=False), HOME)[0]
    xs = sorted(x for _, x, _ in placed_faces(page, "front"))
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([20 + GAP_MM] * 3)
    (path,) = [n for n in page.children if isinstance(n, Path) and n.style == CORNER]
    (y,) = {y for _, _, y in placed_faces(page, "front")}
    edges = {round(v, 6) for x in xs for v in (x, x + 20)}
    marks = segments(path)
    upright = [m for m in marks if m[0] == m[2]]
    assert {round(m[0], 6) for m in upright} == edges  # in line with every piece's sides
    assert all(max(m[1], m[3]) < y or min(m[1], m[3]) > y + 20 for m in upright)  # off the pieces
    level = [m for m in marks if m[1] == m[3]]
    assert {round(m[1], 6) for m in level} == {round(y, 6), round(y + 20, 6)}
    assert all(max(m[0], m[2]) < xs[0] or min(m[0], m[2]) > xs[-1] + 20 for m in level)
    assert len(marks) == 2 * len(edges) + 2 * 2  # one above and one below each side, not in gaps


def test_duplex_backs_are_mirrored_for_long_edge_flipping():
    components = tiles(count=20, kinds=3, distinct_backs=True)
    ids = face_ids(components)
    back_of = {ids[k, "front"]: ids[k, "back"] for k in range(3)}
    pages = imposition.impose_components(components, HOME)
    assert len(pages) % 2 == 0
    for front_page, back_page in zip(pages[::2], pages[1::2]):
        fronts = placed_faces(front_page, "front")
        backs = placed_faces(back_page, "back")
        assert len(fronts) == len(backs) and fronts
        for (f_symbol, x, y), (b_symbol, bx, by) in zip(fronts, backs):
            assert b_symbol == back_of[f_symbol]
            assert bx == pytest.approx(210 - x - 20)  # flipped over the long (vertical) edge
            assert by == pytest.approx(y)


def test_duplex_backs_read_back_from_the_pdf_land_behind_their_fronts():
    components = tiles(count=3, kinds=2, distinct_backs=True)
    _, (front, back) = pdf_pages(imposition.impose_components(components, HOME))
    width = 210.0

    def origins(geometry, side):
        found = {}
        for name, ctm in geometry.forms:
            upright = ctm[0] > 0 and ctm[3] < 0  # not a mirrored bleed copy past the block's edge
            if name.endswith(side) and upright:
                x, y = geometry.to_mm(ctm, 0, 0)
                found.setdefault(name.removesuffix(side), []).append((round(x, 3), round(y, 3)))
        return found

    fronts, backs = origins(front, "front"), origins(back, "back")
    assert fronts.keys() == backs.keys() and len(fronts) == 2
    for kind, spots in fronts.items():
        mirrored = sorted((round(width - x - 20, 2), round(y, 2)) for x, y in spots)
        assert sorted((round(x, 2), round(y, 2)) for x, y in backs[kind]) == mirrored


def test_shared_tiles_read_back_from_the_pdf_are_exact_and_touch():
    _, (front, _) = pdf_pages(imposition.impose_components(tiles(count=12, kinds=1), HOME))
    squares = sorted((round(x, 3), round(y, 3), w, h) for x, y, w, h, fill in front.rects
                     if fill is not None and abs(w - 20) < 1)
    assert len(squares) == 12
    for x, y, w, h in squares:
        assert w == pytest.approx(20, abs=0.05) and h == pytest.approx(20, abs=0.05)
    row = [s for s in squares if s[1] == squares[0][1]]
    assert [b[0] - a[0] for a, b in zip(row, row[1:])] == pytest.approx([20] * (len(row) - 1), abs=0.05)


def test_fold_puts_backs_beside_their_fronts_across_the_fold_line():
    options = imposition.PrintOptions(backs="fold")
    components = tiles(count=10, kinds=2)
    plan = plan_sheets(components, options)
    pages = imposition.impose_components(components, options)
    assert len(pages) == len(plan.fronts)  # no separate back pages
    for page in pages:
        fronts, backs = placed_faces(page, "front"), placed_faces(page, "back")
        assert len(fronts) == len(backs)
        for (_, x, y), (_, bx, by) in zip(fronts, backs):
            if plan.fold == "vertical":
                assert (x + 20 + bx) / 2 == pytest.approx(plan.fold_at) and by == pytest.approx(y)
            else:
                assert (y + 20 + by) / 2 == pytest.approx(plan.fold_at) and bx == pytest.approx(x)


def test_horizontal_fold_turns_backs_half_way_round():
    card = ComponentSet("cards", "Cards", (Component("card", face(120, 60, "#ffffff"),
                                                      back=face(120, 60, "#000000"), count=2),))
    options = imposition.PrintOptions(backs="fold")
    plan = plan_sheets(card, options)
    assert plan.fold == "horizontal"  # 120 mm will not fit beside a vertical fold on A4
    page = imposition.impose_components(card, options)[0]
    back = [n for n in page.children if isinstance(n, Use) and n.symbol.endswith("back")][0]
    assert back.transform[0] == -1 and back.transform[3] == -1


def test_no_backs_means_fronts_only():
    pages = imposition.impose_components(tiles(count=5), imposition.PrintOptions(backs="none"))
    assert all(not placed_faces(page, "back") for page in pages)


def test_shop_sheets_have_bleed_crop_marks_and_print_boxes():
    options = imposition.PrintOptions(mode="shop", bleed_mm=3)
    page = imposition.impose_components(tiles(count=6, kinds=1, back=False), options)[0]
    pieces = [n for n in page.children if isinstance(n, Group) and n.children
              and isinstance(n.children[0], Use)]
    xs = sorted(n.transform[4] for n in pieces)
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([26] * 5)  # 20 mm + 2 × bleed
    assert len(pieces[0].children) == 9  # the face and eight mirrored copies in the bleed
    tx, ty, tw, th = page.trim_box
    bx, by, bw, bh = page.bleed_box
    assert (bx, by, bw, bh) == pytest.approx((tx - 3, ty - 3, tw + 6, th + 6))


def test_a_component_bigger_than_the_paper_is_one_clear_error():
    poster = ComponentSet("posters", "Posters", (Component("poster", face(250, 380, "#ffffff")),))
    with pytest.raises(InputError) as caught:
        imposition.impose_components(poster, HOME)
    message = str(caught.value)
    assert "poster" in message and "250 × 380 mm" in message and "A4" in message
    assert len(imposition.impose_components(
        poster, imposition.PrintOptions(paper=imposition.parse_paper("a3")))) == 1


def test_a_back_of_another_size_is_an_error():
    odd = ComponentSet("odd", "Odd", (Component("odd", face(20, 20, "#fff"),
                                                back=face(20, 30, "#000")),))
    with pytest.raises(InputError, match="back"):
        imposition.impose_components(odd, HOME)


def test_140_tiles_of_seven_kinds_stay_small():
    components = tiles(count=20, kinds=7, cell=12)
    pages = imposition.impose_components(components, HOME)
    data = renderer("pdf")(Document(pages))
    assert len(data) < 60_000
    assert sum(len(placed_faces(p, "front")) for p in pages) == 140
    # Stored once each: 7 fronts, their 7 line drawings, the one back they all share, the ruler.
    assert data.count(b"/Subtype /Form") == 7 + 7 + 1 + 1


def test_face_symbols_are_named_by_set_so_sets_can_share_a_file():
    a, b = tiles(count=1, kinds=1), tiles(count=1, kinds=1)
    b = ComponentSet("other tiles", "Other", b.components)
    assert face_ids(a)[0, "front"] != face_ids(b)[0, "front"]
    pages = imposition.impose_components(a, HOME) + imposition.impose_components(b, HOME)
    renderer("pdf")(Document(pages))  # no clash between the two sets' symbols


def counts_per_page(components: ComponentSet, options=HOME) -> list[tuple[int, int]]:
    """(pieces, spares) on each sheet of a plan."""
    plan = plan_sheets(components, options)
    return [(sum(not p.spare for p in page), sum(p.spare for p in page)) for page in plan.fronts]


@pytest.mark.parametrize("count", [1, 7, 36, 37, 40, 80, 81, 199])
@pytest.mark.parametrize("cut", ["shared", "gap"])
def test_pieces_spread_evenly_over_the_fewest_pages(count, cut):
    components = ComponentSet("tokens", "Tokens", (
        Component("disc", face(30, 30, "#cc8844"), count=count, cut=cut),))
    greedy = imposition.impose_components(
        ComponentSet("one", "One", (Component("disc", face(30, 30, "#cc8844"), count=1, cut=cut),)),
        HOME)
    assert greedy
    pages = [pieces for pieces, _ in counts_per_page(components)]
    assert sum(pages) == count
    assert max(pages) - min(pages) <= 1 + max(pages) // 3  # rows make it uneven, never stranded
    fuller = plan_sheets(ComponentSet("t", "T", (Component(
        "disc", face(30, 30, "#cc8844"), count=max(pages) * len(pages), cut=cut),)), HOME)
    assert len(fuller.fronts) == len(pages)  # no page was added to spread them


@pytest.mark.parametrize("backs", ["duplex", "fold", "none"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_shipped_sheet_is_left_with_a_stray_piece_or_two(backs, paper):
    from tests.test_print_all_games import GAMES, game

    options = imposition.PrintOptions(paper=imposition.parse_paper(paper), backs=backs)
    for name in GAMES:
        for components in game(name)[1].component_sets:
            pages = [sum(counts) for counts in counts_per_page(components, options)]
            assert min(pages) * 2 >= max(pages), (name, components.name, pages)


def test_racing_kings_folded_knights_share_their_page():
    from dataclasses import replace

    from tests.test_print_all_games import game

    tokens = game("racing_kings")[1].component_sets[0]
    fold = imposition.PrintOptions(backs="fold")
    assert counts_per_page(replace(tokens, spares=False), fold) == [(8, 0), (8, 0)]
    assert [pieces for pieces, _ in counts_per_page(tokens, fold)] == [14, 2]
    assert counts_per_page(tokens, fold)[1][1] == 10  # the second page is filled with spares


def spare_set(count: int, spares: bool = True) -> ComponentSet:
    return ComponentSet("tokens", "Tokens", tuple(
        Component(f"kind-{k}", face(30, 30, f"#cc88{k}0"), back=face(30, 30, "#335577"),
                  count=count, cut="gap") for k in range(4)), spares=spares)


def test_one_spare_of_each_kind_where_the_last_sheet_has_room():
    pages = counts_per_page(spare_set(2))
    assert pages == [(8, 4)]
    plan = plan_sheets(spare_set(2), HOME)
    assert sorted(p.component for p in plan.fronts[0] if p.spare) == [0, 1, 2, 3]
    assert counts_per_page(spare_set(2, spares=False)) == [(8, 0)]


def test_spares_never_add_a_page():
    full = max(pieces for pieces, _ in counts_per_page(spare_set(100, spares=False)))
    for count in range(full // 4 - 2, full // 4 + 1):
        without = counts_per_page(spare_set(count, spares=False))
        with_spares = counts_per_page(spare_set(count))
        assert len(with_spares) == len(without)
        assert sum(p for p, _ in with_spares) == 4 * count
        assert sum(s for _, s in with_spares) <= 4


@pytest.mark.parametrize("lang, word", [("en", "Spares"), ("de", "Ersatz"), ("pl", "Zapas")])
def test_spares_are_marked_in_the_kit_language_above_them_and_backed_like_the_rest(lang, word):
    from boardgen.i18n import words_for
    from boardgen.imposition.sheets import back_placement
    from boardgen.scene import Text

    options = imposition.PrintOptions(words=words_for(lang=lang))
    pages = imposition.impose_components(spare_set(2), options)
    (heading,) = [n for n in pages[0].children if isinstance(n, Text) and n.text.startswith(word)]
    plan = plan_sheets(spare_set(2), options)
    spares = [p for p in plan.fronts[0] if p.spare]
    regular = [p for p in plan.fronts[0] if not p.spare]
    assert max(p.y + p.h for p in regular) < heading.y < min(p.y for p in spares)
    backs = [n for n in pages[1].children if isinstance(n, Use) and n.symbol.endswith("back")]
    assert len(backs) == len(plan.fronts[0])
    assert {round(b.transform[4], 3) for b in backs} >= \
        {round(back_placement(p, plan).x, 3) for p in spares}


def test_a_plan_asked_for_again_is_the_plan_of_its_own_options():
    from dataclasses import replace

    from boardgen.contract import compose
    from boardgen.imposition.sheets import _plan_sheets
    from boardgen.layout import load_layout

    cards = compose(load_layout("six_day_race"), "en").component_sets[0]
    options = imposition.PrintOptions()
    variants = [options, replace(options, paper=imposition.parse_paper("a3")),
                replace(options, backs="fold"), replace(options, mode="shop"),
                replace(options, margin_mm=20.0), replace(options, mode="shop", bleed_mm=6.0)]
    plans = [plan_sheets(cards, variant) for variant in variants]
    for variant, plan in zip(variants, plans):
        assert plan_sheets(cards, variant) == plan == _plan_sheets(cards, variant)
    assert len({plan.fronts for plan in plans}) == len(variants)
    assert plan_sheets(replace(cards), options) == plans[0]  # an equal set of its own


def test_cut_lines_over_dark_pieces_get_a_pale_edge_and_light_pieces_none():
    from boardgen.components.lines import CUT_HALO, is_dark
    from boardgen.imposition import PrintOptions, impose_components
    from boardgen.product import Component, ComponentSet
    from boardgen.scene import Path, Rect, Scene, Style

    def pieces(colour: str) -> ComponentSet:
        face = Scene(30, 20, (Rect(0, 0, 30, 20, Style(fill=colour)),))
        return ComponentSet("bits", "Bits", (Component("a", face, count=6),))

    def halos(colour: str) -> int:
        (page,) = impose_components(pieces(colour), PrintOptions(backs="none"))
        return sum(isinstance(n, Path) and n.style == CUT_HALO for n in page.children)

    assert is_dark("#222326") and not is_dark("#2f8f46") and not is_dark("#fbf7ee")
    assert halos("#222326") == 1 and halos("#fbf7ee") == 0
