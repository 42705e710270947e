"""Wyścig przez rzekę on boards from 9 × 9 to 50 × 50: fields, figures and kits follow the size."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.errors import InputError
from boardgen.games.river_race import compose_game, diagrams, examples, validate
from boardgen.geometry.naming import column_letters, spreadsheet_cell
from boardgen.i18n import flatten, words_for
from boardgen.layout import layouts_dir, load_layout
from boardgen.render import renderer
from boardgen.scene import Document

SIZES = [9, 15, 31, 50]
HAZARDS = [examples.black_hazard, examples.green_hazard, examples.collision_hazard,
           examples.off_board_hazard, examples.whirlpool_hazard]


def sized_file(folder: Path, columns: int, rows: int | None = None, extra: str = "") -> Path:
    """A user layout that changes only the board size (and whatever ``extra`` adds)."""
    path = folder / f"river_{columns}x{rows or columns}.toml"
    path.write_text(f'extends = "river_race"\nname = "river_{columns}x{rows or columns}"\n'
                    f"[board]\ncolumns = {columns}\nrows = {rows or columns}\n{extra}",
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module", params=SIZES, ids=[f"{n}x{n}" for n in SIZES])
def sized(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"size{request.param}")
    return request.param, load_layout(sized_file(folder, request.param))


def test_the_book_board_keeps_the_book_fields():
    layout = load_layout("river_race")
    assert [(p.bank, p.start, p.reserve) for p in layout.players] == [
        (1, "K1", ["F1", "O1"]), (21, "K21", ["F21", "O21"])]


def test_fields_are_worked_out_from_the_board_size(sized):
    size, layout = sized
    middle = column_letters(size // 2)
    assert [p.bank for p in layout.players] == [1, size]
    assert [p.start for p in layout.players] == [f"{middle}1", f"{middle}{size}"]
    for player in layout.players:
        columns = [spreadsheet_cell(name)[0] for name in player.reserve]
        assert len(player.reserve) == 2 and len(set(columns)) == 2
        assert all(spreadsheet_cell(name)[1] == player.bank for name in player.reserve)
        assert columns[0] < size // 2 < columns[1], "one reserve field on each side"


def test_given_fields_win_over_worked_out_ones(tmp_path):
    layout = load_layout(sized_file(tmp_path, 15, extra=(
        '[[players]]\nstart = "C1"\n[[players]]\nbank = 15\nreserve = ["A15"]\n')))
    first, second = layout.players
    assert (first.bank, first.start) == (1, "C1") and first.reserve == ["A1", "F1"]
    assert (second.start, second.reserve, second.color) == ("H15", ["A15"], "#2156a5")


@pytest.mark.parametrize("columns,rows,wanted", [
    (8, 21, "board.columns: a river board has 9 to 50 columns, not 8"),
    (51, 21, "board.columns: a river board has 9 to 50 columns, not 51"),
    (21, 60, "board.rows: a river board has 9 to 50 rows, not 60"),
])
def test_check_refuses_sizes_outside_9_to_50_in_one_line(tmp_path, columns, rows, wanted):
    result = CliRunner().invoke(app, ["check", str(sized_file(tmp_path, columns, rows))])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and wanted in result.output
    assert "Traceback" not in result.output


def test_rule_level_problems_come_all_at_once(tmp_path):
    path = sized_file(tmp_path, 15, extra=(
        '[[players]]\nstart = "Z1"\nreserve = ["A2"]\n[[players]]\nbank = 16\n'
        "[obstacles.black]\nper_player = 7\n"))
    with pytest.raises(InputError) as caught:
        load_layout(path)
    keys = {problem.key for problem in caught.value.problems}
    assert {"players[0].start", "players[0].reserve[0]", "players[1].bank",
            "obstacles.black.per_player"} <= keys


def test_odd_cell_names_are_one_clear_error_each(tmp_path):
    for start, wanted in [("K01", "no leading 0"), ("a²", "expected a cell name"),
                          ("A" + "9" * 5000, "expected a cell name")]:
        path = sized_file(tmp_path, 21, extra=f'[[players]]\nstart = "{start}"\n[[players]]\n')
        with pytest.raises(InputError) as caught:
            load_layout(path)
        assert wanted in str(caught.value) and len(str(caught.value)) < 300


def test_every_figure_is_drawn_for_the_board_built(sized):
    size, layout = sized
    figures = diagrams(layout, words_for(layout, "pl"))
    assert set(figures) == {"board", "obstacle-black", "obstacle-green", "collision",
                            "off-board", "whirlpool", "setup-legal", "setup-illegal"}
    for name, draw in figures.items():
        scene = draw()
        assert 40 <= scene.width <= 120 and 30 <= scene.height <= 130, (name, scene.width)


def test_setup_figures_are_checked_by_the_validator(sized):
    size, layout = sized
    model = layout.model()
    legal = examples.legal_example(layout)
    assert validate(model, legal).ok
    assert len(legal.placements) == 10, "a complete setup"
    illegal = validate(model, examples.illegal_example(layout))
    walled = examples.plan(layout).player
    assert {(p.code, p.player) for p in illegal.problems} == {("cut-off", walled)}, \
        "walled in, and nothing else wrong with it"


def test_hazard_figures_stay_on_the_board_and_inside_their_window(sized):
    size, layout = sized
    fields = set(layout.model().fields())
    grid = layout.grid()
    for hazard in map(lambda make: make(layout), HAZARDS):
        shown = [name for name, _, _ in hazard.tiles] + list(hazard.obstacle)
        shown += list(hazard.taken_back) + list((hazard.cells or {}).values())
        for name in shown:
            col, row = spreadsheet_cell(name)
            assert grid.cell(name) is not None, (hazard, name)
            assert hazard.columns[0] <= col <= hazard.columns[1], (hazard, name)
            assert hazard.rows[0] <= row <= hazard.rows[1], (hazard, name)
        assert not {grid.cell(name) for name in hazard.obstacle} & fields
    black = examples.black_hazard(layout)
    assert black.cells["reserve"] in layout.players[examples.plan(layout).player - 1].reserve


def test_a_start_field_near_the_edge_turns_the_figures_round(tmp_path):
    layout = load_layout(sized_file(tmp_path, 15, extra=(
        '[[players]]\nstart = "N1"\nreserve = ["L1"]\n[[players]]\n')))
    plan = examples.plan(layout)
    assert plan.step == -1
    black = examples.black_hazard(layout)
    assert black.cells["end"] == "M4" and black.obstacle == ("N5", "M5", "L5")
    assert examples.off_board_hazard(layout).cells["edge"] == "O6"
    for draw in diagrams(layout).values():
        draw()


def test_pieces_that_cannot_wall_anyone_in_leave_out_that_figure(tmp_path):
    layout = load_layout(sized_file(tmp_path, 21, extra=(
        '[obstacles.black]\nper_player = 0\n[obstacles.green]\nper_player = 1\n'
        'shapes = { "1x2" = 2 }\n')))
    assert examples.illegal_example(layout) is None
    assert "setup-illegal" not in diagrams(layout)
    assert validate(layout.model(), examples.legal_example(layout)).ok


# ---- kits ----------------------------------------------------------------------------------


def english_only_words(layout, lang: str) -> set[str]:
    """Words of the English labels that the other language's labels do not use."""
    def words_of(table) -> set[str]:
        text = " ".join(v for v in flatten(table).values() if isinstance(v, str))
        return {w.lower() for w in re.findall(r"[A-Za-zÀ-ž]{3,}", text)}

    raw = load_layout("river_race").labels
    english = words_of(raw["en"]) | words_of({"t": layout.title, "s": layout.subtitle})
    return english - words_of(raw[lang])


