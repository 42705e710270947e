"""6-Tage Rennen: the velodrome measured back from board.json, Moon's colours, seams, bad input."""

from __future__ import annotations

import json
import math

import pytest

from boardgen import fonts
from boardgen.build import BuildOptions, product_files
from boardgen.errors import InputError
from boardgen.games import six_day_race
from boardgen.games.six_day_race.art import CAP_HEIGHT, DESCENT
from boardgen.layout import load_layout
from boardgen.scene import Group, Text
from tests.conftest import write

MOON = {
    "black": [3, 4, 5, 8, 10, 24, 25, 26, 27, 29, 30, 31, 32, 43, 44, 50, 51, 53, 56, 60,
              74, 75, 76, 77],
    "green": [45, 54, 64],
    "grey": [55, 58, 62],
    "red": [47],
    "blue": [20],
}
WORDS = {1: ("Ziel", "finish"), 23: ("1. Sprint", "sprint"), 40: ("Fahrerwechsel", "rider-change"),
         49: ("2. Sprint", "sprint"), 65: ("Sturz", "crash"), 80: ("Start", "start")}


def built_json(target: str) -> dict:
    layout = load_layout(target)
    files = product_files(layout, six_day_race.compose_game(layout), BuildOptions(formats=()))
    return json.loads(files["board.json"])


@pytest.fixture(scope="module")
def advanced() -> dict:
    return built_json("six_day_race_advanced")


@pytest.fixture(scope="module")
def original() -> dict:
    return built_json("six_day_race")


# ---- measuring the track independently --------------------------------------


def inside(point, polygon) -> bool:
    """Even-odd point in polygon."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def centre_line(track: dict):
    """The oval's centre line as a function of distance along it, and its length."""
    (xl, cy), (xr, _) = track["bend_centers"]
    r = track["bend_radius_mm"]
    straight = xr - xl
    bend = math.pi * r
    total = 2 * straight + 2 * bend

    def at(s: float):
        s %= total
        if s < straight:
            return (xl + s, cy + r)
        s -= straight
        if s < bend:
            a = math.pi / 2 - s / r
            return (xr + r * math.cos(a), cy + r * math.sin(a))
        s -= bend
        if s < straight:
            return (xr - s, cy - r)
        a = 3 * math.pi / 2 - (s - straight) / r
        return (xl + r * math.cos(a), cy + r * math.sin(a))

    return at, total


def centre_line_lengths(board: dict) -> dict[int, float]:
    """How much of the centre line lies in each space's outline (bisected to a micrometre)."""
    at, total = centre_line(board["track"])
    spaces = board["spaces"]
    outlines = {s["number"]: [tuple(p) for p in s["outline"]] for s in spaces}
    centres = {s["number"]: s["center"] for s in spaces}

    def owner(s: float) -> int:
        p = at(s)
        near = sorted(centres, key=lambda n: math.dist(p, centres[n]))[:3]
        return next(n for n in near if inside(p, outlines[n]))

    count = math.ceil(total)
    step = total / count
    samples = [owner(k * step) for k in range(count)]
    edges = []
    for k, (a, b) in enumerate(zip(samples, samples[1:] + samples[:1])):
        if a == b:
            continue
        lo, hi = k * step, (k + 1) * step
        while hi - lo > 1e-4:
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if inside(at(mid), outlines[a]) else (lo, mid)
        edges.append((b, lo))
    lengths = {}
    for (space, start), (_, end) in zip(edges, edges[1:] + edges[:1]):
        lengths[space] = (end - start) % total
    return lengths


def test_80_spaces_of_equal_centre_line_length(advanced):
    lengths = centre_line_lengths(advanced)
    assert sorted(lengths) == list(range(1, 81))
    assert max(lengths.values()) - min(lengths.values()) < 0.5
    assert min(lengths.values()) >= 30
    assert sum(lengths.values()) == pytest.approx(80 * advanced["track"]["space_mm"], abs=1)


