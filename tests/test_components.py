"""The components a layout declares: each type composes what it says, at the sizes it says,
with what the layers below it need (backs, counts, cut styles), in every language."""

from __future__ import annotations

import io

import pypdf
import pytest
from pydantic import TypeAdapter, ValidationError

from boardgen.components import BOARDS, PIECES, component_type, pieces_model
from boardgen.components import deck, die, grid_board, legend, pictograms, tokens, track_board
from boardgen.components.base import Context, Player
from boardgen.components.kinds import Effect
from boardgen.components.wording import counted, number_ranges, spoken_list
from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.render import renderer
from boardgen.scene import Scene, Text

PLAYERS = tuple(Player(n, c) for n, c in enumerate(["#b35660", "#1f0e99", "#325616"], 1))


def context(lang: str = "en", folder=None, **facts) -> Context:
    words = words_for(None, lang)
    table = dict(words.table, title="Test Race", subtitle="")
    return Context(type(words)(lang, table), PLAYERS, folder=folder, facts=facts)


def piece(data: dict):
    return TypeAdapter(pieces_model()).validate_python(data)


def texts(scene: Scene) -> list[str]:
    found = []

    def visit(nodes):
        for node in nodes:
            if isinstance(node, Text):
                found.append(node.text)
            elif hasattr(node, "children"):
                visit(node.children)

    visit(scene.children)
    for nodes in scene.symbols.values():
        visit(nodes)
    return found


def test_every_type_is_registered_with_a_model_and_compose():
    for name in [*BOARDS, *PIECES]:
        kind = component_type(name)
        assert kind.NAME == name and kind.Model and callable(kind.compose)
    with pytest.raises(InputError, match="unknown component type 'cards'"):
        component_type("cards")


@pytest.mark.parametrize("shape, cut, backs", [("disc", "gap", True), ("block", "shared", True),
                                               ("standee", "shared", False),
                                               ("pawn", "gap", False)])
def test_tokens_for_each_player_in_every_shape(shape, cut, backs):
    model = piece({"type": "tokens", "shape": shape, "size_mm": 20, "per_player": 2, "count": 1})
    parts = tokens.compose(model, "pieces", context())
    (pieces,) = parts.sets
    assert [c.name for c in pieces.components] == ["1-1", "1-2", "2-1", "2-2", "3-1", "3-2",
                                                   "neutral-1"]
    assert all(c.cut == cut and (c.back is not None) == backs for c in pieces.components)
    assert pieces.components[0].front.width == 20
    assert "2" in texts(pieces.components[1].front)  # numbered: two tokens per player


def test_a_die_net_sheet_with_pips_and_a_die_of_words():
    plain = die.compose(piece({"type": "die", "count": 2}), "dice", context())
    (sheet,) = plain.sheets
    assert sheet.die is not None and len(sheet.die.faces) == 6
    assert sheet.scene.width >= 198 and sheet.scene.height >= 254
    worded = die.compose(piece({"type": "die", "faces": ["1", "2", "3", "4", "5",
                                                         "pictogram:goose"]}), "die", context())
    assert "5" in texts(worded.sheets[0].scene)
    with pytest.raises(ValidationError, match="six faces"):
        piece({"type": "die", "faces": ["1", "2"]})


def test_a_deck_from_an_inline_table_with_texts_by_language_and_backs_per_pile():
    model = piece({"type": "deck", "piles": {"red": {"fill": "#c0392b"}, "blue": {}},
                   "cards": {"go": {"count": 3, "pile": "red", "value": "3",
                                    "title": {"en": "Go on", "de": "Weiter", "fr": "Continuez",
                                              "pl": "Naprzód"}},
                             "stop": {"count": 2, "pile": "blue", "text": "Wait a turn."}}})
    for lang, title in (("en", "Go on"), ("de", "Weiter"), ("fr", "Continuez"), ("pl", "Naprzód")):
        (cards,) = deck.compose(model, "chance", context(lang)).sets
        assert [(c.name, c.count) for c in cards.components] == [("go", 3), ("stop", 2)]
        assert title in texts(cards.components[0].front)
        assert cards.components[0].back != cards.components[1].back  # a back for each pile
    with pytest.raises(ValidationError, match="no German text"):
        piece({"type": "deck", "cards": {"x": {"title": {"en": "A", "pl": "B"}}}})


