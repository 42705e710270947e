"""``boardgen preview``: served on 127.0.0.1, redrawn on every edit of the files a layout uses."""

from __future__ import annotations

import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from boardgen.preview import HOST, Preview, Snapshot, Watched, page
from tests.conftest import LAYOUTS
from tests.preview_support import Served, fetch

BOARD_COLOUR = "#123456"


def starter(tmp_path: Path, name: str = "mine", extends: str = "racing_kings",
            extra: str = "") -> Path:
    """A small layout of one's own, as a user would start one."""
    path = tmp_path / f"{name}.toml"
    path.write_text(f'extends = "{extends}"\nname = "{name}"\ntitle = "Mine"\n{extra}', "utf-8")
    return path


def set_dark(path: Path, colour: str) -> None:
    """Edit a layout's dark square colour in place, as an editor saves it."""
    text = path.read_text("utf-8").split("\n[colors]")[0]
    path.write_text(f'{text}\n[colors]\ndark = "{colour}"\n', "utf-8")


def test_an_edit_shows_on_the_page(tmp_path):
    """The board is drawn again from the edited layout (within the wait's bound; how soon is
    measured by bench/bench_preview.py, not here, where a loaded machine would fail it)."""
    layout = starter(tmp_path)
    with Served(str(layout), cwd=tmp_path) as served:
        status, board = served.get("board.svg")
        assert status == 200 and board.startswith(b"<?xml") and b"<svg" in board
        assert BOARD_COLOUR.encode() not in board
        version = served.version()
        set_dark(layout, BOARD_COLOUR)
        served.wait_for_version_after(version)
        status, board = served.get("board.svg")
        assert status == 200 and BOARD_COLOUR.encode() in board


def test_the_page_shows_every_picture_a_build_makes(tmp_path):
    from boardgen.contract import compose
    from boardgen.layout import load_layout

    layout = load_layout("steeple_chess")
    stems = compose(layout, "de").pictures()
    with Served("steeple_chess", "--lang", "de", cwd=tmp_path) as served:
        status, body = served.get("")
        text = body.decode()
        assert status == 200 and '<html lang="de">' in text and "Schachjagd" in text
        for stem in stems:
            tag = re.search(rf'src="/{re.escape(stem)}\.svg\?h=([0-9a-f]+)"', text).group(1)
            status, svg = served.get(f"{stem}.svg")
            assert status == 200 and b"<svg" in svg, stem
            assert hashlib.sha256(svg).hexdigest().startswith(tag)
        assert served.get("nothing.svg")[0] == 404
        assert served.get("../pyproject.toml")[0] == 404


def picture_tags(served: Served) -> dict[str, str]:
    """File stem → digest of every picture the page shows."""
    return dict(re.findall(r'src="/([\w-]+)\.svg\?h=([0-9a-f]+)"', served.get("")[1].decode()))


def test_only_changed_pictures_get_a_new_address(tmp_path):
    layout = starter(tmp_path)
    with Served(str(layout), cwd=tmp_path) as served:
        before = picture_tags(served)
        version = served.version()
        set_dark(layout, BOARD_COLOUR)
        served.wait_for_version_after(version)
        after = picture_tags(served)
    assert before.keys() == after.keys() and "board" in before
    assert before["board"] != after["board"]
    assert [stem for stem in before if before[stem] != after[stem]] == ["board"]
    with Served(str(layout), cwd=tmp_path) as served:
        cached = urllib.request.urlopen(f"{served.url}board.svg?h={after['board']}", timeout=10)
        fresh = urllib.request.urlopen(f"{served.url}board.svg?h={before['board']}", timeout=10)
        assert "immutable" in cached.headers["Cache-Control"]
        assert fresh.headers["Cache-Control"] == "no-store"


