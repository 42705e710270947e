"""Text a kit cannot print as written: refused where it was written, or set as it is meant.

Characters the typeface has no glyph for (Hebrew, Arabic, CJK, emoji), bidi controls and
invisible characters are refused by ``check`` naming the characters and the key or line;
quotes and lists nested deeper than a column holds are refused at their line; a soft
hyphen marks where a word may break and prints nothing elsewhere.
"""

from __future__ import annotations

import pytest

from boardgen.rules.document import MAX_DEPTH, Run
from boardgen.rules.typeset import wrap
from tests.conftest import pdf_text, write

RK = 'extends = "racing_kings"\n'


def checked(run_cli, path):
    result = run_cli("check", path)
    return result.exit_code, result.stderr.splitlines()


# ---- nesting -----------------------------------------------------------------------------


def nested_quotes(depth: int) -> str:
    return "# Deep\n\n" + "".join(">" * level + " level text, a few words long\n" + ">" * level
                                  + "\n" for level in range(1, depth + 1))


def test_nineteen_nested_block_quotes_are_refused_at_their_line(tmp_path, run_cli):
    layout = write(tmp_path, "deep.toml", RK)
    text = write(tmp_path, "deep.rules.en.md", nested_quotes(19))
    code, lines = checked(run_cli, layout)
    assert code == 2
    assert lines == [f"error: {text}:{2 * MAX_DEPTH + 3}: quotes and lists nested more than "
                     f"{MAX_DEPTH} deep; at most {MAX_DEPTH} levels leave room for the text in "
                     "a column"]


def test_quotes_and_lists_as_deep_as_allowed_are_set_in_words_not_letters(tmp_path, run_cli):
    layout = write(tmp_path, "deep.toml", RK)
    lists = "".join("  " * level + "- a list item of several words\n" for level in range(2))
    write(tmp_path, "deep.rules.en.md", nested_quotes(MAX_DEPTH - 2) + "\n"
          + "> " * (MAX_DEPTH - 2) + lists.replace("\n", "\n" + "> " * (MAX_DEPTH - 2)) + "\n")
    assert run_cli("check", layout).exit_code == 0
    built = run_cli("build", layout, "--out", tmp_path / "out", "--format", "pdf",
                    "--paper", "letter")
    assert built.exit_code == 0, built.stderr
    booklet = (tmp_path / "out" / "racing_kings" / "rules-booklet.pdf").read_bytes()
    assert "level text, a few words long" in pdf_text(booklet).replace("\n", " ")


# ---- soft hyphens ----------------------------------------------------------------------

WORD = "Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschafts\u00admütze"


def test_a_soft_hyphen_is_where_a_word_may_break():
    lines = wrap((Run(f"Some words before it and {WORD} after"),), 60, 3.7, "de")
    texts = ["".join(segment.text for segment in line) for line in lines]
    assert texts[0].endswith("Donau-")
    assert "".join(texts).replace("-", "") == ("Some words before it and "
                                               "Donaudampfschifffahrtsgesellschaftsmütze after")
    assert not any("\u00ad" in text for text in texts)


def test_a_soft_hyphen_prints_nothing_where_the_line_does_not_break(tmp_path, run_cli):
    layout = write(tmp_path, "soft.toml", RK + 'subtitle = "Spiel\u00adbrett"\n')
    write(tmp_path, "soft.rules.en.md", "# Soft\n\nA Spiel\u00adbrett here.\n")
    built = run_cli("build", layout, "--out", tmp_path / "out", "--format", "pdf,svg")
    assert built.exit_code == 0, built.stderr
    folder = tmp_path / "out" / "racing_kings"
    rules = pdf_text((folder / "rules.pdf").read_bytes())
    assert "A Spielbrett here." in rules and "\u00ad" not in rules
    assert "\u00ad" not in (folder / "board.svg").read_text(encoding="utf-8")
    assert "Spielbrett" in pdf_text((folder / "racing_kings-print-and-play.pdf").read_bytes())


