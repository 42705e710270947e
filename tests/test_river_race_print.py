"""Wyścig przez rzekę: what gets printed — board, tiles, obstacles, board.json, figures, rules."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageStat
from pypdf import PdfReader
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.components.text import box as text_box
from boardgen.errors import InputError
from boardgen.games.river_race import board_json, compose_game, diagrams
from boardgen.games.river_race.components import obstacle_piece
from boardgen.games.river_race.examples import illegal_example, legal_example
from boardgen.geometry.paths import line_ends, parse_path
from boardgen.games.river_race.setup import Placement, Setup
from boardgen.i18n import words_for
from boardgen.imposition import impose_board
from boardgen.imposition.paper import PrintOptions
from boardgen.ink import saver
from boardgen.layout import layouts_dir, load_layout
from boardgen.render import renderer
from boardgen.scene import Group, Rect, Scene, Text, Use

MM = 72 / 25.4


@pytest.fixture(scope="module")
def layout():
    return load_layout("river_race")


@pytest.fixture(scope="module")
def game(layout):
    return compose_game(layout)


@pytest.fixture(scope="module")
def game_pl(layout):
    return compose_game(layout, words=words_for(layout, "pl"))


def texts(nodes) -> list[str]:
    found = []
    for node in nodes:
        if isinstance(node, Text):
            found.append(node.text)
        elif isinstance(node, Group):
            found += texts(node.children)
    return found


def uses(nodes) -> list[str]:
    found = []
    for node in nodes:
        if isinstance(node, Use):
            found.append(node.symbol)
        elif isinstance(node, Group):
            found += uses(node.children)
    return found


# ---- the board ---------------------------------------------------------------------------


CELL = 15  # mm: a tile a hand can cut out and pick up


def test_board_is_21_cells_of_15_mm_plus_borders(game):
    board = game.board
    assert board.scene.width == pytest.approx(21 * CELL + 2 * 9)
    assert len(board.seams_y) == 22
    assert all((x - 9) % CELL == pytest.approx(0) for x in board.seams_x), "on cell boundaries"
    middle = board.scene.width / 2
    assert any(abs(x - middle) <= CELL for x in board.seams_x), "a seam near the middle"
    assert all(b - a == pytest.approx(CELL) for a, b in zip(board.seams_y, board.seams_y[1:]))
    assert 0 < board.seams_y[0] and board.seams_y[-1] < board.scene.height


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_board_tiles_on_2_by_2_a4_sheets_and_no_seam_cuts_a_word(layout, lang):
    board = compose_game(layout, words=words_for(layout, lang)).board
    words = [node for node in board.scene.children if isinstance(node, Text)]
    for x in board.seams_x:
        for word in words:
            left, _, right, _ = text_box(word)
            assert not left - 1 < x < right + 1, f"the seam at {x} mm cuts {word.text!r}"
    pages = impose_board(board, PrintOptions(words=words_for(layout, lang)))
    assert len(pages) == 5, "four A4 sheets and the assembly map"


def test_board_has_title_coordinates_on_all_sides_and_labelled_fields(game, game_pl):
    english = texts(game.board.scene.children)
    assert "Race across the River" in english
    assert english.count("START") == 2 and english.count("RESERVE") == 4
    words = texts(game_pl.board.scene.children)
    assert "Wyścig przez rzekę" in words
    for column in "AKU":
        assert words.count(column) == 2, "column letters above and below"
    for row in ("1", "21"):
        assert words.count(row) >= 2, "row numbers left and right"
    assert words.count("START") == 2 and words.count("REZERWA") == 4
    band_top = game.board.scene.height - layout_legend_band(game)
    swatches = [n for n in game.board.scene.children if isinstance(n, Rect) and n.y > band_top
                and n.w == n.h and n.w < 10]
    assert len(swatches) == 4, "the legend's start and reserve swatch for each player"


def layout_legend_band(game) -> float:
    return load_layout("river_race").board.legend_band_mm


def test_board_pdf_has_exact_size_and_unicode_title(game_pl):
    game = game_pl
    pdf = renderer("pdf")(_document(game.board.scene))
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert float(page.mediabox.width) / MM == pytest.approx(game.board.scene.width, abs=0.01)
    assert float(page.mediabox.height) / MM == pytest.approx(game.board.scene.height, abs=0.01)
    text = page.extract_text()
    assert "Wyścig przez rzekę" in text
    assert "pole rezerwowe" in text


def _document(scene: Scene):
    from boardgen.scene import Document

    return Document((scene,), title="test")


def test_setup_is_drawn_on_the_board(layout, game):
    setup = legal_example(layout)
    with_setup = compose_game(layout, setup=setup)
    plain_nodes = len(game.board.scene.children)
    assert len(with_setup.board.scene.children) == plain_nodes + len(setup.placements)
    added = texts(with_setup.board.scene.children)
    assert added.count("R") - texts(game.board.scene.children).count("R") == 6, \
        "each black piece shows its R"


def test_board_output_is_deterministic(layout):
    first = renderer("svg")(compose_game(layout).board.scene)
    assert first == renderer("svg")(compose_game(layout).board.scene)


# ---- tiles and obstacles ---------------------------------------------------------------------


def test_tiles_are_seven_types_of_twenty_with_one_back(game):
    tiles = next(s for s in game.component_sets if s.name == "tiles")
    assert [c.name for c in tiles.components] == [
        "straight-ns", "straight-ew", "turn-ne", "turn-es", "turn-sw", "turn-wn", "crossing"]
    assert [c.count for c in tiles.components] == [20] * 7
    assert all(c.cut == "shared" for c in tiles.components)
    assert all((c.front.width, c.front.height) == (CELL, CELL) for c in tiles.components)
    backs = {id(c.back) for c in tiles.components}
    assert len(backs) == 1, "one shared back, so tiles can be drawn face down"
    for component in tiles.components:
        assert uses(component.front.children) == [f"tiles-tile-{component.name}"]
        assert set(component.front.symbols) >= {f"tiles-tile-{component.name}"}


def test_tile_lines_join_the_edges_the_names_say(layout):
    ends = {t.name: t.ends() for t in layout.tiles.types}
    assert ends == {"straight-ns": ("N", "S"), "straight-ew": ("E", "W"),
                    "turn-ne": ("N", "E"), "turn-es": ("E", "S"), "turn-sw": ("S", "W"),
                    "turn-wn": ("N", "W"), "crossing": ("N", "E", "S", "W")}


def test_quarter_turn_is_a_quarter_circle():
    (move, curve), = [parse_path("M 50 0 A 50 50 0 0 0 100 50")]
    assert move == ("M", 50.0, 0.0)
    assert curve[0] == "C" and curve[-2:] == (100.0, 50.0)
    assert curve[1:3] == pytest.approx((50.0, 27.614), abs=0.01)  # tangent leaves straight down


@pytest.mark.parametrize("data,message", [
    ("L 0 0", "must start with M"),
    ("M 50 0 L 150 50", "leaves the 100×100 tile box"),
    ("M 50 0 C 1 2", "C needs 6 numbers"),
    ("M 50 0 X 3 4", "unexpected 'X'"),
])
def test_bad_tile_paths_are_rejected(data, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_path(data)


def test_user_adds_a_t_junction_without_code(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('extends = "river_race"\nname = "mine"\n\n[tiles]\nline_mm = 2.4\n'
                    '[[tiles.types]]\nname = "t-junction"\ncount = 12\n'
                    'paths = ["M 0 50 L 100 50 M 50 50 L 50 100"]\n'
                    '[[tiles.types]]\nname = "double-curve"\ncount = 8\n'
                    'paths = ["M 50 0 A 50 50 0 0 1 0 50", "m 100 50 a 50 50 0 0 0 -50 50"]\n',
                    encoding="utf-8")
    mine = load_layout(path)
    assert [(t.name, t.ends()) for t in mine.tiles.types] == [
        ("t-junction", ("E", "S", "W")), ("double-curve", ("N", "E", "S", "W"))]
    tiles = next(s for s in compose_game(mine).component_sets if s.name == "tiles")
    assert [(c.name, c.count) for c in tiles.components] == [("t-junction", 12),
                                                             ("double-curve", 8)]
    svg = renderer("svg")(tiles.components[0].front)
    assert b"tiles-tile-t-junction" in svg


def test_bad_tile_path_in_a_layout_names_the_key(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('extends = "river_race"\nname = "bad"\n\n[tiles]\n[[tiles.types]]\n'
                    'name = "oops"\ncount = 1\npaths = ["M 50 0 L 50 120"]\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_layout(path)
    assert caught.value.key == "tiles.types[0].paths"
    assert "leaves the 100×100 tile box" in str(caught.value)


def test_obstacle_pieces_at_cell_scale(layout, game):
    obstacles = next(s for s in game.component_sets if s.name == "obstacles")
    sizes = {c.name: (c.front.width, c.front.height, c.count) for c in obstacles.components}
    assert sizes == {"black-1x3": (2 * CELL, 3 * CELL, 6), "green-1x2": (2 * CELL, 2 * CELL, 2),
                     "green-2x2": (4 * CELL, 2 * CELL, 2)}, "fold-over: both faces side by side"
    plain = load_layout(_with(layout, "[pieces]\nstyle = \"plain\"\n"))
    obstacles = next(s for s in compose_game(plain).component_sets if s.name == "obstacles")
    assert {c.name: (c.front.width, c.front.height, c.back is not None)
            for c in obstacles.components} == {"black-1x3": (CELL, 3 * CELL, True),
                                               "green-1x2": (CELL, 2 * CELL, True),
                                               "green-2x2": (2 * CELL, 2 * CELL, True)}


def _with(layout, extra: str) -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    path = folder / "variant.toml"
    path.write_text(f'extends = "{layouts_dir() / "river_race.toml"}"\nname = "variant"\n{extra}',
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("extra,key,message", [
    ('[[players]]\nname = "A"\ncolor = "#ff0000"\nbank = 1\nstart = "K1"\n'
     '[[players]]\nname = "B"\ncolor = "#0000ff"\nbank = 21\nstart = "V21"\n',
     "players", "start field V21 is off the board"),
    ('[[players]]\nname = "A"\ncolor = "#ff0000"\nbank = 1\nstart = "K2"\n'
     '[[players]]\nname = "B"\ncolor = "#0000ff"\nbank = 21\nstart = "K21"\n',
     "players", "start field K2 is not on the player's bank, row 1"),
    ("[obstacles.black]\nper_player = 4\n", None, "the box has only 6"),
    ('[obstacles.black]\nshapes = { "1-3" = 6 }\n', "obstacles.black.shapes",
     "should be columns x rows"),
    ("[board]\ncolumns = 200\n", "board.columns", "a river board has 9 to 50 columns, not 200"),
    ("[board]\nrows = 8\n", "board.rows", "a river board has 9 to 50 rows, not 8"),
])
def test_impossible_layouts_are_input_errors(layout, extra, key, message):
    with pytest.raises(InputError) as caught:
        load_layout(_with(layout, extra))
    assert message in str(caught.value)
    if key:
        assert (caught.value.key or "").startswith(key)


# ---- board.json ---------------------------------------------------------------------------


def test_board_json_cells(layout):
    document = board_json(layout)
    spaces = {s["id"]: s for s in document["spaces"]}
    assert len(spaces) == 441
    assert spaces["K21"]["tags"] == ["bank", "start"] and spaces["K21"]["player"] == 2
    assert spaces["F1"]["tags"] == ["bank", "reserve"] and spaces["F1"]["player"] == 1
    assert spaces["K11"]["tags"] == ["river"]
    a21, b21, a20 = spaces["A21"]["center"], spaces["B21"]["center"], spaces["A20"]["center"]
    assert b21[0] - a21[0] == pytest.approx(CELL) and a20[1] - a21[1] == pytest.approx(CELL)
    assert spaces["A1"]["center"][1] > spaces["A21"]["center"][1], "row 1 is at the bottom"
    assert [p["start"] for p in document["players"]] == ["K1", "K21"]
    assert sum(t["count"] for t in document["tile_types"]) == 140
    assert "obstacles" not in document


def test_board_json_lists_placed_obstacles(layout):
    setup = Setup((Placement(1, "black-1x3", ("C5", "D5", "E5"), 1),))
    document = board_json(layout, setup)
    spaces = {s["id"]: s for s in document["spaces"]}
    (placed,) = document["obstacles"]
    assert placed["piece"] == "black-1x3" and placed["cells"] == ["C5", "D5", "E5"]
    assert placed["centers"][0] == spaces["C5"]["center"]


# ---- rule figures and texts ---------------------------------------------------------------

FIGURES = ["board", "obstacle-black", "obstacle-green", "collision", "off-board", "whirlpool",
           "setup-legal", "setup-illegal"]


def test_all_figures_exist_and_are_a_column_wide(layout):
    figures = diagrams(layout)
    assert set(FIGURES) <= set(figures)
    for name in FIGURES:
        scene = figures[name]()
        assert 80 <= scene.width <= 120, name
        assert 30 <= scene.height <= 120, name
        for symbol in uses(scene.children):
            assert symbol in scene.symbols
        assert renderer("svg")(scene).startswith(b"<?xml")


def test_setup_figures_agree_with_the_validator(layout):
    from boardgen.games.river_race import validate

    assert validate(layout.model(), legal_example(layout)).ok
    illegal = validate(layout.model(), illegal_example(layout))
    assert "cut-off" in illegal.codes()


def test_line_ends_of_a_closed_loop_are_none():
    assert line_ends(parse_path("M 30 30 L 70 30 L 70 70 Z")) == ()


# ---- the ink saver -----------------------------------------------------------------------


def _ink_of_pages(pdf: bytes) -> list[float]:
    """Mean darkness of each page rendered at 25 dpi: 0 for blank paper, 1 for solid black."""
    pages = pdfium.PdfDocument(pdf)
    return [1 - ImageStat.Stat(page.render(scale=25 / 72).to_pil().convert("L")).mean[0] / 255
            for page in pages]


@pytest.fixture(scope="module")
def saver_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("saver")
    result = CliRunner().invoke(app, ["build", "river_race", "--out", str(out), "--ink", "saver",
                                      "--format", "pdf"])
    assert result.exit_code == 0, result.output
    return out / "river_race"


def test_saver_pages_of_tiles_and_obstacles_take_at_most_15_percent_ink(saver_kit):
    for name in ("tiles", "obstacles", "board"):
        for number, ink in enumerate(_ink_of_pages((saver_kit / f"{name}.pdf").read_bytes()), 1):
            assert ink <= 0.15, f"{name}.pdf page {number}: {ink:.1%} ink"


def test_saver_obstacles_still_read_as_black_and_green(layout):
    words = words_for(layout, "en")
    for family, looks_like in (("black", "grey"), ("green", "green")):
        front, _ = obstacle_piece(layout, family, 1, 2, words)
        pdf = renderer("pdf")(_document(saver(front)))
        image = pdfium.PdfDocument(pdf)[0].render(scale=4).to_pil().convert("RGB")
        data = image.tobytes()
        pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
        inked = [p for p in pixels if sum(p) < 600]  # what is printed, not the paper
        assert len(inked) > 0.25 * image.width * image.height, f"{family}: too pale to read"
        r, g, b = (sum(p[k] for p in inked) / len(inked) for k in range(3))
        if looks_like == "grey":
            assert max(r, g, b) - min(r, g, b) < 20 and max(r, g, b) < 140, (family, r, g, b)
        else:
            assert g > r + 30 and g > b + 20, (family, r, g, b)


# ---- the penalties card ------------------------------------------------------------------


def _card_words(game) -> str:
    aids = next(s for s in game.component_sets if s.name == "penalties")
    card = aids.components[0].front
    return " ".join(texts(next(iter(card.symbols.values()))))


def test_each_player_gets_a_penalties_card_with_the_layouts_numbers(layout):
    play = layout.play.model_copy(update={"take_back_obstacle": 1, "take_back_collision": 3,
                                          "take_back_off_board": 7})
    changed = layout.model_copy(update={"play": play})
    english = compose_game(changed)
    aids = next(s for s in english.component_sets if s.name == "penalties")
    assert sum(c.count for c in aids.components) == len(layout.players)
    words = _card_words(english)
    for heading in ("Black obstacle", "Green obstacle", "Collision", "Off the board",
                    "Whirlpool"):
        assert heading in words
    assert "your last tile at once" in words and "last 7 tiles" in words
    polish = _card_words(compose_game(changed, words=words_for(layout, "pl")))
    assert "ostatnio położony kafelek" in polish and "3 ostatnio położone kafelki" in polish
    assert "7 ostatnio położonych kafelków" in polish
