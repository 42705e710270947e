"""Hostile files through the command line: each is one line on stderr, exit 2, within seconds.

Files that could block or never end (FIFOs, devices) are tried in a process of their own with
a timeout, so a hang fails the test instead of stopping the suite; the rest run in-process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardgen.cli import app
from tests.conftest import write

SECONDS = 10
RIVER = 'extends = "river_race"\nname = "mine"\n'
RK = 'extends = "racing_kings"\nname = "mine"\n'


def boardgen(*args, cwd: Path | None = None):
    """Run the command line in-process (from ``cwd``); returns returncode, stderr and seconds."""
    start = time.perf_counter()
    previous = Path.cwd()
    os.chdir(cwd or previous)
    try:
        result = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)
    finally:
        os.chdir(previous)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout_bytes,
                                       result.stderr_bytes), time.perf_counter() - start


def isolated(*args) -> subprocess.CompletedProcess:
    """Run the command line in a fresh process; a hang fails after SECONDS."""
    command = [sys.executable, "-c", "from boardgen.cli import main; main()", *map(str, args)]
    start = time.perf_counter()
    try:
        result = subprocess.run(command, capture_output=True, timeout=SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"boardgen {' '.join(map(str, args))} still running after {SECONDS} s")
    return result, time.perf_counter() - start


def refused(outcome, *fragments: str) -> str:
    """Exit 2, quickly, with one clean line on stderr holding every fragment; returns the line."""
    result, seconds = outcome
    assert seconds < SECONDS / 2
    message = result.stderr.decode("utf-8")
    assert result.returncode == 2, (result.returncode, message)
    assert "Traceback" not in message
    assert message.startswith("error: ") and message.count("\n") == 1, message
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in message.rstrip("\n")), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


def nested(depth: int, kind: str) -> str:
    """``x = {a={a=...}}`` or ``x = [[[...]]]`` nested ``depth`` levels."""
    if kind == "table":
        return "x = " + "{a=" * depth + "1" + "}" * depth + "\n"
    return "x = " + "[" * depth + "1" + "]" * depth + "\n"


# ---- deep nesting ------------------------------------------------------------

@pytest.mark.parametrize("depth", [40, 400, 5000])
@pytest.mark.parametrize("kind", ["table", "array"])
def test_deep_toml_in_check(tmp_path, depth, kind):
    path = write(tmp_path, "deep.toml", RIVER + nested(depth, kind))
    refused(boardgen("check", path), "deep.toml", "nested too deep")


def test_deep_table_headers_in_check(tmp_path):
    path = write(tmp_path, "deep.toml", RIVER + "[" + ".".join(["a"] * 200) + "]\nb = 1\n")
    refused(boardgen("check", path), "deep.toml", "nested too deep")


@pytest.mark.parametrize("kind", ["table", "array"])
def test_deep_toml_as_a_setup(tmp_path, kind):
    setup = write(tmp_path, "setup.toml", nested(400, kind))
    refused(boardgen("validate", "river_race", "--setup", setup), "setup.toml", "nested too deep")


# ---- files that are not files ------------------------------------------------

def fifo(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    os.mkfifo(path)
    return path


def zero_link(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.symlink_to("/dev/zero")
    return path


@pytest.mark.parametrize("make", [
    lambda tmp: Path("/dev/zero"),
    lambda tmp: zero_link(tmp, "setup.toml"),
    lambda tmp: fifo(tmp, "setup.toml"),
], ids=["dev-zero", "symlink-to-dev-zero", "fifo"])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_setup_that_is_not_a_regular_file(tmp_path, make, command):
    setup = make(tmp_path)
    args = ["validate", "river_race", "--setup", setup] if command == "validate" else \
        ["build", "river_race", "--setup", setup, "--out", tmp_path / "out", "--format", "svg"]
    refused(isolated(*args), str(setup), "not a regular file")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.svg"))


@pytest.mark.parametrize("make", [fifo, zero_link], ids=["fifo", "symlink-to-dev-zero"])
def test_a_rule_text_that_is_not_a_regular_file(tmp_path, make):
    layout = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n')
    make(tmp_path, "mine.rules.en.md")
    result = isolated("build", layout, "--out", tmp_path / "out", "--format", "pdf")
    refused(result, "mine.rules.en.md", "not a regular file")


def test_a_layout_that_is_a_fifo(tmp_path):
    refused(isolated("check", fifo(tmp_path, "mine.toml")), "mine.toml", "not a regular file")


def test_extends_naming_a_fifo(tmp_path):
    fifo(tmp_path, "base.toml")
    path = write(tmp_path, "mine.toml", 'extends = "base.toml"\nname = "mine"\n')
    refused(isolated("check", path), "base.toml", "not a regular file")


# ---- control characters --------------------------------------------------------

@pytest.mark.parametrize("key", [
    '"\\u001b[31mred\\u001b[0m"',
    '"two\\nerror: forged.toml: everything is fine"',
    '"bell\\u0007"',
    '"back\\u0008\\u0008\\u0008space"',
    '"\\u202eright-to-left"',
])
def test_a_key_with_control_characters(tmp_path, key):
    path = write(tmp_path, "mine.toml", RIVER + f"[board]\n{key} = 1\n")
    message = refused(boardgen("check", path), "mine.toml")
    assert "\x1b" not in message and "\u202e" not in message


def test_several_problems_with_control_characters_stay_one_line_each(tmp_path):
    path = write(tmp_path, "mine.toml", RIVER + '[board]\n"a\\nerror: b" = 1\n"c\\u001b" = 2\n')
    result, _ = boardgen("check", path)
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 2 and len(lines) == 2, lines
    assert all("\x1b" not in line for line in lines)
    assert "forged" not in result.stderr.decode()


@pytest.mark.parametrize("text, key", [
    ('title = "Race\\u0000"\n', "title"),
    ('subtitle = "one\\ntwo"\n', "subtitle"),
    ('[labels.en]\ntitle = "GO\\u001b[5m"\n[labels.de]\ntitle = "LOS"\n[labels.fr]\ntitle = "PARTEZ"\n'
     '[labels.pl]\ntitle = "START"\n',
     "labels.en.title"),
    ('[[players]]\nname = "A\\u0007"\ncolor = "red"\nbank = 1\nstart = "K1"\nreserve = ["F1"]\n'
     '[[players]]\nname = "B"\ncolor = "blue"\nbank = 21\nstart = "K21"\nreserve = ["F21"]\n',
     "players[0].name"),
])
def test_text_with_control_characters_is_refused_by_check(tmp_path, text, key):
    base = RK if key.startswith("labels") else RIVER  # a label every game has: its title
    path = write(tmp_path, "mine.toml", base + text)
    refused(boardgen("check", path), "mine.toml", key, "control character")


def test_other_games_refuse_control_characters_too(tmp_path):
    for game in ("racing_kings", "steeple_chess", "six_day_race"):
        path = write(tmp_path, f"{game}.toml", f'extends = "{game}"\ntitle = "a\\u0085b"\n')
        refused(boardgen("check", path), "title", "control character")


# ---- paths relative to the file that names them ---------------------------------

def test_extends_is_found_beside_the_layout_not_in_the_working_folder(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "elsewhere").mkdir()
    write(tmp_path / "a", "base.toml", 'extends = "racing_kings"\nname = "base"\n'
          '[board]\nsquare_mm = 25\n')
    write(tmp_path / "elsewhere", "base.toml", 'extends = "racing_kings"\nname = "base"\n'
          '[board]\nsquare_mm = -1\n')
    mine = write(tmp_path / "a", "mine.toml", 'extends = "base.toml"\nname = "mine"\n')
    result, _ = boardgen("check", mine, cwd=tmp_path / "elsewhere")
    assert result.returncode == 0, result.stderr.decode()


def test_extends_is_never_looked_up_in_the_working_folder(tmp_path):
    (tmp_path / "a").mkdir()
    write(tmp_path, "base.toml", 'extends = "racing_kings"\nname = "base"\n')
    mine = write(tmp_path / "a", "mine.toml", 'extends = "base.toml"\nname = "mine"\n')
    refused(boardgen("check", mine, cwd=tmp_path), "no such layout file", "extends")


def test_a_shipped_game_name_still_works_from_anywhere(tmp_path):
    write(tmp_path, "mine.toml", 'extends = "steeple_chess"\nname = "mine"\n')
    result, _ = boardgen("check", "mine.toml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()


def test_a_setup_with_control_characters(tmp_path):
    setup = write(tmp_path, "setup.toml", '[[obstacle]]\npiece = "black-1x3\\u001b[2J"\n'
                  'cells = ["C5", "D5", "E5"]\nplayer = 1\n')
    refused(boardgen("validate", "river_race", "--setup", setup), "setup.toml",
            "obstacle[0].piece", "control character")


# ---- names the system cannot look up -------------------------------------------------------

LONG = "a" * 300  # longer than any file name the system allows


@pytest.mark.parametrize("args", [("new", "river_race", f"{LONG}.toml"), ("check", f"{LONG}.toml"),
                                  ("build", f"{LONG}.toml", "--out", "out")])
def test_a_file_name_too_long_to_look_up(tmp_path, args):
    refused(boardgen(*args, cwd=tmp_path), f"{LONG}.toml", "cannot look up this path")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("parent", [LONG, f"{LONG}.toml"])
def test_extends_naming_a_file_too_long_to_look_up(tmp_path, parent):
    write(tmp_path, "mine.toml", f'extends = "{parent}"\nname = "mine"\n')
    refused(boardgen("check", "mine.toml", cwd=tmp_path), "mine.toml", "extends")


def test_a_game_name_too_long_for_any_game(tmp_path):
    refused(boardgen("check", LONG, cwd=tmp_path), "unknown game", "known games")


# ---- control characters in rule texts ------------------------------------------------------


@pytest.mark.parametrize("text, line, code", [
    ("# Rules\n\nhi \x00 there\n", 3, "U+0000"),
    ("# Rules\n\nline two\n\n{{ '\\x07' }} rings\n", 5, "U+0007"),
    ("# Rules\n\n\x1b[2J\n", 3, "U+001B"),
])
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_rule_text_with_a_control_character(tmp_path, text, line, code, command):
    write(tmp_path, "mine.toml", RK)
    (tmp_path / "mine.rules.en.md").write_bytes(text.encode("utf-8"))
    extra = ("--format", "pdf", "--out", "out") if command == "build" else ()
    refused(boardgen(command, "mine.toml", *extra, cwd=tmp_path),
            f"mine.rules.en.md:{line}:", f"control character {code}")
    assert not (tmp_path / "out").exists()


def test_line_ends_and_tabs_of_any_editor_are_text(tmp_path):
    write(tmp_path, "mine.toml", RK)
    (tmp_path / "mine.rules.en.md").write_bytes(b"# Rules\r\n\r\nRoll\tand move.\r\n")
    result, _ = boardgen("check", "mine.toml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()


def test_a_rule_text_in_a_folder_whose_name_is_no_utf8(tmp_path):
    """Such a name reaches Python with lone surrogates, which the template cache once choked on."""
    folder = os.path.join(os.fsencode(tmp_path), b"r\xff")
    try:
        os.mkdir(folder)
    except OSError:
        pytest.skip("this file system takes only UTF-8 names")
    with open(os.path.join(folder, b"mine.toml"), "w", encoding="utf-8") as handle:
        handle.write(RK)
    with open(os.path.join(folder, b"mine.rules.en.md"), "w", encoding="utf-8") as handle:
        handle.write("# Mine\n\nRoll {{ 1 + 1 }}.\n")
    layout = os.path.join(os.fsdecode(folder), "mine.toml")
    result, _ = boardgen("build", layout, "--format", "pdf", "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr.decode()
    assert (tmp_path / "out" / "mine" / "rules.pdf").is_file()
