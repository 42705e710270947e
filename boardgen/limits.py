"""The limits inside which every accepted layout builds, and how a scene is measured against them.

A build must finish in under a minute and 1.5 GB on one core with every format, paper,
mode and backs option. The expensive parts are known: PNG rasterising (memory and time
grow with pixels), PDF pages (one per tile of the board and per component sheet) and
the number of shapes drawn. Measured (``bench/bench_contract.py``): a 1.47 m² board
(Racing Kings with 145 mm squares) builds every file in every format at 150 dpi in 8 s and
254 MB, and the 160-space velodrome (2167 × 887 mm, 1.92 m²) in 4 s and 330 MB; 100,000 rectangles take 31 s and 440 MB as SVG and PNG, hence
the shape limits. The PDF and SVG coordinates stay far inside what viewers handle (PDF
pages up to 14,400 pt a side, the renderers' ±5 m symbol box).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from boardgen import fonts
from boardgen.memo import MISSING, IdentityMemo
from boardgen.scene import (IDENTITY, Circle, Group, Line, Matrix, Node, Path, Polygon, Rect,
                            Scene, Text, Use, apply)

MAX_SIDE_MM = 2500.0          # the longest side of any artwork (a 160-space velodrome is 2.2 m)
MAX_AREA_MM2 = 2_000_000.0    # 2 m² of board: 70 million pixels at 150 dpi
MIN_SIDE_MM = 1.0             # smaller artwork does not survive printing or cutting
MIN_PIECE_MM = 5.0            # a piece to cut out and hold
MIN_TEXT_MM = 1.0             # font size; a 1 mm font has 0.7 mm capitals, the least that prints
MAX_COORD_MM = 5000.0         # symbols are drawn in a ±5 m box (PDF form bounding box)
MAX_SHAPES = 50_000           # shapes one artwork draws, counting every repeated symbol
MAX_KIT_SHAPES = 100_000      # shapes of every picture of a kit: 100,000 take ~25 s as SVG + PNG
MAX_PAGES_PER_FILE = 400      # pages of one PDF on the smallest standard paper
MAX_PNG_SIDE_PX = 32_767      # cairo's largest image surface side
MAX_PNG_PIXELS = 80_000_000   # one PNG: 320 MB of image surface
MAX_KIT_PNG_PIXELS = 150_000_000  # every PNG of a kit together: rasterising time
MAX_PICTURE_FILES = 600       # separate SVG/PNG faces of one kit
STANDARD_PAPERS = ("a4", "a3", "letter", "legal")  # what check covers unless given a paper
MAX_BLEED_MM = 20.0           # the most bleed a shop build may ask for; check covers up to it
MAX_MARGIN_MM = 50.0          # the widest printable margin a build may ask for


@dataclass(frozen=True)
class Measure:
    """What drawing a node list costs and where it reaches, in its own coordinates."""

    shapes: int = 0
    min_text: float = math.inf           # smallest font size in mm
    bounds: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1
    bad_text: str | None = None          # first text that cannot be printed (``text_problem``)


def scale_of(m: Matrix) -> float:
    """How much a transform scales areas, as a length factor."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _box(points) -> tuple[float, float, float, float] | None:
    points = list(points)
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def control_character(text: str) -> str | None:
    """The first character of ``text`` that is a control or unassigned code, as U+XXXX."""
    if text.isprintable():  # no control, surrogate or unassigned character (nor others)
        return None
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs", "Cn"):
            return f"U+{ord(char):04X}"
    return None


# Unicode's bidi controls: boardgen sets every text left to right, as it is stored.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
LINE_BREAKS = frozenset("\n\t")  # text in a value that may span lines (a course map)
SHOWN_CHARACTERS = 5  # characters a message names before it counts the rest


def text_problem(text: str, line_breaks: bool = False, printed: bool = True) -> str | None:
    """Why ``text`` cannot be printed as written; None when it can.

    Control characters (newlines and tabs only where ``line_breaks`` allows them) and
    codes that are no character are refused; so are bidi controls, since text is set left
    to right as stored, and invisible characters (format characters), which would print
    as nothing or a box, but for the soft hyphen, which marks where a word may break. A
    ``printed`` text must have a glyph in the typeface for every character.
    """
    if text.isascii() and text.isprintable():  # nearly every text: nothing to look for
        return None
    allowed = LINE_BREAKS if line_breaks else frozenset()
    odd = [char for char in dict.fromkeys(text) if char not in allowed  # in reading order
           and (not char.isprintable() or (printed and char not in fonts.drawn_characters()))]
    if not odd:
        return None
    categories = {char: unicodedata.category(char) for char in odd}
    if any(category in ("Cc", "Zl", "Zp") for category in categories.values()):
        return "text contains a control character; remove it"
    for char, category in categories.items():
        if category in ("Cn", "Cs"):
            return f"text contains U+{ord(char):04X}, which is no character; remove it"
    for char in odd:
        if char in BIDI_CONTROLS:
            return (f"text contains the bidi control {character_name(char)}; remove it (text is "
                    "set left to right, as written)")
    for char, category in categories.items():
        if category == "Cf" and char != fonts.SOFT_HYPHEN:
            return f"text contains the invisible character {character_name(char)}; remove it"
    missing = [char for char in odd if char not in fonts.drawn_characters()]
    if not missing:  # printable, drawn, yet not isprintable(): spaces such as U+00A0
        return None
    shown = ", ".join(character_name(char) for char in missing[:SHOWN_CHARACTERS])
    more = len(missing) - SHOWN_CHARACTERS
    shown += f" and {more} more" if more > 0 else ""
    return (f"text has characters the typeface cannot draw: {shown}; {fonts.FAMILY} draws Latin, "
            "Greek and Cyrillic letters, digits and common signs")


