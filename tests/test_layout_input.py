"""The loader's input rules: provenance of every key, colours, bounded reads, depth, escapes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import model_validator

from boardgen.errors import InputError, visible
from boardgen.layout import (CSS_COLOURS, Color, FieldProblem, LayoutBase, Model, RawLayout,
                             layout_label, layouts_dir, load_layout, provenance, read_layout, read_text,
                             read_toml, too_deep, validate_model)
from tests.conftest import write


def chain(tmp_path: Path) -> Path:
    """mine.toml → base.toml → racing_kings, each setting some keys."""
    write(tmp_path, "base.toml", 'extends = "racing_kings"\nname = "base"\n'
          '[board]\nsquare_mm = 30\n[colors]\ndark = "#112233"\n')
    return write(tmp_path, "mine.toml", 'extends = "base.toml"\nname = "mine"\n\n'
                 '[colors]\nlight = "ivory"\n')


# ---- provenance ------------------------------------------------------------------

def test_provenance_names_the_files_users_first(tmp_path):
    layout = load_layout(chain(tmp_path))
    files = provenance(layout).files
    assert [f.name for f in files] == ["mine.toml", "base.toml", "racing_kings.toml"]


def test_provenance_says_which_file_set_each_key(tmp_path):
    origins = provenance(load_layout(chain(tmp_path)))
    assert origins.origin("colors.light").name == "mine.toml"
    assert origins.origin("colors.dark").name == "base.toml"
    assert origins.origin("board.square_mm").name == "base.toml"
    assert origins.origin("board.files").name == "racing_kings.toml"
    assert origins.origin("tokens.no_such_key") is None
    assert origins.inherited("colors.dark") and not origins.inherited("colors.light")


def test_an_array_is_set_whole_by_one_file(tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "river_race"\nname = "mine"\n')
    origins = provenance(load_layout(path))
    assert origins.origin("players[1].name") == layouts_dir() / "river_race.toml"


def test_provenance_needs_no_second_reading(tmp_path, monkeypatch):
    layout = load_layout(chain(tmp_path))
    monkeypatch.setattr("boardgen.layout.read_text", lambda *a: pytest.fail("read again"))
    assert provenance(layout).origin("colors.light").name == "mine.toml"
    with pytest.raises(Exception):
        layout.title = "changed"  # the model stays frozen


class Track(Model):
    spaces: int = 80
    space_mm: float = 32


class Tracked(LayoutBase):
    kind: ClassVar[str] = "tracked"
    track: Track = Track()

    @model_validator(mode="after")
    def fits(self):
        if self.track.spaces * self.track.space_mm < 2000:
            raise FieldProblem("track.spaces", "leaves no room for the infield",
                               related=("track.space_mm",))
        return self


def load_tracked(tmp_path: Path, mine: str) -> InputError:
    base = write(tmp_path, "base.toml", 'game = "tracked"\nname = "base"\ntitle = "T"\n'
                 "[track]\nspaces = 80\nspace_mm = 32\n")
    path = write(tmp_path, "mine.toml", 'extends = "base.toml"\nname = "mine"\n' + mine)
    layers = (read_toml(path)[0], read_toml(base)[0])
    raw = RawLayout(read_layout(path).data, (path, base),
                    (path.read_text(), base.read_text()), layers)
    with pytest.raises(InputError) as info:
        validate_model(Tracked, raw)
    return info.value


def test_a_problem_with_inherited_values_names_the_users_file(tmp_path):
    error = load_tracked(tmp_path, "\n[track]\nspaces = 60\n")
    assert error.source.endswith("mine.toml") and error.line == 5
    assert error.key == "track.spaces"
    assert error.message == ("leaves no room for the infield (track.spaces = 60 set here; "
                             f"track.space_mm = 32 inherited from {tmp_path / 'base.toml'})")


def test_a_problem_set_only_in_an_inherited_file_still_names_the_users_file(tmp_path):
    error = load_tracked(tmp_path, "\n[track]\nspace_mm = 20\n")
    assert error.source.endswith("mine.toml") and error.line == 5
    assert "track.spaces = 80 inherited from" in error.message
    assert "track.space_mm = 20 set here" in error.message


def test_a_shipped_file_is_named_by_its_game(tmp_path):
    assert layout_label(layouts_dir() / "six_day_race.toml") == "six_day_race"
    assert layout_label(tmp_path / "base.toml") == str(tmp_path / "base.toml")


# ---- colours ----------------------------------------------------------------------

def colour_of(value: str) -> str:
    class Paint(Model):
        ink: Color

    return Paint(ink=value).ink


@pytest.mark.parametrize("value, expected", [
    ("green", "#008000"), ("Green", "#008000"), ("rebeccapurple", "#663399"),
    ("#15d", "#1155dd"), ("#1F5FD1", "#1f5fd1"), ("#abc", "#aabbcc"), ("GREY", "#808080"),
])
def test_colours_are_normalised(value, expected):
    assert colour_of(value) == expected


def test_there_are_148_css_colour_names():
    assert len(CSS_COLOURS) == 148
    assert all(len(v) == 6 and int(v, 16) >= 0 for v in CSS_COLOURS.values())


@pytest.mark.parametrize("value", ["greenish", "#12345", "#ggg", "", "rgb(1,2,3)", "#1234567"])
def test_a_bad_colour_says_what_is_accepted(tmp_path, value):
    path = write(tmp_path, "mine.toml", f'extends = "racing_kings"\n[colors]\ndark = "{value}"\n')
    with pytest.raises(InputError) as info:
        load_layout(path)
    message = info.value.message
    assert 'expected a colour like "#1f5fd1", "#15d" or a CSS name like "green"' in message
    assert "pattern" not in message and "^" not in message


# ---- reading files ----------------------------------------------------------------

def test_a_file_that_lies_about_its_size_is_read_no_further(tmp_path):
    # /proc files say they are empty, then give more: the read stops at the limit anyway.
    source = Path("/proc/self/maps")
    if not source.exists() or os.stat(source).st_size != 0:
        pytest.skip("needs a /proc file reporting size 0")
    with pytest.raises(InputError, match="limited to 10 bytes"):
        read_text(source, 10, "test files")


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/null", "/"])
def test_only_regular_files_are_read(target):
    with pytest.raises(InputError, match="not a regular file"):
        read_text(Path(target), 1000, "layout files")


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_not(tmp_path):
    path = write(tmp_path, "x.md", "a" * 100)
    assert read_text(path, 100, "rule texts") == "a" * 100
    path.write_text("a" * 101)
    with pytest.raises(InputError, match="limited to 100 bytes"):
        read_text(path, 100, "rule texts")


def test_depth_is_measured_without_recursion():
    deep: dict = {}
    node = deep
    for _ in range(100_000):
        node["a"] = {}
        node = node["a"]
    assert too_deep({"x": deep}) == "x"
    assert too_deep({"x": [[[1]]], "y": {"a": {"b": 1}}}) is None


def test_deep_dotted_tables_are_refused(tmp_path):
    path = write(tmp_path, "mine.toml", "[" + ".".join(["t"] * 40) + "]\nx = 1\n")
    with pytest.raises(InputError, match="nested too deep") as info:
        read_toml(path)
    assert info.value.key == "t" and info.value.line == 1


# ---- messages never carry control characters ----------------------------------------

@given(st.text(), st.text(), st.text())
def test_messages_are_one_line_of_visible_text(source, key, message):
    text = str(InputError(message, source=source or None, key=key or None))
    assert "\n" not in text and "\r" not in text
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in text)


def test_escapes_are_spelled_out():
    assert visible("a\x1b[31mb\nc\u202e") == "a\\x1b[31mb\\nc\\u202e"
    many = InputError("x", problems=[InputError("one\ntwo"), InputError("three")])
    assert str(many).splitlines() == ["one\\ntwo", "three"]


def test_every_game_model_refuses_control_characters_by_itself():
    from pydantic import ValidationError

    from boardgen.games import layout_model
    from boardgen.layout import shipped_games

    for name in shipped_games():  # every kind, through its shipped layouts
        data = dict(read_layout(name).data)
        model = layout_model(data)  # a race layout's rules plugin's model, where it names one
        model.model_validate(data)
        with pytest.raises(ValidationError, match="control character"):
            model.model_validate({**data, "subtitle": "a\x1bb"})


def test_control_characters_are_unicodes_cc_zl_and_zp_categories():
    import sys
    import unicodedata

    from boardgen.layout import has_control

    for point in range(sys.maxunicode + 1):
        char = chr(point)
        control = unicodedata.category(char) in ("Cc", "Zl", "Zp")
        assert has_control(f"a{char}b") == control, hex(point)
        assert has_control(f"a{char}b", allowed="\n\t") == (control and char not in "\n\t")


def test_the_loader_looks_for_unprintable_texts_once(monkeypatch):
    import boardgen.layout

    looked = []
    real = boardgen.layout.unprintable_texts
    monkeypatch.setattr(boardgen.layout, "unprintable_texts",
                        lambda data: looked.append(data) or real(data))
    load_layout("six_day_race_advanced")
    assert len(looked) == 1


def test_multi_line_values_keep_their_newlines_but_one_line_texts_do_not(tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\ntitle = """Racing\nKings"""\n')
    with pytest.raises(InputError, match="control character") as info:
        load_layout(path)
    assert info.value.key == "title"
    assert load_layout("steeple_chess").course.map.count("\n") > 5


def test_a_word_added_in_english_only_is_shown_in_the_users_file(tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n\n'
                 '[labels.en]\nhurry = "Hurry!"\n')
    with pytest.raises(InputError) as info:
        load_layout(path)
    problems = info.value.problems or [info.value]
    missing = [p for p in problems if p.key in ("labels.de.hurry", "labels.pl.hurry")]
    assert len(missing) == 2
    assert all(p.source == str(path) and p.line == 5 for p in missing)


@given(st.recursive(st.sampled_from(["1", '"a"', "[]", "{}"]),
                    lambda inner: st.one_of(inner.map(lambda s: f"[{s}]"),
                                            inner.map(lambda s: f"{{a={s}}}")),
                    max_leaves=200))
def test_any_nesting_is_data_or_one_input_error(value):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.toml"
        path.write_text(f"x = {value}\n", encoding="utf-8")
        try:
            data, _ = read_toml(path)
        except InputError as error:
            assert "nested too deep" in error.message
        else:
            assert too_deep(data) is None