def test_lanes_are_wide_enough_on_straights_and_bends(advanced):
    track = advanced["track"]
    assert track["lanes"] == 2 and track["lane_mm"] >= 22
    centres = track["bend_centers"]
    for space in advanced["spaces"]:
        if space["kind"] == "straight":
            ys = [p[1] for p in space["outline"]]
            assert max(ys) - min(ys) == pytest.approx(2 * track["lane_mm"])
        else:
            radii = [min(math.dist(p, c) for c in centres) for p in space["outline"]]
            assert max(radii) - min(radii) == pytest.approx(2 * track["lane_mm"], abs=0.01)


def test_bends_are_sectors_and_straights_rectangles(advanced):
    kinds = [s["kind"] for s in advanced["spaces"]]
    assert kinds.count("straight") == 40 and kinds.count("bend") == 40
    for space in advanced["spaces"]:
        if space["kind"] == "straight":
            assert len(space["outline"]) == 4
            xs = sorted({round(p[0], 3) for p in space["outline"]})
            assert len(xs) == 2


def test_next_runs_once_round_the_track_in_number_order(advanced):
    spaces = {s["id"]: s for s in advanced["spaces"]}
    assert [s["number"] for s in advanced["spaces"]] == list(range(1, 81))
    assert all(s["id"] == str(s["number"]) for s in advanced["spaces"])
    current, seen = "1", []
    for _ in range(80):
        seen.append(current)
        current = spaces[current]["next"]
    assert current == "1" and len(set(seen)) == 80
    assert spaces["80"]["next"] == "1"


def test_travel_is_anticlockwise_and_the_line_lies_between_80_and_1(advanced):
    spaces = {s["number"]: s for s in advanced["spaces"]}
    (x1, y1), (x2, y2) = advanced["track"]["finish_line"]
    assert x1 == x2  # across the home straight
    assert spaces[80]["center"][0] < x1 < spaces[1]["center"][0]
    # on the page (y down) anticlockwise: rightwards along the bottom, leftwards along the top
    assert spaces[1]["center"][1] > advanced["board_size"][1] / 2
    assert spaces[2]["center"][0] > spaces[1]["center"][0]
    top = [s for s in advanced["spaces"] if s["center"][1] < advanced["board_size"][1] / 3]
    top_straight = [s for s in top if s["kind"] == "straight"]
    xs = [s["center"][0] for s in top_straight]
    assert xs == sorted(xs, reverse=True)


def test_advanced_colours_are_moons_exactly(advanced):
    colours = {}
    for space in advanced["spaces"]:
        colours.setdefault(space["color_name"], []).append(space["number"])
    assert {name: sorted(numbers) for name, numbers in colours.items() if name != "plain"} == MOON
    layout = load_layout("six_day_race_advanced")
    for space in advanced["spaces"]:
        assert space["color"] == getattr(layout.colors, space["color_name"])
    assert len(colours["plain"]) == 80 - 32


def test_original_has_no_colours_and_no_orange_spaces(original):
    assert {s["color_name"] for s in original["spaces"]} == {"plain"}
    assert load_layout("six_day_race").spaces.orange == ()


@pytest.mark.parametrize("fixture", ["original", "advanced"])
def test_words_and_tags(fixture, request):
    board = request.getfixturevalue(fixture)
    for space in board["spaces"]:
        word = WORDS.get(space["number"])
        assert space["label"] == (word[0] if word else None)
        assert space["tags"] == ([word[1]] if word else [])


# ---- text on the board -------------------------------------------------------


def page_texts(nodes, dx=0.0, dy=0.0):
    for node in nodes:
        if isinstance(node, Text):
            yield node, dx, dy
        elif isinstance(node, Group):
            yield from page_texts(node.children, dx + node.transform[4], dy + node.transform[5])


