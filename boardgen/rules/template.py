"""Rule texts as templates of the layout: a small template language that fails closed.

A rule text is a user's file. Jinja2 parses it, ``allowlist`` checks the parse (only the
constructs rule texts need, each node by its class), and only then is it compiled. What runs
can read the values boardgen hands in, compute with them, and call the helpers (the kit's
``words`` and the grammar of ``grammar``) and the text's own macros; nothing else.

A small budget bounds the rest: loop rounds, calls, operations, comparisons and values made
are steps (at most MAX_STEPS, the clock read at each); every value is measured when it is
made, and what is built here (``~``, join, the helpers) before it is built; no value and no
output passes the output cap. Only texts and numbers print and nothing is random, so a text
gives the same bytes on every build. Any mistake is one InputError naming the rule text and
its line. A text without template syntax renders as itself.
"""

from __future__ import annotations

import re
import string
import time
from dataclasses import dataclass, is_dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from jinja2 import (FileSystemBytecodeCache, StrictUndefined, TemplateSyntaxError, nodes,
                    pass_context)
from jinja2 import filters as jinja_filters
from jinja2.bccache import Bucket
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.runtime import Context, Macro, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer
from pydantic import BaseModel

from boardgen.cache import cache_dir, file_digest
from boardgen.errors import InputError
from boardgen.i18n import Words
from boardgen.rules import grammar
from boardgen.rules.allowlist import FILTERS, HELPERS, MAX_NUMBER, MAX_RANGE, check_template

MAX_STEPS = 100_000          # loop rounds, calls, operations, comparisons and values made
MAX_ITEMS = 2_000_000        # characters and items of all the values made and printed
MAX_PRECISION = 10           # the most decimals round() keeps
MAX_NUMBER_TEXT = 40         # the longest text the int filter reads as a number
RENDER_SECONDS = 5.0         # wall-clock limit of one render
MAX_CODE_CHARS = 50_000  # characters inside {{ }} and {% %}: shipped rule texts have under 7,000
TEMPLATE_NAME = "<template>"
CODE = re.compile(r"\{[{%].*?(?:[}%]\}|\Z)", re.S)
LINE_MARK = "\ue000{}\ue001"  # private-use characters around a template line number
LINE_MARKS = re.compile("\ue000(\\d{1,9})\ue001")
MARK_CHARACTERS = re.compile("[\ue000\ue001]")
LISTS = (list, tuple, range)
ORDERED = (*LISTS, dict, str)  # what a loop goes through: a set has no order to repeat


class Refused(Exception):
    """The template did something a rule text may not, or more of it than it may."""


class _Budget:
    """Steps taken, characters and items made and time used by one render."""

    def __init__(self) -> None:
        self.steps = self.items = 0
        self.start()

    def start(self) -> None:
        """The clock starts (again): compiling is bounded by the template's size instead."""
        self.deadline = time.monotonic() + RENDER_SECONDS

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Refused(f"the template does more than {MAX_STEPS} steps (loop rounds, calls "
                          "and operations)")
        if time.monotonic() > self.deadline:
            raise Refused(f"the template takes longer than {RENDER_SECONDS:g} s")

    def made(self, size: int) -> None:
        self.items += size
        if self.items > MAX_ITEMS:
            raise Refused(f"the template makes more than {MAX_ITEMS} characters and items "
                          "in all")