def test_a_deck_from_a_csv_file_with_a_count_column(tmp_path):
    (tmp_path / "cards.csv").write_text("count,value,title,title.de,title.pl\n"
                                        "4,1,One,Eins,Jeden\n2,2,Two,Zwei,Dwa\n",
                                        encoding="utf-8")
    model = piece({"type": "deck", "csv": "cards.csv"})
    (cards,) = deck.compose(model, "numbers", context("de", tmp_path)).sets
    assert sum(c.count for c in cards.components) == 6
    assert "Zwei" in texts(cards.components[1].front)
    summary = deck.summary(model, "numbers", context("pl", tmp_path))
    assert summary[0].text == "6 kart"


def test_a_bad_csv_row_is_one_message_naming_the_file_and_line(tmp_path):
    (tmp_path / "cards.csv").write_text("count,title\n4,One\nmany,Two\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        deck.compose(piece({"type": "deck", "csv": "cards.csv"}), "d", context(folder=tmp_path))
    assert error.value.line == 3 and error.value.source.endswith("cards.csv")
    (tmp_path / "cards.csv").write_text("count,colour\n4,red\n", encoding="utf-8")
    with pytest.raises(InputError, match="unknown column 'colour'"):
        deck.compose(piece({"type": "deck", "csv": "cards.csv"}), "d", context(folder=tmp_path))


def test_tiles_from_path_data_share_one_back():
    model = piece({"type": "tiles", "size_mm": 20,
                   "types": {"straight": {"path": "M 50 0 L 50 100", "count": 5},
                             "turn": {"path": "M 50 0 A 50 50 0 0 0 100 50", "count": 3}}})
    (tiles,) = component_type("tiles").compose(model, "tiles", context()).sets
    assert [c.count for c in tiles.components] == [5, 3]
    assert tiles.components[0].back is tiles.components[1].back
    with pytest.raises(ValidationError, match="must start with M"):
        piece({"type": "tiles", "types": {"bad": {"path": "L 1 1"}}})


def test_a_score_sheet_names_its_columns_in_the_kits_language():
    model = piece({"type": "score_sheet", "rows": 8,
                   "columns": {"points": {"title": {"en": "Points", "de": "Punkte",
                                                    "fr": "Points", "pl": "Punkty"}}}})
    (sheet,) = component_type("score_sheet").compose(model, "scores", context("pl")).sheets
    assert "Punkty" in texts(sheet.scene) and (sheet.scene.width, sheet.scene.height) == (198, 254)


def test_a_score_sheet_of_players_down_has_a_table_per_round_and_a_summary():
    model = piece({"type": "score_sheet", "players": "down", "tables": 4, "total": "points",
                   "table_title": "Round {number}", "player_title": "Player",
                   "columns": {"laps": {"title": "Laps"}, "points": {"title": "Points"}},
                   "summary": {"title": "All rounds", "note": "Most points wins.",
                               "rows": {"sum": {"title": "Total"}, "place": {"title": "Place"}}}})
    (sheet,) = component_type("score_sheet").compose(model, "scores", context()).sheets
    words = texts(sheet.scene)
    assert [w for w in words if w.startswith("Round ")] == [f"Round {n}" for n in range(1, 5)]
    assert words.count("Points") == 4 and {"All rounds", "Total", "Place"} <= set(words)
    assert "Most points wins." in words
    numbers = [w for w in words if w.isdigit()]
    assert numbers.count("3") == 5  # the third player's row in every round and the summary
    with pytest.raises(ValidationError, match="total = 'score' is not one of the columns"):
        piece({"type": "score_sheet", "players": "down", "total": "score",
               "columns": {"points": {"title": "Points"}}})


def test_a_player_aid_lists_the_spaces_it_is_given():
    facts = {"aid": {"heading": "Goose", "entries": [legend.Entry("#d3e5f0", "goose", "Goose",
                                                                  "Move again.")],
                     "notes": ["Throw and move."]}}
    (aids,) = component_type("player_aid").compose(piece({"type": "player_aid"}), "aids",
                                                   context(**facts)).sets
    assert aids.components[0].count == len(PLAYERS)
    words = " ".join(texts(aids.components[0].front))
    assert "Goose" in words and "Throw and move." in words


def test_a_grid_board_names_and_colours_its_cells_and_draws_its_walls():
    model = TypeAdapter(grid_board.Model).validate_python({
        "type": "grid", "map": "s . . .\n-\n. # .|.", "naming": "chess", "fill": "kinds",
        "legend": {".": "course", "#": "black", "s": "start"},
        "fills": {"course": "#eeeeee", "black": "#111111", "start": "#2e8b57"},
        "cell_mm": 20, "border_mm": 10})
    parts = grid_board.compose(model, "board", context())
    spaces = {s["id"]: s for s in parts.board_json["spaces"]}
    assert set(spaces) == {"a2", "b2", "c2", "d2", "a1", "b1", "c1", "d1"}
    assert spaces["b1"]["color"] == "#111111" and spaces["a2"]["tags"] == ["start"]
    assert parts.board_json["walls"] == [["a2", "a1"], ["c1", "d1"]]
    assert parts.board.seams_x == (10.0, 30.0, 50.0, 70.0, 90.0)


def track(data: dict):
    return TypeAdapter(track_board.Model).validate_python(data)


@pytest.mark.parametrize("data, spaces", [
    ({"shape": "serpentine", "columns": 5, "rows": 4}, 20),
    ({"shape": "square_spiral", "columns": 5, "rows": 3}, 15),
    ({"shape": "spiral", "spaces": 30, "space_mm": 25}, 30),
    ({"shape": "oval", "spaces": 40, "lanes": 2, "space_mm": 20}, 40),
    ({"shape": "path", "map": "S o o\n. . o\nF o o"}, 7),
    ({"shape": "cross", "arm": 4}, 40),
])
def test_every_track_shape_makes_a_board_whose_spaces_know_what_follows(data, spaces):
    model = track(data)
    looks = {"3": track_board.Look("ladder", "#dcefd2", None, None, (), Effect("jump", to=5),
                                   "ladder")}
    parts = track_board.compose(model, "board", context(looks=looks, start="Start"))
    main = [s for s in parts.board_json["spaces"] if not s["tags"] or s["tags"][-1] not in
            ("home", "base")]
    assert len(main) == spaces == track_board.track_length(model)
    assert all(s["number"] >= 1 and isinstance(s["next"], list) for s in parts.board_json["spaces"])
    by_id = {s["id"]: s for s in parts.board_json["spaces"]}
    assert by_id["3"]["effect"] == {"kind": "jump", "to": 5}
    assert by_id["1"]["next"][0] == "2"
    scene = parts.board.scene
    assert scene.width > 0 and parts.board.seams_x and parts.board.seams_y
    renderer("svg")(scene)  # it draws


def test_the_track_board_prints_to_its_size_in_the_pdf():
    model = track({"shape": "serpentine", "columns": 4, "rows": 3, "space_mm": 30,
                   "margin_mm": 10, "legend": False, "title": {"height_mm": 0}})
    board = track_board.compose(model, "board", context()).board
    pdf = pypdf.PdfReader(io.BytesIO(renderer("pdf")(board.scene)))
    box = pdf.pages[0].mediabox
    assert round(float(box.width) * 25.4 / 72, 2) == 140.0
    assert round(float(box.height) * 25.4 / 72, 2) == 110.0


def test_the_legend_lists_what_it_is_given_and_shrinks_to_fit():
    entries = [legend.Entry("#eeeeee", "goose", "Goose", "Move the same throw again."),
               legend.Entry("#111111", None, "Death", "Back to the start.")]
    uses: set = set()
    nodes = legend.legend_nodes(entries, 0, 0, 180, 30, "#000000", "#ffffff", uses=uses)
    words = [n.text for n in nodes if isinstance(n, Text)]
    assert "Goose" in words and "Death" in words and uses == {("goose", "#000000", "#eeeeee")}


def test_every_pictogram_draws():
    uses = {(name, "#000000", "#ffffff") for name in pictograms.DRAWINGS}
    nodes = tuple(pictograms.use(name, 10 + 12 * k, 10, 10, "#000000", "#ffffff")
                  for k, name in enumerate(sorted(pictograms.DRAWINGS)))
    svg = renderer("svg")(Scene(12 * len(uses) + 10, 20, nodes, symbols=pictograms.symbols(uses)))
    assert svg.count(b"<use") == len(uses)


def test_plural_forms_follow_the_language():
    words = words_for(None, "pl")
    assert counted(words, "part.die.count", 1).startswith("1 kostka")
    assert counted(words, "part.die.count", 22).startswith("22 kostki")
    assert counted(words, "part.die.count", 12).startswith("12 kostek")
    assert counted(words, "part.die.count", 2) == "2 kostki do sklejenia z papieru"
    assert counted(words, "part.die.count", 5) == "5 kostek do sklejenia z papieru"
    assert number_ranges([5, 3, 4, 8, 10, 11]) == "3–5, 8, 10, 11"
    assert spoken_list(words, [5, 3, 2, 1]) == "5, 3, 2 i 1"
    assert spoken_list(words_for(None, "de"), ["a"]) == "a"


def numbered_deck(**cards) -> deck.Model:
    return piece({"type": "deck", "piles": {"low": {"fill": "#aa0000"}, "high": {}, "odd": {}},
                  "cards": cards or {"one": {"count": 3, "value": "1", "pile": "low"},
                                     "two": {"count": 2, "value": "2", "pile": "low"},
                                     "six": {"count": 4, "value": "6", "pile": "high"}}})


def test_a_deck_counted_in_groups_of_piles_by_value():
    model = numbered_deck()
    groups = {"main": ("low", "high"), "spare": ("odd",)}
    problems = deck.group_problems(model, groups, "components.cards", "decks")
    assert [(p.key, str(p)) for p in problems] == [
        ("decks.spare", "the spare deck has no cards")]
    main = deck.pack(model, groups["main"])
    assert main.counts == {1: 3, 2: 2, 6: 4} and main.total == 9
    assert main.pile_values == ((1, 2), (6,)) and main.pile_of(6) == 1 and main.pile_count(0) == 5
    assert main.fill == "#aa0000" and not main.assumed


def test_a_deck_grouped_wrongly_names_each_key():
    model = numbered_deck(one={"value": "A", "pile": "low"}, two={"value": "2", "pile": "odd"},
                          six={"value": "2", "pile": "high"})
    problems = deck.group_problems(model, {"main": ("low", "high", "none"), "other": ("low",)},
                                   "components.cards", "decks", "movement card")
    said = {p.key: str(p) for p in problems}
    assert "no pile 'none'" in said["decks.main.piles[2]"]
    assert said["decks.other.piles[0]"] == "pile 'low' is already main's"
    assert said["components.cards.cards.one.value"].startswith("a movement card's value is a "
                                                               "number from 0 to 99")
    assert "name it in decks.main.piles or decks.other.piles" in said["components.cards.cards.two.pile"]


def test_an_oval_that_cannot_hold_every_piece_names_the_key_that_decides_it():
    adapter = TypeAdapter(track_board.Model)
    oval = adapter.validate_python({"shape": "oval", "spaces": 40, "lanes": 1, "lane_mm": 12,
                                    "space_mm": 20})
    fitting = oval.drawable_straights(4, 5, 40, 5000)
    assert fitting and oval.fit_problems(fitting[0], 4, 5, 40, 5000, "pawns", "pawns",
                                         "components.pawns.size_mm") == []
    (none,) = oval.fit_problems(None, 12, 10, 40, 5000, "pawns", "pawns",
                                "components.pawns.size_mm")
    assert none.key == "board.spaces" and "room on every space for all 12 pawns" in str(none)
    assert "components.pawns.size_mm" in none.related
    given = oval.with_straight(19)
    (tight,) = given.fit_problems(19, 4, 5, 40, 5000, "pawns", "pawns", "x", at="track")
    assert tight.key == "track.straight_spaces" and "at least 4 are needed" in str(tight)


@pytest.mark.parametrize("lang, heading", [("en", "Round"), ("de", "Runde"), ("pl", "Runda"),
                                           ("fr", "Manche")])
def test_tables_without_a_title_are_headed_by_round(lang, heading):
    model = piece({"type": "score_sheet", "players": "down", "tables": 3,
                   "columns": {"points": {"title": "Points"}}})
    (sheet,) = component_type("score_sheet").compose(model, "scores", context(lang)).sheets
    assert [w for w in texts(sheet.scene) if w.startswith(heading)] == [
        f"{heading} {n}" for n in (1, 2, 3)]
    one = piece({"type": "score_sheet", "players": "down", "tables": 1,
                 "columns": {"points": {"title": "Points"}}})
    (sheet,) = component_type("score_sheet").compose(one, "scores", context(lang)).sheets
    assert not [w for w in texts(sheet.scene) if w.startswith(heading)]  # one table needs none
