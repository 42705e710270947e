"""A build pauses the garbage collector and gives it back as it found it."""

from __future__ import annotations

import gc

import pytest

from boardgen import cli


@pytest.mark.parametrize("enabled", [True, False])
def test_a_build_leaves_the_collector_as_it_found_it(run_cli, tmp_path, monkeypatch, enabled):
    import boardgen.build

    seen = []

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        raise SystemExit(0)

    monkeypatch.setattr(boardgen.build, "build_many", spy)
    (gc.enable if enabled else gc.disable)()
    try:
        result = run_cli("build", "racing_kings", "--out", tmp_path)
        assert result.exit_code == 0
        assert seen == [False]  # paused while the build ran
        assert gc.isenabled() == enabled
    finally:
        gc.enable()


def test_a_console_process_keeps_it_paused_to_the_end(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "ONE_COMMAND_PROCESS", True)
    paused = cli.collector_paused(lambda: calls.append(gc.isenabled()))
    try:
        paused()
        assert calls == [False] and not gc.isenabled()
    finally:
        gc.enable()


def test_a_console_process_pauses_it_for_start_up_only(monkeypatch):
    """Reading the command line runs without the collector; a command other than build runs with it."""
    import sys

    import boardgen.layout

    seen = {}
    start_up = cli.app

    def app_spy():
        seen["start-up"] = gc.isenabled()
        start_up()

    def shipped_games_spy():
        seen["command"] = gc.isenabled()
        return []

    monkeypatch.setattr(cli, "app", app_spy)
    monkeypatch.setattr(cli, "ONE_COMMAND_PROCESS", False)
    monkeypatch.setattr(cli, "START_UP_PAUSED", False)
    monkeypatch.setattr(boardgen.layout, "shipped_games", shipped_games_spy)
    monkeypatch.setattr(sys, "argv", ["boardgen", "list"])
    gc.enable()
    try:
        with pytest.raises(SystemExit) as done:
            cli.main()
        assert done.value.code == 0
        assert seen == {"start-up": False, "command": True}
        assert gc.isenabled()
    finally:
        gc.enable()


def test_a_console_process_that_ends_before_its_command_gives_it_back(monkeypatch):
    import sys

    monkeypatch.setattr(cli, "ONE_COMMAND_PROCESS", False)
    monkeypatch.setattr(cli, "START_UP_PAUSED", False)
    monkeypatch.setattr(sys, "argv", ["boardgen", "--help"])
    gc.enable()
    try:
        with pytest.raises(SystemExit):
            cli.main()
        assert gc.isenabled() and not cli.START_UP_PAUSED
    finally:
        gc.enable()