class _RuleTextEnvironment(ImmutableSandboxedEnvironment):
    """Jinja2's sandbox (a second wall behind the allow-list) with every call, operation,
    loop round and printed value counted, measured, or refused."""

    intercepted_binops = frozenset({"+", "-", "*", "/", "%"})

    def __init__(self, limit: int) -> None:
        # not optimized: Jinja2 would run code on constants while compiling, outside the budget
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True,
                         extensions=[_LineMarks], optimized=False, finalize=self.printed)
        self.budget = _Budget()
        self.limit = limit
        self.running: list[Macro] = []  # the macros being run, innermost last
        self.helpers: tuple[Callable, ...] = ()
        self.globals.clear()
        self.tests.clear()
        self.filters = {name: getattr(self, f"filter_{name}") for name in (
            *FILTERS, "looped", "joined", "made", "compared")}

    def measured(self, size: int) -> None:
        """A value of ``size`` characters and items is about to be made, or was."""
        self.bounded(size)
        self.budget.made(size)

    def bounded(self, size: int) -> None:
        if size > self.limit:
            raise Refused(f"a value of more than {self.limit} characters and items")

    @pass_context
    def printed(self, context: Context, value: Any) -> str:
        """What ``{{ }}`` prints: a text or a number, never an object and its address."""
        self.budget.step()
        if isinstance(value, bool) or not isinstance(value, (str, int, float, Undefined)):
            hint = ": join it with join or and_list" if isinstance(value, LISTS) else ""
            raise Refused(f"only texts and numbers print, not {_kind(value)}{hint}")
        text = _text_of(value, "{{ }}")
        if MARK_CHARACTERS.search(text):
            raise Refused("a value holds U+E000 or U+E001, characters boardgen keeps for its "
                          "own use")
        self.measured(len(text))
        return text

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Jinja2's rules, and of a model or dataclass only its fields and properties."""
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, BaseModel) or (is_dataclass(obj) and not isinstance(obj, type)):
            return _data_attribute(type(obj), attr)
        return True

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``a.b``: the item of a table (before a method of the same name), else a field."""
        if isinstance(obj, Mapping) and attribute in obj:
            return _data(obj[attribute], attribute)
        return _data(super().getattr(obj, attribute), attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        return _data(super().getitem(obj, argument), argument)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """A call from the template: one of the helpers, or one of the text's macros."""
        for internal in ("_loop_vars", "_block_vars"):  # what Jinja2 adds for its own use
            kwargs.pop(internal, None)
        if isinstance(__obj, Macro):
            return __self.macro_text(__obj, args, kwargs)
        __self.budget.step()
        if not any(__obj is helper for helper in __self.helpers):
            raise Refused(f"only the helpers and the text's own macros run, not {_kind(__obj)}")
        return __obj(*args, **kwargs)

    def macro_text(self, macro: Macro, args: tuple, kwargs: Mapping[str, Any]) -> str:
        """What a macro prints, without the line marks of its own lines (its text belongs to
        the line that calls it); refused if the macro is running already."""
        self.budget.step()
        if any(macro is running for running in self.running):
            raise Refused(f"the macro {macro.name!r} runs itself")
        self.running.append(macro)
        try:
            text = str(macro(*args, **kwargs))
        finally:
            self.running.pop()
        self.bounded(len(text))  # its pieces were counted as it printed them
        return LINE_MARKS.sub("", text) if "\ue000" in text else text

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        self.budget.step()
        result = self.binop_table[operator](_number(left, operator), _number(right, operator))
        if not abs(result) <= MAX_NUMBER:
            raise Refused(f"a number larger than {MAX_NUMBER:,}")
        return result

    # ---- filters: each checks what it is given and bounds what it makes --------------

    @pass_context
    def filter_join(self, context: Context, items: Any, separator: Any = "") -> str:
        self.budget.step()
        texts, glue = _texts(items, "join"), _text_of(separator, "join")
        self.measured(sum(map(len, texts)) + len(glue) * len(texts))
        return glue.join(texts)

    @pass_context
    def filter_length(self, context: Context, value: Any) -> int:
        self.budget.step()
        if not isinstance(value, (*ORDERED, Mapping, set, frozenset)):
            raise Refused(f"length counts a text, list or table, not {_kind(value)}")
        return len(value)

    @pass_context
    def filter_int(self, context: Context, value: Any, default: Any = 0, base: Any = 10) -> int:
        self.budget.step()
        if not isinstance(value, str):
            _number(value, "int")
        elif len(value) > MAX_NUMBER_TEXT:
            raise Refused(f"int reads a number of at most {MAX_NUMBER_TEXT} characters")
        number = jinja_filters.do_int(value, _number(default, "int"), base)
        if not abs(number) <= MAX_NUMBER:
            raise Refused(f"a number larger than {MAX_NUMBER:,}")
        return number

    @pass_context
    def filter_round(self, context: Context, value: Any, precision: Any = 0,
                     method: Any = "common") -> float:
        self.budget.step()
        if type(precision) is not int or not 0 <= precision <= MAX_PRECISION:
            raise Refused(f"round keeps 0 to {MAX_PRECISION} decimals")
        if method not in ("common", "ceil", "floor"):
            raise Refused("round rounds by 'common', 'ceil' or 'floor'")
        return jinja_filters.do_round(_number(value, "round"), precision, method)

    def _text_filter(name: str, change: Callable[[str], str]) -> Callable:  # noqa: N805
        @pass_context
        def filtered(self, context: Context, value: Any) -> str:
            self.budget.step()
            if not isinstance(value, str):
                raise Refused(f"{name} works on a text, not {_kind(value)}")
            return change(value)
        return filtered

    filter_lower = _text_filter("lower", str.lower)
    filter_upper = _text_filter("upper", str.upper)
    filter_capitalize = _text_filter("capitalize", str.capitalize)

    # ---- what ``_Budgeted`` puts into the template -------------------------------------

    @pass_context
    def filter_looped(self, context: Context, items: Any) -> Iterator[Any]:
        """A loop's items, a step each; a set is refused, its order changing between runs."""
        if not isinstance(items, (*ORDERED, Undefined)):
            raise Refused(f"a loop goes through a list, table or text, not {_kind(items)}")
        for item in items:
            self.budget.step()
            yield item

    @pass_context
    def filter_joined(self, context: Context, parts: list[Any]) -> str:
        """``a ~ b ~ c``: texts and numbers, measured before they are joined."""
        self.budget.step()
        texts = [_text_of(part, "~") for part in parts]
        self.measured(sum(map(len, texts)))
        return "".join(texts)

    @pass_context
    def filter_made(self, context: Context, value: Any) -> Any:
        """A list, tuple or table written in the template, measured."""
        self.budget.step()
        self.measured(_size(value, self.limit))
        return value

    @pass_context
    def filter_compared(self, context: Context, value: Any) -> Any:
        """A comparison: a step, so a long run of them meets the clock."""
        self.budget.step()
        return value


