"""docs/customising.md: its example layouts check, its pictures exist and stay small."""

from __future__ import annotations

import re
import struct

import pytest

from boardgen.layout import load_layout
from tests.conftest import ROOT, write

DOCS = ROOT / "docs"
GUIDE = (DOCS / "customising.md").read_text(encoding="utf-8")


def test_the_readme_links_the_guide():
    assert "(docs/customising.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("picture", re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", GUIDE))
def test_every_picture_is_a_small_png(picture):
    data = (DOCS / picture).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert 200 <= width <= 1200 and 200 <= height <= 1200
    assert len(data) <= 150_000


def test_the_guide_has_pictures():
    assert len(re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", GUIDE)) >= 2


@pytest.mark.parametrize("example", sorted((DOCS / "examples").glob("*.toml")))
def test_example_files_check(example):
    if "setup" in example.stem:
        return  # checked against its board below
    layout = load_layout(example)
    assert layout.name == example.stem


def test_the_example_setup_is_legal_on_its_board():
    from boardgen.games import game_for

    layout = load_layout(DOCS / "examples" / "small_river.toml")
    report = game_for(layout.game).validate_setup(layout, DOCS / "examples" / "small_river_setup.toml")
    assert report.ok, str(report)


@pytest.mark.parametrize("block", [b for b in re.findall(r"```toml\n(.*?)```", GUIDE, re.S)
                                   if b.startswith("extends")])
def test_every_layout_in_the_guide_checks(tmp_path, block):
    load_layout(write(tmp_path, "mine.toml", block))
