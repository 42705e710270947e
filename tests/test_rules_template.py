"""Rule texts as templates: filled in from the layout, in a sandbox with bounded work, and
every mistake one input error naming the rule text and line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.layout import load_layout
from boardgen.rules import MAX_RENDERED_CHARS, render_rule_text, rule_book, rule_context
from boardgen.rules.document import plain

LIMIT = 10_000


def render(text: str, **context) -> str:
    return render_rule_text(text, "mine.rules.en.md", {"n": 3, **context}, LIMIT)


def refused(text: str, **context) -> InputError:
    with pytest.raises(InputError) as caught:
        render(text, **context)
    assert caught.value.source == "mine.rules.en.md"
    return caught.value


def test_a_text_without_template_syntax_renders_as_itself():
    text = "# T\n\nSee {fig:board}, a {b} } { brace and 100 % and {{ n }}\n"
    assert render(text).replace("3", "{{ n }}") == text
    assert render("no newline at the end") == "no newline at the end"


@given(st.text(alphabet=st.characters(blacklist_characters="{%#}\r"), max_size=200))
@example("\ud800")  # a lone surrogate, which the compiled-template cache cannot name
@settings(max_examples=60, deadline=None)
def test_any_text_free_of_template_marks_is_unchanged(text):
    assert render(text) == text


def test_values_loops_and_conditions_fill_the_text():
    text = ("{{ n }} × {{ n * 2 }}\n{% for c in cols %}{{ c }}{% if not loop.last %}, "
            "{% endif %}{% endfor %}\n{{ words('rules.figure', number=2) }} {{ lang }}\n")
    out = render(text, cols=["A", "B", "C"], words=words_for(None, "de"), lang="de")
    assert out == "3 × 6\nA, B, C\nAbbildung 2 de\n"


@pytest.mark.parametrize("text,line,message", [
    ("one\ntwo {{ missing }}\n", 2, "'missing' is undefined"),
    ("one\n\n{% for x in %}\n", 3, "Expected an expression"),
    ("text\n{% if n %}\nopen\n", 2, "Unexpected end of template"),
    ("a\n{{ ''.__class__.__mro__ }}\n", 2, "not allowed in a rule text"),
    ("a\nb\n{{ n / 0 }}", 3, "division by zero"),
    ("{{ words('no.such.key') }}", 1, "no English text for label 'no.such.key'"),
])
def test_a_template_mistake_is_one_input_error_with_file_and_line(text, line, message):
    error = refused(text, words=words_for(None, "en"))
    assert error.line == line
    assert message in str(error)
    assert str(error).startswith(f"mine.rules.en.md:{line}: template: ")


@pytest.mark.parametrize("text", [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{% for a in [1]*1000 %}{% for b in [1]*1000 %}{% endfor %}{% endfor %}",
    "{% for i in range(100000) %}{{ 'some text to print' }}{% endfor %}",
    "{{ 'a' * 10**9 }}", "{{ 10 ** 5000 }}", "{{ (10 ** 1000) * (10 ** 1000) }}", "{{ 'x'|center(10**9) }}",
    "{{ 'x'.ljust(999999999) }}", "{{ '{:>999999999}'.format(1) }}", "{{ '%999999999d' % 1 }}",
    "{% set s = 'a' * 5000 %}{{ s.replace('a', s) }}", "{{ ('a\n' * 4000)|indent(9000) }}",
    "{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}",
    "{{ range(10**9)|list }}",
])
def test_runaway_templates_are_refused_quickly(text):
    start = time.monotonic()
    error = refused(text)
    assert time.monotonic() - start < 5
    assert "template:" in str(error)


def test_the_rendered_text_is_capped_at_twice_the_rule_text_limit():
    from boardgen.rules import MAX_RULE_TEXT_BYTES
    assert MAX_RENDERED_CHARS == 2 * MAX_RULE_TEXT_BYTES
    text = "{% for i in range(1000) %}" + "x" * 999 + "\n{% endfor %}"
    assert len(render_rule_text(text, "f", {}, MAX_RENDERED_CHARS)) == 1_000_000
    with pytest.raises(InputError, match="longer than"):
        render_rule_text(text.replace("x\n", "xx\n"), "f", {}, MAX_RENDERED_CHARS)


# Each makes a value of the allowed size and then multiplies it: one text held many times
# in a list, a list grown in place, a text doubled with ~, a block that keeps its output.
MULTIPLIED = [
    '{% set s = "xxxxxxxxxx" %}' + '{% set s = s ~ s %}' * 34 + '{{ s|length }}',
    '{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}'
    '{% endfor %}{{ ns.s|length }}',
    '{{ (["x" * 1000000] * 15000)|join }}',
    '{% set a = ["y" * 1000] * 1000 %}{{ ([a] * 1000)|string|length }}',
    '{% set a = [0] * 1000000 %}{% set l = [] %}{% for i in range(100000) %}'
    '{{ l.extend(a) or "" }}{% endfor %}',
    '{% set l = [] %}{% for i in range(100000) %}{{ l.append("y" * 999990) or "" }}'
    '{% endfor %}{{ l|join|length }}',
    '{{ ("x" * 1000000)|replace("x", "y" * 999999)|length }}',
    '{{ ([0] * 1000000)|join("y" * 999999)|length }}',
    '{{ ("x" * 999999).translate({120: "y" * 999990})|length }}',
    '{{ ("{0}" * 300000).format("y" * 999990)|length }}',
    '{{ ("%(a)s" * 190000)|format(a="y" * 999990)|length }}',
    '{{ (("%(a)s" * 190000) % {"a": "y" * 999990})|length }}',
    '{{ ("x " * 400000)|wordwrap(1, wrapstring="y" * 999990)|length }}',
    '{{ ([[0]] * 100000)|sum(start=[])|length }}',
    '{% set x %}{% for i in range(100000) %}' + "x" * 100 + '{% endfor %}{% endset %}'
    '{{ x|length }}',
    '{% filter upper %}{% for i in range(150000) %}{{ "y" * 999990 }}{% endfor %}{% endfilter %}',
    '{{ lipsum(100000, min=1000, max=1000000) }}',
    # + was not measured; format widths under a million were not estimated
    '{% set s = "xxxxxxxxxx" %}' + '{% set s = s + s %}' * 34 + '{{ s|length }}',
    '{% set l = [0] * 1000 %}' + '{% set l = l + l %}' * 34 + '{{ l|length }}',
    '{{ ("{0:999999}" * 1500).format(1)|length }}',
    '{{ ("{0:{1}}" * 1500).format("x", 999999)|length }}',
    '{{ (("%999999d" * 1500) % ((1,) * 1500))|length }}',
    '{{ (("%*d" * 1500) % ((999999, 1) * 1500))|length }}',
    # join over items given one by one had no length to estimate from
    '{{ range(1500)|map("string")|join("y" * 999999)|length }}',
    '{{ ("y" * 999999).join(range(1500)|map("string"))|length }}',
    # lists and tuples holding each other twice over: comparing or hashing them never ends
    '{% set a = [1] %}{% set b = [1] %}' + '{% set a = [a, a] %}{% set b = [b, b] %}' * 45
    + '{{ a == b }}',
    '{% set t = (1,) %}' + '{% set t = (t, t) %}' * 60 + '{% set d = {t: 1} %}x',
    # a macro as a sort key runs outside the budget
    '{% set s = "y" * 999999 %}{% set t = "y" * 999999 %}{% macro m(x) %}{% if s == t %}'
    '{% endif %}{% endmacro %}{% set l = range(100000)|list %}{% set _ = l.sort(key=m) %}done',
    # bytes were not measured: a list of them, and one compared a million times in one `in`
    '{% set ns = namespace(l=[]) %}{% for i in range(2500) %}'
    "{% set ns.l = ns.l + [i.to_bytes(1000000, 'big')] %}{% endfor %}{{ ns.l|length }}",
    "{% set t = (0).to_bytes(999999, 'big') %}{% set u = (1).to_bytes(999999, 'big') %}"
    "{% set b = [t] * 999999 %}{{ u in b }}",
    # a dotted attribute path is followed for every item within one step
    "{{ range(1000)|map(attribute='real.' * 100000 ~ 'real')|list|length }}",
    "{{ ([0] * 1000000)|sort(attribute='real.real.real')|length }}",
    "{{ ([0] * 1000000)|select('in', [1] * 1000)|list|length }}",
    # slices are copies
    "{% set l = [0] * 1000000 %}{{ [l[1:], l[1:], l[1:]]|length }}",
    # an object or long number held many times prints as many copies
    "{{ ([layout] * 999999)|join|length }}",
    "{% set b = 1" + "0" * 4000 + " %}{{ [b] * 999999 }}",
    "{{ [(1e300).as_integer_ratio()[0]] * 999999 }}",
    # comparisons and tests are steps: a long run of them meets the clock
    "{% for i in range(90000) %}{{ 1 == 1 }}{% endfor %}",
    "{% for i in range(90000) %}{{ 1 is odd }}{% endfor %}",
]


@pytest.mark.parametrize("text", MULTIPLIED)
def test_templates_that_multiply_a_long_text_are_refused_before_they_make_it(text):
    import tracemalloc

    start = time.monotonic()
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as caught:
            render_rule_text(text, "mine.rules.en.md", {"layout": load_layout("racing_kings")},
                             MAX_RENDERED_CHARS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.monotonic() - start < 5
    assert peak < 200_000_000, peak
    assert str(caught.value).startswith("mine.rules.en.md:1: template: ")
    assert "memory" not in str(caught.value)


@pytest.mark.parametrize("text", [
    "{{ 1" + "0" * 5000 + " }}",  # more digits than Python converts
    "{{ 0x" + "f" * 4000 + " }}",
])
def test_a_number_too_long_to_read_is_one_message(text):
    assert "a number too long to read or print" in str(refused(text))


@pytest.mark.parametrize("text", [
    "{% for i in [1] %}" * 21 + "x" + "{% endfor %}" * 21,
    "{% set x = 1 %}{{ " + " + ".join(["x"] * 200) + " }}",
    "{{ " + "(" * 300 + "1" + ")" * 300 + " }}",
])
def test_templates_nested_too_deeply_to_compile_are_one_message(text):
    assert "nested too deeply" in str(refused(text))


def test_more_template_code_than_rules_need_is_refused_before_compiling():
    from boardgen.rules.template import MAX_CODE_CHARS

    start = time.monotonic()
    text = "{% set x = 1 %}\n" + "{{ [x, x, x, x, x, x, x, x, x, x] }}\n" * 20_000
    with pytest.raises(InputError) as caught:
        render_rule_text(text, "mine.rules.en.md", {}, MAX_RENDERED_CHARS)
    assert time.monotonic() - start < 1
    assert f"more than {MAX_CODE_CHARS} characters inside" in str(caught.value)
    assert caught.value.line == 1 + MAX_CODE_CHARS // len("{{ [x, x, x, x, x, x, x, x, x, x] }}") + 1


ESCAPES = [
    # a printed word formatted outside the sandbox could reach into its values
    "{% set _ = words.table.update({'k': '{a.__call__.__globals__}'}) %}{{ words('k', a=words) }}",
    # pydantic's methods read files, dump JSON at any indent and change the model class
    "{{ layout.parse_file('/etc/hostname') }}",
    "{% set _ = layout.model_config.update({'str_max_length': 3}) %}",
    "{{ layout.model_rebuild(force=True) }}",
    "{{ layout.model_dump_json(indent=999999)|length }}",
    "{{ layout.schema_json(indent=999999)|length }}",
    # a value the game hands every build, changed in place by one rule text
    "{% set _ = example.update({'files': 99}) %}",
    "{{ ([0] * 3000)|tojson(indent=999999)|length }}",
    # a precision pads like a width
    "{{ (('%.999999f' * 1500) % ((1.0,) * 1500))|length }}",
    "{{ ('{0:.999999f}' * 1500).format(1.0)|length }}",
]


@pytest.mark.parametrize("text", ESCAPES)
def test_a_rule_text_reads_only_data_and_changes_nothing(text):
    from boardgen.rules import rule_context

    layout = load_layout("racing_kings")
    context = rule_context(layout, words_for(layout, "en"))
    with pytest.raises(InputError) as caught:
        render_rule_text(text, "mine.rules.en.md", context, MAX_RENDERED_CHARS)
    assert str(caught.value).startswith("mine.rules.en.md:1: template: ")
    assert "/" not in str(caught.value).split("template:", 1)[1]  # no path, no file text
    again = rule_context(load_layout("racing_kings"), words_for(layout, "en"))
    assert again["example"] == context["example"] and load_layout("racing_kings") == layout


def test_a_games_own_objects_show_data_not_methods():
    """Steeple Chess' course is a dataclass whose ``run`` loops for ever on a zero step."""
    from boardgen.rules import rule_context

    layout = load_layout("steeple_chess")
    context = rule_context(layout, words_for(layout, "en"))
    assert render_rule_text("{{ layout.track.course|length }}", "f", context, LIMIT) == "148"
    for text in ("{% set c = layout.track.course|sort|first %}{{ layout.track.run(c, (0, 0)) }}",
                 "{{ words.get('finish') }}"):
        with pytest.raises(InputError, match="not allowed in a rule text"):
            render_rule_text(text, "f", context, LIMIT)


