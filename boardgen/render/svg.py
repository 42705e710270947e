"""Scene → SVG (svgwrite), in millimetres: the viewBox is the scene's size in mm.

Every SVG carries its own fonts: a subset of each face it uses, as a WOFF data URI in
an ``@font-face`` rule, under a family name only boardgen uses. A browser therefore
draws the same letters as the PDF. cairosvg ignores ``@font-face`` and asks fontconfig
for that name, which the PNG renderer maps to the packaged Fira Sans.
"""

from __future__ import annotations

import base64
import re
from collections import defaultdict

import svgwrite

from boardgen import fonts
from boardgen.scene import (IDENTITY, Circle, Group, Line, Matrix, Node, Path, Polygon, Rect,
                            Scene, Style, Text, Use, used_symbols)


# Characters XML 1.0 forbids (C0 controls but tab, newline, return; lone surrogates; U+FFFE/F).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """Text that keeps the SVG well-formed: characters XML cannot hold become U+FFFD.

    A soft hyphen only marks where a word may break (the typesetter breaks there): it is
    not drawn, as it is not in the PDF.
    """
    return NOT_XML.sub("\ufffd", fonts.without_soft_hyphens(text))


def num(value: float) -> str:
    """A short, stable number: at most 3 decimals (1 µm), no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def matrix(m: Matrix) -> str:
    """An SVG transform attribute, as a plain translate where it can be."""
    a, b, c, d, e, f = m
    if (a, b, c, d) == (1, 0, 0, 1):
        return f"translate({num(e)},{num(f)})"
    return "matrix(" + ",".join(num(v) for v in m) + ")"


def style_attrs(style: Style) -> dict[str, str]:
    """SVG presentation attributes of a style, leaving out defaults."""
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = num(style.stroke_mm)
        if style.dash:
            attrs["stroke_dasharray"] = ",".join(num(v) for v in style.dash)
        if style.join != "miter":
            attrs["stroke_linejoin"] = style.join
        if style.cap != "butt":
            attrs["stroke_linecap"] = style.cap
    if style.opacity < 1:
        attrs["opacity"] = num(style.opacity)
    return attrs


def path_data(commands) -> str:
    """Path commands as an SVG ``d`` string."""
    parts = []
    for cmd in commands:
        parts.append(cmd[0] + " ".join(num(v) for v in cmd[1:]))
    return "".join(parts)


# The embedded family first; then the packaged family by its own name and a generic
# sans-serif, for programs that read neither @font-face nor boardgen's font setup.
FONT_FAMILY = f"'{fonts.EMBEDDED_FAMILY}', '{fonts.FAMILY}', sans-serif"


def font_faces(characters: dict[str, set[str]]) -> str:
    """CSS ``@font-face`` rules embedding, per face, a subset holding ``characters``.

    One family with weight and style descriptors, so a browser picks the drawn face
    and never fakes bold or italic from another one. No kerning or ligatures, as in
    the PDF and in cairosvg's PNG.
    """
    rules = []
    for face in sorted(characters):
        weight, slant = fonts.CSS[face]
        woff = fonts.subset_woff(face, "".join(sorted(characters[face])))
        rules.append(
            "@font-face{"
            f"font-family:'{fonts.EMBEDDED_FAMILY}';"
            f"font-weight:{'400' if weight == 'normal' else weight};font-style:{slant};"
            "src:url(data:font/woff;base64," + base64.b64encode(woff).decode("ascii") + ")"
            ' format("woff");}')
    rules.append("text{font-kerning:none;font-variant-ligatures:none;}")
    return "\n".join(rules)


