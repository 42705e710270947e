"""Languages are data: the catalogues found are the languages, a user adds one in a folder of
their own, and French is set as French is set.

A user's language is a ``catalogues/<code>.toml`` beside their layout: ``check`` names every
word it still lacks (key, file and line), ``--lang`` and ``boardgen languages`` know it, and
its typography entry sets the rule texts.
"""

from __future__ import annotations

import io
import re
import tomllib

import pytest
from pypdf import PdfReader

from boardgen import fonts, languages
from boardgen.i18n import LANGUAGES, catalogue, flatten, layout_labels, words_for
from boardgen.layout import layouts_dir, load_layout, shipped_games
from boardgen.render import renderer
from boardgen.rules import rule_book
from boardgen.rules.typography import (NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE, break_points,
                                       smart_quotes, tie)
from boardgen.scene import Document
from tests.conftest import write as write_in


def write(folder, name: str, text: str):
    """``write`` of the shared helpers, into a folder made if it is not there yet."""
    folder.mkdir(parents=True, exist_ok=True)
    return write_in(folder, name, text)

GAMES = tuple(shipped_games())  # the four games and the two layouts of the race kind


# ---- the languages are the catalogues ------------------------------------------------------

def test_the_languages_are_the_catalogues_found():
    codes = sorted(path.stem for path in languages.CATALOGUES.glob("*.toml"))
    assert codes == list(languages.shipped_codes()) == sorted(LANGUAGES)
    assert {"en", "de", "fr", "pl"} <= set(codes)
    assert LANGUAGES["fr"] == "French" and languages.shipped()["fr"].name == "Français"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_shipped_catalogue_passes_the_check_a_users_would(lang):
    """Complete against English, no key boardgen does not print, every placeholder one the
    English text fills in, every typography setting one boardgen can use."""
    path = languages.CATALOGUES / f"{lang}.toml"
    text = path.read_text(encoding="utf-8")
    checked = languages._language(lang, tomllib.loads(text), text, path, shipped=False)
    assert checked.problems == ()
    assert checked.words == languages.shipped()[lang].words


def test_languages_lists_code_name_origin_and_the_games_with_rule_texts(run_cli):
    result = run_cli("languages")
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.stdout.splitlines()[1:]}
    assert sorted(lines) == sorted(LANGUAGES)
    assert "Français (French)" in lines["fr"] and "boardgen" in lines["fr"]
    assert all(game in lines["fr"] for game in GAMES)
    assert "English" in lines["en"] and "(English)" not in lines["en"]


def test_the_help_lists_the_languages_of_the_data(run_cli):
    help_text = " ".join(run_cli("build", "--help").stdout.split())
    *others, last = sorted(LANGUAGES)
    assert f"{', '.join(others)} or {last}" in help_text


def test_an_unknown_language_names_those_available(run_cli, tmp_path):
    result = run_cli("build", "racing_kings", "--lang", "it", "--out", tmp_path)
    assert result.exit_code == 2 and not (tmp_path / "racing_kings").exists()
    assert "--lang: unknown language 'it'; available: de (German), en (English), fr (French)" \
        in result.stderr and "catalogues/it.toml" in result.stderr
    bad = run_cli("build", "racing_kings", "--lang", "../fr", "--out", tmp_path)
    assert bad.exit_code == 2 and "not a language code" in bad.stderr


# ---- a language of the user's own ----------------------------------------------------------

RULES_IT = """# Re in corsa

Il primo "re" che arriva alla traversa {{ goal_rank }} vince.

![La scacchiera stampata.](diagram:board)
"""


ITALIAN = {"cover.contents": "Sommario", "cover.edition": "Edizione da stampare e giocare"}
TYPOGRAPHY = ('quotes = ["«", "»", "“", "”"]', 'hyphenation = "it_IT"', 'short_words = ["e", "o", "a"]')


