"""Advice in a message is accepted when followed: each message that says what to do is met,
the advice is followed as written, and the command then succeeds.

The advice of the standee, of a piece too big for a paper and of a tile type named like the
common back is followed in ``tests/test_check_covers_build.py``; that of a PNG too large for
its --dpi in ``tests/test_contract.py``; that of nesting in ``tests/test_odd_text.py``.
"""

from __future__ import annotations

import re

import pytest

from boardgen import limits
from tests.conftest import write

# name: (layout as refused, what the message says, the layout with the advice followed)
LAYOUTS = {
    "misspelt key": ('extends = "racing_kings"\n[board]\nsquare_size = 30\n',
                     "did you mean 'square_mm'?",
                     'extends = "racing_kings"\n[board]\nsquare_mm = 30\n'),
    "misspelt game kind": ('game = "river_rac"\nname = "x"\ntitle = "x"\n',
                           "did you mean 'river_race'?", 'extends = "river_race"\n'),
    "shipped game as a file": ('extends = "racing_kings.toml"\n',
                               'for the shipped game write extends = "racing_kings"',
                               'extends = "racing_kings"\n'),
    "no rider change": (
        'extends = "six_day_race"\n[spaces]\n40 = "plain"\n', "add N = 'rider-change'",
        'extends = "six_day_race"\n[spaces]\n40 = "plain"\n41 = "rider-change"\n'),
    "cards too wide for the board's cuts, narrower cards": (
        'extends = "six_day_race"\n[components.cards]\nwidth_mm = 200\n', "use narrower cards",
        'extends = "six_day_race"\n[components.cards]\nwidth_mm = 70\n'),
    "bends too tight, fewer straight spaces": (
        'extends = "six_day_race"\n[board]\nstraight_spaces = 36\n',
        "use fewer straight spaces or narrower lanes",
        'extends = "six_day_race"\n[board]\nstraight_spaces = 24\n'),
    "riders crowded, longer spaces": (
        'extends = "six_day_race"\n[board]\nstraight_spaces = 30\n',
        "use longer spaces, wider lanes, narrower riders or fewer straight spaces",
        'extends = "six_day_race"\n[board]\nstraight_spaces = 30\nspace_mm = 30\n'),
    "riders crowded, wider lanes": (
        'extends = "six_day_race"\n[board]\nstraight_spaces = 30\n',
        "use longer spaces, wider lanes, narrower riders or fewer straight spaces",
        'extends = "six_day_race"\n[board]\nstraight_spaces = 30\nlane_mm = 24\n'),
    "riders too wide, narrower riders": (
        'extends = "six_day_race"\n[components.riders]\nsize_mm = 30\n',
        "change the spaces, lanes or riders' width",
        'extends = "six_day_race"\n[components.riders]\nsize_mm = 9\n'),
    "a moved table, written as it says": (
        'extends = "six_day_race"\n[hands]\nmin_players = 4\n', "[players] min",
        'extends = "six_day_race"\n[players]\nmin = 4\n'),
    "a control character, removed": ('extends = "racing_kings"\ntitle = "Race\\u0007"\n',
                                     "remove it", 'extends = "racing_kings"\ntitle = "Race"\n'),
    "an invisible character, removed": ('extends = "racing_kings"\ntitle = "Ra\\u200bce"\n',
                                        "remove it", 'extends = "racing_kings"\ntitle = "Race"\n'),
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_advice_on_a_layout_is_accepted_when_followed(tmp_path, run_cli, name):
    refused, advice, followed = LAYOUTS[name]
    result = run_cli("check", write(tmp_path, "mine.toml", refused))
    assert result.exit_code == 2 and advice in result.stderr, result.stderr
    result = run_cli("check", write(tmp_path, "mine.toml", followed))
    assert result.exit_code == 0, result.stderr


def test_html_in_a_rule_text_written_as_markdown_instead(tmp_path, run_cli):
    layout = write(tmp_path, "mine.toml", 'extends = "racing_kings"\n')
    write(tmp_path, "mine.rules.en.md", "# Rules\n\n<div>\nMove <b>fast</b>.\n</div>\n")
    result = run_cli("check", layout)
    assert result.exit_code == 2 and "use Markdown" in result.stderr
    write(tmp_path, "mine.rules.en.md", "# Rules\n\nMove **fast**.\n")
    assert run_cli("check", layout).exit_code == 0


def test_a_game_named_instead_of_nothing(tmp_path, run_cli):
    result = run_cli("build", "--out", tmp_path)
    assert result.exit_code == 2 and "name at least one game or layout file" in result.stderr
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg").exit_code == 0


def test_a_starter_file_written_over_with_force(tmp_path, run_cli):
    path = write(tmp_path, "mine.toml", "# mine\n")
    result = run_cli("new", "racing_kings", path)
    assert result.exit_code == 2 and "use --force" in result.stderr
    assert run_cli("new", "racing_kings", path, "--force").exit_code == 0
    assert run_cli("check", path).exit_code == 0


def test_an_illegal_setup_drawn_with_allow_illegal(tmp_path, run_cli):
    setup = write(tmp_path, "setup.toml", "".join(
        f'[[obstacle]]\npiece = "black-1x3"\ncells = ["{c}10", "{c}11", "{c}12"]\nplayer = 1\n\n'
        for c in "ABCDEFGHIJKLMNOPQRSTU"))
    result = run_cli("build", "river_race", "--setup", setup, "--out", tmp_path / "out",
                     "--format", "svg")
    assert result.exit_code == 1 and "use --allow-illegal" in result.stderr
    result = run_cli("build", "river_race", "--setup", setup, "--allow-illegal", "--out",
                     tmp_path / "out", "--format", "svg")
    assert result.exit_code == 0, result.stderr


def test_too_many_png_pixels_for_the_kit_with_a_lower_dpi_or_without_png(tmp_path, run_cli,
                                                                          monkeypatch):
    monkeypatch.setattr(limits, "MAX_KIT_PNG_PIXELS", 10_000_000)
    out = tmp_path / "out"
    result = run_cli("build", "six_day_race", "--out", out, "--format", "png", "--dpi", "150")
    assert result.exit_code == 2, result.stderr
    advice = re.search(r"use --dpi (\d+) or lower or --format pdf,svg", result.stderr)
    assert advice, result.stderr
    assert run_cli("build", "six_day_race", "--out", out, "--format", "png", "--dpi",
                   advice.group(1)).exit_code == 0
    assert run_cli("build", "six_day_race", "--out", out, "--format", "pdf,svg").exit_code == 0


def test_a_port_in_use_with_another_port(tmp_path):
    import socket

    from boardgen.errors import InputError
    from boardgen.preview import Preview, PreviewServer

    shown = Preview("racing_kings")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(InputError, match="choose another port with --port"):
            PreviewServer(shown, taken.getsockname()[1])
    server = PreviewServer(shown, 0)
    server.server_close()
