"""Imposition: putting boards and components on paper. Knows nothing about games.

Games hand over a :class:`~boardgen.product.Board` (with the seams where a page
edge may run) and :class:`~boardgen.product.ComponentSet` records; this package
returns page scenes: tiled board pages with glue strips and an assembly map (home
mode), one bleed page per board with crop marks (shop mode), component sheets
with cut lines and backs, and the print-and-play bundle. Every page carries a
calibration ruler and says "print at 100 %".
"""

from __future__ import annotations

from dataclasses import replace

from boardgen.imposition.bundle import Cover, Section, cover_page, print_and_play
from boardgen.imposition.making import Work, board_work, component_work, sheet_work
from boardgen.imposition.marks import ruler_symbols
from boardgen.imposition.paper import A4, PAPERS, Paper, PrintOptions, parse_paper
from boardgen.imposition.sheets import duplex_backs, impose_components, plan_sheets, symbol_prefix
from boardgen.imposition.shop import shop_page
from boardgen.imposition.tiling import (TilePlan, artwork_spans, keep_out_spans, plan_board,
                                        plan_tiles, single_page, tile_pages)
from boardgen.product import Board, Sheet
from boardgen.scene import Scene

__all__ = [
    "A4", "PAPERS", "Cover", "Paper", "PrintOptions", "Section", "TilePlan", "Work",
    "artwork_spans",
    "board_work", "component_work", "sheet_work",
    "cover_page", "duplex_backs", "impose_board", "impose_components", "impose_sheet",
    "keep_out_spans", "placed_board", "plan_board",
    "parse_paper", "plan_sheets", "plan_tiles", "print_and_play",
]


def impose_board(board: Board, options: PrintOptions, *, name: str = "board",
                 kind: str | None = None, cut_out: bool = True,
                 first_page: int = 1) -> tuple[Scene, ...]:
    """Pages for a board: tiled over the paper (home) or one bleed page of its own size (shop).

    ``kind`` names what the pages show in their labels (the kit's word for "board" unless
    given); ``cut_out=False`` is for a sheet used as printed (a score pad): no crop marks.
    ``first_page``: the number of the first page in the file it goes into (the tiles name
    the page of their assembly map).
    """
    scene = board.scene
    kind = kind if kind is not None else options.words("kind.board")
    art_id = f"{name}-art"
    title = scene.title or name
    if options.shop:
        symbols = {**scene.symbols, **ruler_symbols(options.words), art_id: scene.children}
        return (shop_page(art_id, symbols, scene.width, scene.height, title, kind, options),)
    plan, scene = plan_board(scene, board.seams_x, board.seams_y, options,
                             keep_out_spans(board.keep_out))  # titles, legends moved clear
    symbols = {**scene.symbols, **ruler_symbols(options.words), art_id: scene.children}
    if plan.pages == 1:
        return (single_page(scene.width, scene.height, art_id, symbols, title, kind, options,
                            cut_out=cut_out),)
    return tile_pages(plan, art_id, symbols, title, kind, options, first_page)


def placed_board(board: Board, options: PrintOptions) -> Board:
    """The board as its home-printed pages show it: each title or legend that may move
    (``Group.shifts``) out of the seams' way; in shop mode, as it is. Its pages, imposed
    again, are the same (a block moved is clear where it stands)."""
    if options.shop:
        return board
    _, scene = plan_board(board.scene, board.seams_x, board.seams_y, options,
                          keep_out_spans(board.keep_out))
    return board if scene is board.scene else replace(board, scene=scene)


def impose_sheet(sheet: Sheet, options: PrintOptions, first_page: int = 1) -> tuple[Scene, ...]:
    """A ready-made sheet at its exact size: on the paper, tiled if it is too big, or for a shop."""
    scene, kind = sheet.scene, sheet.title
    if not scene.title:  # labels then read "<sheet title> · sheet"
        scene = Scene(scene.width, scene.height, scene.children, scene.symbols, title=sheet.title)
        kind = options.words("kind.sheet")
    return impose_board(Board(scene), options, name=f"sheet-{symbol_prefix(sheet.name)}", kind=kind,
                        cut_out=sheet.cut_out, first_page=first_page)
