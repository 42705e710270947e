"""Starter files for customising a game, and the JSON Schema of the layout format."""

from __future__ import annotations

import copy
import difflib
import json
import os
import re
from pathlib import Path
from typing import Any

from boardgen.errors import InputError
from boardgen.layout import layouts_dir, read_layout, resolve, safe_identifier

# Keys the starter sets itself; everything else is shown, commented, as inherited.
OWN_KEYS = ("game", "name", "title", "extends")
BARE_KEY = re.compile(r"^[A-Za-z0-9_\-]+$")
SETTING_COMMENT = re.compile(r"^[A-Za-z0-9_\-.\"]+\s*=")  # a commented-out setting, not prose
WIDTH = 92


def starter_text(game: str, path: Path) -> str:
    """A layout that extends ``game`` with every inherited setting shown as a commented block.

    The blocks are written from the merged data of the whole ``extends`` chain, so each
    one, uncommented as written, checks: a table shows all its keys, and an array of
    tables (replaced whole when set) shows every entry with every key.
    """
    from boardgen.layout import load_layout

    kind_starter = _kind_starter(game, path)
    if kind_starter is not None:
        return kind_starter
    try:
        source = resolve(game)
    except InputError as error:
        raise _with_kinds(error, game) from None
    model = type(load_layout(game))
    raw = read_layout(game)
    data = raw.merged(model.replaced_tables) if model.replaced_tables else raw.data
    notes = _comments(raw.texts)
    base_title = str(data.get("title", game))
    name = safe_identifier(path.stem)
    lines = [
        f"## {name}: my version of {base_title}.",
        "## Everything is inherited from the game named in `extends`. Each block below is one",
        "## of its tables, commented out: to change a setting, remove the '# ' in front of it",
        "## and of its [table] line, then edit the value (or uncomment a whole block).",
        "## Lines starting with '##' are explanations and stay as they are.",
        "## A list of [[entries]] is replaced whole: keep all its entries together.",
        f"## Check with: boardgen check {path.name}    Build with: boardgen build {path.name}",
        "",
        f"extends = {_value(_extends(game, source, path))}",
        f'name = "{name}"',
        f'title = {_value(f"{base_title} ({name})")}',
        "",
    ]
    writer = _Writer(model, notes, lines, _own_names(data, name))
    for key, value in data.items():
        if key not in OWN_KEYS and not isinstance(value, dict) and not _is_table_array(value):
            writer.block((key,), [(key, value)], header=None)
    for key, value in data.items():
        if key not in OWN_KEYS and (isinstance(value, dict) or _is_table_array(value)):
            writer.table((key,), value, whole=key in model.replaced_tables)
    return "\n".join(lines).rstrip() + "\n"


def _own_names(data: dict[str, Any], name: str) -> dict[tuple[str, ...], str]:
    """The copy's own title in each language the game names itself in, by key path: a copy
    with a title of its own is called that in every language it gives no title for, so the
    starter names it in each, as the game is named there."""
    labels = data.get("labels")
    if not isinstance(labels, dict):
        return {}
    return {("labels", lang, "title"): f"{table['title']} ({name})"
            for lang, table in labels.items()
            if isinstance(table, dict) and isinstance(table.get("title"), str)}


def _kind_starter(game: str, path: Path) -> str | None:
    """A game kind's own starter (``boardgen new race my_game.toml``): a layout of a small
    game of that kind, when ``game`` names a kind with one and no shipped layout."""
    from boardgen.games import KINDS, game_for

    if game not in KINDS or (layouts_dir() / f"{game}.toml").is_file():
        return None
    starter = getattr(game_for(game), "starter_text", None)
    return starter(path) if starter is not None else None


def _with_kinds(error: InputError, game: str) -> InputError:
    """An unknown game's error that also names the kinds a game of one's own starts from."""
    if "/" in game or "\\" in game or game.endswith(".toml") or "did you mean" in error.message:
        return error  # a layout file that is not there, or a shipped game's name misspelt
    kinds = _starter_kinds()
    close = difflib.get_close_matches(game, kinds, n=1)
    hint = (f'did you mean "{close[0]}", for a game of your own?' if close else
            "or, for a game of your own, the kind " + " or ".join(f'"{k}"' for k in kinds))
    return InputError(f"{error.message}; {hint}", source=error.source)


def _starter_kinds() -> list[str]:
    """The game kinds with a starter of their own and no shipped layout of the same name."""
    from boardgen.games import KINDS, game_for

    return [kind for kind in sorted(KINDS) if not (layouts_dir() / f"{kind}.toml").is_file()
            and getattr(game_for(kind), "starter_text", None) is not None]


