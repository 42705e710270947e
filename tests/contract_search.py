"""Layouts made from each game's own schema, and the contract every one of them must keep.

A generated layout extends a shipped game and overrides a few of its keys: numbers
in and just around their allowed ranges, colours in every accepted and some refused
spellings, names and labels with emoji, spaces and control characters, lists of
numbers, and the game's own multi-line strings (courses, positions) with a character
changed. ``run_contract`` then asks: does ``check`` refuse it in one line per problem,
or does ``build`` make it? Used by ``tests/test_contract_search.py`` and
``bench/bench_contract.py``.
"""

from __future__ import annotations

import json
import math
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.languages import shipped_codes
from boardgen.layout import layouts_dir
from boardgen.scaffold import layout_schema

SKIPPED = {"game", "extends", "labels"}
ODD_TEXT = st.text(st.sampled_from(list("aZ09 _-.ßąż\u00a0\t\n\x01\x1b\u200b\u202e🎲🏁\"\\'")),
                   max_size=24)
COLOURS = st.one_of(
    st.from_regex(r"\A#[0-9a-f]{6}\Z"), st.from_regex(r"\A#[0-9A-F]{3}\Z"),
    st.sampled_from(["green", "Red", "rebeccapurple", "transparent", "#12345", "#ggg", "", "blue "]),
)


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    for option in node.get("anyOf", ()):
        if option.get("type") != "null":
            return _resolve(schema, option)
    return node


def scalar_fields(schema: dict, node: dict | None = None, prefix: tuple[str, ...] = ()):
    """(key path, field schema) of every scalar or list-of-scalars field, tables followed."""
    node = _resolve(schema, node or schema)
    for key, field in node.get("properties", {}).items():
        if not prefix and key in SKIPPED:
            continue
        field = _resolve(schema, field)
        if field.get("type") == "object" and "properties" in field:
            yield from scalar_fields(schema, field, prefix + (key,))
        elif field.get("type") in ("integer", "number", "string", "boolean"):
            yield prefix + (key,), field
        elif field.get("type") == "array":
            items = _resolve(schema, field.get("items", {}))
            if items.get("type") in ("integer", "string"):
                yield prefix + (key,), field


PLAIN_TEXT = st.text(st.sampled_from(list("aZ09 -ßąż🎲🏁")), min_size=1, max_size=16)


def _number(field: dict, integer: bool, plausible: bool):
    low = field.get("minimum", field.get("exclusiveMinimum", -1000))
    high = field.get("maximum", field.get("exclusiveMaximum", low + 1000))
    if plausible:  # inside the range, mostly near the low end where real layouts are
        high = min(high, low + 4 * max(field.get("default", low) - low, 10))
        return st.integers(int(low), int(high)) if integer else \
            st.floats(low, high).filter(lambda v: v > field.get("exclusiveMinimum", -math.inf))
    span = max(high - low, 1)
    around = st.integers(int(low - 2), int(high + 2)) if integer else \
        st.floats(low - span / 10, high + span / 10, allow_nan=False)
    edges = st.sampled_from([low, high, low - 1, high + 1, 0, -1])
    values = st.one_of(around, edges)
    return values.map(int) if integer else st.one_of(values, st.sampled_from([1e-3, 1e-9, 1e9]))


def field_values(field: dict, plausible: bool):
    """Values for one field: plausible ones inside what it allows, or hostile ones around it."""
    kind = field.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        return _number(field, kind == "integer", plausible)
    if kind == "array":
        items = field.get("items", {})
        inner = st.integers(-3, 200) if items.get("type") == "integer" else ODD_TEXT
        return st.lists(inner, max_size=8)
    if "enum" in field:
        return st.sampled_from(field["enum"]) if plausible else ODD_TEXT
    if "colour" in field.get("description", "") or "#" in field.get("pattern", ""):
        return st.from_regex(r"\A#[0-9a-f]{6}\Z") if plausible else COLOURS
    limit = field.get("maxLength", 40)
    if plausible:
        return PLAIN_TEXT.filter(lambda text: len(text) <= limit)
    if limit > 300:
        return st.one_of(ODD_TEXT, st.text(max_size=300))
    return st.one_of(ODD_TEXT, st.text(min_size=max(0, limit - 2), max_size=limit + 2))


