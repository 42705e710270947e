"""Print-service images (--format tgc): sizes at 300 dpi with 1/8 in bleed, bleed drawn from the art,
and a manifest whose counts are the pieces a kit needs."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PIL import Image

from boardgen import limits
from boardgen.build import build
from boardgen.contract import BuildOptions
from boardgen.export import export_problems, tgc
from boardgen.product import Board, Component, ComponentSet, GameOutput
from boardgen.scene import Rect, Scene, Style


@pytest.fixture(scope="module")
def six_day(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tgc")
    build("six_day_race", out, BuildOptions(formats=("tgc",)))
    return out / "six_day_race" / "tgc"


def rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_manifest_counts_every_card_of_the_deck(six_day):
    cards = [row for row in rows(six_day) if row["file"].startswith("cards-")]
    assert sum(int(r["count"]) for r in cards if r["side"] == "front") == 200
    assert sum(int(r["count"]) for r in cards if r["side"] == "back") == 200
    assert {r["side"] for r in rows(six_day)} == {"front", "back"}


def test_manifest_names_exactly_the_images_written(six_day):
    listed = {row["file"] for row in rows(six_day)}
    written = {path.name for path in six_day.glob("*.png")}
    assert listed == written
    assert list(rows(six_day)[0]) == ["file", "count", "side", "product"]


def test_manifest_names_the_product_of_each_image(six_day):
    products = {row["file"]: row["product"] for row in rows(six_day)}
    assert {p for f, p in products.items() if f.startswith("cards-")} == {"Poker Deck"}
    assert products["riders-1-1.png"] == "rectangle punchout 9.5 × 53.5 mm (net, folds)"


def test_a_disc_is_a_circle_punchout():
    from boardgen.export.tgc import product
    from boardgen.scene import Circle

    disc = Scene(32, 32, (Circle(16, 16, 16, Style(fill="#eeeeee")),))
    assert product(disc) == "circle punchout 32 mm"
    assert product(Scene(88.9, 63.5, ())) == "Poker Deck"  # a card on its side


def test_poker_cards_are_825_by_1125_px(six_day):
    cards = [path for path in six_day.glob("cards-*.png")]
    assert len(cards) == 15  # 12 fronts and 3 backs
    for path in cards:
        image = Image.open(path)
        assert image.size == (825, 1125)


def test_bleed_continues_the_card_colour_never_white(six_day):
    for name in ("cards-green-1.png", "cards-green-1-back.png", "cards-grey-4-back.png"):
        image = Image.open(six_day / name).convert("RGB")
        w, h = image.size
        edge = image.getpixel((5, h // 2))  # in the bleed
        inside = image.getpixel((45, h // 2))  # just inside the trim (bleed is 37.5 px)
        assert edge != (255, 255, 255), name
        assert edge == inside, name
        band = [image.getpixel((x, y)) for x in range(0, w, 25) for y in (2, h - 3)]
        assert (255, 255, 255) not in band, name


def test_other_sizes_follow_the_same_rule():
    tile = Scene(12.0, 12.0, (Rect(0, 0, 12, 12, Style(fill="#2c5878")),))
    assert limits.png_size(tgc.with_bleed(tile), tgc.DPI) == (217, 217)  # 18.35 mm at 300 dpi
    card = Scene(63.5, 88.9, (Rect(0, 0, 63.5, 88.9, Style(fill="#ff0000")),))
    assert limits.png_size(tgc.with_bleed(card), tgc.DPI) == (825, 1125)


def test_art_without_a_background_is_mirrored_into_the_bleed():
    halves = Scene(20.0, 10.0, (Rect(0, 0, 10, 10, Style(fill="#ff0000")),
                                Rect(10, 0, 10, 10, Style(fill="#0000ff"))))
    from boardgen.render import renderer

    image = Image.open(io.BytesIO(renderer("png")(tgc.with_bleed(halves), dpi=100))).convert("RGB")
    w, h = image.size
    assert image.getpixel((2, h // 2)) == (255, 0, 0)
    assert image.getpixel((w - 3, h // 2)) == (0, 0, 255)
    assert image.getpixel((w // 4, 1)) == (255, 0, 0)


def huge_pieces(count: int, side_mm: float) -> GameOutput:
    scene = Scene(side_mm, side_mm, (Rect(0, 0, side_mm, side_mm, Style(fill="#336699")),))
    faces = tuple(Component(f"p{i}", Scene(side_mm, side_mm, (Rect(0, 0, side_mm, side_mm,
                                                                   Style(fill=f"#0000{i % 256:02x}")),)))
                  for i in range(count))
    return GameOutput(Board(scene), {}, (ComponentSet("pieces", "Pieces", faces),))


def test_check_refuses_images_a_print_service_build_could_not_make():
    assert export_problems(huge_pieces(1, 200.0), ("tgc",)) == []
    too_large = export_problems(huge_pieces(1, 800.0), ("tgc",))
    assert len(too_large) == 1 and "at most 80,000,000 px" in too_large[0]
    too_many = export_problems(huge_pieces(40, 200.0), ("tgc",))
    assert len(too_many) == 1 and "px at 300 dpi; at most 150,000,000" in too_many[0]
    assert export_problems(huge_pieces(40, 200.0), ("pdf",)) == []
