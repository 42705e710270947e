"""Loading layout files: TOML → ``extends`` chain → merged data → frozen typed model.

Every problem becomes an :class:`InputError` naming the file, the key path and,
where it can be found, the line; unknown keys get a "did you mean".
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from boardgen.errors import InputError

MAX_LAYOUT_BYTES = 1_000_000
MAX_EXTENDS_DEPTH = 8


def layouts_dir() -> Path:
    """The folder of shipped layouts (``BOARDGEN_LAYOUTS`` overrides it)."""
    override = os.environ.get("BOARDGEN_LAYOUTS")
    return Path(override) if override else Path(__file__).resolve().parent.parent / "layouts"


class FieldProblem(ValueError):
    """Raised in a model validator to blame a key below the model, e.g. ``setup.fen``.

    ``related`` names other keys (dotted, from the layout's top) whose values the problem
    depends on, so the message can say which file set each of them.
    """

    def __init__(self, key: str, message: str, related: tuple[str, ...] = ()):
        super().__init__(message)
        self.key = key
        self.related = related


class Model(BaseModel):
    """Base of every layout model: frozen, and unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class LayoutBase(Model):
    """Keys every layout has; games extend this with their own tables.

    ``replaced_tables`` names tables that a layout replaces whole instead of merging
    key by key with what it extends (a start position is one thing, not a mix).
    """

    replaced_tables: typing.ClassVar[tuple[str, ...]] = ()
    kind: typing.ClassVar[str] = ""  # the value of `game` that this model is for

    game: str
    name: str = Field(min_length=1, max_length=100)
    title: str = Field(max_length=200)
    subtitle: str = Field("", max_length=300)
    extends: str | None = None
    labels: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="printed words per language: [labels.en], [labels.de], [labels.pl]; "
                    "override any of them in your own layout")

    @field_validator("game")
    @classmethod
    def is_this_game(cls, value: str) -> str:
        if cls.kind and value != cls.kind:
            raise ValueError(f"this model is for game = {cls.kind!r}")
        return value


def safe_identifier(name: str) -> str:
    """A name safe as a folder or file stem: letters, digits, '-' and '_' only, never '.' or '..'."""
    slug = re.sub(r"[^A-Za-z0-9_\-]+", "-", name).strip("-_")[:64]
    return slug or "layout"


def shipped_games() -> list[str]:
    """Names of the layouts in the layouts folder, sorted."""
    return sorted(p.stem for p in layouts_dir().glob("*.toml"))


