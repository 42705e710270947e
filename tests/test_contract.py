"""What check accepts, build makes: layouts that would break a build are refused by check."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from boardgen import limits
from boardgen.contract import BuildOptions, check_build, check_layout
from boardgen.errors import InputError
from boardgen.games import KINDS, Game, HasDiagrams, HasSetups, game_for
from boardgen.layout import load_layout, shipped_games
from boardgen.scene import Group, Rect, Scene, Text, Use, scale
from tests.conftest import pdf_text, write

FEN_26 = "/".join(["26"] * 24 + ["krbnNBRK18", "qrbnNBRQ18"])
REFUSED = {
    "tiny-cells": ('extends = "river_race"\n[board]\ncell_mm = 0.01\n', "board.cell_mm"),
    "huge-river": ('extends = "river_race"\n[board]\ncolumns = 100\nrows = 100\ncell_mm = 60\n',
                   "board.columns"),
    "control-title": ('extends = "racing_kings"\ntitle = "Bad\\u0001title"\n',
                      "title: text contains a control character"),
    "escape-title": ('extends = "steeple_chess"\ntitle = "red \\u001b[31m"\n',
                     "title: text contains a control character"),
    "five-metre-squares": ('extends = "racing_kings"\n[board]\nsquare_mm = 5000\n',
                           "board.square_mm"),
    "racing-kings-26": ('extends = "racing_kings"\n[board]\nfiles = "abcdefghijklmnopqrstuvwxyz"\n'
                        f'ranks = 26\nsquare_mm = 5000\ngoal_rank = 26\n[setup]\nfen = "{FEN_26}"\n',
                        "board.files"),
    "tiny-tokens": ('extends = "steeple_chess"\n[tokens]\nsize_mm = 0.001\n', "tokens.size_mm"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_layouts_that_broke_builds_are_refused_by_check_in_one_line_each(run_cli, tmp_path, name):
    text, fragment = REFUSED[name]
    path = write(tmp_path, f"{name}.toml", text)
    result = run_cli("check", path)
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.splitlines()
    assert any(fragment in line for line in lines), result.stderr
    assert all(line.startswith("error: ") and line.isprintable() for line in lines)
    assert "Traceback" not in result.stderr
    built = run_cli("build", path, "--out", tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 2 and built.stderr == result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("game", shipped_games())
def test_every_shipped_layout_keeps_the_contract(game):
    checked = check_layout(game)
    assert checked.layout.name == game


BIG_BOARD = 'extends = "racing_kings"\n[board]\nfiles = 11\nranks = 12\nsquare_mm = 100\n'


def test_the_largest_board_check_accepts_builds_every_png(tmp_path, run_cli):
    """1.44 m² of board (the area limit is 1.5): accepted, and its PNG is made at 150 dpi."""
    path = write(tmp_path, "big.toml", BIG_BOARD)
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--out", tmp_path / "out", "--format", "png")
    assert result.exit_code == 0, result.stderr
    header = (tmp_path / "out" / "racing_kings" / "board.png").read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    assert width * height <= limits.MAX_PNG_PIXELS and width > 6700


def test_png_limits_name_the_resolution(tmp_path, run_cli):
    path = write(tmp_path, "big.toml", BIG_BOARD)
    result = run_cli("build", path, "--out", tmp_path / "out", "--dpi", "300")
    assert result.exit_code == 2
    assert "board.png would be 13465 × 14906 px at --dpi 300" in result.stderr
    highest = int(re.search(r"use --dpi (\d+) or lower", result.stderr).group(1))
    assert not (tmp_path / "out" / "racing_kings").exists() or \
        not list((tmp_path / "out" / "racing_kings").iterdir())
    # the advice is exact: the highest resolution builds, one more does not
    assert run_cli("check", path).exit_code == 0
    for dpi, code in ((highest, 0), (highest + 1, 2)):
        built = run_cli("build", path, "--out", tmp_path / "out", "--format", "png",
                        "--dpi", str(dpi))
        assert built.exit_code == code, (dpi, built.stderr)


def test_smallest_papers_are_checked_for_every_mode_and_backs():
    checked = check_layout("six_day_race", BuildOptions(formats=("pdf",)))
    assert checked.output.component_sets


def test_page_counts_are_limited(monkeypatch):
    monkeypatch.setattr(limits, "MAX_PAGES_PER_FILE", 2)
    with pytest.raises(InputError) as raised:
        check_layout("six_day_race")
    assert "board.pdf would have" in str(raised.value) and "at most 2" in str(raised.value)


def test_text_size_follows_transforms_and_symbols():
    small = Scene(50, 50, (Group((Use("label", scale(0.1)),)),),
                  symbols={"label": (Text(0, 0, "A", 5.0),)})
    assert limits.measure(small).min_text == pytest.approx(0.5)
    assert any("font size 0.5 mm" in p for p in limits.art_problems("tile", small))
    large = Scene(50, 50, (Use("label", scale(2)),), symbols={"label": (Text(0, 0, "A", 5.0),)})
    assert limits.art_problems("tile", large) == []


def test_shapes_are_counted_through_every_use(monkeypatch):
    cell = (Rect(0, 0, 1, 1),)
    scene = Scene(100, 100, tuple(Use("cell") for _ in range(30)), symbols={"cell": cell})
    assert limits.measure(scene).shapes == 30
    monkeypatch.setattr(limits, "MAX_SHAPES", 10)
    assert any("30 shapes" in p for p in limits.art_problems("board", scene))


def test_pdf_from_an_accepted_layout_has_the_scene_size(tmp_path, run_cli):
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n'
                 '[board]\nsquare_mm = 20\n')
    assert run_cli("build", path, "--out", tmp_path, "--format", "pdf").exit_code == 0
    page = pypdf.PdfReader(io.BytesIO((tmp_path / "mine" / "board.pdf").read_bytes())).pages[0]
    assert float(page.mediabox.width) == pytest.approx(210 * 72 / 25.4, abs=0.01)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_game_is_a_game_and_says_what_it_can_do(kind):
    module = game_for(kind)
    assert isinstance(module, Game) and isinstance(module, HasDiagrams)
    assert isinstance(module, HasSetups) == (kind in ("river_race", "steeple_chess"))


def test_a_game_without_setups_says_so(run_cli, tmp_path):
    setup = write(tmp_path, "setup.toml", "")
    result = run_cli("validate", "racing_kings", "--setup", setup)
    assert result.exit_code == 2 and "has no obstacle setup to validate" in result.stderr


def test_a_rule_language_without_a_text_is_refused_before_rendering(run_cli, tmp_path):
    """Every shipped game has rules in every shipped language; a language of the user's own
    (a catalogue beside the layout) may have none yet."""
    from tests.test_languages import italian_catalogue, italian_labels

    folder = tmp_path / "games"
    (folder / "catalogues").mkdir(parents=True)
    write(folder / "catalogues", "it.toml", italian_catalogue())
    path = write(folder, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n' + italian_labels())
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--lang", "it", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "no Italian rule text for 'mine'; written in: de (German), " \
        "en (English), fr (French), pl (Polish)" in result.stderr
    assert not (tmp_path / "out" / "mine").exists()
    svg = run_cli("build", path, "--lang", "it", "--format", "svg", "--out", tmp_path / "svg")
    assert svg.exit_code == 0, svg.output  # no rules printed: no rule text needed


def test_shapes_of_the_whole_kit_are_limited(monkeypatch):
    monkeypatch.setattr(limits, "MAX_KIT_SHAPES", 100)
    with pytest.raises(InputError, match="shapes together; at most 100"):
        check_layout("racing_kings")


def test_a_build_checks_the_rule_text_it_prints_and_check_every_one(tmp_path):
    from shutil import copyfile

    from tests.conftest import LAYOUTS

    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n')
    copyfile(LAYOUTS / "racing_kings.rules.en.md", tmp_path / "mine.rules.en.md")
    write(tmp_path, "mine.rules.de.md", "# Rennen\n\n{{ no_such_value }} Felder.\n")
    for refused in (lambda: check_layout(str(path)),
                    lambda: check_build(str(path), BuildOptions(lang="de", formats=("pdf",)))):
        with pytest.raises(InputError) as raised:
            refused()
        assert "mine.rules.de.md" in str(raised.value.location()) + str(raised.value)
    assert check_build(str(path), BuildOptions(lang="en", formats=("pdf",))).layout.name == "mine"
    # without PDF files no rule text is printed at all
    assert check_build(str(path), BuildOptions(lang="de", formats=("svg",))).output.board


def test_a_build_checks_pages_on_its_own_paper_and_check_on_the_smallest(monkeypatch):
    from boardgen import imposition
    from boardgen.contract import page_problems

    a3 = BuildOptions(formats=("pdf",), print=imposition.PrintOptions(
        paper=imposition.parse_paper("a3")))
    output = check_build("six_day_race", a3).output
    monkeypatch.setattr(limits, "MAX_PAGES_PER_FILE", 1)
    while page_problems(output, [a3.print]):  # the fewest pages a file may have that A3 keeps
        monkeypatch.setattr(limits, "MAX_PAGES_PER_FILE", limits.MAX_PAGES_PER_FILE + 1)
    assert page_problems(output, [imposition.PrintOptions()])  # A4 takes more pages
    assert check_build("six_day_race", a3).layout
    with pytest.raises(InputError, match="pages on A4"):
        check_layout("six_day_race", a3)
    with pytest.raises(InputError, match="pages on A4"):
        check_build("six_day_race", BuildOptions(formats=("pdf",)))
    assert check_build("six_day_race", BuildOptions(formats=("svg",))).layout  # nothing imposed


def test_a_title_that_starts_with_a_space_builds_as_check_accepts_it(run_cli, tmp_path):
    """The board pages' footer, which carries the title, once broke it at the space before it."""
    path = write(tmp_path, "spaced.toml", 'extends = "river_race"\ntitle = " ż 0ß 0aa 900"\n')
    assert run_cli("check", path).exit_code == 0
    result = run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out").is_dir() and any((tmp_path / "out").rglob("board.pdf"))


