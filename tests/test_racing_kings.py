"""Racing Kings: the start against python-chess, boards of every size, printed words per language."""

from __future__ import annotations

import io
import json
import re

import chess
import chess.variant
import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from boardgen.errors import InputError
from boardgen.games import racing_kings
from boardgen.games.racing_kings.position import checks
from boardgen.i18n import flatten, words_for
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Rect
from tests.conftest import pdf_text, write


@pytest.fixture(scope="module")
def layout():
    return load_layout("racing_kings")


def test_start_position_matches_python_chess(layout):
    reference = chess.variant.RacingKingsBoard()
    ours = racing_kings.position(layout)
    expected = {(chess.square_file(sq), chess.square_rank(sq) + 1): p.symbol()
                for sq, p in reference.piece_map().items()}
    assert ours == expected
    assert len(ours) == 16


def test_board_is_the_layout_size_exactly(layout):
    board = racing_kings.compose_board(layout).scene
    spec = layout.board
    assert board.width == pytest.approx(2 * spec.border_mm + 8 * spec.square_mm)
    squares = [n for n in board.children if isinstance(n, Rect) and n.w == spec.square_mm
               and n.h == spec.square_mm]
    assert len(squares) == 64
    xs = sorted({round(r.x, 6) for r in squares})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([40.0] * 7)
    svg = renderer("svg")(board).decode()
    assert f'width="{board.width:g}mm"' in svg


def test_goal_rank_is_coloured_and_labelled(layout):
    board = racing_kings.compose_board(layout).scene
    goal_colours = {layout.colors.goal_light, layout.colors.goal_dark}
    squares = [n for n in board.children if isinstance(n, Rect) and n.w == 40 and n.h == 40]
    top_row = min(r.y for r in squares)
    assert {r.style.fill for r in squares if r.y == top_row} == goal_colours
    assert {r.style.fill for r in squares if r.y != top_row}.isdisjoint(goal_colours)
    svg = renderer("svg")(board).decode()
    assert svg.count(">GOAL<") == 2


def test_coordinates_around_the_board(layout):
    svg = renderer("svg")(racing_kings.compose_board(layout).scene).decode()
    labels = re.findall(r">([a-h1-8])</text>", svg)
    for c in "abcdefgh12345678":
        assert labels.count(c) == 2, c


def test_board_json_squares_and_pieces(layout):
    data = racing_kings.board_json(layout)
    spaces = {s["id"]: s for s in data["spaces"]}
    assert len(spaces) == 64
    a1, b1, a2 = spaces["a1"], spaces["b1"], spaces["a2"]
    assert b1["center"][0] - a1["center"][0] == pytest.approx(40)
    assert a1["center"][1] - a2["center"][1] == pytest.approx(40)  # rank 1 is below rank 2
    assert "goal" in spaces["e8"]["tags"] and "goal" not in spaces["e7"]["tags"]
    assert a1["color"] == layout.colors.dark and b1["color"] == layout.colors.light
    reference = chess.variant.RacingKingsBoard()
    pieces = {(p["square"], p["piece"], p["side"]) for p in data["pieces"]}
    expected = {(chess.square_name(sq), p.symbol().upper(), "white" if p.color else "black")
                for sq, p in reference.piece_map().items()}
    assert pieces == expected
    json.dumps(data)  # serialisable


def test_token_sheet_has_sixteen_pieces(layout):
    tokens = racing_kings.compose_tokens(layout)
    counts = {c.name: c.count for c in tokens.components}
    assert sum(counts.values()) == 16
    assert counts["white-K"] == counts["black-K"] == 1
    assert counts["white-R"] == counts["black-N"] == 2
    assert all(c.front.width == layout.tokens.size_mm for c in tokens.components)


def test_standee_tokens(tmp_path):
    path = tmp_path / "standees.toml"
    path.write_text('extends = "racing_kings"\nname = "rk_standees"\n[tokens]\nstyle = "standee"\n'
                    'size_mm = 26\n')
    layout = load_layout(str(path))
    tokens = racing_kings.compose_tokens(layout)
    assert all(c.front.width == 26 and c.front.height > 2 * 26 for c in tokens.components)


def test_ascii_setup_in_a_user_file_replaces_the_inherited_fen(tmp_path):
    path = tmp_path / "ascii.toml"
    rows = ["........"] * 6 + ["k r b n N B R K", "q r b n N B R Q"]
    path.write_text('extends = "racing_kings"\n[setup]\nascii = """\n' + "\n".join(rows) + '\n"""\n')
    assert racing_kings.position(load_layout(str(path))) == racing_kings.position(
        load_layout("racing_kings"))


# ---- boards of other sizes ---------------------------------------------------------

def custom(tmp_path, text: str, name: str = "mine.toml"):
    return write(tmp_path, name, 'extends = "racing_kings"\nname = "mine"\n' + text)


SIX_BY_SIX = '[board]\nfiles = 6\nranks = 6\n[setup]\nfen = "6/6/6/6/kr2RK/qn2NQ"\n'


