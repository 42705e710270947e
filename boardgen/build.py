"""Building a game: layout → composed products → imposed pages → files on disk.

Files are written to a temporary name in the target folder and renamed, so a
failed build never leaves a half-written file; names come from a safe slug of
the layout's name, so a layout cannot write outside the output folder.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from boardgen import __version__, imposition
from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.layout import layouts_dir, load_layout, resolve, safe_identifier
from boardgen.product import ComponentSet, GameOutput
from boardgen.render import renderer
from boardgen.scene import Document, Scene


@dataclass(frozen=True)
class BuildOptions:
    """What to build: formats, PNG resolution, rule language and print options."""

    formats: tuple[str, ...] = ("pdf", "svg", "png")
    dpi: int = 150
    print: imposition.PrintOptions = field(default_factory=imposition.PrintOptions)
    lang: str = "en"
    fall_back: bool = False  # rules in English where the language asked for is missing


def write_atomic(path: Path, data: bytes) -> None:
    """Write via a temporary file in the same folder, then rename over ``path``.

    A symlink at ``path`` is replaced, not followed, so it cannot redirect the write.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def output_folder(out_dir: Path, name: str) -> Path:
    """``out_dir/<safe name>``, created; refuses a symlinked game folder."""
    folder = out_dir / safe_identifier(name)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        if folder.is_symlink():
            raise InputError("is a symbolic link; refusing to write through it", source=str(folder))
        folder.mkdir(exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".probe", delete=True)
        probe.close()
    except OSError as exc:
        raise InputError(f"cannot write to this folder ({exc.strerror})", source=str(folder)) from None
    return folder


def pdf_file(stem: str, pages: tuple[Scene, ...], options: BuildOptions,
             title: str) -> dict[str, bytes]:
    """``stem.pdf`` of imposed pages, if PDF is requested."""
    if "pdf" not in options.formats:
        return {}
    return {f"{stem}.pdf": renderer("pdf")(Document(pages, title=title))}


def picture_files(stem: str, scene: Scene, options: BuildOptions) -> dict[str, bytes]:
    """``stem.svg`` and ``stem.png`` of one unimposed artwork, as requested."""
    files: dict[str, bytes] = {}
    if "svg" in options.formats:
        files[f"{stem}.svg"] = renderer("svg")(scene)
    if "png" in options.formats:
        files[f"{stem}.png"] = renderer("png")(scene, dpi=options.dpi)
    return files


def face_files(component_set: ComponentSet, options: BuildOptions) -> dict[str, bytes]:
    """One picture per distinct face of a component set, e.g. for digital tabletops.

    Print sheets are PDFs; these are the pieces themselves at their exact size.
    """
    files: dict[str, bytes] = {}
    backs = [c.back for c in component_set.components if c.back is not None]
    shared_back = len(backs) > 1 and all(b == backs[0] for b in backs)
    seen_backs: list[Scene] = []
    for component in component_set.components:
        stem = safe_identifier(f"{component_set.name}-{component.name}")
        files.update(picture_files(stem, component.front, options))
        back = component.back
        if back is None or back == component.front or back in seen_backs:
            continue
        seen_backs.append(back)
        back_stem = safe_identifier(f"{component_set.name}-back") if shared_back else f"{stem}-back"
        files.update(picture_files(back_stem, back, options))
    return files


def compose_target(target: str, setup: Path | None = None, lang: str = "en"):
    """Load a layout and compose its game (with a setup drawn on it): (layout, game output)."""
    from boardgen.games import game_for

    layout = load_layout(target)
    game = game_for(layout.game)
    words = words_for(layout, lang)
    if setup is None:
        return layout, game.compose_game(layout, words=words)
    if not hasattr(game, "load_setup"):
        raise InputError(f"{layout.title} has no setup file to draw", source=str(setup))
    return layout, game.compose_game(layout, setup=game.load_setup(layout, setup), words=words)


def layout_source(target: str | None) -> tuple[str, bool]:
    """How the cover names the layout file (a shipped game by file name, a user's file by
    path), and whether boardgen ships it."""
    if target is None:
        return "", False
    path = resolve(target)
    if path.resolve().parent == layouts_dir().resolve():
        return path.name, True
    return target, False


def bundle_name(layout) -> str:
    """File name of the game's print-and-play PDF."""
    return f"{safe_identifier(layout.name)}-print-and-play.pdf"


