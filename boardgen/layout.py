"""Loading layout files: TOML → ``extends`` chain → merged data → frozen typed model.

Every problem becomes an :class:`InputError` naming the file, the key path and,
where it can be found, the line; unknown keys get a "did you mean".
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

import difflib
import fnmatch
import functools
import json
import os
import re
import stat
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic_core import InitErrorDetails, PydanticCustomError
from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr,
                      ValidationError, ValidationInfo, field_validator, model_validator)

from boardgen.errors import InputError
from boardgen.limits import text_problem

MAX_LAYOUT_BYTES = 1_000_000
MAX_EXTENDS_DEPTH = 8
# Deeper data than any layout needs is refused before a model (or a merge) recurses into it.
MAX_NESTING = 32


def layouts_dir() -> Path:
    """The folder of shipped layouts (``BOARDGEN_LAYOUTS`` overrides it)."""
    override = os.environ.get("BOARDGEN_LAYOUTS")
    return Path(override) if override else _shipped_layouts()


@functools.cache
def _shipped_layouts() -> Path:
    """An installed wheel carries the layouts as package data, ``boardgen/layouts``; a
    checkout (and an editable install, which runs from it) keeps them at the top of the
    repository, where a player looks for them: setup.py maps the one onto the other.

    The folder is found beside this file rather than through ``importlib.resources``: pip
    installs a wheel as plain files, and the loader needs real paths (it reads only
    regular files and names them in its messages)."""
    package = Path(__file__).resolve().parent
    installed = package / "layouts"
    return installed if installed.is_dir() else package.parent / "layouts"


class FieldProblem(ValueError):
    """Raised in a model validator to blame a key below the model, e.g. ``setup.fen``.

    ``related`` names other keys (dotted, from the layout's top) whose values the problem
    depends on, so the message can say which file set each of them.
    """

    def __init__(self, key: str, message: str, related: tuple[str, ...] = ()):
        super().__init__(message)
        self.key = key
        self.related = related


def raise_all(problems: list[FieldProblem], value: Any = None) -> None:
    """Raise every rule-level problem at once, each blamed on its own key, so ``check``
    lists them all rather than the first; nothing happens when there are none."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ValidationError.from_exception_data("layout", [
            InitErrorDetails(type=PydanticCustomError("value_error", "Value error, {error}",
                                                      {"error": problem}),
                             loc=(), input=value)
            for problem in problems])


# The validation context :func:`validate_model` passes: it reports every text that cannot be
# printed itself, each with its file and line, so the model need not look through the data again.
TEXT_CHECKED: dict[str, bool] = {"unprintable_texts_reported": True}

# The code of a language in a table of texts by language (a card's title, a score sheet's):
# two or three small letters, a shipped language's or one of the user's catalogues.
TEXT_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


