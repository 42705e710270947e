"""Redrawn Steeple Chess courses: whatever passes the course checks builds, in every language."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgen.build import BuildOptions, product_files
from boardgen.errors import InputError
from boardgen.games.steeple_chess import compose_game, diagrams, rule_context
from boardgen.games.steeple_chess.board import board_grid, compose_board
from boardgen.games.steeple_chess.course import Course
from boardgen.games.steeple_chess.moves import cut_off, detour_nearby
from boardgen.i18n import LANGUAGES, words_for
from boardgen.layout import load_layout
from boardgen.scene import Rect
from tests.conftest import pdf_text

LONG = """
c c c c . . . > o o < . . . c c c c
c c c c . . . o o o o . . . c c c c
c c c c . . . o o o o . . . c c c c
c c c c . . . o o o o . . . c c c c
. . . . + + + + + + + + + + . . . .
. # . . + + + + + + + + + + . . . .
. . . . + + + + + + + + + + . . . .
. . # . + + + + + + + + + + . . . .
c c c c . F|B B . . . . . . c c c c
c c c c . F|R R . . . . . . c c c c
c c c c . F|Y Y . . . . . . c c c c
c c c c . F|G G . . . . . . c c c c
"""

# Taller than wide, no centre area, one black square, the zone on the right straight.
TALL = """
c c c c . . . . . . c c c c
c c c c . . . . . . c c c c
c c c c . . . . . . c c c c
c c c c . . . . . . c c c c
. . . . _ _ _ _ _ _ . . . .
. . . . _ _ _ _ _ _ . . . .
. . . . _ _ _ _ _ _ o o o v
. # . . _ _ _ _ _ _ o o o o
. . . . _ _ _ _ _ _ o o o o
. . . . _ _ _ _ _ _ o o o ^
. . . . _ _ _ _ _ _ . . . .
. . . . _ _ _ _ _ _ . . . .
c c c c . F|B B . . c c c c
c c c c . F|R R . . c c c c
c c c c . F|Y Y . . c c c c
c c c c . F|G G . . c c c c
"""

# The shipped course mirrored: the race runs clockwise, the black squares on the right.
MIRRORED = """
c c c c . > o o < . c c c c
c c c c . o o o o . c c c c
c c c c . o o o o . c c c c
c c c c . o o o o . c c c c
. . . . + + + + + + . . . .
. . . . + + + + + + . . . .
. . . . + + + + + + . . # .
. . . . + + + + + + . . . .
. . . . + + + + + + . # . .
. . . . + + + + + + . . . .
c c c c . . B B|F . c c c c
c c c c . . R R|F . c c c c
c c c c . . Y Y|F . c c c c
c c c c . . G G|F . c c c c
"""

# A flat course 24 squares wide: the centre strip is too low for the title block.
WIDE = """
c c c c . . . . . . . . . > o o < . . . c c c c
c c c c . . . . . . . . . o o o o . . . c c c c
c c c c . . . . . . . . . o o o o . . . c c c c
c c c c . . . . . . . . . o o o o . . . c c c c
. # . . + + + + + + + + + + + + + + + + . . . .
. . # . + + + + + + + + + + + + + + + + . . . .
c c c c . F|B B . . . . . . . . . . . . c c c c
c c c c . F|R R . . . . . . . . . . . . c c c c
c c c c . F|Y Y . . . . . . . . . . . . c c c c
c c c c . F|G G . . . . . . . . . . . . c c c c
"""

MAPS = {"long": LONG, "tall": TALL, "mirrored": MIRRORED, "wide": WIDE}


def layout_with(tmp_path, course_map: str, extra: str = "", name: str = "mine",
                course: str = ""):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'extends = "steeple_chess"\n{extra}\n[course]\n{course}\n'
                    f'map = """{course_map}"""\n', encoding="utf-8")
    return load_layout(path)


@pytest.mark.parametrize("name", sorted(MAPS))
def test_a_redrawn_course_builds_board_die_pieces_json_and_every_figure(tmp_path, name):
    layout = layout_with(tmp_path, MAPS[name])
    course = layout.track
    for lang in LANGUAGES:
        words = words_for(layout, lang)
        output = compose_game(layout, words=words)
        scene = output.board.scene
        assert (scene.width, scene.height) == (course.width * 30 + 36, course.height * 30 + 36)
        if course.centre:  # the die table is printed wherever there is a centre area
            assert words("pieces.N") in [t.text for t in _texts(scene.children)]
        spaces = {s["id"] for s in output.board_json["spaces"]}
        assert {course.name(c) for c in course.course} <= spaces
        for figure, make in diagrams(layout, words).items():
            drawn = make()
            assert drawn.width > 0 and drawn.height > 0, figure
    files = product_files(layout, compose_game(layout), BuildOptions(formats=("pdf",)))
    assert {"board.pdf", "die.pdf", "pieces.pdf", "board.json"} <= set(files)
    assert "FINISH" in pdf_text(files["board.pdf"])


def test_rule_facts_follow_the_course_built(tmp_path):
    facts = {name: rule_context(layout, words_for(layout, "en"))
             for name, layout in ((n, layout_with(tmp_path, m, name=n)) for n, m in MAPS.items())}
    assert (facts["long"]["columns"], facts["long"]["rows"]) == (18, 12)
    assert facts["long"]["black_squares"] == ["b7", "c5"]
    assert facts["tall"]["zone_side"] == "right" and facts["tall"]["arrow_squares"] == ["n10", "n7"]
    assert facts["tall"]["black_squares"] == ["b9"]
    assert facts["mirrored"]["direction"] == "clockwise"
    assert facts["mirrored"]["black_side"] == "right"
    assert facts["long"]["direction"] == "anticlockwise"
    assert facts["long"]["race_length"] > facts["mirrored"]["race_length"]
    assert all(f["width"] == 4 and f["corner_areas"] == 4 and f["corner_size"] == (4, 4)
               for f in facts.values())


def test_every_course_problem_is_reported_at_once(tmp_path):
    rows = MIRRORED.strip("\n").splitlines()
    rows[0] = rows[0].replace(">", "o")                     # one arrow only
    rows[13] = rows[13].replace("G G", ". .")               # no green start space
    with pytest.raises(InputError) as caught:
        layout_with(tmp_path, "\n" + "\n".join(rows) + "\n", extra='[labels.en]\ntable = "{n}"')
    messages = [p.message for p in caught.value.problems]
    assert len(messages) == 3
    assert any("no green start space" in m for m in messages)
    assert any("exactly two arrows" in m for m in messages)
    assert [p.key for p in caught.value.problems].count("course.map") == 2
    assert "labels.en.table" in [p.key for p in caught.value.problems]


def test_a_board_too_big_to_print_is_refused_naming_the_square_size(tmp_path):
    with pytest.raises(InputError) as caught:
        layout_with(tmp_path, WIDE, course="square_mm = 90")
    assert "at most 2000 mm a side" in str(caught.value)
    assert caught.value.key == "course.map"


def test_squares_too_small_for_the_pieces_are_refused(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text('extends = "steeple_chess"\n[course]\nsquare_mm = 14\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_layout(path)
    assert caught.value.key == "course.square_mm" and "pieces of 16 mm" in str(caught.value)


def test_the_shipped_start_spaces_hold_three_pieces_side_by_side():
    """Measured on the drawn board: the rounded space less the start line's bar."""
    layout = load_layout("steeple_chess")
    place = board_grid(layout)
    scene = compose_board(layout).scene
    course = layout.track
    for letter, cells in course.start.items():
        x, y, w, h = place.bounds(cells)
        space = next(n for n in scene.children if isinstance(n, Rect) and n.rx
                     and x < n.x < x + w and y < n.y < y + h)
        bar = next(n for n in scene.children if isinstance(n, Rect) and n.style.fill == "#ffffff"
                   and n.h == place.cell_mm and space.x < n.x < space.x + space.w
                   and y <= n.y < y + h)  # the start line's bar, the whole square high
        room, count, size = bar.x - space.x, layout.tokens.per_colour, layout.tokens.size_mm
        assert count == 3 and count * size + (count - 1) <= room and size <= space.h


