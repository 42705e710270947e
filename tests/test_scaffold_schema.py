"""The JSON Schema for editors: one branch per game, and a description for every key."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest

from boardgen.games import KINDS
from boardgen.layout import LayoutBase, Model, layouts_dir, shipped_games
from boardgen.scaffold import _optional, layout_schema

DESCRIBED_GAMES = list(KINDS)  # every game describes every field


def errors(schema: dict, text: str) -> list[jsonschema.ValidationError]:
    validator = jsonschema.Draft202012Validator(schema)
    return list(validator.iter_errors(tomllib.loads(text)))


def test_the_schema_is_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(layout_schema())
    for kind in KINDS:
        jsonschema.Draft202012Validator.check_schema(layout_schema(kind))


@pytest.mark.parametrize("game", shipped_games())
def test_every_shipped_layout_is_valid(game):
    text = (layouts_dir() / f"{game}.toml").read_text(encoding="utf-8")
    assert errors(layout_schema(), text) == []
    assert errors(layout_schema(game), text) == []


@pytest.mark.parametrize("text, bad", [
    ('extends = "river_race"\n[board]\ncolums = 15\n', "colums"),
    ('extends = "racing_kings.toml"\n[board]\nsquare_size = 30\n', "square_size"),
    ('game = "steeple_chess"\nname = "x"\ntitle = "x"\n[course]\nsquare = 30\n', "square"),
    ('extends = "six_day_race_advanced"\ntrack_spaces = 60\n', "track_spaces"),
])
def test_a_wrong_key_is_named_by_the_all_games_schema(text, bad):
    found = errors(layout_schema(), text)
    assert found, "the wrong key is refused"
    assert all("anyOf" not in e.message and "any of the schemas" not in e.message for e in found)
    assert any(f"'{bad}'" in e.message for e in found), [e.message for e in found]


def test_a_layout_without_game_or_extends_is_told_what_is_missing():
    assert [e.message for e in errors(layout_schema(), 'name = "x"\n')] == [
        "'extends' is a required property"]


def test_a_wrong_value_names_its_key():
    found = errors(layout_schema(), 'extends = "river_race"\n[board]\ncolumns = "many"\n')
    assert [list(e.absolute_path) for e in found] == [["board", "columns"]]


class Entry(Model):
    name: str
    size: int = 1


class Part(Model):
    colour: str
    entries: list[Entry] = []


class Whole(Model):
    part: Part = Part(colour="red")
    start: Part = Part(colour="blue")


def test_entries_of_an_array_keep_their_required_keys():
    schema = Whole.model_json_schema()
    _optional(schema, {"start"})
    text = '[part]\n[[part.entries]]\nsize = 2\n[start]\n'
    messages = [e.message for e in errors(schema, text)]
    assert sorted(messages) == ["'colour' is a required property", "'name' is a required property"]
    assert errors(schema, "[part]\n") == []  # a merged table may leave out any key


def test_colours_accept_names_and_short_forms():
    ok = 'extends = "racing_kings"\n[colors]\ndark = "green"\nlight = "#FA3"\n'
    assert errors(layout_schema(), ok) == []
    assert errors(layout_schema(), ok.replace('"green"', '"greenish"'))


def test_a_shipped_layout_name_gives_its_games_schema():
    schema = layout_schema("six_day_race_advanced")
    assert "board" in schema["properties"] and "decks" in schema["properties"]
    assert json.dumps(schema) == json.dumps(layout_schema("six_day_race")).replace(
        "boardgen layout: six_day_race", "boardgen layout: six_day_race_advanced")


def undescribed(schema: dict) -> list[str]:
    """Dotted names of properties that have no description (directly or through $ref)."""
    defs = schema.get("$defs", {})
    missing: list[str] = []

    def walk(node: dict, where: str, seen: frozenset) -> None:
        if "$ref" in node:
            name = node["$ref"].removeprefix("#/$defs/")
            if name not in seen:
                walk(defs[name], where, seen | {name})
            return
        for option in node.get("anyOf", []) + node.get("allOf", []):
            walk(option, where, seen)
        if "items" in node and isinstance(node["items"], dict):
            walk(node["items"], f"{where}[]", seen)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], f"{where}.*", seen)
        for key, prop in node.get("properties", {}).items():
            if not described(prop):
                missing.append(f"{where}.{key}".lstrip("."))
            walk(prop, f"{where}.{key}", seen)

    def described(prop: dict) -> bool:
        if prop.get("description"):
            return True
        ref = prop.get("$ref") or next((o["$ref"] for o in prop.get("anyOf", []) if "$ref" in o),
                                       None)
        return bool(ref and defs[ref.removeprefix("#/$defs/")].get("description"))

    walk(schema, "", frozenset())
    return missing


def test_every_common_key_is_described():
    assert undescribed(LayoutBase.model_json_schema()) == []
    assert set(LayoutBase.model_json_schema()["properties"]) >= {"game", "name", "title"}


@pytest.mark.parametrize("kind", DESCRIBED_GAMES)
def test_every_key_of_a_described_game_is_described(kind):
    assert undescribed(layout_schema(kind)) == []


def test_the_description_check_finds_an_undescribed_key():
    schema = {"properties": {"a": {"description": "x", "properties": {"b": {"type": "string"}}}}}
    assert undescribed(schema) == ["a.b"]


def test_a_race_layout_naming_its_rules_plugin_gets_the_plugins_tables():
    """The six-day race is a race layout with rules = "six_day_race": the all-games schema
    takes that model by game and rules (or by the former game kind), the plain race's not."""
    plugin = 'game = "race"\nrules = "six_day_race"\n[hands]\nmany_from = 5\n'
    assert errors(layout_schema(), plugin) == []
    assert errors(layout_schema(), plugin.replace('game = "race"', 'game = "six_day_race"')
                  .replace('rules = "six_day_race"\n', "")) == []
    found = errors(layout_schema(), plugin.replace('rules = "six_day_race"\n', ""))
    assert [e.message for e in found] == ["Additional properties are not allowed ('hands' was "
                                          "unexpected)"]
    assert "hands" in layout_schema("race.six_day_race")["properties"]