class Model(BaseModel):
    """Base of every layout model: frozen, and unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SetupModel(Model):
    """Base of a game's setup-file models, built when the first setup file is read rather
    than when the game is loaded: most commands read none."""

    model_config = ConfigDict(defer_build=True)


@dataclass(frozen=True)
class Provenance:
    """Where a loaded layout came from: its files (the user's first) and each file's own keys."""

    files: tuple[Path, ...] = ()
    layers: tuple[dict[str, Any], ...] = field(default=(), repr=False)

    def origin(self, key: str) -> Path | None:
        """The file that set a dotted key (``track.spaces``, ``players[0].name``); None: a default.

        An array is set whole, so every key inside one comes from the file that set the array.
        """
        names = key_names(key)
        for path, layer in zip(self.files, self.layers):
            if _sets(layer, names):
                return path
        return None

    def inherited(self, key: str) -> bool:
        """True when a file other than the user's own set the key."""
        origin = self.origin(key)
        return origin is not None and bool(self.files) and origin != self.files[0]


def key_names(key: str) -> list[str]:
    """The table and key names of a dotted key path, without array indexes."""
    return [part for part in re.split(r"\.|\[\d+\]", key) if part]


def _sets(layer: Any, names: list[str]) -> bool:
    """True when one file's data contains the key path (an array counts as set whole)."""
    for name in names:
        if isinstance(layer, list):
            return True
        if not isinstance(layer, dict) or name not in layer:
            return False
        layer = layer[name]
    return True


class LayoutBase(Model):
    """Keys every layout has; games extend this with their own tables.

    ``replaced_tables`` names tables that a layout replaces whole instead of merging
    key by key with what it extends (a start position is one thing, not a mix).
    """

    replaced_tables: typing.ClassVar[tuple[str, ...]] = ()
    kind: typing.ClassVar[str] = ""  # the value of `game` that this model is for
    # Placeholders the code fills in for labels whose key matches a pattern (fnmatch),
    # beyond those the shipped layout's texts use: a legend row a user adds, say.
    label_placeholders: typing.ClassVar[dict[str, frozenset[str]]] = {}

    game: str = Field(description="which game this layout is for, e.g. \"river_race\"")
    name: str = Field(min_length=1, max_length=100,
                      description="short name: the output folder and the file names")
    title: str = Field(max_length=200, description="the game's title, printed on every part")
    subtitle: str = Field("", max_length=300, description="a line printed under the title")
    extends: str | None = Field(
        None, description="a shipped game name, or a layout file (relative to this file) "
                          "whose keys this layout inherits")
    labels: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="printed words per language: [labels.en], [labels.fr], one table for each "
                    "language the layout prints in; override any of them in your own layout")
    languages: tuple[str, ...] | None = Field(
        None, min_length=1, max_length=40,
        description="the languages the kit is made in, by code (\"en\", \"de\"; default: every "
                    "language boardgen ships and any a catalogues folder beside the layout "
                    "brings): check asks for the layout's words in these alone, and a build in "
                    "another is refused")

    _provenance: Provenance = PrivateAttr(default_factory=Provenance)

    @field_validator("languages")
    @classmethod
    def language_codes(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        from boardgen.languages import CODE

        if value is not None:
            for code in value:
                if not CODE.fullmatch(code):
                    raise ValueError(f"{code!r} is not a language code; a code is two or three "
                                     "small letters, such as fr, with a region after a hyphen "
                                     "if needed (de-CH)")
            if len(set(value)) < len(value):
                raise ValueError("each language is named once")
        return value

    @field_validator("game")
    @classmethod
    def is_this_game(cls, value: str) -> str:
        if cls.kind and value != cls.kind:
            raise ValueError(f"this model is for game = {cls.kind!r}")
        return value

    @model_validator(mode="wrap")
    @classmethod
    def printable_texts(cls, data: Any, handler, info: ValidationInfo):
        """Every text can be printed as written: no control characters (they break SVG, PDF
        and terminals), bidi controls or invisible characters, no character the typeface
        lacks (see ``limits.text_problem``).

        The loader has listed them all, with file and line, before it validates
        (:data:`TEXT_CHECKED`); a model validated on its own looks for itself.
        """
        layout = handler(data)
        if info.context is TEXT_CHECKED:
            return layout
        found = unprintable_texts(data)
        if found:  # the loader lists them all; a model on its own names the first
            raise FieldProblem(*found[0])
        return layout


def provenance(layout: BaseModel) -> Provenance:
    """The files a loaded layout came from and which of them set each key."""
    found = getattr(layout, "_provenance", None)
    return found if isinstance(found, Provenance) else Provenance()


# Texts printed on one line; elsewhere (a course map, say) a value may span lines.
ONE_LINE_KEYS = ("game", "name", "title", "subtitle", "extends")
LITERAL_NAMES = ("title", "subtitle")  # the game's name and byline; [labels.<lang>] may give them again
# Texts that name things and are never printed: the folder name, the game, a file.
UNPRINTED_KEYS = ("game", "name", "extends")
CONTROL_MESSAGE = "text contains a control character; remove it"


def unprintable_texts(data: Any) -> list[tuple[str, str]]:
    """(dotted key, why) of every string in ``data`` that cannot be printed as written, and
    of every key whose name holds a control character (``limits.text_problem``).

    Newlines and tabs are allowed in multi-line values, never in keys, one-line texts
    (title, subtitle, name) or printed labels. The names of things (``UNPRINTED_KEYS``)
    need no glyphs.
    """
    found: list[tuple[str, str]] = []
    stack: list[tuple[str, Any, bool, bool]] = [("", data, False, True)]
    while stack:
        where, value, one_line, printed = stack.pop()
        if value is _BAD_KEY:
            found.append((where, CONTROL_MESSAGE))
        elif isinstance(value, str):
            problem = text_problem(value, line_breaks=not one_line, printed=printed)
            if problem:
                found.append((where, problem))
        elif isinstance(value, dict):
            for name, item in reversed(list(value.items())):
                key = f"{where}.{name}" if where else str(name)
                inner = one_line or (not where and (name in ONE_LINE_KEYS or name == "labels"))
                shown = printed and not (not where and name in UNPRINTED_KEYS)
                stack.append((key, _BAD_KEY if has_control(str(name)) else item, inner, shown))
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{where}[{i}]", item, one_line, printed)
                         for i, item in reversed(list(enumerate(value))))
    return found