# ---- characters the typeface cannot draw, bidi controls, invisible characters -----------

REFUSED_TITLES = {
    "hebrew": ("מרוץ", "U+05DE HEBREW LETTER MEM"),
    "arabic": ("سباق", "U+0633 ARABIC LETTER SEEN"),
    "cjk": ("競走", "U+7AF6 CJK UNIFIED IDEOGRAPH-7AF6"),
    "emoji": ("Race 🏁", "U+1F3C1 CHEQUERED FLAG"),
    "variation-selector": ("Race \u2714\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
}


@pytest.mark.parametrize("name", sorted(REFUSED_TITLES))
def test_a_title_the_typeface_cannot_draw_is_refused_naming_its_characters(tmp_path, run_cli,
                                                                           name):
    title, character = REFUSED_TITLES[name]
    path = write(tmp_path, "odd.toml", RK + f'title = "{title}"\n')
    code, lines = checked(run_cli, path)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"error: {path}:2: title: text has characters the typeface "
                               "cannot draw: ")
    assert character in lines[0]


@pytest.mark.parametrize("text, named", [
    ("\\u202eright to left", "the bidi control U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("a\\u2067b\\u2069", "the bidi control U+2067 RIGHT-TO-LEFT ISOLATE"),
    ("mark\\u200f", "the bidi control U+200F RIGHT-TO-LEFT MARK"),
    ("zero\\u200bwidth", "the invisible character U+200B ZERO WIDTH SPACE"),
    ("joined\\u2060word", "the invisible character U+2060 WORD JOINER"),
    ("a\\ufeffb", "the invisible character U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("a\\ufffeb", "U+FFFE, which is no character"),
])
@pytest.mark.parametrize("key", ["subtitle", "labels.en.goal"])
def test_bidi_controls_and_invisible_characters_are_refused_at_their_key(tmp_path, run_cli,
                                                                          text, named, key):
    table, _, name = key.rpartition(".")
    setting = f'[{table}]\n{name} = "{text}"\n' if table else f'{name} = "{text}"\n'
    path = write(tmp_path, "odd.toml", RK + setting)
    code, lines = checked(run_cli, path)
    line = 3 if table else 2
    assert code == 2 and lines == [f"error: {path}:{line}: {key}: text contains {named}; remove it"
                                   + (" (text is set left to right, as written)"
                                      if "bidi" in named else "")]


def test_a_rule_text_line_the_typeface_cannot_draw_is_refused_at_its_line(tmp_path, run_cli):
    layout = write(tmp_path, "odd.toml", RK)
    text = write(tmp_path, "odd.rules.en.md", "# Rules\n\nA plain line.\n\nשלום and 🏁 here\n")
    code, lines = checked(run_cli, layout)
    assert code == 2 and len(lines) == 1
    assert lines[0].startswith(f"error: {text}:5: text has characters the typeface cannot draw: "
                               "U+05E9 HEBREW LETTER SHIN, U+05DC HEBREW LETTER LAMED, ")
    assert "U+1F3C1 CHEQUERED FLAG" in lines[0]


def test_greek_cyrillic_and_polish_are_drawn(tmp_path, run_cli):
    title = "Ἀγών · Гонка · Wyścig żółwi"
    layout = write(tmp_path, "letters.toml", RK + f'title = "{title}"\nsubtitle = "{title}"\n')
    assert run_cli("check", layout).exit_code == 0
    built = run_cli("build", layout, "--out", tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 0, built.stderr
    bundle = (tmp_path / "out" / "racing_kings" / "racing_kings-print-and-play.pdf").read_bytes()
    assert "Гонка" in pdf_text(bundle) and "żółwi" in pdf_text(bundle)


def test_a_name_that_is_never_printed_may_hold_any_character(tmp_path, run_cli):
    layout = write(tmp_path, "named.toml", RK + 'name = "競走🏁"\n')
    assert run_cli("check", layout).exit_code == 0