def _english_label_keys(game: str) -> list[str]:
    import tomllib

    from boardgen.i18n import flatten
    from boardgen.layout import layouts_dir

    with (layouts_dir() / f"{game}.toml").open("rb") as handle:
        return sorted(flatten(tomllib.load(handle).get("labels", {}).get("en", {})))


@pytest.mark.parametrize("game", shipped_games())
def test_an_english_label_may_use_only_the_placeholders_its_game_fills_in(tmp_path, game):
    """A name the code does not fill in once crashed the build where the label was printed."""
    keys = [key for key in _english_label_keys(game) if key not in ("title", "subtitle")]
    keys += ["cover.edition", "footer.page"]
    for key in keys:
        path = write(tmp_path, "label.toml", f'extends = "{game}"\n[labels.en]\n'
                     f'{key} = "X {{nope}} Y"\n')
        with pytest.raises(InputError) as caught:
            load_layout(path)
        problems = caught.value.problems or [caught.value]
        english = [(p.key, p.line) for p in problems if p.key.startswith("labels.en.")]
        assert english == [(f"labels.en.{key}", 3)], key
        assert "unknown placeholder {nope}; this text may use" in str(caught.value)


@pytest.mark.parametrize("game", ["racing_kings", "steeple_chess", "six_day_race", "river_race"])
def test_braces_in_a_title_print_as_written(run_cli, tmp_path, game):
    """The title and subtitle are plain text, not templates: "{" once stopped check and build.
    A language's own title (``[labels.de] title``) is printed as written too."""
    from boardgen.i18n import LANGUAGES

    title, subtitle, german = "Set {x} {{y}} }", "{ Edition {year}", "Satz {{B}} {"
    tables = "".join(f'[labels.{lang}]\ntitle = "{german if lang == "de" else title}"\n'
                     f'subtitle = "{subtitle}"\n' for lang in LANGUAGES)
    path = write(tmp_path, "braces.toml", f'extends = "{game}"\nname = "braces"\n'
                 f'title = "{title}"\nsubtitle = "{subtitle}"\n{tables}')
    assert run_cli("check", path).exit_code == 0
    for lang, printed in (("en", title), ("de", german)):
        out = tmp_path / lang
        result = run_cli("build", path, "--format", "pdf", "--lang", lang, "--out", out)
        assert result.exit_code == 0, result.output
        text = pdf_text((out / "braces" / "braces-print-and-play.pdf").read_bytes())
        assert printed in text and subtitle in text, lang


