"""Rule texts as templates: filled in from the layout, in a template language that fails
closed, with bounded work, and every mistake one input error naming the rule text and line."""

from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.errors import InputError
from boardgen.i18n import Words, words_for
from boardgen.layout import load_layout
from boardgen.rules import MAX_RENDERED_CHARS, render_rule_text, rule_book, rule_context
from boardgen.rules.document import plain
from boardgen.rules.template import MAX_CODE_CHARS, MAX_ITEMS, MAX_STEPS

LIMIT = 10_000
SOURCE = "mine.rules.en.md"


def render(text: str, **context) -> str:
    return render_rule_text(text, SOURCE, {"n": 3, **context}, LIMIT)


def refused(text: str, limit: int = LIMIT, **context) -> InputError:
    with pytest.raises(InputError) as caught:
        render_rule_text(text, SOURCE, {"n": 3, **context}, limit)
    assert caught.value.source == SOURCE
    return caught.value


def racing_context(lang: str = "en") -> dict:
    layout = load_layout("racing_kings")
    return rule_context(layout, words_for(layout, lang))


def test_a_text_without_template_syntax_renders_as_itself():
    text = "# T\n\nSee {fig:board}, a {b} } { brace and 100 % and {{ n }}\n"
    assert render(text).replace("3", "{{ n }}") == text
    assert render("no newline at the end") == "no newline at the end"


@given(st.text(alphabet=st.characters(blacklist_characters="{%#}\r\ue000\ue001"), max_size=200))
@example("\ud800")  # a lone surrogate, which the compiled-template cache cannot name
@settings(max_examples=60, deadline=None)
def test_any_text_free_of_template_marks_is_unchanged(text):
    assert render(text) == text


def test_values_loops_conditions_and_macros_fill_the_text():
    text = ("{{ n }} × {{ n * 2 }} = {{ n * 2 * n }}\n{% for c in cols %}{{ c }}"
            "{% if not loop.last %}, {% endif %}{% endfor %}\n"
            "{% set table = {'a': 1, 'b': [2, 3]} %}{{ table.a + table.b[1] }} {{ table['a'] }}\n"
            "{% macro twice(x) %}{{ x ~ x }}{% endmacro %}{{ twice('ab') }} {{ 7 % 4 }} {{ 7 / 2 }}\n"
            "{{ words('rules.figure', number=2) }} {{ lang }} {{ 'x' if n > 2 and not false }}\n"
            "{{ cols | join('-') }} {{ cols | length }} {{ 'Ab' | lower }}{{ 'ab' | upper }}"
            " {{ 'aB' | capitalize }} {{ 2.5 | round | int }} {{ '12' | int + 1 }}\n")
    out = render(text, cols=["A", "B", "C"], words=words_for(None, "de"), lang="de")
    assert out == ("3 × 6 = 18\nA, B, C\n4 1\nabab 3 3.5\nAbbildung 2 de x\n"
                   "A-B-C 3 abAB Ab 2 13\n")


@pytest.mark.parametrize("text,line,message", [
    ("one\ntwo {{ missing }}\n", 2, "'missing' is undefined"),
    ("one\n\n{% for x in %}\n", 3, "Expected an expression"),
    ("text\n{% if n %}\nopen\n", 2, "Unexpected end of template"),
    ("a\n{{ ''.__class__.__mro__ }}\n", 2, "'__mro__' is not data"),
    ("a\nb\n{{ n / 0 }}", 3, "division by zero"),
    ("{{ words('no.such.key') }}", 1, "no English text for label 'no.such.key'"),
    ("a\n{{ plural_form(n, 'tile') }}", 2, "plural_form in English takes 2 word forms"),
    ("{{ numeral(2.5) }}", 1, "numeral takes a whole number"),
    ("x\n{{ numeral(missing) }}", 2, "'missing' is undefined"),
])
def test_a_template_mistake_is_one_input_error_with_file_and_line(text, line, message):
    error = refused(text, words=words_for(None, "en"))
    assert error.line == line
    assert message in str(error)
    assert str(error).startswith(f"{SOURCE}:{line}: template: ")


