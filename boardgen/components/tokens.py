"""Tokens: a player's pieces (or neutral ones) as discs, fold-over standees, square blocks
or pawns, in the player's colour with the player's mark, numbered where a player has several.

- ``disc``: round, printed on both sides, cut along its circle (the Steeple Chess token),
  or showing a picture instead of a number (the Racing Kings pieces, :func:`picture_disc`);
- ``block``: square, printed on both sides, cut with its neighbours (:func:`block_face` draws
  blocks of any rectangle, with a short text, as the river's obstacles; :func:`fold_over`
  makes such a face a piece to fold);
- ``standee``: a strip folded at its middle, foot, face, face, foot (the six-day rider), a
  pawn's outline or a pictogram of your choice on its face, or a face of its own where a game
  draws one (the Racing Kings pieces);
- ``pawn``: two pawn shapes joined by a base: fold the base's edges up and glue the heads
  together, and the pawn stands.
"""

from __future__ import annotations

from typing import Literal, Mapping, Sequence

from pydantic import Field

from boardgen import fonts
from boardgen.components import pictograms
from boardgen.components.base import Context, Parts, Player, Summary
from boardgen.components.lines import CUT, FOLD, folds
from boardgen.components.text import centred, fitted
from boardgen.layout import Color, Model as LayoutModel
from boardgen.marks import mark_node
from boardgen.components.wording import counted
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Circle, Group, Line, Node, Path, Rect, Scene, Style, Use, ink_on,
                            mix, rotate, scale, translate)
from boardgen.scene import compose as chain

NAME = "tokens"
Shape = Literal["disc", "standee", "block", "pawn"]


class Model(LayoutModel):
    """A set of tokens."""

    type: Literal["tokens"] = Field(description="tokens: discs, standees, blocks or pawns")
    shape: Shape = Field("disc", description="disc, standee, block or pawn")
    size_mm: float = Field(22.0, ge=8, le=120, description="the disc's or block's side, the "
                                                           "standee's or pawn's width")
    per_player: int = Field(1, ge=0, le=20, description="tokens of each player's colour")
    count: int = Field(0, ge=0, le=200, description="neutral tokens besides, in `color`")
    color: Color = Field("#d9d2c3", description="the neutral tokens' colour")
    numbered: bool | None = Field(None, description="print each token's number (default: when "
                                                    "a player has more than one)")
    spares: bool = Field(True, description="print a spare of each where the sheet has room")
    numbers: Literal["token", "player"] = Field(
        "token", description="what a token's number counts: a player's tokens, or the players "
                             "(every token of player 3 shows 3)")
    picture: pictograms.DrawingName | None = Field(
        None, description="a pictogram on a standee's face instead of a pawn's outline "
                          "(cyclist, crown, star, ...)")
    face_mm: float | None = Field(None, ge=8, le=150, description="height of a standee's face "
                                                                 "(default: 1.6 × its width)")
    number_share: float = Field(0.3, ge=0.1, le=0.5, description="the radius of a standee's "
                                "number disc as a share of its width")


def _ink(color: str, ink: str) -> str:
    return ink_on(color, dark=ink)


def face_nodes(color: str, mark: str | None, number: int | None, cx: float, cy: float,
               diameter: float, ink: str, frame: str) -> list[Node]:
    """A round token's face: its colour, a ring, the number (if any) and the mark above it,
    after the Steeple Chess pieces; without a number, the mark large in the middle."""
    r = diameter / 2
    text_ink = _ink(color, ink)
    nodes: list[Node] = [Circle(cx, cy, r, Style(fill=color, stroke=frame,
                                                 stroke_mm=diameter * 0.02)),
                         Circle(cx, cy, r * 0.8, Style(stroke=text_ink, stroke_mm=diameter * 0.035))]
    if number is not None:
        nodes.append(centred(cx, cy + diameter * 0.02, str(number), diameter * 0.5, font="bold",
                             fill=text_ink))
        if mark:
            nodes.append(mark_node(mark, cx, cy - diameter * 0.29, diameter * 0.18, text_ink,
                                   color))
    elif mark:
        nodes.append(mark_node(mark, cx, cy, diameter * 0.42, text_ink, color))
    return nodes


