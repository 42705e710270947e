"""A build stopped by any signal leaves no process and no temporary file behind, and the next
build writes the same bytes as one that was never stopped.

SIGTERM and SIGHUP stop the build as Ctrl-C does: it tidies up and exits 128 + the signal.
SIGKILL cannot be caught: the build's pool workers die with it (the parent-death signal, or
a watch on the parent elsewhere), and the temporary files of a write it was killed in, each
listed in the folder's journal before it is made, are removed by the next write there.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgen.build import usable_cores
from tests.conftest import write

GAMES = ("racing_kings", "steeple_chess")
TEMPORARY = re.compile(r"\.boardgen-[0-9a-f]{16}\.(tmp|old|pending)$")  # journals too
BUILD = ("build", *GAMES, "--format", "pdf,svg", "--lang", "de")


def boardgen(*args) -> list[str]:
    return [sys.executable, "-m", "boardgen", *map(str, args)]


def digests(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def clean_build(tmp_path_factory) -> dict[str, str]:
    """The files of a build that was never stopped."""
    out = tmp_path_factory.mktemp("clean")
    subprocess.run(boardgen(*BUILD, "--out", out), check=True, capture_output=True)
    return digests(out)


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its reaper is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("name, code", [("SIGTERM", 143), ("SIGHUP", 129), ("SIGKILL", -9)])
def test_a_build_stopped_by_a_signal_leaves_no_worker_and_rebuilds_the_same(
        tmp_path, clean_build, name, code):
    out = tmp_path / "out"
    build = subprocess.Popen(boardgen(*BUILD, "--out", out), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    try:
        workers: set[int] = set()
        deadline = time.monotonic() + 60
        while not workers and build.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = children(build.pid) if usable_cores() > 1 else {-1}
        if build.poll() is not None:
            pytest.skip("the build ended before it could be stopped")
        build.send_signal(getattr(signal, name))
        _, stderr = build.communicate(timeout=30)
    finally:
        build.kill()
    assert build.returncode == code, stderr
    assert b"Traceback" not in stderr
    workers.discard(-1)
    deadline = time.monotonic() + 5
    while any(running(worker) for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [worker for worker in workers if running(worker)], "workers left running"
    assert not [path for path in out.rglob("*") if TEMPORARY.search(path.name)]
    subprocess.run(boardgen(*BUILD, "--out", out), check=True, capture_output=True)
    assert digests(out) == clean_build


def dead_pid() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(ended.stdout)


def test_a_write_killed_half_way_is_tidied_by_the_next_build(tmp_path, clean_build):
    """A build killed between writing its temporary files and renaming them (SIGKILL,
    a power cut): its journal names them, and the next build removes them."""
    out = tmp_path / "out"
    subprocess.run(boardgen(*BUILD, "--out", out), check=True, capture_output=True)
    folder = out / GAMES[0]
    token = "0123456789abcdef"
    half = [f".board.pdf.boardgen-{token}.tmp", f".board.svg.boardgen-{token}.old",
            f".rules.pdf.boardgen-{token}.tmp"]
    for name in half:
        write(folder, name, "half written")
    write(folder, f".boardgen-{token}.pending",
          f"{dead_pid()} {socket.gethostname()}\n" + "".join(f"{n}\n" for n in half))
    (folder / "board.pdf").write_bytes(b"replaced by hand")  # the record says it is boardgen's
    subprocess.run(boardgen(*BUILD, "--out", out), check=True, capture_output=True)
    assert digests(out) == clean_build


def test_files_named_like_temporaries_are_not_removed_unless_a_journal_lists_them(tmp_path,
                                                                                   run_cli):
    folder = tmp_path / "racing_kings"
    folder.mkdir()
    host = socket.gethostname()
    mine = [write(folder, name, "mine") for name in (
        ".notes.abcdefgh.tmp", ".board.pdf.boardgen-fedcba9876543210.tmp",
        ".board.pdf.boardgen-0123456789abcdef.tmp.keep", ".boardgen-files.bak")]
    # a journal naming files outside the folder, or without this journal's marker
    write(folder, ".boardgen-0123456789abcdef.pending",
          f"{dead_pid()} {host}\n../outside.boardgen-0123456789abcdef.tmp\n.notes.abcdefgh.tmp\n"
          ".board.pdf.boardgen-fedcba9876543210.tmp\n")
    outside = write(tmp_path, "outside.boardgen-0123456789abcdef.tmp", "not in the folder")
    # an old journal of another machine is abandoned; a recent one may be writing now
    far = write(folder, ".boardgen-1111111111111111.pending",
                "1 elsewhere\n.far.boardgen-1111111111111111.tmp\n")
    far_file = write(folder, ".far.boardgen-1111111111111111.tmp", "")
    for path in (far, far_file):
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    near = write(folder, ".boardgen-2222222222222222.pending",
                 "1 elsewhere\n.near.boardgen-2222222222222222.tmp\n")
    near_file = write(folder, ".near.boardgen-2222222222222222.tmp", "")
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg").exit_code == 0
    assert all(path.exists() for path in (*mine, outside, near, near_file))
    assert not far.exists() and not far_file.exists()
    assert not (folder / ".boardgen-0123456789abcdef.pending").exists()
