"""Rule texts as templates of the layout: Jinja2 in a sandbox, with bounded work.

A rule text is a user file, so it is rendered in Jinja2's sandbox (no private
attributes, no unsafe callables) with undefined names as errors, and with a budget: loop iterations and calls are counted, numbers given to
functions and operators are limited, the output is capped and a render that runs
past its time limit stops. Any mistake is one InputError naming the rule text and
its line. A text without template syntax renders as itself.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from jinja2 import FileSystemBytecodeCache, StrictUndefined, TemplateSyntaxError, nodes
from jinja2.bccache import Bucket
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment

from boardgen.cache import cache_dir, file_digest
from boardgen.errors import InputError

MAX_STEPS = 200_000          # loop iterations, calls and filters in one render
MAX_ITEMS = 5_000_000        # characters and items of all the values calls and filters make
MAX_NUMBER = 1_000_000       # the largest number a function, filter or operator is given
MAX_INT_BITS = 4_096         # integers computed by a template stay this small
RENDER_SECONDS = 5.0         # wall-clock limit of one render
TEMPLATE_NAME = "<template>"
BUDGET_FILTER = "_counted"
FORMAT_WIDTH = re.compile(r"\d{7,}")  # a field width of a million or more
LINE_MARK = "\ue000{}\ue001"  # private-use characters around a template line number
LINE_MARKS = re.compile("\ue000(\\d+)\ue001")


class BudgetExceeded(Exception):
    """The template asked for more work than a rule text may."""


class _Budget:
    """Steps taken and time used by one render."""

    def __init__(self) -> None:
        self.steps = 0
        self.items = 0
        self.deadline = time.monotonic() + RENDER_SECONDS

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise BudgetExceeded(f"the template does more than {MAX_STEPS} steps "
                                 "(loop rounds and calls)")
        if time.monotonic() > self.deadline:
            raise BudgetExceeded(f"the template takes longer than {RENDER_SECONDS:g} s")

    def made(self, value: Any) -> None:
        """Count the size of a value a call or filter made."""
        if isinstance(value, (str, list, tuple, dict, set)):
            self.items += len(value)
            if self.items > MAX_ITEMS:
                raise BudgetExceeded(f"the template makes more than {MAX_ITEMS} characters "
                                     "and items in all")

    def counted(self, items: Iterable[Any]) -> Iterator[Any]:
        for item in items:
            self.step()
            yield item


def _check_value(value: Any, limit: int) -> None:
    """Refuse numbers and texts too large to give to a function or to print."""
    if isinstance(value, bool):
        return
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        raise BudgetExceeded(f"number {value if value.bit_length() < 64 else '(huge)'} is "
                             f"larger than {MAX_NUMBER}")
    if isinstance(value, float) and abs(value) > MAX_NUMBER:
        raise BudgetExceeded(f"number {value:g} is larger than {MAX_NUMBER}")
    if isinstance(value, (str, list, tuple, dict, set)) and len(value) > limit:
        raise BudgetExceeded(f"a value of {len(value)} items is longer than {limit}")


def _check_format(text: Any) -> None:
    """Refuse a format string that pads to a million characters or more."""
    if isinstance(text, str) and FORMAT_WIDTH.search(text):
        raise BudgetExceeded("a format width of a million or more")


class _BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox with every call, loop round and large operand counted or refused."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, budget: _Budget, max_output: int) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True,
                         extensions=[_LineMarks])
        self.budget = budget
        self.max_output = max_output
        filters = dict(self.filters, format=_checked_format(self.filters["format"]))
        self.filters = {name: self._bounded(function) for name, function in filters.items()}
        self.filters[BUDGET_FILTER] = budget.counted

    def _bounded(self, function: Callable) -> Callable:
        """A filter that counts as a step and refuses huge arguments and results."""
        @wraps(function)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            self.check_call(args, kwargs)
            _check_growth(function.__name__.removeprefix("do_"), args, kwargs, self.max_output)
            result = function(*args, **kwargs)
            _check_value(result, self.max_output)
            self.budget.made(result)
            return result
        return bounded

    def check_call(self, args: Iterable[Any], kwargs: Mapping[str, Any]) -> None:
        self.budget.step()
        for value in (*args, *kwargs.values()):
            _check_value(value, self.max_output)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja2's signature)
        """A call from the template: counted, with its arguments and result checked."""
        __self.check_call(args, kwargs)
        subject = getattr(__obj, "__self__", None)
        if isinstance(subject, str):
            _check_growth(__obj.__name__, (subject, *args), kwargs, __self.max_output)
        result = super().call(__context, __obj, *args, **kwargs)
        _check_value(result, __self.max_output)
        __self.budget.made(result)
        return result

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        """``*``, ``**`` and ``%`` refused where the result would be huge."""
        self.budget.step()
        if operator_name == "**":
            _check_power(left, right)
        elif operator_name == "*":
            _check_product(left, right, self.max_output)
        elif isinstance(left, str):
            _check_format(left)
            for value in right if isinstance(right, tuple) else (right,):
                _check_value(value, self.max_output)
        result = super().call_binop(context, operator_name, left, right)
        self.budget.made(result)
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``"...".format`` in a template, refused when it would pad to a huge width."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format(value.__self__)
        return wrapped


def _checked_format(format_filter: Callable) -> Callable:
    """Jinja2's ``format`` filter, refusing huge widths like ``%`` does."""
    @wraps(format_filter)
    def checked(value: Any, *args: Any, **kwargs: Any) -> Any:
        _check_format(value)
        return format_filter(value, *args, **kwargs)
    return checked


