"""Racing Kings' rule sheet: every example position obeys python-chess's Racing Kings rules."""

from __future__ import annotations

import chess
import chess.variant
import pytest

from boardgen.games import racing_kings
from boardgen.games.racing_kings import EXAMPLES, START_FEN, diagrams
from boardgen.layout import layouts_dir, load_layout
from boardgen.rules import rule_book
from boardgen.rules.document import parse_rule_text, plain
from boardgen.scene import Group, Rect, Scene


@pytest.fixture(scope="module")
def layout():
    return load_layout("racing_kings")


def racing(fen: str) -> chess.variant.RacingKingsBoard:
    board = chess.variant.RacingKingsBoard(fen)
    assert board.is_valid(), board.status()
    return board


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
    draw = racing(next(e.fen for e in EXAMPLES if e.name == "draw-rank-8"))
    draw.push_uci("g7h8")
    assert not draw.is_game_over() and draw.is_legal(chess.Move.from_uci("b7b8"))


def test_layout_start_position_is_the_standard_one(layout):
    fen_field = START_FEN.split()[0]
    assert racing_kings.position(layout) == racing_kings.parse_fen(fen_field, 8, 8)


def test_rule_text_uses_every_diagram_and_only_real_ones(layout):
    path = layouts_dir() / "racing_kings.rules.en.md"
    names = diagrams(layout)
    text = parse_rule_text(path.read_text(encoding="utf-8"), str(path), "en", diagram_names=names)
    assert [f.name for f in text.figures] == ["board", "start-position", "illegal-check-capture",
                                              "king-into-attack", "discovered-check",
                                              "win-rank-8", "draw-rank-8"]
    assert set(names) == {f.name for f in text.figures}
    for section in ("Setting up", "Playing", "Winning the race", "Notes on this edition"):
        assert any(plain(getattr(b, "runs", ())) == section for b in text.blocks)


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


def test_a_customised_layout_gets_diagrams_in_its_own_colours(tmp_path):
    custom = tmp_path / "green_kings.toml"
    custom.write_text('extends = "racing_kings"\nname = "green_kings"\n'
                      '[colors]\ndark = "#2e6b3a"\n', encoding="utf-8")
    layout = load_layout(str(custom))
    book = rule_book(layout, "en", target=str(custom))
    assert book is not None and book.title == "Racing Kings", "the parent's rule text"
    start = book.figures["start-position"]
    fills = {n.style.fill for n in start.children if isinstance(n, Rect)}
    assert "#2e6b3a" in fills and "#b58863" not in fills
