"""A score sheet's columns of each space of a kind (``each = "rocket"``) and its note's
placeholders, in a race layout of the user's own and in the six-day race's sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.contract import compose
from boardgen.layout import load_layout
from boardgen.render import renderer
from tests.conftest import pdf_text, write

ROCKET_RACE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "rocket_race.toml"

# rockets on 3 and 17, comets on 9 and 25, an asteroid on 14, a black hole on 21
SHEET = '''
[components.scores]
type = "score_sheet"
players = "down"
tables = 3
points = [3, 1]
total = "total"
note = "{points} points a race; after {tables} races the most points win."

[components.scores.columns.rocket]
each = "rocket"
title = "Rocket {number} ({space})"

[components.scores.columns.comet]
each = "comet"
title = { en = "Comet {number}", de = "Komet {number}", fr = "Comète {number}", pl = "Kometa {number}" }

[components.scores.columns.asteroid]
each = "asteroid"
title = "Asteroid"

[components.scores.columns.hole]
each = "black_hole"
title = "Hole {space}"

[components.scores.columns.total]
title = "Total"
'''


def rocket_race(tmp_path, sheet: str = SHEET) -> Path:
    text = ROCKET_RACE.read_text(encoding="utf-8")
    head, _, labels = text.partition("\n[labels.en]")
    return write(tmp_path, "rocket_race.toml", head + sheet + "\n[labels.en]" + labels)


def sheet_text(tmp_path, lang: str = "en", sheet: str = SHEET) -> str:
    game = compose(load_layout(str(rocket_race(tmp_path, sheet))), lang)
    (scores,) = [s for s in game.sheets if s.name == "scores"]
    return " ".join(pdf_text(renderer("pdf")(scores.scene)).split())


def test_a_column_for_each_space_of_each_kind_in_track_order(tmp_path):
    text = sheet_text(tmp_path)
    headings = ["Rocket 1 (3)", "Comet 1", "Asteroid", "Hole 21", "Rocket 2 (17)", "Comet 2"]
    for heading in headings:
        assert heading in text, heading
    assert "Rocket 3" not in text and "Comet 3" not in text
    first_table = text[text.index("Rocket 1"):]
    # the kinds' columns in the order they are declared, each kind's spaces in track order
    order = ["Rocket 1", "Rocket 2", "Comet 1", "Comet 2", "Asteroid", "Hole 21", "Total"]
    at = [first_table.index(heading) for heading in order]
    assert at == sorted(at), dict(zip(order, at))
    assert "3 and 1 points a race; after 3 races the most points win." in text


def test_the_columns_speak_the_kits_language(tmp_path):
    text = sheet_text(tmp_path, "pl")
    assert "Kometa 1" in text and "Kometa 2" in text and "Comet" not in text
    assert "3 i 1 points a race" in text  # one note for all languages, the list in Polish


def test_the_layout_checks_and_builds_with_its_sheet(run_cli, tmp_path):
    path = rocket_race(tmp_path)
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "rocket_race" / "scores.pdf").is_file()


def test_a_column_for_a_kind_the_board_does_not_know_is_refused(run_cli, tmp_path):
    path = rocket_race(tmp_path, SHEET.replace('each = "comet"', 'each = "comit"'))
    result = run_cli("check", path)
    assert result.exit_code == 2
    problems = [line for line in result.stderr.splitlines() if "components.scores" in line]
    assert len(problems) == 1, result.stderr
    assert "components.scores.columns.comet.each" in problems[0]
    assert "no kind 'comit' on the board" in problems[0] and "comet" in problems[0]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("sheet, key, said", [
    (SHEET.replace("{tables} races", "{rounds} races"), "components.scores.note",
     "{rounds} is no placeholder of the note ({tables}, {points})"),
    (SHEET.replace('title = "Total"', 'title = "Total {number}"'),
     "components.scores.columns.total.title", "{number} is no placeholder of a column's title"),
])
def test_a_placeholder_the_sheet_does_not_fill_is_refused(run_cli, tmp_path, sheet, key, said):
    result = run_cli("check", rocket_race(tmp_path, sheet))
    assert result.exit_code == 2
    assert key in result.stderr and said in result.stderr, result.stderr


def test_a_kind_without_spaces_gives_no_columns(tmp_path):
    path = rocket_race(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('9 = "comet"\n', "")
                    .replace('25 = "comet"\n', ""), encoding="utf-8")
    game = compose(load_layout(str(path)), "en")
    (scores,) = [s for s in game.sheets if s.name == "scores"]
    text = " ".join(pdf_text(renderer("pdf")(scores.scene)).split())
    assert "Comet" not in text and "Rocket 2 (17)" in text


def test_the_six_day_sheet_has_a_column_for_each_sprint_of_its_track(tmp_path):
    sheet = load_layout("six_day_race").score_sheet
    assert sheet.columns["sprint"].each == "sprint"
    path = write(tmp_path, "three.toml", 'extends = "six_day_race"\n[spaces]\n70 = "sprint"\n')
    game = compose(load_layout(str(path)), "de")
    text = " ".join(pdf_text(renderer("pdf")(game.sheets[0].scene)).split())
    assert "3. Sprint" in text and "4. Sprint" not in text


def test_the_old_score_sheet_table_says_where_it_went(run_cli, tmp_path):
    path = write(tmp_path, "old.toml", 'extends = "six_day_race"\n[score_sheet]\nraces = 4\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "score_sheet: the score sheet is a component now: [components.score-sheet]" in \
        result.stderr and "tables (was races)" in result.stderr


def test_a_sheet_left_with_no_column_on_the_board_is_refused(run_cli, tmp_path):
    only = ('\n[components.scores]\ntype = "score_sheet"\n[components.scores.columns.rock]\n'
            'each = "asteroid"\ntitle = "Rock {number}"\n')
    path = rocket_race(tmp_path, only)
    assert run_cli("check", path).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace('14 = "asteroid"\n', ""),
                    encoding="utf-8")
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "components.scores.columns: the board has no space of the kinds these columns are " \
           "for" in result.stderr


@pytest.mark.parametrize("change, key, way", [
    ('players = "down"', "tables", None),  # the sheet as given: every key of its way round
    ('players = "across"', "tables", "down"),
    ('players = "down"\nrows = 12', "rows", "across"),
])
def test_a_key_of_the_other_way_round_is_refused_at_its_line(run_cli, tmp_path, change, key, way):
    """A sheet of players across has no tables, a sheet of players down no numbered rows:
    a key the sheet would leave unused is named, not ignored."""
    path = rocket_race(tmp_path, SHEET.replace('players = "down"', change))
    result = run_cli("check", path)
    if way is None:
        assert result.exit_code == 0, result.stderr
        return
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(number for number, text in enumerate(lines, 1) if text.startswith(f"{key} ="))
    assert f":{at}: components.scores.{key}: {key} is for players = \"{way}\"" in line