def _check_growth(name: str, args: tuple, kwargs: Mapping[str, Any], limit: int) -> None:
    """Refuse, before doing it, a text operation whose result would be huge.

    ``args`` starts with the text worked on; the operations that multiply a text's length
    are estimated from their arguments.
    """
    if not args or not isinstance(args[0], str):
        return
    text, rest = args[0], list(args[1:]) + list(kwargs.values())
    if name == "replace" and len(rest) >= 2 and isinstance(rest[0], str):
        growth = max(len(str(rest[1])) - len(rest[0]), 0)
        estimate = len(text) + (text.count(rest[0]) if rest[0] else len(text) + 1) * growth
    elif name == "indent":
        width = rest[0] if rest and isinstance(rest[0], (int, str)) else 4
        width = width if isinstance(width, int) else len(width)
        estimate = len(text) + (text.count("\n") + 1) * width
    elif name == "expandtabs":
        estimate = len(text) + text.count("\t") * (rest[0] if rest else 8)
    elif name == "join" and rest and hasattr(rest[0], "__len__"):
        estimate = len(text) * len(rest[0]) + sum(len(str(item)) for item in rest[0])
    else:
        return
    if estimate > limit:
        raise BudgetExceeded(f"{name} would make a text longer than {limit} characters")


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0:
        if max(base.bit_length(), 1) * exponent > MAX_INT_BITS:
            raise BudgetExceeded("a power too large to compute")


def _check_product(left: Any, right: Any, limit: int) -> None:
    if isinstance(left, int) and isinstance(right, int):
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise BudgetExceeded("a product too large to compute")
        return
    count, sequence = (left, right) if isinstance(left, int) else (right, left)
    if isinstance(count, int) and hasattr(sequence, "__len__") and count * len(sequence) > limit:
        raise BudgetExceeded(f"a repeated text or list longer than {limit}")


def _count_loops(tree: nodes.Template) -> nodes.Template:
    """Every ``for`` loop of the template iterates through the budget."""
    for loop in tree.find_all(nodes.For):
        loop.iter = nodes.Filter(loop.iter, BUDGET_FILTER, [], [], None, None,
                                 lineno=loop.lineno)
    return tree


def _template_line(error: BaseException) -> int | None:
    """The line of the template a rendering error happened on (from its traceback)."""
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == TEMPLATE_NAME:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def _message(error: BaseException) -> str:
    if isinstance(error, UndefinedError):
        return f"template: {error.message}"
    if isinstance(error, SecurityError):
        return f"template: not allowed in a rule text: {error}"
    if isinstance(error, BudgetExceeded):
        return f"template: {error}"
    if isinstance(error, RecursionError):
        return "template: macros call each other too deeply"
    if isinstance(error, MemoryError):
        return "template: needs more memory than a rule text may use"
    if isinstance(error, InputError):
        return f"template: {error.message}"
    return f"template: {type(error).__name__}: {error}"


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


def render_rule_text(text: str, source: str, context: Mapping[str, Any],
                     max_output: int) -> str:
    """The rule text with its template filled in from ``context``; at most ``max_output``
    characters. Every mistake is one InputError naming ``source`` and the line."""
    return render_traced(text, source, context, max_output).text


def render_traced(text: str, source: str, context: Mapping[str, Any],
                  max_output: int) -> Rendered:
    """``render_rule_text``, with the template line of every rendered line."""
    budget = _Budget()
    environment = _BoundedSandbox(budget, max_output)
    try:
        template = _compiled(environment, text, source)
    except TemplateSyntaxError as error:
        raise InputError(f"template: {error.message}", source=source, line=error.lineno) from None
    except (TemplateError, RecursionError, MemoryError) as error:
        raise InputError(_message(error), source=source) from None
    pieces: list[str] = []
    size = 0
    try:
        for piece in template.generate(**context):
            size += len(piece) - len(LINE_MARK.format(0)) * piece.count(LINE_MARK[0])
            if size > max_output:
                raise BudgetExceeded(f"the rendered text is longer than {max_output} characters")
            pieces.append(piece)
    except Exception as error:  # a rule text is user code: any failure is the file's mistake
        raise InputError(_message(error), source=source, line=_template_line(error)) from None
    return _traced("".join(pieces))


def _compiled(environment: _BoundedSandbox, text: str, source: str):
    """The template of ``text``, compiled, or loaded as compiled from the cache.

    Compiling a rule text takes about 10 ms and rendering it a few tenths of that, so the
    compiled code is kept in Jinja2's bytecode cache: one file per rule text file, checked
    against a digest of the text and compiled afresh when the text changed.
    """
    cache = _bytecode_cache()
    bucket = Bucket(environment, cache.get_cache_key(source), cache.get_source_checksum(text))
    try:
        cache.load_bytecode(bucket)
    except Exception:  # a damaged file (Jinja2 reads part of it with pickle): made again
        bucket.reset()
    if bucket.code is None:
        bucket.code = environment.compile(_count_loops(environment.parse(text)))
        try:
            cache.dump_bytecode(bucket)
        except OSError:  # nowhere to keep it: compiled again next time
            pass
    return environment.template_class.from_code(environment, bucket.code,
                                                environment.make_globals(None))


def _bytecode_cache() -> FileSystemBytecodeCache:
    """Jinja2's bytecode cache, in a folder of boardgen's cache named after this module.

    The code depends on how this module compiles (the sandbox, the line marks, the
    counted loops) as well as on the text, so a changed module starts a new folder.
    """
    folder = cache_dir() / f"templates-{file_digest(Path(__file__))}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # nothing is kept: each render compiles its template
    return FileSystemBytecodeCache(str(folder), "%s.jinja")
