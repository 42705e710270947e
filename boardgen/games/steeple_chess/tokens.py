"""The playing pieces (round numbered tokens) and the movable 1×2 obstacle."""

from __future__ import annotations

from boardgen.games.steeple_chess.model import PLAYERS, Colors, Layout, player_mark
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_node
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Circle, Group, Node, Polygon, Rect, Scene, Style, ink_on,
                            text_centered)

CUT = Style(stroke="#000000", stroke_mm=0.2)


def token_nodes(colors: Colors, letter: str, number: int, cx: float, cy: float,
                diameter: float) -> tuple[Node, ...]:
    """A round piece: its colour, a ring, and its number large enough to read across the table."""
    r = diameter / 2
    ink = ink_on(colors.player(letter), dark=colors.text)
    return (
        Circle(cx, cy, r, Style(fill=colors.player(letter), stroke=colors.frame,
                                stroke_mm=diameter * 0.02)),
        Circle(cx, cy, r * 0.8, Style(stroke=ink, stroke_mm=diameter * 0.035)),
        text_centered(cx, cy + diameter * 0.02, str(number), diameter * 0.5, font="bold",
                      fill=ink),
        mark_node(player_mark(letter), cx, cy - diameter * 0.29, diameter * 0.18, ink,
                  colors.player(letter)),
    )


def token_scene(layout: Layout, words: Words, letter: str, number: int) -> Scene:
    """One piece to print and cut out: the drawn token inside its round cut line."""
    d = layout.tokens.size_mm
    nodes = token_nodes(layout.colors, letter, number, d / 2, d / 2, d)
    colour = words(f"colours.{PLAYERS[letter]}")
    return Scene(d, d, (*nodes, Circle(d / 2, d / 2, d / 2, CUT)),
                 title=words("pieces.piece", colour=colour, number=number))


def obstacle_nodes(colors: Colors, x: float, y: float, w: float, h: float) -> tuple[Node, ...]:
    """A striped barrier block covering two squares, unlike anything else on the board."""
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
    return (
        Rect(x, y, w, h, Style(fill=colors.obstacle)),
        Group(tuple(stripes), clip=(x + inset, y + inset, w - 2 * inset, h - 2 * inset)),
        Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset,
             Style(stroke=colors.obstacle, stroke_mm=short * 0.04)),
    )


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
