"""6-Tage Rennen: cards counted back from the PDF, riders, score sheet and rule-sheet figures."""

from __future__ import annotations

import io
import re
from collections import Counter

import pypdf
import pytest
from pypdf.generic import ContentStream

from boardgen.build import BuildOptions, product_files
from boardgen.games import race, six_day_race
from boardgen.components.deck import ambiguous_upside_down


def back_symbol(deck: str, pile: int) -> str:
    """The symbol of a pile's back in the shared deck called cards."""
    return f"cards-back-{load_layout('six_day_race').cards_of(deck).pile_names[pile]}"
from boardgen.imposition import PrintOptions, impose_sheet, parse_paper
from boardgen.layout import load_layout
from boardgen.render import renderer
from boardgen.scene import Group, Rect, Text
from tests.conftest import PT_PER_MM, pdf_text

GREEN = {1: 24, 2: 24, 3: 24, 4: 24, 5: 16, 7: 8}
GREY = {1: 16, 2: 16, 3: 16, 4: 11, 5: 11, 6: 10}


@pytest.fixture(scope="module")
def layout():
    return load_layout("six_day_race_advanced")


@pytest.fixture(scope="module")
def files(layout) -> dict[str, bytes]:
    return product_files(layout, race.compose_game(layout), BuildOptions(formats=("pdf",)))


def drawn(owner, reader) -> list[str]:
    """Names of the form XObjects a page or a form draws directly, once per drawing.

    Draws under a clip are left out: they are the mirrored bleed past a sheet's edge.
    """
    stream = owner.get_contents() if isinstance(owner, pypdf.PageObject) else owner
    names, clipped, saved = [], False, []
    for operands, operator in ContentStream(stream, reader).operations:
        if operator == b"q":
            saved.append(clipped)
        elif operator == b"Q":
            clipped = saved.pop()
        elif operator in (b"W", b"W*"):
            clipped = True
        elif operator == b"Do" and not clipped:
            names.append(str(operands[0]).removeprefix("/FormXob."))
    return names


def forms_of(owner) -> dict:
    """The form XObjects a page or a form can draw, by name."""
    forms = owner.get("/Resources", {}).get("/XObject", {})
    return {str(name).removeprefix("/FormXob."): form.get_object() for name, form in forms.items()}


def faces_drawn(data: bytes, prefix: str) -> tuple[Counter, int]:
    """How often each form named ``prefix…`` is drawn across the pages, and the page count.

    The sheets draw each copy of a card as one face form, which draws the card's artwork.
    """
    reader = pypdf.PdfReader(io.BytesIO(data))
    counts: Counter = Counter()

    def visit(name: str, form) -> None:
        if name.startswith(prefix):
            counts[name] += 1
            return
        inner = forms_of(form)
        for child in drawn(form, reader):
            visit(child, inner[child])

    for page in reader.pages:
        forms = forms_of(page)
        for name in drawn(page, reader):
            visit(name, forms[name])
    return counts, len(reader.pages)


def test_card_counts_read_back_from_the_pdf(files):
    counts, pages = faces_drawn(files["cards.pdf"], "cards-gr")
    found = {}
    for name, n in counts.items():
        deck, value = re.fullmatch(r"cards-(green|grey)-(\d+)", name).groups()
        found.setdefault(deck, {})[int(value)] = n
    assert found == {"green": GREEN, "grey": GREY}
    assert sum(GREEN.values()) == 120 and sum(GREY.values()) == 80
    assert pages >= 2 * 23  # nine poker cards to an A4 page, 200 cards, each sheet with its backs


def test_every_card_is_backed_by_its_deck_and_pile(files):
    backs, _ = faces_drawn(files["cards.pdf"], "cards-back-")
    assert dict(backs) == {back_symbol("green", 0): sum(GREEN.values()),
                           back_symbol("grey", 0): GREY[1] + GREY[2] + GREY[3],
                           back_symbol("grey", 1): GREY[4] + GREY[5] + GREY[6]}


def test_cards_are_poker_size_and_each_face_is_drawn_once(files, layout):
    fronts, _ = faces_drawn(files["cards.pdf"], "cards-gr")
    assert len(fronts) == 12
    data = files["cards.pdf"]
    defined = data.count(b"/Subtype /Form")
    assert defined == len(set(re.findall(rb"/FormXob\.[\w.-]+", data))), "each form written once"
    card = race.compose_game(layout).component_sets[0].components[0].front
    assert (card.width, card.height) == (63.5, 88.9)
    assert len(data) < 200_000, "200 cards reuse twelve faces"