_BAD_KEY = object()  # stands for the value of a key whose name holds a control character


# Unicode's control characters (category Cc: C0, DEL and C1) and its line and paragraph
# separators (Zl and Zp, one character each): one search of a text finds them, where asking
# unicodedata for each character's category takes a call per character.
CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def has_control(text: str, allowed: str = "") -> bool:
    """True for any C0/C1 control character, DEL, or a line or paragraph separator."""
    if not allowed:
        return CONTROL_CHARACTER.search(text) is not None
    return any(found not in allowed for found in CONTROL_CHARACTER.findall(text))


def safe_identifier(name: str) -> str:
    """A name safe as a folder or file stem: letters, digits, '-' and '_' only, never '.' or '..'."""
    slug = re.sub(r"[^A-Za-z0-9_\-]+", "-", name).strip("-_")[:64]
    return slug or "layout"


def shipped_games() -> list[str]:
    """Names of the layouts in the layouts folder, sorted."""
    return sorted(p.stem for p in layouts_dir().glob("*.toml"))


def path_exists(path: Path) -> bool:
    """Whether something is at ``path``; a path the system cannot look up (a name too
    long, say) is one InputError naming it."""
    try:
        return path.exists()
    except OSError as error:
        raise InputError(f"cannot look up this path: {error.strerror}",
                         source=str(path)) from None


