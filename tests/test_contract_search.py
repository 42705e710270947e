"""The contract searched: for generated layouts of every registered game kind, check refuses in
one line per problem, or a build makes the kit, on a random standard paper or one of its own,
in either mode, with any backs, bleed, margins, formats, resolution and language (check told
the build's options half the time; otherwise it covers them by itself).

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

from tests.contract_search import Options, build_options, layouts, run_contract, \
    searched_layouts

settings.register_profile("ci", max_examples=6)
settings.register_profile("search", max_examples=300)
PROFILE = os.environ.get("BOARDGEN_SEARCH", "ci")
EXAMPLES = int(os.environ.get("BOARDGEN_SEARCH_EXAMPLES", "0")) or \
    settings.get_profile(PROFILE).max_examples
BUILD_SECONDS = 60.0
SEARCHED = searched_layouts()


def _search(layout: str, examples: int, formats: tuple[str, ...] | None):
    @settings(max_examples=examples, deadline=None, database=None,
              derandomize=PROFILE == "ci",  # the same layouts on every run; the search varies
              suppress_health_check=[HealthCheck.too_slow])
    @given(text=layouts(layout), options=build_options(formats))
    def search(text: str, options: Options) -> None:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            run_contract(text, Path(folder), options)
            assert time.perf_counter() - start < BUILD_SECONDS, text

    return search


@pytest.mark.parametrize("game", sorted(SEARCHED))
def test_generated_layouts_are_refused_in_one_line_or_built(game):
    _search(game, EXAMPLES, ("pdf",))()


@pytest.mark.parametrize("game", sorted(SEARCHED))
def test_generated_layouts_build_with_random_options(game):
    _search(game, max(2, EXAMPLES // 2), None)()