def product_files(layout, output: GameOutput, options: BuildOptions,
                  target: str | None = None, notes: list[str] | None = None) -> dict[str, bytes]:
    """Every output file of a composed game, in memory: pictures, print files and board.json."""
    files = picture_set(output, options)
    if "pdf" in options.formats:
        files.update(print_files(layout, output, options, target, notes))
    document = {"game": layout.game, "name": layout.name, "title": layout.title, "units": "mm",
                "board_size": [output.board.scene.width, output.board.scene.height]}
    document.update(output.board_json)
    files["board.json"] = (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode()
    return files


def picture_set(output: GameOutput, options: BuildOptions) -> dict[str, bytes]:
    """SVG and PNG files of the unimposed board, every piece face and every sheet."""
    files = picture_files("board", output.board.scene, options)
    for component_set in output.component_sets:
        files.update(face_files(component_set, options))
    for sheet in output.sheets:
        files.update(picture_files(sheet.name, sheet.scene, options))
    return files


def print_files(layout, output: GameOutput, options: BuildOptions, target: str | None = None,
                notes: list[str] | None = None) -> dict[str, bytes]:
    """The PDFs: board pages, component sheets, sheets, rules and the bundle of all of them."""
    words = words_for(layout, options.lang)  # the layout's labels over the catalogue
    options = replace(options, print=replace(options.print, words=words))
    board_pages = imposition.impose_board(output.board, options.print)
    files = pdf_file("board", board_pages, options, words("title"))
    sections = [imposition.Section(words("section.board"), board_pages)]
    for component_set in output.component_sets:
        pages = imposition.impose_components(component_set, options.print)
        if pages:
            sections.append(imposition.Section(
                component_set.title, pages,
                double_sided=imposition.duplex_backs(component_set, options.print)))
            files.update(pdf_file(component_set.name, pages, options, component_set.title))
    for sheet in output.sheets:
        pages = imposition.impose_sheet(sheet, options.print)
        sections.append(imposition.Section(sheet.title, pages))
        files.update(pdf_file(sheet.name, pages, options, sheet.title))
    rule_sheet, rule_files = rules_files(layout, options, target, notes)
    files.update(rule_files)
    if rule_sheet:
        sections.append(imposition.Section(words("section.rules"), rule_sheet, numbered=False))
    source, shipped = layout_source(target)
    cover = imposition.Cover(words("title"), words("subtitle"), source, __version__,
                             picture=output.board.scene, shipped=shipped)
    bundle = imposition.print_and_play(cover, sections, options.print)
    files[bundle_name(layout)] = renderer("pdf")(
        Document(bundle, title=words("pdf.print_and_play", title=words("title"))))
    return files


def rules_files(layout, options: BuildOptions, target: str | None = None,
                notes: list[str] | None = None) -> tuple[tuple[Scene, ...], dict[str, bytes]]:
    """The rule sheet's pages (for the bundle), and rules.pdf and rules-booklet.pdf.

    Nothing when PDF is not asked for or no layout of the ``extends`` chain has a rule text.
    With ``options.fall_back`` a missing language falls back to English, noted in ``notes``.
    """
    notes = notes if notes is not None else []
    from boardgen.rules import LANGUAGES, MissingLanguage, rule_book

    if "pdf" not in options.formats:
        return (), {}
    try:
        book = rule_book(layout, options.lang, target)
    except MissingLanguage as missing:
        if not options.fall_back or "en" not in missing.available:
            raise
        notes.append(f"{layout.name}: no {LANGUAGES[options.lang]} rule text; rules in English")
        book = rule_book(layout, "en", target)
    if book is None:
        return (), {}
    paper = options.print.paper
    sheet = book.sheet(paper)
    pdf = renderer("pdf")
    words = words_for(layout, book.text.lang)  # English where the rules fell back to it
    return sheet, {"rules.pdf": pdf(Document(sheet, title=words("pdf.rules", title=book.title))),
                   "rules-booklet.pdf": pdf(Document(
                       book.booklet(paper), title=words("pdf.rules_booklet", title=book.title)))}


def build(target: str, out_dir: Path, options: BuildOptions, setup: Path | None = None,
          notes: list[str] | None = None) -> list[Path]:
    """Build one game or layout file into ``out_dir/<name>/``; returns the files written."""
    layout, output = compose_target(target, setup, options.lang)
    options = replace(options, print=replace(options.print, words=words_for(layout, options.lang)))
    files = product_files(layout, output, options, target, notes)
    folder = output_folder(out_dir, layout.name)
    written = []
    for name, data in files.items():
        path = folder / name
        write_atomic(path, data)
        written.append(path)
    return written