def shipped_values(game: str, wanted) -> list[tuple[tuple[str, ...], Any]]:
    """The values of a shipped layout for which ``wanted(value)`` holds, with their key paths."""
    data = tomllib.loads((layouts_dir() / f"{game}.toml").read_text(encoding="utf-8"))
    found = []

    def visit(table: dict, prefix: tuple[str, ...]) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                visit(value, prefix + (key,))
            elif key != "extends" and wanted(value):
                found.append((prefix + (key,), value))

    visit(data, ())
    return found


def shipped_strings(game: str) -> list[tuple[tuple[str, ...], str]]:
    """The multi-line strings of a shipped layout (courses, positions, grids)."""
    return shipped_values(game, lambda v: isinstance(v, str) and ("\n" in v or "/" in v))


def shipped_table_lists(game: str) -> list[tuple[tuple[str, ...], list]]:
    """The lists of tables of a shipped layout (players, tile types, legend entries)."""
    return shipped_values(game, lambda v: isinstance(v, list) and v and
                          all(isinstance(item, dict) for item in v))


@st.composite
def edited_tables(draw, tables: list[dict]) -> list[dict]:
    """A list of tables with one dropped, doubled, or one of its numbers changed."""
    tables = [dict(t) for t in tables]
    at = draw(st.integers(0, len(tables) - 1))
    how = draw(st.sampled_from(["drop", "double", "number", "number"]))
    if how == "drop":
        del tables[at]
    elif how == "double":
        tables.insert(at, dict(tables[at]))
    else:
        numbers = [k for k, v in tables[at].items()
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if numbers:
            key = draw(st.sampled_from(numbers))
            tables[at][key] = draw(st.integers(-2, 3 * max(int(tables[at][key]), 3)))
    return tables


@st.composite
def mutated(draw, text: str) -> str:
    """``text`` with one character replaced, inserted or removed."""
    at = draw(st.integers(0, len(text)))
    new = draw(st.sampled_from(list("#.xX1 \nabqkKQ")))
    how = draw(st.sampled_from(["replace", "insert", "delete"]))
    if how == "insert":
        return text[:at] + new + text[at:]
    return text[:at] + ("" if how == "delete" else new) + text[at + 1:]


def layouts(game: str):
    """Strategy: TOML text of a layout that extends ``game`` and overrides a few of its keys."""
    schema = layout_schema(game)
    fields = sorted(scalar_fields(schema))
    strings = shipped_strings(game)
    one_field = st.tuples(st.sampled_from(fields), st.booleans(), st.booleans()).flatmap(
        lambda item: field_values(item[0][1], item[1] or item[2]).map(
            lambda value: (item[0][0], value)))  # three in four plausible
    one_string = st.sampled_from(strings).flatmap(
        lambda item: mutated(item[1]).map(lambda value: (item[0], value))) if strings else one_field
    table_lists = shipped_table_lists(game)
    one_table_list = st.sampled_from(table_lists).flatmap(
        lambda item: edited_tables(item[1]).map(lambda value: (item[0], value))) \
        if table_lists else one_field
    changes = st.lists(st.one_of(one_field, one_field, one_field, one_string, one_table_list),
                       min_size=1, max_size=3,
                       unique_by=lambda change: change[0])
    return changes.map(lambda items: to_toml(game, dict(items)))


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)  # JSON escapes are TOML basic-string escapes


def to_toml(game: str, changes: dict[tuple[str, ...], Any]) -> str:
    """A layout extending ``game`` with dotted keys, one change a line."""
    lines = [f'extends = "{game}"']
    for path, value in changes.items():
        lines.append(".".join(json.dumps(part) for part in path) + " = " + toml_value(value))
    return "\n".join(lines) + "\n"


