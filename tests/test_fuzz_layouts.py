"""Property tests: random and mutated layout files never raise anything but InputError."""

from __future__ import annotations

import json
import math
import tomllib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgen.build import BuildOptions, compose_target, product_files
from boardgen.errors import InputError
from boardgen.layout import layouts_dir, load_layout, shipped_games

SETTINGS = settings(max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # JSON string escapes are valid TOML basic strings
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def to_toml(data: dict) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in data.items())


scalars = st.one_of(st.booleans(), st.integers(-10**12, 10**12),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)


def shipped_data(game: str) -> dict:
    return tomllib.loads((layouts_dir() / f"{game}.toml").read_text())


def paths_in(data: dict, prefix=()):
    for key, value in data.items():
        yield prefix + (key,)
        if isinstance(value, dict):
            yield from paths_in(value, prefix + (key,))


def check_never_crashes(tmp_path, text: str) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(text, encoding="utf-8")
    try:
        layout, output = compose_target(str(path))
    except InputError:
        return
    json.dumps(output.board_json)


@SETTINGS
@given(game=st.sampled_from(shipped_games()), data=st.data())
def test_mutated_values_only_raise_input_errors(tmp_path, game, data):
    layout = shipped_data(game)
    target = data.draw(st.sampled_from(list(paths_in(layout))))
    new_value = data.draw(values)
    node = layout
    for key in target[:-1]:
        node = node[key]
    node[target[-1]] = new_value
    check_never_crashes(tmp_path, to_toml(layout))


@SETTINGS
@given(game=st.sampled_from(shipped_games()), data=st.data())
def test_deleted_and_added_keys_only_raise_input_errors(tmp_path, game, data):
    layout = shipped_data(game)
    target = data.draw(st.sampled_from(list(paths_in(layout))))
    node = layout
    for key in target[:-1]:
        node = node[key]
    if data.draw(st.booleans()):
        del node[target[-1]]
    else:
        node[data.draw(st.text(min_size=1, max_size=10))] = data.draw(values)
    check_never_crashes(tmp_path, to_toml(layout))


@SETTINGS
@given(game=st.sampled_from(shipped_games()), data=st.data())
def test_mangled_text_only_raises_input_errors(tmp_path, game, data):
    text = (layouts_dir() / f"{game}.toml").read_text()
    position = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 20))
    insert = data.draw(st.text(max_size=20))
    check_never_crashes(tmp_path, text[:position] + insert + text[position + cut:])


@SETTINGS
@given(text=st.text(max_size=300))
def test_random_text_only_raises_input_errors(tmp_path, text):
    check_never_crashes(tmp_path, text)


@settings(max_examples=len(shipped_games()), deadline=None)
@given(game=st.sampled_from(shipped_games()))
def test_board_json_round_trips(game):
    layout, output = compose_target(game)
    files = product_files(layout, output, BuildOptions(formats=()))
    data = json.loads(files["board.json"])
    assert [s["id"] for s in data["spaces"]] == [s["id"] for s in output.board_json["spaces"]]
    for loaded, built in zip(data["spaces"], output.board_json["spaces"]):
        assert loaded["center"] == list(built["center"])
        x, y = loaded["center"]
        assert 0 <= x <= data["board_size"][0] and 0 <= y <= data["board_size"][1]
    assert len({s["id"] for s in data["spaces"]}) == len(data["spaces"])
    assert load_layout(game).name == data["name"]
