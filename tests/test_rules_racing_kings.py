"""Racing Kings' rule texts: examples obey python-chess, and every language follows the layout."""

from __future__ import annotations

import re

import chess
import chess.variant
import pytest
from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from boardgen.games import racing_kings
from boardgen.games.racing_kings import EXAMPLES, START_FEN, diagrams, rule_context
from boardgen.i18n import words_for
from boardgen.layout import layouts_dir, load_layout
from boardgen.rules import rule_book
from boardgen.rules.document import Heading, parse_rule_text, plain
from boardgen.scene import Group, Rect, Scene
from tests.conftest import write

LANGS = ("en", "de", "fr", "pl")
FIGURES = ["board", "start-position", "illegal-check-capture", "king-into-attack",
           "discovered-check", "win-rank-8", "draw-rank-8"]
SECTIONS = {
    "en": ["What you need", "Setting up", "Moving", "The new rule: no check, ever", "Winning",
           "Tips", "About this edition"],
    "de": ["Was du brauchst", "Aufbau", "Ziehen", "Die neue Regel: niemals Schach",
           "Wer gewinnt", "Tipps", "Zu dieser Ausgabe"],
    "fr": ["Matériel", "Mise en place", "Déplacements", "La nouvelle règle\u202f: jamais d’échec",
           "Gagner", "Conseils", "À propos de cette édition"],
    "pl": ["Co jest potrzebne", "Przygotowanie", "Ruchy", "Nowa zasada: nigdy szacha",
           "Kto wygrywa", "Wskazówki", "O tym wydaniu"],
}


@pytest.fixture(scope="module")
def layout():
    return load_layout("racing_kings")


def racing(fen: str) -> chess.variant.RacingKingsBoard:
    board = chess.variant.RacingKingsBoard(fen)
    assert board.is_valid(), board.status()
    return board


def rendered(layout, lang: str) -> str:
    """The rule text of ``lang`` filled in for ``layout``, as the rule book renders it."""
    words = words_for(layout, lang)
    path = layouts_dir() / f"racing_kings.rules.{lang}.md"
    try:
        from boardgen.rules import render_text
    except ImportError:  # a plain sandbox with the same settings and context
        env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False,
                                   keep_trailing_newline=True)
        context = dict(rule_context(layout, words), layout=layout, words=words, lang=lang)
        return env.from_string(path.read_text(encoding="utf-8")).render(context)
    return render_text(layout, path, words)


def parsed(layout, lang: str):
    return parse_rule_text(rendered(layout, lang), f"racing_kings.rules.{lang}.md", lang,
                           diagram_names=diagrams(layout))


def custom(tmp_path, text: str):
    return load_layout(str(write(tmp_path, "mine.toml", 'extends = "racing_kings"\n' + text)))


BIG = "[board]\nfiles = 10\nranks = 12\n"
SMALL = ('[board]\nfiles = 6\nranks = 7\n[setup]\nascii = """\n......\n......\n......\n'
         '......\n......\nkr..RK\nqn..NQ\n"""\n')


# ---- the examples ------------------------------------------------------------

@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example_moves_and_outcome_agree_with_python_chess(example):
    board = racing(example.fen)
    for move in example.moves:
        assert not board.is_game_over(), "the game is still on before each drawn move"
        played = chess.Move.from_uci(move.uci)
        assert board.is_pseudo_legal(played), "the piece can move like that in ordinary chess"
        if move.verdict == "illegal":
            assert not board.is_legal(played), f"{move.uci} must be illegal"
        else:
            assert board.is_legal(played), f"{move.uci} must be legal"
            board.push(played)
    assert board.result() == example.result


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.checks], ids=lambda e: e.name)
def test_marked_attacks_are_what_the_illegal_move_would_create(example):
    board = racing(example.fen)
    illegal = next(m for m in example.moves if m.verdict == "illegal")
    after = chess.Board(board.fen())
    after.push(chess.Move.from_uci(illegal.uci))
    for attacker, target in example.checks:
        source, square = chess.parse_square(attacker), chess.parse_square(target)
        king, piece = after.piece_at(square), after.piece_at(source)
        assert king is not None and king.piece_type == chess.KING, "a king stands on the ring"
        assert piece.color != king.color and source in after.attackers(piece.color, square)


