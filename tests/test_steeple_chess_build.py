"""Steeple Chess printed: board size and seams, board.json, pieces, die sheet, figures."""

from __future__ import annotations

import io
import json

import pypdf
import pytest

from boardgen.build import BuildOptions, product_files
from boardgen.games.steeple_chess import compose_game, diagrams, load_setup
from boardgen.imposition import PrintOptions, parse_paper
from boardgen.games.steeple_chess.board import board_grid, centre_artwork
from boardgen.games.steeple_chess.diagrams import SECTIONS, move_targets
from boardgen.i18n import words_for
from boardgen.layout import load_layout
from boardgen.scene import Circle, Group, Polygon, Rect, Text, Use, bounds

LAYOUT = load_layout("steeple_chess")
OUTPUT = compose_game(LAYOUT)
PT = 72 / 25.4


def walk(nodes):
    for node in nodes:
        yield node
        if isinstance(node, Group):
            yield from walk(node.children)


@pytest.fixture(scope="module")
def files():
    return product_files(LAYOUT, OUTPUT, BuildOptions(formats=("pdf", "svg"), dpi=20))


def test_board_is_fourteen_squares_of_30_mm_plus_its_border():
    scene = OUTPUT.board.scene
    assert (scene.width, scene.height) == (14 * 30 + 2 * 18, 14 * 30 + 2 * 18)


def test_seams_run_on_square_edges_clear_of_the_centre_and_start_spaces():
    board = OUTPUT.board
    for seams in (board.seams_x, board.seams_y):
        assert seams and all(abs((v - 18) / 30 - round((v - 18) / 30)) < 1e-9 for v in seams)
    # Never through the title, the heading or the die table, nor through a 2-square start space.
    artwork, boxes = centre_artwork(LAYOUT, board_grid(LAYOUT), words_for(LAYOUT))
    assert len(artwork) == len(boxes) == 3
    for part, (x, y, w, h) in zip(artwork, boxes):
        assert part in OUTPUT.board.scene.children
        x0, y0, x1, y1 = bounds((part,))
        assert x <= x0 and x1 <= x + w and y <= y0 and y1 <= y + h
        assert not [v for v in board.seams_x if x < v < x + w]
        assert not [v for v in board.seams_y if y < v < y + h]
    assert 18 + 7 * 30 in board.seams_y, "a seam between the heading and the die table"
    assert 18 + 7 * 30 not in board.seams_x, "the start spaces span columns g and h"
    # Every piece between two seams fits across an A4 page.
    for seams in (board.seams_x, board.seams_y):
        assert max(b - a for a, b in zip(seams, seams[1:])) <= 190


def test_board_shows_title_table_labels_and_arrows():
    nodes = list(walk(OUTPUT.board.scene.children))
    texts = [n.text for n in nodes if isinstance(n, Text)]
    assert "Steeple Chess" in texts and "No chess die? Roll an ordinary one:" in texts
    for name in ("Pawn", "Knight", "Bishop", "Rook", "Queen", "King"):
        assert name in texts
    assert texts.count("FINISH") == 4 and texts.count("START") == 4
    glyphs = {n.symbol for n in nodes if isinstance(n, Use)}
    assert {f"piece-{p}-white" for p in "KQRBNP"} <= glyphs
    arrows = [n for n in nodes if isinstance(n, Polygon) and n.style.fill == LAYOUT.colors.arrow]
    assert len(arrows) == 2
    blacks = [n for n in nodes if isinstance(n, Rect) and n.style.fill == LAYOUT.colors.black]
    assert len(blacks) == 2


def test_board_json_names_every_square_with_tags_and_centre(files):
    data = json.loads(files["board.json"])
    assert data["game"] == "steeple_chess" and data["units"] == "mm"
    spaces = {s["id"]: s for s in data["spaces"]}
    assert len(spaces) == 148 + 4 + 4
    assert spaces["a1"]["center"] == [18 + 15, 18 + 13 * 30 + 15]
    assert spaces["a1"]["tags"] == ["course", "corner"]
    assert "obstacle" in spaces["b8"]["tags"]
    assert "obstacle-zone" in spaces["g13"]["tags"]
    assert spaces["f1"]["kind"] == "goal" and "finish" in spaces["f1"]["tags"]
    assert "wall" in spaces["f1"]["tags"] and spaces["f1"]["walls"] == ["east"]
    assert "start" in spaces["i1"]["tags"] and spaces["i1"]["forward"] == ["east"]
    assert spaces["start-green"]["entry"] == ["h1"] and spaces["start-green"]["size"] == [60, 30]
    assert sorted(data["walls"]) == [["f1", "g1"], ["f2", "g2"], ["f3", "g3"], ["f4", "g4"]]
    assert data["arrows"] == [{"square": "f14", "points": "east"},
                              {"square": "i14", "points": "west"}]
    assert data["die"] == {"1": "Pawn", "2": "Knight", "3": "Bishop", "4": "Rook", "5": "Queen",
                           "6": "King"}