def scene_text(scene) -> str:
    """The text of a scene as a PDF of its own shows it."""
    pdf = renderer("pdf")(Document((scene,), title="test"))
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def words_in(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ž]{3,}", text)}


@pytest.mark.parametrize("lang", ["de", "fr", "pl"])
def test_board_tiles_and_pieces_print_no_english_word(lang):
    layout = load_layout("river_race")
    game = compose_game(layout, words=words_for(layout, lang))
    english = english_only_words(layout, lang)
    scenes = [("board", game.board.scene)]
    for components in game.component_sets:
        scenes.append((components.name, components.components[0].front))
        if components.components[0].back is not None:
            scenes.append((components.name + " back", components.components[0].back))
    for name, scene in scenes:
        text = scene_text(scene)
        assert not words_in(text) & english, (name, words_in(text) & english)
        assert not words_in(scene.title or "") & english, (name, scene.title)
    board = scene_text(game.board.scene)
    assert words_for(layout, lang)("legend.reserve") in board
    assert words_for(layout, lang)("title") in board


@pytest.mark.parametrize("size,lang", [(9, "de"), (15, "pl"), (31, "en"), (50, "de")])
def test_the_kit_builds_as_pdf(tmp_path, size, lang):
    path = sized_file(tmp_path, size)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(path), "--out", str(out), "--format", "pdf",
                                      "--lang", lang])
    assert result.exit_code == 0, result.output
    folder = out / path.stem
    for name in ("board", "tiles", "obstacles", "rules"):
        assert len(PdfReader(io.BytesIO((folder / f"{name}.pdf").read_bytes())).pages) >= 1
    document = json.loads((folder / "board.json").read_text(encoding="utf-8"))
    assert len(document["spaces"]) == size * size


