"""Rule texts as templates of the layout: Jinja2 in a sandbox, with bounded work.

A rule text is a user file, so it is rendered in Jinja2's immutable sandbox (no private
attributes, no unsafe callables, nothing changed in place; of models and dataclasses
only their data) with undefined names as errors, and with a budget: loop iterations,
calls and operators are counted, numbers given to them are limited, operations that
would make a huge text or list are refused before they run, every value made or printed
(also inside ``set`` and ``filter`` blocks) is measured and counted, and a render that
runs past its time limit stops. Sizes look inside lists and tables, since a list can
hold one long text many times over, so no value larger than the output may be exists
to be compared, hashed or printed. Template code beyond what rules need is refused
before it is compiled. Any mistake is one InputError naming the rule text and its line.
A text without template syntax renders as itself.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, is_dataclass
from functools import cached_property, wraps
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from jinja2 import (Environment, FileSystemBytecodeCache, StrictUndefined,
                    TemplateSyntaxError, nodes, pass_context)
from jinja2.bccache import Bucket
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer
from pydantic import BaseModel

from boardgen.cache import cache_dir, file_digest
from boardgen.errors import InputError

MAX_STEPS = 100_000          # loop iterations, calls, filters and operators in one render
MAX_ITEMS = 2_000_000        # characters and items of all the values made and printed
MAX_NUMBER = 1_000_000       # the largest number a function, filter or operator is given
MAX_INT_BITS = 4_096         # integers computed by a template stay this small
RENDER_SECONDS = 5.0         # wall-clock limit of one render
TEMPLATE_NAME = "<template>"
BUDGET_FILTER = "_counted"
CONCAT_FILTER = "_concatenated"  # what ``a ~ b`` becomes, so its result is measured
PRINT_FILTER = "_printed"        # every printed piece passes it, so it is counted
MADE_FILTER = "_measured"        # every list, tuple and table written in the template
STEP_FILTER = "_stepped"         # every comparison and test
# filters that call a test or filter for each item
EACH_ITEM_FILTERS = frozenset({"map", "select", "reject", "selectattr", "rejectattr"})
CONTAINERS = (list, tuple, dict, set, frozenset)
TEXTS = (str, bytes, bytearray)
SIZED = (*TEXTS, *CONTAINERS)
MAX_ATTRIBUTE_PARTS = 16  # a dotted attribute= path is followed item by item in one call
MAX_CODE_CHARS = 50_000  # characters inside {{ }} and {% %}: shipped rule texts have under 5,000
CODE = re.compile(r"\{[{%].*?(?:[}%]\}|\Z)", re.S)
SPEC_WIDTH = re.compile(r"[:%.][-+ #0<>=^,_]*(\d+)")  # a format field's width or precision
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
        self.start()

    def start(self) -> None:
        """The clock starts (again): compiling is bounded by the template's size instead."""
        self.deadline = time.monotonic() + RENDER_SECONDS

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise BudgetExceeded(f"the template does more than {MAX_STEPS} steps "
                                 "(loop rounds, calls and operations)")
        if time.monotonic() > self.deadline:
            raise BudgetExceeded(f"the template takes longer than {RENDER_SECONDS:g} s")

    def made(self, size: int) -> None:
        """Count the characters and items of a value the template made or printed."""
        self.items += size
        if self.items > MAX_ITEMS:
            raise BudgetExceeded(f"the template makes more than {MAX_ITEMS} characters "
                                 "and items in all")

    def counted(self, items: Iterable[Any]) -> Iterator[Any]:
        for item in items:
            self.step()
            yield item


def _size(value: Any, limit: int) -> int:
    """About the length of a value printed: characters and items, with those of every
    text, number and object inside it.

    A text or object held many times over counts each time: printing or joining the list
    makes every copy. Counting stops once past ``limit``, so it is quick whatever the
    value, and ends even for a list that holds itself.
    """
    total, waiting = 0, [value]
    printed: dict[int, int] = {}  # the printed length of each other object, by identity
    while waiting and total <= limit:
        item = waiting.pop()
        if isinstance(item, TEXTS):
            total += len(item)
        elif isinstance(item, dict):
            total += len(item)
            waiting.extend(item.keys())
            waiting.extend(item.values())
        elif isinstance(item, CONTAINERS):
            total += len(item)
            waiting.extend(item)
        elif isinstance(item, int):
            total += item.bit_length() * 30103 // 100000 + 1  # its decimal digits, about
        elif item is not None and not isinstance(item, (float, Iterator)):
            if id(item) not in printed:
                printed[id(item)] = _printed_length(item)
            total += printed[id(item)]
    return total


