"""Building a game: layout → composed products → imposed pages → files on disk.

A build checks the layout first (``boardgen.contract``), renders every file in
memory, writes them all to temporary names in the target folder and renames them
only when all are written, so a failed build replaces nothing. Folder names come
from a safe slug of the layout's name, so a layout cannot write outside the output
folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
from dataclasses import replace
from pathlib import Path

from boardgen import __version__, imposition
from boardgen.contract import BuildOptions, Checked, check_layout, compose
from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.ink import saver_output
from boardgen.layout import layouts_dir, load_layout, resolve, safe_identifier
from boardgen.product import GameOutput
from boardgen.render import renderer
from boardgen.scene import Document, Scene


# What a killed build leaves: write_files' temporaries and output_folder's probe.
TEMPORARY = re.compile(r"^(\..+\.[a-z0-9_]{8}\.tmp|\.probe[a-z0-9_]{8})$")


def refuse_special(path: Path) -> None:
    """Refuse to replace anything but a regular file or a symlink (never a device, FIFO or folder)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"cannot write ({exc.strerror})", source=str(path)) from None
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise InputError("is not a regular file; refusing to replace it", source=str(path))


def write_atomic(path: Path, data: bytes) -> None:
    """Write one file whole or not at all (see ``write_files``)."""
    write_files(path.parent, {path.name: data})


def write_files(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Write every file to a temporary name, then rename them all; a failure replaces nothing.

    Files being replaced are kept as hard links until every rename has worked, so a
    rename that fails (an immutable file, a full disk) puts back the ones already done.
    A symlink at a target is replaced, not followed, so it cannot redirect the write.
    Any error is bad input naming the file; no temporary file is left behind.
    """
    for name in files:
        refuse_special(folder / name)
    temporaries: dict[Path, str] = {}
    backups: dict[Path, str] = {}
    renamed: list[Path] = []
    current = folder
    try:
        for name, data in files.items():
            current = folder / name
            temporaries[current] = _temporary(current, data)
        for path in temporaries:
            current = path
            backups[path] = _hard_link(path)
        for path, tmp in temporaries.items():
            current = path
            os.replace(tmp, path)
            renamed.append(path)
    except OSError as exc:
        _undo(renamed, backups)
        raise InputError(f"cannot write ({exc.strerror or exc})", source=str(current)) from None
    finally:
        for leftover in [*temporaries.values(), *backups.values()]:
            if leftover and os.path.lexists(leftover):
                os.unlink(leftover)
    return list(temporaries)


def _temporary(path: Path, data: bytes) -> str:
    """``data`` in a new temporary file beside ``path``, with the permissions of a new file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def _hard_link(path: Path) -> str:
    """A second name for the regular file at ``path`` (empty when there is none to keep)."""
    if not path.is_file() or path.is_symlink():
        return ""
    backup = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(path, backup)
    except OSError:  # no hard links here: the old file cannot be put back, but is not lost
        return ""
    return str(backup)


def _undo(renamed: list[Path], backups: dict[Path, str]) -> None:
    """Put back the files a failed build had already replaced, and remove the new ones."""
    for path in renamed:
        try:
            if backups.get(path):
                os.replace(backups[path], path)
            else:
                os.unlink(path)
        except OSError:
            pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def folder_name(name: str) -> str:
    """A layout's folder: its name when that is safe; otherwise a slug with a short hash.

    The hash keeps names that slug alike ("🏁", "  ", "my game" and "my-game") apart,
    the same on every run.
    """
    slug = safe_identifier(name)
    if slug == name:
        return slug
    return f"{slug}-{hashlib.sha256(name.encode()).hexdigest()[:8]}"


def output_folder(out_dir: Path, name: str) -> Path:
    """``out_dir/<folder name>``, created and cleared of a killed build's temporaries.

    Refuses a symlinked game folder.
    """
    folder = out_dir / folder_name(name)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        if folder.is_symlink():
            raise InputError("is a symbolic link; refusing to write through it", source=str(folder))
        folder.mkdir(exist_ok=True)
        for leftover in folder.iterdir():
            if TEMPORARY.match(leftover.name) and leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
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


def compose_target(target: str, setup: Path | None = None, lang: str = "en"):
    """Load a layout and compose its game (with a setup drawn on it): (layout, game output)."""
    layout = load_layout(target)
    return layout, compose(layout, lang, setup)


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
    return f"{folder_name(layout.name)}-print-and-play.pdf"


def product_files(layout, output: GameOutput, options: BuildOptions,
                  target: str | None = None, notes: list[str] | None = None) -> dict[str, bytes]:
    """Every output file of a composed game, in memory: pictures, print files and board.json."""
    if options.print.ink == "saver":
        output = saver_output(output)
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
    files: dict[str, bytes] = {}
    if {"svg", "png"} & set(options.formats):
        for stem, scene in output.pictures().items():
            files.update(picture_files(stem, scene, options))
    return files


def print_files(layout, output: GameOutput, options: BuildOptions, target: str | None = None,
                notes: list[str] | None = None) -> dict[str, bytes]:
    """The PDFs: board pages, component sheets, sheets, rules and the bundle of all of them."""
    words = words_for(layout, options.lang)  # the layout's labels over the catalogue
    options = replace(options, print=replace(options.print, words=words))
    board_pages = imposition.impose_board(output.board, options.print)
    files = pdf_file("board", board_pages, options, words("title"))
    sections = [imposition.Section(words("section.board"), board_pages,
                                   work=imposition.board_work(output.board, options.print))]
    for component_set in output.component_sets:
        pages = imposition.impose_components(component_set, options.print)
        if pages:
            sections.append(imposition.Section(
                component_set.title, pages,
                double_sided=imposition.duplex_backs(component_set, options.print),
                work=imposition.component_work(component_set, options.print)))
            files.update(pdf_file(component_set.name, pages, options, component_set.title))
    for sheet in output.sheets:
        pages = imposition.impose_sheet(sheet, options.print)
        sections.append(imposition.Section(sheet.title, pages,
                                           work=imposition.sheet_work(sheet, options.print)))
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
          notes: list[str] | None = None, checked: Checked | None = None) -> list[Path]:
    """Build one game or layout file into ``out_dir/<name>/``; returns the files written.

    The layout is checked first (unless ``checked`` already is), every file is rendered
    in memory, and only then are files written, all or none.
    """
    checked = checked or check_layout(target, options, setup)
    layout = checked.layout
    options = replace(options, print=replace(options.print, words=words_for(layout, options.lang)))
    files = product_files(layout, checked.output, options, target, notes)
    return write_files(output_folder(out_dir, layout.name), files)
