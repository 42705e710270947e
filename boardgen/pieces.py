"""Chess piece glyphs drawn as scene nodes, so boards need no chess font.

Each glyph lives in a 100×100 unit box (origin top-left, y down) standing on a
shared plinth; ``piece`` scales one into a square of any size in mm. White
pieces are light with a dark outline; black pieces are dark with light inner
lines where the parts meet, so their details survive on any square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from boardgen.scene import (Circle, Group, Node, Path, PathCommand, Rect, Style, Use, compose,
                            scale, translate)

PIECE_LETTERS = "KQRBNP"
PIECE_NAMES = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight", "P": "Pawn"}
SIDES = ("white", "black")
BOX = 100.0
LIGHT = "#f8f8f4"
DARK = "#1a1a1a"
OUTLINE = 3.0
INNER = 2.2


@dataclass(frozen=True)
class _Ink:
    """How one side paints solid parts, inner seams and marks."""

    body: Style
    line: Style
    seams: bool


def _ink(side: str) -> _Ink:
    """White shows part edges through its outline; black needs light seams instead."""
    if side == "white":
        body = Style(fill=LIGHT, stroke=DARK, stroke_mm=OUTLINE, join="round")
        line = Style(stroke=DARK, stroke_mm=OUTLINE, join="round", cap="round")
        return _Ink(body, line, seams=False)
    body = Style(fill=DARK, stroke=DARK, stroke_mm=OUTLINE, join="round")
    line = Style(stroke=LIGHT, stroke_mm=INNER, join="round", cap="round")
    return _Ink(body, line, seams=True)


def _mirror(commands: list[PathCommand]) -> list[PathCommand]:
    """The same open outline reflected in x = 50 and walked backwards."""
    points = [cmd[-2:] for cmd in commands]
    back: list[PathCommand] = [("L", BOX - points[-1][0], points[-1][1])]
    for i in range(len(commands) - 1, 0, -1):
        cmd, (x, y) = commands[i], points[i - 1]
        if cmd[0] == "C":
            back.append(("C", BOX - cmd[3], cmd[4], BOX - cmd[1], cmd[2], BOX - x, y))
        else:
            back.append(("L", BOX - x, y))
    return back


def _symmetric(x: float, y: float, *segments: PathCommand) -> tuple[PathCommand, ...]:
    """A closed outline from its right half, given top to bottom from (x, y)."""
    right = [("M", x, y), *segments]
    return (*right, *_mirror(right), ("Z",))


def _part(commands: tuple[PathCommand, ...], ink: _Ink) -> Path:
    return Path(commands, ink.body)


def _line(ink: _Ink, x: float, y: float, *segments: PathCommand) -> Path:
    return Path((("M", x, y), *segments), ink.line)


def _seam(ink: _Ink, x0: float, x1: float, y: float) -> tuple[Node, ...]:
    """A light line where two black parts meet; white draws it with the outline."""
    return (_line(ink, x0, y, ("L", x1, y)),) if ink.seams else ()


def _band(ink: _Ink, x0: float, x1: float, y0: float, y1: float) -> tuple[Node, ...]:
    """A rounded collar between parts, with its seams."""
    inset = 3.5
    return (Rect(x0, y0, x1 - x0, y1 - y0, ink.body, rx=2.0),
            *_seam(ink, x0 + inset, x1 - inset, y0), *_seam(ink, x0 + inset, x1 - inset, y1))


def _plinth(ink: _Ink) -> tuple[Node, ...]:
    """The base every piece stands on, so a set reads as one family."""
    foot = _symmetric(50, 83, ("L", 74, 83), ("C", 76.5, 83, 77.5, 84, 78.2, 85.6),
                      ("L", 80.2, 89.2), ("C", 80.8, 90.8, 80, 92, 78, 92))
    return (_part(foot, ink), *_band(ink, 28, 72, 76, 84))


def _flare(top_y: float, top_x: float, ink: _Ink) -> Path:
    """A concave body flaring from a narrow collar down to the plinth."""
    return _part(_symmetric(50, top_y, ("L", top_x, top_y),
                            ("C", top_x + 1, top_y + 14, 62, 70, 70, 78)), ink)


def _pawn(ink: _Ink) -> tuple[Node, ...]:
    return (_flare(48, 57, ink), *_plinth(ink), *_band(ink, 37, 63, 44, 50),
            Circle(50, 30, 13.5, ink.body))


def _rook(ink: _Ink) -> tuple[Node, ...]:
    head = _symmetric(50, 14, ("L", 55.5, 14), ("L", 55.5, 23), ("L", 63, 23), ("L", 63, 14),
                      ("L", 74, 14), ("L", 74, 31), ("L", 67, 38))
    body = _symmetric(50, 36, ("L", 66, 36), ("L", 69, 78))
    return (_part(body, ink), *_plinth(ink), _part(head, ink),
            *_seam(ink, 29.5, 70.5, 31), *_seam(ink, 35, 65, 38))


def _bishop(ink: _Ink) -> tuple[Node, ...]:
    mitre = _symmetric(50, 15, ("C", 58, 21, 68, 31, 67, 42), ("C", 66.5, 50, 60, 54, 50, 54))
    return (_flare(58, 56, ink), *_plinth(ink), _part(mitre, ink),
            Circle(50, 10.5, 6, ink.body), *_band(ink, 36, 64, 52, 59),
            _line(ink, 58.5, 28, ("L", 49, 40)))


def _king(ink: _Ink) -> tuple[Node, ...]:
    cross = _symmetric(50, 3, ("L", 53.5, 3), ("L", 53.5, 8.5), ("L", 59, 8.5), ("L", 59, 15),
                       ("L", 53.5, 15), ("L", 53.5, 22))
    head = _symmetric(50, 19, ("C", 62, 19, 71, 24, 70, 31), ("C", 69, 36, 65, 39, 62, 41))
    return (_flare(46, 59, ink), *_plinth(ink), _part(cross, ink), _part(head, ink),
            *_band(ink, 34, 66, 40, 47))


def _queen(ink: _Ink) -> tuple[Node, ...]:
    crown = _symmetric(50, 12, ("L", 56.5, 31), ("L", 64, 15), ("L", 68.5, 33), ("L", 78, 20),
                       ("L", 65, 44))
    balls = [Circle(cx, cy, 5.2, ink.body)
             for cx, cy in ((50, 9.5), (64, 13), (36, 13), (78, 18), (22, 18))]
    return (_flare(48, 58, ink), *_plinth(ink), _part(crown, ink), *balls,
            *_band(ink, 34, 66, 42, 49))


def _knight(ink: _Ink) -> tuple[Node, ...]:
    head = (("M", 32, 78), ("C", 33, 68, 40, 61, 47, 56), ("C", 41, 55, 34, 57, 28, 60),
            ("C", 21, 63, 14, 58, 15, 51), ("C", 16, 45, 23, 39, 30, 32),
            ("C", 36, 26, 42, 20, 47, 17), ("C", 49, 13, 51, 9, 55, 6.5),
            ("C", 58, 10, 61, 14, 62, 20),
            ("C", 76, 26, 84, 44, 80, 60), ("C", 78, 68, 71, 73, 70, 78), ("Z",))
    eye = Circle(41, 30, 2.6, Style(fill=ink.line.stroke))
    nostril = Circle(21, 50, 1.8, Style(fill=ink.line.stroke))
    mane = _line(ink, 64, 25, ("C", 72, 32, 77, 44, 74, 58))
    mouth = _line(ink, 16.5, 56.5, ("L", 24, 56))
    cheek = _line(ink, 45, 53, ("C", 51, 49, 52, 41, 47, 37))
    return (_part(head, ink), *_plinth(ink), eye, nostril, mane, mouth, cheek)


_DRAW = {"K": _king, "Q": _queen, "R": _rook, "B": _bishop, "N": _knight, "P": _pawn}


def _check(letter: str, side: str) -> str:
    """The canonical letter, or a ValueError naming what was wrong."""
    key = letter.upper() if isinstance(letter, str) else ""
    if len(key) != 1 or key not in PIECE_LETTERS:
        raise ValueError(f"unknown chess piece {letter!r}; expected one of {PIECE_LETTERS}")
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r}; expected 'white' or 'black'")
    return key


def piece_glyph(letter: str, side: str = "white") -> tuple[Node, ...]:
    """Nodes of a piece in a 100×100 unit box (origin top-left, y down), its base near y≈92."""
    return _glyph(_check(letter, side), side)


@lru_cache(maxsize=None)
def _glyph(key: str, side: str) -> tuple[Node, ...]:
    """Each of the twelve glyphs is drawn once: nodes are frozen, so every board, token and
    diagram shares them (and measuring a kit meets the same symbols again)."""
    return _DRAW[key](_ink(side))


def piece(letter: str, side: str, x: float, y: float, size_mm: float) -> Group:
    """The glyph scaled into a size_mm square whose top-left corner is (x, y)."""
    return Group(piece_glyph(letter, side), compose(translate(x, y), scale(size_mm / BOX)))


def piece_use(letter: str, side: str, x: float, y: float, size_mm: float,
              prefix: str = "") -> Use:
    """The glyph scaled into a size_mm square whose top-left corner is (x, y), as a use of the
    symbol a scene stores once (``piece_symbols``; ``prefix``: of a variant a game stores
    beside them, such as pale glyphs)."""
    return Use(prefix + piece_symbol_id(letter, side),
               compose(translate(x, y), scale(size_mm / BOX)))


def piece_in(letter: str, side: str, box: tuple[float, float, float, float], share: float,
             prefix: str = "") -> Use:
    """The glyph centred in a box (a square of a board), ``share`` of its shorter side."""
    x, y, w, h = box
    size = min(w, h) * share
    return piece_use(letter, side, x + (w - size) / 2, y + (h - size) / 2, size, prefix)


def piece_symbol_id(letter: str, side: str) -> str:
    """A stable symbol name, so a board can store each glyph once in Scene.symbols."""
    return f"piece-{_check(letter, side)}-{side}"


def piece_symbols() -> dict[str, tuple[Node, ...]]:
    """All twelve glyphs in the 100-unit box, keyed by piece_symbol_id."""
    return {piece_symbol_id(letter, side): piece_glyph(letter, side)
            for side in SIDES for letter in PIECE_LETTERS}