def searched_layouts() -> dict[str, str]:
    """The shipped layouts the search starts from, each with its game kind: every layout that
    extends no other, so each kind is searched from each of its own games (the race kind from
    both of its); a kind joins the search by being registered with a shipped layout."""
    from boardgen.games import KINDS
    from boardgen.layout import read_layout, shipped_games

    found: dict[str, str] = {}
    for name in shipped_games():
        data = read_layout(name).files[0]
        raw = tomllib.loads(data.read_text(encoding="utf-8"))
        if "extends" not in raw:
            found[name] = raw.get("game")
    missing = sorted(set(KINDS) - set(found.values()))
    assert not missing, f"registered game kinds without a shipped layout to search from: {missing}"
    return found


@dataclass(frozen=True)
class Options:
    """A build's options, and those ``check`` is told (none: it covers every build)."""

    build: tuple[str, ...]
    check: tuple[str, ...] = ()

    def describe(self) -> str:
        told = f"; check {' '.join(self.check)}" if self.check else ""
        return f"build {' '.join(self.build)}{told}"


STANDARD_PAPERS = ["a4", "letter", "a3", "legal"]
FORMATS = ["pdf", "svg", "png", "tgc", "tts"]
LANGUAGES = sorted(shipped_codes())  # every shipped language, from its catalogue


def _millimetres(low: float, high: float, edges: list[float]):
    """Lengths in a range, its edges and a few round values most often."""
    return st.one_of(st.sampled_from(edges), st.floats(low, high).map(lambda v: round(v, 2)))


@st.composite
def build_options(draw, formats: tuple[str, ...] | None = None) -> Options:
    """Strategy: the options of a build, as command-line arguments: any standard paper or one
    of its own size, either mode, any backs, bleed up to its maximum, margins, formats (or
    ``formats``), resolution and language. ``check`` is told them half the time, and always
    for a paper of the build's own (it covers the standard papers, margins up to 6 mm and
    150 dpi by itself)."""
    custom = draw(st.integers(0, 5)) == 5  # one in six; hypothesis leans to the low end
    paper = (f"{draw(st.integers(140, 500))}x{draw(st.integers(140, 700))}mm" if custom
             else draw(st.sampled_from(STANDARD_PAPERS)))
    told = custom or draw(st.booleans())
    mode = draw(st.sampled_from(["home", "shop"]))
    backs = draw(st.sampled_from(["duplex", "fold", "none"]))
    bleed = draw(_millimetres(0, 20, [0, 3, 20]))
    margin = draw(_millimetres(0, 20 if told else 6, [0, 6]))
    chosen = formats or tuple(draw(st.lists(st.sampled_from(FORMATS), min_size=1, max_size=3,
                                            unique=True)))
    dpi = draw(st.integers(10, 300 if told else 150))
    lang = draw(st.sampled_from(LANGUAGES))
    printed = ("--paper", paper, "--mode", mode, "--backs", backs, "--bleed", f"{bleed:g}",
               "--margin", f"{margin:g}")
    common = (*printed, "--format", ",".join(chosen), "--dpi", str(dpi))
    return Options((*common, "--lang", lang), common if told else ())


@dataclass
class Outcome:
    """What the contract made of one layout."""

    refused: bool
    check_s: float
    build_s: float = 0.0
    lines: tuple[str, ...] = ()


def run_contract(text: str, folder: Path, options: Options) -> Outcome:
    """Check a layout (with the options check is told); build it with the build's options
    if check accepts. Asserts the contract: a refusal is one located line per problem, and
    what check accepts, the build makes."""
    path = folder / "search.toml"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    start = time.perf_counter()
    checked = runner.invoke(app, ["check", str(path), *options.check], catch_exceptions=False)
    check_s = time.perf_counter() - start
    assert checked.exit_code in (0, 2), checked.output
    if checked.exit_code == 2:
        lines = tuple(checked.stderr.splitlines())
        assert lines and all(line.startswith("error: ") for line in lines), checked.stderr
        assert all(c.isprintable() for line in lines for c in line), lines
        return Outcome(True, check_s, lines=lines)
    start = time.perf_counter()
    built = runner.invoke(app, ["build", str(path), "--out", str(folder / "out"),
                                *options.build], catch_exceptions=False)
    build_s = time.perf_counter() - start
    assert built.exit_code == 0, \
        f"check accepted, {options.describe()} refused:\n{text}\n{built.stderr}"
    return Outcome(False, check_s, build_s)