def disc(color: str, mark: str | None, number: int | None, size: float, ink: str,
         title: str, frame: str | None = None) -> Scene:
    """A round token to cut out; ``frame``: its rim's ink (default: a darker shade of its
    colour)."""
    nodes = face_nodes(color, mark, number, size / 2, size / 2, size, ink,
                       frame or mix(color, "#000000", 0.45))
    return Scene(size, size, (*nodes, Circle(size / 2, size / 2, size / 2, CUT)), title=title)


def picture_disc(fill: str, ring: str, ring_mm: float, symbol: str,
                 symbols: Mapping[str, tuple[Node, ...]], size: float, title: str,
                 share: float = 0.78) -> Scene:
    """A round token that shows a picture instead of a number (a chess piece): its colour,
    a ring just inside the edge (its width tells sides apart), the picture, a symbol drawn
    in a 100-unit box, ``share`` of the diameter wide, and the cut line."""
    r = size / 2
    nodes = (*picture_disc_nodes(fill, ring, ring_mm, symbol, size, share=share),
             Circle(r, r, r, CUT))
    return Scene(size, size, nodes, symbols=dict(symbols), title=title)


def picture_disc_nodes(fill: str, ring: str, ring_mm: float, symbol: str, size: float,
                       x: float = 0.0, y: float = 0.0, share: float = 0.78) -> tuple[Node, ...]:
    """A picture disc's face without its cut line, its box's top-left corner at (x, y): the
    token itself, or the same token drawn small (a mark of where a piece starts)."""
    r = size / 2
    picture = size * share
    return (Circle(x + r, y + r, r, Style(fill=fill)),
            Circle(x + r, y + r, r - size * 0.06, Style(stroke=ring, stroke_mm=ring_mm)),
            Use(symbol, chain(translate(x + r - picture / 2, y + r - picture / 2),
                              scale(picture / 100))))


def block(color: str, mark: str | None, number: int | None, size: float, ink: str,
          title: str) -> Scene:
    return Scene(size, size, tuple(block_face(color, size, size, ink, mark, number)),
                 title=title)


def block_face(color: str, width: float, height: float, ink: str, mark: str | None = None,
               number: int | None = None, text: str = "", text_ink: str | None = None,
               frame: str | None = None, edge: str | None = None,
               unit: float | None = None) -> list[Node]:
    """A block's face, ``width`` × ``height`` mm from (0, 0): its colour, a rounded frame, the
    number with the mark above it (or the mark alone, large), or a short ``text`` such as a
    reminder of what the piece does; ``edge``: an outline, so blocks laid side by side on a
    board stay apart. ``text_ink`` and ``frame``: the inks of the text and of the frame
    (default: whichever reads on the colour, both). ``unit``: the length frame and text are
    measured by (default: the shorter side), so blocks of several cells can share one look."""
    text_ink = text_ink or _ink(color, ink)
    unit = unit or min(width, height)
    inset = unit * 0.08
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=color)),
                         Rect(inset, inset, width - 2 * inset, height - 2 * inset,
                              Style(stroke=frame or text_ink, stroke_mm=unit * 0.03),
                              rx=unit * 0.08)]
    if number is not None:
        nodes.append(centred(width / 2, height * 0.56, str(number), unit * 0.46, font="bold",
                             fill=text_ink))
        if mark:
            nodes.append(mark_node(mark, width / 2, height * 0.24, unit * 0.17, text_ink, color))
    elif mark:
        nodes.append(mark_node(mark, width / 2, height / 2, unit * 0.42, text_ink, color))
    if text:
        nodes.append(fitted(width / 2, height / 2, text, unit * 0.7, unit * 0.42, "bold",
                            fill=text_ink))
    if edge:
        nodes.append(Rect(0, 0, width, height, Style(stroke=edge, stroke_mm=max(0.15, unit * 0.02))))
    saved = saver_block_face(color, width, height, mark, number, text, edge, unit)
    return [Group(tuple(nodes), saver=tuple(saved))]