def resolve(target: str, relative_to: Path | None = None) -> Path:
    """A layout file for a game name or a path; unknown names get a suggestion.

    A path named inside a layout (``relative_to``) is found beside that layout only,
    never in the working folder, so a file checks the same wherever you stand.
    """
    as_path = Path(target)
    if as_path.suffix == ".toml" or os.sep in target or "/" in target:
        if relative_to is not None and not as_path.is_absolute():
            as_path = relative_to.parent / as_path
        if path_exists(as_path):  # the reader refuses anything but a regular file
            return as_path
        if relative_to is None:
            raise InputError("no such layout file", source=str(as_path))
        hint = (f'; for the shipped game write extends = "{as_path.stem}"'
                if as_path.stem in shipped_games() else "")
        raise InputError(f"no such layout file {str(as_path)!r}{hint}", source=str(as_path))
    shipped = layouts_dir() / f"{target}.toml"
    if re.fullmatch(r"[A-Za-z0-9_\-]{1,64}", target) and shipped.is_file():
        return shipped  # a longer name is no game's, and one the system may not look up
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
    """A UTF-8 regular file of at most ``limit`` bytes; anything else is one clear InputError.

    FIFOs, devices and symlinks to them are refused before reading (a FIFO would block,
    /dev/zero never ends); the read itself stops after ``limit + 1`` bytes whatever the
    file claims its size is.
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before open: a FIFO would block
            raise InputError(f"not a regular file; {kind} must be ordinary files", source=str(path))
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # swapped since the check above
                raise InputError(f"not a regular file; {kind} must be ordinary files",
                                 source=str(path))
            if info.st_size > limit:
                raise InputError(f"file is {info.st_size} bytes; {kind} are limited to "
                                 f"{limit} bytes", source=str(path))
            data = _read_at_most(fd, limit + 1)
        finally:
            os.close(fd)
        if len(data) > limit:
            raise InputError(f"file is over {limit} bytes; {kind} are limited to {limit} bytes",
                             source=str(path))
        return data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is no text
    except UnicodeDecodeError:
        raise InputError("file is not UTF-8 text", source=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", source=str(path)) from None


def _read_at_most(fd: int, count: int) -> bytes:
    """Up to ``count`` bytes from a file descriptor."""
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_toml(path: Path, kind: str = "layout files") -> tuple[dict[str, Any], str]:
    """Parse one TOML file; syntax errors keep their line, data nested too deep is refused.

    ``kind`` names what the file is in messages ("setup files").
    """
    text = read_text(path, MAX_LAYOUT_BYTES, kind)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(match.group(1)) if match else None
        message = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise InputError(f"malformed TOML: {message}", source=str(path), line=line) from None
    except RecursionError:
        raise InputError(f"tables or arrays nested too deep (at most {MAX_NESTING} levels)",
                         source=str(path)) from None
    deep = too_deep(data)
    if deep is not None:
        raise InputError(f"tables or arrays nested too deep (at most {MAX_NESTING} levels)",
                         source=str(path), key=deep, line=find_line(text, [deep]))
    return data, text


def too_deep(data: Any, limit: int = MAX_NESTING) -> str | None:
    """The top-level key of data nested deeper than ``limit`` levels (measured without recursion)."""
    stack: list[tuple[str, Any, int]] = [(str(k), v, 1) for k, v in data.items()]
    while stack:
        top, value, depth = stack.pop()
        if depth > limit:
            return top
        if isinstance(value, dict):
            stack.extend((top, v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((top, v, depth + 1) for v in value)
    return None


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


def _without_names_of_its_own(below: dict[str, Any], layer: dict[str, Any]) -> dict[str, Any]:
    """What ``layer`` extends, less the languages' titles (and subtitles) its own replaces.

    A copy of a game given a title of its own is called that in every language: the
    language titles of the game it copies name that game, not the copy. A language title
    the copy itself gives stands, as it is merged after this; a copy that repeats the
    title it inherits renames nothing.
    """
    names = [key for key in LITERAL_NAMES if key in layer and layer[key] != below.get(key)]
    labels = below.get("labels")
    if not names or not isinstance(labels, dict):
        return below
    trimmed = {lang: {key: text for key, text in table.items() if key not in names}
               if isinstance(table, dict) else table for lang, table in labels.items()}
    return {**below, "labels": trimmed}


def merge_layers(layers: tuple[dict[str, Any], ...],
                 replaced: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each file's data merged over the one it extends (the user's file is first)."""
    result: dict[str, Any] = {}
    for layer in reversed(layers):
        result = merge(_without_names_of_its_own(result, layer), layer, replaced)
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
    """Load a game name or layout file into its game's frozen model (with its provenance)."""
    from boardgen.games import ALIASES, layout_model, resolve_alias

    raw = read_layout(target)
    source = str(raw.files[0])
    kind = raw.data.get("game")
    if not isinstance(kind, str):
        raise InputError("missing 'game' (which game this layout is for)", source=source,
                         key="game")
    if kind in ALIASES:  # a former game kind, read as what it is now
        raw = RawLayout(resolve_alias(raw.data), raw.files, raw.texts, raw.layers)
    model = layout_model(raw.data, source)
    if model.replaced_tables:
        raw = RawLayout(resolve_alias(raw.merged(model.replaced_tables)), raw.files, raw.texts,
                        raw.layers)
    layout = validate_model(model, raw)
    layout._provenance = Provenance(raw.files, raw.layers or (raw.data,))
    return layout


def validate_model(model: type[BaseModel], raw: RawLayout):
    """Validate merged data against a model; all problems at once, each with file, key and line."""
    control = _control_problems(raw)
    problems = _label_problems(raw, getattr(model, "label_placeholders", {})) + control
    try:
        layout = model.model_validate(raw.data, context=TEXT_CHECKED)
    except ValidationError as exc:
        bad = {p.key for p in control}
        problems = [p for p in (_problem(model, raw, err) for err in exc.errors())
                    if not _below(p.key, bad)] + problems  # a bad key is reported once
    if not problems:
        return layout
    problems = list({(p.source, p.key, p.message): p for p in problems}.values())
    first = problems[0]
    if len(problems) == 1:
        raise first
    raise InputError(first.message, source=first.source, key=first.key, line=first.line,
                     problems=problems)


