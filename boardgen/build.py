"""Building a game: layout → composed products → imposed pages → files on disk.

A build checks the layout first (``boardgen.contract``), renders every file in
memory, writes them all to temporary names in the target folder and renames them
only when all are written, so a failed build replaces nothing. Folder names come
from a safe slug of the layout's name, so a layout cannot write outside the output
folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import socket
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from boardgen import __version__, imposition
from boardgen.contract import BuildOptions, Checked, check_build, compose
from boardgen.errors import InputError
from boardgen.export import export_files, export_pictures
from boardgen.i18n import words_for
from boardgen.ink import saver_output
from boardgen.layout import layouts_dir, load_layout, read_text, resolve, safe_identifier
from boardgen.product import GameOutput
from boardgen.render import renderer
from boardgen.scene import Document, Scene


RECORD = ".boardgen-files"  # the files the last build wrote into a game's folder
MAX_RECORD_BYTES = 1 << 20
# What a killed build leaves: the temporary files of ``write_files``. Each carries a marker no
# other program's file has (``.NAME.boardgen-TOKEN.tmp``, ``.old`` for a kept old file), and
# every one is listed, before it is made, in the journal ``.boardgen-TOKEN.pending`` of the
# folder, with the process and machine writing it. A later write into the folder removes
# what the journal of a process that is gone lists, and nothing else.
MARKER = "boardgen"
JOURNAL = re.compile(rf"^\.{MARKER}-([0-9a-f]{{16}})\.pending$")
ABANDONED_AFTER_S = 600  # a journal this old whose process cannot be asked is a killed build's


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
    Any error is bad input naming the file; no temporary file is left behind, and those
    a killed write left in the folder are removed first (see ``MARKER``).
    """
    for name in files:
        refuse_special(folder / name)
    remove_abandoned(folder)
    token = secrets.token_hex(8)
    temporaries = {folder / name: _marked(folder / name, token, "tmp") for name in files}
    backups = {path: _marked(path, token, "old") for path in temporaries}
    journal = folder / f".{MARKER}-{token}.pending"
    _write_journal(journal, folder, [*temporaries.values(), *backups.values()])
    kept: dict[Path, Path] = {}
    renamed: list[Path] = []
    current = folder
    try:
        for (path, tmp), data in zip(temporaries.items(), files.values()):
            current = path
            _temporary(tmp, data)
        for path in temporaries:
            current = path
            if _hard_link(path, backups[path]):
                kept[path] = backups[path]
        for path, tmp in temporaries.items():
            current = path
            os.replace(tmp, path)
            renamed.append(path)
    except OSError as exc:
        _undo(renamed, kept)
        raise InputError(f"cannot write ({exc.strerror or exc})", source=str(current)) from None
    finally:
        for leftover in [*temporaries.values(), *backups.values(), journal]:  # the journal last
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)
    return list(temporaries)


def _marked(path: Path, token: str, kind: str) -> Path:
    """The temporary name of ``path`` in one write: ``.board.svg.boardgen-TOKEN.tmp``."""
    return path.with_name(f".{path.name}.{MARKER}-{token}.{kind}")