def test_a_layout_gives_a_template_its_fields_and_its_own_properties():
    layout = load_layout("steeple_chess")
    text = "{{ layout.title }} {{ layout.course.square_mm }} {{ layout.track.__class__ is defined }}"
    assert render(text, layout=layout).startswith("Steeple Chess 30")


def test_filters_on_constants_run_in_the_budget_not_while_compiling():
    """Jinja2 once ran them as it compiled and wrote a million-item result into the code."""
    from boardgen.rules.template import MAX_ITEMS

    start = time.monotonic()
    text = "".join(f"{{% set a{n} = []|slice(999999)|list %}}" for n in range(3)) + "x"
    with pytest.raises(InputError, match=f"more than {MAX_ITEMS} characters and items"):
        render_rule_text(text, "mine.rules.en.md", {}, MAX_RENDERED_CHARS)
    assert time.monotonic() - start < 5


def test_other_files_cannot_be_read_into_a_rule_text():
    for text in ("{% include 'x' %}", "{% import 'x' as y %}", "{% extends 'x' %}"):
        assert "a rule text cannot read other files" in str(refused(text))


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


def test_what_a_template_changes_in_the_layout_never_reaches_the_build():
    layout = load_layout("steeple_chess")
    words = words_for(layout, "en")
    context = rule_context(layout, words)
    built = "{% set ns = namespace(parts=[]) %}{% set ns.parts = ns.parts + ['x'] %}{{ ns.parts|join }}"
    assert render_rule_text(built, "f", context, LIMIT) == "x"  # values are made, not changed
    for change in ("{% set _ = words.table.clear() %}", "{% set _ = layout.labels.clear() %}",
                   "{% set parts = [] %}{% set _ = parts.append('x') %}"):
        with pytest.raises(InputError, match="not allowed in a rule text"):
            render_rule_text(change, "f", context, LIMIT)
    assert words("rules.figure", number=1) == "Figure 1"
    assert context["layout"] == layout and context["layout"] is not layout


