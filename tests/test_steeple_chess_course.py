"""The Steeple Chess course: the default map keeps every known fact; redrawn maps are checked."""

from __future__ import annotations

import pytest

from boardgen.errors import InputError
from boardgen.games.steeple_chess.course import MapError, parse_map
from boardgen.layout import load_layout

DEFAULT = load_layout("steeple_chess")
DEFAULT_MAP = DEFAULT.course.map


def write_layout(tmp_path, map_text: str, name: str = "mine.toml"):
    path = tmp_path / name
    path.write_text(f'extends = "steeple_chess"\nname = "mine"\n\n[course]\nmap = """\n'
                    f'{map_text.strip(chr(10))}\n"""\n', encoding="utf-8")
    return path


def edited(*replacements: tuple[int, str]) -> str:
    """The default map with whole rows (0 = top) replaced."""
    rows = DEFAULT_MAP.strip("\n").splitlines()
    for index, row in replacements:
        rows[index] = row
    return "\n".join(rows)


def map_error(tmp_path, map_text: str) -> InputError:
    path = write_layout(tmp_path, map_text)
    with pytest.raises(InputError) as caught:
        load_layout(path)
    error = caught.value
    assert error.source == str(path) and error.key == "course.map"
    return error


# ---- the default course --------------------------------------------------------------------


def test_default_course_is_a_four_wide_ring_with_four_corner_areas():
    course = DEFAULT.track
    assert (course.width, course.height) == (14, 14)
    assert len(course.centre) == 36, "a 6×6 centre"
    assert len(course.corner) == 4 * 16
    assert len(course.course | course.goal | set().union(*course.start.values())) == 160


def test_default_course_keeps_the_facts_of_the_original():
    course = DEFAULT.track
    assert [len(course.start[c]) for c in "GYRB"] == [2, 2, 2, 2], "one large space per colour"
    assert len(course.start_line) == 4 and len(course.finish_line) == 4
    assert len(course.black) == 2
    assert {course.name(c) for c in course.black} == {"b8", "c6"}
    assert all(course.forward[c] == ((0, 1),) for c in course.black), "in the last straight"
    assert len(course.arrows) == 2 and len(course.zone) == 16
    assert {course.name(c)[0] for c in course.zone} == set("fghi"), "middle of the top straight"
    # The wall stands between the goal area and the start spaces.
    assert {(course.name(a), course.name(b)) for a, b in course.walls} == \
        {("f1", "g1"), ("f2", "g2"), ("f3", "g3"), ("f4", "g4")}
    finish_x = {a[0] for a, _ in course.finish_line}
    start_x = {b[0] for _, b in course.start_line}
    assert max(start_x) - max(finish_x) == 4, "the finish line lies just before the start line"


def test_square_names_run_like_a_chess_board():
    course = DEFAULT.track
    assert course.name((0, 13)) == "a1" and course.name((13, 0)) == "n14"
    assert course.cell("a1") == (0, 13) and course.cell("N14") == (13, 0)
    assert course.cell("o1") is None and course.cell("a15") is None and course.cell("1a") is None


# ---- the map notation ---------------------------------------------------------------------------


def test_walls_between_and_below_squares():
    course = parse_map("""
        . .|.
          -
        . . .
    """)
    assert course.walls == frozenset({((1, 0), (2, 0)), ((1, 0), (1, 1))})


@pytest.mark.parametrize("text,message", [
    (". . .\n. .", "map row 2: 2 cells, the first row has 3"),
    (". . .\n.:. .", "separated by a space or '|'"),
    (". . .\n - \n. . .", "put each '-' under a cell"),
    ("- -\n. .", "must stand between two rows"),
    (". . Z", "cell c1 (map row 1, column 3): unknown character 'Z'"),
    (". .|\n. .", "map row 1, column 2: a wall runs off the edge of the map"),
])
def test_malformed_maps_say_where(text, message):
    with pytest.raises(MapError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_map(text)


# ---- redrawn courses are checked ----------------------------------------------------------------


def test_a_redrawn_course_that_keeps_the_rules_loads(tmp_path):
    # Black squares moved, arrows pointing into the course from the centre side.
    text = edited((6, ". . . . + + + + + + . . . ."), (5, ". . # . + + + + + + . . . ."))
    layout = load_layout(write_layout(tmp_path, text))
    assert {layout.track.name(c) for c in layout.track.black} == {"c9", "c6"}


def test_course_narrower_than_four_squares_is_refused(tmp_path):
    text = edited(*[(r, ". . . _ + + + + + + . . . .") for r in range(4, 10)])
    error = map_error(tmp_path, text)
    assert "4 squares wide" in error.message and "cell a10 (map row 5, column 1)" in error.message


def test_missing_start_space_is_refused(tmp_path):
    text = edited((10, "c c c c . F|. . . . c c c c"))
    assert "no blue start space" in map_error(tmp_path, text).message


def test_missing_goal_is_refused(tmp_path):
    text = "\n".join(row.replace("F|", "_|") for row in DEFAULT_MAP.strip("\n").splitlines())
    assert "no goal area" in map_error(tmp_path, text).message


@pytest.mark.parametrize("row,found", [
    ("c c c c . o o o < . c c c c", "found 1 (i14)"),
    ("c c c c . > > o < . c c c c", "found 3 (f14, g14, i14)"),
])
def test_exactly_two_arrows(tmp_path, row, found):
    error = map_error(tmp_path, edited((0, row)))
    assert "exactly two arrows" in error.message and found in error.message


def test_arrow_needs_a_course_edge_beside_it(tmp_path):
    text = edited((0, "c c c c . o o o < . c c c c"), (2, "c c c c . o > o o . c c c c"))
    error = map_error(tmp_path, text)
    assert "cell g12" in error.message and "edge of the course" in error.message


def test_arrow_zone_must_be_one_area(tmp_path):
    text = edited((0, "c c c c . > o o < . c c c c"), (1, "c c c c . . . . . . c c c c"),
                  (2, "c c c c . . . . . . c c c c"), (3, "c c c c . o o o o . c c c c"))
    assert "one connected area" in map_error(tmp_path, text).message


def test_course_the_obstacle_could_block_is_refused(tmp_path):
    # Two black squares across the top straight leave a gap the obstacle can close.
    text = edited((0, "c c c c . > # o < . c c c c"), (1, "c c c c . o # o o . c c c c"))
    error = map_error(tmp_path, text)
    assert error.message.startswith("cell g12 (map row 3, column 7): the obstacle on g12 and g11 "
                                    "cuts the green, yellow, red, blue start space off")


def test_unclear_forward_asks_for_a_corner_area(tmp_path):
    text = edited(*[(r, ". . . . . . . . . . c c c c") for r in range(0, 4)])
    text = "\n".join(row if i > 3 else row[:8] + "o o o o" + row[15:] if i else
                     row[:8] + "> o o <" + row[15:]
                     for i, row in enumerate(text.splitlines()))
    error = map_error(tmp_path, text)
    assert "which way is forward" in error.message and "corner area" in error.message


def test_map_errors_name_file_key_and_line(tmp_path):
    path = write_layout(tmp_path, edited((10, "c c c c . F|B B ? . c c c c")))
    with pytest.raises(InputError) as caught:
        load_layout(path)
    error = caught.value
    assert str(error).startswith(f"{path}:5: course.map: cell i4 (map row 11, column 9): "
                                 "unknown character '?'")
