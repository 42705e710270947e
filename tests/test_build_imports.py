"""A PDF build loads what building needs, not what only other commands or formats need.

The build runs in a process of its own, as from the console, and reports the modules
loaded when it ends: the previewer's server and file watcher, the play analyses, the
scaffolding of ``new`` and ``schema``, the SVG and PNG renderers and the exports stay out.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT

# Records the modules loaded when the process ends, then runs the console entry point.
RUNNER = """
import atexit, json, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "boardgen"
from boardgen.cli import main
main()
"""

NOT_FOR_A_PDF_BUILD = (
    "boardgen.preview", "http.server", "watchfiles",  # boardgen preview
    "boardgen.analysis", "boardgen.games.river_race.analysis",  # boardgen analyse, check's advice
    "boardgen.games.steeple_chess.simulation",
    "boardgen.scaffold",  # boardgen new, boardgen schema
    "boardgen.render.svg", "svgwrite", "boardgen.render.png", "cairosvg", "pypdfium2",
    "boardgen.export.tgc", "boardgen.export.tts",  # --format tgc, tts
    "rich",  # the progress bar, only on a terminal
)
GAME_KINDS = ("racing_kings", "river_race", "steeple_chess", "six_day_race")  # every game package


def test_a_pdf_build_of_every_game_loads_nothing_it_does_not_use(tmp_path):
    modules_file = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUNNER, str(modules_file), "build", *GAME_KINDS,
                           "--format", "pdf", "--out", str(tmp_path / "out")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(modules_file.read_text()))
    assert "boardgen.render.pdf" in loaded  # the runner saw the build
    assert sorted(loaded & set(NOT_FOR_A_PDF_BUILD)) == []


NOT_FOR_A_BUILD_WITHOUT_PDF = (
    "jinja2", "markdown_it", "pyphen",  # the rule text's template, parser and hyphenation
    "boardgen.rules.template", "boardgen.rules.document", "boardgen.rules.typeset",
)


def test_a_build_without_pdf_loads_no_rules_stack(tmp_path):
    modules_file = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUNNER, str(modules_file), "build", *GAME_KINDS,
                           "--format", "svg", "--out", str(tmp_path / "out")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(modules_file.read_text()))
    assert "boardgen.render.svg" in loaded  # the runner saw the build
    assert sorted(loaded & set(NOT_FOR_A_BUILD_WITHOUT_PDF)) == []
