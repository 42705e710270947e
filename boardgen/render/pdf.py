"""Scene/Document → PDF (reportlab). The only place that converts mm to points.

Every page gets the same base transform (mm, y down), so nodes are drawn with
their scene coordinates. Symbols become form XObjects drawn once per document.

Each node on a page, and each symbol, is drawn once per build: its PDF operators are
kept in :class:`Drawings` and placed again wherever the same node appears, in the same
document or another (the print-and-play bundle holds every page of the other PDFs).
What differs between documents (font names and the encoding of a font subset, names
of transparency states, forms in use) is left out of the kept operators and written
afresh by each document.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from boardgen import __version__, fonts
from boardgen.scene import (IDENTITY, Circle, Document, Group, Line, Node, Path, Polygon, Rect,
                            Scene, Style, Text, Use, direct_uses, used_symbols)

PT_PER_MM = 72.0 / 25.4
FORM_BBOX = (-5000, -5000, 5000, 5000)  # mm; large enough for any symbol
JOINS = {"miter": 0, "round": 1, "bevel": 2}
CAPS = {"butt": 0, "round": 1, "square": 2}


# Lone surrogates cannot be encoded in a PDF string; they are drawn as U+FFFD.
SURROGATE = re.compile("[\ud800-\udfff]")


def pdf_text(text: str) -> str:
    """Text a PDF can hold, as printed: a soft hyphen only marks where a word may break."""
    return SURROGATE.sub("\ufffd", fonts.without_soft_hyphens(text))


def mm_to_pt(value: float) -> float:
    """Millimetres in PDF points (1/72 in)."""
    return value * PT_PER_MM


@lru_cache(maxsize=None)
def _color(hex_code: str) -> str:
    """The RGB components of a colour as PDF numbers ("0.2 0.4 0.6")."""
    colour = HexColor(hex_code)
    return fp_str(colour.red, colour.green, colour.blue)


# What a document writes for itself; everything else is kept as operator strings.
Alpha = tuple[str, float]  # ("alpha", opacity)
Label = tuple[str, str, float, str, str]  # ("text", font, size, anchor, text)
Form = tuple[str, str]  # ("form", symbol name)
Drawing = list  # operator strings (lists of them) and the three kinds above, in order


class Drawings:
    """The PDF operators of drawn page nodes and symbols, by node, for reuse in a build.

    Nodes are known by identity (a page's nodes are the same objects wherever the page
    goes); each entry keeps its node, so an id cannot be taken over by a new object.
    The names of the symbols a node uses are kept the same way, so a page placed again
    is not searched again for the forms it needs.
    """

    def __init__(self) -> None:
        self.nodes: dict[int, tuple[Node, Drawing]] = {}
        self.forms: dict[tuple[str, int], tuple[tuple[Node, ...], Drawing]] = {}
        self.uses: dict[int, tuple[Node | tuple[Node, ...], frozenset[str]]] = {}

    def node(self, node: Node) -> Drawing | None:
        kept = self.nodes.get(id(node))
        return kept[1] if kept and kept[0] is node else None

    def form(self, name: str, nodes: tuple[Node, ...]) -> Drawing | None:
        kept = self.forms.get((name, id(nodes)))
        return kept[1] if kept and kept[0] is nodes else None

    def uses_of(self, drawn: Node | tuple[Node, ...]) -> frozenset[str]:
        """``scene.direct_uses`` of a node (or a symbol's nodes), found once per build."""
        kept = self.uses.get(id(drawn))
        if kept is None or kept[0] is not drawn:
            kept = self.uses[id(drawn)] = (drawn, direct_uses(drawn))
        return kept[1]


def _text_operators(canvas: Canvas, font_name: str, size: float, anchor: str, text: str) -> str:
    """One line of text at the origin, in the document's subsets of the font.

    Written as reportlab's documentation says a dynamic (TrueType) font is written,
    without a text object's bookkeeping, which took longer than the rest of a page.
    """
    font = pdfmetrics.getFont(font_name)
    x = 0.0
    if anchor != "start":
        width = font.stringWidth(text, size)
        x = -width / 2 if anchor == "middle" else -width
    doc = canvas._doc
    sized = _size_operators(size)
    parts = [f"BT 1 0 0 1 {fp_str(x)} 0 Tm"]
    for subset, chunk in font.splitString(text, doc):
        name = font.getSubsetInternalName(subset, doc)
        parts.append(f"{name} {sized} ({canvas._escape(chunk)}) Tj")
    parts.append("T* ET")  # the line ends, as reportlab ends it (text extractors read it so)
    return " ".join(parts)


@lru_cache(maxsize=None)
def _size_operators(size: float) -> str:
    """Font size and leading of a line of text, as reportlab writes them."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


def _write_alpha(canvas: Canvas, alpha: float) -> None:
    """Set fill and stroke opacity with the document's transparency states.

    Written as reportlab's ``setFillAlpha``/``setStrokeAlpha`` write it, but always:
    the painter has decided that it changes.
    """
    canvas._doc.ensureMinPdfVersion("transparency")
    states = canvas._extgstate._c
    for key in ("ca", "CA"):
        name = states.setdefault((key, alpha), f"gRLs{len(states)}")
        canvas._code.append(f"/{name} gs")


class _Painter:
    """Draws nodes on a reportlab canvas whose user space is mm with y down.

    It remembers the colours, widths and opacity it has set, so a shape only
    writes what changes; groups, symbols and text save and restore the state around
    them, and so does a shape standing alone on a page, so that every node on a page
    starts from the page's initial state and its operators fit any page. Opacity is
    back at 1 whenever a symbol is drawn, so symbols start from a known state.
    """

    def __init__(self, canvas: Canvas, drawings: Drawings):
        self.canvas = canvas
        self.drawings = drawings
        self.forms: dict[str, tuple[Node, ...]] = {}
        self.state: dict[str, object] = {"alpha": 1.0}
        self.saved: list[dict[str, object]] = []
        self.drawing: Drawing | None = None  # being recorded
        self.mark = 0  # where in the canvas's operators the recording's last step ended
        # The operators of each line of text in this document: a label written again
        # (a coordinate on every page, a page in the bundle) is encoded once.
        self.labels: dict[Label, str] = {}

    def perform(self, step) -> None:
        """Write one document-specific step of a drawing."""
        kind = step[0]
        if kind == "text":
            code = self.labels.get(step)
            if code is None:
                code = self.labels[step] = _text_operators(self.canvas, *step[1:])
            self.canvas._code.append(code)
        elif kind == "alpha":
            _write_alpha(self.canvas, step[1])
        else:
            self.canvas.doForm(step[1])

    def replay(self, drawing: Drawing) -> None:
        """Write a kept drawing: its operators as they are, its document-specific steps anew."""
        code = self.canvas._code
        for step in drawing:
            if type(step) is list:
                code.extend(step)
            else:
                self.perform(step)

    def step(self, step) -> None:
        """Write a document-specific step, and record it in the drawing being made."""
        code = self.canvas._code
        if self.drawing is not None:
            self.drawing.append(code[self.mark:])
        self.perform(step)
        if self.drawing is not None:
            self.drawing.append(step)
            self.mark = len(self.canvas._code)

    def record(self, draw) -> Drawing:
        """The operators ``draw()`` writes, with its document-specific steps apart."""
        self.drawing, self.mark = [], len(self.canvas._code)
        draw()
        drawing = self.drawing + [self.canvas._code[self.mark:]]
        self.drawing = None
        return [step for step in drawing if step]

    def draw_on_page(self, node: Node) -> None:
        """A node of a page: its kept operators, or drawn (and kept) now."""
        drawing = self.drawings.node(node)
        if drawing is None:
            drawing = self.record(lambda: self.draw_alone(node))
            self.drawings.nodes[id(node)] = (node, drawing)
        else:
            self.replay(drawing)

    def draw_alone(self, node: Node) -> None:
        """Draw a node and leave the state as it found it."""
        if isinstance(node, (Group, Use, Text)):  # these restore the state themselves
            self.draw(node)
            return
        self.push()
        self.draw(node)
        self.pop()

    def fresh_state(self) -> tuple[dict, list]:
        """Start a page or form from a known state; returns the state it replaces."""
        outer = (self.state, self.saved)
        self.state, self.saved = {"alpha": 1.0}, []
        return outer

    def push(self) -> None:
        """Save the graphics state. Written directly: nothing here reads the canvas's
        own record of its state, so there is none to keep."""
        self.canvas._code.append("q")
        self.saved.append(dict(self.state))

    def pop(self) -> None:
        self.canvas._code.append("Q")
        self.state = self.saved.pop()

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self.canvas._code.append(f"{fp_str(a, b, c, d, e, f)} cm")

    def set_alpha(self, alpha: float) -> None:
        if self.state.get("alpha") != alpha:
            self.step(("alpha", alpha))
            self.state["alpha"] = alpha

    def set_style(self, style: Style) -> tuple[int, int]:
        """Write what differs from the current state; (stroke, fill) as reportlab takes them.

        Every value is compared and set in place (no function per value): this runs for
        every shape drawn.
        """
        c = self.canvas
        state = self.state
        fill = stroke = 0
        if style.fill:
            if state.get("fill") != style.fill:
                c._code.append(f"{_color(style.fill)} rg")
                state["fill"] = style.fill
            fill = 1
        if style.stroke:
            if state.get("stroke") != style.stroke:
                c._code.append(f"{_color(style.stroke)} RG")
                state["stroke"] = style.stroke
            if state.get("width") != style.stroke_mm:
                c.setLineWidth(style.stroke_mm)
                state["width"] = style.stroke_mm
            if state.get("dash") != style.dash:
                c.setDash(list(style.dash) if style.dash else [])
                state["dash"] = style.dash
            if state.get("join") != style.join:
                c.setLineJoin(JOINS[style.join])
                state["join"] = style.join
            if state.get("cap") != style.cap:
                c.setLineCap(CAPS[style.cap])
                state["cap"] = style.cap
            stroke = 1
        self.set_alpha(style.opacity)
        return stroke, fill

    def draw(self, node: Node) -> None:
        c = self.canvas
        if isinstance(node, Group):
            self.push()
            if node.transform != IDENTITY:
                self.transform(*node.transform)
            if node.clip is not None:
                p = c.beginPath()
                p.rect(*node.clip)
                c.clipPath(p, stroke=0, fill=0)
            for child in node.children:
                self.draw(child)
            self.pop()
            return
        if isinstance(node, Use):
            if node.symbol not in self.forms:
                raise KeyError(f"scene has no symbol {node.symbol!r}")
            self.set_alpha(1.0)
            self.push()
            self.transform(*node.transform)
            self.step(("form", node.symbol))
            self.pop()
            return
        if isinstance(node, Text):
            self.draw_text(node)
            return
        if not isinstance(node, (Rect, Circle, Line, Polygon, Path)):
            raise TypeError(f"the PDF renderer cannot draw {type(node).__name__}")
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
        else:
            c.drawPath(self.path(node), stroke=stroke, fill=fill,
                       fillMode=0 if node.even_odd else 1)

    def path(self, node: Path):
        p = self.canvas.beginPath()
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
        return p

    def draw_text(self, node: Text) -> None:
        c = self.canvas
        self.set_alpha(1.0)
        self.push()
        if node.rotate:
            self.transform(1, 0, 0, 1, node.x, node.y)
            c.rotate(node.rotate)  # user space is y-down, so a positive angle turns clockwise
            c.scale(1, -1)
        else:
            self.transform(1, 0, 0, -1, node.x, node.y)  # text stands upright in y-down space
        c._code.append(f"{_color(node.fill)} rg")
        self.step(("text", fonts.registered_name(node.font), node.size, node.anchor,
                   pdf_text(node.text)))
        self.pop()

    def define_forms(self, scene: Scene) -> None:
        """The forms of the symbols a page draws, in the order of their names.

        Each node (and each symbol) is searched once per build, so the nodes of a page
        placed again in another document are not searched again.
        """
        symbols = scene.symbols
        for name in used_symbols(scene.children, symbols, self.drawings.uses_of):
            self.define_form(name, symbols)

    def define_form(self, name: str, symbols) -> None:
        """One form XObject, after the forms it draws (a symbol may use other symbols)."""
        nodes = symbols[name]
        if name in self.forms:
            if self.forms[name] != nodes:
                raise ValueError(f"symbol {name!r} has two different definitions")
            return
        for inner in used_symbols(nodes, symbols, self.drawings.uses_of):
            if inner != name:
                self.define_form(inner, symbols)
        self.forms[name] = nodes
        outer = self.fresh_state()
        self.canvas.beginForm(name, *FORM_BBOX)
        drawing = self.drawings.form(name, nodes)
        if drawing is None:
            drawing = self.record(lambda: [self.draw(node) for node in nodes])
            self.drawings.forms[(name, id(nodes))] = (nodes, drawing)
        else:
            self.replay(drawing)
        self.canvas.endForm()
        self.state, self.saved = outer
        _give_form_its_graphics_states(self.canvas, name)


def _give_form_its_graphics_states(canvas: Canvas, name: str) -> None:
    """Put the form's transparency states in its own resources.

    reportlab records a form's ExtGState but leaves it out of the form's resource
    dictionary, so viewers meet an unknown /gs name (or a page's state of the same
    name). The form gets a resource dictionary of its own with them.
    """
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    if not form.ExtGState:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


def _box(scene: Scene, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A scene box (x, y, w, h; y down, mm) as PDF corner coordinates in points."""
    x, y, w, h = box
    return (mm_to_pt(x), mm_to_pt(scene.height - y - h), mm_to_pt(x + w), mm_to_pt(scene.height - y))


def render_pdf(document: Document | Scene, drawings: Drawings | None = None) -> bytes:
    """A PDF with one page per scene, fonts embedded and subset, scaling switched off.

    ``drawings``: operators of nodes drawn for other documents of the same build, reused
    here where a page holds the same nodes (and added to with the ones drawn here).
    """
    if isinstance(document, Scene):
        document = Document((document,), title=document.title)
    rl_config.useA85 = 0  # binary streams: a quarter smaller than ASCII85
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(buffer, pagesize=(mm_to_pt(first.width), mm_to_pt(first.height)),
                    invariant=1, pageCompression=1,
                    initialFontName=fonts.registered_name("regular"))
    canvas.setTitle(pdf_text(document.title))
    canvas.setSubject(pdf_text(document.subject))
    canvas.setCreator(f"boardgen {__version__}")
    canvas.setAuthor("boardgen")
    canvas.setViewerPreference("PrintScaling", "None")
    painter = _Painter(canvas, drawings if drawings is not None else Drawings())
    for page in document.pages:
        canvas.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        if page.trim_box:
            canvas.setTrimBox(_box(page, page.trim_box))
        if page.bleed_box:
            canvas.setBleedBox(_box(page, page.bleed_box))
        painter.define_forms(page)
        painter.fresh_state()
        canvas.saveState()
        canvas.translate(0, mm_to_pt(page.height))
        canvas.scale(PT_PER_MM, -PT_PER_MM)
        for node in page.children:
            painter.draw_on_page(node)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
