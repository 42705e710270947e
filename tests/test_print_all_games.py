"""Print output of every shipped layout, read back from the imposed pages and the PDFs."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pypdf
import pytest

from boardgen import imposition
from boardgen.build import compose_target
from boardgen.render import renderer
from boardgen.scene import Document

GAMES = ("racing_kings", "river_race", "steeple_chess", "six_day_race", "six_day_race_advanced")


@lru_cache(maxsize=None)
def game(name: str):
    """(layout, game output) of a shipped layout, composed once per test run."""
    return compose_target(name)


def pdf_of(pages) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(renderer("pdf")(Document(tuple(pages)))))


def forms(resources, seen=None):
    """Every form XObject reachable from a resource dictionary, each once."""
    seen = {} if seen is None else seen
    for ref in (resources.get("/XObject") or {}).values():
        form = ref.get_object()
        if id(form) not in seen and form.get("/Subtype") == "/Form":
            seen[id(form)] = form
            forms(form.get("/Resources") or {}, seen)
    return list(seen.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_graphics_state_a_form_uses_is_declared_in_it(name):
    layout, output = game(name)
    reader = pdf_of(imposition.impose_board(output.board, imposition.PrintOptions())[:1])
    for form in forms(reader.pages[0]["/Resources"]):
        used = set(re.findall(rb"/(\S+) gs", form.get_data()))
        declared = {key.lstrip("/").encode() for key in form["/Resources"].get("/ExtGState", {})}
        assert used <= declared
