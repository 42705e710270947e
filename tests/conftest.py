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