# ---- the allow-list ----------------------------------------------------------------

# Each construct outside the rule-text language, with the line it is on and what the message
# says instead. ``check`` refuses these before anything is compiled or run.
REFUSED_CONSTRUCTS = [
    ("{{ 's'.encode('punycode') }}", "calling a method"),
    ("x\n{{ cols.index('A') }}", "calling a method"),
    ("{{ 'abc'.upper() }}", "write value | upper"),
    ("{{ layout.model_dump_json(indent=9) }}", "calling a method"),
    ("{% set _ = words.table.update({'k': 1}) %}", "calling a method"),
    ("{% macro m(x) %}{{ x }}{% endmacro %}\n{% call m(1) %}body{% endcall %}", "{% call %}"),
    ("{% filter upper %}text{% endfilter %}", "filter one value"),
    ("{% set ns = namespace(a=1) %}", "namespace() is neither a helper"),
    ("{% set ns.a = 1 %}", "a rule text changes no value"),
    ("{% set j = joiner(', ') %}", "and_list"),
    ("{% set c = cycler('a', 'b') %}", "loop.index"),
    ("{{ lipsum(3) }}", "write the text itself"),
    ("{{ dict(a=1) }}", "write a table"),
    ("{{ [1, 2] | random }}", "the same on every build"),
    ("{{ [1, 2] | shuffle }}", "the same on every build"),
    ("{{ 'a %s' | format(1) }}", "with ~"),
    ("{{ [1, 2] | map('string') | join }}", "the filter 'map'"),
    ("{{ [1, 2] | sum }}", "the filters are join, length"),
    ("x\n\n{% for i in range(100000) %}{% endfor %}", "range gives at most 1000 numbers"),
    ("{% include 'other.md' %}", "a rule text is one file"),
    ("{% import 'other.md' as o %}", "a rule text is one file"),
    ("{% from 'other.md' import m %}", "a rule text is one file"),
    ("{% extends 'other.md' %}", "a rule text is one file"),
    ("{% block b %}x{% endblock %}", "{% block %}"),
    ("{% set x %}text{% endset %}", "{% set name = value %}"),
    ("{% with a = 1 %}{{ a }}{% endwith %}", "{% with %}"),
    ("{{ n is defined }}", "tests with 'is'"),
    ("{{ cols[1:] }}", "slices"),
    ("{{ 2 ** 10 }}", "** is not part"),
    ("{{ 7 // 2 }}", "// is not part"),
    ("{% for x in cols recursive %}{{ loop(x) }}{% endfor %}", "a loop does not run itself"),
    ("{{ n.__class__ }}", "'__class__' is not data"),
    ("{{ f(*cols) }}", "neither a helper"),
    ("{% macro m(a) %}{{ a }}{% endmacro %}{{ m(*cols) }}", "*values and **values"),
    ("{{ numeral(**{'number': 2}) }}", "*values and **values"),
    ("{% macro m() %}{{ m() }}{% endmacro %}", "a macro calls only macros defined above it"),
    ("{% macro a() %}{{ b() }}{% endmacro %}{% macro b() %}x{% endmacro %}", "defined above"),
    ("{% macro a(f) %}{{ and_list([1], b) }}{% endmacro %}{% macro b(x) %}x{% endmacro %}",
     "the macro 'b' is defined below"),
    ("{% if n %}{% macro m() %}x{% endmacro %}{% endif %}", "a macro is defined on its own"),
    ("{% macro m() %}x{% endmacro %}{% macro m() %}y{% endmacro %}", "'m' is a macro already"),
    ("{% macro numeral(n) %}x{% endmacro %}", "'numeral' is a helper"),
    ("{% set words = 1 %}", "'words' is a helper"),
    ("{% for and_list in cols %}{% endfor %}", "'and_list' is a helper"),
    ("{% macro m() %}x{% endmacro %}{% set m = 1 %}", "'m' is a macro"),
    ("{% macro m() %}x{% endmacro %}{% macro k(m) %}{{ m }}{% endmacro %}", "'m' is a macro"),
    ("{{ 10000000000 }}", "a number larger than 1,000,000,000"),
    ("{{ 1e300 }}", "a number larger than 1,000,000,000"),
]


