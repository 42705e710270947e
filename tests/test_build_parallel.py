"""Several games build in parallel processes, with the bytes of a serial build; shared work is
done once."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgen import build as build_module
from boardgen.build import BuildOptions, build_many
from boardgen.errors import InputError
from boardgen.layout import load_layout
from boardgen.rules import rule_book

FAST = BuildOptions(formats=("pdf", "svg"))
GAMES = ["racing_kings", "steeple_chess"]


def files_in(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _render_reporting_pid(target, *args, **kwargs):
    rendered = _real_render_target(target, *args, **kwargs)
    rendered.notes.append(f"rendered by {os.getpid()}")
    return rendered


_real_render_target = build_module.render_target


def test_a_parallel_build_writes_the_bytes_of_a_serial_build_in_other_processes(tmp_path,
                                                                                monkeypatch):
    serial = list(build_many(GAMES, tmp_path / "serial", FAST, workers=1))
    monkeypatch.setattr(build_module, "render_target", _render_reporting_pid)
    notes: list[str] = []
    parallel = list(build_many(GAMES, tmp_path / "parallel", FAST, notes=notes, workers=2))
    assert [target for target, _ in parallel] == [target for target, _ in serial] == GAMES
    assert files_in(tmp_path / "parallel") == files_in(tmp_path / "serial")
    assert len(files_in(tmp_path / "serial")) > 20
    workers = {note for note in notes if note.startswith("rendered by")}
    assert f"rendered by {os.getpid()}" not in workers and workers


def test_every_targets_problems_come_together_and_nothing_is_written(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "racing_kings"\nname = "bad"\n[board]\nsquare_mm = -5\n',
                   encoding="utf-8")
    with pytest.raises(InputError) as caught:
        list(build_many(["racing_kings", str(bad), "nonexistent_game"], tmp_path / "out", FAST,
                        workers=2))
    lines = str(caught.value).splitlines()
    assert any("square_mm" in line for line in lines)
    assert any("nonexistent_game" in line for line in lines)
    assert not (tmp_path / "out" / "racing_kings").exists()


def test_two_targets_for_one_folder_are_refused_before_anything_is_written(tmp_path):
    for stem in ("one", "two"):
        (tmp_path / f"{stem}.toml").write_text('extends = "racing_kings"\nname = "Same"\n',
                                               encoding="utf-8")
    with pytest.raises(InputError, match="both would be built into Same"):
        list(build_many([str(tmp_path / "one.toml"), str(tmp_path / "two.toml")],
                        tmp_path / "out", FAST, workers=2))
    assert not (tmp_path / "out" / "Same").exists()


def test_a_rule_book_is_read_once_per_layout_and_again_when_its_text_changes(tmp_path):
    (tmp_path / "mine.toml").write_text('extends = "racing_kings"\nname = "mine"\n',
                                        encoding="utf-8")
    text = tmp_path / "mine.rules.en.md"
    text.write_text("# Mine\n\nRace your king home.\n", encoding="utf-8")
    layout = load_layout(str(tmp_path / "mine.toml"))
    first = rule_book(layout, "en")
    assert rule_book(layout, "en") is first
    assert rule_book(load_layout(str(tmp_path / "mine.toml")), "en") is not first
    text.write_text("# Mine\n\nRace your king to the last rank.\n", encoding="utf-8")
    changed = rule_book(layout, "en")
    assert changed is not first
    assert "last rank" in str(changed.text.blocks)


def test_a_build_typesets_its_rules_once_per_page_size(monkeypatch):
    """The rule sheet's pages go into rules.pdf and the bundle alike; the booklet has its own
    half-size pages."""
    import boardgen.rules.typeset as typesetting
    from boardgen.build import compose_target, product_files

    sizes = []
    real = typesetting.draw_pages  # the costly part: pages are numbered per file after it

    def counting(text, scenes, style, *args, **kwargs):
        sizes.append((round(style.width), round(style.height)))
        return real(text, scenes, style, *args, **kwargs)

    monkeypatch.setattr(typesetting, "draw_pages", counting)
    layout, output = compose_target("racing_kings")
    files = product_files(layout, output, BuildOptions(formats=("pdf",)), "racing_kings")
    assert {"rules.pdf", "rules-booklet.pdf", "racing_kings-print-and-play.pdf"} <= set(files)
    assert sorted(sizes) == [(148, 210), (210, 297)]


@given(sizes=st.lists(st.tuples(st.floats(1, 1200), st.floats(1, 1200)), max_size=40),
       parts=st.integers(1, 6))
def test_pictures_split_into_parts_of_about_equal_work(sizes, parts):
    from boardgen.build import picture_parts
    from boardgen.scene import Scene

    scenes = {f"p{index}": Scene(w, h, ()) for index, (w, h) in enumerate(sizes)}
    split = picture_parts(scenes, parts)
    assert len(split) <= parts and all(split)
    assert sorted(stem for part in split for stem in part) == sorted(scenes)
    assert all(part[stem] is scenes[stem] for part in split for stem in part)
    if split:  # no part exceeds an equal share by more than the largest picture
        work = [sum(s.width * s.height + 63 * 88 for s in part.values()) for part in split]
        largest = max(s.width * s.height + 63 * 88 for s in scenes.values())
        assert max(work) <= sum(work) / parts + largest + 1e-6


_real_picture_set = build_module.picture_set
_DRAWN_LOG: list = []  # the log file, set before the workers fork


def _picture_set_logging(scenes, options):
    with open(_DRAWN_LOG[0], "a", encoding="utf-8") as log:
        log.write("".join(f"{stem}\n" for stem in scenes))
    return _real_picture_set(scenes, options)


def test_a_picture_two_games_share_is_drawn_once_and_written_for_both(tmp_path, monkeypatch):
    games = ["six_day_race", "six_day_race_advanced"]
    options = BuildOptions(formats=("svg",))
    list(build_many(games, tmp_path / "serial", options, workers=1))
    _DRAWN_LOG[:] = [tmp_path / "drawn.log"]
    monkeypatch.setattr(build_module, "picture_set", _picture_set_logging)
    parallel = list(build_many(games, tmp_path / "parallel", options, workers=2))
    assert files_in(tmp_path / "parallel") == files_in(tmp_path / "serial")
    drawn = (tmp_path / "drawn.log").read_text(encoding="utf-8").splitlines()
    written = [path.stem for _, paths in parallel for path in paths if path.suffix == ".svg"]
    assert drawn.count("board") == 2  # the boards differ
    assert drawn.count("cards-green-1") == 1  # the cards are the same artwork
    assert len(drawn) < len(written)


_real_draw_pngs = build_module.draw_pngs


def _draw_pngs_logging(jobs):
    with open(_DRAWN_LOG[0], "a", encoding="utf-8") as log:
        log.write("".join(f"{key.hex()}-{dpi}\n" for key, dpi in jobs))
    return _real_draw_pngs(jobs)


def test_an_export_picture_two_games_share_is_drawn_once_and_written_for_both(tmp_path,
                                                                              monkeypatch):
    from boardgen.build import artwork_key, compose_target
    from boardgen.export import export_pictures

    games = ["six_day_race", "six_day_race_advanced"]
    options = BuildOptions(formats=("tts",))
    list(build_many(games, tmp_path / "serial", options, workers=1))
    _DRAWN_LOG[:] = [tmp_path / "drawn.log"]
    monkeypatch.setattr(build_module, "draw_pngs", _draw_pngs_logging)
    list(build_many(games, tmp_path / "parallel", options, workers=2))
    serial, parallel = files_in(tmp_path / "serial"), files_in(tmp_path / "parallel")
    assert serial.keys() == parallel.keys()
    for name, data in parallel.items():  # a save names its images by their absolute path
        assert data.replace(b"/parallel/", b"/serial/") == serial[name], name
    drawn = (tmp_path / "drawn.log").read_text(encoding="utf-8").splitlines()
    wanted = [{f"{artwork_key(scene).hex()}-{dpi}"
               for scene, dpi in export_pictures(compose_target(game)[1], options.formats)}
              for game in games]
    assert sorted(drawn) == sorted(wanted[0] | wanted[1])  # each once
    assert len(wanted[0] & wanted[1]) > 20  # the cards are the same artwork
