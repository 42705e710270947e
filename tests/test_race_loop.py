"""A race on a cross (Ludo's shape): each player's way runs from its own entry once round the
loop into its own home row, and the analysis, check, board and rules all follow that way."""

from __future__ import annotations

import re

import pytest

from boardgen.games.race.analysis import exact
from boardgen.games.race.play import Course, course_of, way_of
from boardgen.games.race.sentences import sections
from boardgen.i18n import words_for
from boardgen.layout import load_layout

CROSS = '''game = "race"
name = "crossing"
title = "Crossing"

[players]
min = 2
max = 4

[dice]
count = {dice}

[race]
finish = "{finish}"

[board]
shape = "cross"
arm = 4
entry = {entry}
space_mm = 20

[kinds.ladder]
effect = "jump"
link = "ladder"

[kinds.snake]
effect = "jump"
link = "snake"

[spaces]
{spaces}
[components.pawns]
type = "tokens"
shape = "pawn"
size_mm = 14
'''


def cross(tmp_path, spaces: str = "", finish: str = "exact", dice: int = 1, entry: int = 1):
    path = tmp_path / "crossing.toml"
    path.write_text(CROSS.format(spaces=spaces, finish=finish, dice=dice, entry=entry),
                    encoding="utf-8")
    return path


def test_each_players_way_starts_at_its_entry_and_ends_in_its_home_row(tmp_path):
    layout = load_layout(str(cross(tmp_path)))
    for player, entry in ((1, 1), (2, 11), (3, 21), (4, 31)):
        way = way_of(layout, player)
        assert way.spaces[0] == entry and len(way.spaces) == 40 and way.home == 4
        assert way.spaces[-1] == (entry - 2) % 40 + 1  # the arm's tip, just before the entry
        assert sorted(way.spaces) == list(range(1, 41))
        assert way.name(41) == "home space 1" and way.name(44) == "home space 4"


def test_a_jump_leads_to_where_its_space_lies_on_each_way(tmp_path):
    layout = load_layout(str(cross(tmp_path, '3 = { kind = "ladder", to = 11 }\n'
                                             '17 = { kind = "snake", to = 4 }\n')))
    first, second = course_of(layout, 1), course_of(layout, 2)
    assert (first.effects[3].to, first.effects[17].to) == (11, 4)
    # the second player enters at 11: space 3 is its 33rd, 11 its first, 17 its 7th, 4 its 34th
    assert (second.effects[33].to, second.effects[7].to) == (1, 34)
    assert first.length == second.length == 44


def test_a_plain_cross_plays_like_a_straight_track_of_its_way(tmp_path):
    """Without kinds, one player's expected throws are a plain track's of 44 spaces, worked
    out by the same chain on a course built by hand."""
    for finish in ("exact", "bounce", "pass"):
        layout = load_layout(str(cross(tmp_path, finish=finish)))
        straight = Course(44, 0, finish, (None,) * 45)
        assert exact(course_of(layout)).expected_throws == pytest.approx(
            exact(straight).expected_throws, rel=1e-12)


def test_check_names_the_home_space_a_race_cannot_be_finished_from(run_cli, tmp_path):
    result = run_cli("check", cross(tmp_path, dice=2))  # two dice never throw a 1
    assert result.exit_code == 2
    assert "player 1's way" in result.stderr and "home space 3" in result.stderr


def test_check_refuses_a_jump_off_a_players_way(run_cli, tmp_path):
    """Entering two spaces after its tip, a player never passes the space between."""
    path = cross(tmp_path, entry=2)
    layout = load_layout(str(path))
    off = sorted(set(range(1, 41)) - set(way_of(layout, 2).spaces))
    assert len(off) == 1
    path = cross(tmp_path, f'5 = {{ kind = "ladder", to = {off[0]} }}\n', entry=2)
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "spaces.5" in result.stderr and f"never passes space {off[0]}" in result.stderr


def test_the_board_marks_no_finish_and_no_start_on_the_loop(tmp_path):
    from boardgen.contract import compose

    layout = load_layout(str(cross(tmp_path)))
    data = compose(layout, "en").board_json
    assert not [s["id"] for s in data["spaces"] if s["kind"] == "finish" or "finish" in s["tags"]]
    ends = [s for s in data["spaces"] if "home" in s["tags"] and not s["next"]]
    assert len(ends) == 4  # each home row ends its player's way


@pytest.mark.parametrize("lang", ["en", "de", "pl", "fr"])
def test_the_rules_send_pieces_from_their_corner_round_to_their_home_row(tmp_path, lang):
    layout = load_layout(str(cross(tmp_path)))
    words = words_for(layout, lang)
    found = sections(layout, words)
    assert found["setup"] == words("race.loop.setup.off.one", count=1)
    assert found["turn"].endswith(words("race.loop.way"))
    assert found["finish"] == words("race.loop.finish.exact")
    # nothing of a track that starts before space 1 and ends on space 40
    assert not re.search(r"\b(1|40)\b", found["setup"] + found["finish"])


def test_a_waiting_piece_is_freed_by_a_piece_on_its_space_not_its_position():
    """Two ways through one waiting space: the first player's second position and the
    second player's fourth. A die of one face makes the race certain: freed only when the
    second player reaches that space, the first player loses the race it would win if equal
    positions freed it."""
    from boardgen.components.kinds import Effect
    from boardgen.games.race.analysis import simulate

    waits = Course(5, 0, "exact", (None, None, Effect("wait"), None, None, None), sides=1)
    plain = Course(5, 0, "exact", (None,) * 6, sides=1)
    places = [("start", 1, "x", 3, 4, 5), ("start", 2, 6, 7, "x", 8)]
    assert simulate([waits, plain], 2, 1, 0, places).wins == [0, 1]
    assert simulate([waits, plain], 2, 1, 0).wins == [1, 0]  # positions alike: freed at once


def test_analyse_plays_each_player_on_its_own_way(run_cli, tmp_path):
    import json

    path = cross(tmp_path, '3 = { kind = "ladder", to = 11 }\n17 = { kind = "snake", to = 4 }\n')
    result = run_cli("analyse", path, "--json", "--games", "400")
    assert result.exit_code == 0
    figures = json.loads(result.stdout)
    assert figures["spaces"] == 44
    assert run_cli("analyse", path, "--players", "5").exit_code == 2
    # each player's exact figures are those of its own way: the ladder and the snake lie
    # early on the first player's way and late (or, for the snake, nowhere ahead) on others'
    layout = load_layout(str(path))
    ways = figures["ways"]
    assert [way["player"] for way in ways] == [1, 2, 3, 4]
    for way in ways:
        alone = exact(course_of(layout, way["player"]))
        assert way["expected_throws"] == pytest.approx(alone.expected_throws, abs=1e-6)
        assert way["min_throws"] == alone.min_throws
    assert ways[0]["expected_throws"] == pytest.approx(figures["expected_throws"])
    assert len({round(way["expected_throws"], 3) for way in ways}) > 1


def test_the_rule_sheet_opens_with_the_home_row_as_the_goal(run_cli, tmp_path):
    from tests.conftest import pdf_text

    path = cross(tmp_path)
    assert run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out").exit_code == 0
    text = " ".join(pdf_text((tmp_path / "out" / "crossing" / "rules.pdf").read_bytes()).split())
    assert "the first to bring a piece to the end of its home row wins" in text
    assert "before space 1" not in text and "space 40" not in text