def test_a_user_rule_text_reads_the_users_layout(tmp_path: Path):
    layout_file = tmp_path / "mine.toml"
    layout_file.write_text('extends = "racing_kings"\nname = "mine"\ntitle = "Mine"\n',
                           encoding="utf-8")
    (tmp_path / "mine.rules.de.md").write_text(
        "# {{ layout.title }}\n\nSprache: {{ lang }}; {{ words('rules.figure', number=1) }}.\n",
        encoding="utf-8")
    book = rule_book(load_layout(str(layout_file)), "de", str(layout_file))
    assert book.title == "Mine"
    assert plain(book.text.blocks[1].runs) == "Sprache: de; Abbildung 1."


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
                     "{% for side in sides %}\n- {{ side }}\n{% endfor %}\n"
                     "{% if true %}\nSome text.\n{%- endif %}\n\n![Gone](diagram:castling)\n",
                     encoding="utf-8")
    with pytest.raises(InputError) as caught:
        rule_book(load_layout(str(layout_file)), "en", str(layout_file))
    assert (caught.value.source, caught.value.line) == (str(rules), 11)
    assert "unknown diagram 'castling'" in str(caught.value)


expressions = st.sampled_from([
    "n", "n * 1000", "'ab' * n", "range(n) | list", "'x' * 999", "10 ** 40", "n ** 300",
    "[1, 2, 3] * 500", "'%5d' % n", "'{:>9}'.format(n)", "'a-b'.split('-') | join('+')",
    "(range(100000) | list) | length", "'a\\n' * 900 | indent(50)", "'xy'.replace('x', 'zzz')",
    "words('rules.figure', number=n)", "n / 0", "nope", "''.__class__",
])


@st.composite
def templates(draw) -> str:
    """Nested loops over ranges of any size around printed expressions."""
    body = "".join(f"{{{{ {draw(expressions)} }}}}" for _ in range(draw(st.integers(1, 3))))
    for _ in range(draw(st.integers(0, 3))):
        size = draw(st.sampled_from([1, 10, 1000, 100_000, 10**9]))
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
