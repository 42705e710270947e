"""A table of broken layout files: each gets one clear message naming file, key and line; exit 2."""

from __future__ import annotations

import pytest

from tests.conftest import write

RK = 'extends = "racing_kings"\n'

# (file text, fragments the message must contain, the line it must name or None)
CASES = [
    ("[board\n", ["malformed TOML"], 1),
    ('title = "unterminated\n', ["malformed TOML"], 1),
    ("title = 'a'\ntitle = 'b'\n", ["malformed TOML"], 2),
    ("= 3\n", ["malformed TOML"], 1),
    ('title = "x"\n', ["missing 'game'"], None),
    ('game = "racing_kingz"\nname = "x"\ntitle = "x"\n', ["unknown game kind", "did you mean 'racing_kings'"], None),
    ('game = 3\nname = "x"\ntitle = "x"\n', ["game", "missing 'game'"], None),
    ('extends = "chess960"\n', ["unknown game 'chess960'", "extends"], None),
    ('extends = "../nowhere/else.toml"\n', ["no such layout file", "extends"], None),
    ("extends = 5\n", ["expected a game name or file path", "extends"], None),
    (RK + "colour = 1\n", ["unknown key 'colour'", "did you mean"], 2),
    (RK + "[board]\nsquare_size = 40\n", ["board.square_size", "did you mean 'square_mm'"], 3),
    (RK + "[board]\nsquare_mm = -40\n", ["board.square_mm", "greater than or equal to 12", "found -40"], 3),
    (RK + "[board]\nsquare_mm = 0\n", ["board.square_mm", "greater than or equal to 12", "found 0"], 3),
    (RK + '[board]\nsquare_mm = "forty"\n', ["board.square_mm", "valid number", "found 'forty'"], 3),
    (RK + "[board]\nsquare_mm = 6000\n", ["board.square_mm", "less than or equal to 100"], 3),
    (RK + "[board]\nranks = 2.5\n", ["board.ranks", "integer", "found 2.5"], 3),
    (RK + "[board]\ngoal_rank = 9\n", ["board.goal_rank", "goal_rank 9 is beyond"], 3),
    (RK + '[board]\nfiles = "ABCDEFGH"\n', ["board.files", "small letters", "found 'ABCDEFGH'"], 3),
    (RK + '[board]\nfiles = "aabcdefg"\n', ["board.files", "repeat a letter"], 3),
    (RK + '[colors]\ndark = "browny"\n', ["colors.dark", 'a CSS name like "green"', "found 'browny'"], 3),
    (RK + '[colors]\ndark = "#12345"\n', ["colors.dark", "found '#12345'"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRP"\n', ["setup.fen", "without pawns"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRK"\n', ["setup.fen", "exactly one white king"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/8/krbnNBRQ/qrbnNBRQ"\n', ["setup.fen", "exactly one white king, it has 0"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/krbnNBRK/qrbnNBRQ"\n', ["setup.fen", "7 ranks"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/8/krbnNBRK/qrbnNBR"\n', ["setup.fen", "7 squares"], 3),
    (RK + '[setup]\nfen = "8/8/8/8/8/8/krbnXBRK/qrbnNBRQ"\n', ["setup.fen", "unknown piece 'X'"], 3),
    (RK + '[setup]\nfen = "K7/8/8/8/8/8/krbnNBR1/qrbnNBRQ"\n', ["setup.fen", "goal rank"], 3),
    (RK + '[setup]\nascii = "k"\n', ["setup.ascii", "1 rows"], 3),
    (RK + '[setup]\n', ["setup", "exactly one of 'fen' or 'ascii'"], 2),
    (RK + '[tokens]\nstyle = "cube"\n', ["tokens.style", "'disc' or 'standee'", "found 'cube'"], 3),
    (RK + "[tokens]\nsize_mm = -3\n", ["tokens.size_mm", "greater than or equal to 12"], 3),
    (RK + "board = 3\n", ["board", "valid dictionary"], 2),
    ('extends = "river_race"\n[board]\ncolumns = 2\n', ["board.columns", "a river board has 9 to 50 columns, not 2"], 3),
    ('extends = "river_race"\n[[players]]\nbank = 1\n', ["players", "at least 2 items"], 2),
    ('extends = "river_race"\n[[tiles.types]]\nname = "bad"\ncount = 3\npaths = ["M 0 0 X 5"]\n',
     ["tiles.types[0].paths", "unexpected 'X'"], 5),
    ('extends = "river_race"\n[obstacles.black]\nper_player = -1\n',
     ["obstacles.black.per_player", "greater than or equal to 0"], 3),
    ('extends = "steeple_chess"\n[course]\nmap = """\n....\n"""\n', ["course.map", "map row 1"], 3),
    ('extends = "steeple_chess"\n[die]\nfaces = "KKKKKK"\n', ["die.faces", "found 'KKKKKK'"], 3),
    ('extends = "steeple_chess"\n[course]\nsquare_mm = "big"\n', ["course.square_mm", "found 'big'"], 3),
    ('extends = "six_day_race"\n[board]\nlane_mm = 10\n', ["board.lane_mm", "greater than or equal to 12"], 3),
    ('extends = "six_day_race"\n[board]\nspacs = 60\n', ["board.spacs", "did you mean 'spaces'"], 3),
    ('extends = "racing_kings.toml"\n',
     ["extends", "no such layout file '", "racing_kings.toml'", 'write extends = "racing_kings"'], None),
    ('extends = "river_race"\n' + "".join(
        f'[[tiles.types]]\nname = "t{i}"\ncount = 1000\npaths = ["M 50 0 L 50 100"]\n'
        for i in range(11)), ["tiles", "11000 tiles in all", "at most 10000"], 2),
    ('extends = "river_race"\n[obstacles.black.shapes]\n"1x1" = 6000\n"1x2" = 5000\n',
     ["obstacles", "in all", "at most 10000"], None),
    ('extends = "river_race"\n[obstacles.black]\nmark = "\U0001f3c1"\n',
     ["obstacles", "is no letter"], None),
]


@pytest.mark.parametrize("text, fragments, line", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_broken_file(run_cli, tmp_path, text, fragments, line):
    path = write(tmp_path, "broken.toml", text)
    result = run_cli("check", path)
    assert result.exit_code == 2
    message = result.stderr
    assert "Traceback" not in message
    assert "broken.toml" in message
    if line is not None:
        assert f"broken.toml:{line}" in message, message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def test_the_table_is_large_enough():
    assert len(CASES) >= 25


def test_a_broken_file_leaves_no_output(run_cli, tmp_path):
    path = write(tmp_path, "broken.toml", RK + "[board]\nsquare_mm = -1\n")
    result = run_cli("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))


def test_a_byte_order_mark_from_a_windows_editor_is_no_text(run_cli, tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeffextends = \"river_race\"\nname = \"bom\"\n".encode("utf-8"))
    result = run_cli("check", path)
    assert result.exit_code == 0, result.stderr
