"""How much making a kit takes: cuts, folds and glued seams counted from its planned pages.

The counts come from the same plans that lay out the pages (the tiling of a board,
the packing of component sheets), so the time estimate on the page "How to make
this game" follows the kit as built: another paper or a bigger board changes it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from boardgen.imposition.paper import PrintOptions
from boardgen.imposition.sheets import plan_sheets
from boardgen.imposition.tiling import artwork_spans, keep_out_spans, plan_tiles
from boardgen.product import Board, ComponentSet, Sheet
from boardgen.scene import Group, Line, Node, Scene, Use

CARD_MM = 40.0  # two-sided pieces at least this large on each side are cards, shuffled face down
# Seconds per step for someone careful with a knife and a ruler.
SECONDS = {"cuts": 10, "pieces": 40, "folds": 8, "joins": 90}
MOUNTING_S = 15 * 60  # cutting the greyboard, spraying, laying and trimming the board
CARD_SHEET_S = 3 * 60  # gluing one sheet onto card before it is cut


@dataclass(frozen=True)
class Work:
    """What one part of a kit takes to make, and which paper or card it wants.

    ``material``: a key of the catalogue's ``make.material`` table (board, cards,
    tokens, their two-sided kinds cards_duplex, tokens_duplex and two_sided_fold, fold,
    paper). ``cuts``: straight cuts along a ruler; ``pieces``: pieces
    cut out one by one round their outline; ``joins``: pages glued onto each other.
    """

    material: str
    sheets: int = 0
    cuts: int = 0
    pieces: int = 0
    folds: int = 0
    joins: int = 0

    def seconds(self) -> int:
        """The work in seconds; mounting a board and gluing sheets onto card included."""
        total = sum(getattr(self, name) * s for name, s in SECONDS.items())
        if self.material == "board":
            total += MOUNTING_S
        if self.material in ("cards", "tokens"):
            total += self.sheets * CARD_SHEET_S
        return total


def minutes(parts: list[Work]) -> int:
    """Minutes for the whole kit, rounded up to the next five."""
    return 5 * math.ceil(sum(part.seconds() for part in parts) / 300)


def board_work(board: Board, options: PrintOptions) -> Work:
    """Trimming each page at its seams, gluing the seams, cutting the mounted board out."""
    scene = board.scene
    if options.shop:
        return Work("board", sheets=1, cuts=4 + 4)
    plan = plan_tiles(scene.width, scene.height, board.seams_x, board.seams_y, options,
                      artwork_spans(scene), keep_out_spans(board.keep_out))  # as it is imposed
    cuts = sum(2 + (not tile.glue_right) + (not tile.glue_bottom) for tile in plan.tiles())
    return Work("board", sheets=plan.pages, cuts=cuts + 4, joins=plan.pages - 1)


def component_work(components: ComponentSet, options: PrintOptions) -> Work:
    """Cut lines across each sheet, loose pieces one by one, and the folds of every piece."""
    plan = plan_sheets(components, options)
    piece_folds = [fold_lines(c.front) for c in components.components]  # once a piece, not a copy
    cuts = pieces = folds = 0
    for page in plan.fronts:
        shared = [p for p in page if components.components[p.component].cut == "shared"]
        cuts += len({round(v, 3) for p in shared for v in (p.x, p.x + p.w)})
        cuts += len({round(v, 3) for p in shared for v in (p.y, p.y + p.h)})
        pieces += len(page) - len(shared)
        folds += sum(piece_folds[p.component] for p in page)
        folds += 1 if plan.fold else 0
    return Work(_material(components, options), sheets=len(plan.fronts), cuts=cuts,
                pieces=pieces, folds=folds)


TWO_SIDED = ("cards_duplex", "tokens_duplex", "two_sided_fold")  # printed with their backs


def _material(components: ComponentSet, options: PrintOptions) -> str:
    """Pieces that fold want thin card; two-sided pieces the size of cards are cards.

    Pieces printed with their backs are never glued onto card after printing, which
    would hide the backs: they are printed on card (duplex) or folded onto themselves.
    """
    if any(fold_lines(c.front) for c in components.components):
        return "fold"
    backs = options.backs != "none" and any(c.back is not None for c in components.components)
    if backs and options.backs == "fold":
        return "two_sided_fold"
    if all(c.back is not None and min(c.front.width, c.front.height) >= CARD_MM
           for c in components.components):
        return "cards_duplex" if backs else "cards"
    return "tokens_duplex" if backs else "tokens"


def sheet_work(sheet: Sheet, options: PrintOptions) -> Work:
    """A net is cut round and folded; a sheet cut out has four cuts; a pad none."""
    folds = fold_lines(sheet.scene)
    if folds:
        return Work("fold", sheets=1, pieces=1, folds=folds)
    return Work("paper", sheets=1, cuts=4 if sheet.cut_out else 0)


def fold_lines(scene: Scene) -> int:
    """Dashed straight lines in a piece's artwork: the lines it folds along."""
    def count(nodes: tuple[Node, ...], depth: int = 0) -> int:
        total = 0
        for node in nodes:
            if isinstance(node, Line) and node.style.dash:
                total += 1
            elif isinstance(node, Group):
                total += count(node.children, depth)
            elif isinstance(node, Use) and depth < 8:
                total += count(scene.symbols.get(node.symbol, ()), depth + 1)
        return total

    return count(scene.children)