def test_setup_is_drawn_and_listed(tmp_path):
    path = tmp_path / "setup.toml"
    path.write_text('[obstacle]\ncells = ["g13", "h13"]\n[[piece]]\ncolor = "blue"\nnumber = 2\n'
                    'cell = "k3"\n', encoding="utf-8")
    output = compose_game(LAYOUT, load_setup(LAYOUT, path))
    assert output.board_json["setup"] == {"obstacle": ["g13", "h13"],
                                          "pieces": [{"square": "k3", "color": "blue",
                                                      "number": 2}]}
    spaces = {s["id"]: s for s in output.board_json["spaces"]}
    assert "obstacle" in spaces["g13"]["tags"]
    drawn = [n for n in walk(output.board.scene.children)
             if isinstance(n, Rect) and n.style.fill == LAYOUT.colors.obstacle]
    assert len(drawn) == 1 and (drawn[0].w, drawn[0].h) == (58, 28)


def test_pieces_are_twelve_numbered_tokens_and_one_obstacle(files):
    pieces, _ = OUTPUT.component_sets
    names = [c.name for c in pieces.components]
    assert names == [f"{colour}-{n}" for colour in ("green", "yellow", "red", "blue")
                     for n in (1, 2, 3)] + ["obstacle"]
    tokens = pieces.components[:12]
    assert all(c.front.width == c.front.height == 16 and c.cut == "gap" for c in tokens)
    assert [t.text for c in tokens for t in c.front.children if isinstance(t, Text)] == \
        ["1", "2", "3"] * 4
    obstacle = pieces.components[12]
    assert (obstacle.front.width, obstacle.front.height) == (58, 28)
    reader = pypdf.PdfReader(io.BytesIO(files["pieces.pdf"]))
    assert len(reader.pages) >= 1


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_die_sheet_page_size_read_back(paper, size):
    options = BuildOptions(formats=("pdf",), print=PrintOptions(paper=parse_paper(paper)))
    reader = pypdf.PdfReader(io.BytesIO(product_files(LAYOUT, OUTPUT, options)["die.pdf"]))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)) == size
    assert "The chess die" in reader.pages[0].extract_text()


def test_build_is_byte_identical_twice(files):
    again = product_files(LAYOUT, compose_game(LAYOUT), BuildOptions(formats=("pdf", "svg"), dpi=20))
    assert again == files


def test_figures_cover_every_die_face_at_rule_sheet_width():
    figures = diagrams(LAYOUT)
    required = {"board", "move-king", "move-queen", "move-rook", "move-bishop", "move-knight",
                "move-pawn", "obstacle"}
    assert required <= set(figures)
    for name, make in figures.items():
        scene = make()
        assert 80 <= scene.width <= 120, name
        assert scene.height <= 120, name


@pytest.mark.parametrize("face,name", [("K", "king"), ("Q", "queen"), ("R", "rook"),
                                       ("B", "bishop"), ("N", "knight")])
def test_move_figures_mark_exactly_the_engines_targets(face, name):
    scene = diagrams(LAYOUT)[f"move-{name}"]()
    found = move_targets(face)
    assert found, "every figure shows somewhere to go"
    marks = [n for n in walk(scene.children) if isinstance(n, Circle)
             and (n.style.fill == LAYOUT.colors.green and n.r < 3 or n.style.stroke == "#c0392b")]
    assert len(marks) == len(found)
    assert face in SECTIONS


def test_obstacle_figure_shows_arrows_and_a_legal_obstacle():
    scene = diagrams(LAYOUT)["obstacle"]()
    nodes = list(walk(scene.children))
    assert len([n for n in nodes if isinstance(n, Polygon)
                and n.style.fill == LAYOUT.colors.arrow]) == 2
    assert len([n for n in nodes if isinstance(n, Rect)
                and n.style.fill == LAYOUT.colors.obstacle]) == 1


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_die_moves_card_per_colour_says_what_each_face_does(lang, tmp_path):
    """Each face of the die in the ordinary die's order, its number, piece and glyph, read
    back from the printed card."""
    words = words_for(LAYOUT, lang)
    output = compose_game(LAYOUT, words=words)
    _, aid = output.component_sets
    (card,) = aid.components
    assert card.count == 4 and (card.front.width, card.front.height) == (63.5, 88.9)
    files = product_files(LAYOUT, output, BuildOptions(formats=("pdf",), lang=lang))
    text = " ".join(pypdf.PdfReader(io.BytesIO(files["aid.pdf"])).pages[0].extract_text()
                    .split())
    for number, letter in enumerate(LAYOUT.die.faces, start=1):
        entry = words("die.entry", number=number, piece=words(f"pieces.{letter}"))
        assert entry in text
        assert " ".join(words(f"aid.{letter}").split()[:3]) in text
    glyphs = {symbol for symbol in card.front.symbols if symbol.startswith("piece-")}
    assert glyphs == {f"piece-{letter}-white" for letter in LAYOUT.die.faces}