def _write_journal(journal: Path, folder: Path, temporaries: list[Path]) -> None:
    """List the temporary files a write is about to make, with who makes them, before any is
    made (the first file written: a folder that takes no file is one message)."""
    lines = [f"{os.getpid()} {socket.gethostname()}"]
    lines += [path.relative_to(folder).as_posix() for path in temporaries]
    try:
        fd = os.open(journal, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                     0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(journal)
        raise InputError(f"cannot write to this folder ({exc.strerror or exc})",
                         source=str(folder)) from None


def remove_abandoned(folder: Path) -> None:
    """Remove what writes that were killed left in ``folder``: the temporary files their
    journals list, then the journals. A journal of a process still running (on this
    machine; elsewhere, one written in the last ten minutes) is left alone, as is any file
    no journal lists."""
    try:
        journals = [entry for entry in os.scandir(folder) if JOURNAL.match(entry.name)]
    except OSError:
        return  # no folder yet, or one that cannot be read: the write says so
    for entry in journals:
        journal = Path(entry.path)
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            text = read_text(journal, MAX_RECORD_BYTES, "journals")
        except (OSError, InputError):
            continue
        lines = text.splitlines()
        if not lines or not _gone(lines[0], journal):
            continue
        token = JOURNAL.match(entry.name).group(1)
        for name in lines[1:]:
            path = folder / name
            if (_plain_relative(name) and path.name.startswith(".")
                    and path.name.endswith((f".{MARKER}-{token}.tmp", f".{MARKER}-{token}.old"))
                    and path.is_file() and not path.is_symlink()):
                with contextlib.suppress(OSError):
                    path.unlink()
        with contextlib.suppress(OSError):
            journal.unlink()


def _gone(writer: str, journal: Path) -> bool:
    """Whether the process a journal names (``PID HOST``) has ended, or, where it cannot
    be asked (another machine), whether the journal was left long ago."""
    pid, _, host = writer.partition(" ")
    if host == socket.gethostname() and pid.isdigit() and pid.isascii():
        if int(pid) == os.getpid():
            return False
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return True
        except (PermissionError, OverflowError, OSError):
            pass  # another user's process, still running
        else:
            return False
    try:
        return time.time() - journal.stat().st_mtime > ABANDONED_AFTER_S
    except OSError:
        return False


def _temporary(tmp: Path, data: bytes) -> None:
    """``data`` in a new temporary file, with the permissions of a new file."""
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _hard_link(path: Path, backup: Path) -> bool:
    """Keep the regular file at ``path`` under a second name; False when there is none to
    keep, or the system has no hard links (the old file cannot be put back, but is not lost)."""
    if not path.is_file() or path.is_symlink():
        return False
    try:
        os.link(path, backup)
    except OSError:
        return False
    return True


def _undo(renamed: list[Path], kept: dict[Path, Path]) -> None:
    """Put back the files a failed build had already replaced, and remove the new ones."""
    for path in renamed:
        try:
            if path in kept:
                os.replace(kept[path], path)
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
    """``out_dir/<folder name>``, created. Refuses a symlinked game folder.

    Writing into it (``write_files``) first removes what a killed build left there.
    """
    folder = out_dir / folder_name(name)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        if folder.is_symlink():
            raise InputError("is a symbolic link; refusing to write through it", source=str(folder))
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot write to this folder ({exc.strerror})", source=str(folder)) from None
    return folder


def pdf_file(stem: str, pages: tuple[Scene, ...], options: BuildOptions,
             title: str, drawings=None) -> dict[str, bytes]:
    """``stem.pdf`` of imposed pages, if PDF is requested.

    ``drawings``: the build's :class:`boardgen.render.pdf.Drawings`, so that pages drawn
    here are not drawn again for the print-and-play bundle.
    """
    if "pdf" not in options.formats:
        return {}
    return {f"{stem}.pdf": renderer("pdf")(Document(pages, title=title), drawings=drawings)}


def picture_files(stem: str, scene: Scene, options: BuildOptions) -> dict[str, bytes]:
    """``stem.svg`` and ``stem.png`` of one unimposed artwork, as requested."""
    files: dict[str, bytes] = {}
    if "svg" in options.formats:
        files[f"{stem}.svg"] = renderer("svg")(scene)
    if "png" in options.formats:  # from the SVG just drawn, if it was
        files[f"{stem}.png"] = renderer("png")(scene, dpi=options.dpi, svg=files.get(f"{stem}.svg"))
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
    output = printed_output(output, options)
    files = picture_set(pictures(output, options), options)
    files.update(document_files(layout, output, options, target, notes))
    return files


def printed_output(output: GameOutput, options: BuildOptions) -> GameOutput:
    """The game as it is printed: in ink-saver colours where they are asked for."""
    return saver_output(output) if options.print.ink == "saver" else output


def document_files(layout, output: GameOutput, options: BuildOptions,
                   target: str | None = None, notes: list[str] | None = None) -> dict[str, bytes]:
    """The print files (PDFs, if asked for) and board.json of a game as printed."""
    files = print_files(layout, output, options, target, notes) if "pdf" in options.formats else {}
    title = words_for(layout, options.lang)("title")  # the kit's own language, as it prints it
    document = {"game": layout.game, "name": layout.name, "title": title, "units": "mm",
                "board_size": [output.board.scene.width, output.board.scene.height]}
    document.update(output.board_json)
    files["board.json"] = (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode()
    return files


def pictures(output: GameOutput, options: BuildOptions) -> dict[str, Scene]:
    """File stem → artwork of the pictures to draw: none unless SVG or PNG is asked for."""
    return output.pictures() if {"svg", "png"} & set(options.formats) else {}


def picture_set(scenes: dict[str, Scene], options: BuildOptions) -> dict[str, bytes]:
    """SVG and PNG files of pictures (the unimposed board, every piece face and every sheet)."""
    files: dict[str, bytes] = {}
    for stem, scene in scenes.items():
        files.update(picture_files(stem, scene, options))
    return files


def print_files(layout, output: GameOutput, options: BuildOptions, target: str | None = None,
                notes: list[str] | None = None) -> dict[str, bytes]:
    """The PDFs: board pages, component sheets, sheets, rules and the bundle of all of them.

    Every page is drawn once: the bundle places the operators drawn for the other files.
    """
    from boardgen.render.pdf import Drawings

    drawings = Drawings()
    words = words_for(layout, options.lang)  # the layout's labels over the catalogue
    options = replace(options, print=replace(options.print, words=words))
    board = imposition.placed_board(output.board, options.print)  # the cover shows it so too
    board_pages = imposition.impose_board(board, options.print)
    files = pdf_file("board", board_pages, options, words("title"), drawings)
    sections = [imposition.Section(
        words("section.board"), board_pages, work=imposition.board_work(board, options.print),
        at=lambda first: imposition.impose_board(board, options.print, first_page=first))]
    for component_set in output.component_sets:
        pages = imposition.impose_components(component_set, options.print)
        if pages:
            sections.append(imposition.Section(
                component_set.title, pages,
                double_sided=imposition.duplex_backs(component_set, options.print),
                work=imposition.component_work(component_set, options.print)))
            files.update(pdf_file(component_set.name, pages, options, component_set.title,
                                  drawings))
    for sheet in output.sheets:
        pages = imposition.impose_sheet(sheet, options.print)
        sections.append(imposition.Section(
            sheet.title, pages, work=imposition.sheet_work(sheet, options.print),
            at=lambda first, sheet=sheet: imposition.impose_sheet(sheet, options.print, first)))
        files.update(pdf_file(sheet.name, pages, options, sheet.title, drawings))
    rule_sheet, rule_files, book = _rules(layout, options, target, notes, drawings)
    files.update(rule_files)
    if rule_sheet:
        sections.append(imposition.Section(
            words("section.rules"), rule_sheet, numbered=False,
            at=lambda first: book.sheet(options.print.paper, first)))
    source, shipped = layout_source(target)
    cover = imposition.Cover(words("title"), words("subtitle"), source, __version__,
                             picture=board.scene, shipped=shipped)
    bundle = imposition.print_and_play(cover, sections, options.print)
    files[bundle_name(layout)] = renderer("pdf")(
        Document(bundle, title=words("pdf.print_and_play", title=words("title"))), drawings)
    return files


def rules_files(layout, options: BuildOptions, target: str | None = None,
                notes: list[str] | None = None,
                drawings=None) -> tuple[tuple[Scene, ...], dict[str, bytes]]:
    """The rule sheet's pages (for the bundle), and rules.pdf and rules-booklet.pdf.

    Nothing when PDF is not asked for or no layout of the ``extends`` chain has a rule text.
    With ``options.fall_back`` a missing language falls back to English, noted in ``notes``.
    """
    return _rules(layout, options, target, notes, drawings)[:2]


def _rules(layout, options: BuildOptions, target: str | None = None,
           notes: list[str] | None = None, drawings=None):
    """``rules_files`` and the rule book they come from (None without one)."""
    notes = notes if notes is not None else []
    from boardgen.languages import english_name
    from boardgen.rules import MissingLanguage, rule_book

    if "pdf" not in options.formats:
        return (), {}, None
    try:
        book = rule_book(layout, options.lang, target)
    except MissingLanguage as missing:
        if not options.fall_back or "en" not in missing.available:
            raise
        notes.append(f"{layout.name}: no {english_name(options.lang)} rule text; rules in English")
        book = rule_book(layout, "en", target)
    if book is None:
        return (), {}, None
    paper = options.print.paper
    sheet = book.sheet(paper)
    pdf = renderer("pdf")
    words = words_for(layout, book.text.lang)  # English where the rules fell back to it
    return sheet, {"rules.pdf": pdf(Document(sheet, title=words("pdf.rules", title=book.title)),
                                     drawings),
                   "rules-booklet.pdf": pdf(Document(
                       book.booklet(paper), title=words("pdf.rules_booklet", title=book.title)),
                       drawings)}, book


def build(target: str, out_dir: Path, options: BuildOptions, setup: Path | None = None,
          notes: list[str] | None = None, checked: Checked | None = None) -> list[Path]:
    """Build one game or layout file into ``out_dir/<name>/``; returns the files written.

    The layout is checked first (unless ``checked`` already is), every file is rendered
    in memory, and only then are files written, all or none.
    """
    checked = checked or check_build(target, options, setup)
    layout = checked.layout
    options = replace(options, print=replace(options.print, words=words_for(layout, options.lang)))
    files = product_files(layout, checked.output, options, target, notes)
    files.update(export_files(layout.name, options.print.words("title"), checked.output,
                              options.formats, out_dir / folder_name(layout.name)))
    return write_game(out_dir, layout.name, files)


def write_game(out_dir: Path, name: str, files: dict[str, bytes]) -> list[Path]:
    """Write a game's files into its folder, with the export subfolders (tgc/, tts/) they name.

    The folder then holds what this build made: files an earlier build wrote and this one
    does not (a tile type renamed, a format left out) are removed, so a folder sent to a
    print service carries no image its manifest lacks. Only files boardgen recorded as its
    own are removed; anything else in the folder is left alone.
    """
    folder = output_folder(out_dir, name)
    for subfolder in {path.rpartition("/")[0] for path in files} - {""}:
        output_folder(folder, subfolder)  # made like the game's folder
    earlier = _recorded(folder)
    record = "".join(f"{path}\n" for path in sorted(files)).encode("utf-8")
    written = write_files(folder, {**files, RECORD: record})
    _remove_stale(folder, earlier - set(files))
    return [path for path in written if path.name != RECORD]


def _recorded(folder: Path) -> set[str]:
    """The files the last build wrote into ``folder``: the record's lines that name a file
    below it plainly (``a/b.png``, never ``./``, ``..`` or ``/``). None when the record is
    not a regular file one can read; a FIFO or device in its place is never opened."""
    path = folder / RECORD
    try:
        if path.is_symlink():
            return set()
        text = read_text(path, MAX_RECORD_BYTES, "records")  # never opens a FIFO or device
    except (OSError, InputError):
        return set()
    return {line for line in text.splitlines() if _plain_relative(line)}


def _plain_relative(name: str) -> bool:
    """Whether ``name`` is a relative path written the one way a build writes it."""
    path = PurePosixPath(name)
    return (bool(name) and not path.is_absolute() and str(path) == name
            and not {".", ".."} & set(path.parts))


def _remove_stale(folder: Path, stale: set[str]) -> None:
    """Remove the regular files named in ``stale`` that lie inside ``folder`` (a record
    edited by hand could name anything), then the export subfolders left empty."""
    inside = folder.resolve()
    emptied = set()
    for name in sorted(stale):
        path = folder / name
        try:
            if path.is_symlink() or not path.is_file() or inside not in path.resolve().parents:
                continue  # not a file, or reached through a symlinked folder
            path.unlink()
            emptied.add(path.parent)
        except OSError:
            continue  # left as it is: the new files are all written
    for subfolder in sorted(emptied - {folder}, reverse=True):
        try:
            subfolder.rmdir()
        except OSError:
            pass  # not empty: something else lives there


@dataclass
class Rendered:
    """One target checked and rendered in memory, or the problems that stopped it.

    ``pictures``: artwork still to be drawn into ``files`` (by ``picture_set``), when the
    target was rendered with its pictures left for other processes; ``exports``: the
    arguments of ``export_files`` still to be called, with the PNGs ``export_pictures``
    lists drawn by other processes.
    """

    target: str
    name: str = ""
    files: dict[str, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)
    pictures: dict[str, Scene] = field(default_factory=dict)
    exports: tuple | None = None


def render_target(target: str, options: BuildOptions, setup: Path | None = None,
                  out_dir: Path = Path("output"), pictures_later: bool = False) -> Rendered:
    """Check one target and render all its files in memory (a worker process's job).

    ``out_dir`` is where the files will go: exports name their images by full path.
    ``pictures_later``: leave the SVG and PNG pictures undrawn, in ``Rendered.pictures``,
    and the exports unmade, in ``Rendered.exports``.
    """
    rendered = Rendered(target)
    try:
        checked = check_build(target, options, setup)
        rendered.name = checked.layout.name
        layout_options = replace(options, print=replace(
            options.print, words=words_for(checked.layout, options.lang)))
        output = printed_output(checked.output, layout_options)
        rendered.pictures = pictures(output, layout_options)
        if not pictures_later:
            rendered.files = picture_set(rendered.pictures, layout_options)
            rendered.pictures = {}
        rendered.files.update(document_files(checked.layout, output, layout_options, target,
                                             rendered.notes))
        exports = (checked.layout.name, layout_options.print.words("title"), checked.output,
                   options.formats, out_dir / folder_name(checked.layout.name))
        if pictures_later and export_pictures(checked.output, options.formats):
            rendered.exports = exports
        else:
            rendered.files.update(export_files(*exports))
    except InputError as error:  # plain copies: every one pickles, whatever its class
        rendered.problems = [InputError(p.message, p.source, p.key, p.line)
                             for p in error.problems or [error]]
    return rendered


def render_targets(targets: list[str], options: BuildOptions, setup: Path | None = None,
                   workers: int | None = None,
                   out_dir: Path = Path("output")) -> Iterator[Rendered]:
    """Every target rendered, one process per core when there are several (in target order).

    Each game is composed by one process from the layout alone, so a parallel build makes
    the same bytes as a serial one. Its pictures are then drawn in parts by whichever
    processes are free, so a large game does not keep one core busy while the others wait.
    """
    workers = min(workers or usable_cores(), len(targets))
    if workers < 2:
        yield from (render_target(target, options, setup, out_dir) for target in targets)
        return
    from concurrent.futures import ProcessPoolExecutor  # only a build of several games needs it

    context = _pool_context()
    if context.get_start_method() == "fork":
        warm_up(targets, options)
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start,
                               initargs=(os.getpid(),))
    try:
        yield from _render_in_pool(pool, targets, options, setup, out_dir, workers)
    except BaseException:  # Ctrl-C, a signal, a failure: no worker goes on drawing
        _stop_workers(pool)
        with contextlib.suppress(Exception):  # the pool may not even have started
            pool.shutdown(wait=True, cancel_futures=True)  # its thread notices them gone
        raise
    pool.shutdown(wait=True)


def _render_in_pool(pool, targets: list[str], options: BuildOptions, setup: Path | None,
                    out_dir: Path, workers: int) -> Iterator[Rendered]:
    """Compose and print every target, then draw each one's pictures in ``workers`` parts.

    A picture that another target has too (the six-day variants share their cards) is
    drawn once: its files are the same bytes, as they depend on nothing but the artwork.
    So are the exports' PNGs (at their resolutions); the exports are then made here of
    the PNGs drawn.
    """
    from concurrent.futures import as_completed

    composing = [pool.submit(render_target, target, options, setup, out_dir, True)
                 for target in targets]
    drawing: dict[int, dict[str, tuple]] = {}  # target → stem → (part drawing it, its stem)
    drawn_once: dict[bytes, tuple] = {}  # artwork → (part drawing it, its stem)
    pngs_once: dict[tuple[bytes, int], object] = {}  # (artwork, dpi) → part drawing it
    for future in as_completed(composing):
        rendered = future.result()
        scenes = rendered.pictures
        keys = {stem: artwork_key(scene) for stem, scene in scenes.items()}
        new = {stem: scene for stem, scene in scenes.items() if keys[stem] not in drawn_once}
        for part in picture_parts(new, workers):
            drawing_part = pool.submit(picture_set, part, options)
            for stem in part:
                drawn_once[keys[stem]] = (drawing_part, stem)
        drawing[composing.index(future)] = {stem: drawn_once[keys[stem]] for stem in scenes}
        if rendered.exports:
            wanted = {(artwork_key(scene), dpi): (scene, dpi)
                      for scene, dpi in export_pictures(rendered.exports[2], options.formats)}
            new_pngs = {key: job for key, job in wanted.items() if key not in pngs_once}
            for part in balanced_parts(new_pngs, lambda job: _png_work(*job), workers):
                drawing_part = pool.submit(draw_pngs, part)
                for key in part:
                    pngs_once[key] = drawing_part
    for index, future in enumerate(composing):
        rendered = future.result()
        drawn = {f"{stem}.{kind}": files[f"{source}.{kind}"]
                 for stem, (part, source) in drawing[index].items()
                 for files in [part.result()] for kind in ("svg", "png")
                 if f"{source}.{kind}" in files}
        # The pictures' files in the order a serial build makes them, before the rest.
        rendered.files = {**picture_order(rendered.pictures, drawn), **rendered.files}
        rendered.pictures = {}
        if rendered.exports:
            rendered.files.update(export_files(*rendered.exports, render_png=_drawn_pngs(
                {key: part.result()[key] for key, part in pngs_once.items()})))
            rendered.exports = None
        yield rendered


def draw_pngs(jobs: dict) -> dict:
    """key → the PNG of each (artwork, dpi) in ``jobs`` (a worker's part of the exports)."""
    render_png = renderer("png")
    return {key: render_png(scene, dpi=dpi) for key, (scene, dpi) in jobs.items()}


def _drawn_pngs(drawn: dict):
    """A ``render_png`` that hands out the PNGs drawn already, by artwork and resolution."""
    def render_png(scene: Scene, dpi: int) -> bytes:
        return drawn[artwork_key(scene), dpi]

    return render_png


def _png_work(scene: Scene, dpi: int) -> float:
    """A PNG's work: its pixels, plus a card's worth (drawing one has a cost of its own)."""
    return (scene.width * scene.height + 63 * 88) * dpi * dpi


def artwork_key(scene: Scene) -> bytes:
    """A digest of everything a picture is drawn from (two equal ones draw alike)."""
    import pickle

    return hashlib.sha256(pickle.dumps(scene, protocol=5)).digest()


def picture_parts(scenes: dict[str, Scene], parts: int) -> list[dict[str, Scene]]:
    """The pictures split into at most ``parts`` parts of about equal work, largest first.

    A picture's work is taken as its area plus that of a card (drawing one has a cost of
    its own, whatever its size).
    """
    return balanced_parts(scenes, lambda scene: scene.width * scene.height + 63 * 88, parts)


def balanced_parts(items: dict, work, parts: int) -> list[dict]:
    """``items`` split into at most ``parts`` parts of about equal ``work(item)``, largest first."""
    loads = [[0.0, {}] for _ in range(parts)]
    for key in sorted(items, key=lambda key: work(items[key]), reverse=True):
        lightest = min(loads, key=lambda load: load[0])
        lightest[0] += work(items[key])
        lightest[1][key] = items[key]
    return [part for _, part in loads if part]


def picture_order(scenes: dict[str, Scene], drawn: dict[str, bytes]) -> dict[str, bytes]:
    """The drawn files in the order of their pictures (each picture's SVG before its PNG)."""
    return {name: drawn[name] for stem in scenes for name in (f"{stem}.svg", f"{stem}.png")
            if name in drawn}


def warm_up(targets: list[str], options: BuildOptions) -> None:
    """Load, before the workers are forked, what every one of them would load for itself.

    The targets' game modules, the rule typesetter and the requested renderers with their
    fonts (drawing a small label loads them) take half a second; workers forked after
    this share them instead of each spending it again.
    """
    from importlib import import_module

    from boardgen.games import KINDS
    from boardgen.layout import read_layout
    from boardgen.scene import Text

    for target in targets:
        try:
            kind = read_layout(target).data.get("game")
        except InputError:
            continue  # the worker reports it
        if kind in KINDS:
            import_module(KINDS[kind].partition(":")[0])
    if "pdf" in options.formats:
        for module in ("template", "document", "typeset"):
            import_module(f"boardgen.rules.{module}")
    label = Scene(30, 10, tuple(Text(2, 3 * (index + 1), "Aa 1", 2.5, font=face)
                                for index, face in enumerate(("regular", "bold", "italic"))))
    for fmt in ("svg", "png", "pdf"):
        if fmt in options.formats:
            renderer(fmt)(label)


def _worker_start(parent: int) -> None:
    """A pool worker lives no longer than the build that started it, and leaves signals to it.

    Ctrl-C goes to the main process, which stops the build with one line, not a traceback
    from every worker; a worker ends on SIGTERM and SIGHUP as any program does (it may have
    inherited the main process's handlers). When the main process ends, by any signal,
    SIGKILL too, the worker is killed (Linux: the parent-death signal), or notices within a
    second and ends (elsewhere): none is left waiting for work for ever.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if not _die_with_parent():
        import threading

        threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent",
                         daemon=True).start()
    if os.getppid() != parent:  # the main process ended before the worker got here
        os._exit(1)


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def _die_with_parent() -> bool:
    """Ask Linux to kill this process when its parent ends; False where it cannot."""
    import signal

    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (it is then adopted by another)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _stop_workers(pool) -> None:
    """End the pool's workers now, in the middle of their work: the build is abandoned.

    Killed, not asked to end: a worker forked a moment ago still has the main process's
    signal handlers, and workers write nothing a kill could leave half-written but the
    result they were sending. The executor's thread would wait for the rest of that
    result for ever (and the process could not end): the main process's end of the
    results' pipe is closed too, so the thread reads the pipe's end once the workers are
    gone. Both are the executor's own attributes (CPython 3.8 to 3.13 have them).
    """
    processes = getattr(pool, "_processes", None) or {}  # pid → process
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.kill()
    results = getattr(pool, "_result_queue", None)
    with contextlib.suppress(Exception):
        results._writer.close()


def usable_cores() -> int:
    """The cores this process may run on (fewer than the machine's under a CPU affinity mask)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _pool_context():
    """Forked workers where the system offers it: they start with boardgen already imported."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def build_many(targets: list[str], out_dir: Path, options: BuildOptions,
               setup: Path | None = None, notes: list[str] | None = None,
               workers: int | None = None) -> Iterator[tuple[str, list[Path]]]:
    """Build several targets: all are checked and rendered (in parallel) before any is written.

    Problems of every target, and two targets that would share a folder, are raised
    together as one InputError; otherwise yields (target, files written) per target.
    """
    notes = notes if notes is not None else []
    results = list(render_targets(targets, options, setup, workers, out_dir))
    problems: list[InputError] = []
    folders: dict[str, str] = {}
    for result in results:
        problems += result.problems
        if result.problems:
            continue
        folder = folder_name(result.name).casefold()
        if folder in folders:
            problems.append(InputError(f"is named like {folders[folder]} (both would be built "
                                       f"into {folder_name(result.name)}); give one another name",
                                       source=result.target, key="name"))
        folders.setdefault(folder, result.target)
    if problems:
        raise InputError(problems[0].message, problems=problems)
    for result in results:
        notes += [note for note in result.notes if note not in notes]
        yield result.target, write_game(out_dir, result.name, result.files)