def _below(key: str | None, keys: set[str | None]) -> bool:
    """True when ``key`` is one of ``keys`` or lies inside one of them."""
    return key is not None and any(
        key == k or key.startswith((f"{k}.", f"{k}[")) for k in keys if k)


def _control_problems(raw: RawLayout) -> list[InputError]:
    """Every key or text that cannot be printed, each named with its file and line."""
    found = []
    for key, message in unprintable_texts(raw.data):
        source, line = locate(raw, tuple(key_names(key)))
        found.append(InputError(message, source=source, key=key, line=line))
    return found


def _label_problems(raw: RawLayout, patterns: dict[str, frozenset[str]]) -> list[InputError]:
    """Missing or malformed translations in the layout's ``labels`` tables, and English
    texts with placeholders the code does not fill in (see ``LayoutBase.label_placeholders``)."""
    from boardgen import languages
    from boardgen.i18n import catalogue_problems, flatten, label_problems, shipped_placeholders

    available = languages.of_files(raw.files)  # boardgen's, and catalogues beside the files
    made_in, problems = _made_in(raw, available)
    if problems:
        return problems
    labels = raw.data.get("labels", {})
    if not isinstance(labels, dict) or not all(isinstance(t, dict) for t in labels.values()):
        return []  # the model reports a labels table of the wrong shape
    reference = shipped_placeholders(_shipped_english_labels(raw))
    english_keys = list(flatten(labels.get("en", {})))
    for pattern, names in patterns.items():
        for key in fnmatch.filter(english_keys, pattern):
            reference[key] = reference.get(key, frozenset()) | names
    found = catalogue_problems(made_in)
    for key, message in label_problems(labels, reference, available, made_in):
        names = tuple(key.split("."))
        source, line = locate(raw, names if "missing" not in message else names[:2])
        english = ("labels", "en", *names[2:])
        if "missing" in message and (source != str(raw.files[0]) or line is None):
            # The user added an English word the inherited languages lack: show where.
            added = find_line(raw.texts[0], list(english))
            if added is not None:
                source, line = str(raw.files[0]), added
        found.append(InputError(message, source=source, key=key, line=line))
    return found + _component_text_problems(raw, made_in)


def _made_in(raw: RawLayout, available: dict) -> tuple[dict, list[InputError]]:
    """The languages of ``available`` a layout is made in (its ``languages``, else every
    one), and an error for a language it names that none of them is."""
    from boardgen import languages

    chosen = raw.data.get("languages")
    if chosen is None:
        return available, []
    if not (isinstance(chosen, list) and chosen
            and all(isinstance(code, str) and languages.CODE.fullmatch(code) for code in chosen)):
        return {}, []  # named wrongly: the model says how, and no language is asked for more
    unknown = [code for code in chosen if code not in available]
    if unknown:
        source, line = locate(raw, ("languages",))
        return available, [InputError(languages.unknown(unknown[0], available).message,
                                      source=source, key="languages", line=line)]
    return {code: language for code, language in available.items() if code in chosen}, []


def _component_text_problems(raw: RawLayout, available) -> list[InputError]:
    """Texts a component gives by language (a table of texts with an English one, such as a
    score sheet's title) that lack a language of the user's the layout can print in (the
    model asks for boardgen's own)."""
    from boardgen.i18n import LANGUAGES

    problems: list[InputError] = []

    def walk(value: Any, path: tuple) -> None:
        if not isinstance(value, dict):
            return
        if "en" in value and all(isinstance(text, str) for text in value.values()) and all(
                isinstance(code, str) and TEXT_LANGUAGE_CODE.fullmatch(code) for code in value):
            for code, language in available.items():
                if code not in value and code not in LANGUAGES:
                    source, line = locate(raw, path)
                    problems.append(InputError(f"missing {language.english} text (English: "
                                               f"{value['en']!r})", source=source,
                                               key=".".join(map(str, (*path, code))), line=line))
            return
        for key, inner in value.items():
            walk(inner, (*path, key))

    walk(raw.data.get("components"), ("components",))
    return problems


