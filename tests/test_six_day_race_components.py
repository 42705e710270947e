"""6-Tage Rennen: cards counted back from the PDF, riders, score sheet and rule-sheet figures."""

from __future__ import annotations

import io
import re
from collections import Counter

import pypdf
import pytest
from pypdf.generic import ContentStream

from boardgen.build import BuildOptions, product_files
from boardgen.games import six_day_race
from boardgen.games.six_day_race.cards import ambiguous_upside_down, back_symbol
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Group, Text
from tests.conftest import PT_PER_MM, pdf_text

GREEN = {1: 24, 2: 24, 3: 24, 4: 24, 5: 16, 7: 8}
GREY = {1: 16, 2: 16, 3: 16, 4: 11, 5: 11, 6: 10}


@pytest.fixture(scope="module")
def layout():
    return load_layout("six_day_race_advanced")


@pytest.fixture(scope="module")
def files(layout) -> dict[str, bytes]:
    return product_files(layout, six_day_race.compose_game(layout), BuildOptions(formats=("pdf",)))


def drawn_forms(data: bytes) -> tuple[Counter, int]:
    """How often each form XObject is drawn on the pages of a PDF, and the page count."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    counts: Counter = Counter()
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Do":
                counts[str(operands[0]).removeprefix("/FormXob.")] += 1
    return counts, len(reader.pages)


def test_card_counts_read_back_from_the_pdf(files):
    counts, pages = drawn_forms(files["cards.pdf"])
    fronts = {name: n for name, n in counts.items() if name.startswith("sdr-card-")}
    found = {}
    for name, n in fronts.items():
        deck, value = re.fullmatch(r"sdr-card-(green|grey)-(\d+)", name).groups()
        found.setdefault(deck, {})[int(value)] = n
    assert found == {"green": GREEN, "grey": GREY}
    assert sum(GREEN.values()) == 120 and sum(GREY.values()) == 80
    assert pages >= 23  # nine poker cards to an A4 page, 200 cards


def test_cards_are_poker_size_and_each_face_is_drawn_once(files, layout):
    reader = pypdf.PdfReader(io.BytesIO(files["cards.pdf"]))
    forms = set()
    for page in reader.pages:
        forms |= {str(k) for k in page["/Resources"]["/XObject"].keys()}
    assert len([f for f in forms if f.startswith("/FormXob.sdr-card-")]) == 12
    card = six_day_race.compose_game(layout).component_sets[0].components[0].front
    assert (card.width, card.height) == (63.5, 88.9)
    assert len(files["cards.pdf"]) < 200_000, "200 cards reuse twelve faces"


def test_values_in_two_corners_and_6_underlined(layout):
    cards = six_day_race.compose_game(layout).component_sets[0]
    for component in cards.components:
        value = component.name.split("-")[1]
        symbol = component.front.children[0].symbol
        marks = [g for g in component.front.symbols[symbol] if isinstance(g, Group)]
        texts = [c for g in marks for c in g.children if isinstance(c, Text)]
        assert [t.text for t in texts] == [value] * 3  # centre and two corners
        turned = [g for g in marks if g.transform[0] == -1]
        assert len(turned) == 1
        assert (len(marks[0].children) == 2) == ambiguous_upside_down(value)
    assert ambiguous_upside_down("6") and ambiguous_upside_down("9")
    assert not ambiguous_upside_down("7") and not ambiguous_upside_down("8")


def test_backs_green_and_grey_differ_and_grey_piles_are_marked(layout):
    cards = six_day_race.compose_game(layout).component_sets[0]
    backs = {c.name: c.back for c in cards.components}
    symbol_of = {name: back.children[0].symbol for name, back in backs.items()}
    assert symbol_of["green-1"] == symbol_of["green-7"] == back_symbol("green", 0)
    assert symbol_of["grey-1"] == symbol_of["grey-3"] == back_symbol("grey", 0)
    assert symbol_of["grey-4"] == symbol_of["grey-6"] == back_symbol("grey", 1)
    green = backs["green-1"].symbols[back_symbol("green", 0)]
    grey = backs["grey-1"].symbols[back_symbol("grey", 0)]
    assert green[0].style.fill != grey[0].style.fill
    texts = {t.text for t in backs["grey-4"].symbols[back_symbol("grey", 1)] if isinstance(t, Text)}
    assert "4 · 5 · 6" in texts


def test_eight_numbered_riders_in_eight_colours(files, layout):
    riders = six_day_race.compose_game(layout).component_sets[1]
    assert [c.name for c in riders.components] == [f"rider-{n}" for n in range(1, 9)]
    assert len(set(layout.riders.colors)) == 8
    for number, component in enumerate(riders.components, start=1):
        scene = component.front
        assert scene.width <= layout.track.lane_mm - 4  # two abreast fit in a lane
        faces = [n for n in scene.children if isinstance(n, Group)]
        numbers = [c.text for g in faces for c in g.children if isinstance(c, Text)]
        assert numbers == [str(number)] * 2
    text = pdf_text(files["riders.pdf"])
    assert all(str(n) in text for n in range(1, 9))


def test_score_sheet_is_a4_portrait_with_six_races(files):
    reader = pypdf.PdfReader(io.BytesIO(files["score-sheet.pdf"]))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT_PER_MM), round(float(box.height) / PT_PER_MM)) == (210, 297)
    text = pdf_text(files["score-sheet.pdf"])
    for word in ("1st sprint", "2nd sprint", "Finish", "Lost laps", "Total", "Race 6",
                 "All races", "Player", "Place"):
        assert word in text, word
    assert "Race 7" not in text


def test_score_sheet_fits_its_page_for_any_number_of_races(tmp_path):
    from tests.conftest import write

    for races in (1, 8):
        path = write(tmp_path, f"r{races}.toml", f'extends = "six_day_race"\n[score_sheet]\nraces = {races}\n')
        sheet = six_day_race.compose_game(load_layout(str(path))).sheets[0].scene
        lowest = max(n.y for n in walk(sheet.children) if isinstance(n, Text))
        assert lowest < sheet.height - 8


def walk(nodes):
    for node in nodes:
        yield node
        if isinstance(node, Group):
            yield from walk(node.children)


@pytest.mark.parametrize("target", ["six_day_race", "six_day_race_advanced"])
def test_diagrams_for_the_rule_sheet(target):
    layout = load_layout(target)
    figures = six_day_race.diagrams(layout)
    assert {"board", "colour-legend"} <= set(figures)
    for name, make in figures.items():
        scene = make()
        assert 80 <= scene.width <= 140, (name, scene.width)
        assert scene.height > 10
        assert renderer("svg")(scene).startswith(b"<?xml")


def test_rule_texts_use_only_known_diagrams():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "layouts"
    for name in ("six_day_race", "six_day_race_advanced"):
        known = set(six_day_race.diagrams(load_layout(name)))
        for lang in ("en", "de"):
            text = (root / f"{name}.rules.{lang}.md").read_text(encoding="utf-8")
            used = re.findall(r"\(diagram:([^)]+)\)", text)
            cited = re.findall(r"\{fig:([^}]+)\}", text)
            assert used and set(used) <= known and set(cited) <= set(used), (name, lang)
            assert len(used) == len(set(used))
            assert text.startswith("# ")
