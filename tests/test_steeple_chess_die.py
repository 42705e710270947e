"""The chess die net folds to a cube, with one glue tab per open seam and opposite faces right."""

from __future__ import annotations

from boardgen.games.steeple_chess.die import NET, SIDES, TABS, die_sheet, face_letters, net_nodes
from boardgen.imposition import PrintOptions, parse_paper
from boardgen.imposition.tiling import art_box
from boardgen.layout import load_layout
from boardgen.scene import Group, Line, Polygon, Text, Use

LAYOUT = load_layout("steeple_chess")
Vector = tuple[int, int, int]


def neg(v: Vector) -> Vector:
    return (-v[0], -v[1], -v[2])


def add(*vs: Vector) -> Vector:
    return tuple(sum(c) for c in zip(*vs))


def times(v: Vector, k: int) -> Vector:
    return (v[0] * k, v[1] * k, v[2] * k)


def fold(net) -> dict:
    """Each slot's outward normal and the 3D directions of its right and down edges.

    Rolling the cube over an edge of a face: the neighbour to the right gets the old
    right direction as its normal, and so on; a unit cube centred at the origin.
    """
    first = min(net)
    frames = {first: ((0, 0, 1), (1, 0, 0), (0, 1, 0))}
    todo = [first]
    while todo:
        slot = todo.pop()
        normal, right, down = frames[slot]
        for dx, dy in SIDES.values():
            other = (slot[0] + dx, slot[1] + dy)
            if other not in net or other in frames:
                continue
            if dx:
                frames[other] = (times(right, dx), times(normal, -dx), down)
            else:
                frames[other] = (times(down, dy), right, times(normal, -dy))
            todo.append(other)
    return frames


def cube_edges(frames) -> dict[Vector, list]:
    """Cube edge (as twice its midpoint) → the face edges that fold onto it."""
    edges: dict[Vector, list] = {}
    for slot, (normal, right, down) in frames.items():
        for side, (dx, dy) in SIDES.items():
            key = add(normal, times(right, dx), times(down, dy))
            edges.setdefault(key, []).append((slot, side))
    return edges


def test_net_folds_to_a_cube():
    frames = fold(NET)
    assert len(frames) == 6, "the net is connected"
    normals = {frame[0] for frame in frames.values()}
    assert len(normals) == 6, "no two faces land on the same side"


def test_every_face_edge_meets_exactly_one_other_and_every_seam_has_one_tab():
    edges = cube_edges(fold(NET))
    assert len(edges) == 12
    tabs = set(TABS)
    seams = 0
    for key, face_edges in edges.items():
        assert len(face_edges) == 2, f"cube edge {key} gets {face_edges}"
        (a, side_a), (b, side_b) = face_edges
        folded_in_net = (b[0] - a[0], b[1] - a[1]) == SIDES[side_a]
        with_tab = [e for e in face_edges if e in tabs]
        if folded_in_net:
            assert not with_tab, "a fold line carries no tab"
        else:
            seams += 1
            assert len(with_tab) == 1, f"seam {face_edges} needs exactly one tab, has {with_tab}"
    assert seams == 7 and len(TABS) == 7


def test_opposite_faces_are_pawn_king_knight_queen_bishop_rook():
    frames = fold(NET)
    letters = face_letters(LAYOUT)
    by_normal = {frames[slot][0]: letter for slot, letter in letters.items()}
    opposite = {frozenset((letter, by_normal[neg(n)])) for n, letter in by_normal.items()}
    assert opposite == {frozenset("PK"), frozenset("NQ"), frozenset("BR")}
    assert sorted(letters.values()) == sorted("KQRBNP")


def test_tabs_do_not_overlap_faces_or_each_other():
    e = LAYOUT.die.edge_mm
    faces = [(c * e, r * e, c * e + e, r * e + e) for c, r in NET]
    nodes, _, _ = net_nodes(LAYOUT)
    tabs = [n for n in nodes[0].children if isinstance(n, Polygon)]
    assert len(tabs) == 7

    def inside(p, box):
        return box[0] + 1e-6 < p[0] < box[2] - 1e-6 and box[1] + 1e-6 < p[1] < box[3] - 1e-6

    for tab in tabs:
        centre = (sum(x for x, _ in tab.points) / 4, sum(y for _, y in tab.points) / 4)
        assert not any(inside(centre, f) for f in faces)
    centres = {(round(sum(x for x, _ in t.points), 3), round(sum(y for _, y in t.points), 3))
               for t in tabs}
    assert len(centres) == 7


def test_net_draws_dashed_folds_solid_cuts_and_six_glyphs():
    nodes, width, height = net_nodes(LAYOUT)
    e = LAYOUT.die.edge_mm
    assert (width, height) == (3 * e, 4 * e + 0.3 * e)
    children = nodes[0].children
    lines = [n for n in children if isinstance(n, Line)]
    folds = [n for n in lines if n.style.dash]
    cuts = [n for n in lines if not n.style.dash]
    assert len(folds) == 5 + 7, "five face folds, seven tab folds"
    assert len(cuts) == 7 + 7 * 3, "seven bare face edges, three cut sides per tab"
    glyphs = [n for n in children if isinstance(n, Use)]
    assert sorted(g.symbol for g in glyphs) == sorted(f"piece-{p}-black" for p in "KQRBNP")


def test_die_sheet_fits_a4_and_letter_with_the_net_at_its_edge_length():
    sheet = die_sheet(LAYOUT)
    assert sheet.name == "die"
    for paper in ("a4", "letter"):
        area = art_box(*parse_paper(paper).size(), PrintOptions().margin_mm)
        assert sheet.scene.width <= area.w and sheet.scene.height <= area.h, paper
    nets = [n for n in sheet.scene.children if isinstance(n, Group)]
    assert len(nets) == 2, "a spare net fits beside the first"
    net, _, _ = net_nodes(LAYOUT)
    for group in nets:
        assert group.transform[:4] == (1, 0, 0, 1), "moved, never scaled"
    assert all(n.children == tuple(net) for n in nets)


def test_die_sheet_says_which_number_each_piece_stands_for():
    texts = [n.text for n in sheet_texts(die_sheet(LAYOUT).scene.children)]
    assert "1 = Pawn   2 = Knight   3 = Bishop   4 = Rook   5 = Queen   6 = King" in texts
    assert sheet_texts and "The chess die" in texts


def sheet_texts(nodes):
    return [n for n in nodes if isinstance(n, Text)]


def test_a_shared_die_takes_chess_pieces_as_faces_and_refuses_other_letters():
    import pytest
    from pydantic import TypeAdapter, ValidationError

    from boardgen.components import die

    model = TypeAdapter(die.Model).validate_python(
        {"type": "die", "faces": [f"piece:{p}" for p in "PNBRQK"]})
    (face,) = [n for n in die.die_faces(model)[5].children if isinstance(n, Use)]
    assert face.symbol == "piece-K-black" and "piece-K-black" in die.die_faces(model)[5].symbols
    with pytest.raises(ValidationError, match="unknown chess piece 'X'"):
        TypeAdapter(die.Model).validate_python(
            {"type": "die", "faces": ["piece:X", "2", "3", "4", "5", "6"]})
