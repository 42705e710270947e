"""The title band: the kit's title (and subtitle, and a one-line rule) across a board's top.

Two looks, after the shipped boards: ``centre`` (the river race: title centred, the
subtitle in italics below it) and ``left`` (Racing Kings: title on the left, subtitle on
the same line at the right, a one-line rule below both).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardgen import fonts
from boardgen.layout import Model
from boardgen.scene import Node, Text


class TitleBand(Model):
    """The band at the top of a board."""

    height_mm: float = Field(24.0, ge=0, le=100, description="height of the band (0: no title "
                                                             "on the board)")
    align: Literal["centre", "left"] = Field("centre", description="centre: title centred, "
                                             "subtitle below; left: title left, subtitle right")


def title_nodes(title: str, subtitle: str, width: float, height: float, ink: str,
                align: str = "centre", left: float = 0.0, rule: str = "") -> list[Node]:
    """The band's text for a board ``width`` mm wide; ``left``: the margin of a left-aligned
    title (and the right margin of its subtitle); ``rule``: a line below (left look only)."""
    if height <= 0:
        return []
    if align == "left":
        return _left(title, subtitle, width, height, ink, left, rule)
    size = fonts.fit_size(title, width * 0.8, height * 0.42, "bold")
    nodes: list[Node] = [Text(width / 2, height * 0.55, title, size, font="bold",
                              anchor="middle", fill=ink)]
    if subtitle:
        sub = min(height * 0.2, size * 0.5)
        nodes.append(Text(width / 2, height * 0.55 + sub * 1.5, subtitle,
                          fonts.fit_size(subtitle, width * 0.9, sub, "italic"), font="italic",
                          anchor="middle", fill=ink))
    return nodes


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
