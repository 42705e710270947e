"""What every component type shares: the context it is composed in and the parts it makes.

A component type is a layout table's model and a ``compose`` that turns the model into
printed parts (a board, sets of pieces for sheets, ready-made sheets), and a ``summary``
that says, in the kit's language, what a player gets (for the rules' list of components).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Protocol, runtime_checkable

from boardgen.i18n import Words
from boardgen.marks import mark_for
from boardgen.product import Board, ComponentSet, Sheet


@dataclass(frozen=True)
class Player:
    """A player's colour and mark (the shape printed beside the colour)."""

    number: int
    color: str

    @property
    def mark(self) -> str:
        return mark_for(self.number - 1)


@dataclass(frozen=True)
class Context:
    """What a component is composed with: the kit's words, the players, the ink of text, the
    folder that files named in the layout are read from, and facts the game passes on (the
    kinds of space a player aid lists, say)."""

    words: Words
    players: tuple[Player, ...] = ()
    ink: str = "#2a241d"
    folder: Path | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.words("title")


@dataclass(frozen=True)
class Parts:
    """What one component makes."""

    board: Board | None = None
    board_json: dict[str, Any] = field(default_factory=dict)
    sets: tuple[ComponentSet, ...] = ()
    sheets: tuple[Sheet, ...] = ()


@dataclass(frozen=True)
class Summary:
    """One line of the rules' list of components: how many, and what, in the kit's words."""

    count: int
    text: str


@runtime_checkable
class ComponentType(Protocol):
    """A kind of printed component a layout can declare (``type = "deck"``)."""

    NAME: str
    Model: type

    def compose(self, model: Any, name: str, context: Context) -> Parts:
        """The printed parts of a declared component called ``name``."""

    def summary(self, model: Any, name: str, context: Context) -> list[Summary]:
        """What a player gets, for the rules."""
