"""What ``check`` accepts, ``build`` makes, with any option: every standard paper, both modes
(shop mode up to the largest bleed), every kind of backs and every format; or the options a
build will use, given to ``check``, which says what it assumed. Messages name their file, key
or line: the setup file for a setup's fault, the key of a name that clashes.
"""

from __future__ import annotations


from boardgen import imposition, limits
from boardgen.contract import Coverage
from boardgen.layout import load_layout
from boardgen.rules.document import parse_rule_text
from boardgen.rules import RuleBook
from tests.conftest import write

LONG_TEXT = "# Long rules\n\n" + "\n\n".join(
    "Each player moves one piece per turn towards the goal, and a piece that is attacked "
    "may not move into check. " * 3 for _ in range(200)) + "\n"


def test_check_covers_every_standard_paper_mode_and_backs_with_the_largest_bleed():
    variants = Coverage().variants(imposition.PrintOptions())
    covered = {(v.paper.name, v.mode, v.backs, v.bleed_mm if v.shop else None) for v in variants}
    assert covered == {(paper, mode, backs, limits.MAX_BLEED_MM if mode == "shop" else None)
                       for paper in ("a4", "a3", "letter", "legal") for mode in ("home", "shop")
                       for backs in ("duplex", "fold", "none")}
    assert Coverage().formats == ("pdf", "svg", "png", "tgc", "tts")


def test_check_says_what_it_covered(run_cli):
    result = run_cli("check", "racing_kings")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == (
        "checked for A4, A3, Letter and Legal paper; home and shop mode (bleed up to 20 mm); "
        "duplex, fold and no backs; margins up to 6 mm; pdf, svg, png, tgc and tts (PNG at up "
        "to 150 dpi); de, en, fr and pl")
    narrowed = run_cli("check", "racing_kings", "--paper", "legal", "--mode", "home", "--backs",
                       "fold", "--format", "pdf", "--margin", "10")
    assert narrowed.stdout.splitlines()[1] == (
        "checked for Legal paper; home mode; fold backs; margins up to 10 mm; pdf; de, en, fr and pl")


def rule_pages(paper: str) -> int:
    """Pages of LONG_TEXT's booklet on ``paper``."""
    book = RuleBook(parse_rule_text(LONG_TEXT, "t.md", "en"), {}, "Long rules")
    return len(book.booklet(imposition.parse_paper(paper)))


def test_a_file_too_long_on_any_standard_paper_is_refused_by_check(tmp_path, run_cli, monkeypatch):
    pages = {paper: rule_pages(paper) for paper in limits.STANDARD_PAPERS}
    worst = max(pages, key=pages.get)
    best = min(pages, key=pages.get)
    assert pages[worst] > pages[best]
    monkeypatch.setattr(limits, "MAX_PAGES_PER_FILE", pages[worst] - 1)
    layout = write(tmp_path, "long.toml", 'extends = "racing_kings"\n')
    write(tmp_path, "long.rules.en.md", LONG_TEXT)
    refused = run_cli("check", layout)
    assert refused.exit_code == 2
    assert f"rules-booklet.pdf would have {pages[worst]} pages on " in refused.stderr
    assert run_cli("check", layout, "--paper", best).exit_code == 0
    out = tmp_path / "out"
    built = run_cli("build", layout, "--paper", worst, "--out", out, "--format", "pdf")
    assert built.exit_code == 2 and "rules-booklet.pdf would have" in built.stderr
    assert run_cli("build", layout, "--paper", best, "--out", out, "--format", "pdf").exit_code == 0


# ---- advice that is accepted when followed ----------------------------------------------

def standee(tmp_path, width: float):
    return write(tmp_path, f"standee{width:g}.toml",
                 f'extends = "racing_kings"\n[tokens]\nstyle = "standee"\nsize_mm = {width}\n')


def test_the_widest_standee_the_message_allows_builds_with_every_option(tmp_path, run_cli):
    refused = run_cli("check", standee(tmp_path, 61))
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"error: {tmp_path / 'standee61.toml'}:4: tokens.size_mm: "
                                     "a standee 61 mm wide would be 201.3 mm tall; at most 60 mm "
                                     "fits every paper in both modes")
    widest = standee(tmp_path, 60)
    assert run_cli("check", widest).exit_code == 0
    built = run_cli("build", widest, "--mode", "shop", "--bleed", "20", "--paper", "letter",
                    "--backs", "fold", "--out", tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 0, built.stderr


BIG_CARDS = 'extends = "six_day_race"\n[components.cards]\nwidth_mm = 140\nheight_mm = 205\n'


def test_a_piece_too_big_for_one_build_is_refused_with_advice_that_builds(tmp_path, run_cli):
    layout = write(tmp_path, "cards.toml", BIG_CARDS)
    refused = run_cli("check", layout)
    assert refused.exit_code == 2
    message = refused.stderr
    assert "choose a larger --paper or --backs duplex" in message
    assert "unless given the ones you build with (--paper, --mode, --bleed, --backs)" in message
    out = tmp_path / "out"
    # a larger paper, with every mode, bleed and backs
    assert run_cli("check", layout, "--paper", "a3").exit_code == 0
    built = run_cli("build", layout, "--paper", "a3", "--mode", "shop", "--bleed", "20",
                    "--backs", "fold", "--out", out, "--format", "pdf")
    assert built.exit_code == 0, built.stderr
    # duplex backs, on the paper and in the mode this build uses
    assert run_cli("check", layout, "--paper", "a4", "--mode", "home", "--backs",
                   "duplex").exit_code == 0
    assert run_cli("build", layout, "--backs", "duplex", "--out", out, "--format",
                   "pdf").exit_code == 0


# ---- messages that name their place --------------------------------------------------

def test_a_tile_type_named_like_the_common_back_is_refused_at_its_key(tmp_path, run_cli):
    path = write(tmp_path, "tiles.toml", 'extends = "river_race"\n'
                 '[[tiles.types]]\nname = "straight"\ncount = 70\npaths = ["M 50 0 L 50 100"]\n'
                 '[[tiles.types]]\nname = "back"\ncount = 70\npaths = ["M 0 50 L 100 50"]\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert result.stderr == (f"error: {path}:7: tiles.types[1].name: 'back' names the back every "
                             "tile shares; give this type another name\n")
    renamed = write(tmp_path, "tiles.toml", path.read_text().replace('"back"', '"across"'))
    assert run_cli("check", renamed).exit_code == 0


def test_pictures_whose_names_clash_are_named_with_the_layout_file(tmp_path):
    from boardgen.contract import art_problems, compose
    from boardgen.product import Component, ComponentSet
    from boardgen.scene import Scene

    output = compose(load_layout("river_race"), "en")
    face = Scene(20, 20, ())
    clash = ComponentSet("tiles", "Tiles", (Component("a b", face), Component("a-b", face)))
    from dataclasses import replace

    problems = art_problems(replace(output, component_sets=(clash,)))
    assert problems == ["'tiles-a-b' and 'tiles-a b' would both be written as tiles-a-b; "
                        "give them different names"]


def test_a_setup_too_big_to_draw_is_blamed_on_the_setup_file(tmp_path, run_cli):
    entries = "".join(f'[[obstacle]]\npiece = "green-3x3"\ncells = ["C{1 + i % 19}", '
                      f'"D{1 + i % 19}"]\nplayer = 1\n\n' for i in range(9_000))
    setup = write(tmp_path, "setup.toml", entries)
    result = run_cli("build", "river_race", "--setup", setup, "--allow-illegal", "--out",
                     tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {setup}: with this setup's obstacles, the board "
                                    "draws ")
    assert "layouts" not in result.stderr
