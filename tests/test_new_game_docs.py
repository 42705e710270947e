"""docs/making_a_new_game.md: its layouts check, its numbers are boardgen's, its pictures
exist and stay small."""

from __future__ import annotations

import re
import struct

import pytest

from boardgen.layout import load_layout
from tests.conftest import ROOT, write

DOCS = ROOT / "docs"
GUIDE = (DOCS / "making_a_new_game.md").read_text(encoding="utf-8")
PICTURES = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", GUIDE)


def test_the_readme_links_the_guide():
    assert "(docs/making_a_new_game.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_guide_has_pictures_of_each_step():
    assert len(PICTURES) >= 5


@pytest.mark.parametrize("picture", PICTURES)
def test_every_picture_is_a_small_png(picture):
    data = (DOCS / picture).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert 200 <= width <= 1200 and 200 <= height <= 1200
    assert len(data) <= 150_000


def test_the_first_file_of_the_guide_checks_and_builds(run_cli, tmp_path):
    first = next(b for b in re.findall(r"```toml\n(.*?)```", GUIDE, re.S)
                 if b.startswith('game = "race"'))
    path = write(tmp_path, "my_race.toml", first)
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    assert {"board.pdf", "rules.pdf"} <= {p.name for p in (tmp_path / "out" / "my_race").iterdir()}


def test_the_rocket_race_checks_and_its_figures_are_those_the_guide_quotes(run_cli):
    path = DOCS / "examples" / "rocket_race.toml"
    assert load_layout(path).name == "rocket_race"
    result = run_cli("analyse", path, "--games", "200")
    assert result.exit_code == 0
    first_lines = result.stdout.splitlines()[:2]
    for line in first_lines:
        assert line[:60] in GUIDE


def test_the_guides_path_is_the_rocket_races():
    path_map = re.search(r"```text\n(\. \. \..*?)```", GUIDE, re.S).group(1)
    assert path_map.strip() == load_layout(DOCS / "examples" / "rocket_race.toml").board.map.strip()


def test_the_rule_text_example_renders_for_the_rocket_race(tmp_path):
    from boardgen.i18n import words_for
    from boardgen.rules import render_text

    example = re.search(r"```markdown\n(.*?)```", GUIDE, re.S).group(1)
    rules = tmp_path / "rocket.rules.en.md"
    rules.write_text(example, encoding="utf-8")
    layout = load_layout(DOCS / "examples" / "rocket_race.toml")
    text = render_text(layout, rules, words_for(layout, "en"))
    assert "3\u00a0→\u00a011, 17\u00a0→\u00a023" in text and "Black hole" in text


def test_little_ludo_checks_and_plays_the_rules_the_guide_gives_it(run_cli):
    """The guide's Ludo: its [race] table is the example's, it checks, and its rules say the
    6 to come on, the captures and the safe stars."""
    from boardgen.games.race.sentences import sections
    from boardgen.i18n import words_for

    path = DOCS / "examples" / "little_ludo.toml"
    race = re.search(r"```toml\n(\[race\]\n.*?)```", GUIDE, re.S).group(1)
    assert race in path.read_text(encoding="utf-8")
    assert run_cli("check", path).exit_code == 0
    layout = load_layout(path)
    said = sections(layout, words_for(layout, "en"))
    assert "only with a throw of 6" in said["turn"]
    assert said["setup"].endswith("in the corner of that colour.")  # the turn says how it comes on
    assert "sent back to its corner" in said["capture"] and said["capture"].endswith("Star.")
    result = run_cli("analyse", path, "--games", "100")
    assert result.exit_code == 0 and "leave captures out" in result.stdout
