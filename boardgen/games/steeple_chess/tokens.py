"""The playing pieces (the shared round tokens, numbered) and the movable 1×2 obstacle, a
piece of the game's own."""

from __future__ import annotations

from boardgen.components import tokens
from boardgen.games.steeple_chess.model import PLAYERS, Colors, Layout, player_mark
from boardgen.i18n import Words, words_for
from boardgen.product import Component, ComponentSet
from boardgen.scene import Group, Node, Polygon, Rect, Scene, Style, translate


def token_nodes(colors: Colors, letter: str, number: int, cx: float, cy: float,
                diameter: float) -> list[Node]:
    """A round piece as the shared disc draws it: its colour, a ring, its number large enough
    to read across the table, and its colour's mark."""
    return tokens.face_nodes(colors.player(letter), player_mark(letter), number, cx, cy,
                             diameter, colors.text, colors.frame)


def token_scene(layout: Layout, words: Words, letter: str, number: int) -> Scene:
    """One piece to print and cut out: the shared disc inside its round cut line."""
    colour = words(f"colours.{PLAYERS[letter]}")
    return tokens.disc(layout.colors.player(letter), player_mark(letter), number,
                       layout.tokens.size_mm, layout.colors.text,
                       words("pieces.piece", colour=colour, number=number),
                       frame=layout.colors.frame)


def obstacle_nodes(colors: Colors, x: float, y: float, w: float, h: float) -> tuple[Node, ...]:
    """A striped barrier block covering two squares, unlike anything else on the board; for
    the ink saver a block hatched in its colour inside a broad frame, so it still reads
    black."""
    short = min(w, h)
    stripe = short * 0.32
    stripes: list[Node] = []
    step = stripe * 2
    offset = -h if w >= h else -w
    while offset < max(w, h) + short:
        if w >= h:
            points = ((x + offset, y + h), (x + offset + h, y), (x + offset + h + stripe, y),
                      (x + offset + stripe, y + h))
        else:
            points = ((x, y + offset), (x + w, y + offset + w), (x + w, y + offset + w + stripe),
                      (x, y + offset + stripe))
        stripes.append(Polygon(points, Style(fill="#f2f0ea")))
        offset += step
    inset = short * 0.1
    block = (
        Rect(x, y, w, h, Style(fill=colors.obstacle)),
        Group(tuple(stripes), clip=(x + inset, y + inset, w - 2 * inset, h - 2 * inset)),
        Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset,
             Style(stroke=colors.obstacle, stroke_mm=short * 0.04)),
    )
    saved = Group(tuple(tokens.saver_block_face(colors.obstacle, w, h)), translate(x, y))
    return (Group(block, saver=(saved,)),)


def obstacle_size(layout: Layout) -> tuple[float, float]:
    """Two squares long, a little smaller than the squares so it sits inside their lines."""
    sq = layout.course.square_mm
    return 2 * sq - 2.0, sq - 2.0


def obstacle_scene(layout: Layout, words: Words) -> Scene:
    """The movable obstacle at its printed size."""
    w, h = obstacle_size(layout)
    nodes = obstacle_nodes(layout.colors, 0, 0, w, h)
    return Scene(w, h, nodes, title=words("obstacle"))


def compose_pieces(layout: Layout, words: Words | None = None) -> ComponentSet:
    """Every player's numbered pieces and the movable obstacle, printed on both sides."""
    words = words or words_for(layout)
    components = []
    for letter, name in PLAYERS.items():
        for number in range(1, layout.tokens.per_colour + 1):
            scene = token_scene(layout, words, letter, number)
            components.append(Component(f"{name}-{number}", scene, back=scene, cut="gap"))
    obstacle = obstacle_scene(layout, words)
    components.append(Component("obstacle", obstacle, back=obstacle, cut="shared"))
    return ComponentSet("pieces", words.titled(words("pieces.title")),
                        tuple(components), spares=True)