class _Budgeted(NodeTransformer):
    """A checked template whose loops, ``~`` joins, written lists and tables and comparisons
    go through the budget (the filters of ``_RuleTextEnvironment`` named here)."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        node = self.generic_visit(node)
        node.iter = _filtered(node.iter, "looped")
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        return _filtered(nodes.List(self.generic_visit(node).nodes, lineno=node.lineno),
                         "joined")

    def visit_List(self, node: nodes.List) -> nodes.Node:
        return _filtered(self.generic_visit(node), "made")

    visit_Dict = visit_List

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        node = self.generic_visit(node)
        return node if node.ctx != "load" else _filtered(node, "made")

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        return _filtered(self.generic_visit(node), "compared")


def _filtered(node: nodes.Expr, name: str) -> nodes.Filter:
    return nodes.Filter(node, name, [], [], None, None, lineno=node.lineno)


def _size(value: Any, limit: int) -> int:
    """Characters and items of a value, with those of every text, list and table in it, each
    as often as it is held: what printing it all would make. Each list or table is measured
    once, so one held twice in each of many others is quick to measure; past ``limit``, the
    count stops (as it does for a value that holds itself: it would print for ever)."""
    sizes: dict[int, int] = {}
    opened: set[int] = set()
    waiting: list[tuple[Any, bool]] = [(value, False)]
    while waiting:
        item, measured_inside = waiting.pop()
        if id(item) in sizes:
            continue
        if not measured_inside and id(item) in opened:
            return limit + 1
        inside = (*item.keys(), *item.values()) if isinstance(item, dict) else \
            item if isinstance(item, (list, tuple)) else None
        if inside is None:
            sizes[id(item)] = len(item) if isinstance(item, str) else 1
        elif measured_inside:
            sizes[id(item)] = len(inside) + sum(sizes[id(part)] for part in inside)
            if sizes[id(item)] > limit:
                return sizes[id(item)]
        else:
            opened.add(id(item))
            waiting.append((item, True))
            waiting.extend((part, False) for part in inside)
    return sizes[id(value)]


def _data(value: Any, name: Any) -> Any:
    """A value read from another: data, never a method."""
    if callable(value) and not isinstance(value, (Undefined, Macro)):
        raise Refused(f"{str(name)[:40]!r} is a method; a rule text reads values only")
    return value


def _data_attribute(kind: type, attr: str) -> bool:
    """Whether ``attr`` of a pydantic model or dataclass is data: a field, or a property
    of its own classes (not a method, nor anything pydantic defines)."""
    if attr in getattr(kind, "model_fields", ()) or attr in getattr(
            kind, "__dataclass_fields__", ()):
        return True
    for cls in kind.__mro__:
        if cls in (BaseModel, object):
            return False
        if attr in vars(cls):
            return isinstance(vars(cls)[attr], (property, cached_property))
    return False


def _text_of(value: Any, what: str) -> str:
    """A text or number as it prints: "" for an inline if that was false (an undefined
    name raises its own error here)."""
    if isinstance(value, Undefined):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise Refused(f"{what} takes texts and numbers, not {_kind(value)}")


def _defined(value: Any) -> Any:
    """A value given to a helper, the error of an undefined name raised here."""
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()  # an inline if that was false: nothing
    return value


def _texts(items: Any, what: str) -> list[str]:
    if not isinstance(items, LISTS):
        raise Refused(f"{what} takes a list, not {_kind(items)}")
    return [_text_of(item, what) for item in items]


def _number(value: Any, what: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Refused(f"{what} works on numbers, not {_kind(value)}; join texts with ~")
    return value


def _kind(value: Any) -> str:
    """What a value is, in an author's words."""
    if isinstance(value, Macro):
        return f"the macro {value.name!r}"
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return f"the {'text' if isinstance(value, str) else 'number'} {str(value)[:30]!r}"
    kinds = ((bool, "a yes-or-no value"), (type(None), "nothing (none)"), (LISTS, "a list"),
             (Mapping, "a table"), ((set, frozenset), "a set"))
    return next((kind for types, kind in kinds if isinstance(value, types)), "an object")


