"""Simulated Steeple Chess games: checked on tiny courses whose outcome can be worked out by hand,
against the movement engine, and through the command line."""

from __future__ import annotations

import json
import math
import random
import statistics
import xml.etree.ElementTree as ET

import pytest

from boardgen.games.steeple_chess.course import parse_map
from boardgen.games.steeple_chess.moves import (Position, entry_targets, obstacle_placements,
                                                targets)
from boardgen.games.steeple_chess.simulation import (ADVICE_GAMES, ADVICE_SEED, ADVICE_TURN_CAP,
                                                     FACES, FAR, SCORE_UNIT, Simulator,
                                                     SHIPPED_MEAN_TURNS, GameState, Tables,
                                                     advice_for, king_distances, play_advice,
                                                     simulate,
                                                     simulate_layout, wilson)
from boardgen.layout import load_layout
from tests.conftest import write

COLOURS = ("green", "yellow", "red", "blue")


def straight(length: int) -> str:
    """A straight course ``length`` squares long, start spaces on the left, goal on the right."""
    lanes = []
    for lane, letter in enumerate("GYRB"):
        squares = ["."] * length
        if lane == 0:
            squares[1:5] = [">", "o", "o", "<"]
        lanes.append(" ".join([letter, *squares, "F"]))
    return "\n".join(lanes)


def walled_lanes(length: int) -> str:
    """Four lanes one square wide, walls between them: no piece can reach another lane."""
    rows = [" ".join([letter, *["."] * length, "F"]) for letter in "GYRB"]
    wall = " ".join(["-"] * (length + 2))
    return f"\n{wall}\n".join(rows)


def snake(straights: int, length: int = 12) -> str:
    """Straights of ``length`` squares, joined by U-turns through 4 × 9 corner areas."""
    width = length + 10  # start or goal column, two corner blocks, a column to spare
    grid = []
    for k in range(straights):
        east, last = k % 2 == 0, k == straights - 1
        ahead = range(width - 5, width - 1) if east else range(1, 5)
        behind = range(1, 5) if east else range(width - 5, width - 1)
        for lane in range(4):
            row = ["_"] + ["."] * (width - 2) + ["_"]
            for c in (behind if k else ()):
                row[c] = "c"
            for c in (() if last else ahead):
                row[c] = "c"
            if k == 0:
                row[0] = "GYRB"[lane]
            if last:
                row[width - 1 if east else 0] = "F"
            grid.append(row)
        if not last:
            grid.append(["c" if c in ahead else "_" for c in range(width)])
    grid[0][7:11] = [">", "o", "o", "<"]
    return "\n".join(" ".join(row) for row in grid)


def layout_file(tmp_path, course_map: str, name: str = "custom.toml"):
    return write(tmp_path, name, f'extends = "steeple_chess"\n[course]\nmap = """\n{course_map}\n"""\n')


# ---- courses where the answer is known ----------------------------------------------------


@pytest.mark.parametrize("pieces", [1, 2, 3])
@pytest.mark.parametrize("length", [6, 15])
def test_a_rook_die_brings_a_piece_home_with_every_throw(pieces, length):
    """A Rook runs along its lane straight into the goal: green is home after ``pieces`` turns."""
    figures = simulate(parse_map(straight(length)), 30, seed=length, faces="R", per_colour=pieces)
    assert figures.lengths == (pieces,) * 30
    assert figures.wins == {"green": 30, "yellow": 0, "red": 0, "blue": 0}
    assert figures.effects.captures == figures.effects.obstacle_moves == 0
    assert figures.effects.throws == 30 * (4 * (pieces - 1) + 1)


@pytest.mark.parametrize("length", [2, 5, 11])
def test_a_pawn_die_in_walled_lanes_walks_the_course(length):
    """Two squares in from the start, then one a throw: green is home in turn ``length``."""
    figures = simulate(parse_map(walled_lanes(length)), 5, faces="P", per_colour=1)
    assert figures.lengths == (length,) * 5
    assert figures.wins["green"] == 5
    assert figures.effects.lost_throws == figures.effects.captures == 0