LONG_RULES = ('{% for k in range(2) %}{% for i in range(700) %}\n# Part {{ k * 700 + i }}\n\n'
              + "word " * 130 + '\n\n{% endfor %}{% endfor %}\n')


def test_check_counts_the_pages_of_the_rules_as_a_build_prints_them(tmp_path, run_cli):
    """A rule text of thousands of pages once passed check: only boards and sheets were counted."""
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n')
    write(tmp_path, "mine.rules.en.md", LONG_RULES)
    assert run_cli("check", path).exit_code == 0  # about 280 pages on A4: under the limit
    refused = run_cli("build", path, "--format", "pdf", "--paper", "150x150mm",
                      "--out", tmp_path / "out")
    assert refused.exit_code == 2 and not (tmp_path / "out").exists()
    for name, most in (("rules.pdf", 400), ("rules-booklet.pdf", 400),
                       ("the print-and-play file", 800)):
        assert f"{name} would have" in refused.stderr and f"at most {most}" in refused.stderr
    built = run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    pages = len(pypdf.PdfReader(tmp_path / "out" / "mine" / "rules.pdf").pages)
    assert 200 < pages <= 400


def test_the_rules_are_typeset_once_for_the_check_and_the_build(tmp_path, monkeypatch):
    from boardgen import build as build_module
    from boardgen.rules import typeset as typesetting

    calls = []
    draw_pages = typesetting.draw_pages
    monkeypatch.setattr(typesetting, "draw_pages",
                        lambda *a, **k: calls.append(a[2]) or draw_pages(*a, **k))
    build_module.build("racing_kings", tmp_path, BuildOptions(formats=("pdf",)))
    assert len(calls) == 2  # the sheet and the booklet's pages