@pytest.mark.parametrize("text,message", REFUSED_CONSTRUCTS)
def test_a_construct_outside_the_allow_list_is_refused_before_it_runs(text, message):
    error = refused(text, cols=["A", "B"], words=words_for(None, "en"))
    line = text.count("\n") + 1  # each construct is on the text's last line
    assert str(error).startswith(f"{SOURCE}:{line}: template: "), str(error)
    assert message in str(error)


def test_check_refuses_a_rule_text_before_any_of_it_runs(tmp_path: Path):
    """The first refused construct is named even where the text would fail earlier when run."""
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "racing_kings"\nname = "mine"\n', encoding="utf-8")
    (tmp_path / "mine.rules.en.md").write_text(
        "# Mine\n\n{{ missing }}\n{% set order = ['a', 'b'] | random %}{{ order }}\n",
        encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(layout_file)])
    assert result.exit_code == 2
    assert f"{tmp_path / 'mine.rules.en.md'}:4: template: the filter 'random'" in result.output
    assert "Traceback" not in result.output


def test_a_node_class_not_in_the_table_is_refused_by_construction():
    """A kind of node a newer Jinja2 adds, or a subclass of an allowed one, is not allowed:
    the table is looked up by the node's exact class."""
    from jinja2 import nodes

    from boardgen.rules.allowlist import ALLOWED, check_template

    def new_kind(name: str, base: type, fields: tuple) -> type:
        """A node class made as Jinja2 makes its own (it refuses ``class`` statements)."""
        return type.__new__(type(base), name, (base,), {
            "fields": fields, "attributes": base.attributes, "__slots__": (), "abstract": False})

    Future, Constant = new_kind("Future", nodes.Expr, ()), new_kind("Constant", nodes.Const,
                                                                     ("value",))
    for node in (Future(lineno=4), Constant(1, lineno=4)):
        template = nodes.Template([nodes.Output([node], lineno=4)], lineno=1)
        with pytest.raises(InputError) as caught:
            check_template(template, SOURCE)
        assert caught.value.line == 4 and "is not part of rule texts" in caught.value.message
    every = {cls for cls in _subclasses(nodes.Node) if cls.__module__ == nodes.__name__}
    assert set(ALLOWED) < every
    assert {nodes.Test, nodes.Slice, nodes.CallBlock, nodes.FilterBlock, nodes.Include,
            nodes.Import, nodes.Extends, nodes.NSRef, nodes.Pow}.isdisjoint(ALLOWED)


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in cls.__subclasses__():
        found |= _subclasses(sub)
    return found


@pytest.mark.parametrize("text,message", [
    ("{{ layout }}", "only texts and numbers print, not an object"),
    ("{{ words }}", "only texts and numbers print"),
    ("{% for x in sides.white.army %}{{ loop }}{% endfor %}", "only texts and numbers print"),
    ("{{ range(3) }}", "not a list: join it"),
    ("{{ start_ranks }}", "not a list: join it"),
    ("{{ true }}", "not a yes-or-no value"),
    ("{{ none }}", "not nothing"),
    ("{% macro m() %}x{% endmacro %}{{ and_list([m]) }}", "not the macro 'm'"),
    ("{{ 'a' ~ layout }}", "~ takes texts and numbers, not an object"),
    ("{{ example.update }}", "not allowed in a rule text"),
    ("{{ layout.model_dump_json }}", "not allowed in a rule text"),
    ("{% set m = sides.white %}{{ m.items }}", "'items' is a method"),
])
def test_only_texts_and_numbers_print_so_no_build_prints_an_address(text, message):
    error = refused(text, limit=MAX_RENDERED_CHARS, **racing_context())
    assert message in str(error) and str(error).startswith(f"{SOURCE}:1: template: ")
    assert "0x" not in str(error)


