"""Rider figures: numbered fold-over standees in the riders' colours.

A standee is a strip: foot, face, face, foot. Folded at the middle the two faces
meet at the top, and the feet lie flat under the rider, so each face's picture
stands with its feet towards its foot.
"""

from __future__ import annotations

from boardgen.components.pictograms import cyclist
from boardgen.components.text import centred
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.marks import mark_for, mark_node
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Circle, Group, Line, Node, Rect, Scene, Style, Use, compose, ink_on,
                            mix, rotate, scale, translate)

CYCLIST = "sdr-cyclist"
CYCLIST_LIGHT = "sdr-cyclist-light"
FOLD = Style(stroke="#555555", stroke_mm=0.2, dash=(1.5, 1.0))


def rider_symbols(layout: Layout) -> dict:
    """The cyclist drawn once in dark and once in white ink, for faces of any colour."""
    ink = layout.colors.ink
    return {CYCLIST: tuple(cyclist(ink)), CYCLIST_LIGHT: tuple(cyclist("#ffffff"))}


def face(layout: Layout, number: int, color: str, width: float, height: float) -> list[Node]:
    """One face, upright in a width × height box: the number on a disc above a rider, its mark."""
    ink = ink_on(color, dark=layout.colors.ink)
    symbol = CYCLIST if ink != "#ffffff" else CYCLIST_LIGHT
    # the number disc fills the face's width: a narrow standee still shows a readable number
    r = min(width * 0.45, height * 0.22)
    cx, cy = width / 2, height * 0.06 + r
    art_w = width * 0.9
    art_h = art_w * 0.7
    nodes: list[Node] = [
        Rect(0, 0, width, height, Style(fill=color)),
        Use(symbol, compose(translate((width - art_w) / 2, height - art_h - height * 0.04),
                            scale(art_w / 100))),
        Circle(cx, cy, r, Style(fill="#ffffff", stroke=mix(color, "#000000", 0.3), stroke_mm=0.4)),
        centred(cx, cy, str(number), r * 1.2, font="bold", fill="#1d1a16"),
    ]
    pip = min(width, height) * 0.18
    nodes += [mark_node(mark_for(number - 1), x, pip * 0.8, pip, ink, mix(color, "#000000", 0.3))
              for x in (pip * 0.8, width - pip * 0.8)]  # the rider's mark in both top corners
    return nodes


def standee(layout: Layout, number: int, color: str, title: str) -> Scene:
    """The flat strip of one rider: foot, face (upside down), face, foot."""
    w, f = layout.riders.width_mm, layout.riders.face_mm
    tab = w * 0.5
    height = 2 * tab + 2 * f
    art = face(layout, number, color, w, f)
    foot = mix(color, "#ffffff", 0.6)
    nodes: list[Node] = [
        Rect(0, 0, w, tab, Style(fill=foot)),
        Rect(0, height - tab, w, tab, Style(fill=foot)),
        Group(tuple(art), compose(translate(0, tab), rotate(180, w / 2, f / 2))),
        Group(tuple(art), translate(0, tab + f)),
    ]
    nodes += [Line(0, y, w, y, FOLD) for y in (tab, tab + f, tab + 2 * f)]
    return Scene(w, height, tuple(nodes), symbols=rider_symbols(layout),
                 title=title)


def compose_riders(layout: Layout, words: Words | None = None) -> ComponentSet:
    """One numbered standee per rider colour."""
    words = words or words_for(layout)
    components = tuple(
        Component(f"rider-{i + 1}", standee(layout, i + 1, color,
                                            words("riders.rider", number=i + 1)), cut="shared")
        for i, color in enumerate(layout.riders.colors))
    return ComponentSet("riders", words("riders.set", title=words("title")), components,
                        spares=True)