# ---- the helpers: the kit's words and the grammar, bounded ---------------------------

def _helpers(environment: _RuleTextEnvironment, lang: str,
             words: Words | None) -> dict[str, Callable]:
    """The helpers a rule text calls (``allowlist.HELPERS``), for one render in ``lang``."""

    def plural_form(number: Any, *forms: Any) -> str:
        """The form of a word that goes with a number, by CLDR's plural rules."""
        forms = [_text_of(form, "plural_form") for form in forms]
        return grammar.plural_form(_defined(number), forms, lang)

    def numeral(number: Any, gender: Any = None, case: Any = None) -> str:
        """A number in words up to twelve, in digits above, by CLDR's spell-out rules."""
        return grammar.numeral(_defined(number), lang, _defined(gender), _defined(case))

    def listed(join: Callable, items: Any, each: Any, values: tuple) -> str:
        items = _defined(items)
        if each is None:
            texts = _texts(items, "a list")
        elif isinstance(each, Macro) and isinstance(items, LISTS):
            texts = [environment.macro_text(each, (item, *values), {}) for item in items]
        else:
            raise Refused("a list is given as a list, and a macro to print each item")
        texts = [text for text in texts if text]  # what an inline if left out
        environment.measured(sum(map(len, texts)) + grammar.list_glue(lang) * len(texts))
        return join(texts, lang)

    def and_list(items: Any, each: Any = None, *values: Any) -> str:
        """"a, b and c" by the CLDR list pattern; with a macro, what it prints for each item
        (given the values after it too)."""
        return listed(grammar.and_list, items, each, values)

    def or_list(items: Any, each: Any = None, *values: Any) -> str:
        """"a, b or c", like ``and_list``."""
        return listed(grammar.or_list, items, each, values)

    def range_(*bounds: Any) -> range:
        """Python's range, of at most MAX_RANGE whole numbers."""
        bounds = tuple(map(_defined, bounds))
        if not 1 <= len(bounds) <= 3 or any(type(bound) is not int for bound in bounds):
            raise Refused("range takes one to three whole numbers")
        if len(range(*bounds)) > MAX_RANGE:
            raise Refused(f"range gives at most {MAX_RANGE} numbers")
        return range(*bounds)

    def printed_word(key: Any, **values: Any) -> str:
        """A printed word of the kit in the text's language, its placeholders filled in
        and its length known before it is (a word of many {n} could be huge)."""
        texts = {name: _text_of(value, "words") for name, value in values.items()}
        text = words.table.get(key) if isinstance(key, str) else None
        if text is not None:
            environment.measured(_filled_size(text, texts, environment.limit))
        return words(key, **texts)

    helpers = dict(words=printed_word, plural_form=plural_form, numeral=numeral,
                   and_list=and_list, or_list=or_list, range=range_)
    if words is None:
        del helpers["words"]
    return helpers