def test_a_loop_over_a_set_is_refused_having_no_order():
    """A set's order changes from run to run: printing it in a loop would change the text."""
    layout = load_layout("steeple_chess")
    context = rule_context(layout, words_for(layout, "en"))
    assert render_rule_text("{{ layout.track.course|length }}", "f", context, LIMIT) == "148"
    with pytest.raises(InputError, match="a loop goes through a list, table or text, not a set"):
        render_rule_text("{% for c in layout.track.course %}{{ c[0] }}{% endfor %}", "f",
                         context, LIMIT)


def test_every_shipped_rule_text_gives_the_same_bytes_in_every_run():
    """Rendered in processes with different hash seeds (the order of sets and the addresses of
    objects change between them), every text in every language is the same."""
    script = ("import hashlib\nfrom boardgen.layout import load_layout\n"
              "from boardgen.i18n import words_for\n"
              "from boardgen.rules import render_text, rule_text_path\n"
              "for game in ('racing_kings', 'steeple_chess', 'six_day_race', "
              "'six_day_race_advanced', 'river_race'):\n"
              "    layout = load_layout(game)\n"
              "    for lang in ('en', 'de', 'pl'):\n"
              "        text = render_text(layout, rule_text_path(layout, lang), "
              "words_for(layout, lang))\n"
              "        print(game, lang, hashlib.sha256(text.encode()).hexdigest())\n")
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and runs[0].count("\n") == 15


# ---- the budget -----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{% for i in range(1000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}",
    "{% for i in range(1000) %}{% for j in range(1000) %}{{ 'x' }}{% endfor %}{% endfor %}",
    "{% for i in range(1000) %}{% for j in range(1000) %}{% if i == j %}{% endif %}{% endfor %}"
    "{% endfor %}",
    "{% macro m(i) %}{{ i }}{% endmacro %}" + "{{ and_list(range(1000), m) }}" * 101,
    "{% macro m0() %}x{% endmacro %}" + "".join(
        f"{{% macro m{k}() %}}{{{{ m{k - 1}() }}}}{{{{ m{k - 1}() }}}}{{% endmacro %}}"
        for k in range(1, 30)) + "{{ m29() }}",
])
def test_loops_and_calls_are_steps_and_stop_at_the_limit(text):
    start = time.monotonic()
    error = refused(text, limit=MAX_RENDERED_CHARS)
    assert time.monotonic() - start < 5
    assert f"more than {MAX_STEPS} steps" in str(error)


def test_the_rendered_text_is_capped_at_twice_the_rule_text_limit():
    from boardgen.rules import MAX_RULE_TEXT_BYTES
    assert MAX_RENDERED_CHARS == 2 * MAX_RULE_TEXT_BYTES
    text = "{% for i in range(1000) %}" + "x" * 999 + "\n{% endfor %}"
    assert len(render_rule_text(text, "f", {}, MAX_RENDERED_CHARS)) == 1_000_000
    with pytest.raises(InputError, match="longer than"):
        render_rule_text(text.replace("x\n", "xx\n"), "f", {}, MAX_RENDERED_CHARS)


LONG = '{% set s = "xxxxxxxxxx" %}' + '{% set s = s ~ s %}' * 16  # 655,360 characters
# Each makes a value of the allowed size, then multiplies it. Among them, from the issue: a
# word of many {n} filled in through words() with a long value.
MULTIPLIED = [
    '{% set s = "xxxxxxxxxx" %}' + '{% set s = s ~ s %}' * 34 + '{{ s|length }}',
    LONG + '{{ words("many", n=s) }}',
    LONG + '{{ words("wide", n=1) }}',
    LONG + '{% set l = [s, s] %}{{ l|length }}',
    LONG + '{{ [s, s]|join("") }}',
    LONG + '{% macro m(i, x) %}{{ x }}{{ x }}{% endmacro %}{{ and_list([1, 2], m, s) }}',
    '{% set a = [1] %}' + '{% set a = [a, a] %}' * 45 + '{{ a == a }}',
    '{% set t = (1,) %}' + '{% set t = (t, t) %}' * 60 + 'x',
    '{% set d = {"a": "b"} %}' + '{% set d = {"a": d, "b": d} %}' * 40 + 'x',
    LONG + '{% for i in range(1000) %}{% set t = s ~ "" %}{% endfor %}',
    LONG + '{% for i in range(1000) %}{{ plural_form(1, s, s) }}{% endfor %}',
    LONG + '{% macro m() %}{{ s }}{{ s }}{% endmacro %}{% set t = m() %}',
]


