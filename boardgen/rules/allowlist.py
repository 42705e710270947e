"""What a rule text's template may be written with: an allow-list checked on the parse.

Before a rule text is compiled, every node of its parse is looked up by its exact class in
``ALLOWED``: output, names, attribute and index access, ``if``/``for``/``set``, comparisons,
``and``/``or``/``not``, ``+ - * / %``, ``~``, list and table literals, the filters in
``FILTERS``, boardgen's ``HELPERS`` and macros that call only macros defined above them. A
class not in the table, a construct rule texts do not need or one a newer Jinja2 adds, is
refused with its line and what to write instead. So a rule text calls no method and reads
no other file, nothing it does is random, and no macro runs itself.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from jinja2 import nodes

from boardgen.errors import InputError

HELPERS = ("words", "plural_form", "numeral", "and_list", "or_list", "range")
FILTERS = ("join", "length", "int", "round", "lower", "upper", "capitalize")
COMPARISONS = frozenset({"eq", "ne", "lt", "lteq", "gt", "gteq", "in", "notin"})
MAX_NUMBER = 1_000_000_000   # the largest number a template writes or computes
MAX_RANGE = 1_000            # the most numbers range() gives
SUMMARY = ("rule texts use {{ }} output, names, . and [ ] access, if, for, set, macro, "
           "comparisons, and/or/not, + - * / % on numbers, ~, [lists] and {tables}, the "
           f"filters {', '.join(FILTERS)} and the helpers {', '.join(HELPERS)}")
# What else Jinja2 offers, and what a rule text writes instead.
NAME_HINTS = {
    "namespace": "set a name with {% set name = value %}",
    "joiner": "list texts with and_list(items), or use loop.first and loop.last",
    "cycler": "use loop.index, loop.first and loop.last",
    "lipsum": "write the text itself",
    "dict": 'write a table: {"key": value}',
    "caller": "give the macro its values: {{ name(value) }}",
}
FILTER_HINTS = {
    "random": "a rule text prints the same on every build",
    "shuffle": "a rule text prints the same on every build",
    "format": "join texts and numbers with ~",
    "string": "print the value, or join it to a text with ~",
    "default": "write {{ value if value else other }}",
    "first": "take an item: items[0]",
    "last": "take an item: items[-1]",
}
OTHER_FILES = "a rule text is one file: include, import and extends are not part of rule texts"
REFUSED = {
    nodes.Test: "tests with 'is' are not part of rule texts; compare with == or write "
                "{% if value %}",
    nodes.Slice: "slices (items[1:]) are not part of rule texts; take one item (items[0]) or "
                 "list them all with and_list(items)",
    nodes.Pow: "** is not part of rule texts; arithmetic is + - * / % on numbers",
    nodes.FloorDiv: "// is not part of rule texts; divide with / and round with |int",
    nodes.CallBlock: "{% call %} blocks are not part of rule texts; give the macro its "
                     "values: {{ name(value) }}",
    nodes.FilterBlock: "{% filter %} blocks are not part of rule texts; filter one value: "
                       "{{ value | upper }}",
    nodes.AssignBlock: "{% set %} ... {% endset %} blocks are not part of rule texts; write "
                       "{% set name = value %}",
    nodes.With: "{% with %} is not part of rule texts; write {% set name = value %}",
    nodes.NSRef: "a rule text changes no value; set a name of its own: {% set name = value %}",
    nodes.Block: "{% block %} is not part of rule texts: a rule text extends no other",
    nodes.Include: OTHER_FILES, nodes.Import: OTHER_FILES, nodes.FromImport: OTHER_FILES,
    nodes.Extends: OTHER_FILES,
}


def check_template(template: nodes.Template, source: str) -> None:
    """Refuse, with its line, the first construct of a parsed rule text not allowed."""
    _Checker(source, template).check(template, None)


class _Checker:
    """Walks a parsed template node by node, looking each up by its class in ``ALLOWED``.

    ``macros`` holds the macros defined so far: a call names a helper or one of them, and no
    name is given to a helper or to any macro, so macros run only macros above them.
    """

    def __init__(self, source: str, template: nodes.Template):
        self.source = source
        self.macros: set[str] = set()
        self.every_macro = {node.name for node in template.find_all(nodes.Macro)}

    def check(self, node: nodes.Node, parent: nodes.Node | None) -> None:
        visit = ALLOWED.get(type(node))
        if visit is None:
            kind = re.sub(r"(?<!^)(?=[A-Z])", " ", type(node).__name__).lower()
            raise self.refused(node, REFUSED.get(type(node)) or f"template code of the kind "
                                     f"{kind!r} is not part of rule texts; {SUMMARY}")
        visit(self, node, parent)

    def refused(self, node: nodes.Node, message: str) -> InputError:
        return InputError(f"template: {message}", source=self.source,
                          line=getattr(node, "lineno", None))

    def children(self, node: nodes.Node, parent: nodes.Node | None = None) -> None:
        for child in node.iter_child_nodes():
            self.check(child, node)

    def const(self, node: nodes.Const, parent: nodes.Node | None) -> None:
        if isinstance(node.value, (int, float)) and not isinstance(node.value, bool) \
                and not abs(node.value) <= MAX_NUMBER:
            raise self.refused(node, f"a number larger than {MAX_NUMBER:,}")

    def name(self, node: nodes.Name, parent: nodes.Node | None) -> None:
        taken = node.name in HELPERS or node.name in self.every_macro
        if node.ctx in ("store", "param") and taken:
            what = "a helper" if node.name in HELPERS else "a macro"
            raise self.refused(node, f"{node.name!r} is {what}; give the value another name")
        if node.ctx == "load" and node.name in self.every_macro - self.macros:
            raise self.refused(node, f"the macro {node.name!r} is defined below, or is the "
                                     "macro being defined; a macro uses only macros above it")

    def getattr(self, node: nodes.Getattr, parent: nodes.Node | None) -> None:
        if node.attr.startswith("_"):
            raise self.refused(node, f"the attribute {node.attr!r} is not data; a rule text "
                                     "reads the values it is given")
        self.children(node)

    def operand(self, node: nodes.Operand, parent: nodes.Node | None) -> None:
        if node.op not in COMPARISONS:
            raise self.refused(node, f"the comparison {node.op!r} is not part of rule texts")
        self.children(node)

    def macro(self, node: nodes.Macro, parent: nodes.Node | None) -> None:
        if not isinstance(parent, nodes.Template):
            raise self.refused(node, "a macro is defined on its own, not inside another "
                                     "block or macro")
        if node.name in HELPERS or node.name in self.macros:
            what = "a helper" if node.name in HELPERS else "a macro already"
            raise self.refused(node, f"{node.name!r} is {what}; give the macro another name")
        self.children(node)
        self.macros.add(node.name)

    def loop(self, node: nodes.For, parent: nodes.Node | None) -> None:
        if node.recursive:
            raise self.refused(node, "a loop does not run itself; write one loop per level")
        self.children(node)

    def filter(self, node: nodes.Filter, parent: nodes.Node | None) -> None:
        if node.name not in FILTERS:
            hint = FILTER_HINTS.get(node.name, f"the filters are {', '.join(FILTERS)}")
            raise self.refused(node, f"the filter {node.name!r} is not part of rule texts; "
                                     f"{hint}")
        self.arguments(node)

    def call(self, node: nodes.Call, parent: nodes.Node | None) -> None:
        callee = node.node
        if not isinstance(callee, nodes.Name):
            method = callee.attr if isinstance(callee, nodes.Getattr) else None
            hint = (f"write value | {method}" if method in FILTERS else
                    f"rule texts call the helpers {', '.join(HELPERS)} and their own macros")
            raise self.refused(node, f"calling a method or a value ({method or 'a value'}(...)) "
                                     f"is not part of rule texts; {hint}")
        if callee.name not in HELPERS and callee.name not in self.macros:
            hint = ("a macro calls only macros defined above it, never itself"
                    if callee.name in self.every_macro else NAME_HINTS.get(
                        callee.name, f"the helpers are {', '.join(HELPERS)}"))
            raise self.refused(node, f"{callee.name}() is neither a helper nor a macro "
                                     f"defined above; {hint}")
        constant = [arg.value for arg in node.args if isinstance(arg, nodes.Const)]
        if callee.name == "range" and len(constant) == len(node.args) and not node.kwargs \
                and all(type(n) is int for n in constant) and 1 <= len(constant) <= 3 \
                and len(range(*constant)) > MAX_RANGE:
            raise self.refused(node, f"range gives at most {MAX_RANGE} numbers")
        self.arguments(node)

    def arguments(self, node: nodes.Call | nodes.Filter) -> None:
        if node.dyn_args is not None or node.dyn_kwargs is not None:
            raise self.refused(node, "*values and **values are not part of rule texts; "
                                     "give each value on its own")
        self.children(node)


# Each class of the parse a rule text may hold, and how its node is checked. A class missing
# here, one Jinja2 adds or a subclass of one here among them, is refused.
ALLOWED: dict[type, Callable[[_Checker, Any, Any], None]] = {
    **dict.fromkeys((nodes.Template, nodes.Output, nodes.TemplateData, nodes.If,
                     nodes.Assign, nodes.Getitem, nodes.CondExpr, nodes.And, nodes.Or,
                     nodes.Not, nodes.Neg, nodes.Pos, nodes.Add, nodes.Sub, nodes.Mul,
                     nodes.Div, nodes.Mod, nodes.Concat, nodes.Compare, nodes.List,
                     nodes.Tuple, nodes.Dict, nodes.Pair, nodes.Keyword), _Checker.children),
    nodes.Const: _Checker.const, nodes.Name: _Checker.name, nodes.Getattr: _Checker.getattr,
    nodes.Operand: _Checker.operand, nodes.Macro: _Checker.macro, nodes.For: _Checker.loop,
    nodes.Filter: _Checker.filter, nodes.Call: _Checker.call,
}
