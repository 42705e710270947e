"""Die nets: a cross-shaped cube net with glue tabs, fold and cut lines, faces with pips or
faces of the layout's own (a word, a number, a pictogram, a chess piece), on a sheet with how
to make it and, for a die whose faces stand for numbers, which number each face stands for.

Faces sit in the net so that faces whose numbers add up to 7 end up opposite each other,
as on an ordinary die. A die whose faces are pictures is also handed to digital tabletops
as its six faces (:class:`boardgen.product.Die`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from boardgen import fonts, pieces
from boardgen.components import pictograms
from boardgen.components.base import Context, Parts, Summary
from boardgen.components.lines import CUT, FOLD
from boardgen.components.text import CAP_HEIGHT, centred, wrap
from boardgen.components.wording import counted
from boardgen.layout import Color, Model as LayoutModel
from boardgen.product import Die, Sheet
from boardgen.scene import Circle, Group, Line, Node, Polygon, Rect, Scene, Style, Text, translate

NAME = "die"
Slot = tuple[int, int]
NET: dict[Slot, int] = {(1, 0): 6, (0, 1): 3, (1, 1): 2, (2, 1): 4, (1, 2): 1, (1, 3): 5}
SIDES = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
TABS: tuple[tuple[Slot, str], ...] = (
    ((1, 0), "top"), ((0, 1), "top"), ((2, 1), "top"), ((1, 2), "left"), ((1, 2), "right"),
    ((1, 3), "left"), ((1, 3), "right"),
)
TAB_DEPTH = 0.3
TAB_FILL = "#d4d4d4"
SHEET_SIZE = (198.0, 254.0)  # the printable area A4 and US Letter share, less the footer
MARGIN = 6.0
NET_GAP = 14.0
HELP_SIZE = 4.2
KEY_SIZE = 4.0
KEY_GAP = 12.0  # from the nets' foot to the key line's baseline
PIPS = {1: ((0.5, 0.5),), 2: ((0.27, 0.27), (0.73, 0.73)),
        3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
        4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
        5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
        6: ((0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76))}


class Model(LayoutModel):
    """Dice to fold from paper."""

    type: Literal["die"] = Field(description="die nets to fold into six-sided dice")
    count: int = Field(1, ge=1, le=6, description="how many dice the game needs")
    edge_mm: float = Field(18.0, ge=10, le=60, description="the side of the folded die")
    faces: tuple[str, ...] | None = Field(
        None, description="six faces in the order of an ordinary die's 1 to 6: a word, a "
                          "number, pictogram:NAME or piece:K (a chess piece: K Q R B N P); "
                          "left out, pips")
    color: Color = Field("#ffffff", description="the faces' colour")
    ink: Color = Field("#1d1a16", description="pips and words")

    @field_validator("faces")
    @classmethod
    def six_faces(cls, faces):
        if faces is None:
            return faces
        if len(faces) != 6:
            raise ValueError(f"a die has six faces, found {len(faces)}")
        for face in faces:
            if face.startswith("pictogram:"):
                pictograms.known_drawing(face[10:])
            elif face.startswith("piece:"):
                if len(face) != 7 or face[6] not in pieces.PIECE_LETTERS:
                    raise ValueError(f"unknown chess piece {face[6:]!r}; expected one of "
                                     f"{', '.join(pieces.PIECE_LETTERS)}")
            elif not face.strip() or len(face) > 12:
                raise ValueError(f"a face is 1 to 12 characters, found {face!r}")
        return faces


def pips(value: int, x: float, y: float, e: float, ink: str) -> list[Node]:
    """The pips of ``value`` on a face ``e`` mm a side with its top-left corner at (x, y)."""
    return [Circle(x + px * e, y + py * e, e * 0.09, Style(fill=ink)) for px, py in PIPS[value]]


def face_nodes(model: Model, value: int, x: float, y: float, e: float,
               uses: set | None = None) -> list[Node]:
    """Face ``value`` (1 to 6), ``e`` mm a side, with its top-left corner at (x, y)."""
    nodes: list[Node] = [Rect(x, y, e, e, Style(fill=model.color))]
    if model.faces is None:
        return nodes + pips(value, x, y, e, model.ink)
    face = model.faces[value - 1]
    if face.startswith("pictogram:"):
        name = face[10:]
        if uses is not None:
            uses.add((name, model.ink, model.color))
        nodes.append(pictograms.use(name, x + e / 2, y + e / 2, e * 0.74, model.ink, model.color))
        return nodes
    if face.startswith("piece:"):
        glyph = e * 0.8
        nodes.append(pieces.piece_use(face[6], "black", x + (e - glyph) / 2,
                                      y + (e - glyph) / 2 + e * 0.02, glyph))
        return nodes
    size = fonts.fit_size(face, e * 0.8, e * 0.5, "bold")
    nodes.append(centred(x + e / 2, y + e / 2, face, size, font="bold", fill=model.ink))
    if face in ("6", "9"):  # tell 6 from 9 on a turned die
        width = fonts.text_width(face, size, "bold")
        nodes.append(Rect(x + e / 2 - width / 2, y + e / 2 + size * 0.45, width, size * 0.08,
                          Style(fill=model.ink)))
    return nodes


def _edge(slot: Slot, side: str, e: float) -> tuple[float, float, float, float]:
    x, y = slot[0] * e, slot[1] * e
    return {"top": (x, y, x + e, y), "bottom": (x, y + e, x + e, y + e),
            "left": (x, y, x, y + e), "right": (x + e, y, x + e, y + e)}[side]


def _tab(slot: Slot, side: str, e: float) -> Polygon:
    """A trapezoid glue tab outside a face edge, its ends cut at 45° so tabs never overlap."""
    x1, y1, x2, y2 = _edge(slot, side, e)
    dx, dy = SIDES[side]
    d = TAB_DEPTH * e
    if dy:
        points = ((x1, y1), (x1 + d, y1 + dy * d), (x2 - d, y2 + dy * d), (x2, y2))
    else:
        points = ((x1, y1), (x1 + dx * d, y1 + d), (x2 + dx * d, y2 - d), (x2, y2))
    return Polygon(points, Style(fill=TAB_FILL))


def net_nodes(model: Model, uses: set | None = None) -> tuple[list[Node], float, float]:
    """The net with its top-left corner at (0, 0): nodes, width and height in mm."""
    e = model.edge_mm
    nodes: list[Node] = [_tab(slot, side, e) for slot, side in TABS]
    for slot, value in sorted(NET.items()):
        nodes += face_nodes(model, value, slot[0] * e, slot[1] * e, e, uses)
    tabs = set(TABS)
    for slot in sorted(NET):
        for side, (dx, dy) in SIDES.items():
            neighbour = (slot[0] + dx, slot[1] + dy)
            if neighbour in NET:
                if slot < neighbour:
                    nodes.append(Line(*_edge(slot, side, e), FOLD))
            elif (slot, side) in tabs:
                nodes.append(Line(*_edge(slot, side, e), FOLD))
                points = _tab(slot, side, e).points
                nodes += [Line(*points[i], *points[i + 1], CUT) for i in range(3)]
            else:
                nodes.append(Line(*_edge(slot, side, e), CUT))
    d = TAB_DEPTH * e
    return [Group(tuple(nodes), translate(0, d))], 3 * e, 4 * e + d


def symbols(model: Model, uses: set) -> dict:
    """What the faces draw with: the pictograms used, and the chess glyphs where a face is one."""
    found = dict(pictograms.symbols(uses))
    if any(face.startswith("piece:") for face in model.faces or ()):
        found.update(pieces.piece_symbols())
    return found


def die_faces(model: Model) -> tuple[Scene, ...]:
    """The six faces as the net prints them, in the order 1 to 6."""
    e = model.edge_mm
    faces = []
    for value in range(1, 7):
        uses: set = set()
        nodes = face_nodes(model, value, 0.0, 0.0, e, uses)
        faces.append(Scene(e, e, tuple(nodes), symbols=symbols(model, uses)))
    return tuple(faces)


def compose(model: Model, name: str, context: Context) -> Parts:
    """A sheet of the nets (one per die, and a spare where there is room) and how to make them."""
    words = context.words
    title = counted(words, "part.die.title", model.count)
    return Parts(sheets=(sheet(model, name, context, title, words("part.die.help"),
                               words("part.die.name.one")),))


def sheet(model: Model, name: str, context: Context, title: str, help: str, die_name: str,
          key: str = "") -> Sheet:
    """The nets' sheet under ``title`` with the ``help`` on making them and, where the faces
    stand for numbers (a chess die for an ordinary one), a ``key`` line below the nets."""
    ink = context.ink
    uses: set = set()
    net, w, h = net_nodes(model, uses)
    sheet_w = max(SHEET_SIZE[0], w + 2 * MARGIN)
    room = sheet_w - 2 * MARGIN
    title_size = fonts.fit_size(title, room, 8.0, "bold")
    y = MARGIN + title_size * CAP_HEIGHT
    nodes: list[Node] = [Rect(0, 0, sheet_w, 0, Style()),
                         Text(sheet_w / 2, y, title, title_size, font="bold", anchor="middle",
                              fill=ink)]
    y += 3.0
    for line in wrap(help, room * 0.85, HELP_SIZE):
        y += HELP_SIZE * 1.4
        nodes.append(Text(sheet_w / 2, y, line, HELP_SIZE, anchor="middle", fill=ink))
    top = y + 8.0
    per_row = max(1, int((room + NET_GAP) // (w + NET_GAP)))
    nets = model.count + (1 if (model.count % per_row) else 0)  # fill the last row with a spare
    rows = -(-nets // per_row)
    below = KEY_GAP if key else 0.0  # the key's line under the last row
    sheet_h = max(SHEET_SIZE[1], top + rows * (h + NET_GAP) + below + MARGIN)
    while rows > 1 and top + rows * (h + NET_GAP) + below > sheet_h and nets > model.count:
        nets -= 1
        rows = -(-nets // per_row)
    for k in range(nets):
        row, column = divmod(k, per_row)
        in_row = min(per_row, nets - row * per_row)
        left = (sheet_w - in_row * w - (in_row - 1) * NET_GAP) / 2
        nodes.append(Group(tuple(net), translate(left + column * (w + NET_GAP),
                                                 top + row * (h + NET_GAP))))
    if key:
        y = top + rows * (h + NET_GAP) - NET_GAP + KEY_GAP
        nodes.append(Text(sheet_w / 2, y, key, fonts.fit_size(key, room, KEY_SIZE),
                          anchor="middle", fill=ink))
    nodes[0] = Rect(0, 0, sheet_w, sheet_h, Style(fill="#ffffff"))
    scene = Scene(sheet_w, sheet_h, tuple(nodes), symbols=symbols(model, uses))
    die = Die(name, die_name, die_faces(model))
    return Sheet(name, context.words.titled(title), scene, die=die)


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    return [Summary(model.count, counted(context.words, "part.die.count", model.count))]
