"""The printed pieces: the line tiles (one shared back) and the obstacle pieces."""

from __future__ import annotations

from boardgen.games.river_race import art
from boardgen.games.river_race.model import Layout
from boardgen.i18n import Words
from boardgen.product import Component, ComponentSet
from boardgen.scene import Group, Line, Node, Scene, Style, translate

FOLD = Style(stroke="#8a8a8a", stroke_mm=0.2, dash=(1.2, 0.9))


def compose_tiles(layout: Layout, words: Words) -> ComponentSet:
    """Every tile type at the size of a board cell, all with the same patterned back."""
    size = layout.board.cell_mm
    symbols = art.tile_symbols(layout)
    back = Scene(size, size, art.tile_back(layout), title=words("tiles.back"))
    components = tuple(
        Component(tile.name,
                  Scene(size, size, (art.tile_use(tile, 0, 0, size),), symbols=symbols,
                        title=words("tiles.tile", number=number)),
                  back=back, count=tile.count, cut="shared")
        for number, tile in enumerate(layout.tiles.types, start=1) if tile.count)
    return ComponentSet("tiles", words.titled(words("tiles.sheet")), components,
                        spares=True)


def compose_obstacles(layout: Layout, words: Words) -> ComponentSet:
    """Each obstacle piece at cell scale, as many as the box holds."""
    components = []
    for kind in layout.kinds().values():
        if not kind.in_box:
            continue
        front, back = obstacle_piece(layout, kind.family, kind.width, kind.height, words)
        components.append(Component(kind.name, front, back=back, count=kind.in_box, cut="shared"))
    return ComponentSet("obstacles", words.titled(words("obstacles.sheet")),
                        tuple(components), spares=True)


def obstacle_piece(layout: Layout, family: str, cols: int, rows: int,
                   words: Words) -> tuple[Scene, Scene | None]:
    """A printable obstacle: plain (front and back printed duplex) or fold-over (both faces
    side by side with a fold line, folded and glued for a thicker, two-sided piece)."""
    cell = layout.board.cell_mm
    w, h = cols * cell, rows * cell
    face = tuple(art.obstacle(layout, family, cols, rows, cell, words))
    name = {"family": words.get(f"family.{family}", family), "shape": f"{cols} × {rows}"}
    if layout.pieces.style == "plain":
        single = Scene(w, h, face, title=words("obstacles.piece", **name))
        return single, single
    nodes: list[Node] = [Group(face), Group(face, translate(w, 0)), Line(w, 0, w, h, FOLD)]
    return Scene(2 * w, h, tuple(nodes), title=words("obstacles.fold", **name)), None
