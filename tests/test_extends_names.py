"""A copy of a shipped game given a title of its own is called that in every language."""

from __future__ import annotations

import pytest

from boardgen.i18n import words_for
from boardgen.layout import load_layout

LANGUAGES = ("en", "de", "fr", "pl")


def copy_of(tmp_path, game: str, text: str):
    path = tmp_path / "copy.toml"
    path.write_text(f'extends = "{game}"\nname = "my_copy"\n{text}', encoding="utf-8")
    return load_layout(path)


@pytest.mark.parametrize("game", ["six_day_race", "game_of_the_goose", "river_race"])
def test_a_title_of_its_own_replaces_the_language_titles_it_inherits(tmp_path, game):
    shipped = load_layout(game)
    assert len({words_for(shipped, lang)("title") for lang in LANGUAGES}) > 1  # the premise
    layout = copy_of(tmp_path, game, 'title = "Mein Rennen"\n')
    for lang in LANGUAGES:
        assert words_for(layout, lang)("title") == "Mein Rennen", lang


def test_a_language_title_the_copy_gives_stands(tmp_path):
    layout = copy_of(tmp_path, "six_day_race",
                     'title = "My race"\n[labels.pl]\ntitle = "Mój wyścig"\n')
    assert words_for(layout, "pl")("title") == "Mój wyścig"
    assert words_for(layout, "de")("title") == "My race"


def test_a_subtitle_of_its_own_leaves_the_titles(tmp_path):
    shipped = load_layout("six_day_race")
    layout = copy_of(tmp_path, "six_day_race", 'subtitle = "Club edition"\n')
    for lang in LANGUAGES:
        assert words_for(layout, lang)("subtitle") == "Club edition", lang
        assert words_for(layout, lang)("title") == words_for(shipped, lang)("title"), lang


def test_a_copy_without_names_keeps_the_games_names(tmp_path):
    shipped = load_layout("game_of_the_goose")
    layout = copy_of(tmp_path, "game_of_the_goose", "")
    for lang in LANGUAGES:
        assert words_for(layout, lang)("title") == words_for(shipped, lang)("title"), lang


def test_a_copy_repeating_the_title_it_inherits_renames_nothing(tmp_path):
    shipped = load_layout("six_day_race")
    layout = copy_of(tmp_path, "six_day_race", f'title = "{shipped.title}"\n'
                                               f'subtitle = "{shipped.subtitle}"\n')
    for lang in LANGUAGES:
        for key in ("title", "subtitle"):
            assert words_for(layout, lang)(key) == words_for(shipped, lang)(key), (lang, key)
