"""The printed pieces: one disc or fold-over standee per piece of the start position."""

from __future__ import annotations

from boardgen import pieces
from boardgen.games.racing_kings.board import position
from boardgen.games.racing_kings.model import Layout
from boardgen.games.racing_kings.position import side_of
from boardgen.i18n import Words, words_for
from boardgen.product import Component, ComponentSet
from boardgen.scene import Circle, Group, Line, Node, Rect, Scene, Style, Use, compose, scale, translate

PIECE_KEYS = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
PIECE_ORDER = "KQRBN"
# Black glyphs need a light ground to stay readable; a heavy dark rim marks Black's tokens.
DISC_FILL = {"white": "#fbf7ee", "black": "#d6cab5"}
DISC_RING = {"white": "#8a7a66", "black": "#2a2623"}
RING_MM = {"white": 0.5, "black": 2.2}


def piece_name(words: Words, letter: str) -> str:
    """The name of a piece in the kit's language."""
    return words(f"piece.{PIECE_KEYS[letter.upper()]}")


def token_title(words: Words, letter: str) -> str:
    """What a token is, as its picture's title: side and piece in the kit's language."""
    return words("token", side=words(side_of(letter)), piece=piece_name(words, letter))


def token_scene(layout: Layout, letter: str, words: Words) -> Scene:
    """One printed piece: a disc (cut along the circle) or a fold-over standee."""
    if layout.tokens.style == "standee":
        return _standee(layout, letter, words)
    side = side_of(letter)
    d = layout.tokens.size_mm
    r = d / 2
    glyph = d * 0.78
    nodes: tuple[Node, ...] = (
        Circle(r, r, r, Style(fill=DISC_FILL[side])),
        Circle(r, r, r - d * 0.06, Style(stroke=DISC_RING[side], stroke_mm=RING_MM[side])),
        Use(pieces.piece_symbol_id(letter, side),
            compose(translate(r - glyph / 2, r - glyph / 2), scale(glyph / 100))),
        Circle(r, r, r, Style(stroke="#000000", stroke_mm=0.2)),  # the cut line
    )
    return Scene(d, d, nodes, symbols=pieces.piece_symbols(), title=token_title(words, letter))


def _standee(layout: Layout, letter: str, words: Words) -> Scene:
    """A strip folded at its middle into a stand-up piece: foot, front, back, foot.

    The middle line becomes the top, so on the flat sheet the front face is drawn
    upside down and the back face upright, each standing on its foot tab.
    """
    side = side_of(letter)
    w = layout.tokens.size_mm
    face = w * 1.25
    tab = w * 0.4  # two faces and two tabs make STANDEE_HEIGHT_PER_WIDTH
    height = 2 * tab + 2 * face
    glyph = min(w, face) * 0.9
    symbol = pieces.piece_symbol_id(letter, side)
    fold = Style(stroke="#555555", stroke_mm=0.2, dash=(1.5, 1.0))
    back_glyph = Use(symbol, compose(translate((w - glyph) / 2, height - tab - glyph - 1),
                                     scale(glyph / 100)))
    nodes: list[Node] = [
        Rect(0, tab, w, 2 * face, Style(fill=DISC_FILL[side])),
        Rect(0, 0, w, tab, Style(fill="#dddddd")),
        Rect(0, height - tab, w, tab, Style(fill="#dddddd")),
        back_glyph,
        Group((back_glyph,), compose(translate(w, height), scale(-1, -1))),  # the front
    ]
    nodes += [Line(0, y, w, y, fold) for y in (tab, tab + face, tab + 2 * face)]
    nodes.append(Rect(0, 0, w, height, Style(stroke="#000000", stroke_mm=0.2)))
    return Scene(w, height, tuple(nodes), symbols=pieces.piece_symbols(),
                 title=token_title(words, letter))


def piece_counts(layout: Layout) -> dict[str, int]:
    """How many of each piece letter the start position has, White's first, King to Knight."""
    counts: dict[str, int] = {}
    for letter in position(layout).values():
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
