"""A layout made in fewer languages than boardgen ships (``languages = ["en"]``): check asks
for its words in those alone, a build is made in the first of them unless told, and a build
in another is refused before anything is written."""

from __future__ import annotations

from boardgen.layout import load_layout

KART = '''game = "race"
name = "kart"
title = "Kart"
{languages}

[board]
shape = "serpentine"
columns = 6
rows = 4

[kinds.boost]
effect = "again"
fill = "#cfe8ff"

[spaces]
7 = "boost"
15 = "boost"

[components.cars]
type = "tokens"
shape = "disc"
size_mm = 16

{labels}
'''
ENGLISH = '[labels.en]\nkinds.boost.name = "Boost"\n'
POLISH = '[labels.pl]\nkinds.boost.name = "Dopalacz"\n'


def kart(tmp_path, languages: str, labels: str = ENGLISH):
    path = tmp_path / "kart.toml"
    path.write_text(KART.format(languages=languages, labels=labels), encoding="utf-8")
    return path


def test_without_languages_every_shipped_language_needs_the_words(run_cli, tmp_path):
    result = run_cli("check", kart(tmp_path, ""))
    assert result.exit_code == 2
    assert {"labels.de.kinds.boost.name", "labels.fr.kinds.boost.name",
            "labels.pl.kinds.boost.name"} <= set(result.stderr.replace(":", " ").split())


def test_an_english_game_checks_and_builds_in_english_alone(run_cli, tmp_path):
    path = kart(tmp_path, 'languages = ["en"]')
    result = run_cli("check", path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.rstrip().endswith("; en")
    assert run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / "kart" / "rules.pdf").is_file()


def test_a_build_in_a_language_the_layout_is_not_made_in_is_refused(run_cli, tmp_path):
    path = kart(tmp_path, 'languages = ["en"]')
    result = run_cli("build", path, "--lang", "de", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "made in English alone" in result.stderr and 'add "de" to its languages' in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_polish_game_is_built_in_polish_unless_told(run_cli, tmp_path):
    from pypdf import PdfReader

    path = kart(tmp_path, 'languages = ["pl"]', ENGLISH + POLISH)
    assert run_cli("check", path).exit_code == 0
    assert run_cli("build", path, "--format", "pdf", "--out", tmp_path / "out").exit_code == 0
    text = PdfReader(str(tmp_path / "out" / "kart" / "rules.pdf")).pages[0].extract_text()
    assert "Przygotowanie" in text and "Dopalacz" in text
    assert load_layout(str(path)).languages == ("pl",)


def test_a_table_of_another_language_is_still_checked_as_written(run_cli, tmp_path):
    path = kart(tmp_path, 'languages = ["en"]',
                ENGLISH + '[labels.de]\nkinds.boost.name = "Turbo {speed}"\n')
    result = run_cli("check", path)
    assert result.exit_code == 2
    assert "labels.de.kinds.boost.name" in result.stderr and "{speed}" in result.stderr


def test_languages_named_wrongly_get_one_message_each(run_cli, tmp_path):
    for value, expected in (('["xx"]', "unknown language 'xx'"),
                            ('["EN"]', "'EN' is not a language code"),
                            ('["en", "en"]', "each language is named once"),
                            ('[]', "at least 1 item")):
        result = run_cli("check", kart(tmp_path, f"languages = {value}"))
        assert result.exit_code == 2, value
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "kart.toml:4: languages" in lines[0], (value, lines)
        assert expected in lines[0]


def test_a_kind_without_a_name_is_named_at_its_table(run_cli, tmp_path):
    for languages, lang, language in (("", "en", "English"), ('languages = ["pl"]', "pl",
                                                                "Polish")):
        path = kart(tmp_path, languages, labels="")
        result = run_cli("check", path)
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        line = path.read_text(encoding="utf-8").splitlines().index("[kinds.boost]") + 1
        assert lines == [f"error: {path}:{line}: kinds.boost: the kind 'boost' "
                         f"has no name in {language}: give it as [labels.{lang}] "
                         'kinds.boost.name = "...", and in each language the kit is made in']


def test_the_refusal_lists_the_layouts_languages_as_a_sentence_does():
    from boardgen.languages import unknown

    class Made:
        languages = ("en", "de", "pl")

    message = unknown("fr", {}, Made()).message
    assert "made in English, German and Polish alone" in message