def seat_win_chances(throws_needed: int, success: float, horizon: int = 400) -> list[float]:
    """Each seat's chance to win a race of four alike players, worked out exactly.

    Every player needs ``throws_needed`` good throws, each turn one throw that is good with
    chance ``success``; whoever finishes in an earlier turn wins, and within one turn the
    player who plays first. Seat k wins in turn t when the k seats before it are not done by
    turn t and the seats after it are not done before turn t.
    """
    done_in = [0.0] * (horizon + 1)
    for t in range(throws_needed, horizon + 1):
        done_in[t] = (math.comb(t - 1, throws_needed - 1) * success ** throws_needed
                      * (1 - success) ** (t - throws_needed))
    done_by = [sum(done_in[:t + 1]) for t in range(horizon + 1)]
    return [sum(done_in[t] * (1 - done_by[t]) ** seat * (1 - done_by[t - 1]) ** (3 - seat)
                for t in range(1, horizon + 1)) for seat in range(4)]


@pytest.mark.parametrize("order", ["GYRB", "BGYR", "RBYG"])
def test_within_a_turn_the_earlier_seat_wins_as_often_as_chance_says(order):
    """Alike players in walled lanes: each seat's win rate is that of the exact race.

    A Pawn (the piece's only move: a Knight cannot leave its lane) comes in two squares and
    then walks one a throw, so a lane of 3 takes three Pawns; half the throws are Pawns.
    Whichever colour plays first takes the first seat's chance.
    """
    games = 3000
    figures = simulate(parse_map(walled_lanes(3)), games, seed=2, faces="PN", per_colour=1,
                       order=order)
    expected = seat_win_chances(3, 0.5)
    assert sum(expected) == pytest.approx(1.0, abs=1e-9)
    names = dict(zip("GYRB", COLOURS))
    for letter, chance in zip(order, expected):
        spread = 4 * math.sqrt(chance * (1 - chance) / games)
        assert figures.wins[names[letter]] / games == pytest.approx(chance, abs=spread)


def test_an_order_of_play_without_every_colour_is_refused():
    with pytest.raises(ValueError, match="order of play"):
        simulate(parse_map(straight(6)), 1, order="GYRR")

def test_distances_are_king_steps_to_the_goal():
    course = parse_map(straight(7))
    distance = king_distances(course, frozenset())
    for (col, row), steps in distance.items():
        assert steps == 8 - col  # goal in column 8, start spaces in column 0
    tables = Tables(course, ((2, 0), (2, 1)))
    assert tables.distance[(1, 0)] == 8  # one step more: round the obstacle
    assert tables.distance[(0, 0)] == 8  # diagonally past it
    assert (2, 0) not in tables.distance


def test_the_black_squares_are_counted_when_they_stop_a_rook():
    plain, black = straight(8), straight(8).replace("Y . . . . .", "Y . . . . #")
    for course_map, changed in ((plain, False), (black, True)):
        figures = simulate(parse_map(course_map), 10, faces="R", per_colour=2)
        assert (figures.effects.black_changed > 0) == changed
        assert figures.effects.obstacle_changed == 0  # no King: the obstacle never comes


def test_the_obstacle_is_counted_once_a_king_brings_it():
    figures = simulate(load_layout("steeple_chess").track, 10)
    assert figures.effects.obstacle_moves > 0
    assert 0 < figures.effects.obstacle_changed < figures.effects.piece_throws


def test_a_game_that_does_not_finish_is_cut_off():
    figures = simulate(parse_map(snake(3)), 4, turn_cap=3)
    assert figures.unfinished == 4 and figures.lengths == () and figures.mean_turns is None
    assert sum(figures.wins.values()) == 0


def test_a_die_face_outside_the_chess_pieces_is_refused():
    with pytest.raises(ValueError, match="die faces"):
        simulate(parse_map(straight(6)), 1, faces="RZ")


# ---- the tables agree with the movement engine ----------------------------------------------