SAVER_HATCH = 0.22   # the saver block's hatching: line spacing, in units (the shorter side)
SAVER_BAND = 0.1     # its frame's width, in units


def saver_block_face(color: str, width: float, height: float, mark: str | None = None,
                     number: int | None = None, text: str = "", edge: str | None = None,
                     unit: float | None = None) -> list[Node]:
    """A block's face for the ink saver: a white ground hatched in the block's colour inside
    a broad frame of it, the number, mark or text in that colour on a white patch. A black
    piece still reads as black and a green one as green, for a fifth of the ink."""
    unit = unit or min(width, height)
    inset = unit * 0.08
    band = unit * SAVER_BAND
    step = unit * SAVER_HATCH
    ink = color if ink_on(color) == "#ffffff" else mix(color, "#000000", 0.5)
    commands: list[tuple] = []
    offset = step / 2
    while offset < width + height:
        commands += [("M", offset, 0.0), ("L", offset - height, height)]
        offset += step
    nodes: list[Node] = [
        Rect(0, 0, width, height, Style(fill="#ffffff")),
        Group((Path(tuple(commands), Style(stroke=color, stroke_mm=unit * 0.035)),),
              clip=(0, 0, width, height)),
        Rect(inset, inset, width - 2 * inset, height - 2 * inset,
             Style(stroke=color, stroke_mm=band), rx=unit * 0.08)]
    size = unit * 0.46 if number is not None else unit * 0.42
    label = str(number) if number is not None else text
    if label:
        label_size = size if number is not None else fonts.fit_size(text, unit * 0.7, size,
                                                                   "bold")
        half = fonts.text_width(label, label_size, "bold") / 2 + unit * 0.08
        nodes.append(Rect(width / 2 - half, height / 2 - label_size * 0.6, 2 * half,
                          label_size * 1.2, Style(fill="#ffffff"), rx=unit * 0.05))
        nodes.append(centred(width / 2, height / 2, label, label_size, font="bold", fill=ink))
        if number is not None and mark:
            nodes.append(mark_node(mark, width / 2, height * 0.24, unit * 0.17, ink, "#ffffff"))
    elif mark:
        nodes.append(Circle(width / 2, height / 2, unit * 0.3, Style(fill="#ffffff")))
        nodes.append(mark_node(mark, width / 2, height / 2, unit * 0.42, ink, "#ffffff"))
    if edge:
        nodes.append(Rect(0, 0, width, height, Style(stroke=edge, stroke_mm=max(0.15, unit * 0.02))))
    return nodes


def fold_over(face: tuple[Node, ...], width: float, height: float) -> list[Node]:
    """A two-sided piece to fold: the face twice side by side, the fold line between them
    (fold, glue the halves back to back, and the piece is thick and printed on both sides)."""
    return [Group(face), Group(face, translate(width, 0)), Line(width, 0, width, height, FOLD)]


def standee(color: str, mark: str | None, number: int | None, width: float, ink: str,
            title: str, face_mm: float | None = None, tab_share: float = 0.5,
            foot: str | None = None, picture: str | None = None,
            number_share: float = 0.3, face: Sequence[Node] | None = None,
            symbols: Mapping[str, tuple[Node, ...]] | None = None) -> Scene:
    """A strip folded at its middle: foot, face (upside down), face, foot, so each face stands
    on its own foot. ``tab_share``: a foot's depth as a share of the width; ``picture``: a
    pictogram on the face instead of a pawn's outline; ``number_share``: the number disc's
    radius as a share of the width (a narrow standee's number stays readable); ``face``: a face
    of the caller's own, upright in a ``width`` × ``face_mm`` box (a chess piece), drawn with
    ``symbols``, instead of the pawn with its number and mark."""
    face_h = face_mm or width * 1.6
    tab = width * tab_share
    height = 2 * tab + 2 * face_h
    uses: set[tuple[str, str, str]] = set()
    art = tuple(face) if face is not None else tuple(
        _standee_face(color, mark, number, width, face_h, ink, picture, number_share, uses))
    foot = foot or mix(color, "#ffffff", 0.6)
    nodes: list[Node] = [
        Rect(0, 0, width, tab, Style(fill=foot)),
        Rect(0, height - tab, width, tab, Style(fill=foot)),
        Group(art, chain(translate(0, tab), rotate(180, width / 2, face_h / 2))),
        Group(art, translate(0, tab + face_h)),
    ]
    nodes += folds(0, width, (tab, tab + face_h, tab + 2 * face_h))  # straight dashed lines,
    # which the sheet's note and the making page count as folds
    return Scene(width, height, tuple(nodes),
                 symbols={**pictograms.symbols(uses), **dict(symbols or {})}, title=title)


