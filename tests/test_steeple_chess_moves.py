"""The Steeple Chess movement engine, tested on ASCII boards.

Boards use the course map notation (. square, c corner, # black, F goal, G Y R B start
spaces, | and - walls) with pieces drawn over it: @ is the green piece that moves,
g y r b other pieces, X the movable obstacle. Expected boards mark each square the
engine returns with * (a capturable piece too). A goal column (F) on the right says
which way is forward.
"""

from __future__ import annotations

import textwrap

import pytest

from boardgen.games.steeple_chess.ascii import read_board, show_targets
from boardgen.games.steeple_chess.course import parse_map
from boardgen.games.steeple_chess.moves import (Position, blocking_placements, cut_off,
                                                entry_targets, obstacle_placements, reaches_goal,
                                                targets)
from boardgen.layout import load_layout


def clean(text: str) -> str:
    return "\n".join(line.rstrip() for line in textwrap.dedent(text).strip("\n").splitlines())


def moves(board: str, face: str, ground: str = ".") -> str:
    """The board with the mover's targets for ``face`` marked."""
    b = read_board(board, ground)
    return show_targets(b, targets(b.course, b.position, "G", face, b.mover))


def entering(board: str, face: str) -> str:
    """The board with the targets of a green piece entering from its start space."""
    b = read_board(board)
    return show_targets(b, entry_targets(b.course, b.position, "G", face))


# ---- King, Queen, Rook, Bishop ---------------------------------------------------------


def test_king_steps_once_each_way_captures_opponents_not_own_pieces():
    assert moves("""
        . . . . . F
        . r @ g . F
        . X X . . F
    """, "K") == clean("""
        . * * * . F
        . * @ g . F
        . X X * . F
    """)


def test_rook_lines_stop_at_the_obstacle_before_own_pieces_and_on_a_capture():
    assert moves("""
        . . . . . . . F
        . g . @ . r . F
        . . . . . . . F
        . . . X . . . F
    """, "R") == clean("""
        . . . * . . . F
        . g * @ * * . F
        . . . * . . . F
        . . . X . . . F
    """)


def test_bishop_diagonals_stop_at_black_squares_and_the_course_edge():
    assert moves("""
        . . . . # . . F
        . . . . . . . F
        . . @ . . . . F
        . y . . . . . F
    """, "B") == clean("""
        * . . . # . . F
        . * . * . . . F
        . . @ . . . . F
        . * . * . . . F
    """)


def test_queen_combines_rook_and_bishop_lines():
    assert moves("""
        . . . . . . . F
        . . . . . . . F
        . . @ . X . . F
        . . . . X . . F
    """, "Q") == clean("""
        * . * . * . . F
        . * * * . . . F
        * * @ * X . . F
        . * * * X . . F
    """)


def test_a_line_ends_in_the_goal_the_piece_is_home():
    assert moves("""
        . . . . F
        . @ . . F
        . . . . F
    """, "R") == clean("""
        . * . . F
        * @ * * *
        . * . . F
    """)


def test_lines_do_not_run_through_squares_that_are_not_on_the_course():
    assert moves("""
        . . . . . . F
        . @ . _ . . F
        . . . . . . F
    """, "R") == clean("""
        . * . . . . F
        * @ * _ . . F
        . * . . . . F
    """)


# ---- walls -----------------------------------------------------------------------------


def test_no_line_crosses_a_wall_between_squares():
    assert moves("""
        . . . . . F
        . @ .|. . F
        . . . . . F
    """, "R") == clean("""
        . * . . . F
        * @ *|. . F
        . * . . . F
    """)


def test_no_line_crosses_a_wall_below_a_square():
    assert moves("""
        . . . . F
        . @ . . F
          -
        . . . . F
    """, "R") == clean("""
        . * . . F
        * @ * * *
          -
        . . . . F
    """)


def test_a_diagonal_cannot_slip_past_the_end_of_a_wall():
    assert moves("""
        . . . . . F
        . . @|. . F
        . . . . . F
    """, "B") == clean("""
        . * . . . F
        . . @|. . F
        . * . . . F
    """)


# ---- Knight ---------------------------------------------------------------------------


def test_knight_jumps_over_obstacles_and_pieces_but_never_onto_its_own():
    assert moves("""
        . . . . . g . F
        . X X @ g . . F
        . . . . . . . F
        . . . . y . . F
    """, "N") == clean("""
        . * . . . g . F
        . X X @ g . . F
        . * . . . * . F
        . . * . * . . F
    """)


def test_knight_cannot_jump_over_a_wall():
    assert moves("""
        . . . .|. . F
        . . @ .|. . F
        . . . .|. . F
    """, "N") == clean("""
        * . . .|. . F
        . . @ .|. . F
        * . . .|. . F
    """)


def test_knight_jumps_round_the_end_of_a_short_wall():
    assert moves("""
        . . . . . . F
        . . @ .|. . F
        . . . . . . F
    """, "N") == clean("""
        * . . . * . F
        . . @ .|. . F
        * . . . * . F
    """)


