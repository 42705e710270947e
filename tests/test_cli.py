"""The command line: commands, exit codes, atomic and deterministic output."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgen import __version__
from boardgen.layout import layouts_dir
from tests.conftest import write


def test_version(run_cli):
    result = run_cli("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


def test_help_lists_commands(run_cli):
    result = run_cli("--help")
    for command in ("list", "build", "check", "validate"):
        assert command in result.stdout


def test_list(run_cli):
    result = run_cli("list")
    assert result.exit_code == 0 and "racing_kings" in result.stdout


def test_build_writes_every_format_and_is_deterministic(run_cli, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    assert run_cli("build", "racing_kings", "--out", first, "--dpi", "30").exit_code == 0
    assert run_cli("build", "racing_kings", "--out", second, "--dpi", "30").exit_code == 0
    names = sorted(p.name for p in (first / "racing_kings").iterdir())
    for expected in ("board.pdf", "board.svg", "board.png", "board.json", "tokens.pdf"):
        assert expected in names
    # no temporary files left; only the record of what the build wrote
    assert [n for n in names if n.startswith(".")] == [".boardgen-files"]
    for name in names:
        assert (first / "racing_kings" / name).read_bytes() == \
            (second / "racing_kings" / name).read_bytes(), name
    data = json.loads((first / "racing_kings" / "board.json").read_text())
    assert data["units"] == "mm" and len(data["spaces"]) == 64


def test_build_only_requested_formats(run_cli, tmp_path):
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg").exit_code == 0
    names = {p.suffix or p.name for p in (tmp_path / "racing_kings").iterdir()}
    assert names == {".svg", ".json", ".boardgen-files"}


def test_build_a_user_file(run_cli, tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "my_board"\n'
                 '[board]\nsquare_mm = 30\n')
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "svg")
    assert result.exit_code == 0
    assert (tmp_path / "out" / "my_board" / "board.svg").is_file()


@pytest.mark.parametrize("args, fragment", [
    (["build", "racing_king"], "did you mean 'racing_kings'"),
    (["build", "racing_kings", "--format", "pdf,jpg"], "--format"),
    (["build", "racing_kings", "--paper", "b5"], "--paper"),
    (["build"], "--all"),
    (["check", "nosuchfile.toml"], "no such layout file"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, tmp_path, args, fragment):
    result = run_cli(*args, "--out", tmp_path) if args[0] == "build" else run_cli(*args)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_malformed_toml_names_its_line(run_cli, tmp_path):
    path = write(tmp_path, "broken.toml", 'extends = "racing_kings"\n[board\n')
    result = run_cli("check", path)
    assert result.exit_code == 2 and "broken.toml:2" in result.stderr


def test_check_ok(run_cli):
    result = run_cli("check", "racing_kings")
    assert result.exit_code == 0 and "ok" in result.stdout


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder(run_cli, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    result = run_cli("build", "racing_kings", "--out", locked, "--format", "svg")
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_output_path_that_is_a_file(run_cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_cli("build", "racing_kings", "--out", blocker, "--format", "svg")
    assert result.exit_code == 2 and "cannot write" in result.stderr


def solo_layout(folder: Path) -> Path:
    """A copy of Racing Kings that extends nothing and has an English rule text only."""
    shipped = layouts_dir() / "racing_kings.toml"
    solo = folder / "solo.toml"
    solo.write_text(shipped.read_text(encoding="utf-8").replace('name = "racing_kings"',
                                                                 'name = "solo"'),
                    encoding="utf-8")
    (folder / "solo.rules.en.md").write_text("# Solo\n\nRace your king home.\n", encoding="utf-8")
    return solo


def test_all_games_in_a_language_some_lack_fall_back_to_english(run_cli, tmp_path):
    solo = solo_layout(tmp_path)
    result = run_cli("build", str(solo), "steeple_chess", "--lang", "de", "--format", "pdf",
                     "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "no German rule text; rules in English" in result.stderr
    assert (tmp_path / "out" / "solo" / "rules.pdf").is_file()
    from tests.conftest import pdf_text

    assert "Abbildung" in pdf_text((tmp_path / "out" / "steeple_chess" / "rules.pdf").read_bytes())


def test_one_game_in_a_missing_language_is_an_error(run_cli, tmp_path):
    result = run_cli("build", str(solo_layout(tmp_path)), "--lang", "de", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "no German rule text" in result.stderr


@pytest.mark.parametrize("args, fragment", [
    (["--mode", "print"], "'print' is not one of 'home', 'shop'"),
    (["--backs", "both"], "'both' is not one of 'duplex', 'fold', 'none'"),
    (["--format", "pdf,gif"], "unknown format 'gif'"),
    (["--dpi", "5"], "--dpi"),
])
def test_option_choices_are_checked_by_the_parser_in_one_line(run_cli, tmp_path, args, fragment):
    result = run_cli("build", "racing_kings", "--out", tmp_path, *args)
    assert result.exit_code == 2 and fragment in result.stderr
    assert len(result.stderr.splitlines()) == 1 and not list(tmp_path.iterdir())


def test_format_completion_offers_the_formats_not_yet_chosen():
    from boardgen.cli import complete_formats

    assert complete_formats("") == ["pdf", "svg", "png", "tgc", "tts"]
    assert complete_formats("p") == ["pdf", "png"]
    assert complete_formats("pdf,s") == ["pdf,svg"]
    assert complete_formats("pdf,svg,") == ["pdf,svg,png", "pdf,svg,tgc", "pdf,svg,tts"]


def test_shell_completion_is_offered(run_cli):
    assert "--install-completion" in run_cli("--help").stdout


def test_messages_never_carry_control_characters(run_cli, tmp_path):
    path = write(tmp_path, "odd.toml", 'extends = "racing_kings"\n"bad\\u001b[2J\\nerror: x" = 1\n')
    result = run_cli("check", path)
    assert result.exit_code == 2 and "\x1b" not in result.stderr
    assert all(line.startswith("error: ") for line in result.stderr.splitlines())
    assert len(result.stderr.splitlines()) == 1