def test_claims_made_in_the_text_hold():
    start = racing(START_FEN)
    assert start.fen() == chess.variant.RacingKingsBoard().fen(), "the standard start position"
    pinned = racing(next(e.fen for e in EXAMPLES if e.name == "discovered-check"))
    assert not [m for m in pinned.legal_moves if m.from_square == chess.C5], \
        "the knight on c5 cannot move at all"
    race = next(e.fen for e in EXAMPLES if e.name == "draw-rank-8")
    answered = racing(race)
    answered.push_uci("g7h8")
    assert not answered.is_game_over(), "Black still has its one move"
    answered.push_uci("b7b8")
    assert answered.result() == "1/2-1/2", "Black does reach the goal: a draw"
    missed = racing(race)
    missed.push_uci("g7h8")
    missed.push_uci("b7a7")
    assert missed.result() == "1-0", "Black could have reached it but did not: White wins"
    first = racing("8/1k4K1/8/8/8/8/8/8 b - - 0 1")
    first.push_uci("b7b8")
    assert first.result() == "0-1", "Black first: Black wins at once, White gets no reply"
    stalemate = racing("1R6/8/8/8/8/2N5/8/k6K b - - 0 1")
    assert stalemate.is_stalemate() and stalemate.result() == "1/2-1/2"


# ---- the texts -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_language_draws_every_figure_in_the_same_order(layout, lang):
    text = parsed(layout, lang)
    assert [f.name for f in text.figures] == FIGURES
    headings = [plain(b.runs) for b in text.blocks if isinstance(b, Heading) and b.level == 2]
    assert headings == SECTIONS[lang]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", ["", BIG, SMALL], ids=["standard", "10x12", "6x7"])
def test_texts_speak_to_players_only(tmp_path, lang, board):
    text = rendered(custom(tmp_path, board), lang)
    for leftover in ("{{", "}}", "{%", "%}", "{#"):
        assert leftover not in text
    for word in ("boardgen", ".toml", ".md", "layout", "fen", "ascii", "[setup]"):
        assert not re.search(rf"(?i)(?<![\w]){re.escape(word)}(?![\w])", text), word
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), "a layout key"