def _standee_face(color: str, mark: str | None, number: int | None, width: float,
                  height: float, ink: str, picture: str | None = None,
                  number_share: float = 0.3, uses: set | None = None) -> list[Node]:
    """A standee's face: the colour, a pawn's outline (or the ``picture``, recorded in
    ``uses``), the number on a disc, the mark in both top corners."""
    text_ink = _ink(color, ink)
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=color))]
    if picture:
        size = width * 0.9  # the drawing's middle 70 % of its box stands on the face's foot
        nodes.append(pictograms.use(picture, width / 2, height * 0.96 - size * 0.35, size,
                                    text_ink, color))
        if uses is not None:
            uses.add((picture, text_ink, color))
    else:
        pawn_h = height * 0.62
        nodes.append(Group((Path(pawn_outline(width * 0.7, pawn_h), Style(
            fill=mix(color, text_ink, 0.25))),), translate(width * 0.15,
                                                           height - pawn_h - height * 0.05)))
    r = min(width * number_share, height * number_share / 2)
    if number is not None:
        nodes += [Circle(width / 2, height * 0.05 + r, r, Style(fill="#ffffff",
                                                                 stroke=mix(color, "#000000", 0.3),
                                                                 stroke_mm=0.35)),
                  centred(width / 2, height * 0.05 + r, str(number), r * 1.2, font="bold",
                          fill="#1d1a16")]
    if mark:
        pip = min(width, height) * 0.2
        nodes += [mark_node(mark, x, pip * 0.8, pip, text_ink, mix(color, "#000000", 0.3))
                  for x in (pip * 0.8, width - pip * 0.8)]
    return nodes


def pawn_outline(width: float, height: float, flat_base: bool = True) -> tuple:
    """A pawn's silhouette in a ``width`` × ``height`` box, standing on its box's bottom edge."""
    w, h = width, height

    def p(x: float, y: float) -> tuple[float, float]:
        return (round(x * w, 4), round(y * h, 4))

    return (("M", *p(0.0, 1.0)), ("C", *p(0.02, 0.82), *p(0.2, 0.72), *p(0.34, 0.62)),
            ("C", *p(0.3, 0.55), *p(0.3, 0.48), *p(0.38, 0.44)),
            ("C", *p(0.2, 0.36), *p(0.22, 0.0), *p(0.5, 0.0)),
            ("C", *p(0.78, 0.0), *p(0.8, 0.36), *p(0.62, 0.44)),
            ("C", *p(0.7, 0.48), *p(0.7, 0.55), *p(0.66, 0.62)),
            ("C", *p(0.8, 0.72), *p(0.98, 0.82), *p(1.0, 1.0)), ("Z",))


