"""A race game from its layout alone: throw the dice, move along the track, obey the spaces.

The generic kind (``game = "race"``) needs no code of its own: a layout declares its board
(a track of any shape), its kinds of space and what each does, its dice and its
components, and gets the whole kit: the board, the pieces' sheets, the rules with their
generated sections in every shipped language, board.json, exports, and ``analyse``'s
exact figures. Snakes and Ladders and the Game of the Goose ship as layouts of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from boardgen.games.race.compose import compose_game
from boardgen.games.race.model import Layout
from boardgen.games.race.sentences import rule_context
from boardgen.i18n import Words, words_for

__all__ = ["Layout", "analyse", "compose_game", "default_rule_text", "diagrams", "play_advice",
           "rule_context", "starter_text"]

HERE = Path(__file__).resolve().parent


def diagrams(layout: Layout, words: Words | None = None) -> Mapping[str, Callable[[], Any]]:
    """The rules' figures: the whole board."""
    words = words or words_for(layout)

    def board():
        return compose_game(layout, words=words).board.scene

    return {"board": board}


def analyse(layout: Layout, request: Any):
    """Exact figures of one player's race and a seeded simulation (``boardgen analyse``)."""
    from boardgen.games.race.analysis import analyse as run

    return run(layout, request)


def play_advice(layout: Layout, setup: Path | None = None) -> str | None:
    """One line for ``check`` when a race is very long for one player (over 200 throws)."""
    from boardgen.games.race.analysis import exact
    from boardgen.games.race.play import course_of

    figures = exact(course_of(layout))
    if figures.expected_throws > 200:
        return (f"one player needs {figures.expected_throws:.0f} throws on average to finish "
                "this race; fewer backward jumps or a shorter track make it quicker")
    return None


def default_rule_text(lang: str) -> Path | None:
    """The kind's own rule text in ``lang``, made of the generated sections, for a layout
    without a text of its own."""
    path = HERE / f"rules.{lang}.md"
    return path if path.is_file() else None


def starter_text(path: Path) -> str:
    """A commented layout of a small race game that checks as written (``boardgen new race``)."""
    from boardgen.layout import safe_identifier

    text = (HERE / "starter.toml").read_text(encoding="utf-8")
    name = safe_identifier(path.stem)
    return text.replace("{name}", name).replace("{file}", path.name)