@pytest.mark.parametrize("text", MULTIPLIED)
def test_templates_that_multiply_a_long_text_are_refused_before_they_make_it(text):
    words = Words("en", {"many": "{n}" * 200_000, "wide": "{n:>99999999}" * 1000})
    start = time.monotonic()
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as caught:
            render_rule_text(text, SOURCE, {"words": words}, MAX_RENDERED_CHARS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.monotonic() - start < 5
    assert peak < 100_000_000, peak
    assert str(caught.value).startswith(f"{SOURCE}:1: template: ")
    assert "memory" not in str(caught.value)


@pytest.mark.parametrize("text,message", [
    ("{{ 99999 * 99999 }}", "a number larger than 1,000,000,000"),
    ("{% set x = 1000 %}" + "{% set x = x * x %}" * 4, "a number larger than"),
    ("{{ 'a' * 3 }}", "* works on numbers, not the text 'a'"),
    ("{{ 'a' + 'b' }}", "+ works on numbers"),
    ("{{ [1] + [2] }}", "+ works on numbers, not a list"),
    ("{{ ('1' * 50) | int }}", "* works on numbers"),
    ("{{ '" + "1" * 50 + "' | int }}", "int reads a number of at most 40 characters"),
    ("{{ 2.5 | round(999999) }}", "round keeps 0 to 10 decimals"),
    ("{{ 3 | upper }}", "upper works on a text"),
    ("{{ layout | length }}", "length counts a text, list or table"),
    ("{{ range(10000) | length }}", "range gives at most 1000 numbers"),
    ("{% set k = 100000 %}{{ range(k) | length }}", "range gives at most 1000 numbers"),
])
def test_numbers_stay_small_and_each_filter_takes_only_what_it_works_on(text, message):
    assert message in str(refused(text, layout=load_layout("racing_kings")))


@pytest.mark.parametrize("text,message", [
    ("{{ 1" + "0" * 5000 + " }}", "a number too long to read or print"),  # past Python's limit
    ("{{ 0x" + "f" * 4000 + " }}", "a number larger than 1,000,000,000"),
])
def test_a_number_too_long_to_read_is_one_message(text, message):
    assert message in str(refused(text))


def test_a_line_mark_of_5000_digits_is_one_message_not_a_traceback():
    """The private-use characters that mark template lines were taken as a mark with a number
    too long to convert; the text cannot hold them, nor may a printed word bring them in."""
    mark = "\ue000" + "1" * 5000 + "\ue001"
    error = refused(f"# Title\n\nSome text {mark}\n")
    assert error.line == 3 and "U+E000 is kept for boardgen's own use" in str(error)
    words = Words("en", {"title": f"A{mark}"})
    error = refused("# {{ words('title') }}\n", words=words)
    assert error.line == 1 and "U+E000 or U+E001" in str(error)


@pytest.mark.parametrize("text", [
    "{% for i in [1] %}" * 21 + "x" + "{% endfor %}" * 21,
    "{% set x = 1 %}{{ " + " + ".join(["x"] * 200) + " }}",
    "{{ " + "(" * 300 + "1" + ")" * 300 + " }}",
])
def test_templates_nested_too_deeply_to_compile_are_one_message(text):
    assert "nested too deeply" in str(refused(text))


def test_more_template_code_than_rules_need_is_refused_before_compiling():
    start = time.monotonic()
    text = "{% set x = 1 %}\n" + "{{ [x, x, x, x, x, x, x, x, x, x] }}\n" * 20_000
    with pytest.raises(InputError) as caught:
        render_rule_text(text, SOURCE, {}, MAX_RENDERED_CHARS)
    assert time.monotonic() - start < 1
    assert f"more than {MAX_CODE_CHARS} characters inside" in str(caught.value)
    assert caught.value.line == 1 + MAX_CODE_CHARS // len("{{ [x, x, x, x, x, x, x, x, x, x] }}") + 1


def test_values_made_in_all_are_counted():
    text = ('{% set s = "xxxxxxxxxx" %}' + '{% set s = s ~ s %}' * 15
            + '{% for i in range(100) %}{% set t = s ~ "" %}{% endfor %}')
    with pytest.raises(InputError, match=f"more than {MAX_ITEMS} characters and items in all"):
        render_rule_text(text, SOURCE, {}, MAX_RENDERED_CHARS)


# ---- data only ------------------------------------------------------------------------

def test_a_rule_text_reads_only_data_and_changes_nothing():
    context = racing_context()
    for text in ("{{ layout.model_config }}", "{{ example.update }}",
                 "{% set _ = example.update({'files': 99}) %}", "{{ layout.parse_file }}"):
        with pytest.raises(InputError) as caught:
            render_rule_text(text, SOURCE, context, MAX_RENDERED_CHARS)
        assert str(caught.value).startswith(f"{SOURCE}:1: template: ")
        assert "/" not in str(caught.value).split("template:", 1)[1]  # no path, no file text
    again = racing_context()
    assert again["example"] == context["example"] and again["layout"] == context["layout"]


def test_a_games_own_objects_show_data_not_methods():
    """Steeple Chess' course is a dataclass whose ``run`` loops for ever on a zero step."""
    layout = load_layout("steeple_chess")
    context = rule_context(layout, words_for(layout, "en"))
    for text in ("{{ layout.track.run }}", "{{ layout.track.run(1, 2) }}"):
        with pytest.raises(InputError, match="not allowed in a rule text|calling a method"):
            render_rule_text(text, "f", context, LIMIT)


def test_a_layout_gives_a_template_its_fields_and_its_own_properties():
    layout = load_layout("steeple_chess")
    text = "{{ layout.title }} {{ layout.course.square_mm }}"
    assert render(text, layout=layout) == "Steeple Chess 30.0"


def test_a_table_gives_its_items_before_a_method_of_the_same_name():
    table = {"items": "three", "count": 2}
    assert render("{{ t.items }} {{ t.count }} {{ t['items'] }}", t=table) == "three 2 three"


def test_a_long_plain_text_under_the_cap_is_rendered_whole():
    """The cap once counted each line mark as three characters, longer ones too."""
    text = "x\n\n" * 160_000
    assert render_rule_text(text, "f.md", {}, MAX_RENDERED_CHARS) == text


def test_the_context_holds_layout_words_language_and_the_games_own_values():
    layout = load_layout("river_race")
    words = words_for(layout, "pl")
    context = rule_context(layout, words)
    assert context["layout"] == layout and context["lang"] == "pl"
    assert context["words"]("rules.figure", number=1) == "Rysunek 1"


def test_what_a_template_sets_stays_in_the_template():
    layout = load_layout("steeple_chess")
    words = words_for(layout, "en")
    context = rule_context(layout, words)
    built = "{% set parts = ['x', 'y'] %}{% set parts = [parts[1], parts[0]] %}{{ parts|join }}"
    assert render_rule_text(built, "f", context, LIMIT) == "yx"
    for change in ("{% set _ = words.table.clear() %}", "{% set _ = layout.labels.clear() %}",
                   "{% set parts = [] %}{% set _ = parts.append('x') %}"):
        with pytest.raises(InputError, match="calling a method"):
            render_rule_text(change, "f", context, LIMIT)
    assert words("rules.figure", number=1) == "Figure 1"
    assert context["layout"] == layout and context["layout"] is not layout


# ---- in the build ---------------------------------------------------------------------

def test_a_user_rule_text_reads_the_users_layout(tmp_path: Path):
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "racing_kings"\nname = "mine"\ntitle = "Mine"\n',
                           encoding="utf-8")
    (tmp_path / "mine.rules.de.md").write_text(
        "# {{ layout.title }}\n\nSprache: {{ lang }}; {{ words('rules.figure', number=1) }}; "
        "{{ numeral(2, 'f') }} {{ plural_form(2, 'Dame', 'Damen') }}.\n", encoding="utf-8")
    book = rule_book(load_layout(str(layout_file)), "de", str(layout_file))
    assert book.title == "Mine"
    assert plain(book.text.blocks[1].runs) == "Sprache: de; Abbildung 1; zwei Damen."