def _shipped_english_labels(raw: RawLayout) -> dict[str, Any]:
    """The English labels of the shipped layout of the game ``raw`` is for (empty if none).

    Those texts are boardgen's own: their placeholders are the names its code fills in.
    The file is usually in the extends chain already and is read again only when not.
    """
    game = raw.data.get("rules") or raw.data.get("game")  # a race plugin's shipped layout
    if not isinstance(game, str) or safe_identifier(game) != game:
        return {}
    path = layouts_dir() / f"{game}.toml"
    layers = dict(zip((p.resolve() for p in raw.files), raw.layers or (raw.data,)))
    data = layers.get(path.resolve())
    if data is None:
        if not path.is_file():
            return {}
        data, _ = read_toml(path)
    labels = data.get("labels", {})
    english = labels.get("en", {}) if isinstance(labels, dict) else {}
    return english if isinstance(english, dict) else {}


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
    loc = _without_tags(raw.data, tuple(p for p in err["loc"]
                                        if not (isinstance(p, str) and "[" in p and "]" in p)))
    kind = err["type"]
    cause = (err.get("ctx") or {}).get("error")
    related: tuple[str, ...] = ()
    if isinstance(cause, FieldProblem):
        # [0] is an index of a list, .81 a table's key that is a number (a race's space)
        loc += tuple(int(index) if index else name
                     for index, name in re.findall(r"\[(\d+)\]|([^.\[\]]+)", cause.key))
        related = tuple(cause.related)
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
    key = key_path(loc) or None
    if kind != "missing" and key and _inherited_any(raw, (key, *related)):
        return _blame_users_file(raw, key, related, message)
    # A missing key is best shown where its table is; anything else where it is set.
    source, line = locate(raw, loc[:-1] if kind == "missing" and len(loc) > 1 else loc)
    return InputError(message, source=source, key=key, line=line)


def _without_tags(data: Any, loc: tuple) -> tuple:
    """``loc`` without the tags pydantic puts in it for a table chosen by its ``type``
    (``components.die.die.count`` is the layout's ``components.die.count``)."""
    kept = []
    for part in loc:
        if isinstance(data, dict) and part not in data and part == data.get("type"):
            continue
        kept.append(part)
        data = data.get(part) if isinstance(data, dict) else None
    return tuple(kept)


def _inherited_any(raw: RawLayout, keys: tuple[str, ...]) -> bool:
    """True when a file other than the user's set one of the keys a problem depends on."""
    origins = Provenance(raw.files, raw.layers)
    return len(raw.files) > 1 and any(origins.inherited(k) for k in keys)


def _blame_users_file(raw: RawLayout, key: str, related: tuple[str, ...],
                      message: str) -> InputError:
    """A problem named in the user's file, saying which file set each value it depends on.

    The user never wrote the inherited file, so pointing at its line helps nobody; the
    user changes one of the values set here (or overrides an inherited one).
    """
    origins = Provenance(raw.files, raw.layers)
    notes, line = [], None
    for name in dict.fromkeys((key, *related)):
        origin = origins.origin(name)
        value = value_at(raw.data, name)
        shown = name if value is _UNSET or isinstance(value, dict) else \
            f"{name} = {toml_value(value)}"  # a whole table is named, not spelled out
        if origin is None:
            notes.append(f"{shown} by default")
        elif origin == raw.files[0]:
            notes.append(f"{shown} set here")
            line = line or find_key_line(raw.texts[0], key_parts(name))
        else:
            notes.append(f"{shown} inherited from {layout_label(origin)}")
    return InputError(f"{message} ({'; '.join(notes)})", source=str(raw.files[0]), key=key,
                      line=line)


_UNSET = object()


