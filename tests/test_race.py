"""The generic race kind: the two traditional games exactly as their boards are, how pieces
move, what check refuses, and the exact analysis against independent methods."""

from __future__ import annotations

import json
import math
import random

import pytest

from boardgen.games.race.analysis import exact, simulate
from boardgen.games.race.play import Course, course_of
from boardgen.layout import load_layout

LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
CHUTES = {16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}
GEESE = [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59]


def board_json(game: str) -> dict:
    from boardgen.contract import compose

    return compose(load_layout(game), "en").board_json


def test_snakes_and_ladders_is_the_board_the_issue_names():
    data = board_json("snakes_and_ladders")
    spaces = {s["number"]: s for s in data["spaces"]}
    assert sorted(spaces) == list(range(1, 101))
    jumps = {n: s["effect"]["to"] for n, s in spaces.items() if "effect" in s}
    assert jumps == {**LADDERS, **CHUTES}
    assert all(spaces[n]["effect"] == {"kind": "jump", "to": to} for n, to in jumps.items())
    assert [spaces[n]["next"] for n in (1, 99, 100)] == [["2"], ["100"], []]
    assert data["race"] == {"start": "off", "finish": "exact", "dice": {"count": 1, "sides": 6},
                            "first_throw": {}}
    # numbered from the bottom left, back and forth: 1 left of 2, 11 above 10, 100 top left
    assert spaces[1]["center"][0] < spaces[2]["center"][0]
    assert math.isclose(spaces[11]["center"][0], spaces[10]["center"][0])
    assert spaces[11]["center"][1] < spaces[10]["center"][1]
    assert spaces[100]["center"][0] == spaces[81]["center"][0] < spaces[99]["center"][0]


def test_the_game_of_the_goose_is_the_board_the_issue_names():
    data = board_json("game_of_the_goose")
    spaces = {s["number"]: s for s in data["spaces"]}
    assert sorted(spaces) == list(range(1, 64))
    effects = {n: s["effect"] for n, s in spaces.items() if "effect" in s}
    assert {n for n, e in effects.items() if e["kind"] == "again"} == set(GEESE)
    assert effects[6] == {"kind": "jump", "to": 12} and effects[42] == {"kind": "jump", "to": 30}
    assert effects[19] == {"kind": "skip", "turns": 2}
    assert effects[31] == effects[52] == {"kind": "wait"}
    assert effects[58] == {"kind": "start"}
    assert len(effects) == len(GEESE) + 6
    assert data["race"]["finish"] == "bounce" and data["race"]["dice"]["count"] == 2
    assert data["race"]["first_throw"] == {"6+3": 26, "5+4": 53}
    assert all("outline" in s for s in data["spaces"])


# ---- moving ------------------------------------------------------------------------------


def goose() -> Course:
    return course_of(load_layout("game_of_the_goose"))


def test_a_throw_past_63_is_counted_back():
    course = goose()
    assert course.throw(60, (3, 2)).position == 61         # 60 + 5 = 65: back to 61
    assert course.throw(57, (3, 3)).position == 63


def test_a_goose_moves_the_throw_again_and_on_the_way_back_keeps_going_back():
    course = goose()
    assert course.throw(0, (2, 3)).trail == (5, 10)        # 5 is a goose: on to 10
    assert course.throw(0, (4, 5)).position == 63           # 9, 18, ... 54, 63: not a first throw
    back = course.throw(51, (4, 4))       # 59, a goose: 67 counted back to 59, a goose again
    assert back.trail == (59, 59, 51)     # ...so on back by 8 more: 51


def test_the_first_throw_of_nine_goes_to_26_or_53():
    course = goose()
    assert course.throw(0, (6, 3), first=True).position == 26
    assert course.throw(0, (3, 6), first=True).position == 26
    assert course.throw(0, (4, 5), first=True).position == 53
    assert course.throw(0, (4, 5), first=False).position == 63


def test_bridge_maze_death_inn_well_and_prison():
    course = goose()
    assert course.throw(0, (2, 4)).position == 12            # the bridge
    assert course.throw(40, (1, 1)).position == 30           # the maze
    assert course.throw(56, (1, 1)).position == 0            # death: back to the start
    inn = course.throw(17, (1, 1))
    assert (inn.position, inn.skip) == (19, 2)
    assert course.throw(29, (1, 1)).wait and course.throw(50, (1, 1)).wait


