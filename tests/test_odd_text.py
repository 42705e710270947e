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