def _printed_length(item: Any) -> int:
    """The length of an object as the template would print it (0 if it cannot be)."""
    try:
        return len(str(item))
    except Exception:  # an undefined name, say: the template reports it where it prints
        return 0


def _check_value(value: Any, limit: int) -> None:
    """Refuse numbers and texts too large to give to a function or to print."""
    if isinstance(value, bool):
        return
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        raise BudgetExceeded(f"number {value if value.bit_length() < 64 else '(huge)'} is "
                             f"larger than {MAX_NUMBER}")
    if isinstance(value, float) and abs(value) > MAX_NUMBER:
        raise BudgetExceeded(f"number {value:g} is larger than {MAX_NUMBER}")
    if isinstance(value, SIZED) and _size(value, limit) > limit:
        raise BudgetExceeded(f"a value of more than {limit} characters and items")


def _check_format(text: Any) -> None:
    """Refuse a format string that pads to a million characters or more."""
    if isinstance(text, str) and FORMAT_WIDTH.search(text):
        raise BudgetExceeded("a format width of a million or more")


class _BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's sandbox with every call, loop round and large operand counted or refused.

    Immutable: lists and tables cannot be changed in place (the values a game hands the
    template may be its own). Of the layout and the objects it leads to (pydantic models,
    dataclasses) only data can be read, never a method: pydantic's read files, dump JSON
    at any indent and change the class for every later build, and a game's own may loop
    on arguments no build would give them.
    """

    intercepted_binops = frozenset({"*", "**", "%", "+", "-", "/", "//"})

    def __init__(self, budget: _Budget, max_output: int) -> None:
        # not optimized: Jinja2 would run filters on constants while compiling, outside the
        # budget, and write their results, however large, into the code it compiles
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True,
                         extensions=[_LineMarks], optimized=False)
        self.budget = budget
        self.max_output = max_output
        del self.globals["lipsum"]  # placeholder Latin, slow to make at the sizes allowed
        for name in ("tojson", "pprint"):  # no use in a printed text, and nested values indent
            del self.filters[name]  # their every line ever deeper
        filters = dict(self.filters, format=_checked_format(self.filters["format"]),
                       **{CONCAT_FILTER: _concatenated})
        self.filters = {name: self._bounded(function) for name, function in filters.items()}
        self.filters[BUDGET_FILTER] = budget.counted
        self.filters[PRINT_FILTER] = self._printed
        self.filters[MADE_FILTER] = self._written
        self.filters[STEP_FILTER] = self._stepped

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Jinja2's rules, and of a model or dataclass only its fields and properties."""
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, BaseModel) or (is_dataclass(obj) and not isinstance(obj, type)):
            return _data_attribute(type(obj), attr)
        return True

    def _load_template(self, name: Any, globals: Any) -> Any:
        """``include``, ``import`` and ``extends``: a rule text is one file."""
        raise SecurityError("include, import and extends (a rule text cannot read other "
                            "files)")

    def _measured(self, value: Any) -> Any:
        """A value made by the template, refused when larger than the output may be, and
        counted (measured once: a list holding itself twice over takes a while)."""
        if isinstance(value, SIZED):
            size = _size(value, self.max_output)
            if size > self.max_output:
                raise BudgetExceeded(f"a value of more than {self.max_output} characters "
                                     "and items")
            self.budget.made(size)
        else:
            _check_value(value, self.max_output)
        return value

    def _stepped(self, value: Any) -> Any:
        """A comparison or test done: one step, so a long run of them meets the clock."""
        self.budget.step()
        return value

    def _written(self, value: Any) -> Any:
        """A list, tuple or table written in the template, measured like any value made."""
        self.budget.step()
        return self._measured(value)

    @pass_context
    def _printed(self, context: Context, value: Any) -> str:
        """A printed value as text, refused when huge and counted, wherever it is printed:
        a ``set`` or ``filter`` block keeps its text until the block ends."""
        if not isinstance(value, str):
            _check_value(value, self.max_output)
        text = str(value)
        size = _unmarked_length(text)
        if size > self.max_output:
            raise BudgetExceeded(f"a value of more than {self.max_output} characters and items")
        self.budget.made(size)
        return text

    def _bounded(self, function: Callable) -> Callable:
        """A filter that counts as a step and refuses huge arguments and results."""
        name = function.__name__.removeprefix("do_")

        @wraps(function)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            if name == "join":
                args = self._listed_first(args)
            _check_attribute_path(name, _without_context(args), kwargs)
            self._count_item_work(name, _without_context(args), kwargs)
            self.check_call(args, kwargs)
            _check_growth(name, _without_context(args), kwargs, self.max_output)
            return self._measured(function(*args, **kwargs))
        return bounded

    def _listed_first(self, args: tuple) -> tuple:
        """A filter's arguments with the items it works on as a list (a ``map`` or ``select``
        gives them one by one), so their size is known before they are joined."""
        context = len(args) - len(_without_context(args))
        if len(args) > context and not hasattr(args[context], "__len__"):
            items = list(self.budget.counted(args[context]))
            args = (*args[:context], items, *args[context + 1:])
        return args

    def _count_item_work(self, name: str, args: tuple, kwargs: Mapping[str, Any]) -> None:
        """Count as steps what a filter does item by item within its one call: a test, a
        filter or an attribute path for each item (a test against a long list costs more)."""
        path = _attribute_path(name, args, kwargs)
        if name not in EACH_ITEM_FILTERS and path is None:
            return
        items = args[0] if args and hasattr(args[0], "__len__") else ()
        parts = path.count(".") + 1 if isinstance(path, str) else 1
        extra = max((_size(v, MAX_STEPS) for v in (*args[1:], *kwargs.values())), default=0)
        self.budget.steps += len(items) * parts * max(extra, 1) - 1
        self.budget.step()

    def check_call(self, args: Iterable[Any], kwargs: Mapping[str, Any]) -> None:
        self.budget.step()
        for value in (*args, *kwargs.values()):
            _check_value(value, self.max_output)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja2's signature)
        """A call from the template: counted, with its arguments and result checked."""
        subject = getattr(__obj, "__self__", None)
        if isinstance(subject, (str, *CONTAINERS)):
            if any(callable(value) for value in (*args, *kwargs.values())):
                # Python would call a macro given as a sort key itself, outside the budget
                raise SecurityError(f"a macro or function given to {__obj.__name__}")
            if isinstance(subject, str) and __obj.__name__ == "join":
                args = __self._listed_first(args)
        __self.check_call(args, kwargs)
        if isinstance(subject, str):
            _check_growth(__obj.__name__, (subject, *args), kwargs, __self.max_output)
        return __self._measured(super().call(__context, __obj, *args, **kwargs))

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        """Arithmetic counted, and refused before it runs where the result would be huge."""
        self.budget.step()
        if operator_name == "**":
            _check_power(left, right)
        elif operator_name == "*":
            _check_product(left, right, self.max_output)
        elif operator_name == "+":
            _check_sum(left, right, self.max_output)
        elif operator_name == "%" and isinstance(left, str):
            _check_format(left)
            for value in right if isinstance(right, tuple) else (right,):
                _check_value(value, self.max_output)
            _check_growth("format", (left, right), {}, self.max_output)
        return self._measured(super().call_binop(context, operator_name, left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``"...".format`` in a template, refused when it would pad to a huge width or
        print its values too many times over."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = value.__self__
        _check_format(text)

        @wraps(wrapped)
        def measured(*args: Any, **kwargs: Any) -> str:
            _check_growth("format", (text, *args), kwargs, self.max_output)
            return wrapped(*args, **kwargs)
        return measured


def _checked_format(format_filter: Callable) -> Callable:
    """Jinja2's ``format`` filter, refusing huge widths like ``%`` does."""
    @wraps(format_filter)
    def checked(value: Any, *args: Any, **kwargs: Any) -> Any:
        _check_format(value)
        return format_filter(value, *args, **kwargs)
    return checked


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


def _concatenated(parts: list[Any]) -> str:
    """``a ~ b ~ c``: the parts as texts, joined (Jinja2's own ``~``, here measured)."""
    return "".join(str(part) for part in parts)


def _without_context(args: tuple) -> tuple:
    """A filter's arguments without the context or environment Jinja2 passes some first."""
    start = 0
    while start < len(args) and isinstance(args[start], (nodes.EvalContext, Context, Environment)):
        start += 1
    return args[start:]


def _check_growth(name: str, args: tuple, kwargs: Mapping[str, Any], limit: int) -> None:
    """Refuse, before doing it, a text operation whose result would be huge.

    ``args`` starts with the text (or, for the ``join`` and ``sum`` filters, the list)
    worked on; the operations that multiply a length are estimated from their arguments.
    """
    if not args:
        return
    rest = list(args[1:]) + list(kwargs.values())
    if not isinstance(args[0], str):
        _check_list_growth(name, args[0], args[1:], kwargs, limit)
        return
    text = args[0]
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
    elif name in ("format", "format_map"):  # each field or % may print the largest value,
        values = _flat(rest)                  # padded to the widest field
        estimate = len(text) + (text.count("{") + text.count("%")) * (
            _largest(values, limit) + _widest_field(text, values))
    elif name == "translate":
        estimate = len(text) * max(_largest(_flat(rest), limit), 1)
    elif name == "wordwrap":
        wrapstring = kwargs.get("wrapstring") or (rest[3] if len(rest) > 3 else None) or "\n"
        width = rest[0] if rest and isinstance(rest[0], int) and rest[0] > 0 else 79
        estimate = len(text) + (len(text) // width + 1) * len(str(wrapstring))
    else:
        return
    if estimate > limit:
        raise BudgetExceeded(f"{name} would make a text longer than {limit} characters")


def _largest(values: list[Any], limit: int) -> int:
    """The size of the largest of some values (see ``_size``)."""
    return max((_size(value, limit) for value in values), default=0)


def _widest_field(text: str, values: list[Any]) -> int:
    """The most a field of a format text may pad to: its own width, or a number among the
    values where a width is taken from them (``%*d``, ``{0:{1}}``)."""
    widths = [int(width) for width in SPEC_WIDTH.findall(text)]
    if "*" in text or re.search(r"\{[^{}]*\{", text):
        widths += [abs(v) for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return max(widths, default=0)


def _flat(values: list[Any]) -> list[Any]:
    """Values, with the items of a tuple or table among them (format's arguments)."""
    flat: list[Any] = []
    for value in values:
        flat.extend(value.values() if isinstance(value, dict) else
                    value if isinstance(value, tuple) else (value,))
    return flat


def _check_list_growth(name: str, items: Any, args: tuple, kwargs: Mapping[str, Any],
                       limit: int) -> None:
    """The ``join`` and ``sum`` filters on a list, refused before they make a huge value."""
    if name == "join" and hasattr(items, "__len__"):
        separator = kwargs.get("d", args[0] if args else "")
        estimate = _size(items, limit) + len(str(separator)) * len(items)
        if estimate > limit:
            raise BudgetExceeded(f"join would make a text longer than {limit} characters")
    elif name == "sum":
        start = kwargs.get("start", args[1] if len(args) > 1 else 0)
        if not isinstance(start, (int, float)):  # adding up lists takes time squared
            raise BudgetExceeded("sum adds up numbers; join texts with join")


def _attribute_path(name: str, args: tuple, kwargs: Mapping[str, Any]) -> Any:
    """The attribute path a filter follows for every item (``sort(attribute="a.b")``)."""
    path = kwargs.get("attribute")
    if path is None and name in ("groupby", "selectattr", "rejectattr") and len(args) > 1:
        path = args[1]
    return path


def _check_attribute_path(name: str, args: tuple, kwargs: Mapping[str, Any]) -> None:
    """Refuse a dotted path (``map(attribute="a.b.c")``) longer than any data is deep: a
    filter follows it for every item within one step."""
    path = _attribute_path(name, args, kwargs)
    if isinstance(path, str) and path.count(".") >= MAX_ATTRIBUTE_PARTS:
        raise BudgetExceeded(f"an attribute path of more than {MAX_ATTRIBUTE_PARTS} parts")


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0:
        if max(base.bit_length(), 1) * exponent > MAX_INT_BITS:
            raise BudgetExceeded("a power too large to compute")


def _check_sum(left: Any, right: Any, limit: int) -> None:
    """``a + b`` of texts or lists, refused before it makes one too long."""
    if isinstance(left, SIZED) and isinstance(right, SIZED):
        if _size(left, limit) + _size(right, limit) > limit:
            raise BudgetExceeded(f"a text or list longer than {limit} made with +")


def _check_product(left: Any, right: Any, limit: int) -> None:
    if isinstance(left, int) and isinstance(right, int):
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise BudgetExceeded("a product too large to compute")
        return
    count, sequence = (left, right) if isinstance(left, int) else (right, left)
    if isinstance(count, int) and hasattr(sequence, "__len__"):
        if count * max(_size(sequence, limit), len(sequence)) > limit:
            raise BudgetExceeded(f"a repeated text or list longer than {limit}")


class _Budgeted(NodeTransformer):
    """A parsed template whose loops, comparisons, tests, ``~`` joins, slices, written
    lists and printed pieces go through the budget."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        node = self.generic_visit(node)
        node.iter = _filtered(node.iter, BUDGET_FILTER)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        return _filtered(nodes.List(self.generic_visit(node).nodes, lineno=node.lineno),
                         CONCAT_FILTER)

    def visit_List(self, node: nodes.List) -> nodes.Node:
        return _filtered(self.generic_visit(node), MADE_FILTER)

    def visit_Dict(self, node: nodes.Dict) -> nodes.Node:
        return _filtered(self.generic_visit(node), MADE_FILTER)

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        node = self.generic_visit(node)
        return node if node.ctx != "load" else _filtered(node, MADE_FILTER)

    def visit_Output(self, node: nodes.Output) -> nodes.Node:
        node = self.generic_visit(node)
        node.nodes = [_filtered(child, PRINT_FILTER) for child in node.nodes]
        return node

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        return _filtered(self.generic_visit(node), STEP_FILTER)

    def visit_Test(self, node: nodes.Test) -> nodes.Node:
        return _filtered(self.generic_visit(node), STEP_FILTER)

    def visit_Getitem(self, node: nodes.Getitem) -> nodes.Node:
        node = self.generic_visit(node)  # a slice is a copy, measured like any value made
        return _filtered(node, MADE_FILTER) if isinstance(node.arg, nodes.Slice) else node


def _filtered(node: nodes.Expr, name: str) -> nodes.Filter:
    return nodes.Filter(node, name, [], [], None, None, lineno=node.lineno)


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


def _unmarked_length(text: str) -> int:
    """The length of a rendered piece without the line marks in it."""
    if LINE_MARK[0] not in text:
        return len(text)
    return len(LINE_MARKS.sub("", text))


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
    _check_code_size(text, source)
    budget = _Budget()
    environment = _BoundedSandbox(budget, max_output)
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
    budget.start()
    pieces: list[str] = []
    size = 0
    try:
        for piece in template.generate(**context):
            size += _unmarked_length(piece)
            if size > max_output:
                raise BudgetExceeded(f"the rendered text is longer than {max_output} characters")
            pieces.append(piece)
    except Exception as error:  # a rule text is user code: any failure is the file's mistake
        raise InputError(_message(error), source=source, line=_template_line(error)) from None
    return _traced("".join(pieces))


def _check_code_size(text: str, source: str) -> None:
    """Refuse more template code than rules need before compiling it: compiling takes
    time and memory in proportion to the code, long before any of it runs."""
    size = 0
    for found in CODE.finditer(text):
        size += len(found.group())
        if size > MAX_CODE_CHARS:
            raise InputError(f"template: more than {MAX_CODE_CHARS} characters inside "
                             "{{ }} and {% %}; a rule text has at most that many", source=source,
                             line=text.count("\n", 0, found.start()) + 1)


def _compiled(environment: _BoundedSandbox, text: str, source: str):
    """The template of ``text``, compiled, or loaded as compiled from the cache.

    Compiling a rule text takes about 10 ms and rendering it a few tenths of that, so the
    compiled code is kept in Jinja2's bytecode cache: one file per rule text file, checked
    against a digest of the text and compiled afresh when the text changed.
    """
    cache = _bytecode_cache()
    try:
        bucket = Bucket(environment, cache.get_cache_key(source), cache.get_source_checksum(text))
    except UnicodeEncodeError:  # a name or text with lone surrogates (a file name in no
        return _template(environment, _compile(environment, text))  # encoding): not kept
    try:
        cache.load_bytecode(bucket)
    except Exception:  # a damaged file (Jinja2 reads part of it with pickle): made again
        bucket.reset()
    if bucket.code is None:
        bucket.code = _compile(environment, text)
        try:
            cache.dump_bytecode(bucket)
        except OSError:  # nowhere to keep it: compiled again next time
            pass
    return _template(environment, bucket.code)


def _compile(environment: _BoundedSandbox, text: str):
    """The code of a rule text, its loops, joins and printing budgeted."""
    return environment.compile(_Budgeted().visit(environment.parse(text)))


def _template(environment: _BoundedSandbox, code):
    return environment.template_class.from_code(environment, code, environment.make_globals(None))


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