def test_snakes_and_ladders_needs_exactly_100():
    course = course_of(load_layout("snakes_and_ladders"))
    assert not course.throw(97, (5,)).moved and course.throw(97, (5,)).position == 97
    assert course.throw(97, (3,)).position == 100
    assert course.throw(0, (1,)).position == 38              # the ladder on square 1
    assert course.throw(90, (3,)).position == 73             # the snake on 93


# ---- check -------------------------------------------------------------------------------


def write(tmp_path, text: str):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_refuses_a_track_that_cannot_be_finished(run_cli, tmp_path):
    path = write(tmp_path, 'extends = "game_of_the_goose"\nname = "exact_goose"\n'
                           '[race]\nfinish = "exact"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "race.finish" in result.stderr and "cannot be finished from space 62" in result.stderr


def test_check_refuses_a_jump_into_nowhere_and_a_loop_of_jumps(run_cli, tmp_path):
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "broken"\n'
                           '[spaces]\n3 = { kind = "ladder", to = 140 }\n'
                           '40 = { kind = "ladder", to = 50 }\n50 = { kind = "snake", to = 40 }\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert any("spaces.3" in line and "space 140, which is not on the track" in line
               for line in lines)
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "broken"\n'
                           '[spaces]\n40 = { kind = "ladder", to = 50 }\n'
                           '50 = { kind = "snake", to = 40 }\n')
    result = run_cli("check", path)
    assert result.exit_code == 2 and "a loop of jumps with no way out: 40 → 50 → 40" in result.stderr


def test_check_refuses_a_loop_of_effects_that_only_moving_finds(run_cli, tmp_path):
    # a goose whose throw again always lands on a snake back to it
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "spin"\n'
                           '[kinds.goose]\neffect = "again"\n'
                           '[spaces]\n10 = "goose"\n13 = { kind = "snake", to = 10 }\n'
                           '11 = { kind = "snake", to = 10 }\n12 = { kind = "snake", to = 10 }\n'
                           '14 = { kind = "snake", to = 10 }\n15 = { kind = "snake", to = 10 }\n'
                           '16 = { kind = "snake", to = 10 }\n')
    result = run_cli("check", path)
    assert result.exit_code == 2 and "a loop of effects with no way out" in result.stderr


def test_check_names_an_unknown_kind_and_a_space_off_the_track(run_cli, tmp_path):
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "typo"\n'
                           '[spaces]\n30 = "ladders"\n101 = "snake"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "no kind 'ladders' in [kinds]" in result.stderr
    assert "space 101 is not on the track (1 to 100)" in result.stderr


def test_a_plain_space_takes_one_away_and_a_space_taken_twice_is_named(run_cli, tmp_path):
    """A layout that extends another takes a space away as the six-day layouts do
    (4 = "plain"); two spaces spread onto one are named, with what to write instead."""
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "fewer"\n'
                           '[spaces]\n4 = "plain"\n')
    assert run_cli("check", path).exit_code == 0
    jumps = {s["number"] for s in board_json(str(path))["spaces"] if "effect" in s}
    assert 4 not in jumps and 1 in jumps and len(jumps) == len(LADDERS) + len(CHUTES) - 1
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "crowded"\n'
                           'counted_on = 100\n[board]\ncolumns = 5\nrows = 5\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "is already a " in result.stderr and "or drop it with" in result.stderr


def test_one_ladder_changed_through_extends(run_cli, tmp_path):
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "taller"\n'
                           '[spaces.4]\nto = 24\n')
    assert run_cli("check", path).exit_code == 0
    data = board_json(str(path))
    assert next(s for s in data["spaces"] if s["number"] == 4)["effect"]["to"] == 24


# ---- analysis ----------------------------------------------------------------------------


def hand_solved() -> Course:
    """Spaces 0..3, a coin (faces 1 and 2), exact finish, no effects.

    E3 = 0; E2 = 1 + E2/2 (a 2 is lost) so E2 = 2; E1 = 1 + (E2 + E3)/2 = 2;
    E0 = 1 + (E1 + E2)/2 = 3.
    """
    return Course(3, 0, "exact", (None,) * 4, dice=1, sides=2)


