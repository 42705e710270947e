"""Setup files: the obstacles placed in phase 1, as TOML.

```toml
[[obstacle]]
piece = "black-1x3"
cells = ["C5", "D5", "E5"]
player = 1
```

Reading a setup only checks that the file is well formed (TOML, the three keys, cell
names that are cell names). Whether the placement obeys the rules is the generic check's job
(:func:`boardgen.geometry.reach.check_placements`), which also defines what a setup holds.
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

import re
from pathlib import Path

from pydantic import Field, StrictInt, StrictStr, field_validator

from boardgen.errors import InputError
from boardgen.geometry.naming import spreadsheet_cell
from boardgen.geometry.reach import Placement, Setup
from boardgen.layout import RawLayout, SetupModel, read_toml, validate_model

ENTRY_HEADER = re.compile(r"^\s*\[\[\s*obstacle\s*\]\]")
ENTRY_KEY = re.compile(r"^obstacle\[(\d+)\]")


class ObstacleEntry(SetupModel):
    """One ``[[obstacle]]`` of a setup file."""

    piece: StrictStr = Field(min_length=1, max_length=40,
                             description="the piece, family-shape such as \"black-1x3\"")
    cells: list[StrictStr] = Field(max_length=100, description="every cell the piece covers, "
                                                               "such as [\"C5\", \"D5\", \"E5\"]")
    player: StrictInt = Field(description="the player who placed it, 1 or 2")

    @field_validator("cells")
    @classmethod
    def cells_are_cell_names(cls, value: list[str]) -> list[str]:
        for name in value:
            spreadsheet_cell(name)
        return [name.upper() for name in value]


class SetupFile(SetupModel):
    """A setup file: the obstacles placed in phase 1."""

    obstacle: list[ObstacleEntry] = Field(default_factory=list, max_length=10000,
                                          description="the placed obstacles, [[obstacle]] each")


def load_setup(layout, path: str | Path) -> Setup:
    """Read a setup file; InputError (exit 2) only when it is not a well-formed setup."""
    path = Path(path)
    data, text = read_toml(path, "setup files")
    raw = RawLayout(data, (path,), (text,))
    lines = entry_lines(text)
    try:
        parsed = validate_model(SetupFile, raw)
    except InputError as error:
        raise _with_entry_lines(error, text, lines) from None
    placements = tuple(
        Placement(number, entry.piece, tuple(entry.cells), entry.player,
                  lines[number - 1] if len(lines) == len(parsed.obstacle) else None)
        for number, entry in enumerate(parsed.obstacle, start=1))
    return Setup(placements, source=str(path))


def entry_lines(text: str) -> list[int]:
    """Line numbers of the ``[[obstacle]]`` headers."""
    return [number for number, line in enumerate(text.splitlines(), start=1)
            if ENTRY_HEADER.match(line)]


def _with_entry_lines(error: InputError, text: str, lines: list[int]) -> InputError:
    """Point errors inside the n-th ``[[obstacle]]`` at its key's line (or its header)."""
    all_lines = text.splitlines()

    def fix(problem: InputError) -> InputError:
        match = ENTRY_KEY.match(problem.key or "")
        if not match or int(match.group(1)) >= len(lines):
            return problem
        header = lines[int(match.group(1))]
        line = header
        key = problem.key[match.end():].lstrip(".").split("[")[0].split(".")[0]
        for number in range(header + 1, len(all_lines) + 1):
            stripped = all_lines[number - 1].strip()
            if stripped.startswith("["):
                break
            if key and re.match(rf"{re.escape(key)}\s*=", stripped):
                line = number
                break
        return InputError(problem.message, source=problem.source, key=problem.key, line=line)

    problems = [fix(p) for p in error.problems]
    first = fix(error)
    return InputError(first.message, source=first.source, key=first.key, line=first.line,
                      problems=problems)


def setup_toml(setup: Setup, header: str = "") -> str:
    """A setup as TOML text, one ``[[obstacle]]`` table per placement."""
    parts = [header.rstrip("\n") + "\n"] if header else []
    for placement in setup.placements:
        cells = ", ".join(f'"{cell}"' for cell in placement.cells)
        parts.append(f'\n[[obstacle]]\npiece = "{placement.piece}"\ncells = [{cells}]\n'
                     f"player = {placement.player}\n")
    return "".join(parts).lstrip("\n")