def test_problems_replace_the_pictures_and_it_keeps_serving(tmp_path):
    layout = starter(tmp_path)
    with Served(str(layout), cwd=tmp_path) as served:
        version = served.version()
        layout.write_text(layout.read_text("utf-8") + "[board]\nsquare_mm = -4\n", "utf-8")
        served.wait_for_version_after(version)
        status, body = served.get("")
        text = body.decode()
        assert status == 200 and 'class="problems"' in text and "<img" not in text
        assert "square_mm" in text and "mine.toml" in text
        status, message = served.get("board.svg")
        assert status == 503 and b"square_mm" in message
        version = served.version()
        layout.write_text(layout.read_text("utf-8").replace("-4", "40"), "utf-8")
        served.wait_for_version_after(version)
        assert served.get("board.svg")[0] == 200
        assert "<img" in served.get("")[1].decode()


def test_an_editor_saving_by_renaming_a_new_file_is_seen(tmp_path):
    layout = starter(tmp_path)
    with Served(str(layout), cwd=tmp_path) as served:
        version = served.version()
        swap = tmp_path / ".mine.toml.swp"
        swap.write_text(layout.read_text("utf-8") + f'[colors]\ndark = "{BOARD_COLOUR}"\n', "utf-8")
        os.replace(swap, layout)
        served.wait_for_version_after(version)
        assert BOARD_COLOUR.encode() in served.get("board.svg")[1]


def test_a_broken_file_at_the_start_is_shown_not_fatal(tmp_path):
    layout = tmp_path / "broken.toml"
    layout.write_text('extends = "racing_kings"\nname = [\n', "utf-8")
    with Served(str(layout), cwd=tmp_path) as served:
        text = served.get("")[1].decode()
        assert "malformed TOML" in text and "broken.toml" in text


def test_files_it_extends_rule_texts_and_setups_are_watched(tmp_path):
    base = starter(tmp_path, "base")
    layout = starter(tmp_path, "child", extends="base.toml")
    with Served(str(layout), cwd=tmp_path) as served:
        version = served.version()
        set_dark(base, BOARD_COLOUR)  # the file extended, not the one previewed
        served.wait_for_version_after(version)
        assert BOARD_COLOUR.encode() in served.get("board.svg")[1]
        version = served.version()
        rules = tmp_path / "child.rules.en.md"
        rules.write_text((LAYOUTS / "racing_kings.rules.en.md").read_text("utf-8")
                         + "\n{{ no_such_value }}\n", "utf-8")
        served.wait_for_version_after(version)
        text = served.get("")[1].decode()
        assert "child.rules.en.md" in text and "no_such_value" in text


def test_a_setup_file_is_watched(tmp_path, run_cli):
    setup = tmp_path / "setup.toml"
    assert run_cli("setup", "river_race", "--seed", "1", "--out", setup).exit_code == 0
    with Served("river_race", "--setup", str(setup), cwd=tmp_path) as served:
        before = served.get("board.svg")[1]
        version = served.version()
        assert run_cli("setup", "river_race", "--seed", "2", "--out", setup).exit_code == 0
        served.wait_for_version_after(version)
        after = served.get("board.svg")[1]
        assert after != before and b"<svg" in after


