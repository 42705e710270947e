"""The machine's settings change no output byte: a relative BOARDGEN_CACHE, a FONTCONFIG_FILE
of the user's (which once drew the PNG files in a fallback face), a cache folder that is
gone or cannot be written. Each build runs in a process of its own, as fontconfig reads its
configuration once per process."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import write

BUILD = ("build", "racing_kings", "--format", "png,svg", "--dpi", "40")


def pngs(out: Path) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted((out / "racing_kings").glob("*.png"))}


def build(out: Path, cwd: Path, **env: str) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if key != "FONTCONFIG_FILE"}
    environment.update(env)
    done = subprocess.run([sys.executable, "-m", "boardgen", *BUILD, "--out", str(out)],
                          cwd=cwd, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return pngs(out)


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> dict[str, str]:
    """The PNG files of a build with boardgen's own cache and no font settings of the user's."""
    top = tmp_path_factory.mktemp("plain")
    return build(top / "out", top, BOARDGEN_CACHE=str(top / "cache"))


def test_a_fontconfig_file_of_the_users_draws_the_same_pngs(tmp_path, plain):
    from boardgen.render import png

    if png.backend() != "cairo":
        pytest.skip("PNG files come from pdfium here, which reads no fontconfig file")
    # the system's fonts only: boardgen's family is not among them
    conf = write(tmp_path, "fonts.conf", '<?xml version="1.0"?>\n<fontconfig>\n'
                 '  <dir>/usr/share/fonts</dir>\n</fontconfig>\n')
    made = build(tmp_path / "out", tmp_path, FONTCONFIG_FILE=str(conf),
                 BOARDGEN_CACHE=str(tmp_path / "cache"))
    assert made == plain


def test_a_relative_cache_folder_draws_the_same_pngs(tmp_path, plain):
    (tmp_path / "work").mkdir()
    made = build(tmp_path / "out", tmp_path / "work", BOARDGEN_CACHE="cache")
    assert made == plain
    assert (tmp_path / "work" / "cache").is_dir()
    again = build(tmp_path / "again", tmp_path / "work", BOARDGEN_CACHE="cache")  # now kept
    assert again == plain