def value_at(data: Any, key: str) -> Any:
    """The value of a dotted key path with indexes (``players[1].start``), or ``_UNSET``."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key):
        if part.startswith("[") and isinstance(data, list):
            index = int(part[1:-1])
            if index >= len(data):
                return _UNSET
            data = data[index]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return _UNSET
    return data


def toml_value(value: Any) -> str:
    """A short TOML spelling of a value for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value[:SHOWN], ensure_ascii=False)  # a prefix: the rest is cut off
        return text if len(text) <= 60 and len(value) <= SHOWN else text[:56] + '..."'
    return _short(value)


def layout_label(path: Path) -> str:
    """A shipped layout by its game name, any other file by its path."""
    return _label(path, layouts_dir())


@functools.lru_cache(maxsize=64)
def _label(path: Path, shipped: Path) -> str:
    """``layout_label`` for the shipped layouts in ``shipped``, kept: thousands of problems
    in one file name the same few files, and each name is found by following links."""
    try:
        if path.resolve().parent == shipped.resolve():
            return path.stem
    except OSError:
        pass
    return str(path)


def _short(value: Any) -> str:
    """``repr(value)`` cut to 60 characters, made from as much of the value as it shows: a
    long list or text named in each of thousands of problems costs each one 60 characters."""
    text = _repr_prefix(value)
    return text if len(text) <= 60 else text[:57] + "..."


SHOWN = 64  # characters of a text value shown: more than a 60-character message holds


def _repr_prefix(value: Any, room: int = 60) -> str:
    """``repr(value)`` when it is at most ``room`` characters long; otherwise a text longer
    than ``room`` that begins as that repr does, made from the value's first items only."""
    if isinstance(value, str):
        return repr(value) if len(value) <= room else repr(value[:room])
    if isinstance(value, (list, tuple, dict)):
        text = "{" if isinstance(value, dict) else "[" if isinstance(value, list) else "("
        items = value.items() if isinstance(value, dict) else ((item, None) for item in value)
        for index, (item, inner) in enumerate(items):
            text += (", " if index else "") + _repr_prefix(item, room)
            if isinstance(value, dict):
                text += ": " + _repr_prefix(inner, room)
            if len(text) > room:
                return text
    return repr(value)


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
    for path, text in zip(raw.files, raw.texts):
        line = find_key_line(text, loc)
        if line is not None:
            return str(path), line
    return str(raw.files[0]), None


def find_key_line(text: str, loc: tuple) -> int | None:
    """The line of a key path with indexes (``("tiles", "types", 1, "name")``): inside the
    n-th ``[[tiles.types]]`` table when the index is one of an array of tables, else where
    :func:`find_line` finds the key."""
    if any(isinstance(part, int) for part in loc):
        index = key_lines(text)
        for length in range(len(loc), 0, -1):
            prefix = tuple(loc[:length])
            if not any(isinstance(part, int) for part in prefix):
                break
            line = index.indexed.get(prefix)
            if line is not None:
                return line
    return find_line(text, [str(part) for part in loc if not isinstance(part, int)])


def key_parts(key: str) -> tuple:
    """A dotted key path with indexes as its parts: ``"a.b[1].c"`` → ``("a", "b", 1, "c")``."""
    return tuple(int(part[1:-1]) if part.startswith("[") else part
                 for part in re.findall(r"[^.\[\]]+|\[\d+\]", key))


def find_line(text: str, names: list[str]) -> int | None:
    """Best-effort line of a dotted key in TOML text (tables, arrays of tables, dotted keys).

    The line where the key is set; failing that, the first line of a table inside it, or of
    a table, inline table or array that holds it. The text is read once, however many keys
    are looked up in it (see :func:`key_lines`).
    """
    if not names:
        return None
    index = key_lines(text)
    wanted = tuple(names)
    exact = index.keys.get(wanted)
    if exact is not None:
        return exact
    candidates = [index.tables.get(wanted)]
    candidates += [index.keys.get(wanted[:length]) for length in range(1, len(wanted))]
    found = [line for line in candidates if line is not None]
    return min(found) if found else None


@dataclass(frozen=True)
class KeyLines:
    """Where a TOML text sets its keys: the first line of each full key path (``keys``),
    the first table header at or inside each table path (``tables``), and for paths through
    arrays of tables, with each element's index, the line of every key and table header
    (``indexed``)."""

    keys: dict[tuple[str, ...], int]
    tables: dict[tuple[str, ...], int]
    indexed: dict[tuple, int]


