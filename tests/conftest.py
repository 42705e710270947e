"""Shared test helpers: building into temporary folders, reading PDFs back, and the system
libraries and programs some tests need."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import NoReturn

import pytest
from typer.testing import CliRunner

from boardgen.cli import app

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
PT_PER_MM = 72 / 25.4


# Debian's package for each Hunspell dictionary the tests read.
HUNSPELL_PACKAGES = {"en_US": "hunspell-en-us", "de_DE": "hunspell-de-de", "pl_PL": "hunspell-pl",
                     "fr_FR": "hunspell-fr"}


def missing(reason: str, package: str) -> NoReturn:
    """A test (or, called at its top, a whole module) needs what this machine lacks: skipped
    with the reason, except under CI, which installs everything the tests use (``.ci/run``
    sets ``CI``): there it fails."""
    message = f"{reason} (Debian: apt install {package})"
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, but {message}", pytrace=False)
    pytest.skip(message, allow_module_level=True)


def import_enchant():
    """pyenchant, or ``missing``. Its import fails with ImportError where libenchant is not
    installed, OSError where it does not load, and AssertionError where
    ``PYENCHANT_LIBRARY_PATH`` names no file (pytest's importorskip skips none of them)."""
    try:
        import enchant
    except (ImportError, OSError, AssertionError) as error:
        lines = str(error).strip().splitlines() or [type(error).__name__]
        missing(f"pyenchant cannot load libenchant: {lines[0]}", "libenchant-2-2")
    return enchant


def hunspell(code: str):
    """The Hunspell dictionary ``code`` (``de_DE``) through pyenchant, or ``missing``."""
    enchant = import_enchant()
    try:
        return enchant.Dict(code)
    except enchant.errors.DictNotFoundError:
        missing(f"no Hunspell dictionary {code}",
                HUNSPELL_PACKAGES.get(code, f"hunspell-{code.split('_')[0].lower()}"))


def require_cairo() -> None:
    """The cairo library, through cairosvg, or ``missing``: without it PNG files come from
    pdfium, so a test comparing with cairo's pictures has nothing to compare with."""
    from boardgen.render import png

    if png.backend() != "cairo":
        missing("no cairo library, so PNG files come from pdfium here", "libcairo2")


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


def pdf_page_texts(data: bytes | Path) -> list[str]:
    """The text of each page, as a reader copying it sees it. PDFium reads a long kit in a
    fraction of pypdf's time; the hyphen it marks at a line's end is written back as one."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        pages = [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()
    return [page.replace("\r\n", "\n").replace("\ufffe", "-\n") for page in pages]


def pdf_text(data: bytes | Path) -> str:
    """The text of every page, one after another."""
    return "\n".join(pdf_page_texts(data))


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
