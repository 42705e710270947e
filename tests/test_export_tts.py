"""Tabletop Simulator saved object (--format tts): the keys its saves use, every card in its deck,
sheets within 10 × 7 cards and 4096 px, every image it names written beside it, byte-stable."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from hypothesis import given, settings, strategies as st
from PIL import Image

from boardgen.build import build
from boardgen.contract import BuildOptions
from boardgen.export import export_problems, tts
from boardgen.product import Board, Component, ComponentSet, GameOutput
from boardgen.scene import Rect, Scene, Style

COMMON_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "ColorDiffuse", "Locked",
               "LuaScript", "LuaScriptState", "XmlUI"}


def build_tts(out: Path, game: str) -> Path:
    build(game, out, BuildOptions(formats=("tts",)))
    return out / game / "tts"


@pytest.fixture(scope="module")
def six_day(tmp_path_factory) -> Path:
    return build_tts(tmp_path_factory.mktemp("tts"), "six_day_race")


@pytest.fixture(scope="module")
def river(tmp_path_factory) -> Path:
    return build_tts(tmp_path_factory.mktemp("tts"), "river_race")


def load(folder: Path, game: str) -> dict:
    return json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))


def walk(states):
    for state in states:
        yield state
        yield from walk(state.get("ContainedObjects", []))


def urls(state: dict) -> list[str]:
    found = [state.get("CustomImage", {}).get(key, "") for key in ("ImageURL", "ImageSecondaryURL")]
    for sheet in state.get("CustomDeck", {}).values():
        found += [sheet["FaceURL"], sheet["BackURL"]]
    return [url for url in found if url]


def test_the_save_has_a_board_a_deck_and_a_bag(six_day):
    save = load(six_day, "six_day_race")
    assert {"SaveName", "ObjectStates"} <= set(save)
    names = [state["Name"] for state in save["ObjectStates"]]
    assert names == ["Custom_Board", "DeckCustom", "Bag", "Bag"]  # riders, player aids
    for state in walk(save["ObjectStates"]):
        assert COMMON_KEYS <= set(state), state["Name"]
        assert set(state["Transform"]) == {"posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                           "scaleX", "scaleY", "scaleZ"}
    board = save["ObjectStates"][0]
    assert board["CustomImage"]["ImageURL"].endswith("/tts/board.png")


def test_every_card_is_in_the_deck_with_its_sheet(six_day):
    deck = load(six_day, "six_day_race")["ObjectStates"][1]
    ids = deck["DeckIDs"]
    cards = deck["ContainedObjects"]
    assert len(ids) == 200 and len(cards) == 200
    assert [card["CardID"] for card in cards] == ids
    assert {card["Name"] for card in cards} == {"Card"}
    for card in cards:
        (key, sheet), = card["CustomDeck"].items()
        assert key == str(card["CardID"] // 100)
        assert deck["CustomDeck"][key] == sheet
        slots = sheet["NumWidth"] * sheet["NumHeight"]
        assert card["CardID"] % 100 < slots - 1  # the last slot is the hidden card
    for sheet in deck["CustomDeck"].values():
        assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
        assert set(sheet) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
                              "UniqueBack"}


def test_sheets_fit_4096_px_and_their_grid(six_day):
    deck = load(six_day, "six_day_race")["ObjectStates"][1]
    for sheet in deck["CustomDeck"].values():
        image = Image.open(unquote(urlparse(sheet["FaceURL"]).path))
        w, h = image.size
        assert w <= 4096 and h <= 4096
        assert w % sheet["NumWidth"] == 0 and h % sheet["NumHeight"] == 0
        cell_w, cell_h = w // sheet["NumWidth"], h // sheet["NumHeight"]
        assert cell_h / cell_w == pytest.approx(88.9 / 63.5, rel=0.01)


def test_the_hidden_slot_shows_the_back(six_day):
    deck = load(six_day, "six_day_race")["ObjectStates"][1]
    for sheet in deck["CustomDeck"].values():
        faces = Image.open(unquote(urlparse(sheet["FaceURL"]).path)).convert("RGB")
        back = Image.open(unquote(urlparse(sheet["BackURL"]).path)).convert("RGB")
        cell_w, cell_h = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
        last = faces.crop((faces.width - cell_w, faces.height - cell_h, faces.width, faces.height))
        small = (16, 22)
        a, b = last.resize(small).tobytes(), back.resize(small).tobytes()
        assert max(abs(x - y) for x, y in zip(a, b)) < 40


def test_every_image_named_is_written_beside_the_save(six_day, river):
    for folder, game in ((six_day, "six_day_race"), (river, "river_race")):
        named = set()
        for state in walk(load(folder, game)["ObjectStates"]):
            for url in urls(state):
                assert url.startswith("file:///")
                path = Path(unquote(urlparse(url).path))
                assert path.parent == folder.resolve() and path.is_file(), url
                named.add(path.name)
        assert named == {path.name for path in folder.glob("*.png")}
        for path in folder.glob("*.png"):
            assert max(Image.open(path).size) <= 4096


def test_tiles_and_tokens_come_in_bags(six_day, river):
    tiles, obstacles, aids = load(river, "river_race")["ObjectStates"][1:]
    assert tiles["Name"] == obstacles["Name"] == "Bag"
    assert len(aids["ContainedObjects"]) == 2, "a penalties card for each player"
    assert len(tiles["ContainedObjects"]) == 140
    assert {o["Name"] for o in tiles["ContainedObjects"]} == {"Custom_Tile"}
    assert all(o["CustomImage"]["ImageSecondaryURL"].endswith("tiles-back.png")
               for o in tiles["ContainedObjects"])
    assert set(tiles["ContainedObjects"][0]["CustomImage"]["CustomTile"]) == {
        "Type", "Thickness", "Stackable", "Stretch"}
    # folded back to back, an obstacle is a two-sided tile; a rider stands as a figure
    assert {o["Name"] for o in obstacles["ContainedObjects"]} == {"Custom_Tile"}
    riders = load(six_day, "six_day_race")["ObjectStates"][2]
    assert [o["Name"] for o in riders["ContainedObjects"]] == ["Figurine_Custom"] * 8


@pytest.fixture(scope="module")
def racing(tmp_path_factory) -> Path:
    return build_tts(tmp_path_factory.mktemp("tts"), "racing_kings")


def pieces(folder: Path, game: str) -> list[dict]:
    return [o for o in walk(load(folder, game)["ObjectStates"])
            if o["Name"] in ("Custom_Tile", "Custom_Token", "Figurine_Custom")]


def image(url: str) -> Image.Image:
    return Image.open(Path(unquote(urlparse(url).path)))


def test_round_pieces_are_round_tiles_cut_out_of_transparent_images(racing):
    discs = pieces(racing, "racing_kings")
    assert len(discs) == 16 and {d["CustomImage"]["CustomTile"]["Type"] for d in discs} == {2}
    for url in {d["CustomImage"]["ImageURL"] for d in discs}:
        disc = image(url)
        assert disc.mode == "RGBA"
        w, h = disc.size
        assert disc.getpixel((0, 0))[3] == 0 and disc.getpixel((w - 1, h - 1))[3] == 0
        assert disc.getpixel((w // 2, h // 2))[3] == 255
        assert disc.getpixel((w // 2, 1))[3] == 255  # the disc reaches its edges


def test_square_tiles_stay_boxes_and_opaque(river):
    tiles = load(river, "river_race")["ObjectStates"][1]["ContainedObjects"]
    assert {t["CustomImage"]["CustomTile"]["Type"] for t in tiles} == {0}
    tile = image(tiles[0]["CustomImage"]["ImageURL"]).convert("RGBA")
    assert tile.getchannel("A").getextrema() == (255, 255)


def test_a_folded_piece_goes_to_the_table_as_its_faces_not_its_net(six_day, river):
    figures = [o for o in pieces(six_day, "six_day_race") if o["Name"] == "Figurine_Custom"]
    assert len(figures) == 8
    for figure in figures:
        front, back = (image(figure["CustomImage"][k]) for k in ("ImageURL", "ImageSecondaryURL"))
        assert front.size == back.size
        assert front.size[1] < 0.6 * 632  # one face of the 632 px net, not the strip
        assert front.size[1] > front.size[0]  # it stands upright
    for tile in pieces(river, "river_race"):
        if "obstacles" not in tile["CustomImage"]["ImageURL"]:
            continue
        front, back = (image(tile["CustomImage"][k]) for k in ("ImageURL", "ImageSecondaryURL"))
        assert front.size == back.size and front.size[0] in (177, 354)  # half the net's width


def printed_size(state: dict, card: bool = False) -> float:
    """The height in mm an object shows at on the table, from its scale."""
    return state["Transform"]["scaleZ"] * (tts.CARD_HEIGHT_MM if card else tts.IMAGE_HEIGHT_MM)


def test_objects_keep_their_printed_sizes_relative_to_each_other(six_day, racing):
    board, deck, riders = load(six_day, "six_day_race")["ObjectStates"][:3]
    rider = riders["ContainedObjects"][0]
    card = deck["ContainedObjects"][0]
    from boardgen.build import compose_target

    _, output = compose_target("six_day_race")
    assert printed_size(board) == pytest.approx(output.board.scene.height, rel=0.002)
    assert printed_size(card, card=True) == pytest.approx(88.9, rel=0.002)
    net = next(s for s in output.component_sets if s.name == "riders").components[0].front
    assert printed_size(rider) == pytest.approx(tts.fold_faces(net)[1].height, rel=0.005)
    assert rider["Transform"]["scaleX"] == rider["Transform"]["scaleZ"]
    discs = pieces(racing, "racing_kings")
    rk_board = load(racing, "racing_kings")["ObjectStates"][0]
    assert printed_size(rk_board) / printed_size(discs[0]) == pytest.approx(382 / 32, rel=0.01)


def test_guids_are_unique_six_hex_digits(six_day):
    guids = [state["GUID"] for state in walk(load(six_day, "six_day_race")["ObjectStates"])]
    assert len(set(guids)) == len(guids) == 4 + 200 + 8 + 8
    assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)


def test_a_rebuild_is_byte_identical(tmp_path):
    def digests(folder: Path) -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}

    first = digests(build_tts(tmp_path, "racing_kings"))
    assert digests(build_tts(tmp_path, "racing_kings")) == first


@given(st.integers(min_value=1, max_value=70))
def test_a_sheet_grid_holds_its_slots_within_10_by_7(slots):
    columns, rows = tts.grid(slots)
    assert 2 <= columns <= 10 and 2 <= rows <= 7
    assert columns * rows >= slots
    assert columns * (rows - 1) < slots or rows == 2  # no empty row


@given(st.floats(min_value=20, max_value=300), st.floats(min_value=20, max_value=300),
       st.integers(min_value=1, max_value=70))
def test_sheets_of_any_card_size_fit_4096_px(w, h, slots):
    columns, rows = tts.grid(slots)
    scene = Scene(w, h, ())
    dpi = tts.fitting_dpi(scene, tts.PIECE_DPI, columns, rows)
    cell_w, cell_h = tts.limits.png_size(scene, dpi)
    assert columns * cell_w <= 4096 and rows * cell_h <= 4096


def cards(count: int) -> GameOutput:
    back = Scene(63.5, 88.9, (Rect(0, 0, 63.5, 88.9, Style(fill="#224466")),))
    faces = tuple(Component(f"c{i}", Scene(63.5, 88.9, (Rect(0, 0, 10, 10 + i * 1e-3),)), back)
                  for i in range(count))
    return GameOutput(Board(back), {}, (ComponentSet("cards", "Cards", faces),))


def test_check_refuses_saves_too_large_to_make():
    assert export_problems(cards(200), ("tts",)) == []
    problems = export_problems(cards(1000), ("tts",))
    assert len(problems) == 1 and "at most 150,000,000" in problems[0]
    assert export_problems(cards(1000), ("pdf",)) == []


def test_check_names_the_export_that_would_not_fit(monkeypatch):
    from boardgen import limits
    from boardgen.contract import check_layout
    from boardgen.errors import InputError

    check_layout("six_day_race", BuildOptions(formats=("tts", "tgc")))
    monkeypatch.setattr(limits, "MAX_KIT_PNG_PIXELS", 10_000_000)
    with pytest.raises(InputError) as refused:
        check_layout("six_day_race", BuildOptions(formats=("tts", "tgc")))
    messages = [problem.message for problem in refused.value.problems]
    assert any(m.startswith("--format tgc would write") for m in messages)
    assert any(m.startswith("--format tts would write") for m in messages)


# ---- the die ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def steeple(tmp_path_factory) -> Path:
    return build_tts(tmp_path_factory.mktemp("tts"), "steeple_chess")


def image_of(url: str):
    return Image.open(unquote(urlparse(url).path)).convert("RGB")


def test_the_chess_die_is_a_custom_six_sided_die(steeple):
    states = load(steeple, "steeple_chess")["ObjectStates"]
    dice = [state for state in walk(states) if state["Name"] == "Custom_Dice"]
    assert len(dice) == 1
    die = dice[0]
    assert COMMON_KEYS <= set(die)
    assert die["CustomImage"]["CustomDice"] == {"Type": 1}  # Tabletop Simulator's d6
    url = die["CustomImage"]["ImageURL"]
    assert url.startswith("file:///")
    path = Path(unquote(urlparse(url).path))
    assert path.parent == steeple.resolve() and path.is_file()
    assert image_of(url).size == (2048, 2048)


def test_each_face_of_the_template_is_the_face_the_net_prints(steeple):
    """Every 630 px square of the template shows the die face of its number, drawn on its
    own, and looks unlike the other faces; the rest of the template is blank."""
    from boardgen.games.steeple_chess.die import die_faces
    from boardgen.layout import load_layout
    from boardgen.render import renderer

    die = next(s for s in walk(load(steeple, "steeple_chess")["ObjectStates"])
               if s["Name"] == "Custom_Dice")
    template = image_of(die["CustomImage"]["ImageURL"])
    faces = die_faces(load_layout("steeple_chess"))
    assert len(faces) == 6
    small = (32, 32)

    def pixels(image):
        return image.convert("L").resize(small).tobytes()

    drawn = [pixels(Image.open(io.BytesIO(renderer("png")(face, dpi=300))))
             for face in faces]
    corners = {1: (20, 1403), 2: (20, 711), 3: (711, 1403), 4: (711, 711), 5: (1399, 711),
               6: (1399, 1403)}
    for value, (x, y) in corners.items():
        region = pixels(template.crop((x, y, x + 630, y + 630)))
        distance = [sum(abs(a - b) for a, b in zip(region, face)) / len(face) for face in drawn]
        assert distance.index(min(distance)) == value - 1, (value, distance)
        assert min(distance) < 8
    assert template.crop((0, 0, 2048, 680)).getextrema() == ((255, 255),) * 3


def test_a_game_without_a_die_has_none(six_day):
    names = {state["Name"] for state in walk(load(six_day, "six_day_race")["ObjectStates"])}
    assert "Custom_Dice" not in names


def test_only_six_sided_dice_are_made():
    from boardgen.product import Die, Sheet

    face = Scene(20, 20, (Rect(0, 0, 20, 20, Style(fill="#ffffff")),))
    back = Scene(10, 10, ())
    sheet = Sheet("die", "Die", back, die=Die("d8", "Eight", (face,) * 8))
    problems = export_problems(GameOutput(Board(back), {}, sheets=(sheet,)), ("tts",))
    assert len(problems) == 1 and "'d8' has 8 faces" in problems[0]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 24), st.integers(1, 24), st.randoms(use_true_random=False),
       st.floats(0.2, 0.95))
def test_the_paper_cut_away_is_what_a_flood_fill_from_the_edges_reaches(w, h, rng, white):
    """The scanline fill marks the white joined to the edge exactly as PIL's own flood fill
    from every white edge pixel does (side by side or one above the other)."""
    from PIL import Image, ImageDraw

    from boardgen.export.tts import OUTSIDE, WHITE, _fill_from_edges

    data = bytes(WHITE if rng.random() < white else 0 for _ in range(w * h))
    reference = Image.frombytes("L", (w, h), data)
    edge = [(x, y) for y in (0, h - 1) for x in range(w)] + [(x, y) for x in (0, w - 1)
                                                             for y in range(h)]
    for point in edge:
        if reference.getpixel(point) == WHITE:
            ImageDraw.floodfill(reference, point, OUTSIDE, thresh=0)
    mask = bytearray(data)
    assert _fill_from_edges(mask, w, h) == (OUTSIDE in reference.tobytes())
    assert bytes(mask) == reference.tobytes()


def test_a_piece_keeps_its_own_white_and_loses_the_paper_round_it():
    from PIL import Image, ImageDraw

    from boardgen.export.tts import transparent_outside

    image = Image.new("RGB", (40, 30), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((5, 5, 34, 24), fill="#204080")
    draw.ellipse((15, 12, 24, 17), fill="white")  # a white eye inside the outline
    cut = transparent_outside(image)
    assert cut.mode == "RGBA"
    assert cut.getpixel((0, 0))[3] == 0 and cut.getpixel((39, 29))[3] == 0
    assert cut.getpixel((19, 14)) == (255, 255, 255, 255) and cut.getpixel((8, 15))[3] == 255
    assert transparent_outside(Image.new("RGB", (5, 5), "red")).mode == "RGB"  # no paper
