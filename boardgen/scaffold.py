"""Starter files for customising a game, and the JSON Schema of the layout format."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from boardgen.errors import InputError
from boardgen.layout import read_layout, resolve, safe_identifier

OWN_KEYS = re.compile(r"^\s*(game|name|title|extends)\s*=")


def starter_text(game: str, path: Path) -> str:
    """A layout that extends ``game`` with every inherited setting shown as a comment."""
    source = resolve(game)
    raw = read_layout(game)
    base_title = str(raw.data.get("title", game))
    name = safe_identifier(path.stem)
    lines = [
        f"# {name}: my version of {base_title}.",
        "# Everything is inherited from the game named in `extends`. To change a setting,",
        "# remove the '#' in front of it (and of its [table] line) and edit the value.",
        f"# Check with: boardgen check {path.name}    Build with: boardgen build {path.name}",
        "",
        f'extends = "{source.stem}"',
        f'name = "{name}"',
        f'title = "{base_title} ({name})"',
        "",
    ]
    for line in raw.texts[0].splitlines():
        if OWN_KEYS.match(line):
            continue
        stripped = line.strip()
        if not stripped:
            lines.append("")
        elif stripped.startswith("#"):
            lines.append(line)
        else:
            lines.append("# " + line)
    return "\n".join(lines).rstrip() + "\n"


def layout_schema(game: str | None = None) -> dict[str, Any]:
    """JSON Schema of one game's layout model, or of any shipped game's."""
    from boardgen.games import KINDS, game_for

    kinds = [game] if game else list(KINDS)
    schemas = []
    for kind in kinds:
        try:
            model = game_for(kind).Layout
        except ModuleNotFoundError:
            continue
        schema = model.model_json_schema()
        _optional(schema)  # a file that `extends` another may leave out any key
        schemas.append(_prefix_defs(schema, kind) if len(kinds) > 1 else schema)
    if not schemas:
        raise InputError(f"unknown game kind {game!r}", source="schema")
    if len(schemas) == 1:
        result = schemas[0]
    else:
        defs: dict[str, Any] = {}
        for schema in schemas:
            defs.update(schema.pop("$defs", {}))
        result = {"anyOf": schemas, "$defs": defs}
    result["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    result["title"] = "boardgen layout" if not game else f"boardgen layout: {game}"
    return result


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


def _optional(node: Any) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("required"), list):
            del node["required"]
        for value in node.values():
            _optional(value)
    elif isinstance(node, list):
        for value in node:
            _optional(value)