def test_german_says_du_throughout(layout):
    text = rendered(layout, "de")
    assert re.search(r"\bdu\b", text) and re.search(r"\bdein", text)
    assert not re.search(r"\b(Sie|Ihnen|euch|euer|seid)\b", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", ["", BIG, SMALL], ids=["standard", "10x12", "6x7"])
def test_a_template_line_is_the_same_line_of_the_text(tmp_path, lang, board):
    """Tags open and close on one line, so a mistake reported on the rendered text's line
    points at the same line of the template."""
    template = (layouts_dir() / f"racing_kings.rules.{lang}.md").read_text(encoding="utf-8")
    text = rendered(custom(tmp_path, board), lang)
    assert text.count("\n") == template.count("\n")
    for number, line in enumerate(template.split("\n")):
        if line.startswith("!["):
            assert text.split("\n")[number] == line, "a figure stays on its line"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_and_squares_come_from_the_layout(tmp_path, lang):
    big = rendered(custom(tmp_path, BIG), lang)
    assert "10 × 12" in big and "12 × 12" not in big
    assert re.search(r"\b12\b", big) and "j2" in big and "a2" in big
    assert "8 × 8" in big, "the examples say they use the original board"
    standard = rendered(load_layout("racing_kings"), lang)
    assert "10 × 12" not in standard and "8 × 8" in standard and "h2" in standard
    assert big.count("10 × 12") == 3, "the board, the examples' note and the edition's note"
    small = rendered(custom(tmp_path, SMALL), lang)
    assert "6 × 7" in small and "f2" in small and "e2" in small
    assert "| f2 | f1 | e2 | e1 |" in small and "| a2 | a1 | b2 | b1 |" in small


def test_piece_counts_follow_the_start_position(tmp_path):
    assert "one King, one Queen, two Rooks, two Bishops and two Knights" in \
        rendered(load_layout("racing_kings"), "en")
    small = custom(tmp_path, SMALL)
    assert "one King, one Queen, one Rook and one Knight" in rendered(small, "en")
    assert "einen König, eine Dame, einen Turm und einen Springer" in rendered(small, "de")
    assert "król, hetman, wieża i skoczek" in rendered(small, "pl")
    assert "dwie wieże, dwa gońce i dwa skoczki" in rendered(load_layout("racing_kings"), "pl")
    assert "un Roi, une Dame, une Tour et un Cavalier" in rendered(small, "fr")
    assert "un Roi, une Dame, deux Tours, deux Fous et deux Cavaliers" in \
        rendered(load_layout("racing_kings"), "fr")


def test_rule_context_matches_the_layout(tmp_path):
    for layout in (load_layout("racing_kings"), custom(tmp_path, BIG), custom(tmp_path, SMALL)):
        spec, start = layout.board, racing_kings.position(layout)
        context = rule_context(layout, words_for(layout, "en"))
        assert (context["files"], context["ranks"]) == (len(spec.letters), spec.ranks)
        assert context["goal_rank"] == spec.goal == spec.ranks
        assert (context["first_file"], context["last_file"]) == (spec.letters[0], spec.letters[-1])
        assert context["pieces_total"] == len(start)
        assert context["empty_files"] == len(spec.letters) - len({f for f, _ in start})
        assert sum(s["count"] for s in context["sides"].values()) == len(start)
        for side, king in (("white", "K"), ("black", "k")):
            square = next(layout.square_name(*s) for s, p in start.items() if p == king)
            assert context["sides"][side]["king"] == square
        listed = {(square, piece, side) for side in ("white", "black")
                  for piece, cell in zip(context["start_columns"], context["sides"][side]["cells"])
                  for square in cell.split(", ") if square != "–"}
        pieces = racing_kings.board_json(layout)["pieces"]
        names = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight"}
        assert listed == {(p["square"], names[p["piece"]], p["side"]) for p in pieces}
    english = words_for(load_layout("racing_kings"))
    assert rule_context(load_layout("racing_kings"), english)["standard_board"]
    big = rule_context(custom(tmp_path, BIG), english)
    assert not big["standard_board"] and big["standard_start"] and big["empty_files"] == 2


# ---- the figures ---------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(diagrams(load_layout("racing_kings"))))
def test_every_diagram_is_a_scene_with_the_piece_symbols_it_uses(layout, name):
    scene = diagrams(layout)[name]()
    assert isinstance(scene, Scene) and scene.width > 0 and scene.height > 0

    def uses(nodes):
        for node in nodes:
            if isinstance(node, Group):
                yield from uses(node.children)
            elif hasattr(node, "symbol"):
                yield node.symbol
    assert set(uses(scene.children)) <= set(scene.symbols)


def test_start_figure_is_the_board_built_and_examples_stay_8x8(tmp_path):
    layout = custom(tmp_path, BIG)
    figures = diagrams(layout, words_for(layout, "de"))
    squares = [n for n in figures["start-position"]().children
               if isinstance(n, Rect) and n.w == n.h and n.style.fill]
    assert len(squares) == 10 * 12
    example = [n for n in figures["king-into-attack"]().children
               if isinstance(n, Rect) and n.w == n.h and n.style.fill]
    assert len(example) == 64
    assert figures["start-position"]().title == "Die Anfangsstellung"


def test_a_customised_layout_gets_diagrams_in_its_own_colours(tmp_path):
    custom_file = tmp_path / "green_kings.toml"
    custom_file.write_text('extends = "racing_kings"\nname = "green_kings"\n'
                           '[colors]\ndark = "#2e6b3a"\n', encoding="utf-8")
    layout = load_layout(str(custom_file))
    book = rule_book(layout, "en", target=str(custom_file))
    assert book is not None and book.title == "Racing Kings", "the parent's rule text"
    start = book.figures["start-position"]
    fills = {n.style.fill for n in start.children if isinstance(n, Rect)}
    assert "#2e6b3a" in fills and "#b58863" not in fills


def test_the_tips_and_the_draws_of_chess_hold_in_python_chess():
    rook_file = racing("3r4/8/8/8/8/8/8/k3K3 w - - 0 1")
    assert not rook_file.is_legal(chess.Move.from_uci("e1d1")), "no stepping onto a Rook's line"
    assert rook_file.is_legal(chess.Move.from_uci("e1e2"))
    shuffle = racing("8/8/8/8/8/8/k6K/8 w - - 0 1")
    for uci in ("h2h1", "a2a1", "h1h2", "a1a2") * 2:
        shuffle.push_uci(uci)
    assert shuffle.can_claim_threefold_repetition() and not shuffle.is_game_over()
    quiet = racing("8/8/8/8/8/8/k6K/8 w - - 99 60")
    quiet.push_uci("h2h1")
    assert quiet.can_claim_fifty_moves()


@pytest.mark.parametrize("lang", LANGS)
def test_a_goal_rank_in_another_colour_gets_no_gold_in_the_rules(tmp_path, lang):
    blue = custom(tmp_path, '[colors]\ngoal_light = "#a9c8f0"\ngoal_dark = "#2f6fc0"\n'
                            'goal_band = "#1f4f90"\n')
    text = rendered(blue, lang).lower()
    assert not re.search(r"gold|golden|złot|doré", text)
    goal = words_for(blue, lang)("goal")
    assert re.search(rf"\b{goal}\b", rendered(blue, lang)), "the goal is named by its word"