def test_build_reports_a_template_mistake_in_one_line_with_exit_2(tmp_path: Path):
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "racing_kings"\nname = "mine"\n', encoding="utf-8")
    rules = tmp_path / "mine.rules.en.md"
    rules.write_text("# Mine\n\nThe board has {{ layout.no_such_key }} squares.\n",
                     encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(layout_file), "--format", "pdf",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert f"{rules}:3: template:" in result.output and "no_such_key" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "mine" / "rules.pdf").exists()


def test_rule_text_problems_finds_what_a_build_would_refuse_in_every_language(tmp_path: Path):
    from boardgen.rules import rule_text_problems
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "steeple_chess"\nname = "mine"\n', encoding="utf-8")
    layout = load_layout(str(layout_file))
    assert rule_text_problems(layout, str(layout_file)) == []
    (tmp_path / "mine.rules.de.md").write_text("# Meins\n\n{{ nope }}\n", encoding="utf-8")
    (tmp_path / "mine.rules.pl.md").write_text("# Moje\n\n![x](diagram:nope)\n",
                                               encoding="utf-8")
    problems = [str(p) for p in rule_text_problems(layout, str(layout_file))]
    assert len(problems) == 2
    assert problems[0].startswith(f"{tmp_path / 'mine.rules.de.md'}:3: template:")
    assert problems[1].startswith(f"{tmp_path / 'mine.rules.pl.md'}:3: unknown diagram")


