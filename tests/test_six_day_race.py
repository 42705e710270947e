"""6-Tage Rennen: the velodrome measured back from board.json, Moon's colours, seams, bad input."""

from __future__ import annotations

import json
import math
import time

import pypdf
import pytest

from boardgen import fonts
from boardgen.build import BuildOptions, product_files
from boardgen.errors import InputError
from boardgen.games import race, six_day_race
from boardgen.components.text import CAP_HEIGHT, DESCENT
from boardgen.components.text import box as text_box, centred, centred_box
from boardgen.i18n import LANGUAGES
from boardgen.layout import load_layout
from boardgen.scene import Group, Text
from tests.conftest import pdf_text, write

MOON = {
    "black": [3, 4, 5, 8, 10, 24, 25, 26, 27, 29, 30, 31, 32, 43, 44, 50, 51, 53, 56, 60,
              74, 75, 76, 77],
    "green": [45, 54, 64],
    "grey": [55, 58, 62],
    "red": [47],
    "blue": [20],
}
WORDS = {1: ("Finish", "finish"), 23: ("Sprint 1", "sprint"), 40: ("Rider change", "rider-change"),
         49: ("Sprint 2", "sprint"), 65: ("Crash", "crash"), 80: ("Start", "start")}


def built_json(target: str) -> dict:
    layout = load_layout(target)
    files = product_files(layout, race.compose_game(layout), BuildOptions(formats=()))
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
    assert sum(lengths.values()) == pytest.approx(80 * advanced["track"]["space_mm"], abs=1)


def test_lanes_are_wide_enough_on_straights_and_bends(advanced):
    track = advanced["track"]
    assert track["lanes"] == 2 and track["lane_mm"] >= 20
    centres = track["bend_centers"]
    for space in advanced["spaces"]:
        if space["shape"] == "straight":
            ys = [p[1] for p in space["outline"]]
            assert max(ys) - min(ys) == pytest.approx(2 * track["lane_mm"])
        else:
            radii = [min(math.dist(p, c) for c in centres) for p in space["outline"]]
            assert max(radii) - min(radii) == pytest.approx(2 * track["lane_mm"], abs=0.01)


def test_bends_are_sectors_and_straights_rectangles(advanced):
    shapes = [s["shape"] for s in advanced["spaces"]]
    assert shapes.count("straight") == 40 and shapes.count("bend") == 40
    for space in advanced["spaces"]:
        assert space["length_mm"] == pytest.approx(advanced["track"]["space_mm"])
        if space["shape"] == "straight":
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
        assert len(spaces[current]["next"]) == 1
        current = spaces[current]["next"][0]
    assert current == "1" and len(set(seen)) == 80
    assert spaces["80"]["next"] == ["1"] and advanced["track"]["loop"]


def test_travel_is_anticlockwise_and_the_line_lies_between_80_and_1(advanced):
    spaces = {s["number"]: s for s in advanced["spaces"]}
    (x1, y1), (x2, y2) = advanced["track"]["finish_line"]
    assert x1 == x2  # across the home straight
    assert spaces[80]["center"][0] < x1 < spaces[1]["center"][0]
    # on the page (y down) anticlockwise: rightwards along the bottom, leftwards along the top
    assert spaces[1]["center"][1] > advanced["board_size"][1] / 2
    assert spaces[2]["center"][0] > spaces[1]["center"][0]
    top = [s for s in advanced["spaces"] if s["center"][1] < advanced["board_size"][1] / 3]
    top_straight = [s for s in top if s["shape"] == "straight"]
    xs = [s["center"][0] for s in top_straight]
    assert xs == sorted(xs, reverse=True)


def test_advanced_colours_are_moons_exactly(advanced):
    kinds = {}
    for space in advanced["spaces"]:
        kinds.setdefault(space["kind"], []).append(space["number"])
    moons = {name: sorted(numbers) for name, numbers in kinds.items() if name in MOON}
    assert moons == MOON
    assert kinds["rider-change"] == [40] and kinds["crash"] == [65]
    layout = load_layout("six_day_race_advanced")
    colours = {name: layout.kinds[name].fill for name in (*MOON, "rider-change", "crash")}
    for space in advanced["spaces"]:
        assert space["color"] == colours.get(space["kind"], layout.fill("plain"))
    assert len(kinds["plain"]) == 80 - 32 - 6  # the coloured spaces and the six named ones


