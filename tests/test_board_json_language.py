"""board.json speaks the kit's language: its title is the one the kit's pages print."""

from __future__ import annotations

import json

import pytest

from boardgen.build import BuildOptions, compose_target, document_files
from boardgen.i18n import LANGUAGES, words_for


@pytest.mark.parametrize("game", ["steeple_chess", "river_race", "game_of_the_goose"])
def test_board_json_carries_the_title_of_its_language(game):
    titles = {}
    for lang in LANGUAGES:
        layout, output = compose_target(game, lang=lang)
        files = document_files(layout, output, BuildOptions(formats=("svg",), lang=lang))
        titles[lang] = json.loads(files["board.json"])["title"]
        assert titles[lang] == words_for(layout, lang)("title")
    assert titles["de"] != titles["en"]  # these games have a German name of their own