def test_only_requests_addressed_to_this_machine_are_answered(tmp_path):
    with Served("racing_kings", cwd=tmp_path) as served:
        assert fetch(served.url + "board.svg", host=f"localhost:{served.port}")[0] == 200
        status, body = fetch(served.url + "board.svg", host=f"attacker.example:{served.port}")
        assert status == 421 and b"<svg" not in body
        assert fetch(served.url + "version", host="0.0.0.0")[0] == 421


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_terminate_stops_it_cleanly(tmp_path, stop_signal):
    served = Served("racing_kings", cwd=tmp_path)
    with served:
        pass  # the server answered
    assert served.process.returncode == 0  # __exit__ sent SIGTERM
    with Served("racing_kings", cwd=tmp_path) as served:
        code = served.stop(stop_signal)
    assert code == 0


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-c", "from boardgen.cli import main; main()", "preview",
             "racing_kings", "--port", str(port)],
            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(port) in lines[0] and "--port" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args, words", [
    (["no_such_game"], "unknown game"),
    (["missing.toml"], "no such layout file"),
    (["racing_kings", "--lang", "xx"], "xx"),
    (["racing_kings", "--port", "70000"], "--port"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, run_cli, args, words):
    result = run_cli("preview", *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr


def test_the_server_listens_on_loopback_only():
    from boardgen.preview import PreviewServer

    server = PreviewServer(Preview("racing_kings"), 0)
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert server.url == f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.server_close()


def test_the_page_escapes_what_a_layout_says():
    snapshot = Snapshot(3, "<script>alert(1)</script> {{body}}", "en",
                        problems=("x.toml: title: <b>bad</b>",))
    text = page(snapshot)
    assert "<script>alert(1)" not in text and "&lt;script&gt;" in text
    assert "{{body}}" in text and "&lt;b&gt;bad&lt;/b&gt;" in text
    assert 'data-version="3"' in text


def test_what_is_watched(tmp_path):
    base = starter(tmp_path, "base")
    layout = starter(tmp_path, "child", extends="base.toml")
    setup = tmp_path / "setups" / "one.toml"
    setup.parent.mkdir()
    setup.write_text("", "utf-8")
    watched = Watched(str(layout), setup)
    for name in ("child.toml", "base.toml", "child.rules.de.md", "base.rules.en.md",
                 "setups/one.toml"):
        assert watched.matters(tmp_path / name), name
    for name in ("other.toml", "child.toml~", "child.rules.en.md.swp", "setups/two.toml"):
        assert not watched.matters(tmp_path / name), name
    assert watched.folders() == {tmp_path.resolve(), setup.parent.resolve(), LAYOUTS.resolve()}
    assert watched.matters(LAYOUTS / "racing_kings.rules.pl.md")
    base.write_text("name = [", "utf-8")  # while a file does not parse, the last chain stays
    watched.refresh()
    assert watched.matters(tmp_path / "base.toml")


def test_a_redraw_renders_only_changed_scenes_and_matches_a_fresh_one(tmp_path):
    from boardgen.preview import draw

    layout = starter(tmp_path)
    first = draw(str(layout), "en", None, 1)
    set_dark(layout, BOARD_COLOUR)
    again = draw(str(layout), "en", None, 2, previous=first)
    fresh = draw(str(layout), "en", None, 2)
    assert again.pictures == fresh.pictures and again.tags == fresh.tags
    assert again.pictures["board"] != first.pictures["board"]
    assert all(again.pictures[stem] is first.pictures[stem] for stem in first.pictures
               if stem != "board")


def test_a_file_newly_extended_from_another_folder_is_watched(tmp_path):
    other = tmp_path / "shared"
    other.mkdir()
    base = starter(other, "base")
    layout = starter(tmp_path, "mine")
    with Served(str(layout), cwd=tmp_path) as served:
        version = served.version()
        layout.write_text(layout.read_text("utf-8").replace('"racing_kings"', '"shared/base.toml"'),
                          "utf-8")
        served.wait_for_version_after(version)
        version = served.version()
        set_dark(base, BOARD_COLOUR)
        served.wait_for_version_after(version)
        assert BOARD_COLOUR.encode() in served.get("board.svg")[1]


def test_the_board_is_published_first_then_every_picture_then_the_verdict(tmp_path):
    """An edit that changes several pictures shows the board before the rest, and both
    ahead of the check, whose snapshot shows the same pictures, marked as checked."""
    from boardgen.preview import draw, draw_pictures

    layout = starter(tmp_path, extends="steeple_chess")
    preview = Preview(str(layout))
    preview.redraw()
    before = preview.current
    assert before.checked and not before.problems
    layout.write_text(layout.read_text("utf-8") + '[colors]\ndark = "#123456"\ntext = "#654321"\n',
                      "utf-8")
    steps = list(draw_pictures(str(layout), "en", None, before))
    verdict = draw(str(layout), "en", None, steps[-1].version + 1, steps[-1])
    changed = {stem for stem in verdict.tags if verdict.tags[stem] != before.tags[stem]}
    assert "board" in changed and len(changed) > 1
    assert [step.version for step in steps] == [before.version + 1, before.version + 2]
    first, last = steps
    assert not first.checked and not last.checked and verdict.checked
    assert [stem for stem in first.tags if first.tags[stem] != before.tags[stem]] == ["board"]
    assert last.tags == verdict.tags and last.pictures == verdict.pictures
    assert all(verdict.pictures[stem] is last.pictures[stem] for stem in last.pictures)


def test_a_rule_text_edit_goes_straight_to_the_check(tmp_path):
    layout = starter(tmp_path)
    rules = tmp_path / "mine.rules.en.md"
    watched = Watched(str(layout), None)
    assert watched.draws_pictures(layout) and not watched.draws_pictures(rules)
    assert watched.matters(rules)
    preview = Preview(str(layout))
    preview.redraw()
    versions = []
    preview.publish = lambda snapshot: (versions.append(snapshot.checked),
                                        Preview.publish(preview, snapshot))
    preview.redraw(pictures=False)
    assert versions == [True]  # one publication: the check's
    preview.redraw()
    assert versions == [True, False, True]


def test_a_save_read_half_written_shows_no_problems(tmp_path, monkeypatch):
    """The redraw reads an emptied file; the rest of the save lands while it settles:
    no problems are published for the moment in between."""
    import threading
    import time

    from boardgen import preview as module

    layout = starter(tmp_path)
    preview = Preview(str(layout))
    preview.redraw()
    shown = preview.current
    good = layout.read_text("utf-8")
    layout.write_text("", "utf-8")
    monkeypatch.setattr(module, "EMPTY_SETTLE_MS", 3000)
    redraw = threading.Thread(target=preview.redraw)
    redraw.start()
    time.sleep(0.5)
    layout.write_text(good, "utf-8")
    redraw.join(timeout=30)
    assert not redraw.is_alive()
    assert preview.current is shown and not shown.problems
    monkeypatch.setattr(module, "EMPTY_SETTLE_MS", 0)
    layout.write_text("", "utf-8")
    preview.redraw()  # a file that stays empty is a problem worth showing
    assert preview.current.problems and preview.current.checked


def read_event(stream) -> dict:
    """The next state sent over a server-sent event stream (comments skipped)."""
    import json

    for line in stream:
        if line.startswith(b"data: "):
            return json.loads(line[len(b"data: "):])
    raise AssertionError("the event stream ended")


def test_the_page_is_sent_each_new_state_at_once(tmp_path):
    layout = starter(tmp_path)
    with Served(str(layout), cwd=tmp_path) as served:
        state = served.state()
        assert state["checked"] and [p["stem"] for p in state["groups"][0]["pictures"]] == ["board"]
        with urllib.request.urlopen(f"{served.url}events?since=-1", timeout=20) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            assert read_event(stream) == state  # a page behind the server catches up at once
        with urllib.request.urlopen(f"{served.url}events?since={state['version']}",
                                    timeout=20) as stream:
            set_dark(layout, BOARD_COLOUR)
            update = read_event(stream)
            assert update["version"] > state["version"]
            board = update["groups"][0]["pictures"][0]
            assert board["tag"] != state["groups"][0]["pictures"][0]["tag"]
            assert BOARD_COLOUR.encode() in served.get(f"board.svg?h={board['tag']}")[1]
            while not update["checked"]:
                update = read_event(stream)
            assert not update["problems"]
        status, _body = fetch(served.url + "events", host=f"attacker.example:{served.port}")
        assert status == 421


def test_a_page_that_goes_while_it_loads_leaves_no_traceback(tmp_path):
    """A reload or a closed tab while a reply is sent once printed a traceback each time."""
    served = Served("racing_kings", cwd=tmp_path)
    with served:
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", served.port), timeout=10) as client:
                client.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n"
                               .encode())
        time.sleep(1)  # the replies to the gone pages are written (or fail) meanwhile
        assert served.get("board.svg")[0] == 200  # still serving
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(timeout=10)
        errors = served.process.stderr.read().decode()
    assert "Traceback" not in errors and "Error" not in errors, errors