def test_a_mistake_found_after_rendering_names_the_line_the_author_wrote(tmp_path: Path):
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "racing_kings"\nname = "mine"\n', encoding="utf-8")
    rules = tmp_path / "mine.rules.en.md"
    rules.write_text("{% set sides = ['White', 'Black'] %}\n# Mine\n\n"
                     "{% macro two(x) %}{{ x }}\n{{ x }}{% endmacro %}{{ two('a') }}\n"
                     "{% for side in sides %}\n- {{ side }}\n{% endfor %}\n"
                     "{% if true %}\nSome text.\n{%- endif %}\n\n![Gone](diagram:castling)\n",
                     encoding="utf-8")
    with pytest.raises(InputError) as caught:
        rule_book(load_layout(str(layout_file)), "en", str(layout_file))
    assert (caught.value.source, caught.value.line) == (str(rules), 13)
    assert "unknown diagram 'castling'" in str(caught.value)


expressions = st.sampled_from([
    "n", "n * 1000", "n ~ 'ab'", "range(n) | list", "range(n) | join", "'x' ~ n ~ 'y'",
    "n * n * n * n * n * n * n * n * n * n * n", "[1, 2, 3] | length", "n % 4 + n / 2",
    "and_list(['a', n, 'b'])", "plural_form(n, 'a', 'b')", "numeral(n)", "n ** 3", "x.y()",
    "words('rules.figure', number=n)", "n / 0", "nope", "''.__class__", "range(n * 1000)",
])


@st.composite
def templates(draw) -> str:
    """Nested loops over ranges of any size around printed expressions."""
    body = "".join(f"{{{{ {draw(expressions)} }}}}" for _ in range(draw(st.integers(1, 3))))
    for _ in range(draw(st.integers(0, 3))):
        size = draw(st.sampled_from([1, 10, 1000, 100_000]))
        body = f"{{% for i in range({size}) %}}{body}{{% endfor %}}"
    return body


@given(templates())
@settings(max_examples=120, deadline=None)
def test_any_template_renders_or_is_refused_in_one_line_within_seconds(text):
    start = time.monotonic()
    try:
        output = render_rule_text(text, "f.md", {"n": 7, "words": words_for(None, "en")},
                                  MAX_RENDERED_CHARS)
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("f.md")
    else:
        assert len(output) <= MAX_RENDERED_CHARS
    assert time.monotonic() - start < 8
