"""The printed pieces: the line tiles (one shared back), the obstacle pieces and a card of
the penalties for each player."""

from __future__ import annotations

from boardgen.components import Context, Player, player_aid, tiles, tokens
from boardgen.components.legend import Entry
from boardgen.components.wording import counted
from boardgen.games.river_race import art
from boardgen.games.river_race.model import Layout
from boardgen.games.river_race.text import role
from boardgen.i18n import Words, literal
from boardgen.product import Component, ComponentSet
from boardgen.scene import Scene


def compose_tiles(layout: Layout, words: Words) -> ComponentSet:
    """Every tile type at the size of a board cell, all with the same patterned back."""
    context = Context(Words(words.lang, {**words.table,
                                         "part.tiles.set": literal(words.titled(words("tiles.sheet"))),
                                         "part.tiles.tile": words.table["tiles.tile"],
                                         "part.tiles.back": literal(words("tiles.back"))}))
    return tiles.compose(art.tile_set(layout), art.TILE_SET, context).sets[0]


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
    """A printable obstacle, a block token of the shared kind: plain (front and back printed
    duplex) or fold-over (both faces side by side with the fold line between them)."""
    cell = layout.board.cell_mm
    w, h = cols * cell, rows * cell
    face = tuple(art.obstacle(layout, family, cols, rows, cell, words))
    name = {"family": words.get(f"family.{family}", family), "shape": f"{cols} × {rows}"}
    if layout.pieces.style == "plain":
        single = Scene(w, h, face, title=words("obstacles.piece", **name))
        return single, single
    return Scene(2 * w, h, tuple(tokens.fold_over(face, w, h)),
                 title=words("obstacles.fold", **name)), None


def compose_penalties(layout: Layout, words: Words) -> ComponentSet:
    """A card for each player of the shared player aid: what each hazard of the race costs,
    with the layout's own numbers of tiles to take back."""
    play, water = layout.play, layout.colors.water
    black = layout.obstacles[role(layout, "black", 0)].color
    green = layout.obstacles[role(layout, "green", 1)].color
    entries = [
        Entry(black, None, words("aid.black"), words("aid.black_text")),
        Entry(green, None, words("aid.green"),
              counted(words, "aid.green_text", play.take_back_obstacle)),
        Entry(water, "star", words("aid.collision"),
              counted(words, "aid.collision_text", play.take_back_collision)),
        Entry(water, "arrow", words("aid.off_board"),
              counted(words, "aid.off_board_text", play.take_back_off_board)),
        Entry(water, "again", words("aid.whirlpool"), words("aid.whirlpool_text")),
    ]
    players = tuple(Player(n, p.color) for n, p in enumerate(layout.players, start=1))
    facts = {"aid": {"heading": words("aid.heading"), "entries": entries,
                     "notes": [words("aid.note")]}}
    model = player_aid.Model(type="player_aid")
    return player_aid.compose(model, "penalties", Context(words, players, facts=facts)).sets[0]