@pytest.mark.parametrize("board, files, ranks", [
    (SIX_BY_SIX, 6, 6),
    ('[board]\nfiles = "abcdefg"\nranks = 9\n[setup]\nascii = """\n' + ".......\n" * 7 +
     'kr...RK\nqb...BQ\n"""\n', 7, 9),
    ("[board]\nfiles = 16\nranks = 16\n", 16, 16),
])
def test_boards_of_other_sizes_build_as_pdf(run_cli, tmp_path, board, files, ranks):
    path = custom(tmp_path, board)
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "out" / "mine"
    data = json.loads((folder / "board.json").read_text())
    assert len(data["spaces"]) == files * ranks and data["goal_rank"] == ranks
    last = "abcdefghijklmnop"[files - 1] + str(ranks)
    assert "goal" in {s["id"]: s for s in data["spaces"]}[last]["tags"]
    text = pdf_text((folder / "board.pdf").read_bytes())
    assert f"reach rank {ranks} wins" in text
    assert {"board.pdf", "tokens.pdf", "rules.pdf"} <= {p.name for p in folder.iterdir()}


def test_a_wider_board_keeps_the_standard_camps_in_its_corners(tmp_path):
    layout = load_layout(str(custom(tmp_path, "[board]\nfiles = 12\nranks = 10\n")))
    start = racing_kings.position(layout)
    assert start[(0, 2)] == "k" and start[(11, 2)] == "K" and start[(11, 1)] == "Q"
    assert not any(4 <= f <= 7 for f, _ in start), "the middle files stay empty"
    assert layout.board.goal == 10 and layout.board.letters == "abcdefghijkl"


@pytest.mark.parametrize("board, fragments", [
    ("[board]\nfiles = 5\n", ["board.files", "6 to 16 files, found 5"]),
    ('[board]\nfiles = "abcdefghijklmnopq"\n', ["board.files", "6 to 16 files, found 17"]),
    ("[board]\nranks = 17\n", ["board.ranks", "6 to 16 ranks, found 17"]),
    ("[board]\nranks = 4\n", ["board.ranks", "6 to 16 ranks, found 4"]),
    ("[board]\nfiles = 7\n", ["board.files", "at least 8 files", "[setup]"]),
    ("[board]\nranks = 10\n[setup]\nfen = \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ\"\n",
     ["setup.fen", "8 ranks, the board has 10"]),
    ('[tokens]\nstyle = "standee"\nsize_mm = 80\n', ["tokens.size_mm", "at most 60 mm"]),
])
def test_sizes_outside_the_range_are_refused_with_a_clear_message(run_cli, tmp_path, board,
                                                                   fragments):
    result = run_cli("check", custom(tmp_path, board))
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


def test_every_problem_of_a_start_position_is_reported_at_once(run_cli, tmp_path):
    # a pawn, two white kings, no black king and a rook giving check to a white king
    path = custom(tmp_path, '[setup]\nfen = "8/8/8/8/8/8/KrbnNBRK/qrbnNBRP"\n')
    result = run_cli("check", path)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) >= 4, result.stderr
    assert all("setup.fen" in line for line in lines)
    for fragment in ("without pawns; found pawns on h1", "exactly one white king, it has 2",
                     "exactly one black king, it has 0", "gives check to the king on a2"):
        assert any(fragment in line for line in lines), fragment


def test_a_start_position_giving_check_is_refused(tmp_path):
    with pytest.raises(InputError, match="b2 gives check to the king on h2"):
        load_layout(str(custom(tmp_path, '[setup]\nfen = "8/8/8/8/8/8/kr5K/8"\n')))
    with pytest.raises(InputError, match="on a1 gives check"):
        load_layout(str(custom(tmp_path, '[setup]\nfen = "8/8/8/8/8/8/2k5/N6K"\n')))


def test_positions_agree_with_python_chess_on_check(tmp_path):
    fens = ["8/8/8/8/8/8/kr5K/8", "8/8/8/8/8/8/k1b4K/8", "8/8/8/3n4/8/8/k3Q2K/8",
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ", "8/8/8/8/8/2K5/1k6/8", "8/8/8/8/8/N7/k6K/8"]
    for fen in fens:
        reference = chess.variant.RacingKingsBoard(fen + " w - - 0 1")
        placement = racing_kings.parse_fen(fen, 8, 8)
        found = checks(placement, 8, 8)
        expected = bool(reference.checkers()) or bool(
            chess.Board(fen + " b - - 0 1").checkers())
        assert bool(found) == expected, fen


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=st.integers(6, 16), ranks=st.integers(6, 16), square=st.sampled_from([12, 25, 40]),
       standee=st.booleans())
