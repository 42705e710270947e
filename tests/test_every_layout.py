"""Every shipped layout loads, builds in every format, and (where it has setups) validates."""

from __future__ import annotations

import io
import json

import pypdf
import pytest

from boardgen.games import game_for
from boardgen.layout import load_layout, shipped_games
from tests.conftest import unresolved_graphics_states


@pytest.mark.parametrize("game", shipped_games())
def test_layout_builds_in_every_format(run_cli, tmp_path, game):
    result = run_cli("build", game, "--out", tmp_path, "--dpi", "20")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / load_layout(game).name
    names = {p.name for p in folder.iterdir()}
    assert {"board.pdf", "board.svg", "board.png", "board.json"} <= names
    for pdf in folder.glob("*.pdf"):
        reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
        assert len(reader.pages) >= 1, pdf.name
        assert unresolved_graphics_states(pdf.read_bytes()) == [], pdf.name
    data = json.loads((folder / "board.json").read_text())
    assert data["game"] == load_layout(game).game and data["spaces"]


@pytest.mark.parametrize("game", shipped_games())
def test_random_setups_validate(run_cli, tmp_path, game):
    module = game_for(load_layout(game).game)
    if not hasattr(module, "random_setup"):
        pytest.skip("this game has no obstacle setup")
    setup = tmp_path / "setup.toml"
    assert run_cli("setup", game, "--seed", "7", "--out", setup).exit_code == 0
    result = run_cli("validate", game, "--setup", setup)
    assert result.exit_code == 0, result.stdout
