"""The title band: the kit's title (and subtitle, and a one-line rule) across a board's top.

Two looks, after the shipped boards: ``centre`` (the river race: title centred, the
subtitle in italics below it) and ``left`` (Racing Kings: title on the left, subtitle on
the same line at the right, a one-line rule below both, or a few short rule lines).
"""

from __future__ import annotations

from typing import Literal, Sequence

from pydantic import Field

from boardgen import fonts
from boardgen.layout import Model
from boardgen.scene import Group, Node, Text


class TitleBand(Model):
    """The band at the top of a board."""

    height_mm: float = Field(24.0, ge=0, le=100, description="height of the band (0: no title "
                                                             "on the board)")
    align: Literal["centre", "left"] = Field("centre", description="centre: title centred, "
                                             "subtitle below; left: title left, subtitle right")


def title_nodes(title: str, subtitle: str, width: float, height: float, ink: str,
                align: str = "centre", left: float = 0.0, rule: str = "",
                rules: Sequence[str] = (), movable: bool = False) -> list[Node]:
    """The band's text for a board ``width`` mm wide; ``left``: the margin of a left-aligned
    title (and the right margin of its subtitle); ``rule``: a line below (left look only);
    ``rules``: short lines below instead, at one size, so each stays narrow enough to leave
    the board's middle free for a page seam. ``movable``: the centred title and subtitle
    (or a left title alone) may slide along the band, within its margins, out of a page
    seam's way (``Group.shifts``), so a seam need not keep clear of them."""
    if height <= 0:
        return []
    if align == "left":
        nodes = _left(title, subtitle, width, height, ink, left, "" if rules else rule)
        lines = _rule_lines(rules, width - 2 * left, height, ink, left)
        if movable and not rule and not rules:
            return _sliding(nodes[-1:], left, width - left - _width(nodes[:-1]) - 4) \
                + nodes[:-1] + lines
        return nodes + lines
    size = fonts.fit_size(title, width * 0.8, height * 0.42, "bold")
    nodes: list[Node] = [Text(width / 2, height * 0.55, title, size, font="bold",
                              anchor="middle", fill=ink)]
    if subtitle:
        sub = min(height * 0.2, size * 0.5)
        nodes.append(Text(width / 2, height * 0.55 + sub * 1.5, subtitle,
                          fonts.fit_size(subtitle, width * 0.9, sub, "italic"), font="italic",
                          anchor="middle", fill=ink))
    return _sliding(nodes, left, width - left) if movable else nodes


def _width(nodes: Sequence[Node]) -> float:
    return max((fonts.text_width(n.text, n.size, n.font) for n in nodes if isinstance(n, Text)),
               default=0.0)


def _sliding(nodes: Sequence[Node], start: float, end: float) -> list[Node]:
    """Lines of text as one block that may stand anywhere from ``start`` to ``end`` across
    the band, the nearer places first, whole millimetres apart."""
    texts = [n for n in nodes if isinstance(n, Text)]
    if not texts:
        return list(nodes)
    lefts = [n.x - {"start": 0.0, "middle": 0.5, "end": 1.0}[n.anchor]
             * fonts.text_width(n.text, n.size, n.font) for n in texts]
    rights = [x + fonts.text_width(n.text, n.size, n.font) for x, n in zip(lefts, texts)]
    low, high = start - min(lefts), end - max(rights)
    steps = range(1, int(max(-low, high, 0.0)) + 1)
    shifts = tuple((float(d), 0.0) for step in steps for d in (-step, step) if low <= d <= high)
    return [Group(tuple(nodes), shifts=shifts)] if shifts else list(nodes)


def _left(title: str, subtitle: str, width: float, height: float, ink: str, left: float,
          rule: str) -> list[Node]:
    room = width - 2 * left
    baseline = height / 2
    nodes: list[Node] = []
    subtitle_width = 0.0
    if subtitle:
        subtitle_size = fonts.fit_size(subtitle, room * 0.4, height * 0.15)
        subtitle_width = fonts.text_width(subtitle, subtitle_size) + 4
        nodes.append(Text(width - left, baseline, subtitle, subtitle_size, anchor="end",
                          fill=ink))
    title_size = fonts.fit_size(title, room - subtitle_width, height * 11 / 30, "bold")
    nodes.append(Text(left, baseline, title, title_size, font="bold", fill=ink))
    if rule:
        nodes.append(Text(left, height * 23 / 30, rule, fonts.fit_size(rule, room, height * 0.14),
                          fill=ink))
    return nodes


def _rule_lines(rules: Sequence[str], room: float, height: float, ink: str,
                left: float) -> list[Node]:
    """Rule lines below a left-aligned title, the first a quarter of the band from its foot."""
    if not rules:
        return []
    size = min(fonts.fit_size(rule, room, height * 0.14) for rule in rules)
    return [Text(left, height * 0.75 + line * size * 1.25, rule, size, fill=ink)
            for line, rule in enumerate(rules)]
