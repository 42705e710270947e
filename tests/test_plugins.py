"""A game from another installed package: a tiny rules plugin registers a game kind and a
component type by entry point, and boardgen checks and builds its game without any edit.

The plugin is installed the way an installed distribution is found: a package and its
``.dist-info`` folder (with ``entry_points.txt``) on the path of a fresh ``python -m
boardgen`` process, so the test is fast and needs no network.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

PLUGIN = '''
"""A tiny race: the generic race with a bonus option of its own and a check on it."""

from typing import ClassVar

from pydantic import Field, model_validator

from boardgen.games.race import analyse, compose_game, default_rule_text, diagrams
from boardgen.games.race import rule_context as race_rule_context
from boardgen.games.race.model import Layout as RaceLayout
from boardgen.layout import FieldProblem, Model


class Bonus(Model):
    points: int = Field(3, ge=1, le=50, description="points for the first home")


class Layout(RaceLayout):
    kind: ClassVar[str] = "tiny_race"
    bonus: Bonus = Field(default_factory=Bonus)

    @model_validator(mode="after")
    def bonus_fits_the_track(self):
        if self.bonus.points > self.length:
            raise FieldProblem("bonus.points", f"at most {self.length}, one per space")
        return self


def rule_context(layout, words):
    return {**race_rule_context(layout, words), "bonus": layout.bonus.points}
'''

STICKER = '''
"""A component type of the plugin's own: a sticker in each player's colour."""

from typing import Literal

from pydantic import Field

from boardgen.components.base import Parts, Summary
from boardgen.layout import Model as LayoutModel
from boardgen.product import Component, ComponentSet
from boardgen.scene import Rect, Scene, Style, Text

NAME = "sticker"


class Model(LayoutModel):
    type: Literal["sticker"]
    size_mm: float = Field(20.0, ge=10, le=60)


def compose(model, name, context):
    s = model.size_mm
    components = tuple(
        Component(f"{p.number}", Scene(s, s, (Rect(0, 0, s, s, Style(fill=p.color)),
                                             Text(s / 2, s / 2, str(p.number), s / 3,
                                                  anchor="middle")), title=f"sticker {p.number}"))
        for p in context.players)
    return Parts(sets=(ComponentSet(name, f"{context.title}: stickers", components),))


def summary(model, name, context):
    return [Summary(len(context.players), f"{len(context.players)} stickers")]
'''

ENTRY_POINTS = """
[boardgen.games]
tiny_race = tiny_race

[boardgen.components]
sticker = tiny_race.sticker
"""

LAYOUT = """
game = "tiny_race"
name = "tiny"
title = "Tiny Race"

[players]
max = 3

[board]
shape = "serpentine"
columns = 4
rows = 3

[bonus]
points = 4

[components.stickers]
type = "sticker"
size_mm = 18
"""


def install_plugin(folder: Path) -> Path:
    """The plugin package and its distribution metadata in ``folder``; returns the folder."""
    package = folder / "tiny_race"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    (package / "sticker.py").write_text(textwrap.dedent(STICKER), encoding="utf-8")
    info = folder / "tiny_race-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-race\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return folder


def boardgen(args: list[str], path: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(path),
                                                                    os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "boardgen", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_an_installed_plugin_adds_a_game_that_checks_and_builds(tmp_path):
    path = install_plugin(tmp_path / "site")
    layout = tmp_path / "tiny.toml"
    layout.write_text(LAYOUT, encoding="utf-8")
    checked = boardgen(["check", str(layout)], path, tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "game tiny_race" in checked.stdout
    built = boardgen(["build", str(layout), "--out", str(tmp_path / "out"), "--format",
                      "pdf,svg", "--lang", "de"], path, tmp_path)
    assert built.returncode == 0, built.stderr
    folder = tmp_path / "out" / "tiny"
    assert {"board.pdf", "stickers.pdf", "rules.pdf", "stickers-3.svg"} <= \
        {p.name for p in folder.iterdir()}
    data = json.loads((folder / "board.json").read_text(encoding="utf-8"))
    assert data["game"] == "tiny_race" and len(data["spaces"]) == 12


def test_the_plugins_own_check_is_a_located_message(tmp_path):
    path = install_plugin(tmp_path / "site")
    layout = tmp_path / "tiny.toml"
    layout.write_text(LAYOUT.replace("points = 4", "points = 40"), encoding="utf-8")
    checked = boardgen(["check", str(layout)], path, tmp_path)
    assert checked.returncode == 2
    assert "tiny.toml" in checked.stderr and "bonus.points: at most 12" in checked.stderr


def test_without_the_plugin_the_game_is_unknown(tmp_path):
    layout = tmp_path / "tiny.toml"
    layout.write_text(LAYOUT, encoding="utf-8")
    checked = boardgen(["check", str(layout)], tmp_path / "nothing", tmp_path)
    assert checked.returncode == 2 and "unknown game kind 'tiny_race'" in checked.stderr


RACE_RULES = '''
"""Coin toss: a race whose turns move by a coin, a rules plugin of the race kind."""

from typing import ClassVar, Literal

from pydantic import Field

from boardgen.games.race.model import Layout as RaceLayout
from boardgen.layout import Model


class Coin(Model):
    heads: int = Field(2, ge=1, le=6, description="spaces a head moves")


class Layout(RaceLayout):
    movement: ClassVar[str] = "a coin"
    rules: Literal["coin_toss"] = "coin_toss"
    coin: Coin = Field(default_factory=Coin, description="the coin")


def extend_board_json(layout, words, data):
    return {**data, "coin": {"heads": layout.coin.heads}}
'''

RACE_LAYOUT = """
game = "race"
rules = "coin_toss"
name = "coins"
title = "Coin Race"

[board]
shape = "serpentine"
columns = 4
rows = 3

[coin]
heads = 3
"""


def test_an_installed_race_rules_plugin_adds_its_table_to_a_race_layout(tmp_path):
    """A package registers race rules in `boardgen.race_rules`; a race layout names them with
    `rules`, checks its table, builds with the kind's board (its board.json with the plugin's
    table), and analyse claims no dice."""
    site = tmp_path / "site"
    (site / "coin_toss").mkdir(parents=True)
    (site / "coin_toss" / "__init__.py").write_text(textwrap.dedent(RACE_RULES), "utf-8")
    info = site / "coin_toss-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-toss\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text("[boardgen.race_rules]\ncoin_toss = coin_toss\n",
                                           encoding="utf-8")
    layout = tmp_path / "coins.toml"
    layout.write_text(RACE_LAYOUT, encoding="utf-8")
    built = boardgen(["build", str(layout), "--out", str(tmp_path / "out"), "--format", "pdf"],
                     site, tmp_path)
    assert built.returncode == 0, built.stderr
    data = json.loads((tmp_path / "out" / "coins" / "board.json").read_text(encoding="utf-8"))
    assert data["game"] == "race" and len(data["spaces"]) == 12
    assert data["coin"] == {"heads": 3} and "race" not in data  # the plugin's table, not dice
    analysed = boardgen(["analyse", str(layout)], site, tmp_path)
    assert analysed.returncode == 2 and "by a coin here, not by dice" in analysed.stderr
    layout.write_text(RACE_LAYOUT.replace("heads = 3", "heads = 9"), encoding="utf-8")
    checked = boardgen(["check", str(layout)], site, tmp_path)
    assert checked.returncode == 2 and "coins.toml" in checked.stderr and \
        "coin.heads" in checked.stderr
    missing = boardgen(["check", str(layout)], tmp_path / "nothing", tmp_path)
    assert missing.returncode == 2 and "no race rules 'coin_toss'" in missing.stderr
