"""The printed pieces: one disc or fold-over standee per piece of the start position, the
shared tokens showing the chess glyphs."""

from __future__ import annotations

from boardgen import pieces
from boardgen.components import tokens
from boardgen.games.racing_kings.model import STANDEE_FACE, STANDEE_FOOT, Layout, read_position
from boardgen.games.racing_kings.position import side_of
from boardgen.i18n import Words, words_for
from boardgen.product import Component, ComponentSet
from boardgen.scene import Node, Rect, Scene, Style

PIECE_KEYS = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
PIECE_ORDER = "KQRBN"
# Black glyphs need a light ground to stay readable; a heavy dark rim marks Black's tokens.
DISC_FILL = {"white": "#fbf7ee", "black": "#d6cab5"}
DISC_RING = {"white": "#8a7a66", "black": "#2a2623"}
RING_MM = {"white": 0.5, "black": 2.2}
STANDEE_FOOT_FILL = "#dddddd"


def piece_name(words: Words, letter: str) -> str:
    """The name of a piece in the kit's language."""
    return words(f"piece.{PIECE_KEYS[letter.upper()]}")


def token_title(words: Words, letter: str) -> str:
    """What a token is, as its picture's title: side and piece in the kit's language."""
    return words("token", side=words(side_of(letter)), piece=piece_name(words, letter))


def token_scene(layout: Layout, letter: str, words: Words) -> Scene:
    """One printed piece: the shared picture disc (cut along the circle) or fold-over standee,
    showing the piece's glyph."""
    side = side_of(letter)
    symbol = pieces.piece_symbol_id(letter, side)
    size = layout.tokens.size_mm
    title = token_title(words, letter)
    if layout.tokens.style == "disc":
        return tokens.picture_disc(DISC_FILL[side], DISC_RING[side], RING_MM[side], symbol,
                                   pieces.piece_symbols(), size, title)
    face = size * STANDEE_FACE
    glyph = min(size, face) * 0.9
    art = (Rect(0, 0, size, face, Style(fill=DISC_FILL[side])),
           pieces.piece_use(letter, side, (size - glyph) / 2, face - glyph - 1, glyph))
    return tokens.standee(DISC_FILL[side], None, None, size, "", title, face_mm=face,
                          tab_share=STANDEE_FOOT, foot=STANDEE_FOOT_FILL, face=art,
                          symbols=pieces.piece_symbols())


def small_token(layout: Layout, letter: str, x: float, y: float, size: float) -> tuple[Node, ...]:
    """A piece's disc token drawn ``size`` mm across with its box's top-left corner at (x, y),
    its ring as heavy for its size as the token's: where a piece starts, on the board."""
    side = side_of(letter)
    ring = RING_MM[side] * size / layout.tokens.size_mm
    return tokens.picture_disc_nodes(DISC_FILL[side], DISC_RING[side], ring,
                                     pieces.piece_symbol_id(letter, side), size, x, y)


def piece_counts(layout: Layout) -> dict[str, int]:
    """How many of each piece letter the start position has, White's first, King to Knight."""
    counts: dict[str, int] = {}
    for letter in read_position(layout).values():
        counts[letter] = counts.get(letter, 0) + 1
    return dict(sorted(counts.items(),
                       key=lambda item: (item[0].islower(), PIECE_ORDER.index(item[0].upper()))))


def compose_tokens(layout: Layout, words: Words | None = None) -> ComponentSet:
    """One token per piece of the start position, grouped by side and kind."""
    words = words or words_for(layout)
    disc = layout.tokens.style == "disc"
    components = []
    for letter, count in piece_counts(layout).items():
        scene = token_scene(layout, letter, words)
        components.append(Component(f"{side_of(letter)}-{letter.upper()}", scene,
                                    back=scene if disc else None, count=count,
                                    cut="gap" if disc else "shared"))
    return ComponentSet("tokens", words("tokens.title", title=words("title")), tuple(components),
                        spares=True)
