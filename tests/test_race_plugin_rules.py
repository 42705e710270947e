"""A race layout with a rules plugin and no rule text of its own gets the rules the race
kind generates, in every shipped language: its components and counts and what its marked
spaces do, and the plugin's way of moving rather than the dice sections."""

from __future__ import annotations

import re

import pytest

from boardgen.games import six_day_race
from boardgen.i18n import words_for
from boardgen.layout import layouts_dir, load_layout
from tests.conftest import pdf_text, write

CARDS = {"en": "200 cards", "de": "200 Karten", "pl": "200 kart", "fr": "200 cartes"}
DICE = {"en": r"\b(die|dice|throw)\b", "de": r"Würfel", "pl": r"\bkost(ka|ki|ek|kę|ką)\b|\brzut",
        "fr": r"\bdés?\b|\blancer"}


def velodrome(tmp_path):
    """The shipped six-day layout under a name of one's own, without its rule texts."""
    text = (layouts_dir() / "six_day_race.toml").read_text(encoding="utf-8")
    return write(tmp_path, "velodrome.toml", text.replace('name = "six_day_race"',
                                                          'name = "velodrome"'))


def printed(data: bytes) -> str:
    """The PDF's text in one line, words broken at a line's end joined again."""
    return " ".join(re.sub(r"(\w)-\n(\w)", r"\1\2", pdf_text(data)).split())


@pytest.mark.parametrize("lang", ["en", "de", "pl", "fr"])
def test_a_six_day_race_of_ones_own_gets_generated_rules_without_dice(run_cli, tmp_path, lang):
    path = velodrome(tmp_path)
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--format", "pdf", "--lang", lang, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    text = printed((tmp_path / "out" / "velodrome" / "rules.pdf").read_bytes())
    layout = load_layout(str(path))
    words = words_for(layout, lang)
    assert CARDS[lang] in text
    for entry in six_day_race.legend_entries(layout, words):  # every marked space, as the
        assert " ".join(entry.name.split()) in text, entry.name  # board's legend says
    assert words("space.rider-change").lower() in text.lower()
    assert not re.search(DICE[lang], text, re.IGNORECASE), re.search(DICE[lang], text,
                                                                      re.IGNORECASE)
    assert " ".join(words("aid.turn").split()) in text  # the plugin's turn


def test_a_plugin_without_a_turn_of_its_own_gets_no_turn_section(tmp_path, monkeypatch):
    """Without the plugin's turn the generated text leaves the turn out rather than tell
    of dice."""
    from boardgen.rules import render_text, rule_text_path

    monkeypatch.delattr(six_day_race, "rule_sections")
    layout = load_layout(str(velodrome(tmp_path)))
    path = rule_text_path(layout, "en")
    assert path.name == "rules.plugin.en.md"
    text = render_text(layout, path, words_for(layout, "en"))
    words = words_for(layout, "en")
    assert words("race.heading.turn") not in text and words("race.heading.spaces") in text
    assert not re.search(DICE["en"], text, re.IGNORECASE)


def test_the_shipped_six_day_race_keeps_its_own_rule_text(tmp_path):
    from boardgen.rules import rule_text_path

    layout = load_layout("six_day_race")
    assert rule_text_path(layout, "de") == layouts_dir() / "six_day_race.rules.de.md"
    mine = write(tmp_path, "mine.toml", 'extends = "six_day_race"\nname = "mine"\n')
    assert rule_text_path(load_layout(str(mine)), "pl").name == "six_day_race.rules.pl.md"
