"""Tile sets from path data: square tiles, each type's line given as a path in a 100 × 100
box (the river race's language: ``M 50 0 L 50 100`` joins the top and bottom edges), all
with one patterned back."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from boardgen.components.base import Context, Parts, Summary
from boardgen.components.wording import counted
from boardgen.geometry.paths import parse_path
from boardgen.layout import Color, Model as LayoutModel
from boardgen.product import Component, ComponentSet
from boardgen.scene import Group, Path, Rect, Scene, Style, Use, compose as chain, scale, translate

NAME = "tiles"
BOX = 100.0


class TileType(LayoutModel):
    """One kind of tile: its line and how many."""

    path: str = Field(max_length=2000, description="the line, as path data in a 100 × 100 box")
    count: int = Field(1, ge=0, le=500, description="tiles of this kind")

    @field_validator("path")
    @classmethod
    def readable(cls, value: str) -> str:
        parse_path(value)
        return value


class Model(LayoutModel):
    """A set of square tiles."""

    type: Literal["tiles"] = Field(description="square tiles with lines on them")
    size_mm: float = Field(30.0, ge=8, le=120, description="a tile's side")
    line_mm: float = Field(3.0, ge=0.3, le=20, description="the line's width")
    face: Color = Field("#f7f1e3", description="the tiles' faces")
    line: Color = Field("#1f4e79", description="their lines")
    back: Color = Field("#1f4e79", description="the common back")
    types: dict[str, TileType] = Field(description="tile kinds by name", min_length=1)


def symbol(name: str, tile: str) -> str:
    return f"{name}-tile-{tile}"


def face(model: Model, tile: TileType) -> tuple:
    unit = BOX / model.size_mm
    return (Group((Rect(0, 0, BOX, BOX, Style(fill=model.face)),
                   Path(parse_path(tile.path), Style(stroke=model.line,
                                                     stroke_mm=model.line_mm * unit,
                                                     cap="butt", join="round"))),
                  clip=(0, 0, BOX, BOX)),)


def compose(model: Model, name: str, context: Context) -> Parts:
    size = model.size_mm
    back = Scene(size, size, (Rect(0, 0, size, size, Style(fill=model.back)),
                              Rect(size * 0.12, size * 0.12, size * 0.76, size * 0.76,
                                   Style(stroke=model.face, stroke_mm=size * 0.03), rx=size * 0.1)),
                 title=context.words("part.tiles.back"))
    components = []
    for key, tile in model.types.items():
        if not tile.count:
            continue
        sym = symbol(name, key)
        front = Scene(size, size, (Use(sym, chain(translate(0, 0), scale(size / BOX))),),
                      symbols={sym: face(model, tile)}, title=key)
        components.append(Component(key, front, back=back, count=tile.count))
    title = context.words("part.tiles.set", title=context.title)
    return Parts(sets=(ComponentSet(name, title, tuple(components), spares=True),))


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    count = sum(t.count for t in model.types.values())
    return [Summary(count, counted(context.words, "part.tiles.count", count))]