def test_a_rule_text_of_more_blocks_than_rules_need_is_refused_with_its_line(tmp_path):
    from boardgen.rules.document import MAX_BLOCKS, parse_rule_text

    text = "# Rules\n\n" + "".join(f"- item {i}\n" for i in range(MAX_BLOCKS + 10))
    with pytest.raises(InputError) as raised:
        parse_rule_text(text, "mine.rules.en.md")
    # the heading and the list are a block each, every item two (itself and its paragraph):
    # item 1499, on line 1502, is the one past the limit
    assert raised.value.line == 3 + (MAX_BLOCKS - 2) // 2
    assert f"more than {MAX_BLOCKS} paragraphs" in str(raised.value)


def test_a_legend_text_may_name_every_number_the_legend_fills_in(run_cli, tmp_path):
    from boardgen.games.six_day_race.board import legend_values
    from boardgen.games.six_day_race.model import LEGEND_PLACEHOLDERS
    from boardgen.i18n import words_for

    layout = load_layout("six_day_race_advanced")
    assert set(legend_values(layout, words_for(layout, "en"))) == LEGEND_PLACEHOLDERS
    text = " ".join(f"{{{name}}}" for name in sorted(LEGEND_PLACEHOLDERS))
    path = write(tmp_path, "legend.toml", 'extends = "six_day_race_advanced"\nname = "legend"\n'
                 f'[labels.en.legend]\ngreen.text = "Numbers: {text}"\n')
    assert run_cli("check", path).exit_code == 0
    built = run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output


@pytest.mark.parametrize("game, key, text", [
    ("racing_kings", "tokens.title", "Pieces"),        # drops {title}, which German keeps
    ("river_race", "obstacles.fold", "fold"),
    ("six_day_race_advanced", "legend.orange.text", "{high}"),
    ("steeple_chess", "cover.edition", "Home edition"),  # a catalogue word, English only
])
def test_rewording_an_english_word_keeps_the_inherited_translations(run_cli, tmp_path, game,
                                                                    key, text):
    """A translation may use every name the code fills in, not only those English still uses;
    check once blamed the shipped file's German and Polish lines."""
    path = write(tmp_path, "mine.toml", f'extends = "{game}"\nname = "mine"\n[labels.en]\n'
                 f'{key} = "{text}"\n')
    result = run_cli("check", path)
    assert result.exit_code == 0, result.stderr


def test_a_malformed_english_word_is_one_message_on_its_own_line(run_cli, tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "six_day_race"\nname = "mine"\n'
                 '[labels.en.space]\nsprint = "{number:>5}"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {path}:4: labels.en.space.sprint: placeholder {{number}} must be a plain name "
        "like {count}"]