def test_values_in_two_corners_and_6_underlined(layout):
    cards = race.compose_game(layout).component_sets[0]
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


def deck_colour(nodes) -> str:
    """The first colour a back is filled with, past its white border."""
    return next(n.style.fill for n in nodes if isinstance(n, Rect) and n.style.fill
                not in (None, "#ffffff"))


def test_backs_green_and_grey_differ_and_grey_piles_are_marked(layout):
    cards = race.compose_game(layout).component_sets[0]
    backs = {c.name: c.back for c in cards.components}
    symbol_of = {name: back.children[0].symbol for name, back in backs.items()}
    assert symbol_of["green-1"] == symbol_of["green-7"] == back_symbol("green", 0)
    assert symbol_of["grey-1"] == symbol_of["grey-3"] == back_symbol("grey", 0)
    assert symbol_of["grey-4"] == symbol_of["grey-6"] == back_symbol("grey", 1)
    green = backs["green-1"].symbols[back_symbol("green", 0)]
    grey = backs["grey-1"].symbols[back_symbol("grey", 0)]
    assert deck_colour(green) == layout.cards.green.fill
    assert deck_colour(grey) == layout.cards.grey.fill != deck_colour(green)
    texts = {t.text for t in backs["grey-4"].symbols[back_symbol("grey", 1)] if isinstance(t, Text)}
    assert "4 · 5 · 6" in texts


def test_eight_numbered_riders_in_eight_colours(files, layout):
    riders = race.compose_game(layout).component_sets[1]
    assert [c.name for c in riders.components] == [f"{n}-1" for n in range(1, 9)]  # player, token
    assert len(set(layout.player_colors)) == 8
    for number, component in enumerate(riders.components, start=1):
        scene = component.front
        assert scene.width <= layout.board.lane_mm - 4  # two abreast fit in a lane
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
    text = " ".join(pdf_text(files["score-sheet.pdf"]).split())  # headings may wrap in their cells
    for word in ("Sprint 1", "Sprint 2", "Finish", "Lost laps", "Race 6", "All races", "Player",
                 "Points", "Lost laps, all races", "Points, all races", "Place"):
        assert word in text, word
    assert "Race 7" not in text
    assert text.count("Lost laps") == 7  # each race, and the summary that decides


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_score_sheet_prints_on_one_page_of_a4_and_letter(layout, paper):
    sheet = race.compose_game(layout).sheets[0]
    pages = impose_sheet(sheet, PrintOptions(paper=parse_paper(paper)))
    assert len(pages) == 1
    assert (pages[0].width, pages[0].height) == parse_paper(paper).size()


def test_score_sheet_fits_its_page_for_any_number_of_races(tmp_path):
    from tests.conftest import write

    for races in (1, 8):
        path = write(tmp_path, f"r{races}.toml", f'extends = "six_day_race"\n[components.score-sheet]\ntables = {races}\n')
        sheet = race.compose_game(load_layout(str(path))).sheets[0].scene
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


def test_every_layout_field_has_a_description_for_the_schema():
    from pydantic import BaseModel

    from boardgen.games.six_day_race import model
    from boardgen.layout import LayoutBase

    models = [m for m in vars(model).values()
              if isinstance(m, type) and issubclass(m, BaseModel) and m.__module__ == model.__name__]
    assert len(models) >= 10  # the game's own tables (the rest are the components')
    for cls in models:
        for name, field in cls.model_fields.items():
            if cls is model.Layout and name in LayoutBase.model_fields:
                continue  # the keys every layout has are described where they are defined
            assert field.description, f"{cls.__name__}.{name}"
    schema = model.Layout.model_json_schema()
    assert schema["properties"]["board"]["description"]


def legend_titles(layout, lang: str = "en") -> list[str]:
    from boardgen.games.six_day_race.board import legend_block
    from boardgen.i18n import words_for

    block = legend_block(layout, words_for(layout, lang))
    return [node.text for node in block.nodes if isinstance(node, Text) and node.font == "bold"]


