"""The contract searched: for generated layouts of every game, check refuses in one line per
problem, or build makes the kit on any paper, in either mode, with any backs.

The number of layouts per game is the hypothesis profile's: ``ci`` (default, 6) or
``search`` (300), chosen with ``BOARDGEN_SEARCH=search``; ``BOARDGEN_SEARCH_EXAMPLES=N``
sets it directly. ``bench/bench_contract.py`` runs a longer search and reports figures.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.contract_search import build_options, layouts, run_contract, searched_layouts

settings.register_profile("ci", max_examples=6)
settings.register_profile("search", max_examples=300)
PROFILE = os.environ.get("BOARDGEN_SEARCH", "ci")
EXAMPLES = int(os.environ.get("BOARDGEN_SEARCH_EXAMPLES", "0")) or \
    settings.get_profile(PROFILE).max_examples
BUILD_SECONDS = 60.0


def _search(game: str, formats: str, examples: int):
    @settings(max_examples=examples, deadline=None, database=None,
              derandomize=PROFILE == "ci",  # the same layouts on every run; the search varies
              suppress_health_check=[HealthCheck.too_slow])
    @given(text=layouts(game), options=build_options())
    def search(text: str, options: tuple[str, ...]) -> None:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            run_contract(text, Path(folder), formats, options)
            assert time.perf_counter() - start < BUILD_SECONDS, text

    return search


@pytest.mark.parametrize("game", searched_layouts())
def test_generated_layouts_are_refused_in_one_line_or_built(game):
    _search(game, "pdf", EXAMPLES)()


@pytest.mark.parametrize("game", searched_layouts())
def test_a_few_generated_layouts_build_in_every_format(game):
    _search(game, "pdf,svg,png", max(2, EXAMPLES // 8))()