def measured_box(node: Text, dx: float, dy: float):
    """The text's box from the font's advance widths, for upright text."""
    width = fonts.text_width(node.text, node.size, node.font)
    left = node.x + dx - {"start": 0, "middle": width / 2, "end": width}[node.anchor]
    return (left, node.y + dy - CAP_HEIGHT * node.size, left + width,
            node.y + dy + DESCENT * node.size)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_numbers_are_upright_inside_their_space_and_never_overlap(target):
    layout = load_layout(target)
    board = six_day_race.compose_board(layout)
    outlines = {s["number"]: [tuple(p) for p in s["outline"]]
                for s in six_day_race.board_json(layout)["spaces"]}
    numbers = [(n, measured_box(n, dx, dy)) for n, dx, dy in page_texts(board.scene.children)
               if n.text.isdigit()]
    assert sorted(int(n.text) for n, _ in numbers) == list(range(1, 81))
    for node, box in numbers:
        assert node.rotate == 0 and node.size >= 6
        corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
        assert all(inside(c, outlines[int(node.text)]) for c in corners), node.text
    for i, (a, box_a) in enumerate(numbers):
        for b, box_b in numbers[i + 1:]:
            assert not overlap(box_a, box_b), (a.text, b.text)


def test_words_sit_in_their_space_beside_the_number():
    layout = load_layout("six_day_race_advanced")
    board = six_day_race.compose_board(layout)
    outlines = {s["number"]: [tuple(p) for p in s["outline"]]
                for s in six_day_race.board_json(layout)["spaces"]}
    texts = list(page_texts(board.scene.children))
    for number, (word, _) in WORDS.items():
        node, dx, dy = next(t for t in texts if t[0].text == word)
        box = measured_box(node, dx, dy)
        assert inside((box[0], box[1]), outlines[number]) and inside((box[2], box[3]), outlines[number])
        number_node = next(t for t in texts if t[0].text == str(number))
        assert not overlap(box, measured_box(*number_node))


# ---- seams -------------------------------------------------------------------


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_seams_avoid_all_text_and_tile_onto_a4(target):
    layout = load_layout(target)
    board = six_day_race.compose_board(layout)
    boxes = [measured_box(*t) for t in page_texts(board.scene.children)]
    for x in board.seams_x:
        assert not any(b[0] < x < b[2] for b in boxes), x
    for y in board.seams_y:
        assert not any(b[1] < y < b[3] for b in boxes), y
    data = six_day_race.board_json(layout)
    (xl, _), (xr, _) = data["track"]["bend_centers"]
    boundaries = [xl + k * layout.track.space_mm for k in range(layout.track.straight_spaces + 1)]
    straight_seams = [x for x in board.seams_x if xl - 0.01 <= x <= xr + 0.01]
    assert all(any(abs(x - b) < 1e-6 for b in boundaries) for x in straight_seams)
    for seams, size in ((board.seams_x, board.scene.width), (board.seams_y, board.scene.height)):
        cuts = (0.0, *seams, size)
        assert max(b - a for a, b in zip(cuts, cuts[1:])) <= 180, "A4 portrait pages fit between"
    assert board.scene.width > 420 and board.scene.height > 297  # well over A3


# ---- other tracks ------------------------------------------------------------

LABELS_60 = """[spaces]
labels = [
  { space = 1, text = "Ziel", tag = "finish" },
  { space = 17, text = "1. Sprint", tag = "sprint" },
  { space = 30, text = "Fahrerwechsel", tag = "rider-change" },
  { space = 37, text = "2. Sprint", tag = "sprint" },
  { space = 49, text = "Sturz", tag = "crash" },
  { space = 60, text = "Start", tag = "start" },
]
"""


def test_a_60_space_track_builds(run_cli, tmp_path):
    path = write(tmp_path, "short.toml", 'extends = "six_day_race"\nname = "short"\n'
                 "[track]\nspaces = 60\nstraight_spaces = 14\n" + LABELS_60)
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    board = json.loads((tmp_path / "out" / "short" / "board.json").read_text())
    lengths = centre_line_lengths(board)
    assert sorted(lengths) == list(range(1, 61))
    assert max(lengths.values()) - min(lengths.values()) < 0.5
    assert [s["label"] for s in board["spaces"] if s["label"]] == [
        "Ziel", "1. Sprint", "Fahrerwechsel", "2. Sprint", "Sturz", "Start"]


