"""`boardgen build` writes rules.pdf and rules-booklet.pdf; --lang and rule-text lookup."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.rules.booklet import padded_count

PT_PER_MM = 72 / 25.4


def build(*args: str):
    return CliRunner().invoke(app, ["build", *args])


def sizes_mm(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return [(round(float(p.mediabox.width) / PT_PER_MM, 1), round(float(p.mediabox.height) / PT_PER_MM, 1))
            for p in reader.pages]


@pytest.fixture(scope="module")
def racing_kings_out(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = build("racing_kings", "--format", "pdf", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "racing_kings"


def test_rules_sheet_is_a4_portrait_with_the_rule_text(racing_kings_out):
    sheet = racing_kings_out / "rules.pdf"
    pages = sizes_mm(sheet)
    assert 2 <= len(pages) <= 4 and set(pages) == {(210.0, 297.0)}
    text = "".join(p.extract_text() for p in PdfReader(str(sheet)).pages)
    assert "Racing Kings" in text and "Figure 7" in text and "Ne2xc1" in text


def test_booklet_is_a5_pages_two_up_on_a4_landscape(racing_kings_out):
    sheet_pages = len(sizes_mm(racing_kings_out / "rules.pdf"))
    booklet = sizes_mm(racing_kings_out / "rules-booklet.pdf")
    assert set(booklet) == {(297.0, 210.0)}
    assert len(booklet) % 2 == 0, "front and back of every sheet"
    assert 2 * len(booklet) == padded_count(2 * len(booklet)) >= sheet_pages


def test_paper_choice_carries_over(tmp_path):
    result = build("racing_kings", "--format", "pdf", "--paper", "letter", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert set(sizes_mm(tmp_path / "racing_kings" / "rules.pdf")) == {(215.9, 279.4)}
    assert set(sizes_mm(tmp_path / "racing_kings" / "rules-booklet.pdf")) == {(279.4, 215.9)}


def test_no_rules_without_pdf_output(tmp_path):
    assert build("racing_kings", "--format", "svg", "--out", str(tmp_path)).exit_code == 0
    assert not list((tmp_path / "racing_kings").glob("rules*"))


def test_an_unknown_language_is_an_input_error(tmp_path):
    result = build("racing_kings", "--format", "pdf", "--lang", "it", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert ("unknown language 'it'; available: de (German), en (English), fr (French), "
            "pl (Polish)" in " ".join(result.output.split()))


def test_a_language_without_a_rule_text_is_an_input_error(tmp_path):
    """A layout that extends nothing, with an English rule text only."""
    shipped = Path(__file__).parent.parent / "layouts" / "racing_kings.toml"
    solo = tmp_path / "solo.toml"
    solo.write_text(shipped.read_text(encoding="utf-8").replace('name = "racing_kings"',
                                                                 'name = "solo"'),
                    encoding="utf-8")
    (tmp_path / "solo.rules.en.md").write_text("# Solo\n\nPlay.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = build(str(solo), "--format", "pdf", "--lang", "de", "--out", str(out))
    assert result.exit_code == 2
    assert "no German rule text for 'solo'; written in: en (English)" in result.output
    assert not (out / "solo" / "rules.pdf").exists()
    assert build(str(solo), "--format", "pdf", "--out", str(out)).exit_code == 0


def user_layout(folder: Path, stem: str = "my_kings") -> Path:
    path = folder / f"{stem}.toml"
    path.write_text(f'extends = "racing_kings"\nname = "{stem}"\ntitle = "My Kings"\n',
                    encoding="utf-8")
    return path


def test_a_user_layout_without_rules_uses_the_parent_text(tmp_path):
    layout = user_layout(tmp_path)
    assert build(str(layout), "--format", "pdf", "--out", str(tmp_path / "out")).exit_code == 0
    text = PdfReader(str(tmp_path / "out" / "my_kings" / "rules.pdf")).pages[0].extract_text()
    assert "Vernon R. Parton" in text, "the parent's text"
    assert text.startswith("My Kings"), "headed with the copy's own title"


def test_a_user_rule_text_wins_and_may_add_a_language(tmp_path):
    layout = user_layout(tmp_path)
    (tmp_path / "my_kings.rules.de.md").write_text(
        "# Meine Könige\n\nSiehe {fig:start-position}.\n\n![Aufstellung](diagram:start-position)\n",
        encoding="utf-8")
    out = tmp_path / "out"
    assert build(str(layout), "--format", "pdf", "--lang", "de", "--out", str(out)).exit_code == 0
    text = PdfReader(str(out / "my_kings" / "rules.pdf")).pages[0].extract_text()
    assert "Meine Könige" in text and "Siehe Abbildung 1." in text
    assert build(str(layout), "--format", "pdf", "--lang", "en", "--out", str(out)).exit_code == 0
    text = PdfReader(str(out / "my_kings" / "rules.pdf")).pages[0].extract_text()
    assert "Vernon R. Parton" in text, "English still comes from the parent"


def test_an_unknown_diagram_in_a_user_text_names_file_and_line(tmp_path):
    layout = user_layout(tmp_path)
    rules = tmp_path / "my_kings.rules.en.md"
    rules.write_text("# Mine\n\nText.\n\n![Gone](diagram:castling)\n", encoding="utf-8")
    result = build(str(layout), "--format", "pdf", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert f"{rules}:5: unknown diagram 'castling'" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "my_kings" / "rules.pdf").exists()
