"""Captures and coming into play, stated as data: ``[race] capture``, ``safe``, ``enter`` and
``throw_again``.

A piece that ends its move where another player's stands sends that piece back to its
start, except on the safe kinds; from beside the board only the throws to enter bring a
piece on, to its first space. Each rule is checked where it acts: the throw, the exact
analysis, the simulation, ``check``, the rules in every language and board.json.
"""

from __future__ import annotations

import json

import pytest

from boardgen.errors import InputError
from boardgen.games.race.analysis import exact, simulate
from boardgen.games.race.play import Course, course_of
from boardgen.games.race.sentences import aid_facts, sections
from boardgen.i18n import words_for
from boardgen.layout import load_layout

LINE = '''game = "race"
name = "chase"
title = "Chase"

[players]
min = 2
max = 4

[race]
{race}

[board]
shape = "serpentine"
columns = 6
rows = 4

[kinds.star]
pictogram = "star"

[kinds.pit]
effect = "start"
pictogram = "skull"

[spaces]
7 = "star"
13 = "star"
{pit}

[labels.en]
kinds.star.name = "Star"
kinds.pit.name = "Pit"

[labels.de]
kinds.star.name = "Stern"
kinds.pit.name = "Grube"

[labels.pl]
kinds.star.name = "Gwiazda"
kinds.pit.name = "Dół"

[labels.fr]
kinds.star.name = "Étoile"
kinds.pit.name = "Fosse"

[components.pawns]
type = "tokens"
shape = "pawn"
size_mm = 14
'''

CROSS = '''game = "race"
name = "crossing"
languages = ["en"]
title = "Crossing"

[race]
start = "{start}"
capture = "start"

[board]
shape = "cross"
arm = 4
space_mm = 20

[kinds.pit]
effect = "start"

[spaces]
14 = "pit"

[labels.en]
kinds.pit.name = "Pit"

[components.pawns]
type = "tokens"
shape = "pawn"
size_mm = 14
'''


def chase(tmp_path, race: str, pit: bool = True):
    path = tmp_path / "chase.toml"
    path.write_text(LINE.format(race=race, pit='17 = "pit"' if pit else ""), encoding="utf-8")
    return path


def problems_of(path) -> list[str]:
    with pytest.raises(InputError) as raised:
        load_layout(str(path))
    return [str(problem) for problem in raised.value.problems or [raised.value]]


# ---- the throw and the exact analysis -----------------------------------------------------


def test_only_a_throw_to_enter_brings_a_piece_on_and_then_to_its_first_space(tmp_path):
    course = course_of(load_layout(str(chase(tmp_path, "enter = [6]"))))
    assert course.enter == {6}
    on = course.throw(0, (6,))
    assert (on.position, on.moved) == (1, True)  # put on space 1, not moved six spaces
    for face in range(1, 6):
        off = course.throw(0, (face,))
        assert (off.position, off.moved) == (0, False)
    assert course.throw(1, (3,)).position == 4  # on the board every throw moves it


def test_waiting_for_a_six_adds_six_throws_to_the_race_exactly(tmp_path):
    """A piece that needs a 6 to come on waits 6 throws on average, then runs the race a
    piece starting on space 1 runs (with no space that sends it back to wait again): the
    chain must give exactly that sum."""
    entering = course_of(load_layout(str(chase(tmp_path, "enter = [6]", pit=False))))
    on_the_board = course_of(load_layout(str(chase(tmp_path, 'start = "first"', pit=False))))
    assert exact(entering).expected_throws == pytest.approx(
        6 + exact(on_the_board).expected_throws, rel=1e-9)
    assert exact(entering).min_throws == exact(on_the_board).min_throws + 1


def test_two_throws_to_enter_halve_the_wait(tmp_path):
    entering = course_of(load_layout(str(chase(tmp_path, "enter = [5, 6]", pit=False))))
    on_the_board = course_of(load_layout(str(chase(tmp_path, 'start = "first"', pit=False))))
    assert exact(entering).expected_throws == pytest.approx(
        3 + exact(on_the_board).expected_throws, rel=1e-9)


def test_the_safe_kinds_are_the_positions_where_no_piece_is_sent_back(tmp_path):
    course = course_of(load_layout(str(chase(tmp_path, 'capture = "start"\nsafe = ["star"]'))))
    assert course.capture and course.safe == {7, 13}
    assert course.captures_at(8) and not course.captures_at(7)
    assert not course.captures_at(0) and not course.captures_at(course.length)


# ---- the simulation ----------------------------------------------------------------------