def test_original_has_no_colours_and_no_orange_spaces(original):
    layout = load_layout("six_day_race")
    assert {s["color"] for s in original["spaces"]} == {layout.fill("plain"),
                                                        layout.fill("rider-change"),
                                                        layout.fill("crash")}
    assert {s["kind"] for s in original["spaces"]} == {"plain", *{w[1] for w in WORDS.values()}}
    assert load_layout("six_day_race").placed_spaces.orange == ()


@pytest.mark.parametrize("fixture", ["original", "advanced"])
def test_words_and_tags(fixture, request):
    board = request.getfixturevalue(fixture)
    for space in board["spaces"]:
        word = WORDS.get(space["number"])
        assert space.get("label") == (word[0] if word else None)
        assert space["tags"] == ([word[1]] if word else [])
        assert space["kind"] == (word[1] if word else space["kind"])
        assert ("effect" in space) == (space["kind"] == "crash")
    crash = next(s for s in board["spaces"] if s["kind"] == "crash")
    assert crash["effect"] == {"kind": "skip", "turns": 1}  # the crashed rider misses a turn


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
    board = race.compose_game(layout).board
    outlines = {s["number"]: [tuple(p) for p in s["outline"]]
                for s in race.compose_game(layout).board_json["spaces"]}
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


@pytest.mark.parametrize("text, size, font", [("80", 8.0, "bold"), ("7", 5.3, "bold"),
                                               ("Rider change", 5.0, "bold"), ("", 3.1, "regular")])
@pytest.mark.parametrize("cx, cy", [(0.0, 0.0), (712.37, 101.9), (-3.5, 1e-9)])
def test_a_centred_box_is_the_box_of_the_centred_text(text, size, font, cx, cy):
    node = centred(cx, cy, text, size, font=font, fill="#000000")
    assert centred_box(cx, cy, text, size, font) == text_box(node)


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_words_stand_beside_their_space_in_the_infield(target):
    layout = load_layout(target)
    board = race.compose_game(layout).board
    data = race.compose_game(layout).board_json
    outlines = {s["number"]: [tuple(p) for p in s["outline"]] for s in data["spaces"]}
    centres = {s["number"]: s["center"] for s in data["spaces"]}
    texts = list(page_texts(board.scene.children))
    for number, (word, _) in WORDS.items():
        node, dx, dy = next(t for t in texts if t[0].text == word)
        box = measured_box(node, dx, dy)
        assert node.size * CAP_HEIGHT >= 3.4, word  # capitals of 3.4 mm, not 3 mm words
        corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
        assert not any(inside(c, outline) for c in corners for outline in outlines.values()), word
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        nearest = sorted(centres, key=lambda n: math.dist(centres[n], middle))[:3]
        assert number in nearest, (word, nearest)


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_numbers_read_across_a_table(target):
    board = race.compose_game(load_layout(target)).board
    numbers = [n for n, _, _ in page_texts(board.scene.children) if n.text.isdigit()]
    assert min(n.size * CAP_HEIGHT for n in numbers) >= 5.0


