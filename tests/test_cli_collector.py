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