def one_face(length: int = 10, capture: bool = True, safe=frozenset(), again=frozenset()
             ) -> Course:
    """A die of one face: every throw moves a piece one space, so every game is the same."""
    return Course(length, 0, "exact", (None,) * (length + 1), 1, 1, capture=capture,
                  safe=frozenset(safe), throw_again=frozenset(again))


def test_without_captures_the_first_player_of_a_one_face_die_wins_every_game():
    result = simulate(one_face(capture=False), 2, 20, seed=1)
    assert result.wins == [20, 0] and result.rounds == [10] * 20


def test_a_piece_landing_on_another_sends_it_back_every_time():
    """Both pieces move one space a turn: the second always lands on the first and sends it
    back, and the first does the same to it next turn, so no game can end."""
    result = simulate(one_face(), 2, 5, seed=1)
    assert result.unfinished == 5 and result.wins == [0, 0]


def test_a_safe_space_stops_the_sending_back():
    """With space 1 safe the second piece lands beside the first without harm; a turn later
    it sends the first back from space 2 and stays ahead for good, and wins."""
    one_safe = simulate(one_face(safe={1}), 2, 5, seed=1)
    assert one_safe.wins == [0, 5] and one_safe.rounds == [10] * 5
    all_safe = simulate(one_face(safe=set(range(1, 10))), 2, 5, seed=1)
    assert all_safe.wins == [5, 0] and all_safe.rounds == [10] * 5


def test_a_throw_again_after_every_throw_wins_the_first_turn():
    """With every throw giving another, the first player throws until home in its first turn,
    and the chain counts all ten throws as one turn."""
    course = one_face(capture=False, again={1})
    result = simulate(course, 2, 5, seed=1)
    assert result.wins == [5, 0] and result.rounds == [1] * 5
    figures = exact(course)
    assert figures.expected_throws == pytest.approx(10) and figures.expected_turns == pytest.approx(1)


def test_throwing_again_saves_turns_but_not_throws(tmp_path):
    """A throw again changes where no piece goes, only which turn a throw belongs to: the
    throws stay, and every six that does not win saves a turn."""
    again = exact(course_of(load_layout(str(chase(tmp_path, "throw_again = [6]")))))
    (tmp_path / "plain").mkdir()
    plain = exact(course_of(load_layout(str(chase(tmp_path / "plain", "")))))
    assert again.expected_throws == pytest.approx(plain.expected_throws, rel=1e-12)
    assert again.distribution == pytest.approx(plain.distribution)
    saved = plain.expected_turns - again.expected_turns
    assert 0 < saved < again.expected_throws / 6


def test_a_throw_again_ends_on_a_space_that_costs_turns():
    from boardgen.components.kinds import Effect

    effects = (None, None, Effect("skip", None, 2), None, None)
    course = Course(4, 0, "exact", effects, 1, 1, throw_again=frozenset({1}))
    landing = course.throw(1, (1,))
    assert landing.skip == 2 and not course.again_after((1,), landing)
    assert course.again_after((1,), course.throw(2, (1,)))
    assert not course.again_after((1,), course.throw(3, (1,)))  # it won


def test_captures_make_a_real_race_longer(tmp_path):
    """Across a thousand games, being sent back can only lengthen a race."""
    layout = load_layout(str(chase(tmp_path, 'capture = "start"')))
    (tmp_path / "plain").mkdir()
    plain = load_layout(str(chase(tmp_path / "plain", "")))
    captured = simulate(course_of(layout), 4, 1000, seed=3)
    free = simulate(course_of(plain), 4, 1000, seed=3)
    mean = sum(captured.rounds) / len(captured.rounds)
    assert mean > sum(free.rounds) / len(free.rounds)


# ---- check -------------------------------------------------------------------------------


@pytest.mark.parametrize("race, key, words", [
    ('start = "first"\nenter = [6]', "race.enter", "with start = \"first\""),
    ("enter = [7]", "race.enter", "never 7"),
    ("enter = [0]", "race.enter", "never 0"),
    ("throw_again = [7]", "race.throw_again", "never 7"),
    ("throw_again = [1, 2, 3, 4, 5, 6]", "race.throw_again", "a turn would never end"),
    ('safe = ["star"]', "race.safe", 'capture = "start"'),
    ('capture = "start"\nsafe = ["moon"]', "race.safe", "no kind 'moon'"),
])
def test_check_names_the_key_of_a_rule_that_cannot_hold(tmp_path, race, key, words):
    found = problems_of(chase(tmp_path, race))
    assert any(key in problem and words in problem for problem in found), found


