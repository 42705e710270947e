"""Customising layouts: starter files, the JSON Schema, and hostile input."""

from __future__ import annotations

import json
import os
import time

import pytest

from boardgen.layout import layouts_dir, shipped_games
from tests.conftest import write


def test_new_writes_a_starter_that_checks_and_builds(run_cli, tmp_path):
    path = tmp_path / "my_rk.toml"
    result = run_cli("new", "racing_kings", path)
    assert result.exit_code == 0
    text = path.read_text()
    assert 'extends = "racing_kings"' in text and 'name = "my_rk"' in text
    assert "# square_mm = 40" in text  # inherited settings are shown, commented
    assert run_cli("check", path).exit_code == 0
    edited = text.replace("# [board]", "[board]").replace("# square_mm = 40", "square_mm = 25")
    path.write_text(edited)
    assert run_cli("build", path, "--out", tmp_path / "out", "--format", "svg").exit_code == 0
    svg = (tmp_path / "out" / "my_rk" / "board.svg").read_text()
    assert 'width="25"' in svg


def test_new_does_not_overwrite(run_cli, tmp_path):
    path = write(tmp_path, "mine.toml", "x = 1\n")
    result = run_cli("new", "racing_kings", path)
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert path.read_text() == "x = 1\n"


@pytest.mark.parametrize("game", shipped_games())
def test_new_for_every_game(run_cli, tmp_path, game):
    path = tmp_path / f"my_{game}.toml"
    assert run_cli("new", game, path).exit_code == 0
    assert run_cli("check", path).exit_code == 0


def test_schema_describes_the_shipped_layouts(run_cli):
    import tomllib

    result = run_cli("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/")
    defs = schema["$defs"]
    variants = [defs[b["then"]["$ref"].removeprefix("#/$defs/")] for b in schema["allOf"]]

    def properties(node, keys=()):
        if "$ref" in node:
            node = defs[node["$ref"].removeprefix("#/$defs/")]
        for option in node.get("anyOf", []):
            if "$ref" in option or "properties" in option:
                return properties(option)
        # a table told apart by a key (a race board's shape): the variant that has every key
        choices = [properties(option) for option in node.get("oneOf", [])]
        fitting = [c for c in choices if set(keys) <= set(c)]
        if fitting:
            return fitting[0]
        return node.get("properties", {})

    for game in shipped_games():
        data = tomllib.loads((layouts_dir() / f"{game}.toml").read_text())
        matching = [v for v in variants if set(data) <= set(properties(v))]
        assert matching, f"{game}: top-level keys not in the schema"
        for key, value in data.items():
            if isinstance(value, dict):
                table = properties(matching[0])[key]
                nested = properties(table, value)
                if not nested and _free_keys(table, defs):
                    continue  # a table of named entries, e.g. obstacle families
                assert set(value) <= set(nested), f"{game}.{key}"


def _free_keys(node, defs) -> bool:
    """True when a schema node is a mapping with free keys (additionalProperties)."""
    if "$ref" in node:
        node = defs[node["$ref"].removeprefix("#/$defs/")]
    options = [node] + node.get("anyOf", [])
    return any(isinstance(o.get("additionalProperties"), dict) for o in options)


# ---- limits: refused up front, quickly ------------------------------------

@pytest.mark.parametrize("text, fragment", [
    ('extends = "racing_kings"\n[board]\nsquare_mm = 10000000\n', "less than or equal to 100"),
    ('extends = "racing_kings"\n[board]\nranks = 1000000\nfiles = "ab"\n', "6 to 16 ranks"),
    ('extends = "racing_kings"\n[tokens]\nsize_mm = 1e308\n', "less than or equal to 100"),
    ('extends = "river_race"\n[board]\ncolumns = 1000000\nrows = 1000000\n', "board.columns"),
    ('extends = "river_race"\n[board]\ncell_mm = 10000000\n', "board.cell_mm"),
    ('extends = "river_race"\n[[tiles.types]]\nname = "many"\ncount = 10000000\n'
     'paths = ["M 0 50 L 100 50"]\n', "tiles.types[0].count"),
    ('extends = "six_day_race"\n[board]\nspaces = 10000000\n', "board.spaces"),
    ('extends = "steeple_chess"\n[course]\nsquare_mm = 10000000\n', "course.square_mm"),
])
def test_huge_sizes_are_refused_fast(run_cli, tmp_path, text, fragment):
    path = write(tmp_path, "huge.toml", text)
    start = time.process_time()  # this process's own work: a neighbour's load does not count
    result = run_cli("build", path, "--out", tmp_path / "out")
    assert time.process_time() - start < 1.0
    assert result.exit_code == 2 and fragment in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_huge_file_is_refused_without_reading_it(run_cli, tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "w") as handle:
        handle.write('extends = "racing_kings"\ntitle = "')
        handle.write("x" * 100_000_000)
        handle.write('"\n')
    start = time.process_time()
    result = run_cli("check", path)
    assert time.process_time() - start < 1.0
    assert result.exit_code == 2 and "limited to" in result.stderr


# ---- no escape from the output folder --------------------------------------

@pytest.mark.parametrize("name", ["../../escaped", "/etc/passwd", "C:\\\\Windows\\\\evil", "a\\\\b c",
                                  "..", "."])
def test_layout_names_cannot_leave_the_output_folder(run_cli, tmp_path, name):
    path = write(tmp_path, "evil.toml", f'extends = "racing_kings"\nname = "{name}"\n')
    out = tmp_path / "deep" / "out"
    result = run_cli("build", path, "--out", out, "--format", "svg")
    assert result.exit_code == 0, result.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix in (".svg", ".json")]
    assert written and all(out in p.parents for p in written)
    for p in written:
        assert p.parent.parent == out and p.parent.name not in (".", "..")


def test_symlinked_files_in_the_output_folder_are_not_followed(run_cli, tmp_path):
    out = tmp_path / "out"
    folder = out / "racing_kings"
    folder.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    (folder / "board.svg").symlink_to(victim)
    result = run_cli("build", "racing_kings", "--out", out, "--format", "svg")
    assert result.exit_code == 0
    assert victim.read_text() == "keep me"
    assert not (folder / "board.svg").is_symlink()


def test_a_symlinked_game_folder_is_refused(run_cli, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, out / "racing_kings")
    result = run_cli("build", "racing_kings", "--out", out, "--format", "svg")
    assert result.exit_code == 2 and "symbolic link" in result.stderr
    assert not any(elsewhere.iterdir())
