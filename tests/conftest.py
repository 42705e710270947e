"""Shared test helpers: building into temporary folders and reading PDFs back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardgen.cli import app

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
PT_PER_MM = 72 / 25.4


@pytest.fixture
def run_cli():
    """Run the command line in-process; returns the click Result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

    return run


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def pdf_text(data: bytes) -> str:
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def unresolved_graphics_states(data: bytes) -> list[str]:
    """Names used with the `gs` operator that the page or form's own resources do not define."""
    import re

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    missing: list[str] = []
    seen: set[int] = set()

    def check(content: bytes, resources, where: str) -> None:
        states = resources.get("/ExtGState", {}) if resources else {}
        states = states.get_object() if hasattr(states, "get_object") else states
        for name in re.findall(rb"/([A-Za-z0-9_.]+)\s+gs\b", content):
            if "/" + name.decode() not in states:
                missing.append(f"{where}: {name.decode()}")
        xobjects = resources.get("/XObject", {}) if resources else {}
        xobjects = xobjects.get_object() if hasattr(xobjects, "get_object") else xobjects
        for key, ref in xobjects.items():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            form = ref.get_object()
            inner = form.get("/Resources")
            check(form.get_data(), inner.get_object() if inner else None, f"{where} {key}")

    for number, page in enumerate(reader.pages, start=1):
        resources = page.get("/Resources")
        check(page.get_contents().get_data() if page.get_contents() else b"",
              resources.get_object() if resources else None, f"page {number}")
    return missing


def shipped_rule_texts() -> list[tuple[str, str]]:
    """(layout, language) of every rule text the shipped layouts print."""
    from boardgen.i18n import LANGUAGES
    from boardgen.layout import load_layout, shipped_games
    from boardgen.rules import MissingLanguage, rule_book

    found = []
    for name in shipped_games():
        for lang in LANGUAGES:
            try:
                if rule_book(load_layout(name), lang) is not None:
                    found.append((name, lang))
            except MissingLanguage:
                continue
    return found
