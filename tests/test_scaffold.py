"""Starter files: every commented block, uncommented as written, checks and changes nothing."""

from __future__ import annotations

import tomllib

import pytest

from boardgen.layout import load_layout, shipped_games
from boardgen.scaffold import starter_text

OWN = {"name", "title", "extends"}


def blocks(text: str) -> list[list[int]]:
    """Line numbers (0-based) of the setting lines of each blank-line-separated block."""
    found: list[list[int]] = []
    current: list[int] = []
    for number, line in enumerate(text.splitlines() + [""]):
        if not line.strip():
            if current:
                found.append(current)
            current = []
        elif line.startswith("# ") or line == "#":
            current.append(number)
    return found


def uncomment(text: str, numbers: list[int]) -> str:
    lines = text.splitlines()
    for number in numbers:
        lines[number] = lines[number][2:]
    return "\n".join(lines) + "\n"


def same_as_game(layout, game: str) -> None:
    """The starter changes nothing but its own name and titles: in every language the game
    names itself in, the copy is named so too, with its own name after it."""
    mine = layout.model_dump(exclude=OWN)
    base = load_layout(game).model_dump(exclude=OWN)
    for lang, table in base.get("labels", {}).items():
        if "title" in table:
            assert mine["labels"][lang].pop("title") == f"{table.pop('title')} ({layout.name})"
    assert mine == base


@pytest.mark.parametrize("game", shipped_games())
def test_every_block_uncommented_alone_checks(tmp_path, game):
    path = tmp_path / "x.toml"
    text = starter_text(game, path)
    found = blocks(text)
    assert len(found) >= 3, "the starter shows the inherited settings"
    for numbers in found:
        path.write_text(uncomment(text, numbers), encoding="utf-8")
        same_as_game(load_layout(path), game)


@pytest.mark.parametrize("game", shipped_games())
def test_all_blocks_uncommented_together_check(tmp_path, game):
    path = tmp_path / "x.toml"
    text = starter_text(game, path)
    everything = [n for numbers in blocks(text) for n in numbers]
    path.write_text(uncomment(text, everything), encoding="utf-8")
    layout = load_layout(path)
    same_as_game(layout, game)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(data) >= set(load_layout(game).model_fields_set) - {"extends", "game"}


@pytest.mark.parametrize("game", shipped_games())
def test_the_starter_as_written_checks(tmp_path, game):
    path = tmp_path / "mine.toml"
    path.write_text(starter_text(game, path), encoding="utf-8")
    layout = load_layout(path)
    assert layout.name == "mine" and layout.extends == game
    same_as_game(layout, game)


def test_arrays_of_tables_show_every_entry_with_every_key(tmp_path):
    text = starter_text("river_race", tmp_path / "x.toml")
    players = [b for b in blocks(text) if any("[[players]]" in text.splitlines()[n] for n in b)]
    assert len(players) == 1, "all entries of [[players]] stay in one block"
    block = "\n".join(text.splitlines()[n][2:] for n in players[0])
    entries = tomllib.loads(block)["players"]
    base = load_layout("river_race").players
    assert len(entries) == len(base)
    required = {k for k, f in type(base[0]).model_fields.items() if f.is_required()}
    assert all(required <= set(entry) for entry in entries)


def test_explanations_survive_uncommenting_everything(tmp_path):
    text = starter_text("river_race", tmp_path / "x.toml")
    naive = "\n".join(line[1:] if line.startswith("#") else line for line in text.splitlines())
    tomllib.loads(naive)  # '##' explanations stay comments when one '#' goes


def test_a_starter_from_a_layout_file_extends_it_by_its_relative_path(tmp_path, monkeypatch):
    (tmp_path / "club").mkdir()
    (tmp_path / "mine").mkdir()
    club = tmp_path / "club" / "club.toml"
    club.write_text('extends = "racing_kings"\nname = "club"\n[board]\nsquare_mm = 33\n')
    monkeypatch.chdir(tmp_path / "club")
    path = tmp_path / "mine" / "x.toml"
    text = starter_text("club.toml", path)
    assert 'extends = "../club/club.toml"' in text
    path.write_text(text, encoding="utf-8")
    assert load_layout(path).board.square_mm == 33


def test_an_unknown_game_to_start_from_names_the_kind_of_ones_own(run_cli, tmp_path):
    result = run_cli("new", "tiddlywinks", tmp_path / "mine.toml")
    assert result.exit_code == 2 and 'the kind "race"' in result.stderr
    assert "snakes_and_ladders" in result.stderr  # the shipped games as well
    result = run_cli("new", "rac", tmp_path / "mine.toml")
    assert result.exit_code == 2 and 'did you mean "race"' in result.stderr
    result = run_cli("new", "racing_king", tmp_path / "mine.toml")
    assert "did you mean 'racing_kings'?" in result.stderr and "race\"" not in result.stderr
    assert not (tmp_path / "mine.toml").exists()