@pytest.mark.parametrize("labels, key, message", [
    ('[labels.en.pieces]\npiece = "{color} {number}"', "labels.en.pieces.piece",
     "unknown placeholder {color}"),
    ('[labels.en]\ntable = "roll {number}"', "labels.en.table", "unknown placeholder {number}"),
])
def test_printed_texts_may_use_only_their_placeholders(tmp_path, labels, key, message):
    path = tmp_path / "words.toml"
    path.write_text(f'extends = "steeple_chess"\n{labels}\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_layout(path)
    assert caught.value.key == key and message in str(caught.value)


def test_a_layout_without_labels_is_refused_before_build(tmp_path):
    path = tmp_path / "bare.toml"
    path.write_text(f'game = "steeple_chess"\nname = "bare"\ntitle = "Bare"\n[course]\n'
                    f'map = """{MIRRORED}"""\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_layout(path)
    keys = {p.key for p in caught.value.problems}
    assert {"labels.en.finish", "labels.en.pieces.K", "labels.en.die.title"} <= keys


def test_a_user_layout_overrides_one_word(tmp_path):
    layout = layout_with(tmp_path, MIRRORED, extra='[labels.de]\nfinish = "ANKUNFT"')
    output = compose_game(layout, words=words_for(layout, "de"))
    texts = [n.text for n in _texts(output.board.scene.children)]
    assert texts.count("ANKUNFT") == 4 and "ZIEL" not in texts and "START" in texts


def _texts(nodes):
    from boardgen.scene import Group, Text
    for node in nodes:
        if isinstance(node, Text):
            yield node
        elif isinstance(node, Group):
            yield from _texts(node.children)


def test_a_way_round_nearby_agrees_with_the_full_search(tmp_path):
    # The bottom straight narrowed to two squares by black squares: pairs there cut it.
    rows = load_layout("steeple_chess").course.map.strip("\n").splitlines()
    rows[10] = "c c c c . F|B B # . c c c c"
    rows[13] = "c c c c . F|G G # . c c c c"
    narrow = Course(tuple(r.replace(" ", "").replace("|", "") for r in rows),
                    walls=load_layout("steeple_chess").track.walls)
    courses = [narrow] + [layout_with(tmp_path, m, name=n).track for n, m in MAPS.items()]
    cutting = 0
    for course in courses:
        pairs = {(a, b) for a in course.squares for b in course.squares
                 if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1}
        for pair in sorted(pairs):
            if cut_off(course, pair):
                cutting += 1
                assert not detour_nearby(course, pair), pair
    assert cutting >= 2, "the narrow course has pairs that cut it"


def test_checks_of_a_large_field_stay_fast(tmp_path):
    rows = ["F " * 25 + "F", "> " + "o " * 24 + "<"] + ["o " * 25 + "o"] * 96
    rows.append(" ".join("G" * 6 + "Y" * 6 + "R" * 6 + "B" * 8))
    start = time.perf_counter()
    layout = layout_with(tmp_path, "\n" + "\n".join(rows) + "\n",
                         extra="[tokens]\nsize_mm = 10", course="square_mm = 10\nborder_mm = 10")
    assert time.perf_counter() - start < 30
    assert len(layout.track.zone) == 26 * 97


def ring_map(columns: int, rows: int, zone: int, blacks: list[tuple[int, int]]) -> list[list[str]]:
    """A ring course 4 squares wide with 4×4 corners, the starts in the bottom straight."""
    grid = [["+" if 4 <= r < rows - 4 and 4 <= c < columns - 4 else
             "c" if (r < 4 or r >= rows - 4) and (c < 4 or c >= columns - 4) else "."
             for c in range(columns)] for r in range(rows)]
    for lane, letter in enumerate("BRYG"):
        grid[rows - 4 + lane][5:8] = ["F", letter, letter]
    left = (columns - zone) // 2
    for r in range(4):
        grid[r][left:left + zone] = ["o"] * zone
    grid[0][left], grid[0][left + zone - 1] = ">", "<"
    for c, r in blacks:
        grid[4 + r % (rows - 8)][c % 4] = "#"
    return grid


def map_text(grid: list[list[str]]) -> str:
    lines = []
    for row in grid:
        line = row[0]
        for a, b in zip(row, row[1:]):
            line += ("|" if a == "F" and b in "BRYG" else " ") + b
        lines.append(line)
    return "\n" + "\n".join(lines) + "\n"


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(columns=st.integers(12, 20), rows=st.integers(12, 18), zone=st.integers(2, 4),
       blacks=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 9)), max_size=3),
       changes=st.lists(st.tuples(st.integers(0, 19), st.integers(0, 17),
                                  st.sampled_from(list(".co#_+"))), max_size=3),
       lang=st.sampled_from(sorted(LANGUAGES)))
def test_what_check_accepts_builds(tmp_path, columns, rows, zone, blacks, changes, lang):
    grid = ring_map(columns, rows, zone, blacks)
    for c, r, char in changes:
        if c < columns and r < rows and grid[r][c] not in "FGYRB<>":
            grid[r][c] = char
    try:
        layout = layout_with(tmp_path, map_text(grid))
    except InputError as refused:
        assert all(p.key == "course.map" for p in (refused.problems or [refused]))
        return
    words = words_for(layout, lang)
    output = compose_game(layout, words=words)
    for make in diagrams(layout, words).values():
        make()
    assert rule_context(layout, words)["width"] >= 4
    files = product_files(layout, output, BuildOptions(formats=("pdf",), lang=lang))
    assert words("finish") in pdf_text(files["board.pdf"])
