"""The chess die: the shared die net with the six chess pieces as its faces, and a key of
which ordinary-die number each piece stands for.

Faces sit in the net so that faces whose ordinary-die numbers add up to 7 end up
opposite each other (with the default faces: Pawn/King, Knight/Queen, Bishop/Rook).
"""

from __future__ import annotations

from boardgen.components import die
from boardgen.components.base import Context
from boardgen.games.steeple_chess.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import Sheet

NET, SIDES, TABS = die.NET, die.SIDES, die.TABS
Slot = die.Slot


def die_model(layout: Layout) -> die.Model:
    """The layout's chess die as the shared die draws it."""
    return die.Model(type="die", edge_mm=layout.die.edge_mm,
                     faces=tuple(f"piece:{letter}" for letter in layout.die.faces))


def face_letters(layout: Layout) -> dict[Slot, str]:
    """The chess piece on each slot of the net."""
    return {slot: layout.die.faces[value - 1] for slot, value in NET.items()}


def die_faces(layout: Layout):
    """The six faces as the net prints them, in the order of the ordinary die's 1 to 6."""
    return die.die_faces(die_model(layout))


def net_nodes(layout: Layout):
    """The net with its top-left at (0, 0): nodes, width and height in mm."""
    return die.net_nodes(die_model(layout))


def die_sheet(layout: Layout, words: Words | None = None) -> Sheet:
    """The die net (and a spare beside it), how to make it, and which number each piece
    stands for on an ordinary die, as the board's table says."""
    words = words or words_for(layout)
    key = "   ".join(words("die.entry", number=i + 1, piece=words(f"pieces.{letter}"))
                     for i, letter in enumerate(layout.die.faces))
    return die.sheet(die_model(layout), "die", Context(words, ink=layout.colors.text),
                     words("die.title"), words("die.help"), words("die.title"), key)