def _filled_size(text: str, values: Mapping[str, str], limit: int) -> int:
    """The most characters ``text`` can have with ``values`` in its placeholders (counted up
    to just past ``limit``)."""
    try:
        fields = string.Formatter().parse(text)
        size = 0
        for literal, name, spec, conversion in fields:
            widths = re.findall(r"\d+", spec or "")
            if any(len(width) > 9 for width in widths):
                raise Refused("a placeholder pads to a billion characters or more")
            size += len(literal) + max(map(int, widths), default=0)
            if name is not None:  # !r and !a may write a character as ten
                size += len(values.get(name, "")) * (10 if conversion else 1)
            if size > limit:
                break
    except ValueError:  # a malformed word: Words names it
        return len(text)
    return size


# ---- line marks: which template line each rendered line came from --------------------

@dataclass(frozen=True)
class Rendered:
    """A rendered rule text and, for each of its lines, the template line it came from."""

    text: str
    lines: tuple[int, ...]

    def source_line(self, line: int) -> int:
        """The template line of a line (1-based) of the rendered text."""
        if not self.lines:
            return line
        return self.lines[min(max(line, 1), len(self.lines)) - 1]


class _LineMarks(Extension):
    """Marks the end of every template line that is text, so each line of the rendered text
    can be traced back to the template line it came from."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for token in stream:
            if token.type != "data" or "\n" not in token.value:
                yield token
                continue
            pieces = token.value.split("\n")
            marked = [piece + LINE_MARK.format(token.lineno + index)
                      for index, piece in enumerate(pieces[:-1])]
            yield Token(token.lineno, "data", "\n".join(marked + pieces[-1:]))


def _unmarked_length(text: str) -> int:
    """The length of a rendered piece without the line marks in it."""
    return len(LINE_MARKS.sub("", text)) if "\ue000" in text else len(text)


def _traced(marked: str) -> Rendered:
    """The rendered text without its line marks, and the template line each line starts on:
    the line after the one where the line before it ended."""
    texts, starts = [], []
    ended = 0  # the template line the previous rendered line ended on
    for line in marked.split("\n"):
        starts.append(ended + 1)
        found = LINE_MARKS.findall(line)
        ended = int(found[-1]) if found else ended + 1
        texts.append(LINE_MARKS.sub("", line) if found else line)
    return Rendered("\n".join(texts), tuple(starts))


# ---- rendering -----------------------------------------------------------------------

def render_rule_text(text: str, source: str, context: Mapping[str, Any],
                     max_output: int) -> str:
    """The rule text with its template filled in from ``context``; at most ``max_output``
    characters. Every mistake is one InputError naming ``source`` and the line."""
    return render_traced(text, source, context, max_output).text


def render_traced(text: str, source: str, context: Mapping[str, Any],
                  max_output: int) -> Rendered:
    """``render_rule_text``, with the template line of every rendered line.

    The helpers speak ``context["lang"]`` (English without it); ``words`` is
    ``context["words"]``, the kit's printed words, bounded.
    """
    _check_source(text, source)
    environment = _RuleTextEnvironment(max_output)
    values = dict(context)
    words = values.pop("words", None)
    helpers = _helpers(environment, values.get("lang", "en"),
                       words if isinstance(words, Words) else None)
    if set(values) & set(HELPERS):
        raise ValueError(f"the context's {sorted(set(values) & set(HELPERS))} would hide "
                         "the helpers of those names")
    environment.helpers = tuple(helpers.values())
    try:
        template = _compiled(environment, text, source)
    except TemplateSyntaxError as error:
        raise InputError(f"template: {error.message}", source=source, line=error.lineno) from None
    except (RecursionError, SyntaxError):  # Jinja2's parser or Python's compiler gave up
        raise InputError("template: blocks, brackets or expressions nested too deeply",
                         source=source) from None
    except (ValueError, OverflowError):  # a number literal of thousands of digits
        raise InputError("template: a number too long to read or print", source=source) from None
    except (TemplateError, MemoryError) as error:
        raise InputError(_message(error), source=source) from None
    environment.budget.start()
    pieces: list[str] = []
    size = 0
    try:
        for piece in template.generate(**values, **helpers):
            size += _unmarked_length(piece)
            if size > max_output:
                raise Refused(f"the rendered text is longer than {max_output} characters")
            pieces.append(piece)
    except Exception as error:  # a rule text is user code: any failure is the file's mistake
        raise InputError(_message(error), source=source, line=_template_line(error)) from None
    return _traced("".join(pieces))


def _message(error: BaseException) -> str:
    if isinstance(error, (UndefinedError, InputError)):
        return f"template: {error.message}"
    if isinstance(error, SecurityError):
        return f"template: not allowed in a rule text: {error}"
    if isinstance(error, (Refused, grammar.GrammarError)):
        return f"template: {error}"
    if isinstance(error, RecursionError):
        return "template: macros call each other too deeply"
    if isinstance(error, MemoryError):
        return "template: needs more memory than a rule text may use"
    return f"template: {type(error).__name__}: {error}"


def _template_line(error: BaseException) -> int | None:
    """The line of the template a rendering error happened on (from its traceback)."""
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == TEMPLATE_NAME:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def _check_source(text: str, source: str) -> None:
    """Refuse, before parsing, the characters line marks are made of, and more template code
    than rules need (compiling takes time and memory in proportion to it)."""
    found = MARK_CHARACTERS.search(text)
    if found:
        raise InputError(f"template: the character U+{ord(found.group()):04X} is kept for "
                         "boardgen's own use; remove it", source=source,
                         line=text.count("\n", 0, found.start()) + 1)
    size = 0
    for found in CODE.finditer(text):
        size += len(found.group())
        if size > MAX_CODE_CHARS:
            raise InputError(f"template: more than {MAX_CODE_CHARS} characters inside "
                             "{{ }} and {% %}; a rule text has at most that many", source=source,
                             line=text.count("\n", 0, found.start()) + 1)


def _compiled(environment: _RuleTextEnvironment, text: str, source: str):
    """The template of ``text``, checked and compiled, or loaded as compiled from the cache.

    Compiling a rule text takes about 10 ms and rendering it a few tenths of that, so the
    compiled code is kept in Jinja2's bytecode cache: one file per rule text file, checked
    against a digest of the text and compiled afresh when the text changed. Only a text that
    passed the allow-list is compiled, so a kept one passed it too.
    """
    cache = _bytecode_cache()
    try:
        bucket = Bucket(environment, cache.get_cache_key(source), cache.get_source_checksum(text))
    except UnicodeEncodeError:  # a name or text with lone surrogates (a file name in no
        return _template(environment, _compile(environment, text, source))  # encoding)
    try:
        cache.load_bytecode(bucket)
    except Exception:  # a damaged file (Jinja2 reads part of it with pickle): made again
        bucket.reset()
    if bucket.code is None:
        bucket.code = _compile(environment, text, source)
        try:
            cache.dump_bytecode(bucket)
        except OSError:  # nowhere to keep it: compiled again next time
            pass
    return _template(environment, bucket.code)


def _compile(environment: _RuleTextEnvironment, text: str, source: str):
    """The code of a rule text: parsed, checked against the allow-list, budgeted."""
    parsed = environment.parse(text)
    check_template(parsed, source)
    return environment.compile(_Budgeted().visit(parsed))


def _template(environment: _RuleTextEnvironment, code):
    return environment.template_class.from_code(environment, code, environment.make_globals(None))


def _bytecode_cache() -> FileSystemBytecodeCache:
    """Jinja2's bytecode cache, in a folder of boardgen's cache named after this module and
    the allow-list: the code depends on how they check and compile as well as on the text."""
    from boardgen.rules import allowlist

    digests = (file_digest(Path(module)) for module in (__file__, allowlist.__file__))
    folder = cache_dir() / f"templates-{'-'.join(digests)}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # nothing is kept: each render compiles its template
    return FileSystemBytecodeCache(str(folder), "%s.jinja")
