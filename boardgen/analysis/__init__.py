"""Play analysis: figures that tell a designer whether a customised layout still plays well.

The work is the game's own (:class:`boardgen.games.HasAnalysis`: ``analyse`` and
``play_advice``); this module holds what the command line shares between games: the
request, the result's protocol, advice for ``check`` and pictures drawn by boardgen's
own renderers.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from boardgen.errors import InputError

PICTURE_FORMATS = (".svg", ".png", ".pdf")


@dataclass(frozen=True)
class Request:
    """What the command line asks of an analysis."""

    setup: Path | None = None  # the obstacle setup to analyse (river race)
    games: int = 2000  # games to simulate (Steeple Chess, race games)
    seed: int = 0  # the simulation's seed: the same seed gives the same figures
    players: int | None = None  # players in a simulated race (default: the most that may play)


class Analysis(Protocol):
    """The figures of one analysis, as text, as JSON and as a picture."""

    ok: bool  # False when the setup is illegal: ``text()`` is then the validator's report

    def text(self) -> str:
        """The figures for a person, one per line."""

    def as_json(self) -> dict[str, Any]:
        """The figures for a program (``boardgen analyse --json``)."""

    def picture(self) -> Any:
        """A :class:`boardgen.scene.Scene` that shows the figures (``--plot``)."""


def analyse(layout, request: Request, source: str) -> Analysis:
    """The analysis of ``layout``; bad input for a game without one."""
    from boardgen.games import HasAnalysis, capable, game_for

    module = capable(game_for(layout.game), HasAnalysis, source,
                     f"there is no play analysis for {layout.game} games")
    return module.analyse(layout, request)


def advice(layout, setup: Path | None = None) -> str | None:
    """One line of advice for ``check``, or None (always None for games without analysis)."""
    from boardgen.games import HasAnalysis, game_for

    module = game_for(layout.game)
    return module.play_advice(layout, setup) if isinstance(module, HasAnalysis) else None


def check_picture_name(path: Path) -> str:
    """The format ``path``'s suffix names; bad input for a suffix boardgen cannot draw."""
    suffix = path.suffix.lower()
    if suffix not in PICTURE_FORMATS:
        raise InputError(f"the picture's name must end in {', '.join(PICTURE_FORMATS)}",
                         source=str(path))
    return suffix[1:]


def picture_bytes(path: Path, scene) -> bytes:
    """``scene`` drawn in the format ``path``'s suffix names, by boardgen's own renderers."""
    from boardgen.render import renderer

    return renderer(check_picture_name(path))(scene)
