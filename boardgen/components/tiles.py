"""Tile sets from path data: square tiles, each type's line given as a path in a 100 × 100
box (the river race's language: ``M 50 0 L 50 100`` joins the top and bottom edges), all
with one patterned back.

A type may have several lines (``paths``) that cross, each later one passing over the earlier
ones on a casing of the face's colour, as a bridge does. Tiles laid as printed (``turnable =
false``) carry a small corner mark that shows which way is up. The back is a rounded frame or
bands of waves whose period divides the tile, so a sheet of backs looks seamless.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from boardgen.components.base import Context, Parts, Summary
from boardgen.components.wording import counted
from boardgen.geometry.paths import parse_path
from boardgen.layout import Color, Model as LayoutModel
from boardgen.product import Component, ComponentSet
from boardgen.scene import (Group, Node, Path, Polygon, Rect, Scene, Style, Use, compose as chain,
                            mix, scale, translate)

NAME = "tiles"
BOX = 100.0
CORNER_MM = 1.6  # the side of the corner mark of tiles laid as printed
CASING = 2.2     # a crossing line's casing, as a multiple of the line's width


class TileType(LayoutModel):
    """One kind of tile: its line (or lines that cross) and how many."""

    path: str | None = Field(None, max_length=2000,
                             description="the line, as path data in a 100 × 100 box")
    paths: list[str] | None = Field(None, min_length=1, max_length=8,
                                    description="lines that cross, each later one over the "
                                                "earlier ones (instead of `path`)")
    count: int = Field(1, ge=0, le=500, description="tiles of this kind")

    @field_validator("path")
    @classmethod
    def readable(cls, value: str | None) -> str | None:
        if value is not None:
            parse_path(value)
        return value

    @field_validator("paths")
    @classmethod
    def all_readable(cls, value: list[str] | None) -> list[str] | None:
        for data in value or ():
            parse_path(data)
        return value

    @model_validator(mode="after")
    def one_way_of_giving_lines(self):
        if (self.path is None) == (self.paths is None):
            raise ValueError("give the tile's line as `path`, or its crossing lines as `paths`")
        return self

    def strands(self) -> tuple[tuple[tuple, ...], ...]:
        """The lines as scene path commands, lowest first."""
        return tuple(parse_path(data) for data in ([self.path] if self.path else self.paths))


class Model(LayoutModel):
    """A set of square tiles."""

    type: Literal["tiles"] = Field(description="square tiles with lines on them")
    size_mm: float = Field(30.0, ge=8, le=120, description="a tile's side")
    line_mm: float = Field(3.0, ge=0.3, le=20, description="the line's width")
    face: Color = Field("#f7f1e3", description="the tiles' faces")
    line: Color = Field("#1f4e79", description="their lines")
    back: Color = Field("#1f4e79", description="the common back")
    back_pattern: Literal["frame", "waves"] = Field("frame", description="what the back shows: "
                                                    "a rounded frame, or bands of waves")
    pattern: Color | None = Field(None, description="the back's waves or frame (default: the "
                                                    "faces' colour)")
    turnable: bool = Field(True, description="false: tiles are laid as printed, and a corner "
                                             "mark shows which way is up")
    types: dict[str, TileType] = Field(description="tile kinds by name", min_length=1)


def symbol(name: str, tile: str) -> str:
    return f"{name}-tile-{tile}"


def face(model: Model, tile: TileType) -> tuple[Node, ...]:
    """A tile's face in a 100 × 100 box: the face, the corner mark, the lines; for the ink
    saver, the same on a white face."""
    return (Group(_face(model, tile, model.face), clip=(0, 0, BOX, BOX),
                  saver=_face(model, tile, "#ffffff")),)


def _face(model: Model, tile: TileType, ground: str) -> tuple[Node, ...]:
    unit = BOX / model.size_mm
    line = model.line_mm * unit
    nodes: list[Node] = [Rect(0, 0, BOX, BOX, Style(fill=ground))]
    if not model.turnable:
        corner = CORNER_MM * unit
        nodes.append(Polygon(((0, 0), (corner, 0), (0, corner)),
                             Style(fill=mix(model.line, model.face, 0.45))))
    for index, strand in enumerate(tile.strands()):
        if index:
            nodes.append(Path(strand, Style(stroke=ground, stroke_mm=line * CASING)))
        nodes.append(Path(strand, Style(stroke=model.line, stroke_mm=line, cap="butt",
                                        join="round")))
    return tuple(nodes)


def use(name: str, tile: str, x: float, y: float, size: float) -> Use:
    """A tile's face (the symbol ``symbol(name, tile)``) drawn ``size`` mm wide at (x, y)."""
    return Use(symbol(name, tile), chain(translate(x, y), scale(size / BOX)))


def back(model: Model) -> tuple[Node, ...]:
    """The back every tile shares; for the ink saver, its pattern in the back's colour on
    white (a back is a small piece, which the saver would leave dark, and a sheet of them
    is a page of solid colour)."""
    drawn = _back(model, model.back, model.pattern or model.face)
    return (Group(drawn, saver=_back(model, "#ffffff", model.back)),)


def _back(model: Model, ground: str, ink: str) -> tuple[Node, ...]:
    size = model.size_mm
    base = Rect(0, 0, size, size, Style(fill=ground))
    if model.back_pattern == "frame":
        return (base, Rect(size * 0.12, size * 0.12, size * 0.76, size * 0.76,
                           Style(stroke=ink, stroke_mm=size * 0.03), rx=size * 0.1))
    commands: list[tuple] = []
    for band in range(4):
        y = size * (band + 0.5) / 4
        commands += wave(-size * 0.25 if band % 2 else 0.0, y, size * 1.25 if band % 2 else size,
                         size * 0.035, 5 if band % 2 else 4)
    return (base, Group((Path(tuple(commands), Style(stroke=ink, stroke_mm=size * 0.045,
                                                     cap="round")),), clip=(0, 0, size, size)))


def wave(x: float, y: float, length: float, amplitude: float, humps: int) -> list[tuple]:
    """Path commands of a small wavy stroke of ``humps`` half-waves, starting at (x, y)."""
    step = length / humps
    commands: list[tuple] = [("M", x, y)]
    for index in range(humps):
        sign = -1 if index % 2 == 0 else 1
        x0 = x + index * step
        commands.append(("C", x0 + step * 0.35, y + sign * amplitude * 1.3,
                         x0 + step * 0.65, y + sign * amplitude * 1.3, x0 + step, y))
    return commands


def compose(model: Model, name: str, context: Context) -> Parts:
    """The set: each type with a count, its face drawn once, every tile with the one back.

    A tile's picture is titled by the label ``part.tiles.tile`` (``{number}``: its type's place
    in the set) where the kit's words have one, else by its type's name."""
    size = model.size_mm
    shared_back = Scene(size, size, back(model), title=context.words("part.tiles.back"))
    components = []
    for number, (key, tile) in enumerate(model.types.items(), start=1):
        if not tile.count:
            continue
        front = Scene(size, size, (use(name, key, 0, 0, size),),
                      symbols={symbol(name, key): face(model, tile)},
                      title=context.words.get("part.tiles.tile", key, number=number))
        components.append(Component(key, front, back=shared_back, count=tile.count))
    title = context.words("part.tiles.set", title=context.title)
    return Parts(sets=(ComponentSet(name, title, tuple(components), spares=True),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    count = sum(t.count for t in model.types.values())
    return [Summary(count, counted(context.words, "part.tiles.count", count))]
