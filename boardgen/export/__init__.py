"""Exports beyond paper: card images for print services and a Tabletop Simulator save.

Both are made from a composed game (``GameOutput``) and written into their own
subfolder of the game's folder: ``tgc/`` and ``tts/``. Nothing here knows any game.
"""

from __future__ import annotations

from pathlib import Path

EXPORTS = ("tgc", "tts")


def export_files(name: str, title: str, output, formats: tuple[str, ...],
                 folder: Path, render_png=None) -> dict[str, bytes]:
    """The files of every export asked for in ``formats``, keyed by path inside ``folder``.

    ``name`` is the layout's name (the save's file name), ``title`` the game's title in
    the kit's language; ``folder`` is where the game's files will be written: the save
    names its images by their absolute location there. ``render_png(scene, dpi=...)``
    draws the pictures ``export_pictures`` lists (by default the PNG renderer).
    """
    files: dict[str, bytes] = {}
    if "tgc" in formats:
        from boardgen.export import tgc

        files.update(tgc.tgc_files(output, render_png))
    if "tts" in formats:
        from boardgen.export import tts

        files.update(tts.tts_files(name, title, output, folder, render_png))
    return files


def export_pictures(output, formats: tuple[str, ...]) -> list[tuple]:
    """(artwork, dpi) of every PNG the exports asked for draw, so that they can be drawn
    elsewhere first (and a picture two games share, once)."""
    found: list[tuple] = []
    if "tgc" in formats:
        from boardgen.export import tgc

        found += tgc.pictures(output)
    if "tts" in formats:
        from boardgen.export import tts

        found += tts.pictures(output)
    return found


def export_problems(output, formats: tuple[str, ...]) -> list[str]:
    """Why an export asked for cannot be made within the limits (empty when it can)."""
    problems: list[str] = []
    if "tgc" in formats:
        from boardgen.export import tgc

        problems += tgc.problems(output)
    if "tts" in formats:
        from boardgen.export import tts

        problems += tts.problems(output)
    return problems