def test_legend_rows_only_for_colours_the_board_uses(tmp_path):
    from tests.conftest import write

    marked = ["Yellow-orange: rider change (40)", "Sprints and finish", "Slipstream",
              "Purple: crash (65)"]
    advanced = legend_titles(load_layout("six_day_race_advanced"))
    assert advanced[1:] == marked + ["Black", "Green", "Grey", "Red", "Blue",
                                     "Space or slipstream"]
    original = legend_titles(load_layout("six_day_race"))
    assert original[1:] == marked
    path = write(tmp_path, "orange.toml", 'extends = "six_day_race"\n[spaces]\n15 = "orange"\n'
                 '35 = "orange"\n')
    assert legend_titles(load_layout(str(path)))[-1] == "Orange"
    assert legend_titles(load_layout(str(path)), "de")[-1] == "Orange"
    assert legend_titles(load_layout(str(path)), "pl")[-1] == "Pomarańczowe"


@pytest.mark.parametrize("sprints", [0, 4])
def test_score_sheet_has_a_column_per_sprint(tmp_path, sprints):
    from tests.conftest import write

    named = ['23 = "plain"', '49 = "plain"']  # the shipped sprints taken away
    named += [f'{12 + 15 * k} = "sprint"' for k in range(sprints)]
    path = write(tmp_path, "s.toml", 'extends = "six_day_race"\n[spaces]\n'
                 + "\n".join(named) + "\n")
    layout = load_layout(str(path))
    sheet = race.compose_game(layout).sheets[0]
    pdf = renderer("pdf")(sheet.scene)
    text = " ".join(pdf_text(pdf).split())
    assert text.count("Lost laps") == 7
    assert (f"Sprint {sprints}" in text) == bool(sprints) and f"Sprint {sprints + 1}" not in text
    texts = [n for n in sheet.scene.children if isinstance(n, Text)]
    assert all(n.size >= 1.75 for n in texts)


def test_the_board_prints_on_eight_a4_sheets_and_a_map(files, layout):
    pages = pypdf.PdfReader(io.BytesIO(files["board.pdf"])).pages
    assert len(pages) <= 8 + 1
    for page in pages:
        width, height = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert (round(width * 25.4 / 72), round(height * 25.4 / 72)) == (210, 297)
    board = race.compose_game(layout).board.scene
    assert max(board.width, board.height) < 900 and min(board.width, board.height) < 370


def test_the_track_has_a_velodromes_lines_and_marked_spaces(layout):
    from boardgen.components.oval_track import line_offsets
    from boardgen.games.six_day_race.diagrams import board_plan
    from boardgen.i18n import words_for
    from boardgen.scene import Line, Path

    board = race.compose_game(layout).board
    strokes = {node.style.stroke for node in board.scene.children if isinstance(node, Path)}
    lines = layout.board.lines
    assert {lines.azur, lines.measuring, lines.sprinters, lines.stayers} <= strokes
    offsets = line_offsets(board_plan(layout, words_for(layout)).oval)
    assert offsets["measuring"] < offsets["sprinters"] < offsets["stayers"]
    sprint_lines = [n for n in board.scene.children
                    if isinstance(n, Line) and n.style.stroke == lines.finish]
    assert len(sprint_lines) == len(layout.placed_spaces.sprints)
    fills = {s["number"]: s["color"] for s in race.compose_game(layout).board_json["spaces"]}
    assert fills[layout.placed_spaces.number_of("rider-change")] == layout.kinds["rider-change"].fill
    assert fills[layout.placed_spaces.number_of("crash")] == layout.kinds["crash"].fill


@pytest.mark.parametrize("name", ["six_day_race", "six_day_race_advanced"])
@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl"])
def test_each_player_gets_a_turn_and_spaces_card_with_every_marked_space(name, lang):
    from boardgen.games.six_day_race.board import legend_entries
    from boardgen.i18n import words_for

    layout = load_layout(name)
    words = words_for(layout, lang)
    output = race.compose_game(layout, words=words)
    (aid,) = next(s for s in output.component_sets if s.name == "aids").components
    assert aid.count == len(layout.player_colors)
    text = " ".join(pdf_text(renderer("pdf")(aid.front)).split())
    assert words("aid.heading") in text and " ".join(words("aid.turn").split()[:6]) in text
    entries = legend_entries(layout, words)
    assert len(entries) >= 4
    for entry in entries:  # every marked space the board has, as its legend names it
        assert " ".join(entry.name.split()[:2]) in text, entry.name
    sizes = [node.size for node in aid.front.symbols["aids-face"] if isinstance(node, Text)]
    assert min(sizes) >= 2.2  # mm: about 6 pt, the small print of a reference card