def test_a_first_throw_table_and_throws_to_enter_are_refused_together(tmp_path):
    path = chase(tmp_path, "enter = [6]")
    path.write_text(path.read_text(encoding="utf-8").replace(
        "[board]", '[dice]\nfirst_throw = { "6" = 12 }\n\n[board]'), encoding="utf-8")
    found = problems_of(path)
    assert any("race.enter" in problem and "first-throw table" in problem for problem in found)


# ---- what the rules, the aid and board.json say ------------------------------------------


AGAIN = {"en": "After a throw of 6, throw again at once",
         "de": "Nach einem Wurf von 6 würfelst du sofort noch einmal",
         "pl": "Po wyrzuceniu 6 rzucasz od razu jeszcze raz",
         "fr": "Après un lancer de 6, relancez aussitôt"}


@pytest.mark.parametrize("lang, shared, sent_back, safe, enter", [
    ("en", "Any number of pieces may share a space.", "sent back to the start", "Star",
     "only with a throw of 5 or 6"),
    ("de", "beliebig viele Figuren", "zurück an den Start", "Stern", "Wurf von 5 oder 6"),
    ("pl", "dowolnie wiele pionków", "wraca na start", "Gwiazda", "wyrzuceniu 5 lub 6"),
    ("fr", "Plusieurs pions peuvent occuper", "renvoyé au départ", "Étoile", "lancer de 5 ou 6"),
])
def test_the_rules_say_how_pieces_meet_in_every_language(tmp_path, lang, shared, sent_back,
                                                         safe, enter):
    sharing = load_layout(str(chase(tmp_path, "")))
    assert shared in sections(sharing, words_for(sharing, lang))["capture"]
    capturing = load_layout(str(chase(tmp_path, 'capture = "start"\nsafe = ["star"]\n'
                                                "enter = [6, 5, 6]\nthrow_again = [6]")))
    said = sections(capturing, words_for(capturing, lang))
    assert sent_back in said["capture"] and said["capture"].endswith(f"{safe}.")
    assert shared not in said["capture"]
    assert enter in said["turn"]
    assert AGAIN[lang] in said["turn"]
    assert sent_back in " ".join(aid_facts(capturing, words_for(capturing, lang))["notes"])


def test_a_safe_kind_says_so_in_the_legend(tmp_path):
    layout = load_layout(str(chase(tmp_path, 'capture = "start"\nsafe = ["star", "pit"]')))
    said = sections(layout, words_for(layout, "en"))["spaces"]
    assert "**Star** (7, 13): a piece here is safe: it is never sent back." in said
    assert "**Pit** (17): go back to the start. A piece here is safe as well" in said


@pytest.mark.parametrize("start, back", [("off", "go back to your corner."),
                                         ("first", "go back to the space of your colour.")])
def test_on_a_cross_the_start_is_a_players_own(tmp_path, start, back):
    path = tmp_path / "crossing.toml"
    path.write_text(CROSS.format(start=start), encoding="utf-8")
    layout = load_layout(str(path))
    said = sections(layout, words_for(layout, "en"))
    assert f"**Pit** (14): {back}" in said["spaces"]
    corner = "its corner" if start == "off" else "the space of its colour"
    assert said["capture"].endswith(f"that piece is sent back to {corner}.")


def test_board_json_states_the_rules_a_layout_sets_and_only_those(tmp_path):
    from boardgen.games.race.compose import compose_game

    plain = compose_game(load_layout(str(chase(tmp_path, "")))).board_json["race"]
    assert set(plain) == {"start", "finish", "dice", "first_throw"}
    layout = load_layout(str(chase(tmp_path, 'capture = "start"\nsafe = ["star"]\nenter = [6]\n'
                                             "throw_again = [6]")))
    race = json.loads(json.dumps(compose_game(layout).board_json))["race"]
    assert race["enter"] == [6] and race["capture"] == "start" and race["safe"] == ["star"]
    assert race["throw_again"] == [6]


def test_analyse_says_what_its_exact_figures_leave_out(tmp_path):
    from types import SimpleNamespace

    from boardgen.games.race.analysis import analyse

    layout = load_layout(str(chase(tmp_path, 'capture = "start"\nenter = [6]')))
    found = analyse(layout, SimpleNamespace(games=50, seed=0, players=3))
    data = found.as_json()
    assert data["enter"] == [6] and data["captures"] is True
    assert data["simulation"]["finished"] == 50
    assert "leave captures out" in found.text() and "throw of 6" in found.text()
