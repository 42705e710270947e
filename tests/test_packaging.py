"""boardgen as a user installs and starts it.

The wheel must carry every file boardgen reads at run time (the layouts and their rule
texts, the catalogues, the preview page), and an installed boardgen must make, from any
folder, the files a checkout makes. The wheel is built from a copy of the checkout with the
test environment's own setuptools (no build isolation: nothing is downloaded) and installed
without its dependencies into a fresh virtual environment; only then is that environment
given the test environment's packages, after its own, so the boardgen that runs is the
installed one and never the checkout's.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.main import get_command

from boardgen import __version__
from boardgen.cli import app
from boardgen.i18n import LANGUAGES
from boardgen.layout import shipped_games
from tests.conftest import ROOT, write

SECONDS = 300  # every step is bounded; each takes a few seconds


def run(*command, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=SECONDS)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done


def not_sources(folder: str, names: list[str]) -> set[str]:
    """What a copy of the checkout to build from leaves out: virtual environments, git,
    outputs and what earlier builds left behind."""
    top = Path(folder) == ROOT
    return {name for name in names
            if name == "__pycache__" or name.endswith(".egg-info")
            or top and (name.startswith(".") or name in ("output", "build", "dist"))}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    top = tmp_path_factory.mktemp("wheel")
    source, dist = top / "source", top / "dist"
    shutil.copytree(ROOT, source, ignore=not_sources)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
        "--wheel-dir", dist, source, cwd=top)
    (built,) = dist.glob("boardgen-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The ``bin`` folder of a fresh virtual environment with the wheel installed, and an
    environment for its processes (no PYTHONPATH, no BOARDGEN_LAYOUTS)."""
    venv = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv)
    bin_folder = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_folder / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
        wheel, cwd=venv)
    # The dependencies: the test environment's site folders, as plain entries after the
    # venv's own (the .pth files there, an editable boardgen's among them, are not read).
    own = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                   cwd=venv).stdout.strip())
    theirs = site.getsitepackages()
    if site.ENABLE_USER_SITE:
        theirs.append(site.getusersitepackages())
    (own / "test-environment.pth").write_text("\n".join(theirs) + "\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "BOARDGEN_LAYOUTS")}
    return bin_folder, env


def test_the_wheel_carries_every_file_of_the_package_and_the_layouts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {f"boardgen/{path.relative_to(ROOT / 'boardgen').as_posix()}"
               for path in (ROOT / "boardgen").rglob("*")
               if path.is_file() and "__pycache__" not in path.parts
               and not path.name.startswith(".")}
    layouts = {f"boardgen/layouts/{path.name}" for path in (ROOT / "layouts").iterdir()
               if path.is_file() and not path.name.startswith(".")}
    assert {"boardgen/preview.html", "boardgen/catalogues/en.toml",
            "boardgen/layouts/racing_kings.toml", "boardgen/layouts/racing_kings.rules.de.md"} \
        <= package | layouts
    assert sorted((package | layouts) - names) == []
    # nothing beside the package: no top-level layouts/, tests or build files
    assert sorted(n for n in names if n.split("/")[0] not in
                  ("boardgen", f"boardgen-{__version__}.dist-info")) == []


def test_the_installed_boardgen_builds_in_another_folder_what_the_checkout_builds(
        installed, run_cli, tmp_path, monkeypatch):
    bin_folder, env = installed
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run(bin_folder / "python", "-c",
                "import boardgen.layout as l; print(l.__file__); print(l.layouts_dir())",
                cwd=elsewhere, env=env).stdout.split()
    assert all(Path(p).is_relative_to(bin_folder.parent) for p in where), where

    # A layout of the player's own that extends a shipped game takes its board, its rule
    # text and the shared print vocabulary from the installed package. (The cover names
    # the layout as the command line did: both builds are given the same name.)
    write(elsewhere, "mine.toml", 'extends = "racing_kings"\nname = "mine"\n')
    run(bin_folder / "boardgen", "build", "mine.toml", "--format", "pdf", "--lang", "de",
        "--out", "out", cwd=elsewhere, env=env)
    monkeypatch.chdir(elsewhere)
    result = run_cli("build", "mine.toml", "--format", "pdf", "--lang", "de",
                     "--out", tmp_path / "checkout")
    assert result.exit_code == 0, result.stderr

    def files(folder: Path) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}

    made, expected = files(elsewhere / "out" / "mine"), files(tmp_path / "checkout" / "mine")
    assert {"rules.pdf", "board.pdf", "mine-print-and-play.pdf"} <= set(made)
    assert sorted(made) == sorted(expected)
    assert [name for name in made if made[name] != expected[name]] == []


def test_the_installed_command_line_starts_every_way(installed, tmp_path):
    bin_folder, env = installed
    for command in ([bin_folder / "boardgen"], [bin_folder / "python", "-m", "boardgen"]):
        assert run(*command, "-V", cwd=tmp_path, env=env).stdout == f"boardgen {__version__}\n"
        assert "build" in run(*command, "-h", cwd=tmp_path, env=env).stdout
    listed = run(bin_folder / "boardgen", "list", cwd=tmp_path, env=env).stdout
    assert [line.split()[0] for line in listed.splitlines()] == shipped_games()


def test_python_m_boardgen_is_the_command_line(tmp_path):
    done = run(sys.executable, "-m", "boardgen", "--version", cwd=tmp_path)
    assert done.stdout == f"boardgen {__version__}\n"


def commands():
    group = get_command(app)
    return [(name, group.commands[name]) for name in sorted(group.commands)]


@pytest.mark.parametrize("name", [None] + [name for name, _ in commands()])
def test_h_is_help_on_every_command(run_cli, name):
    words = [name] if name else []
    short, long = run_cli(*words, "-h"), run_cli(*words, "--help")
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "-h, --help" in short.stdout


def test_V_is_the_version(run_cli):
    result = run_cli("-V")
    assert result.exit_code == 0 and result.stdout == f"boardgen {__version__}\n"


def test_lang_says_it_sets_every_printed_word():
    helps = {name: option.help for name, command in commands() for option in command.params
             if "--lang" in getattr(option, "opts", ())}
    assert {"build", "preview"} <= set(helps)
    for name, text in helps.items():
        assert "every printed word" in text and "rules" in text and "pieces" in text, name
        assert all(code in text for code in LANGUAGES), name