def test_any_size_in_the_range_composes_and_renders(tmp_path, files, ranks, square, standee):
    if files >= 8:
        setup = ""
    else:  # a short start of its own: kings in the corners behind a rook and a knight each
        rows = ["." * files] * (ranks - 2) + ["kr" + "." * (files - 4) + "RK",
                                              "qn" + "." * (files - 4) + "NQ"]
        setup = '[setup]\nascii = """\n' + "\n".join(rows) + '\n"""\n'
    style = '[tokens]\nstyle = "standee"\nsize_mm = 30\n' if standee else ""
    path = custom(tmp_path, f"[board]\nfiles = {files}\nranks = {ranks}\nsquare_mm = {square}\n"
                  + setup + style, name=f"rk_{files}_{ranks}.toml")
    layout = load_layout(str(path))
    game = racing_kings.compose_game(layout, words=words_for(layout, "pl"))
    board = game.board.scene
    assert board.width == pytest.approx(2 * layout.board.border_mm + files * square)
    assert len(game.board.seams_x) == files + 1 and len(game.board.seams_y) == ranks + 1
    svg = renderer("svg")(board).decode()
    assert svg.count(">META<") == 2 and f"w rzędzie {ranks}." in svg
    for text in re.findall(r"<text[^>]*>", svg):  # every word stays inside the board
        x = float(re.search(r'\bx="([-\d.]+)', text).group(1))
        assert -0.01 <= x <= board.width + 0.01
    assert len(game.board_json["spaces"]) == files * ranks
    assert sum(c.count for c in game.component_sets[0].components) == len(
        racing_kings.position(layout))
    for figure in racing_kings.diagrams(layout, words_for(layout, "de")).values():
        assert figure().width > 0


# ---- every printed word in the kit's language --------------------------------------

@pytest.fixture(scope="module")
def english_words():
    return {text for text in flatten(load_layout("racing_kings").labels["en"]).values()}


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_translated_kits_print_no_english_label(run_cli, tmp_path, english_words, lang):
    result = run_cli("build", "racing_kings", "--lang", lang, "--format", "pdf",
                     "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "racing_kings"
    layout = load_layout("racing_kings")
    own = flatten(layout.labels[lang])
    for name in ("board.pdf", "tokens.pdf"):
        data = (folder / name).read_bytes()
        text = pdf_text(data) + " " + str(pypdf.PdfReader(io.BytesIO(data)).metadata.title)
        for english in english_words:
            fragment = english.split("{")[0].strip() or english.split("}")[-1].strip()
            if fragment and fragment not in own.values():
                assert not re.search(rf"\b{re.escape(fragment)}\b", text), (name, fragment)
    board = pdf_text((folder / "board.pdf").read_bytes())
    assert own["goal"] in board and own["board.rule"].split("{")[0] in board
    tokens = pypdf.PdfReader(io.BytesIO((folder / "tokens.pdf").read_bytes()))
    assert tokens.metadata.title == own["tokens.title"].format(title="Racing Kings")


def test_a_user_layout_rewords_a_single_label(tmp_path):
    layout = load_layout(str(custom(tmp_path, '[labels.de]\ngoal = "ZIEL!"\n')))
    svg = renderer("svg")(racing_kings.compose_board(layout, words_for(layout, "de")).scene)
    assert svg.decode().count(">ZIEL!<") == 2
    assert ">META<" not in svg.decode()


def test_every_model_field_has_a_description():
    def walk(model):
        for name, field in model.model_fields.items():
            if name in ("game", "name", "title", "subtitle", "extends"):
                continue
            assert field.description, f"{model.__name__}.{name}"
            annotation = field.annotation
            for inner in (annotation, *getattr(annotation, "__args__", ())):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    walk(inner)
    walk(racing_kings.Layout)


def test_a_goal_rank_short_of_the_last_rank(tmp_path):
    layout = load_layout(str(custom(tmp_path, "[board]\nranks = 10\ngoal_rank = 8\n")))
    goal = {s["id"] for s in racing_kings.board_json(layout)["spaces"] if "goal" in s["tags"]}
    assert goal == {f"{f}8" for f in "abcdefgh"}
    svg = renderer("svg")(racing_kings.compose_board(layout).scene).decode()
    assert "reach rank 8 wins" in svg


@pytest.mark.parametrize("data, key, related", [
    ({"board": {"ranks": 10}, "setup": {"fen": "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ"}},
     "setup.fen", ("board.files", "board.ranks")),
    ({"board": {"goal_rank": 2}}, "board.goal_rank", ()),
    ({"board": {"goal_rank": 2}, "setup": {"fen": "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ"}},
     "setup.fen", ("board.goal_rank",)),
    ({"board": {"ranks": 6, "goal_rank": 7}}, "board.goal_rank", ("board.ranks",)),
])
def test_rule_level_problems_name_the_keys_they_depend_on(data, key, related):
    layout = {"game": "racing_kings", "name": "x", "title": "x", **data}
    with pytest.raises(ValidationError) as caught:
        racing_kings.Layout.model_validate(layout)
    problem = caught.value.errors()[0]["ctx"]["error"]
    assert problem.key == key and problem.related == related