def _extends(game: str, source: Path, path: Path) -> str:
    """A shipped game by its name; a layout file by its path from the new file's folder."""
    if source.resolve() == (layouts_dir() / f"{game}.toml").resolve():
        return game
    relative = os.path.relpath(source.resolve(), path.resolve().parent)
    return Path(relative).as_posix()


class _Writer:
    """Appends commented blocks, one per table, to the starter's lines."""

    def __init__(self, model, notes: dict[tuple[str, ...], list[str]], lines: list[str],
                 live: dict[tuple[str, ...], Any] | None = None):
        self.model = model
        self.notes = notes
        self.lines = lines
        self.live = live or {}  # key path → a value written as a setting, not commented out

    def table(self, names: tuple[str, ...], value: Any, whole: bool = False) -> None:
        """A table's own keys as one block, then its sub-tables; ``whole`` keeps it one block."""
        if _is_table_array(value):
            self.entries(names, value)
            return
        own = [(k, v) for k, v in value.items()
               if whole or not (isinstance(v, dict) or _is_table_array(v))]
        if own or not value:
            self.block(names, own, header=f"[{_dotted(names)}]")
        if not whole:
            for key, item in value.items():
                if isinstance(item, dict) or _is_table_array(item):
                    self.table(names + (key,), item)

    def entries(self, names: tuple[str, ...], items: list[dict]) -> None:
        """All entries of an array of tables in one block: setting one replaces them all."""
        self.explain(names)
        for item in items:
            self.lines.append(f"# [[{_dotted(names)}]]")
            for key, value in item.items():
                self.setting(names + (key,), key, value)
        self.lines.append("")

    def block(self, names: tuple[str, ...], keys: list[tuple[str, Any]], header: str | None):
        """One commented block: the explanation, the header, then each key with its note
        (a key of ``live`` and its header are settings, not comments)."""
        live = header is not None and any(names + (key,) in self.live for key, _ in keys)
        if header:
            self.explain(names)
            self.lines.append(header if live else f"# {header}")
        for key, value in keys:
            where = names + (key,) if header else names
            self.explain(where, describe=False)  # a description goes after the value
            if where in self.live:
                self.lines.append(f"{_key(key)} = {_value(self.live[where])}")
            else:
                self.setting(where, key, value)
        self.lines.append("")

    def explain(self, names: tuple[str, ...], describe: bool = True) -> None:
        """The layout's own comment above a key or table, else (``describe``) the model's."""
        note = [n for n in self.notes.get(names, []) if not n.startswith("\0")]
        if not note and describe:
            described = _description(self.model, names)
            note = [described] if described else []
        self.lines.extend(f"## {line}" for line in note)

    def setting(self, names: tuple[str, ...], key: str, value: Any) -> None:
        """``# key = value`` (several lines for a long array or text), with a trailing note."""
        trailing = [n[1:] for n in self.notes.get(names, []) if n.startswith("\0")]
        if not trailing and not isinstance(value, (dict, list)):
            described = _description(self.model, names) if not self.notes.get(names) else None
            trailing = [described] if described else []
        text = f"{_key(key)} = {_value(value, inline=False)}"
        rows = text.split("\n")
        if trailing and len(rows) == 1 and len(rows[0]) + len(trailing[0]) < WIDTH:
            rows[0] += f"  # {trailing[0]}"
        elif trailing:
            self.lines.append(f"## {trailing[0]}")
        self.lines.extend(f"# {row}".rstrip() for row in rows)


def _comments(texts: tuple[str, ...]) -> dict[tuple[str, ...], list[str]]:
    """Comments of the layout files by key path: lines above a key, and ("\0"-marked) after it.

    The user-facing file comes first, so its words win over those of the files it extends.
    """
    found: dict[tuple[str, ...], list[str]] = {}
    for text in texts:
        table: list[str] = []
        pending: list[str] = []
        for line in text.splitlines():
            stripped = line.strip()
            if not stripped:
                pending = []
                continue
            if stripped.startswith("#"):
                words = stripped.lstrip("#").strip()
                if not SETTING_COMMENT.match(words):
                    pending.append(words)
                continue
            header = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?", stripped)
            if header:
                table = [p.strip().strip('"') for p in header.group(1).split(".")]
                found.setdefault(tuple(table), pending)
                pending = []
                continue
            key = re.match(r'^([A-Za-z0-9_\-."\s]+?)\s*=', stripped)
            if key:
                names = tuple(table + [p.strip().strip('"') for p in key.group(1).split(".")])
                after = _trailing_comment(stripped)
                note = pending + ([f"\0{after}"] if after else [])
                if note:
                    found.setdefault(names, note)
            pending = []
    return found