def random_state(course, rng: random.Random) -> GameState:
    cells = sorted(course.squares)
    state = GameState(3)
    for letter in "GYRB":
        placed = rng.randint(0, 3)
        for cell in rng.sample([c for c in cells if c not in state.board], placed):
            state.board[cell] = letter
        state.waiting[letter] = 3 - placed
    free_pairs = obstacle_placements(course, state.board)
    state.obstacle = rng.choice(free_pairs) if rng.random() < 0.7 else None
    return state


def test_every_move_is_the_engines_move():
    """The simulation's tables, cut short by the pieces, give exactly the engine's targets."""
    rng = random.Random(4)
    for course in (load_layout("steeple_chess").track, parse_map(snake(2))):
        for _ in range(40):
            state = random_state(course, rng)
            position = Position(dict(state.board), frozenset(state.obstacle or ()))
            tables = Tables(course, state.obstacle)
            for colour in "GYRB":
                for face in FACES:
                    found = tables.moves(state, colour, face)
                    assert len(found) == len(set(found))
                    expected = {(cell, t) for cell, letter in state.board.items() if letter == colour
                                for t in targets(course, position, colour, face, cell)}
                    if state.waiting[colour]:
                        expected |= {(None, t) for t in entry_targets(course, position, colour, face)}
                    assert set(found) == expected


