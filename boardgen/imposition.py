"""Imposition: putting boards and components on paper. Knows nothing about games."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from boardgen.errors import InputError
from boardgen.product import Board, ComponentSet
from boardgen.scene import Group, Line, Node, Rect, Scene, Style, placed, translate

PAPERS = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
}
CUT = Style(stroke="#000000", stroke_mm=0.2)


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # portrait
    height: float


@dataclass(frozen=True)
class PrintOptions:
    paper: Paper = Paper("a4", *PAPERS["a4"])
    margin_mm: float = 6.0
    mode: Literal["home", "shop"] = "home"
    bleed_mm: float = 3.0
    backs: Literal["duplex", "fold", "none"] = "duplex"


def parse_paper(text: str) -> Paper:
    """A paper by name (a4, a3, letter, legal) or as WxHmm (e.g. 300x450mm)."""
    key = text.strip().lower()
    if key in PAPERS:
        return Paper(key, *PAPERS[key])
    match = re.fullmatch(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm", key)
    if match:
        w, h = float(match.group(1)), float(match.group(2))
        if not (50 <= w <= 5000 and 50 <= h <= 5000):
            raise InputError(f"paper {text!r} must be between 50 and 5000 mm on each side",
                             source="--paper")
        return Paper(key, min(w, h), max(w, h))
    raise InputError(f"unknown paper {text!r}; expected one of {', '.join(PAPERS)} or WxHmm "
                     "(for example 300x450mm)", source="--paper")


def impose_board(board: Board, options: PrintOptions) -> tuple[Scene, ...]:
    """The board on one page of its own size."""
    return (board.scene,)


def impose_components(components: ComponentSet, options: PrintOptions) -> tuple[Scene, ...]:
    """Pack every copy of every component in rows on the paper, fronts only."""
    paper = options.paper
    margin = options.margin_mm
    usable_w = paper.width - 2 * margin
    pages: list[list[Node]] = [[]]
    x = y = 0.0
    row_h = 0.0
    for component in components.components:
        w, h = component.front.width, component.front.height
        gap = 0.0 if component.cut == "shared" else 3.0
        if w > usable_w or h > paper.height - 2 * margin:
            raise InputError(f"component {component.name!r} ({w:g}×{h:g} mm) is bigger than the "
                             f"printable area of {paper.name}", source=components.name)
        for _ in range(component.count):
            if x + w > usable_w + 1e-9:
                x, y, row_h = 0.0, y + row_h, 0.0
            if y + h > paper.height - 2 * margin + 1e-9:
                pages.append([])
                x = y = row_h = 0.0
            pages[-1].append(placed(component.front, margin + x, margin + y))
            x += w + gap
            row_h = max(row_h, h + gap)
    return tuple(Scene(paper.width, paper.height, tuple(nodes),
                       symbols=_symbols(components), title=components.title)
                 for nodes in pages)


def _symbols(components: ComponentSet) -> dict:
    symbols: dict = {}
    for component in components.components:
        symbols.update(component.front.symbols)
        if component.back is not None:
            symbols.update(component.back.symbols)
    return symbols