def test_the_chain_agrees_with_a_hand_solved_track():
    figures = exact(hand_solved())
    assert math.isclose(figures.expected_throws, 3.0)
    assert figures.min_throws == 2
    # P(2 throws) = P(1,2) + P(2,1) = 1/2; the distribution sums to one
    assert math.isclose(figures.distribution[1], 0.5) and figures.distribution[0] == 0.0
    assert math.isclose(sum(figures.distribution), 1.0, abs_tol=1e-6)


def brute_force(course: Course, throws: int, seed: int = 1) -> list[int]:
    """Throws to finish in ``throws`` simulated races of one player, moved by the same rules."""
    rng = random.Random(seed)
    counts = []
    for _ in range(throws):
        position, fresh, k = course.start, True, 0
        while position != course.length:
            faces = tuple(rng.randint(1, course.sides) for _ in range(course.dice))
            position = course.throw(position, faces, first=fresh).position
            fresh, k = False, k + 1
        counts.append(k)
    return counts


@pytest.mark.parametrize("game", ["snakes_and_ladders", "game_of_the_goose"])
def test_the_chain_agrees_with_brute_force_within_its_interval(game):
    course = course_of(load_layout(game))
    figures = exact(course)
    counts = brute_force(course, 4000)
    mean = sum(counts) / len(counts)
    sd = (sum((c - mean) ** 2 for c in counts) / (len(counts) - 1)) ** 0.5
    assert abs(mean - figures.expected_throws) < 4 * sd / len(counts) ** 0.5
    assert min(counts) >= figures.min_throws


def test_snakes_and_ladders_takes_the_known_39_2_throws():
    """Althoen, King and Schilling (1993) give 39.2 throws for this board when 100 must be
    reached exactly; the fewest throws are 7."""
    figures = exact(course_of(load_layout("snakes_and_ladders")))
    assert round(figures.expected_throws, 1) == 39.2 and figures.min_throws == 7


def test_lost_turns_count_in_turns_not_throws():
    plain = Course(4, 0, "pass", (None,) * 5, dice=1, sides=2)
    from boardgen.components.kinds import Effect

    inn = Course(4, 0, "pass", (None, Effect("skip", turns=3), None, None, None), dice=1, sides=2)
    assert math.isclose(exact(plain).expected_throws, exact(inn).expected_throws)
    # the inn on space 1 is met on the first throw half the time: 3 × 1/2 turns more
    assert math.isclose(exact(inn).expected_turns - exact(plain).expected_turns, 1.5)


def test_waiting_is_played_out_by_the_simulation():
    course = goose()
    result = simulate(course, 2, 300, seed=4)
    assert result.rounds and sum(result.wins) == len(result.rounds)
    again = simulate(course, 2, 300, seed=4)
    assert again.rounds == result.rounds  # the same seed, the same games
    # two pieces held in the well and the prison wait for ever: such games are counted
    assert result.unfinished == result.stuck


def test_analyse_prints_the_figures_as_json(run_cli):
    result = run_cli("analyse", "game_of_the_goose", "--json", "--games", "50", "--players", "3")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["min_throws"] == 2 and data["expected_throws"] > data["min_throws"]
    assert math.isclose(sum(d["chance"] for d in data["distribution"]), 1.0, abs_tol=1e-5)
    assert data["waiting_spaces"] == [31, 52]
    assert data["simulation"]["players"] == 3 and data["simulation"]["games"] == 50


# ---- a new game --------------------------------------------------------------------------


def test_new_race_writes_a_starter_that_checks_and_builds(run_cli, tmp_path):
    path = tmp_path / "my_game.toml"
    assert run_cli("new", "race", path).exit_code == 0
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf", "--lang", "pl")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "my_game" / "rules.pdf").is_file()


def test_the_rules_state_what_each_kind_of_space_does_in_every_language():
    from boardgen.games.race.sentences import sections
    from boardgen.i18n import words_for

    layout = load_layout("game_of_the_goose")
    for lang, word in (("en", "Inn"), ("de", "Wirtshaus"), ("pl", "Gospoda")):
        text = sections(layout, words_for(layout, lang))
        assert f"**{word}** (19)" in text["spaces"]
        assert "5, 9, 14, 18" in text["spaces"]
        assert "63" in text["finish"] and "26" in text["turn"] and "53" in text["turn"]
    german = sections(layout, words_for(layout, "de"))["spaces"]
    assert "setzt 2-mal aus" in german
    polish = sections(layout, words_for(layout, "pl"))["spaces"]
    assert "tracisz 2 następne kolejki" in polish
    counts = sections(layout, words_for(layout, "pl"))["components"]
    assert "2 kostki do sklejenia z papieru" in counts and "6 pionków" in counts


