"""Paper sizes, print options and the areas of a page that artwork may use."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from boardgen.errors import InputError
from boardgen.i18n import Words, words_for

PAPERS = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
}
MODES = ("home", "shop")
BACKS = ("duplex", "fold", "none")
INKS = ("normal", "saver")
MIN_PRINTABLE_MM = 120.0  # the footer (ruler, "print at 100 %" and the page label) needs this


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, always stored portrait (width ≤ height)."""

    name: str
    width: float
    height: float

    def size(self, landscape: bool = False) -> tuple[float, float]:
        """Width and height of the sheet in the given orientation."""
        return (self.height, self.width) if landscape else (self.width, self.height)

    def describe(self, words: Words | None = None) -> str:
        """"A4 (210 × 297 mm)", "Letter (215.9 × 279.4 mm)", in the kit's language."""
        words = words if words is not None else words_for()
        if self.name in ("a4", "a3"):
            label = self.name.upper()
        else:
            label = words("paper." + (self.name if self.name in PAPERS else "custom"))
        return words("paper.described", name=label, width=number(self.width, words),
                     height=number(self.height, words))


A4 = Paper("a4", *PAPERS["a4"])


def number(value: float, words: Words | None = None) -> str:
    """A measurement as printed: ``12.5`` in English, ``12,5`` in German and Polish."""
    text = f"{value:g}"
    return text.replace(".", words("number.decimal")) if words is not None else text


@dataclass(frozen=True)
class PrintOptions:
    """How pages are made: paper, printable margin, home or shop mode, bleed and backs."""

    paper: Paper = A4
    margin_mm: float = 6.0
    mode: Literal["home", "shop"] = "home"
    bleed_mm: float = 3.0
    backs: Literal["duplex", "fold", "none"] = "duplex"
    ink: Literal["normal", "saver"] = "normal"  # saver: white grounds and pale tints (boardgen.ink)
    words: Words = field(default_factory=words_for)  # the kit's language: page furniture

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InputError(f"unknown mode {self.mode!r}; expected home or shop", source="--mode")
        if self.backs not in BACKS:
            raise InputError(f"unknown backs {self.backs!r}; expected duplex, fold or none",
                             source="--backs")
        if self.ink not in INKS:
            raise InputError(f"unknown ink {self.ink!r}; expected normal or saver", source="--ink")
        if self.margin_mm < 0:
            raise InputError(f"the margin cannot be negative, found {self.margin_mm:g} mm",
                             source="--margin")
        if self.bleed_mm < 0:
            raise InputError(f"the bleed cannot be negative, found {self.bleed_mm:g} mm",
                             source="--bleed")
        short_side = self.paper.width - 2 * self.margin_mm
        if short_side < MIN_PRINTABLE_MM:
            raise InputError(f"{self.paper.describe()} with {self.margin_mm:g} mm margins leaves "
                             f"{short_side:g} mm across; at least {MIN_PRINTABLE_MM:g} mm must stay "
                             "printable for the ruler and page labels",
                             source="--margin" if self.margin_mm > 10 else "--paper")

    @property
    def shop(self) -> bool:
        return self.mode == "shop"


def parse_paper(text: str) -> Paper:
    """A paper by name (a4, a3, letter, legal) or as WxHmm (e.g. 300x450mm)."""
    key = text.strip().lower()
    if key in PAPERS:
        return Paper(key, *PAPERS[key])
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*mm", key)
    if match:
        w, h = float(match.group(1)), float(match.group(2))
        if not (50 <= w <= 5000 and 50 <= h <= 5000):
            raise InputError(f"paper {text!r} must be between 50 and 5000 mm on each side",
                             source="--paper")
        return Paper(f"{w:g}x{h:g}mm", min(w, h), max(w, h))
    raise InputError(f"unknown paper {text!r}; expected one of {', '.join(PAPERS)} or WxHmm "
                     "(for example 300x450mm)", source="--paper")


@dataclass(frozen=True)
class Box:
    """A rectangle on a page in mm (x, y top-left; y down)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, left: float, top: float | None = None, right: float | None = None,
              bottom: float | None = None) -> "Box":
        top = left if top is None else top
        right = left if right is None else right
        bottom = top if bottom is None else bottom
        return Box(self.x + left, self.y + top, self.w - left - right, self.h - top - bottom)

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)
