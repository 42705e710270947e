"""A failed build replaces nothing and says which file in one line; output goes only to --out."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys

import pytest

from boardgen import build as build_module
from boardgen.build import folder_name
from tests.conftest import ROOT, write


def built(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_full_disk_replaces_nothing_and_names_the_file(run_cli, tmp_path, monkeypatch):
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg").exit_code == 0
    before = built(tmp_path / "racing_kings")
    real_replace = os.replace
    calls = []

    def full(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_replace(src, dst)

    monkeypatch.setattr(build_module.os, "replace", full)
    result = run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg,pdf")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr
    assert str(calls[2]) in result.stderr
    assert built(tmp_path / "racing_kings") == before  # no new file, no temporary, old ones back


def test_a_write_error_before_any_rename_keeps_every_old_file(run_cli, tmp_path, monkeypatch):
    assert run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg").exit_code == 0
    before = built(tmp_path / "racing_kings")
    real_fdopen = os.fdopen
    opened = []

    def failing(fd, *args, **kwargs):
        opened.append(fd)
        if len(opened) == 5:
            os.close(fd)
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(build_module.os, "fdopen", failing)
    result = run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg",
                     "--lang", "de")
    assert result.exit_code == 2 and "Read-only file system" in result.stderr
    assert built(tmp_path / "racing_kings") == before


def test_an_unwritable_folder_is_one_line(run_cli, tmp_path):
    blocker = write(tmp_path, "file", "")
    result = run_cli("build", "racing_kings", "--out", blocker, "--format", "svg")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_leftover_temporaries_of_a_killed_build_are_removed(run_cli, tmp_path):
    """Only those its journal lists, and only once its process is gone: two builds into one
    folder once removed each other's, and one of them stopped with a traceback."""
    folder = tmp_path / "racing_kings"
    folder.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    host = __import__("socket").gethostname()
    leftover = write(folder, ".board.pdf.boardgen-00112233aabbccdd.tmp", "half")
    write(folder, ".boardgen-00112233aabbccdd.pending",
          f"{gone} {host}\n.board.pdf.boardgen-00112233aabbccdd.tmp\n")
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as writer:
        try:
            writing = write(folder, ".tokens.pdf.boardgen-44556677aabbccdd.tmp", "being written")
            journal = write(folder, ".boardgen-44556677aabbccdd.pending",
                            f"{writer.pid} {host}\n.tokens.pdf.boardgen-44556677aabbccdd.tmp\n")
            mine = write(folder, ".notes.abcdefgh.tmp", "not made by boardgen")
            unlisted = write(folder, ".board.svg.boardgen-8899aabbccddeeff.tmp", "no journal")
            result = run_cli("build", "racing_kings", "--out", tmp_path, "--format", "svg")
            assert result.exit_code == 0, result.stderr
            assert not leftover.exists() and not (folder / ".boardgen-00112233aabbccdd.pending").exists()
            assert writing.exists() and journal.exists() and mine.exists() and unlisted.exists()
        finally:
            writer.kill()


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_setup_out_writes_only_regular_files(run_cli, tmp_path, kind):
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        try:
            os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
        except (PermissionError, OSError):
            pytest.skip("cannot make a device node here")
    mode = target.lstat().st_mode
    result = run_cli("setup", "river_race", "--out", target)
    assert result.exit_code == 2 and "not a regular file" in result.stderr
    assert target.lstat().st_mode == mode


def test_setup_out_replaces_a_regular_file(run_cli, tmp_path):
    target = write(tmp_path, "setup.toml", "old")
    assert run_cli("setup", "river_race", "--out", target).exit_code == 0
    assert target.read_text() != "old"


def test_names_that_slug_alike_get_folders_of_their_own(run_cli, tmp_path):
    paths = [write(tmp_path, f"{i}.toml", f'extends = "racing_kings"\nname = "{name}"\n')
             for i, name in enumerate(["🎲🏁", "🏁", "  "])]
    result = run_cli("build", *paths, "--out", tmp_path / "out", "--format", "svg")
    assert result.exit_code == 0, result.stderr
    folders = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert len(folders) == 3 and all(f.startswith("layout-") for f in folders)
    assert folder_name("🏁") == folder_name("🏁") != folder_name("🎲🏁")
    assert folder_name("racing_kings") == "racing_kings"


def test_two_targets_for_one_folder_are_refused_before_anything_is_written(run_cli, tmp_path):
    one = write(tmp_path, "one.toml", 'extends = "racing_kings"\nname = "mine"\n')
    two = write(tmp_path, "two.toml", 'extends = "steeple_chess"\nname = "mine"\n')
    result = run_cli("build", one, two, "--out", tmp_path / "out", "--format", "svg")
    assert result.exit_code == 2 and "two.toml" in result.stderr and "one.toml" in result.stderr
    assert not (tmp_path / "out").exists()