def test_knight_cannot_land_on_black_squares_or_the_obstacle():
    assert moves("""
        . . . # . F
        . @ . . . F
        . . . X . F
    """, "N") == clean("""
        . . . # . F
        . @ . . . F
        . . . X . F
    """)


# ---- Pawn -----------------------------------------------------------------------------


def test_pawn_steps_forward_only_and_never_captures_straight_ahead():
    assert moves("""
        . . . . . F
        . . @ . . F
        . . . . . F
    """, "P") == clean("""
        . . . . . F
        . . @ * . F
        . . . . . F
    """)
    assert moves("""
        . . . . . F
        . . @ r . F
        . . . . . F
    """, "P") == clean("""
        . . . . . F
        . . @ r . F
        . . . . . F
    """)


def test_pawn_captures_diagonally_forward_only():
    assert moves("""
        . y . y . F
        . . @ . . F
        . b . b . F
    """, "P") == clean("""
        . y . * . F
        . . @ * . F
        . b . * . F
    """)


def test_pawn_in_a_corner_area_chooses_its_forward():
    assert moves("""
        c c c c
        c r c c
        c c @ c
        c c c c
    """, "P", ground="c") == clean("""
        c c c c
        c * * c
        c * @ *
        c c * c
    """)


def test_pawn_forward_follows_the_track_round_the_default_course():
    course = load_layout("steeple_chess").track
    forward = {course.name(c): course.forward[c] for c in course.course - course.corner}
    assert forward["i1"] == forward["e4"] == ((1, 0),), "bottom straight: to the right"
    assert forward["k7"] == ((0, -1),), "right straight: up"
    assert forward["g14"] == ((-1, 0),), "top straight: to the left"
    assert forward["b7"] == ((0, 1),), "left straight: down"


# ---- entering from the start space ----------------------------------------------------------


START = """
    B B . . . . F
    R R . . . . F
    Y Y . . . . F
    G G . . . . F
"""


def test_pawn_enters_one_or_two_squares_counted_from_behind_the_line():
    assert entering(START, "P") == clean("""
        B B . . . . F
        R R . . . . F
        Y Y . . . . F
        G G * * . . F
    """)


def test_pawn_entering_captures_diagonally_and_is_stopped_by_a_piece():
    assert entering("""
        B B . . . . F
        R R . . . . F
        Y Y y . . . F
        G G . X . . F
    """, "P") == clean("""
        B B . . . . F
        R R . . . . F
        Y Y * . . . F
        G G * X . . F
    """)


def test_any_piece_may_enter_moving_from_directly_behind_the_line():
    assert entering(START, "B") == clean("""
        B B . . * . F
        R R . * . . F
        Y Y * . . . F
        G G . . . . F
    """)
    assert entering(START, "R") == clean("""
        B B . . . . F
        R R . . . . F
        Y Y . . . . F
        G G * * * * *
    """)


def test_no_knight_jumps_from_the_start_over_the_wall_into_the_goal():
    course = load_layout("steeple_chess").track
    for letter in "GYRB":
        for face in "KQRBNP":
            reached = entry_targets(course, Position(), letter, face)
            assert reached and not reached & course.goal, (letter, face)


def test_moves_never_leave_the_course_on_the_default_board():
    course = load_layout("steeple_chess").track
    for cell in sorted(course.squares):
        for face in "KQRBNP":
            assert targets(course, Position({cell: "G"}), "G", face, cell) <= \
                course.squares | course.goal


def test_unknown_die_face_is_an_error():
    b = read_board(". @ . F")
    with pytest.raises(ValueError, match="unknown die face"):
        targets(b.course, b.position, "G", "Z", b.mover)


# ---- obstacle placements and passability --------------------------------------------------


def test_obstacle_placements_are_adjacent_pairs_inside_the_zone_off_pieces():
    course = parse_map("""
        . . . . F
        . o o . F
        . o|o . F
    """)
    pairs = obstacle_placements(course)
    names = {(course.name(a), course.name(b)) for a, b in pairs}
    assert names == {("b2", "c2"), ("b2", "b1"), ("c2", "c1")}, "no pair across the wall"
    assert obstacle_placements(course, occupied=[(1, 1)]) == (((2, 1), (2, 2)),)


def test_king_steps_reach_the_goal_unless_walls_and_blocks_close_the_way():
    course = parse_map("""
        G . . F
        _ . . F
    """)
    assert reaches_goal(course, course.entries["G"], frozenset())
    assert not reaches_goal(course, course.entries["G"], frozenset({(1, 0), (1, 1)}))
    assert reaches_goal(course, course.entries["G"], frozenset({(1, 0), (2, 1)})), \
        "a King slips diagonally between two blocks"


def test_default_course_can_never_be_blocked_by_the_obstacle():
    course = load_layout("steeple_chess").track
    assert len(obstacle_placements(course)) == 24
    assert blocking_placements(course) == ()
    assert cut_off(course) == ()