class _Writer:
    def __init__(self, scene: Scene, embed_fonts: bool = True):
        self.scene = scene
        self.embed_fonts = embed_fonts
        self.dwg = svgwrite.Drawing(
            size=(f"{num(scene.width)}mm", f"{num(scene.height)}mm"),
            viewBox=f"0 0 {num(scene.width)} {num(scene.height)}",
            profile="full",
            debug=False,
        )
        self.clip_count = 0
        self.characters: dict[str, set[str]] = defaultdict(set)  # face -> characters drawn

    def element(self, node: Node):
        dwg = self.dwg
        if isinstance(node, Rect):
            extra = {"rx": num(node.rx)} if node.rx else {}
            return dwg.rect((num(node.x), num(node.y)), (num(node.w), num(node.h)),
                            **extra, **style_attrs(node.style))
        if isinstance(node, Circle):
            return dwg.circle((num(node.cx), num(node.cy)), num(node.r), **style_attrs(node.style))
        if isinstance(node, Line):
            return dwg.line((num(node.x1), num(node.y1)), (num(node.x2), num(node.y2)),
                            **style_attrs(node.style))
        if isinstance(node, Polygon):
            points = [(num(x), num(y)) for x, y in node.points]
            make = dwg.polygon if node.closed else dwg.polyline
            return make(points, **style_attrs(node.style))
        if isinstance(node, Path):
            attrs = style_attrs(node.style)
            if node.even_odd:
                attrs["fill_rule"] = "evenodd"
            return dwg.path(d=path_data(node.commands), **attrs)
        if isinstance(node, Text):
            weight, slant = fonts.CSS[node.font]
            text = xml_text(node.text)
            self.characters[node.font].update(text)
            attrs = {"font_family": FONT_FAMILY, "font_size": num(node.size), "fill": node.fill}
            if node.anchor != "start":
                attrs["text_anchor"] = node.anchor
            if weight != "normal":
                attrs["font_weight"] = weight
            if slant != "normal":
                attrs["font_style"] = slant
            el = dwg.text(text, insert=(num(node.x), num(node.y)), **attrs)
            if node.rotate:
                el["transform"] = f"rotate({num(node.rotate)},{num(node.x)},{num(node.y)})"
            return el
        if isinstance(node, Group):
            g = dwg.g()
            if node.transform != IDENTITY:
                g["transform"] = matrix(node.transform)
            if node.clip is not None:
                self.clip_count += 1
                clip_id = f"clip{self.clip_count}"
                clip = dwg.defs.add(dwg.clipPath(id=clip_id))
                x, y, w, h = node.clip
                clip.add(dwg.rect((num(x), num(y)), (num(w), num(h))))
                inner = dwg.g(clip_path=f"url(#{clip_id})")
                g.add(inner)
                target = inner
            else:
                target = g
            for child in node.children:
                target.add(self.element(child))
            return g
        if isinstance(node, Use):
            if node.symbol not in self.scene.symbols:
                raise KeyError(f"scene has no symbol {node.symbol!r}")
            el = dwg.use(f"#{node.symbol}")
            if node.transform != IDENTITY:
                el["transform"] = matrix(node.transform)
            return el
        raise TypeError(f"the SVG renderer cannot draw {type(node).__name__}")

    def write(self) -> bytes:
        for name in used_symbols(self.scene.children, self.scene.symbols):
            g = self.dwg.g(id=name)
            for child in self.scene.symbols[name]:
                g.add(self.element(child))
            self.dwg.defs.add(g)
        if self.scene.title:
            self.dwg.set_desc(title=xml_text(self.scene.title))
        for node in self.scene.children:
            self.dwg.add(self.element(node))
        if self.characters and self.embed_fonts:
            # First in <defs>, so a reader of the file meets the fonts before the drawing.
            self.dwg.defs.elements.insert(0, self.dwg.style(font_faces(self.characters)))
        return self.dwg.tostring().encode("utf-8")


def render_svg(scene: Scene, embed_fonts: bool = True) -> bytes:
    """The scene as a standalone SVG document sized in mm.

    ``embed_fonts=False``: without the style sheet, for a drawing only rasterised (cairosvg
    reads nothing from it, and cutting its font subsets is most of an SVG's time); the rest
    is the same bytes.
    """
    return (b'<?xml version="1.0" encoding="utf-8" ?>\n' + _Writer(scene, embed_fonts).write()
            + b"\n")