def character_name(char: str) -> str:
    """``U+05D0 HEBREW LETTER ALEF``: a character named without printing it (a bidi control
    or a right-to-left letter would reorder the message around it)."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def _points(node: Node) -> list[tuple[float, float]]:
    if isinstance(node, Rect):
        return [(node.x, node.y), (node.x + node.w, node.y + node.h)]
    if isinstance(node, Circle):
        return [(node.cx - node.r, node.cy - node.r), (node.cx + node.r, node.cy + node.r)]
    if isinstance(node, Line):
        return [(node.x1, node.y1), (node.x2, node.y2)]
    if isinstance(node, Polygon):
        return list(node.points)
    if isinstance(node, Path):
        return [p for cmd in node.commands for p in zip(cmd[1::2], cmd[2::2])]
    return [(node.x, node.y)]  # Text: its anchor; glyphs reach about one size further


# Recent measures by scene, and by the nodes of a symbol that uses no other symbol: a check
# measures each picture more than once. A kit has some hundred pictures.
_MEASURED: IdentityMemo[Measure] = IdentityMemo(512)
_SYMBOLS_MEASURED: IdentityMemo[tuple] = IdentityMemo(512)


def measure(scene: Scene) -> Measure:
    """The scene's shapes, smallest text and reach, following every symbol it uses."""
    return _MEASURED.recall((scene,), lambda: _measure(scene))


def _measure(scene: Scene) -> Measure:
    """``measure`` without the memory.

    Measures in the making are plain tuples (shapes, smallest text, bounds, bad text),
    added up in drawing order; a board has thousands of nodes. A symbol that uses no
    other symbol measures the same in every scene, so its measure is kept by the symbol's
    nodes (the pieces of a kit share their glyphs).
    """
    symbols = scene.symbols
    cache: dict[str, tuple] = {}
    uses = 0  # Use nodes met so far: a symbol that meets none stands on its own

    def of_symbol(name: str, trail: frozenset[str]) -> tuple:
        if name not in cache:
            if name in trail or name not in symbols:
                return _NOTHING
            nodes = symbols[name]
            kept = _SYMBOLS_MEASURED.get((nodes,))
            if kept is not MISSING:
                cache[name] = kept
            else:
                before = uses
                cache[name] = of_nodes(nodes, trail | {name})
                if uses == before:
                    _SYMBOLS_MEASURED.put((nodes,), cache[name])
        return cache[name]

    def of_nodes(nodes, trail: frozenset[str]) -> tuple:
        nonlocal uses
        shapes, least, box, bad = _NOTHING
        for node in nodes:
            kind = type(node)
            if kind is Rect:
                shapes += 1
                reach = _box_of(node.x, node.y, node.x + node.w, node.y + node.h)
            elif kind is Circle:
                shapes += 1
                reach = _box_of(node.cx - node.r, node.cy - node.r, node.cx + node.r,
                                node.cy + node.r)
            elif kind is Line:
                shapes += 1
                reach = _box_of(node.x1, node.y1, node.x2, node.y2)
            elif kind is Group or kind is Use:
                if kind is Group:
                    measured = of_nodes(node.children, trail)
                else:
                    uses += 1
                    measured = of_symbol(node.symbol, trail)
                more, smallest, reach, odd = _transformed(measured, node.transform)
                shapes += more
                if smallest < least:
                    least = smallest
                bad = bad or odd
            elif kind is Text:
                shapes += 1
                if node.text.strip() and node.size < least:
                    least = node.size
                if bad is None and text_problem(node.text) is not None:
                    bad = node.text
                reach = (node.x, node.y, node.x, node.y)
            elif kind is Path:
                shapes += 1
                reach = _path_box(node.commands)
            else:  # Polygon
                shapes += 1
                reach = _box(_points(node))
            if reach is not None:
                box = reach if box is None else (
                    min(box[0], reach[0]), min(box[1], reach[1]),
                    max(box[2], reach[2]), max(box[3], reach[3]))
        return shapes, least, box, bad

    return Measure(*of_nodes(scene.children, frozenset()))