def footprints_on(space: dict, track: dict, rider: float) -> list[list[tuple[float, float]]]:
    """Rider-sized squares packed on one space in rows from its inner edge, each row's squares
    spread along the row; built from the outline and bend centre alone."""
    width = 2 * track["lane_mm"]
    EPS = 0.05  # outlines sample arcs every 2°: their chords lie up to 0.03 mm inside
    squares = []
    if space["shape"] == "straight":
        xs, ys = [p[0] for p in space["outline"]], [p[1] for p in space["outline"]]
        for row in range(int(width // rider)):
            for column in range(int((max(xs) - min(xs)) // rider)):
                x, y = min(xs) + column * rider + EPS, min(ys) + row * rider + EPS
                squares.append([(x, y), (x + rider - 2 * EPS, y), (x + rider - 2 * EPS, y + rider - 2 * EPS),
                                (x, y + rider - 2 * EPS)])
        return squares
    centre = min(track["bend_centers"], key=lambda c: math.dist(c, space["center"]))
    angles = [math.atan2(p[1] - centre[1], p[0] - centre[0]) for p in space["outline"]]
    mid = math.atan2(space["center"][1] - centre[1], space["center"][0] - centre[0])
    spread = max(abs(math.remainder(a - mid, math.tau)) for a in angles)
    inner = min(math.dist(p, centre) for p in space["outline"])
    for row in range(int(width // rider)):
        r0 = inner + row * rider + EPS
        count = int(2 * r0 * math.sin(spread) // rider)
        for k in range(count):
            offset = (k - (count - 1) / 2) * rider
            u = (math.cos(mid), math.sin(mid))           # outwards
            t = (-u[1], u[0])                           # along the track
            def corner(a, b):
                return (centre[0] + u[0] * (r0 + b) + t[0] * (offset + a),
                        centre[1] + u[1] * (r0 + b) + t[1] * (offset + a))
            h = rider / 2 - EPS
            squares.append([corner(-h, 0), corner(h, 0), corner(h, rider - 2 * EPS),
                             corner(-h, rider - 2 * EPS)])
    return squares


@pytest.mark.parametrize("spaces", [40, 80, 123, 160])
def test_every_space_holds_all_the_riders(spaces):
    layout = load_layout_text(f'extends = "six_day_race"\n[board]\nspaces = {spaces}\n')
    data = race.compose_game(layout).board_json
    riders = len(layout.player_colors)
    rider = layout.rider_mm
    standee = race.compose_game(layout).component_sets[1].components[0].front
    assert standee.width == pytest.approx(rider)
    for space in data["spaces"]:
        squares = footprints_on(space, data["track"], rider)
        outline = [tuple(p) for p in space["outline"]]
        placed = [sq for sq in squares if all(inside(c, outline) for c in sq)]
        assert len(placed) >= riders, (space["number"], len(placed))


# ---- seams -------------------------------------------------------------------


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_seams_avoid_all_text_and_tile_onto_a4(target):
    layout = load_layout(target)
    board = race.compose_game(layout).board
    boxes = [measured_box(*t) for t in page_texts(board.scene.children)]
    for x in board.seams_x:
        assert not any(b[0] < x < b[2] for b in boxes), x
    for y in board.seams_y:
        assert not any(b[1] < y < b[3] for b in boxes), y
    data = race.compose_game(layout).board_json
    (xl, _), (xr, _) = data["track"]["bend_centers"]
    boundaries = [xl + k * layout.board.space_mm for k in range(layout.board.straight + 1)]
    straight_seams = [x for x in board.seams_x if xl - 0.01 <= x <= xr + 0.01]
    assert all(any(abs(x - b) < 1e-6 for b in boundaries) for x in straight_seams)
    for seams, size in ((board.seams_x, board.scene.width), (board.seams_y, board.scene.height)):
        cuts = (0.0, *seams, size)
        assert max(b - a for a, b in zip(cuts, cuts[1:])) <= 180, "A4 portrait pages fit between"
    assert board.scene.width > 420 and board.scene.height > 297  # well over A3


# ---- other tracks ------------------------------------------------------------


@pytest.mark.parametrize("spaces", [40, 60, 97, 160])
def test_any_track_length_builds_with_nothing_else_changed(run_cli, tmp_path, spaces):
    path = write(tmp_path, "mine.toml", f'extends = "six_day_race"\nname = "mine"\n'
                 f"[board]\nspaces = {spaces}\n")
    started = time.perf_counter()
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    elapsed = time.perf_counter() - started
    assert result.exit_code == 0, result.stderr
    assert elapsed < 20, f"{spaces} spaces took {elapsed:.1f} s"
    folder = tmp_path / "out" / "mine"
    board = json.loads((folder / "board.json").read_text())
    lengths = centre_line_lengths(board)
    assert sorted(lengths) == list(range(1, spaces + 1))
    # an odd count puts one more space in the second bend; its spaces are a little shorter
    assert max(lengths.values()) / min(lengths.values()) < 1.06
    named = {s["number"]: s["tags"][0] for s in board["spaces"] if s["tags"]}
    assert named[1] == "finish" and named[spaces] == "start"
    assert sorted(named.values()) == sorted(["finish", "sprint", "rider-change", "sprint", "crash",
                                             "start"])
    # every card place lies on the board, clear of the track and of every other place
    width, height = board["board_size"]
    rects = [a["rect"] for a in board["card_places"]]
    assert len(rects) == 5
    for i, (x, y, w, h) in enumerate(rects):
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
        for space in board["spaces"]:
            assert not inside(tuple(space["center"]), [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        for other in rects[i + 1:]:
            assert not overlap((x, y, x + w, y + h), (other[0], other[1], other[0] + other[2],
                                                      other[1] + other[3]))
    assert len(pypdf.PdfReader(folder / "board.pdf").pages) >= 1
    # the board can still be cut into A4 pages without cutting through any text
    scene_board = race.compose_game(load_layout(str(path))).board
    boxes = [measured_box(*t) for t in page_texts(scene_board.scene.children)]
    assert not [x for x in scene_board.seams_x if any(b[0] < x < b[2] for b in boxes)]
    assert not [y for y in scene_board.seams_y if any(b[1] < y < b[3] for b in boxes)]
    for seams, size in ((scene_board.seams_x, width), (scene_board.seams_y, height)):
        cuts = (0.0, *seams, size)
        assert max(b - a for a, b in zip(cuts, cuts[1:])) <= 180


def test_the_straights_follow_the_track_length():
    chosen = {}
    for spaces in (40, 60, 80, 120, 160):
        layout = load_layout_text(f'extends = "six_day_race"\n[board]\nspaces = {spaces}\n')
        chosen[spaces] = layout.board.straight
    assert chosen[80] == 20  # the shipped board keeps its proportions
    assert list(chosen.values()) == sorted(chosen.values())
    assert all(straight <= spaces // 4 for spaces, straight in chosen.items())  # never longer


def test_named_spaces_may_sit_anywhere(run_cli, tmp_path):
    # numbered on this track (counted_on = 100), the shipped words taken away ("plain")
    path = write(tmp_path, "long.toml", 'extends = "six_day_race"\nname = "long"\n'
                 'counted_on = 100\n'
                 '[board]\nspaces = 100\nstraight_spaces = 24\nclockwise = true\n'
                 "[spaces]\n" + "".join(f'{n} = "plain"\n' for n in (1, 23, 40, 49, 65, 80)) +
                 '30 = "finish"\n5 = "start"\n99 = "sprint"\n12 = "sprint"\n100 = "sprint"\n'
                 '57 = "rider-change"\n')
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    board = json.loads((tmp_path / "out" / "long" / "board.json").read_text())
    lengths = centre_line_lengths(board)
    assert sorted(lengths) == list(range(1, 101))
    spaces = {s["number"]: s for s in board["spaces"]}
    assert spaces[2]["center"][0] < spaces[1]["center"][0]  # clockwise: leftwards at the bottom
    assert spaces[100]["next"] == ["1"]
    assert {n: s["label"] for n, s in spaces.items() if s.get("label")} == {
        5: "Start", 12: "Sprint 1", 30: "Finish", 57: "Rider change", 99: "Sprint 2",
        100: "Sprint 3"}
    sheet = " ".join(pdf_text((tmp_path / "out" / "long" / "score-sheet.pdf").read_bytes()).split())
    assert "Sprint 3" in sheet and "Sprint 4" not in sheet


def test_a_fixed_space_beyond_a_shorter_track_is_a_clear_error(run_cli, tmp_path):
    path = write(tmp_path, "short.toml", 'extends = "six_day_race"\n[board]\nspaces = 60\n'
                 '[spaces]\n80 = "plain"\n70 = { kind = "start", of = 60 }\n')
    result = run_cli("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "spaces.70" in result.stderr
    assert "space 70 is beyond the 60 spaces it is counted on" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def load_layout_text(text: str, tmp_path=None):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "mine.toml", text)
        return load_layout(str(path))


def load_error(tmp_path, text: str) -> InputError:
    path = write(tmp_path, "mine.toml", 'extends = "six_day_race_advanced"\n' + text)
    with pytest.raises(InputError) as info:
        load_layout(str(path))
    return info.value


@pytest.mark.parametrize("text, key, fragment", [
    ("[board]\nspaces = 161\n", "board.spaces", "less than or equal to 160"),
    ("[board]\nlane_mm = 10\n", "board.lane_mm", "greater than or equal to 12"),
    ("[board]\nspace_mm = 19\n", "board.space_mm", "greater than or equal to 20"),
    ("[components.riders]\nsize_mm = 14\n", "board.spaces",
     "room on every space for all 8 riders"),
    ("[board]\nstraight_spaces = 20\n[components.riders]\nsize_mm = 12\n",
     "board.straight_spaces",
     "a space holds only 4 of the 8 riders"),
    ("[board]\nfinish_line_after = 21\n", "board.finish_line_after", "only 20 spaces"),
    ("[riders]\nwidth_mm = 12\n", "riders", 'write their colours as [players] colors'),
    ("[colors]\ngreen = \"#00ff00\"\n", "colors", "[kinds.<name>] fill"),
    ("[kinds.crash]\neffect = \"again\"\n", "kinds.crash.effect",
     "know one effect: the crash space's skip"),
    ("[hands]\nmin_players = 2\n", "hands.min_players", "[players] min"),
    ("[components.riders]\nper_player = 2\n", "components.riders.per_player",
     "each player races one rider"),
    ("[board]\nstraight_spaces = 37\n", "board.straight_spaces", "too tight"),
    ("[board]\nstraight_spaces = 39\n", "board.straight_spaces", "at least 4 are needed"),
    ("[board]\nlanes = 4\nlane_mm = 200\nspaces = 40\n", "board.spaces", "no oval of 40"),
    ("[board]\nspaces = 40\n[spaces]\n2 = \"green\"\n", "spaces.2",
     "space 1 is already the finish space (counted on 80 spaces and spread over 40"),
    ("[spaces]\n81 = \"blue\"\n", "spaces.81", "beyond the 80 spaces it is counted on"),
    ("[spaces]\n0 = \"orange\"\n", "spaces.0", "numbered from 1"),
    ("[spaces]\n7 = \"pink\"\n", "spaces.7", "the six-day spaces are finish, start"),
    ("[spaces]\n7 = { kind = \"black\", color = \"red\" }\n", "spaces.7.color",
     "a colour is for a named space"),
    ("[board]\nspaces = 60\n", "spaces.55",
     'spread over 60; place it on this track as 55 = { kind = "grey", of = 60 }'),
    ("[spaces]\ncolors_of = { green = 1 }\n", "spaces.colors_of",
     "spaces are given by number now"),
    ('[spaces]\n5 = "finish"\n', "spaces", "only one finish space"),
    ('[spaces]\n40 = "plain"\n', "spaces", "no rider-change space; add N = 'rider-change'"),
    ('[spaces]\n90 = "finish"\n', "spaces.90", "beyond the 80 spaces it is counted on"),
    ('[spaces]\nnamed = [{ space = 5, kind = "finish" }]\n', "spaces.named",
     "spaces are given by number now"),
    ("[decks.grey]\npiles = [\"grey-1\", \"grey-3\"]\n", "decks.grey.piles[1]",
     "no pile 'grey-3'"),
    ("[decks.grey]\npiles = [\"grey-1\"]\n", "components.cards.cards.grey-4.pile",
     "in neither deck"),
    ("[components.cards.cards]\ngrey-7 = { count = 2, value = \"1\", pile = \"grey-2\" }\n",
     "components.cards.cards.grey-7.pile", "the grey 1s are in pile 'grey-1' already"),
    ("[components.cards.cards]\ngreen-1 = { value = \"A\" }\n",
     "components.cards.cards.green-1.value", "a number from 0 to 99"),
    ("[cards.grey]\npiles = [[1, 2], [4, 5, 6]]\n", "cards", "[components.cards] type = \"deck\""),
    ("[components.cards.cards]\ngreen-1 = { count = 19 }\n",
     "hands.few_players", "5 hands need 20 green 1s, the deck has 19"),
    ("[components.cards]\nwidth_mm = 200\n", "components.cards.width_mm",
     "does not fit between two"),
    ('[infield]\nareas = [{ deck = "green", pile = 1, use = "draw" }]\n',
     "infield.areas[0].pile", "1 pile(s)"),
    ("[board]\nlanes_mm = 24\n", "board.lanes_mm", "did you mean 'lane_mm'"),
])
def test_bad_layouts_name_the_key(tmp_path, text, key, fragment):
    error = load_error(tmp_path, text)
    problems = error.problems or [error]
    assert any(p.key == key and fragment in p.message for p in problems), \
        [(p.key, p.message) for p in problems]


def test_every_rule_level_problem_is_reported_at_once(tmp_path):
    error = load_error(tmp_path, "[board]\nfinish_line_after = 21\n"
                                 "[spaces]\n81 = \"blue\"\n0 = \"red\"\n"
                                 '[infield]\nareas = [{ deck = "green", pile = 1, use = "draw" }]\n')
    keys = {p.key for p in error.problems}
    assert {"board.finish_line_after", "spaces.81", "spaces.0",
            "infield.areas[0].pile"} <= keys, keys


def test_model_and_board_import_one_way():
    import ast
    from pathlib import Path

    folder = Path(six_day_race.__file__).parent

    def imports(name: str) -> set[str]:
        tree = ast.parse((folder / f"{name}.py").read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and "six_day_race." in node.module:
                found.add(node.module.rsplit(".", 1)[1])
        return found

    assert imports("model") == set()  # the layout model checks with the shared components
    assert "rules" not in imports("board") and "diagrams" not in imports("board")


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_builds_in_every_format(run_cli, tmp_path, target):
    result = run_cli("build", target, "--out", tmp_path, "--format", "pdf,svg,png", "--dpi", "12")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / target
    names = {p.name for p in folder.iterdir()}
    assert {"board.pdf", "board.svg", "board.png", "board.json", "cards.pdf", "riders.pdf",
            "score-sheet.pdf", "score-sheet.png"} <= names
    data = json.loads((folder / "board.json").read_text())
    assert (data["game"], data["rules"]) == ("race", "six_day_race")  # a race of its rules


def test_the_same_layout_builds_the_same_bytes():
    layout = load_layout("six_day_race_advanced")
    options = BuildOptions(formats=("pdf", "svg"))
    first = product_files(layout, race.compose_game(layout), options)
    second = product_files(layout, race.compose_game(layout), options)
    assert first.keys() == second.keys()
    assert all(first[name] == second[name] for name in ("board.pdf", "board.svg", "board.json"))


@pytest.mark.parametrize("name", ["six_day_race", "six_day_race_advanced"])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_velodrome_prints_on_eight_a4_sheets_and_a_map_in_every_language(name, lang):
    """A longer language's legend sets smaller rather than pushing the infield out."""
    from boardgen import imposition
    from boardgen.contract import compose
    from boardgen.i18n import words_for

    layout = load_layout(name)
    board = compose(layout, lang).board
    pages = imposition.impose_board(board, imposition.PrintOptions(words=words_for(layout, lang)))
    assert len(pages) <= 8 + 1


def test_the_six_day_race_is_a_race_layout_of_its_rules_plugin():
    from boardgen.games import race
    from boardgen.games.race.model import Layout as RaceLayout

    layout = load_layout("six_day_race_advanced")
    assert (layout.game, layout.rules, layout.movement) == ("race", "six_day_race", "cards")
    assert isinstance(layout, RaceLayout) and type(layout) is six_day_race.Layout
    # the kind composes it: the plugin gives what its board shows, not a game of its own
    assert not hasattr(six_day_race, "compose_game")
    data = race.compose_game(layout).board_json
    assert next(iter(data)) == "rules" and data["rules"] == "six_day_race"
    assert "race" not in data and set(data["cards"]) == {"green", "grey"}
    # the race kind reads its spaces as any race layout's: each one's kind by number
    by_number = {n: layout.placed(n).kind for n in layout.marked}
    assert by_number[layout.placed_spaces.number_of("rider-change")] == "rider-change"
    assert {n for numbers in layout.spaces_by_kind().values() for n in numbers} == set(by_number)


def test_a_layout_of_the_former_game_kind_still_checks_and_builds(tmp_path, run_cli):
    """`game = "six_day_race"` was a game kind of its own: it reads as the race with its rules."""
    path = write(tmp_path, "mine.toml", 'game = "six_day_race"\nextends = "six_day_race"\n'
                                        'name = "mine"\ntitle = "Mine"\n[board]\nspaces = 100\n')
    layout = load_layout(str(path))
    assert (layout.game, layout.rules, layout.board.spaces) == ("race", "six_day_race", 100)
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "out" / "mine" / "board.json").read_text())["rules"] == \
        "six_day_race"


def test_an_unknown_rules_plugin_is_named_with_the_nearest_one(tmp_path, run_cli):
    path = write(tmp_path, "bad.toml", 'game = "race"\nrules = "six_day_rac"\nname = "x"\n'
                                       'title = "X"\n[board]\nshape = "oval"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "rules" in result.stderr and "did you mean 'six_day_race'" in result.stderr


def test_analyse_refuses_a_race_moved_by_cards_saying_why(run_cli):
    result = run_cli("analyse", "six_day_race", "--json")
    assert result.exit_code == 2 and not result.stdout
    assert "six_day_race.toml" in result.stderr and "cards" in result.stderr


def test_check_names_the_rules_plugin_beside_the_game_kind(run_cli):
    result = run_cli("check", "six_day_race")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "six_day_race: ok (6-Tage Rennen, game race with rules six_day_race)")
    plain = run_cli("check", "snakes_and_ladders").stdout.splitlines()[0]
    assert plain.endswith("(Snakes and Ladders, game race)")