def _trailing_comment(line: str) -> str | None:
    """The comment after a value on a TOML line (a '#' outside any string)."""
    quote, escaped = "", False
    for index, char in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[index:].lstrip("#").strip() or None
    return None


def _description(model, names: tuple[str, ...]) -> str | None:
    """The model's description of the field at a key path, if it has one."""
    from pydantic import BaseModel

    from boardgen.layout import _unwrap

    current: Any = model
    info = None
    for name in names:
        current = _unwrap(current)
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(name)
        if info is None:
            return None
        current = info.annotation
    if info is None or info.description in _type_descriptions():
        return None  # "a colour ..." on every colour says nothing the value does not
    return info.description


def _type_descriptions() -> set[str]:
    """Descriptions that come with a shared value type, not with one field."""
    from boardgen.layout import Color, Millimetres

    return {m.description for t in (Color, Millimetres) for m in t.__metadata__
            if getattr(m, "description", None)}


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _dotted(names: tuple[str, ...]) -> str:
    return ".".join(_key(n) for n in names)


def _key(name: str) -> str:
    return name if BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def _value(value: Any, inline: bool = True) -> str:
    """A TOML value; long arrays and multi-line texts span lines unless ``inline``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value) if isinstance(value, float) else str(value)
    if isinstance(value, str):
        if (not inline and "\n" in value and "\'\'\'" not in value
                and all(c.isprintable() or c in "\n\t" for c in value)):
            return "\'\'\'\n" + value + "\'\'\'"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" \
            if value else "{}"
    if isinstance(value, (list, tuple)):
        items = [_value(v) for v in value]
        one_line = "[" + ", ".join(items) + "]"
        if inline or len(one_line) <= WIDTH - 30:
            return one_line
        return "[\n" + "".join(f"  {item},\n" for item in items) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def layout_schema(game: str | None = None) -> dict[str, Any]:
    """JSON Schema of one game's layout model, or of every shipped game's.

    The all-games schema picks one game's branch by ``game`` or by an ``extends`` that
    names a shipped layout of that game (``if``/``then``), so an editor reports the bad
    key itself rather than "not valid under any of the schemas".
    """
    from boardgen.games import ALIASES, KINDS

    if game is not None:
        schema = _game_schema(_kind_of(game))
        schema["title"] = f"boardgen layout: {game}"
        return {"$schema": DRAFT, **schema}
    defs: dict[str, Any] = {}
    branches = []
    shipped = _shipped_by_kind()
    for kind in _model_names():
        schema = _prefix_defs(_game_schema(kind), kind)
        defs.update(schema.pop("$defs", {}))
        defs[kind] = schema
        branch = {"$ref": f"#/$defs/{kind}"}
        branches.append({"if": _names_model(kind), "then": branch})
        if shipped.get(kind):
            branches.append({"if": {"required": ["extends"],
                                    "properties": {"extends": {"enum": shipped[kind]}}},
                             "then": branch})
    return {
        "$schema": DRAFT,
        "title": "boardgen layout",
        "description": "a layout names its game with `game`, or inherits one with `extends`",
        "type": "object",
        "properties": {
            "game": {"enum": [*KINDS, *ALIASES], "description": "which game this layout is "
                                                              "for"},
            "extends": {"type": "string", "description": "a shipped game name, or a layout "
                        "file relative to this one"},
        },
        # Without `game`, a layout must say what it extends (an editor says so in those words).
        "if": {"not": {"required": ["game"]}},
        "then": {"required": ["extends"]},
        "allOf": branches,
        "$defs": defs,
    }


DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _names_model(kind: str) -> dict[str, Any]:
    """The condition of a layout that names model ``kind`` itself (by ``game`` and, for a
    race rules plugin, ``rules``; a race of the kind's own rules names none)."""
    from boardgen.games import ALIASES

    game, _, rules = kind.partition(".")
    if not rules:
        condition: dict[str, Any] = {"required": ["game"],
                                     "properties": {"game": {"const": game}}}
        return {**condition, "not": {"required": ["rules"]}} if game == "race" else condition
    former = [name for name, keys in ALIASES.items() if keys.get("rules") == rules]
    return {"anyOf": [{"required": ["game", "rules"],
                       "properties": {"game": {"const": game}, "rules": {"const": rules}}},
                      *({"required": ["game"], "properties": {"game": {"const": name}}}
                        for name in former)]}


def _model_name(data: dict[str, Any]) -> str:
    """The name of the model a layout's data is validated with: its game kind, or
    ``race.<rules>`` for a race layout that names a rules plugin (see ``_game_schema``)."""
    from boardgen.games import resolve_alias

    data = resolve_alias(data)
    rules = data.get("rules")
    return f"{data.get('game')}.{rules}" if isinstance(rules, str) and rules else \
        str(data.get("game"))


def _model_names() -> list[str]:
    """Every game kind, and each rules plugin of the race kind as ``race.<rules>``."""
    from boardgen.games import KINDS
    from boardgen.games.race.plugins import registered

    return [*KINDS, *(f"race.{name}" for name in registered() if "race" in KINDS)]


def _kind_of(game: str) -> str:
    """The model name of a kind name, a race rules plugin's or a shipped layout's name."""
    from boardgen.games import ALIASES, KINDS

    if game in KINDS or game in _model_names():
        return game
    if game in ALIASES:
        return _model_name({"game": game})
    try:
        kind = _model_name(read_layout(resolve(game)).data)
    except InputError:
        kind = None
    if kind not in _model_names():
        raise InputError(f"unknown game {game!r}; expected one of: {', '.join(KINDS)}",
                         source="schema")
    return kind


def _shipped_by_kind() -> dict[str, list[str]]:
    """Shipped layout names (and their file names) by the model name they are for."""
    from boardgen.layout import shipped_games

    found: dict[str, list[str]] = {}
    for name in shipped_games():
        try:
            kind = _model_name(read_layout(name).data)
        except InputError:
            continue
        found.setdefault(kind, []).extend([name, f"{name}.toml"])
    return found


def _game_schema(kind: str) -> dict[str, Any]:
    """One game's model schema, with keys a layout may inherit made optional (``race.NAME``:
    the race layout of the rules plugin NAME)."""
    from boardgen.games import game_for
    from boardgen.games.race.plugins import rules_for

    game, _, rules = kind.partition(".")
    model = rules_for(rules).Layout if rules else game_for(game).Layout
    schema = model.model_json_schema()
    _optional(schema, set(model.replaced_tables))
    return schema


def _prefix_defs(schema: dict[str, Any], prefix: str) -> dict[str, Any]:
    """Rename a schema's definitions so several games' schemas can share one $defs."""
    names = list(schema.get("$defs", {}))

    def rename(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                    value = f"#/$defs/{prefix}.{value.removeprefix('#/$defs/')}"
                out[key] = rename(value)
            return out
        if isinstance(node, list):
            return [rename(v) for v in node]
        return node

    result = rename(schema)
    result["$defs"] = {f"{prefix}.{name}": result["$defs"][name] for name in names}
    return result


def _optional(schema: dict[str, Any], replaced: set[str]) -> None:
    """Drop ``required`` from tables that merge with what a layout extends.

    Tables reached through arrays (replaced whole when set) and tables named in
    ``replaced`` keep their required keys: a layout that sets them must set them whole.
    A definition shared by both kinds is copied into the merging places, so the
    shared one keeps its required keys.
    """
    schema.pop("required", None)
    defs = schema.get("$defs", {})
    properties = schema.get("properties", {})
    for name, prop in properties.items():
        if name not in replaced:
            properties[name] = _loosened(prop, defs)


def _loosened(node: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """A copy of a schema node, and of the tables inside it, without ``required``."""
    if depth > 16:  # layouts are far shallower; this only stops a model that contains itself
        return node
    if "$ref" in node and node["$ref"].removeprefix("#/$defs/") in defs:
        target = defs[node["$ref"].removeprefix("#/$defs/")]
        node = {**copy.deepcopy(target), **{k: v for k, v in node.items() if k != "$ref"}}
    node = dict(node)
    node.pop("required", None)
    if "properties" in node:
        node["properties"] = {k: _loosened(v, defs, depth + 1)
                              for k, v in node["properties"].items()}
    if isinstance(node.get("additionalProperties"), dict):  # a table of named tables
        node["additionalProperties"] = _loosened(node["additionalProperties"], defs, depth + 1)
    for key in ("anyOf", "allOf"):
        if key in node:
            node[key] = [_loosened(option, defs, depth + 1) for option in node[key]]
    return node