def _box_of(xa: float, ya: float, xb: float, yb: float) -> tuple[float, float, float, float]:
    """``_box`` of two points."""
    return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))


def _path_box(commands) -> tuple[float, float, float, float] | None:
    """``_box`` of a path's points, read from its commands without pairing them up."""
    xs: list[float] = []
    ys: list[float] = []
    for command in commands:
        end = len(command) - (len(command) - 1) % 2  # whole (x, y) pairs only
        xs += command[1:end:2]
        ys += command[2:end:2]
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


_NOTHING = (0, math.inf, None, None)


def _transformed(measured: tuple, m: Matrix) -> tuple:
    """A measure in the coordinates ``m`` puts it in (``Measure.transformed``)."""
    if m == IDENTITY:
        return measured
    shapes, least, bounds, bad = measured
    if bounds is not None:
        x0, y0, x1, y1 = bounds
        bounds = _box([apply(m, p) for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))])
    return shapes, least * scale_of(m), bounds, bad


def art_problems(name: str, scene: Scene, *, piece: bool = False, figure: bool = False) -> list[str]:
    """What keeps one artwork from building, as messages (empty when it builds).

    A piece must be large enough to cut out; a rule figure is scaled to the column when
    typeset, so its text size is judged there, not here.
    """
    w, h = scene.width, scene.height
    if not (math.isfinite(w) and math.isfinite(h)):
        return [f"{name} has no finite size"]
    least = MIN_PIECE_MM if piece else MIN_SIDE_MM
    if min(w, h) < least:
        return [f"{name} is {w:.3g} × {h:.3g} mm; at least {least:g} mm a side"]
    problems: list[str] = []
    if max(w, h) > MAX_SIDE_MM:
        problems.append(f"{name} is {w:.0f} × {h:.0f} mm; at most {MAX_SIDE_MM:.0f} mm a side")
    elif w * h > MAX_AREA_MM2:
        problems.append(f"{name} is {w:.0f} × {h:.0f} mm = {w * h / 1e6:.2f} m²; "
                        f"at most {MAX_AREA_MM2 / 1e6:g} m²")
    m = measure(scene)
    if m.shapes > MAX_SHAPES:
        problems.append(f"{name} draws {m.shapes} shapes; at most {MAX_SHAPES}")
    if m.min_text < MIN_TEXT_MM and not figure:
        problems.append(f"{name} has text of font size {m.min_text:.2g} mm; at least "
                        f"{MIN_TEXT_MM:g} mm prints legibly")
    if m.bad_text is not None:
        control = control_character(m.bad_text)
        problems.append(f"{name} has text {m.bad_text!r} with the control character {control}"
                        if control else f"{name} has text {m.bad_text!r}: "
                        + text_problem(m.bad_text).removeprefix("text "))
    if not problems and m.bounds is not None and max(abs(v) for v in m.bounds) > MAX_COORD_MM:
        problems.append(f"{name} draws {max(abs(v) for v in m.bounds):.0f} mm from its corner; "
                        f"at most {MAX_COORD_MM:.0f} mm")
    return problems


def png_size(scene: Scene, dpi: int) -> tuple[int, int]:
    """Pixel size of a scene's PNG at ``dpi`` (as cairosvg rounds it)."""
    return (round(scene.width * dpi / 25.4), round(scene.height * dpi / 25.4))


def png_problem(file_name: str, scene: Scene, dpi: int) -> str | None:
    """Why one PNG cannot be made at ``dpi``; None when it can."""
    w, h = png_size(scene, dpi)
    if min(w, h) < 1:
        return (f"{file_name} would be {w} × {h} px at --dpi {dpi}; it needs at least 1 px a side: "
                "use a higher --dpi")
    if not png_fits(scene, dpi):
        return (f"{file_name} would be {w} × {h} px at --dpi {dpi}; at most {MAX_PNG_PIXELS:,} px "
                f"and {MAX_PNG_SIDE_PX} px a side: {lower_dpi(lambda d: png_fits(scene, d), dpi)}")
    return None


def png_fits(scene: Scene, dpi: int) -> bool:
    """Whether a scene's PNG at ``dpi`` is within the pixel limits."""
    w, h = png_size(scene, dpi)
    return max(w, h) <= MAX_PNG_SIDE_PX and w * h <= MAX_PNG_PIXELS


def lower_dpi(fits: Callable[[int], bool], dpi: int) -> str:
    """Advice naming the highest --dpi below ``dpi`` at which ``fits`` holds (pixels grow
    with the resolution, so a halving search finds it)."""
    low, high = 0, dpi  # fits(low) holds or low is 0; fits(high) does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return f"use --dpi {low} or lower" if low else "use a lower --dpi"