# A table header's name, and the name before a key's `=`. Neither pattern can backtrack
# more than once per character: a long line of spaces or names costs its length, not its
# square (the name is stripped afterwards).
TABLE_HEADER = re.compile(r"\[\[?([^\]]+)\]")
KEY_NAME = re.compile(r'([A-Za-z0-9_\-."\s]+)=')


@functools.lru_cache(maxsize=16)
def key_lines(text: str) -> KeyLines:
    """The lines of every key and table header of a TOML text, read line by line once.

    Kept for the last few texts: a layout with thousands of problems looks up a line for
    each (a text's hash is computed once, so looking it up again costs nothing).
    """
    keys: dict[tuple[str, ...], int] = {}
    tables: dict[tuple[str, ...], int] = {}
    indexed: dict[tuple, int] = {}
    counts: dict[tuple, int] = {}  # an array of tables (with indexes) → its last element
    current: dict[tuple[str, ...], tuple] = {}  # an array of tables → its last element's path
    table: tuple[str, ...] = ()
    where: tuple = ()  # ``table`` with the index of each array of tables it lies in

    def with_indexes(names: tuple[str, ...]) -> tuple:
        path: tuple = ()
        for length in range(1, len(names) + 1):
            path = current.get(names[:length], path + (names[length - 1],))
        return path

    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        header = TABLE_HEADER.match(stripped) if stripped.startswith("[") else None
        if header:
            table = tuple(p.strip().strip('"') for p in header.group(1).strip().split("."))
            for length in range(1, len(table) + 1):
                tables.setdefault(table[:length], number)
            if stripped.startswith("[["):  # the next element of an array of tables
                array = with_indexes(table[:-1]) + (table[-1],)
                counts[array] = counts.get(array, -1) + 1
                for inner in [names for names in current if names[:len(table)] == table]:
                    del current[inner]  # arrays inside the last element start afresh
                current[table] = array + (counts[array],)
            where = with_indexes(table)
            if len(where) > len(table):
                for length in range(1, len(where) + 1):
                    indexed.setdefault(where[:length], number)
            continue
        key = KEY_NAME.match(stripped)
        if key:
            names = tuple(p.strip().strip('"') for p in key.group(1).strip().split("."))
            keys.setdefault(table + names, number)
            if len(where) > len(table):
                indexed.setdefault(where + names, number)
    return KeyLines(keys, tables, indexed)


# ---- value types shared by game models -------------------------------------

# The 148 named colours of CSS (name, then #rrggbb without the '#').
CSS_COLOURS: dict[str, str] = dict(zip(*[iter("""
aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc
bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a
burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50
cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b
darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b
darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000
darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f
darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff
dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700
goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0
hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa
lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080
lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3
lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa
lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00
limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa
mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371
mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585
midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead
navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500
orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093
papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6
purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1
saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d
silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa
springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347
turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00
yellowgreen 9acd32
""".split())] * 2))
COLOUR_HINT = 'expected a colour like "#1f5fd1", "#15d" or a CSS name like "green"'


def colour(value: Any) -> str:
    """A colour as lowercase ``#rrggbb`` from ``#rrggbb``, ``#rgb`` (any case) or a CSS name."""
    if not isinstance(value, str):
        raise ValueError(COLOUR_HINT)
    text = value.strip().lower()
    if text in CSS_COLOURS:
        return "#" + CSS_COLOURS[text]
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        return "#" + "".join(c * 2 for c in text[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", text):
        return text
    raise ValueError(f"{COLOUR_HINT}, found {_short(value)}")


Color = typing.Annotated[str, BeforeValidator(colour), Field(
    description='a colour: "#rrggbb", "#rgb" or a CSS colour name such as "green"',
    json_schema_extra={"anyOf": [{"pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"},
                                 {"enum": sorted(CSS_COLOURS)}]})]
# Lengths on paper: positive and at most 5 m, so a typo cannot ask for a 10 km board.
Millimetres = typing.Annotated[float, Field(gt=0, le=5000, description="a length in mm")]
