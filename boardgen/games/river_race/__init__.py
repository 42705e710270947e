"""Wyścig przez rzekę (Race across the river): two players build lines of tiles across a river.

Phase 1 places obstacles; the generic check of obstacles on a grid
(:mod:`boardgen.geometry.reach`) finds whether anybody is walled off from the far bank. The
package: ``model`` (the layout), ``placing`` (the board, players and pieces as that check
sees them), ``setup`` (setup files), ``generator`` (random legal setups), ``art``, ``board`` and
``components`` (what is printed), ``examples`` (where the rule figures happen),
``diagrams`` (figures for the rule sheet), ``text`` (what the rule texts say), ``lines``
(shortest lines across the river, searched on the board graph) and ``analysis`` (each
player's shortest line, for ``boardgen analyse`` and ``check``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardgen.games.river_race.compose import board_json, compose_game
from boardgen.games.river_race.diagrams import diagrams
from boardgen.games.river_race.generator import fair_setup, random_setup
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.placing import validate, validate_setup
from boardgen.games.river_race.setup import Setup, load_setup
from boardgen.games.river_race.text import rule_context

__all__ = ["Layout", "Setup", "analyse", "board_json", "compose_game", "diagrams",
           "fair_setup", "load_setup", "play_advice", "random_setup", "rule_context", "validate",
           "validate_setup"]

if TYPE_CHECKING:
    from boardgen.games.river_race.analysis import IllegalSetupAnalysis, RiverAnalysis


def analyse(layout: Layout, request: Any) -> RiverAnalysis | IllegalSetupAnalysis:
    """Each player's shortest line across the river (``boardgen analyse``).

    The analysis is imported here, not with the package: a build never needs it.
    """
    from boardgen.games.river_race import analysis

    return analysis.analyse(layout, request)


def play_advice(layout: Layout, setup: Path | None = None) -> str | None:
    """One line of advice for ``check`` when the layout plays far from the shipped game."""
    from boardgen.games.river_race import analysis

    return analysis.play_advice(layout, setup)