def test_a_100_space_clockwise_track_builds(run_cli, tmp_path):
    labels = LABELS_60.replace("space = 60,", "space = 100,")
    path = write(tmp_path, "long.toml", 'extends = "six_day_race_advanced"\nname = "long"\n'
                 '[track]\nspaces = 100\nstraight_spaces = 24\ndirection = "clockwise"\n' + labels)
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    board = json.loads((tmp_path / "out" / "long" / "board.json").read_text())
    lengths = centre_line_lengths(board)
    assert sorted(lengths) == list(range(1, 101))
    assert max(lengths.values()) - min(lengths.values()) < 0.5
    spaces = {s["number"]: s for s in board["spaces"]}
    assert spaces[2]["center"][0] < spaces[1]["center"][0]  # clockwise: leftwards at the bottom
    assert spaces[100]["next"] == "1"


def test_labels_beyond_a_shorter_track_are_a_clear_error(run_cli, tmp_path):
    path = write(tmp_path, "short.toml", 'extends = "six_day_race"\n'
                 "[track]\nspaces = 60\nstraight_spaces = 14\n")
    result = run_cli("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "spaces.labels[4].space" in result.stderr
    assert "space 65 ('Sturz') is beyond the track's 60 spaces" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def load_error(tmp_path, text: str) -> InputError:
    path = write(tmp_path, "mine.toml", 'extends = "six_day_race_advanced"\n' + text)
    with pytest.raises(InputError) as info:
        load_layout(str(path))
    return info.value


@pytest.mark.parametrize("text, key, fragment", [
    ("[track]\nspaces = 81\n", "track", "even number"),
    ("[track]\nlane_mm = 20\n", "track.lane_mm", "greater than or equal to 22"),
    ("[track]\nspace_mm = 25\n", "track.space_mm", "greater than or equal to 30"),
    ("[track]\nfinish_line_after = 21\n", "track.finish_line_after", "only 20 spaces"),
    ("[track]\nspaces = 48\n", "track", "too tight"),
    ("[spaces]\nred = [47, 45]\n", "spaces.red[1]", "already green"),
    ("[spaces]\nblue = [81]\n", "spaces.blue[0]", "not on the track"),
    ("[spaces]\norange = [0]\n", "spaces.orange[0]", "not on the track"),
    ("[spaces]\nlabels = [{ space = 5, text = \"Ziel\", tag = \"finish\" }]\n",
     "spaces.labels[0].space", "belongs on space 1"),
    ("[cards.grey]\npiles = [[1, 2], [4, 5, 6]]\n", "cards.grey.piles", "exactly once"),
    ("[infield]\nareas = [{ deck = \"green\", pile = 1, text = \"x\" }]\n",
     "infield.areas[0].pile", "1 pile(s)"),
    ("[track]\nlanes_mm = 24\n", "track.lanes_mm", "did you mean 'lane_mm'"),
    ("[track]\nstraight_spaces = 30\n", "track.straight_spaces", "straight_spaces = 29 would fit"),
])
def test_bad_layouts_name_the_key(tmp_path, text, key, fragment):
    error = load_error(tmp_path, text)
    assert error.key == key and fragment in error.message, (error.key, error.message)


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_builds_in_every_format(run_cli, tmp_path, target):
    result = run_cli("build", target, "--out", tmp_path, "--format", "pdf,svg,png", "--dpi", "12")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / target
    names = {p.name for p in folder.iterdir()}
    assert {"board.pdf", "board.svg", "board.png", "board.json", "cards.pdf", "riders.pdf",
            "score-sheet.pdf", "score-sheet.png"} <= names
    assert json.loads((folder / "board.json").read_text())["game"] == "six_day_race"


def test_the_same_layout_builds_the_same_bytes():
    layout = load_layout("six_day_race_advanced")
    options = BuildOptions(formats=("pdf", "svg"))
    first = product_files(layout, six_day_race.compose_game(layout), options)
    second = product_files(layout, six_day_race.compose_game(layout), options)
    assert first.keys() == second.keys()
    assert all(first[name] == second[name] for name in ("board.pdf", "board.svg", "board.json"))