def resolve(target: str, relative_to: Path | None = None) -> Path:
    """A layout file for a game name or a path; unknown names get a suggestion."""
    as_path = Path(target)
    if relative_to is not None and not as_path.is_absolute():
        candidate = relative_to.parent / as_path
        if candidate.suffix == ".toml" and candidate.is_file():
            return candidate
    if as_path.suffix == ".toml" or os.sep in target or "/" in target:
        if as_path.is_file():
            return as_path
        raise InputError("no such layout file", source=target)
    shipped = layouts_dir() / f"{target}.toml"
    if re.fullmatch(r"[A-Za-z0-9_\-]+", target) and shipped.is_file():
        return shipped
    games = shipped_games()
    close = difflib.get_close_matches(target, games, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f"; known games: {', '.join(games)}"
    raise InputError(f"unknown game {target!r}{hint}", source=target)


@dataclass(frozen=True)
class RawLayout:
    """Merged layout data and the chain of files it came from (the user's file first)."""

    data: dict[str, Any]
    files: tuple[Path, ...]
    texts: tuple[str, ...]
    layers: tuple[dict[str, Any], ...] = ()  # each file's own data, the user's first

    def merged(self, replaced: tuple[str, ...] = ()) -> dict[str, Any]:
        """The layers merged again, replacing the named tables whole."""
        return merge_layers(self.layers, replaced)


def read_text(path: Path, limit: int, kind: str) -> str:
    """A UTF-8 file of at most ``limit`` bytes; a wrong or huge file is one clear InputError."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise InputError(f"file is {size} bytes; {kind} are limited to {limit} bytes",
                             source=str(path))
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("file is not UTF-8 text", source=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", source=str(path)) from None


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Parse one TOML file; syntax errors keep their line."""
    text = read_text(path, MAX_LAYOUT_BYTES, "layout files")
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(match.group(1)) if match else None
        message = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise InputError(f"malformed TOML: {message}", source=str(path), line=line) from None


def merge(base: dict[str, Any], override: dict[str, Any],
          replaced: tuple[str, ...] = ()) -> dict[str, Any]:
    """Deep merge: tables merge key by key, everything else (arrays too) is replaced.

    Top-level tables named in ``replaced`` are replaced whole.
    """
    merged = dict(base)
    for key, value in override.items():
        if (isinstance(value, dict) and isinstance(merged.get(key), dict)
                and key not in replaced):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def merge_layers(layers: tuple[dict[str, Any], ...],
                 replaced: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each file's data merged over the one it extends (the user's file is first)."""
    result: dict[str, Any] = {}
    for layer in reversed(layers):
        result = merge(result, layer, replaced)
    if len(layers) > 1:
        result["extends"] = layers[0].get("extends")
    return result


def read_layout(target: str | Path) -> RawLayout:
    """Read a layout and everything it ``extends``, merged."""
    path = resolve(str(target))
    chain: list[tuple[Path, dict[str, Any], str]] = []
    seen: set[Path] = set()
    current: Path | None = path
    while current is not None:
        real = current.resolve()
        if real in seen:
            raise InputError("'extends' goes round in a circle", source=str(chain[0][0]),
                             key="extends")
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise InputError(f"'extends' chain is deeper than {MAX_EXTENDS_DEPTH}",
                             source=str(chain[0][0]), key="extends")
        seen.add(real)
        data, text = read_toml(current)
        chain.append((current, data, text))
        parent = data.get("extends")
        if parent is None:
            current = None
        elif not isinstance(parent, str):
            raise InputError(f"expected a game name or file path, found {parent!r}",
                             source=str(current), key="extends")
        else:
            try:
                current = resolve(parent, relative_to=current)
            except InputError as exc:
                raise InputError(exc.message, source=str(current), key="extends") from None
    layers = tuple(data for _, data, _ in chain)
    return RawLayout(merge_layers(layers), tuple(p for p, _, _ in chain),
                     tuple(t for _, _, t in chain), layers)


def load_layout(target: str | Path):
    """Load a game name or layout file into its game's frozen model."""
    from boardgen.games import game_for

    raw = read_layout(target)
    source = str(raw.files[0])
    kind = raw.data.get("game")
    if not isinstance(kind, str):
        raise InputError("missing 'game' (which game this layout is for)", source=source,
                         key="game")
    game = game_for(kind, source)
    if game.Layout.replaced_tables:
        raw = RawLayout(raw.merged(game.Layout.replaced_tables), raw.files, raw.texts, raw.layers)
    return validate_model(game.Layout, raw)


def validate_model(model: type[BaseModel], raw: RawLayout):
    """Validate merged data against a model; all problems at once, each with file, key and line."""
    problems = _label_problems(raw)
    try:
        layout = model.model_validate(raw.data)
    except ValidationError as exc:
        problems = [_problem(model, raw, err) for err in exc.errors()] + problems
    if not problems:
        return layout
    first = problems[0]
    if len(problems) == 1:
        raise first
    raise InputError(first.message, source=first.source, key=first.key, line=first.line,
                     problems=problems)


def _label_problems(raw: RawLayout) -> list[InputError]:
    """Missing or malformed translations in the layout's ``labels`` tables."""
    from boardgen.i18n import label_problems

    labels = raw.data.get("labels")
    if not isinstance(labels, dict) or not all(isinstance(t, dict) for t in labels.values()):
        return []  # the model reports a labels table of the wrong shape
    found = []
    for key, message in label_problems(labels):
        names = tuple(key.split("."))
        source, line = locate(raw, names if "missing" not in message else names[:2])
        found.append(InputError(message, source=source, key=key, line=line))
    return found


def key_path(loc: tuple) -> str:
    """A pydantic location as the dotted key path people write (``tiles.types[0].count``)."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path


def _problem(model: type[BaseModel], raw: RawLayout, err: dict) -> InputError:
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p and "]" in p))
    kind = err["type"]
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, FieldProblem):
        loc += tuple(int(p) if p.isdigit() else p for p in re.split(r"[.\[\]]+", cause.key) if p)
    found = err.get("input")
    if kind == "extra_forbidden":
        allowed = fields_at(model, loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), allowed, n=1)
        message = f"unknown key {loc[-1]!r}"
        message += f"; did you mean {close[0]!r}?" if close else (
            f"; expected one of: {', '.join(allowed)}" if allowed else "")
    elif kind == "missing":
        message = "missing required key"
    else:
        text = err["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
        message = text if kind == "value_error" else text[0].lower() + text[1:]
        if kind != "value_error" and not isinstance(found, (dict, list)):
            message += f" (found {_short(found)})"
    # A missing key is best shown where its table is; anything else where it is set.
    source, line = locate(raw, loc[:-1] if kind == "missing" and len(loc) > 1 else loc)
    return InputError(message, source=source, key=key_path(loc) or None, line=line)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fields_at(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names of the nested model reached by ``loc`` (empty if it is not a model)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(part, int):
            continue
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(part))
            current = field.annotation if field else None
        else:
            args = typing.get_args(current)
            current = args[-1] if args else None
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """The model inside Optional[...], list[...], tuple[..., ...] or dict[str, ...]."""
    for _ in range(4):
        origin = typing.get_origin(annotation)
        if origin in (typing.Union, types.UnionType):
            models = [a for a in typing.get_args(annotation)
                      if isinstance(a, type) and issubclass(a, BaseModel)]
            if not models:
                return annotation
            annotation = models[0]
        elif origin in (list, tuple, dict, typing.Annotated):
            args = [a for a in typing.get_args(annotation) if a is not Ellipsis]
            annotation = args[-1] if origin is not typing.Annotated else args[0]
        else:
            return annotation
    return annotation


def locate(raw: RawLayout, loc: tuple) -> tuple[str, int | None]:
    """The file (first in the extends chain that sets the key) and line of a key path."""
    names = [str(p) for p in loc if not isinstance(p, int)]
    for path, text in zip(raw.files, raw.texts):
        line = find_line(text, names)
        if line is not None:
            return str(path), line
    return str(raw.files[0]), None


def find_line(text: str, names: list[str]) -> int | None:
    """Best-effort line of a dotted key in TOML text (tables, arrays of tables, dotted keys)."""
    if not names:
        return None
    table: list[str] = []
    best: int | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        header = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?", stripped)
        if header:
            table = [p.strip().strip('"') for p in header.group(1).split(".")]
            if table == names:
                best = best or number
            continue
        key = re.match(r'^([A-Za-z0-9_\-."\s]+?)\s*=', stripped)
        if not key:
            continue
        full = table + [p.strip().strip('"') for p in key.group(1).split(".")]
        if full == names:
            return number
        if best is None and names[: len(full)] == full:
            best = number  # an inline table or array holding the key
    return best


# ---- value types shared by game models -------------------------------------

Color = typing.Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$",
                                    description="a colour as #rrggbb")]
# Lengths on paper: positive and at most 5 m, so a typo cannot ask for a 10 km board.
Millimetres = typing.Annotated[float, Field(gt=0, le=5000, description="a length in mm")]