def pawn(color: str, mark: str | None, number: int | None, width: float, ink: str,
         title: str) -> Scene:
    """Two pawns joined by a base: fold the base's edges up, glue the heads together."""
    shape_h = width * 1.5
    base = width * 0.5
    height = 2 * shape_h + base
    text_ink = _ink(color, ink)
    dark = mix(color, "#000000", 0.45)

    def silhouette(y: float, flipped: bool) -> list[Node]:
        outline = pawn_outline(width, shape_h)
        where = (chain(translate(0, y + shape_h), scale(1, -1)) if flipped
                 else translate(0, y))
        inner: list[Node] = [Path(outline, Style(fill=color, stroke=dark, stroke_mm=0.3))]
        if mark:
            inner.append(mark_node(mark, width / 2, shape_h * 0.24, width * 0.26, text_ink, color))
        if number is not None:
            inner.append(Group((centred(0, 0, str(number), width * 0.34, font="bold",
                                        fill=text_ink),),
                               chain(translate(width / 2, shape_h * 0.78),
                                       scale(1, -1) if flipped else scale(1))))
        return [Group(tuple(inner), where)]

    nodes: list[Node] = [*silhouette(0.0, False), Rect(0, shape_h, width, base,
                                                        Style(fill=mix(color, "#ffffff", 0.5))),
                         *silhouette(shape_h + base, True)]
    nodes += folds(0, width, (shape_h, shape_h + base))
    cut = (("M", 0, shape_h), ("L", 0, shape_h + base), ("M", width, shape_h),
           ("L", width, shape_h + base))
    nodes.append(Path(cut, CUT))
    nodes.append(Group((Path(pawn_outline(width, shape_h), CUT),)))
    nodes.append(Group((Path(pawn_outline(width, shape_h), CUT),),
                       chain(translate(0, height), scale(1, -1))))
    return Scene(width, height, tuple(nodes), title=title)


DRAW = {"disc": disc, "block": block, "standee": standee, "pawn": pawn}
CUTS = {"disc": "gap", "block": "shared", "standee": "shared", "pawn": "gap"}
TWO_SIDED = {"disc", "block"}


def token_title(context: Context, name: str, player: Player | None, number: int | None) -> str:
    """A token's picture title: "Player 2, pawn 3" in the kit's words."""
    words = context.words
    if player is None:
        return words("part.tokens.neutral", set=name, number=number or 1)
    return words("part.tokens.token", player=player.number, number=number or 1)


def drawer(model: Model):
    """The function that draws one token of the model's shape, with the model's options."""
    if model.shape != "standee":
        return DRAW[model.shape]

    def draw(color, mark, number, width, ink, title):
        return standee(color, mark, number, width, ink, title, model.face_mm,
                       picture=model.picture, number_share=model.number_share)

    return draw


def compose(model: Model, name: str, context: Context) -> Parts:
    """Each player's tokens, then the neutral ones."""
    numbered = model.numbered if model.numbered is not None else (
        model.per_player > 1 or model.numbers == "player")
    draw = drawer(model)
    components = []
    for player in context.players:
        for k in range(1, model.per_player + 1):
            number = (player.number if model.numbers == "player" else k) if numbered else None
            scene = draw(player.color, player.mark, number, model.size_mm, context.ink,
                         token_title(context, name, player, number))
            back = scene if model.shape in TWO_SIDED else None
            components.append(Component(f"{player.number}-{k}", scene, back=back,
                                        cut=CUTS[model.shape]))
    for k in range(1, model.count + 1):
        scene = draw(model.color, None, k if model.count > 1 else None, model.size_mm,
                     context.ink, token_title(context, name, None, k))
        components.append(Component(f"neutral-{k}", scene,
                                    back=scene if model.shape in TWO_SIDED else None,
                                    cut=CUTS[model.shape]))
    title = context.words("part.tokens.set", title=context.title)
    return Parts(sets=(ComponentSet(name, title, tuple(components), spares=model.spares),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    words = context.words
    found = []
    players = len(context.players)
    if model.per_player and players:
        count = model.per_player * players
        shape = counted(words, f"part.tokens.{model.shape}", count)
        found.append(Summary(count, words("part.tokens.summary", shape=shape, count=count,
                                          per_player=model.per_player)))
    if model.count:
        shape = counted(words, f"part.tokens.{model.shape}", model.count)
        found.append(Summary(model.count, words("part.tokens.summary_neutral", shape=shape,
                                                count=model.count)))
    return found
