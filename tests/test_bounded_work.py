"""Work that grows with the input, not with its square: the cases once found quadratic.

Each case is run as a user meets it (one located message, or a kit), and where it once took
minutes its growth is measured too: CPU time (not wall time, which other processes stretch)
at two sizes, which must grow about as the input does. ``bench/bench_growth.py`` measures
the same places at 1×, 10× and 100× the largest shipped input.
"""

from __future__ import annotations

import gc
import time

import pytest

from boardgen.errors import InputError
from boardgen.layout import find_line, key_lines, load_layout
from boardgen.rules.document import parse_rule_text, plain
from tests.conftest import write

GROWTH_SLACK = 2.5  # 4× the input may take up to 10× the time: noise, never a square


def cpu_seconds(work) -> float:
    """The least CPU time of two runs of ``work()``, without the collector."""
    best = float("inf")
    for _ in range(2):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def grows_linearly(work, small: int, factor: int = 4) -> None:
    """``work(n)`` at ``factor`` times ``small`` takes at most about ``factor`` times as long."""
    work(small // 4)  # warm every cache
    short = cpu_seconds(lambda: work(small))
    long = cpu_seconds(lambda: work(small * factor))
    assert long < factor * GROWTH_SLACK * max(short, 0.005), \
        f"{factor}× the input took {long / max(short, 1e-9):.1f}× the time"


# ---- quotes in a rule text ------------------------------------------------------------


def test_quotes_are_set_across_emphasis_and_beside_code():
    text = parse_rule_text('Say "**stop**" and `"raw"`, it\'s "done".\n', "t.md", "en")
    runs = text.blocks[0].runs
    assert plain(runs) == "Say “stop” and \"raw\", it’s “done”."
    german = parse_rule_text('Er sagt "Halt" und \'hier\'.\n', "t.md", "de")
    assert plain(german.blocks[0].runs) == "Er sagt „Halt“ und ‚hier‘."


def test_half_a_megabyte_of_quotes_parses_in_linear_time():
    grows_linearly(lambda n: parse_rule_text("# Q\n\n" + "\"'" * n + "\n", "t.md", "en"), 20_000)


def test_half_a_megabyte_of_quotes_in_a_rule_text_is_checked_and_built(tmp_path, run_cli):
    layout = write(tmp_path, "quotes.toml", 'extends = "racing_kings"\n')
    write(tmp_path, "quotes.rules.en.md", "# Quotes\n\n" + "\"'" * 249_000 + "\n")
    checked = run_cli("check", layout)
    assert checked.exit_code == 0, checked.stderr
    built = run_cli("build", layout, "--out", tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 0, built.stderr
    assert (tmp_path / "out" / "racing_kings" / "rules.pdf").stat().st_size > 0


# ---- the lines of many problems ---------------------------------------------------------


def named_spaces(count: int) -> str:
    """A six-day layout with ``count`` named spaces, every one of them beyond the track."""
    entries = "".join(f'{200 + i} = "sprint"\n' for i in range(count))
    return f'extends = "six_day_race"\n[spaces]\n{entries}'


@pytest.mark.parametrize("count", [10_000, 29_000])
def test_thousands_of_named_spaces_get_one_located_line_each(tmp_path, count):
    path = write(tmp_path, "named.toml", named_spaces(count))
    with pytest.raises(InputError) as refused:
        load_layout(path)
    problems = refused.value.problems
    beyond = [p for p in problems if "beyond the 80 spaces it is counted on" in p.message]
    assert len(beyond) == count
    assert all(p.source == str(path) and p.line == 3 + int(p.key.removeprefix("spaces.")) - 200
               for p in beyond)


def test_finding_the_lines_of_many_problems_grows_linearly(tmp_path):
    def check(count: int) -> None:
        path = write(tmp_path, f"named{count}.toml", named_spaces(count))
        key_lines.cache_clear()  # each run reads the file afresh
        with pytest.raises(InputError):
            load_layout(path)

    grows_linearly(check, 1_500)


def test_twenty_thousand_black_spaces_are_each_named_with_their_line(tmp_path, run_cli):
    numbers = "".join(f'{81 + i} = "black"\n' for i in range(20_000))
    path = write(tmp_path, "black.toml", f'extends = "six_day_race"\n[spaces]\n{numbers}')
    result = run_cli("check", path)
    lines = result.stderr.splitlines()
    assert result.exit_code == 2
    assert len(lines) == 20_000
    assert all(line.startswith(f"error: {path}:{3 + i}: spaces.{81 + i}: ")
               for i, line in enumerate(lines))


def test_a_key_line_is_found_from_one_reading_of_the_file():
    text = "title = 'x'\n[board]\nsquare_mm = 4\n[[piece]]\nname = 'a'\n[a.b.c]\nd = 1\n"
    assert key_lines(text) is key_lines(text)
    assert find_line(text, ["board", "square_mm"]) == 3
    assert find_line(text, ["board"]) == 2
    assert find_line(text, ["board", "missing"]) is None  # a table names no key it lacks
    assert find_line(text, ["a", "b"]) == 6
    assert find_line(text, ["a", "b", "c", "d"]) == 7
    assert find_line(text, ["nowhere"]) is None


@pytest.mark.parametrize("line", ["a" + " " * 200_000 + "b", "[a" + " " * 200_000 + "b"])
def test_a_long_line_of_spaces_is_read_in_linear_time(line):
    grows_linearly(lambda n: key_lines.__wrapped__(f"x = 1\n{line[:n]}\n"), 50_000)