def italian_catalogue(missing: tuple[str, ...] = (), typography: tuple[str, ...] = TYPOGRAPHY,
                      extra: str = "") -> str:
    """A catalogue of every page word English has (a few in Italian), but ``missing``."""
    tables: dict[str, dict[str, str]] = {}
    for key, text in catalogue("en").items():
        if key not in missing:
            table, _, name = key.rpartition(".")
            tables.setdefault(table, {})[name] = ITALIAN.get(key, text)
    lines = ["[language]", 'name = "Italiano"', 'english = "Italian"', 'locale = "it_IT"', "",
             "[typography]", *typography, "", extra]
    for table, entries in tables.items():
        lines.append(f"[{table}]")
        lines += [f"{name} = {toml_text(text)}" for name, text in entries.items()]
        lines.append("")
    return "\n".join(lines)


def toml_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def italian_labels() -> str:
    """A [labels.it] table with every English label of Racing Kings."""
    english = layout_labels(load_layout("racing_kings"), "en")
    return "[labels.it]\n" + "".join(f"{key} = {toml_text(text)}\n" for key, text in english.items())


@pytest.fixture
def italian(tmp_path):
    """A layout extending Racing Kings, with an Italian catalogue and rule text beside it."""
    folder = tmp_path / "games"
    write(folder, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n' + italian_labels())
    write(folder, "mine.rules.it.md", RULES_IT)
    write(folder / "catalogues", "it.toml", italian_catalogue())
    return folder


def test_a_users_language_builds_with_its_own_words_and_typography(run_cli, italian, tmp_path):
    layout_file = italian / "mine.toml"
    assert run_cli("check", layout_file).exit_code == 0
    out = tmp_path / "out"
    result = run_cli("build", layout_file, "--lang", "it", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    rules = " ".join(page.extract_text() for page in PdfReader(out / "mine" / "rules.pdf").pages)
    assert "Il primo «re» che arriva alla traversa 8 vince." in " ".join(rules.split())
    cover = PdfReader(out / "mine" / "mine-print-and-play.pdf").pages[0].extract_text()
    assert "Sommario" in cover and "Edizione da stampare e giocare" in cover
    listing = run_cli("languages", layout_file).stdout
    line = next(line for line in listing.splitlines() if line.startswith("it "))
    assert "Italiano (Italian)" in line and str(italian / "catalogues" / "it.toml") in line
    assert line.rstrip().endswith("mine")
    assert not run_cli("languages").stdout.count("Italiano")  # beside that layout only


def test_every_typography_setting_of_a_users_catalogue_sets_the_text(italian):
    """Quotes, spaces before marks, hyphenation patterns and exceptions, words never split
    and one-letter words kept with the next: each is read from the catalogue, none from code."""
    settings = ('quotes = ["«", "»", "‹", "›"]', 'space_before = "!"', 'hyphenation = "it_IT"',
                'hyphenation_exceptions = ["traver-sa"]', 'never_split = ["Scacchiera"]',
                'short_words = ["e"]')
    write(italian / "catalogues", "it.toml", italian_catalogue(typography=settings))
    assert languages.of_files([italian / "mine.toml"])["it"].problems == ()
    assert smart_quotes("il \"re\" e la 'regina'", "it") == "il «re» e la ‹regina›"
    assert tie("Vai ! Ora: sì", "it") == f"Vai{NARROW_NO_BREAK_SPACE}! Ora: sì"
    assert tie("bianco e nero", "it") == f"bianco e{NO_BREAK_SPACE}nero"
    assert break_points("traversa", "it") == [6]  # the exception, not tra-ver-sa
    assert break_points("scacchiera", "it") == [] and break_points("scacchiera", "fr") != []
    assert break_points("arrivare", "it") == [2, 4] != break_points("arrivare", "en")  # ar-ri-vare


def test_check_names_every_word_a_users_language_still_lacks(run_cli, italian):
    text = italian_catalogue(missing=("cover.contents", "ruler.fit"),
                             extra='[covers]\ncontents = "Sommario"\n')
    write(italian / "catalogues", "it.toml", text)
    labels = (italian / "mine.toml").read_text(encoding="utf-8")
    write(italian, "mine.toml", labels.replace('goal = "GOAL"\n', ""))
    result = run_cli("check", italian / "mine.toml")
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    where = italian / "catalogues" / "it.toml"
    lines = text.splitlines()
    cover, ruler, covers = (lines.index(f"[{table}]") + 1 for table in ("cover", "ruler", "covers"))
    assert f"error: {where}:{cover}: cover.contents: missing Italiano word (English: 'Contents')" \
        in errors
    assert f"error: {where}:{ruler}: ruler.fit: missing Italiano word (English: " \
        "'Switch off “fit to page”.')" in errors
    assert f"error: {where}:{covers + 1}: covers.contents: no word of that name is printed; " \
        "did you mean 'cover.contents'?" in errors
    table = labels.splitlines().index("[labels.it]") + 1
    assert f"error: {italian / 'mine.toml'}:{table}: labels.it.goal: missing Italian translation " \
        "(English: 'GOAL')" in errors


@pytest.mark.parametrize("setting, message", [
    ('quotes = ["«", "»"]', "typography.quotes: must be four quotation marks"),
    ('qoutes = ["«", "»", "“", "”"]', "typography.qoutes: unknown key 'qoutes'; did you mean 'quotes'?"),
    ('hyphenation = "xx_XX"', "typography.hyphenation: pyphen has no hyphenation patterns 'xx_XX'"),
    ('space_before = ";:."', "typography.space_before: must be some of the marks ;:!?"),
    ('short_words = ["and"]', "typography.short_words: 'and' is not a one-letter word"),
])
def test_a_typography_setting_boardgen_cannot_use_is_named_with_its_line(run_cli, italian,
                                                                        setting, message):
    text = italian_catalogue(typography=(setting,))
    write(italian / "catalogues", "it.toml", text)
    result = run_cli("check", italian / "mine.toml")
    assert result.exit_code == 2
    line = text.splitlines().index(setting) + 1
    assert f"{italian / 'catalogues' / 'it.toml'}:{line}: {message}" in result.stderr


def test_a_catalogue_for_a_language_boardgen_ships_is_refused(run_cli, italian):
    write(italian / "catalogues", "fr.toml", '[language]\nname = "Français"\n')
    result = run_cli("check", italian / "mine.toml")
    assert result.exit_code == 2 and "boardgen ships French (fr)" in result.stderr
    assert "[labels.fr]" in result.stderr


def test_a_file_that_names_no_language_is_refused(run_cli, italian):
    write(italian / "catalogues", "Notes.toml", "")
    result = run_cli("check", italian / "mine.toml")
    assert result.exit_code == 2 and "'Notes' is not a language code" in result.stderr


def test_check_covers_a_users_language_and_a_race_in_it_needs_a_rule_text_of_its_own(
        run_cli, italian, tmp_path):
    """A race states its rules in boardgen's languages by itself; in a user's language it
    needs a text beside the layout rather than printing a kit without rules."""
    path = italian / "corsa.toml"
    assert run_cli("new", "race", path).exit_code == 0
    checked = run_cli("check", path)
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.splitlines()[1].endswith("; de, en, fr, it and pl")
    result = run_cli("build", path, "--lang", "it", "--out", tmp_path / "out")
    assert result.exit_code == 2 and not (tmp_path / "out" / "corsa").exists()
    assert ("no Italian rule text for 'corsa'; the race kind's own is written in: de (German), "
            "en (English), fr (French), pl (Polish); write corsa.rules.it.md beside the "
            "layout") in " ".join(result.stderr.split())
    write(italian, "corsa.rules.it.md", "# Corsa\n\nVince chi arriva per primo alla casella "
          "{{ last }}.\n")
    built = run_cli("build", path, "--lang", "it", "--format", "pdf", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    rules = PdfReader(tmp_path / "out" / "corsa" / "rules.pdf").pages[0].extract_text()
    assert "Vince chi arriva per primo alla casella" in " ".join(rules.split())


def test_labels_in_a_language_no_catalogue_gives_say_where_one_goes(run_cli, tmp_path):
    path = write(tmp_path, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n'
                 '[labels.it]\ngoal = "TRAGUARDO"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "labels.it: unknown language; expected one of de, en, fr, pl, or a catalogue " \
        "catalogues/it.toml beside the layout" in result.stderr


# ---- French typography ---------------------------------------------------------------------

def french_texts() -> list[tuple[str, str]]:
    """(where, text) of every French page word: the catalogue and every layout's labels."""
    found = [(f"catalogues/fr.toml {key}", text) for key, text in catalogue("fr").items()]
    for game in shipped_games():
        with (layouts_dir() / f"{game}.toml").open("rb") as handle:
            labels = tomllib.load(handle).get("labels", {}).get("fr", {})
        found += [(f"{game}.toml labels.fr.{key}", text) for key, text in flatten(labels).items()]
    return found


def test_french_page_words_set_narrow_no_break_spaces_before_marks_and_inside_guillemets():
    wrong = []
    for where, text in french_texts():
        bare = re.sub(r"\{\w+\}", "x", text)
        if re.search(r"[ \u00a0][;:!?]|[^\s\u202f][;:!?](?=\s|$)", bare):
            wrong.append(f"{where}: {text!r}")
        if re.search(r"«(?!\u202f)|(?<!\u202f)»|\"", bare):
            wrong.append(f"{where}: {text!r}")
    assert wrong == []


def test_french_ties_numbers_ordinals_and_one_letter_words():
    assert tie("le 2e sprint et le 1er coureur", "fr") == \
        f"le{NO_BREAK_SPACE}2e{NO_BREAK_SPACE}sprint et le{NO_BREAK_SPACE}1er{NO_BREAK_SPACE}coureur"
    assert tie("80 cases, case 65 à gauche", "fr") == \
        f"80{NO_BREAK_SPACE}cases, case{NO_BREAK_SPACE}65{NO_BREAK_SPACE}à{NO_BREAK_SPACE}gauche"
    narrow = NARROW_NO_BREAK_SPACE
    assert tie("Attention : le Roi ! Vraiment ?! Oui; non", "fr") == \
        f"Attention{narrow}: le Roi{narrow}! Vraiment{narrow}?! Oui{narrow}; non"
    assert tie("à 12:30, voir https://x.org", "fr") == f"à{NO_BREAK_SPACE}12:30, voir https://x.org"
    assert tie("Attention : oui", "en") == "Attention : oui"  # only French spaces its marks
    assert smart_quotes('le "mot"', "fr") == f"le «{narrow}mot{narrow}»"


def test_french_quotes_keep_every_letter_of_the_paragraph_around_them():
    """« and its narrow no-break space are two characters for one quote: the runs of a
    paragraph (text, **bold**, `code`) are cut where they were, not shifted by one a quote."""
    from boardgen.rules.document import markdown

    narrow = NARROW_NO_BREAK_SPACE
    tokens = markdown("fr").parse('Le "mot" et **gras** puis "deux" mots `code` nommées.')
    runs = [child.content for token in tokens if token.type == "inline"
            for child in token.children if child.type in ("text", "code_inline")]
    assert "".join(runs) == f"Le «{narrow}mot{narrow}» et gras puis «{narrow}deux{narrow}» " \
        "mots code nommées."
    assert runs[-1] == " nommées."

def test_french_hyphenates_the_word_after_an_elision_and_never_splits_names():
    assert break_points("l’adversaire", "fr") == [4, 7]  # l’ad-ver-saire
    assert break_points("d’échiquier", "fr") == [6]
    assert break_points("l’adversaire", "en") == []
    assert break_points("Ravensburger", "fr") == [] and break_points("Wikipédia", "fr") == []
    # a one-letter word is tied to the next, which still breaks: "à l’hôtelle-rie"
    assert break_points(f"à{NO_BREAK_SPACE}l’hôtellerie", "fr") == [6, 9, 11]
    assert break_points(f"case{NO_BREAK_SPACE}65", "fr") == []  # nor does a number's tie


def test_every_face_prints_the_narrow_no_break_space_a_sixth_of_an_em_wide():
    from fontTools.ttLib import TTFont

    for face in fonts.FILES:
        assert 0x202F in TTFont(fonts.embedding_path(face)).getBestCmap(), face
        assert fonts.unit_width(NARROW_NO_BREAK_SPACE, face) == pytest.approx(1 / 6, abs=0.001)


@pytest.mark.parametrize("game", GAMES)
def test_french_rule_sheets_read_back_with_french_punctuation(game):
    book = rule_book(load_layout(game), "fr")
    text = "\n".join(page.extract_text() for page in
                     PdfReader(io.BytesIO(renderer("pdf")(Document(book.sheet())))).pages)
    assert NARROW_NO_BREAK_SPACE in text
    assert not re.search(r"\w [;:!?](?=\s)", text), "a plain space before a mark French spaces"
    assert not re.search(r"\w[;:!?](?=\s)", text.replace("https:", "")), "no space before a mark"
    assert not re.search(r"[\"“”](?=\w)", text) and "«" not in text.replace("«\u202f", "")
    words = words_for(load_layout(game), "fr")
    assert words("title") in text


# ---- the preview -----------------------------------------------------------------------------

def test_the_preview_page_speaks_the_kits_language():
    """Its status line, its headings and its problem list in the language of --lang."""
    import html

    from boardgen.preview import Preview, Snapshot, page

    shown = Preview("game_of_the_goose", "fr")
    shown.redraw()
    words = words_for(load_layout("game_of_the_goose"), "fr")
    text = html.unescape(page(shown.current))
    assert '<html lang="fr">' in text and "<title>Le jeu de l’oie" in text
    assert words("preview.checked") in text and words("preview.drawn") in text
    assert "<h2>Plateau</h2>" in text and f"<h2>Le jeu de l’oie{NARROW_NO_BREAK_SPACE}: pions</h2>" \
        in text
    refused = html.unescape(page(Snapshot(2, "Le jeu de l’oie", "fr", problems=("…",))))
    assert f"Ce jeu ne peut pas encore être imprimé{NARROW_NO_BREAK_SPACE}:" in refused


def test_card_texts_may_be_given_in_a_users_language(run_cli, italian, tmp_path):
    """A deck's table of texts by language takes a language of the user's own by its code."""
    path = italian / "corsa.toml"
    assert run_cli("new", "race", path).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8") + (
        '\n[components.chance]\ntype = "deck"\n[components.chance.piles.red]\n'
        '[components.chance.cards.go]\ncount = 2\npile = "red"\ntitle = { en = "Go on", '
        'de = "Weiter", fr = "Avancez", pl = "Naprzód", it = "Avanti" }\n'), encoding="utf-8")
    checked = run_cli("check", path)
    assert checked.exit_code == 0, checked.output
    write(italian, "corsa.rules.it.md", "# Corsa\n\nVince chi arriva per primo.\n")
    out = tmp_path / "out"
    built = run_cli("build", path, "--lang", "it", "--format", "svg", "--out", out)
    assert built.exit_code == 0, built.output
    faces = " ".join(p.read_text(encoding="utf-8") for p in (out / "corsa").glob("chance*.svg"))
    assert "Avanti" in faces and "Go on" not in faces


def test_check_names_a_components_text_a_users_language_lacks(run_cli, italian):
    """A text a component gives by language (a score sheet's title) needs the user's
    language too, as labels do: check names it rather than the kit printing English."""
    path = italian / "punti.toml"
    assert run_cli("new", "race", path).exit_code == 0
    sheet = ('\n[components.scores]\ntype = "score_sheet"\n[components.scores.columns.total]\n'
             'title = "Total"\n[components.scores.title]\nen = "Scores"\nde = "Punkte"\n'
             'fr = "Points"\npl = "Punkty"\n')
    path.write_text(path.read_text(encoding="utf-8") + sheet, encoding="utf-8")
    checked = run_cli("check", path)
    assert checked.exit_code == 2
    assert "components.scores.title.it: missing Italian text (English: 'Scores')" in \
        checked.stderr
    path.write_text(path.read_text(encoding="utf-8") + 'it = "Punti"\n', encoding="utf-8")
    assert run_cli("check", path).exit_code == 0
