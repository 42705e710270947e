"""Rule sheets speak to players: no command names, options, file names or layout keys in
any shipped rule sheet, in any language (how to customise is in docs/customising.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pydantic import BaseModel

from boardgen.layout import load_layout
from boardgen.rules import rule_book
from boardgen.scene import Text
from tests.conftest import shipped_rule_texts

TOOL_WORDS = [
    (re.compile(r"\bboardgen\b", re.I), "the program's name"),
    (re.compile(r"(?<![\w-])--?[a-z][a-z-]+"), "a command-line option"),
    (re.compile(r"\b[\w-]+\.(toml|md|pdf|svg|png|json|txt|py)\b", re.I), "a file name"),
    (re.compile(r"\[\[?[a-z_]+(\.[a-z_]+)*\]\]?"), "a layout table"),
    (re.compile(r"\b[a-z_]+(\.[a-z_]+)*\s*=\s*\S"), "a layout key set to a value"),
]


def layout_keys(model: Any, found: set[str] | None = None) -> set[str]:
    """The key names of a layout model and its tables that no player would say
    (``square_mm``, ``straight_spaces``)."""
    found = set() if found is None else found
    fields = type(model).model_fields if isinstance(model, BaseModel) else {}
    for name in fields:
        if "_" in name:
            found.add(name)
        value = getattr(model, name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, BaseModel):
                layout_keys(item, found)
    return found


SHEETS = shipped_rule_texts()


@pytest.mark.parametrize("name,lang", SHEETS, ids=[f"{n}-{l}" for n, l in SHEETS])
def test_no_rule_sheet_names_commands_files_or_layout_keys(name, lang):
    layout = load_layout(name)
    pages = rule_book(layout, lang).sheet()
    keys = layout_keys(layout)
    found = []
    for number, page in enumerate(pages, start=1):
        lines: dict[float, list[Text]] = {}
        for node in page.children:
            if isinstance(node, Text):
                lines.setdefault(round(node.y, 1), []).append(node)
        for _, nodes in sorted(lines.items()):
            line = " ".join(n.text for n in sorted(nodes, key=lambda n: n.x))
            for pattern, what in TOOL_WORDS:
                found += [f"page {number}: {what} {m.group(0)!r} in {line!r}"
                          for m in pattern.finditer(line)]
            found += [f"page {number}: layout key {key!r} in {line!r}"
                      for key in keys if re.search(rf"\b{re.escape(key)}\b", line)]
    assert not found, f"{name} ({lang}) rule sheet:\n" + "\n".join(found)


@pytest.mark.parametrize("line", ["Run boardgen build river_race.", "Use --setup mine.toml",
                                  "set [board] cell_mm = 30", "print rules.pdf",
                                  "track.spaces = 60"])
def test_the_rule_catches_tool_words(line):
    assert any(pattern.search(line) for pattern, _ in TOOL_WORDS)


@pytest.mark.parametrize("line", ["White moves first — a 1 × 3 tile, 12 mm wide.",
                                  "„Ziel“ liegt 3 Felder vor dir; Start-Ziel-Linie.",
                                  "Gracz w-1 stawia kafelek (rys. 2)."])
def test_the_rule_lets_ordinary_prose_through(line):
    assert not any(pattern.search(line) for pattern, _ in TOOL_WORDS)