def test_no_home_creates_nothing_outside_out_and_changes_no_byte(tmp_path):
    def run(home: str | None, out):
        env = {k: v for k, v in os.environ.items()
               if k not in ("XDG_CACHE_HOME", "BOARDGEN_CACHE", "FONTCONFIG_FILE")}
        if home is not None:
            env["HOME"] = home
        done = subprocess.run([sys.executable, "-c", "from boardgen.cli import main; main()",
                               "build", "racing_kings", "--out", str(out), "--format", "pdf,png",
                               "--dpi", "20"], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr

    run(None, tmp_path / "cached")  # the user's own cache
    missing = tmp_path / "nonexistent" / "home"
    run(str(missing), tmp_path / "uncached")
    assert not (tmp_path / "nonexistent").exists()
    assert built(tmp_path / "cached" / "racing_kings") == \
        built(tmp_path / "uncached" / "racing_kings")


def test_a_home_that_exists_gets_the_cache(tmp_path, monkeypatch):
    from boardgen import cache

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("BOARDGEN_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / ".cache" / "boardgen"
    monkeypatch.setenv("HOME", str(tmp_path / "missing"))
    assert cache.cache_dir() == cache.private_dir()
    made = cache.in_cache("probe/x.bin", lambda path: path.write_bytes(b"x"))
    assert made.read_bytes() == b"x" and not (tmp_path / "missing").exists()


def _tree(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_a_rebuild_leaves_the_folder_as_a_fresh_build_makes_it(run_cli, tmp_path):
    """A renamed tile type once left its old images beside the new ones, in tgc/ too, where
    the manifest no longer listed them."""
    layout = (ROOT / "layouts" / "river_race.toml").read_text(encoding="utf-8")
    path = write(tmp_path, "rr.toml", layout.replace('name = "river_race"', 'name = "rr"', 1))
    again, fresh = tmp_path / "again", tmp_path / "fresh"
    assert run_cli("build", path, "--out", again, "--format", "png,tgc,tts").exit_code == 0
    (again / "rr" / "my notes.txt").write_text("mine", encoding="utf-8")  # not boardgen's
    path.write_text(path.read_text(encoding="utf-8").replace('"crossing"', '"cross"'),
                    encoding="utf-8")
    for out in (again, fresh):
        assert run_cli("build", path, "--out", out, "--format", "png,tgc,tts").exit_code == 0
    rebuilt = _tree(again / "rr")
    assert rebuilt.pop("my notes.txt") == b"mine"
    assert rebuilt.keys() == _tree(fresh / "rr").keys()
    assert not [name for name in rebuilt if "crossing" in name]
    same = {name for name in rebuilt if name != "tts/rr.json"}  # tts/rr.json names
    assert {name: rebuilt[name] for name in same} == {  # its images by their full path
        name: data for name, data in _tree(fresh / "rr").items() if name in same}
    # a narrower build leaves only its own files, and no empty export folders
    assert run_cli("build", path, "--out", again, "--format", "pdf").exit_code == 0
    left = sorted(p.name for p in (again / "rr").iterdir())
    assert "tgc" not in left and "tts" not in left and "board.png" not in left
    assert "board.pdf" in left and "my notes.txt" in left


def test_a_record_naming_files_outside_the_folder_removes_nothing_there(run_cli, tmp_path):
    outside = write(tmp_path, "precious.txt", "keep")
    out = tmp_path / "out"
    assert run_cli("build", "racing_kings", "--out", out, "--format", "svg").exit_code == 0
    record = out / "racing_kings" / ".boardgen-files"
    record.write_text(record.read_text() + "../../precious.txt\n" + str(outside) + "\n")
    assert run_cli("build", "racing_kings", "--out", out, "--format", "svg").exit_code == 0
    assert outside.read_text() == "keep"


@pytest.mark.parametrize("kind", ["fifo", "fifo-link"])
def test_a_record_that_is_no_regular_file_is_never_opened(run_cli, tmp_path, kind):
    """A FIFO in the record's place once made the next build wait for ever."""
    out = tmp_path / "out"
    assert run_cli("build", "racing_kings", "--out", out, "--format", "svg").exit_code == 0
    record = out / "racing_kings" / ".boardgen-files"
    record.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(record)
    else:
        os.mkfifo(tmp_path / "fifo")
        record.symlink_to(tmp_path / "fifo")
    result = subprocess.run([sys.executable, "-c", "from boardgen.cli import main; main()",
                             "build", "racing_kings", "--out", str(out), "--format", "svg"],
                            capture_output=True, timeout=60)
    assert result.returncode in (0, 2) and b"Traceback" not in result.stderr, result.stderr


def test_a_record_naming_a_file_another_way_removes_nothing_just_written(run_cli, tmp_path):
    """``./board.svg`` once named a file the build had just written, and it was removed."""
    out = tmp_path / "out"
    assert run_cli("build", "racing_kings", "--out", out, "--format", "svg").exit_code == 0
    folder = out / "racing_kings"
    (folder / "sub").mkdir()
    with open(folder / ".boardgen-files", "a", encoding="utf-8") as record:
        record.write("./board.svg\nsub/../board.json\nboard.svg//\n")
    assert run_cli("build", "racing_kings", "--out", out, "--format", "svg").exit_code == 0
    assert (folder / "board.svg").is_file() and (folder / "board.json").is_file()
