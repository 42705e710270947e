"""The race kind's track boards tiled on home paper: no page edge runs through the title
above the track or the legend below it, read from the art the pages print (where the blocks
stand once moved out of the cuts' way); only words on the spaces may be cut, where every
tiling with the fewest pages must cut them."""

from __future__ import annotations

from functools import lru_cache

import pytest

from boardgen import imposition
from boardgen.build import compose_target
from tests.test_print_all_games import cut_lines, options, pictures

# The pages each board takes: the fewest, whatever the words cut (pages come first).
PAGES = {("game_of_the_goose", "a4"): 4, ("game_of_the_goose", "letter"): 4,
         ("game_of_the_goose", "a3"): 2, ("snakes_and_ladders", "a4"): 4,
         ("snakes_and_ladders", "letter"): 4, ("snakes_and_ladders", "a3"): 2}


@lru_cache(maxsize=None)
def output(name: str, lang: str):
    return compose_target(name, lang=lang)[1]


def track_rows(board_json: dict) -> tuple[float, float]:
    """From the top of the track's highest space to the foot of its lowest, in mm."""
    ys = []
    for space in board_json["spaces"]:
        if "outline" in space:
            ys += [y for _, y in space["outline"]]
        else:
            ys += [space["center"][1] - space["size"][1] / 2,
                   space["center"][1] + space["size"][1] / 2]
    return min(ys), max(ys)


def printed_words(pages) -> list[tuple[str, tuple]]:
    """Every line of text the tiled pages print of the board, where it stands on the board."""
    art = pages[0].symbols["board-art"]
    return [(what, box) for what, box in pictures(art, pages[0].symbols)
            if not what.startswith("pictogram-")]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name, paper", sorted(PAGES))
def test_no_page_edge_crosses_a_race_board_title_or_legend(name, paper, lang):
    game = output(name, lang)
    pages = imposition.impose_board(game.board, options(paper))
    cuts_x, cuts_y = cut_lines(pages)
    assert len(pages) - 1 == PAGES[name, paper]  # the tiles and the assembly map
    assert cuts_x or cuts_y
    top, foot = track_rows(game.board_json)
    words = printed_words(pages)
    # the title band above the track and the legend below it, each line where it is printed
    blocks = [(what, box) for what, box in words if box[3] <= top or box[1] >= foot]
    legend = [what for what, box in blocks if box[1] >= foot]
    assert any(what == game.board.scene.title for what, _ in blocks) and len(legend) >= 4
    crossed = [(what, cut) for what, (x0, y0, x1, y1) in blocks
               for cut in cuts_x if x0 + 0.05 < cut < x1 - 0.05] + \
              [(what, cut) for what, (x0, y0, x1, y1) in blocks
               for cut in cuts_y if y0 + 0.05 < cut < y1 - 0.05]
    assert crossed == []
    width = game.board.scene.width
    assert all(0 <= box[0] and box[2] <= width for _, box in blocks)  # still on the board


def test_the_goose_legend_leaves_the_board_middle_to_the_cut_of_two_pages():
    scene = output("game_of_the_goose", "en").board.scene
    middle = scene.width / 2
    top, foot = track_rows(output("game_of_the_goose", "en").board_json)
    legend = [box for what, box in pictures(scene.children, scene.symbols) if box[1] >= foot]
    gutter = (max(box[2] for box in legend if box[2] <= middle),
              min(box[0] for box in legend if box[0] >= middle))
    assert not [box for box in legend if box[0] < middle < box[2]]
    assert gutter[1] - gutter[0] >= 14 and gutter[0] < middle < gutter[1]
