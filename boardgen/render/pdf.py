"""Scene/Document → PDF (reportlab). The only place that converts mm to points.

Every page gets the same base transform (mm, y down), so nodes are drawn with
their scene coordinates. Symbols become form XObjects drawn once per document.
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from boardgen import __version__, fonts
from boardgen.scene import (IDENTITY, Circle, Document, Group, Line, Node, Path, Polygon, Rect,
                            Scene, Style, Text, Use, used_symbols)

PT_PER_MM = 72.0 / 25.4
FORM_BBOX = (-5000, -5000, 5000, 5000)  # mm; large enough for any symbol
JOINS = {"miter": 0, "round": 1, "bevel": 2}
CAPS = {"butt": 0, "round": 1, "square": 2}


def mm_to_pt(value: float) -> float:
    return value * PT_PER_MM


class _Painter:
    """Draws nodes on a reportlab canvas whose user space is mm with y down."""

    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.forms: dict[str, tuple[Node, ...]] = {}

    def set_style(self, style: Style) -> tuple[int, int]:
        c = self.canvas
        fill = stroke = 0
        if style.fill:
            c.setFillColor(HexColor(style.fill))
            fill = 1
        if style.stroke:
            c.setStrokeColor(HexColor(style.stroke))
            c.setLineWidth(style.stroke_mm)
            c.setDash(list(style.dash) if style.dash else [])
            c.setLineJoin(JOINS[style.join])
            c.setLineCap(CAPS[style.cap])
            stroke = 1
        if style.opacity < 1:
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        return stroke, fill

    def draw(self, node: Node) -> None:
        c = self.canvas
        if isinstance(node, Group):
            c.saveState()
            if node.transform != IDENTITY:
                c.transform(*node.transform)
            if node.clip is not None:
                p = c.beginPath()
                p.rect(*node.clip)
                c.clipPath(p, stroke=0, fill=0)
            for child in node.children:
                self.draw(child)
            c.restoreState()
            return
        if isinstance(node, Use):
            if node.symbol not in self.forms:
                raise KeyError(f"scene has no symbol {node.symbol!r}")
            c.saveState()
            c.transform(*node.transform)
            c.doForm(node.symbol)
            c.restoreState()
            return
        if isinstance(node, Text):
            self.draw_text(node)
            return
        if not isinstance(node, (Rect, Circle, Line, Polygon, Path)):
            raise TypeError(f"the PDF renderer cannot draw {type(node).__name__}")
        c.saveState()
        stroke, fill = self.set_style(node.style)
        if isinstance(node, Rect):
            if node.rx:
                c.roundRect(node.x, node.y, node.w, node.h, node.rx, stroke=stroke, fill=fill)
            else:
                c.rect(node.x, node.y, node.w, node.h, stroke=stroke, fill=fill)
        elif isinstance(node, Circle):
            c.circle(node.cx, node.cy, node.r, stroke=stroke, fill=fill)
        elif isinstance(node, Line):
            c.line(node.x1, node.y1, node.x2, node.y2)
        elif isinstance(node, Polygon):
            p = c.beginPath()
            p.moveTo(*node.points[0])
            for pt in node.points[1:]:
                p.lineTo(*pt)
            if node.closed:
                p.close()
            c.drawPath(p, stroke=stroke, fill=fill if node.closed else 0)
        elif isinstance(node, Path):
            p = c.beginPath()
            for cmd in node.commands:
                op = cmd[0]
                if op == "M":
                    p.moveTo(*cmd[1:])
                elif op == "L":
                    p.lineTo(*cmd[1:])
                elif op == "C":
                    p.curveTo(*cmd[1:])
                elif op == "Z":
                    p.close()
                else:
                    raise ValueError(f"unknown path command {op!r}")
            c.drawPath(p, stroke=stroke, fill=fill, fillMode=0 if node.even_odd else 1)
        c.restoreState()

    def draw_text(self, node: Text) -> None:
        c = self.canvas
        c.saveState()
        c.translate(node.x, node.y)
        if node.rotate:
            c.rotate(node.rotate)  # user space is y-down, so a positive angle turns clockwise
        c.scale(1, -1)
        c.setFillColor(HexColor(node.fill))
        c.setFont(fonts.registered_name(node.font), node.size)
        if node.anchor == "middle":
            c.drawCentredString(0, 0, node.text)
        elif node.anchor == "end":
            c.drawRightString(0, 0, node.text)
        else:
            c.drawString(0, 0, node.text)
        c.restoreState()

    def define_forms(self, scene: Scene) -> None:
        for name in used_symbols(scene.children, scene.symbols):
            self.define_form(name, scene.symbols)

    def define_form(self, name: str, symbols) -> None:
        """One form XObject, after the forms it draws (a symbol may use other symbols)."""
        nodes = symbols[name]
        if name in self.forms:
            if self.forms[name] != nodes:
                raise ValueError(f"symbol {name!r} has two different definitions")
            return
        for inner in used_symbols(nodes, symbols):
            if inner != name:
                self.define_form(inner, symbols)
        self.forms[name] = nodes
        self.canvas.beginForm(name, *FORM_BBOX)
        for node in nodes:
            self.draw(node)
        self.canvas.endForm()
        _declare_graphics_states(self.canvas, name)


def _declare_graphics_states(canvas: Canvas, name: str) -> None:
    """List a form's opacity states in its resources, which reportlab leaves out.

    Without them a viewer either rejects the ``gs`` operators (drawing opaque) or looks
    the names up on the page, where they may mean another opacity.
    """
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not form.ExtGState:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


def _box(scene: Scene, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A scene box (x, y, w, h; y down, mm) as PDF corner coordinates in points."""
    x, y, w, h = box
    return (mm_to_pt(x), mm_to_pt(scene.height - y - h), mm_to_pt(x + w), mm_to_pt(scene.height - y))


def render_pdf(document: Document | Scene) -> bytes:
    """A PDF with one page per scene, fonts embedded and subset, scaling switched off."""
    if isinstance(document, Scene):
        document = Document((document,), title=document.title)
    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(buffer, pagesize=(mm_to_pt(first.width), mm_to_pt(first.height)),
                    invariant=1, pageCompression=1,
                    initialFontName=fonts.registered_name("regular"))
    canvas.setTitle(document.title)
    canvas.setSubject(document.subject)
    canvas.setCreator(f"boardgen {__version__}")
    canvas.setAuthor("boardgen")
    canvas.setViewerPreference("PrintScaling", "None")
    painter = _Painter(canvas)
    for page in document.pages:
        canvas.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        if page.trim_box:
            canvas.setTrimBox(_box(page, page.trim_box))
        if page.bleed_box:
            canvas.setBleedBox(_box(page, page.bleed_box))
        painter.define_forms(page)
        canvas.saveState()
        canvas.translate(0, mm_to_pt(page.height))
        canvas.scale(PT_PER_MM, -PT_PER_MM)
        for node in page.children:
            painter.draw(node)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