def test_spaces_counted_on_another_length_move_in_proportion(run_cli, tmp_path):
    """Snakes and Ladders' numbers counted on 100 spread over an 8 × 8 board: the first and
    the last space stay, every ladder still leads up and every chute down, and the board is
    drawn and analysed where the spaces now fall."""
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "small"\ncounted_on = 100\n'
                           '[board]\ncolumns = 8\nrows = 8\n')
    assert run_cli("check", path).exit_code == 0
    layout = load_layout(str(path))
    jumps = {s["number"]: s["effect"]["to"] for s in board_json(str(path))["spaces"]
             if s.get("effect", {}).get("kind") == "jump"}
    assert len(jumps) == len(LADDERS) + len(CHUTES)
    assert jumps[1] == round(1 + 37 * 63 / 99) and jumps[round(1 + 79 * 63 / 99)] == 64
    assert sum(to > n for n, to in jumps.items()) == len(LADDERS)
    assert all(1 <= n <= 64 for n in jumps) and layout.marked == tuple(sorted(jumps))
    assert exact(course_of(layout)).expected_throws < exact(course_of(load_layout(
        "snakes_and_ladders"))).expected_throws


def test_a_space_beyond_the_length_it_is_counted_on_is_named(run_cli, tmp_path):
    path = write(tmp_path, 'extends = "snakes_and_ladders"\nname = "x"\ncounted_on = 90\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "space 93 is beyond the 90 spaces it is counted on" in result.stderr


def test_a_rules_plugins_layout_refuses_the_keys_of_its_former_format(tmp_path):
    """A plugin's layout model lists the keys it replaced (``moved_keys``) and the components
    its rules read (``required_components``); the race model refuses both with the advice."""
    from typing import ClassVar

    from pydantic import ValidationError

    from boardgen.games.race.model import Layout, moved

    keys = {"old": "write new instead", "spaces.named": "by number", "spaces.colors": "by number"}
    data = {"old": 1, "spaces": {"named": [], "colors": {}}, "board": {}}
    assert moved(data, keys) == [("old", "write new instead"), ("spaces.named", "by number")]

    class Mine(Layout):
        moved_keys: ClassVar[dict[str, str]] = keys
        required_components: ClassVar[dict[str, tuple[str, str]]] = {
            "pawns": ("tokens", "the pawns are tokens: [components.pawns] type = \"tokens\"")}

    race = {"game": "race", "name": "mine", "title": "Mine",
            "board": {"shape": "serpentine", "columns": 4, "rows": 3}}
    with pytest.raises(ValidationError) as refused:
        Mine.model_validate({**race, "old": 1})
    assert "write new instead" in str(refused.value) and "pawns" not in str(refused.value)
    with pytest.raises(ValidationError) as refused:
        Mine.model_validate(race)
    assert "the pawns are tokens: [components.pawns]" in str(refused.value)
    assert Mine.model_validate({**race, "components": {"pawns": {"type": "tokens"}}})


@pytest.mark.parametrize("lang", ["en", "de", "pl", "fr"])
def test_spaces_of_a_kind_that_cost_different_turns_are_told_apart(tmp_path, lang):
    """A second inn that costs one turn, where the Goose's inn costs two: the rules, the legend
    and the aid say which costs what, not the first space's two turns for both."""
    from boardgen.games.race.sentences import effect_sentence, sections
    from boardgen.i18n import words_for

    path = write(tmp_path, 'extends = "game_of_the_goose"\nname = "two_inns"\n'
                           '[spaces]\n30 = { kind = "inn", turns = 1 }\n')
    layout = load_layout(str(path))
    words = words_for(layout, lang)
    text = effect_sentence(layout, words, "inn", [19, 30])
    assert f"19: {words('race.effect.lost_turns.other', count=2)}" in text
    one = "race.effect.lost_turns.one"
    assert f"30: {words(one, count=1)}" in text
    assert text in sections(layout, words)["spaces"]
    # one number of turns for every space of a kind: the plain sentence, as before
    goose = load_layout("game_of_the_goose")
    assert "19:" not in effect_sentence(goose, words_for(goose, lang), "inn", [19])