def test_shipped_layout_needs_no_board_size_in_its_players():
    text = (layouts_dir() / "river_race.toml").read_text(encoding="utf-8")
    players = [block.split("\n[")[0] for block in text.split("[[players]]")[1:]]
    assert players and not any(re.search(r"^(start|reserve|bank)\s*=", block, flags=re.M)
                               for block in players)


def test_every_river_field_has_a_description_for_the_schema():
    from boardgen.games.river_race import Layout
    from boardgen.layout import LayoutBase

    schema = Layout.model_json_schema()
    missing = []

    def walk(node, path):
        for name, field in node.get("properties", {}).items():
            target = field
            if "$ref" in field or "allOf" in field:
                ref = field.get("$ref") or field["allOf"][0]["$ref"]
                target = schema["$defs"][ref.rsplit("/", 1)[-1]]
            if "description" not in field and "description" not in target:
                missing.append(f"{path}{name}")
            if target is not field:
                walk(target, f"{path}{name}.")
            for item in (field.get("items"), field.get("additionalProperties")):
                if isinstance(item, dict) and "$ref" in item:
                    walk(schema["$defs"][item["$ref"].rsplit("/", 1)[-1]], f"{path}{name}[].")

    walk(schema, "")
    assert [m for m in missing if m not in LayoutBase.model_fields] == []


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(columns=st.integers(9, 50), rows=st.integers(9, 50),
       family=st.dictionaries(st.sampled_from(["1x1", "1x2", "1x3", "2x2", "1x4", "2x3"]),
                              st.integers(0, 8), min_size=1, max_size=3),
       per_player=st.integers(0, 4))
def test_whatever_check_accepts_gets_every_figure_drawn(tmp_path, columns, rows, family,
                                                        per_player):
    shapes = ", ".join(f'"{shape}" = {count}' for shape, count in family.items())
    path = sized_file(tmp_path, columns, rows, extra=(
        f"[obstacles.blue]\ncolor = \"#2040a0\"\nper_player = {per_player}\n"
        f"shapes = {{ {shapes} }}\n"))
    try:
        layout = load_layout(path)
    except InputError:
        return  # refused by check: nothing to draw
    figures = diagrams(layout)
    for draw in figures.values():
        draw()
    assert validate(layout.model(), examples.legal_example(layout)).ok
    if "setup-illegal" in figures:
        report = validate(layout.model(), examples.illegal_example(layout))
        assert "cut-off" in report.codes()