def test_the_best_moves_are_the_policys_best_of_every_move():
    """The moves ``best_moves`` finds by reading each piece's squares best gain first are those
    scoring highest when every move the engine allows is scored, in the engine's order."""
    rng = random.Random(11)
    for course in (load_layout("steeple_chess").track, parse_map(snake(2))):
        simulator = Simulator(course, FACES, 3)
        for _ in range(40):
            state = random_state(course, rng)
            tables = simulator.tables(state.obstacle)
            start = tables.start_distance
            for colour in "GYRB":
                for face in FACES:
                    def score(move):
                        origin, target = move
                        before = start[colour] if origin is None else tables.distance[origin]
                        after = tables.distance.get(target, FAR)
                        victim = state.board.get(target)
                        worth = 0 if victim is None else SCORE_UNIT // 2 - after + start[victim]
                        return (before - after) * SCORE_UNIT + worth

                    every = tables.moves(state, colour, face)
                    top = max(map(score, every), default=None)
                    expected = [move for move in every if score(move) == top]
                    best, gain = simulator.best_moves(tables, state, colour, face)
                    assert best == expected
                    assert gain == (top // SCORE_UNIT if every else -math.inf)


# ---- the figures ------------------------------------------------------------------------------


def test_wilson_interval_matches_published_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(30, 30)[1] == 1.0 and wilson(30, 30)[0] == pytest.approx(30 / (30 + 1.96 ** 2), abs=1e-4)


def test_the_same_seed_gives_the_same_games():
    course = parse_map(snake(2))
    first, again, other = (simulate(course, 30, seed) for seed in (7, 7, 8))
    assert first == again
    assert first.lengths != other.lengths


def test_more_bends_make_longer_games():
    means = [simulate(parse_map(snake(n)), 40, seed=1, count_effects=False).mean_turns
             for n in (1, 2, 4)]
    assert means[0] < means[1] < means[2]


def test_the_shipped_mean_kept_for_advice_is_what_the_simulation_gives():
    figures = simulate_layout(load_layout("steeple_chess"), ADVICE_GAMES, ADVICE_SEED,
                              count_effects=False)
    assert figures.mean_turns == pytest.approx(SHIPPED_MEAN_TURNS, abs=0.005)


def test_advice_only_far_from_the_shipped_figures():
    assert advice_for(SHIPPED_MEAN_TURNS * 1.9) is None
    assert advice_for(SHIPPED_MEAN_TURNS * 0.6) is None
    assert "more than twice" in advice_for(SHIPPED_MEAN_TURNS * 2.1)
    assert "under half" in advice_for(SHIPPED_MEAN_TURNS * 0.4)
    assert "at least" in advice_for(SHIPPED_MEAN_TURNS * 3, cut_off=1)


def test_advice_stops_games_far_longer_than_the_shipped_ones(tmp_path):
    """check plays no game beyond ADVICE_TURN_CAP turns; the mean is then a lower bound."""
    layout = load_layout(layout_file(tmp_path, snake(12)))
    figures = simulate_layout(layout, ADVICE_GAMES, ADVICE_SEED, count_effects=False,
                              turn_cap=ADVICE_TURN_CAP)
    assert figures.unfinished > 0 and max(figures.lengths) <= ADVICE_TURN_CAP
    line = play_advice(layout)
    assert "at least" in line and "more than twice" in line


# ---- the command line ------------------------------------------------------------------------


def test_analyse_json_has_the_figures(run_cli):
    result = run_cli("analyse", "steeple_chess", "--games", "40", "--seed", "3", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == 40 and data["seed"] == 3
    assert set(data["win_rate"]) == set(COLOURS) == set(data["win_interval"])
    assert sum(data["wins"].values()) + data["unfinished"] == 40
    for colour in COLOURS:
        low, high = data["win_interval"][colour]
        assert low <= data["win_rate"][colour] <= high
    lengths = [row["turns"] for row in data["histogram"] for _ in range(row["games"])]
    assert len(lengths) == data["finished"] == 40
    assert data["mean_turns"] == pytest.approx(sum(lengths) / 40)
    assert data["median_turns"] == statistics.median(lengths)
    assert data["obstacle"]["moved"] > 0 and data["black_squares"]["changed_moves"] > 0
    assert result.stdout == run_cli("analyse", "steeple_chess", "--games", "40", "--seed", "3",
                                    "--json").stdout


def test_analyse_text_names_every_colour(run_cli):
    result = run_cli("analyse", "steeple_chess", "--games", "10")
    assert result.exit_code == 0
    for word in (*COLOURS, "mean", "median", "obstacle", "black squares", "95 %"):
        assert word in result.stdout


def test_a_custom_course_is_analysed_the_same_way(run_cli, tmp_path):
    path = layout_file(tmp_path, straight(10))
    data = json.loads(run_cli("analyse", path, "--games", "20", "--json").stdout)
    expected = simulate(parse_map(straight(10)), 20, seed=0, faces="PNBRQK")
    assert data["mean_turns"] == pytest.approx(expected.mean_turns)
    assert data["wins"] == expected.wins


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_plot_draws_the_histogram(run_cli, tmp_path, suffix):
    target = tmp_path / f"turns.{suffix}"
    assert run_cli("analyse", "steeple_chess", "--games", "20", "--plot", target).exit_code == 0
    data = target.read_bytes()
    if suffix == "svg":
        root = ET.fromstring(data)
        texts = "".join(root.itertext())
        assert "turns per game" in texts and "mean" in texts
        assert len(root.findall(".//{http://www.w3.org/2000/svg}rect")) > 5
    else:
        assert data.startswith(b"\x89PNG\r\n" if suffix == "png" else b"%PDF-")


def test_bad_picture_name_and_setup_are_bad_input(run_cli, tmp_path):
    gif = run_cli("analyse", "steeple_chess", "--games", "5", "--plot", tmp_path / "x.gif")
    setup = write(tmp_path, "setup.toml", '[obstacle]\ncells = ["f14", "g14"]\n')
    with_setup = run_cli("analyse", "steeple_chess", "--games", "5", "--setup", setup)
    assert gif.exit_code == with_setup.exit_code == 2
    assert "--setup" in with_setup.output
    assert not (tmp_path / "x.gif").exists()


def test_check_advises_on_a_course_far_from_the_shipped_one(run_cli, tmp_path):
    long_course = run_cli("check", layout_file(tmp_path, snake(8), "long.toml"))
    short_course = run_cli("check", layout_file(tmp_path, straight(8), "short.toml"))
    shipped = run_cli("check", "steeple_chess")
    assert long_course.exit_code == short_course.exit_code == shipped.exit_code == 0
    assert "advice: " in long_course.stdout and "more than twice" in long_course.stdout
    assert "advice: " in short_course.stdout and "under half" in short_course.stdout
    assert "advice" not in shipped.stdout
