"""What boardgen keeps between runs gives the same results as what it makes afresh."""

from __future__ import annotations

import marshal

import pytest

from boardgen import cache, fonts
from boardgen.errors import InputError
from boardgen.rules import template
from boardgen.i18n import LANGUAGES
from boardgen.rules.typography import Patterns, dictionary_path, typography


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache folder of this test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("BOARDGEN_CACHE", str(folder))
    return folder


def kept_files(folder, pattern="*"):
    return sorted(path for path in folder.rglob(pattern) if path.is_file())


def test_stored_data_is_made_once_and_then_read(own_cache):
    made = []

    def make():
        made.append(1)
        return {"a": [1, 2.5, (3, b"x")], "b": None}

    first = cache.stored("probe/data", make)
    second = cache.stored("probe/data", make)
    assert first == second == {"a": [1, 2.5, (3, b"x")], "b": None}
    assert len(made) == 1 and len(kept_files(own_cache)) == 1


def test_a_damaged_file_is_made_again_and_replaced(own_cache):
    cache.stored("probe/data", lambda: list(range(1000)))
    (kept,) = kept_files(own_cache)
    kept.write_bytes(kept.read_bytes()[:50])  # cut short, as by a full disk
    assert cache.stored("probe/data", lambda: list(range(1000))) == list(range(1000))
    assert marshal.loads(kept.read_bytes()) == list(range(1000))


def test_without_a_writable_cache_the_data_is_made_each_time(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BOARDGEN_CACHE", str(blocked / "cache"))
    made = []
    for _ in range(2):
        assert cache.stored("probe/data", lambda: made.append(1) or 42) == 42
    assert len(made) == 2


@pytest.mark.parametrize("face", sorted(fonts.FILES))
def test_a_kept_font_face_is_the_face_reportlab_reads(own_cache, face):
    from reportlab.pdfbase import ttfonts

    path = fonts.embedding_path(face)
    fresh = ttfonts.TTFontFace(str(path))
    fonts.read_face(path)  # made and kept
    kept = fonts.read_face(path)  # read back
    assert kept_files(own_cache, "*.py3*")
    assert vars(kept).keys() == vars(fresh).keys()
    for key, value in vars(fresh).items():
        if key == "_pdfScale":
            assert [kept._pdfScale(x) for x in (-250, 0, 733)] == [value(x) for x in (-250, 0, 733)]
        else:
            assert getattr(kept, key) == value and type(getattr(kept, key)) is type(value), key
    assert kept.makeSubset([0x41, 0x42, 0xE4]) == fresh.makeSubset([0x41, 0x42, 0xE4])


def test_a_font_of_a_face_already_read_is_the_font_reportlab_makes(own_cache):
    from reportlab.pdfbase import ttfonts

    path = fonts.embedding_path("bold")
    theirs = ttfonts.TTFont("Probe-Bold", str(path))
    ours = fonts._tagged_font_class()("Probe-Bold", fonts.read_face(path))
    assert vars(ours).keys() == vars(theirs).keys()
    for key in vars(theirs).keys() - {"face", "state", "encoding"}:
        assert getattr(ours, key) == getattr(theirs, key), key
    assert type(ours.encoding) is type(theirs.encoding) and not ours.state
    text = "Zażółć gęślą jaźń – Größe 10 × 10"
    assert ours.stringWidth(text, 12) == theirs.stringWidth(text, 12)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_kept_hyphenation_patterns_are_the_patterns_read(own_cache, lang):
    path = dictionary_path(typography(lang).hyphenation)
    Patterns.read(path)
    kept = Patterns.read(path)
    assert kept_files(own_cache, "hyph_*")
    assert kept.raw == Patterns.patterns_of(path)


def render(text: str, source: str = "rules.md", **context) -> str:
    return template.render_rule_text(text, source, context, 100_000)


def test_a_kept_template_renders_as_a_freshly_compiled_one(own_cache):
    text = "{% for n in range(count) %}{{ n * 2 }} {% endfor %}\n{{ name | upper }}\n"
    assert render(text, count=3, name="ab") == "0 2 4 \nAB\n"
    assert len(kept_files(own_cache, "*.jinja")) == 1
    assert render(text, count=4, name="cd") == "0 2 4 6 \nCD\n"  # from the kept code
    assert render(text.replace("upper", "lower"), count=1, name="EF") == "0 \nef\n"  # edited


def test_a_kept_template_keeps_its_limits_and_its_lines(own_cache):
    text = "line one\n{% for n in range(count) %}x{% endfor %}\n{{ missing }}\n"
    for _ in range(2):  # compiled, then read back from the cache
        with pytest.raises(InputError) as error:
            render(text, count=1)
        assert error.value.line == 3 and "missing" in error.value.message
    looping = "{% for a in range(1000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}"
    for _ in range(2):
        with pytest.raises(InputError, match="steps"):
            render(looping)


def test_a_damaged_template_file_is_compiled_again(own_cache):
    text = "{{ 6 * 7 }}\n"
    assert render(text) == "42\n"
    (kept,) = kept_files(own_cache, "*.jinja")
    for damage in (b"", b"\x00garbage", kept.read_bytes()[:-5]):
        kept.write_bytes(damage)
        assert render(text) == "42\n"
    assert render(text) == "42\n" and kept.stat().st_size > 20


def test_a_kept_woff_subset_is_the_subset_cut_afresh_and_is_not_cut_again(own_cache, monkeypatch):
    fonts.subset_woff.cache_clear()
    text = "Zażółć gęślą jaźń 0123"
    first = fonts.subset_woff("bold", text)
    assert first == fonts._cut_woff("bold", text) and first[:4] == b"wOFF"
    assert len(kept_files(own_cache / "woff")) == 1
    fonts.subset_woff.cache_clear()
    monkeypatch.setattr(fonts, "_cut_woff", lambda *args: pytest.fail("cut again"))
    assert fonts.subset_woff("bold", text) == first
