"""A live preview: a small web server on this machine that shows what a build would draw.

``boardgen preview GAME|FILE`` serves one page with the board, every distinct piece
face and every sheet as SVG (the pictures ``build`` writes), or, when ``check`` would
refuse the layout, its problems one per line. A background thread watches the layout,
every file it extends, their rule texts and the setup file (watchfiles); each change
checks and draws the layout again and bumps a version number, which the page polls at
``/version`` and reloads on. The server listens on 127.0.0.1 only and answers only
requests addressed to it by that name or ``localhost``, so no other machine, and no web
page that rebinds a name of its own to this address, can read the pictures.
"""

from __future__ import annotations

import hashlib
import html
import re
import signal
import threading
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

from boardgen.contract import BuildOptions, check_layout
from boardgen.errors import InputError
from boardgen.i18n import words_for
from boardgen.layout import read_layout, resolve, safe_identifier

HOST = "127.0.0.1"
POLL_MS = 150  # how often the page asks for the version: small next to the redraw itself
QUIET_MS = 50  # changes closer together than this are one edit (an editor's save is several)


@dataclass(frozen=True)
class Group:
    """Pictures shown under one heading: the board, a component set or a sheet."""

    title: str
    stems: tuple[tuple[str, str], ...]  # (file stem, name) of each picture
    css_class: str = "components"  # "board": shown large


@dataclass(frozen=True)
class Snapshot:
    """What the page shows at one version: the pictures as SVG, or the problems instead."""

    version: int
    title: str
    lang: str
    groups: tuple[Group, ...] = ()
    pictures: dict[str, bytes] = field(default_factory=dict)  # file stem → SVG
    problems: tuple[str, ...] = ()
    tags: dict[str, str] = field(default_factory=dict)  # file stem → digest of its SVG
    scenes: dict[str, Any] = field(default_factory=dict)  # file stem → the scene drawn


def draw(target: str, lang: str, setup: Path | None, version: int,
         previous: Snapshot | None = None) -> Snapshot:
    """Check ``target`` as a build in ``lang`` would and draw its pictures; problems instead.

    A picture whose scene equals the one drawn before keeps its SVG: comparing scenes
    takes a millisecond, rendering them all a tenth of a second.
    """
    try:
        checked = check_layout(target, BuildOptions(lang=lang), setup)
        words = words_for(checked.layout, lang)
        output = checked.output
        scenes = output.pictures()
        pictures = {stem: svg_of(stem, scene, previous) for stem, scene in scenes.items()}
    except InputError as error:
        return Snapshot(version, target, lang, problems=tuple(
            str(problem) for problem in error.problems or [error]))
    except Exception as error:  # a fault in a game module must not stop the server
        return Snapshot(version, target, lang, problems=(
            f"{target}: cannot draw this layout ({type(error).__name__}: {error})",))
    tags = {stem: hashlib.sha256(svg).hexdigest()[:16] for stem, svg in pictures.items()}
    return Snapshot(version, words("title"), lang, picture_groups(output, words), pictures,
                    tags=tags, scenes=scenes)


def svg_of(stem: str, scene, previous: Snapshot | None) -> bytes:
    """The SVG of a scene: the one drawn before if the scene is unchanged, else rendered."""
    from boardgen.render import renderer

    if previous is not None and previous.scenes.get(stem) == scene:
        return previous.pictures[stem]
    return renderer("svg")(scene)


def picture_groups(output, words) -> tuple[Group, ...]:
    """The pictures in the order of the print-and-play file, under the titles it uses."""
    groups = [Group(words("section.board"), (("board", "board"),), "board")]
    for component_set in output.component_sets:
        faces = tuple((stem, name) for stem, name, _scene in component_set.faces())
        if faces:
            groups.append(Group(component_set.title, faces))
    for sheet in output.sheets:
        groups.append(Group(sheet.title, ((safe_identifier(sheet.name), sheet.name),)))
    return tuple(groups)


class Watched:
    """Which files a preview depends on: the layout, what it extends, rule texts, the setup."""

    def __init__(self, target: str, setup: Path | None):
        self.target = target
        self.file = resolve(target).resolve()  # an unknown game or missing file is bad input
        self.setup = setup.resolve() if setup is not None else None
        self.layouts: frozenset[Path] = frozenset({self.file})
        self.refresh()

    def refresh(self) -> None:
        """Read the ``extends`` chain again (an edit may change it); keep the old one if broken."""
        try:
            chain = {path.resolve() for path in read_layout(self.target).files}
        except InputError:  # a file being edited may not parse, or be gone for a moment
            return
        self.layouts = frozenset({self.file} | chain)

    def folders(self) -> frozenset[Path]:
        """The folders to watch (not recursively): those holding any watched file."""
        folders = {path.parent for path in self.layouts}
        if self.setup is not None:
            folders.add(self.setup.parent)
        return frozenset(folder for folder in folders if folder.is_dir())

    def matters(self, path: Path) -> bool:
        """Whether a change to ``path`` can change the preview."""
        path = path.resolve()
        if path in self.layouts or path == self.setup:
            return True
        return any(path.parent == layout.parent and path.name.startswith(f"{layout.stem}.rules.")
                   and path.suffix == ".md" for layout in self.layouts)


class Preview:
    """The current snapshot of one layout, redrawn when a file it depends on changes."""

    def __init__(self, target: str, lang: str = "en", setup: Path | None = None):
        self.target, self.lang, self.setup = target, lang, setup
        self.watched = Watched(target, setup)
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.current = Snapshot(0, target, lang)  # until the first ``redraw``

    def redraw(self) -> None:
        """Check and draw again, under the next version number."""
        with self.lock:
            self.watched.refresh()
            self.current = draw(self.target, self.lang, self.setup, self.current.version + 1,
                                self.current)

    def watch(self) -> None:
        """Redraw on every change until stopped; restart the watch when the folders change."""
        import watchfiles

        while not self.stop.is_set():
            folders = self.watched.folders()
            if not folders:  # every folder is gone for now; look again in a moment
                self.stop.wait(0.5)
                continue
            try:
                for _changes in watchfiles.watch(
                        *folders, watch_filter=lambda _change, path: self.watched.matters(Path(path)),
                        stop_event=self.stop, recursive=False, step=QUIET_MS, debounce=400,
                        raise_interrupt=False, ignore_permission_denied=True):
                    self.redraw()
                    if self.watched.folders() != folders:
                        break
            except OSError:  # a folder went away while being watched; watch what is there now
                self.stop.wait(0.5)

    def start_watching(self) -> threading.Thread:
        """The watch in a daemon thread (it ends with the server, or on ``stop``)."""
        thread = threading.Thread(target=self.watch, name="preview-watch", daemon=True)
        thread.start()
        return thread


def page(snapshot: Snapshot) -> str:
    """The HTML page of a snapshot: its pictures, or its problems one per line."""
    template = resources.files("boardgen").joinpath("preview.html").read_text("utf-8")
    if snapshot.problems:
        body = "<ul class=\"problems\">\n" + "".join(
            f"<li>{html.escape(problem)}</li>\n" for problem in snapshot.problems) + "</ul>"
    else:
        body = "\n".join(group_html(group, snapshot.tags) for group in snapshot.groups)
    values = {"lang": html.escape(snapshot.lang), "title": html.escape(snapshot.title),
              "version": str(snapshot.version), "poll_ms": str(POLL_MS), "body": body}
    # one pass, so a title that happens to contain "{{body}}" stays text
    return re.sub(r"\{\{(\w+)\}\}", lambda match: values[match.group(1)], template)


def group_html(group: Group, tags: dict[str, str]) -> str:
    """One heading and its pictures, each addressed with the digest of its SVG: a picture
    an edit left alone comes from the browser's cache, a changed one never does."""
    figures = "".join(
        f"<figure><img src=\"/{stem}.svg?h={tags[stem]}\" alt=\"{html.escape(name)}\">"
        f"<figcaption>{html.escape(name)}</figcaption></figure>\n" for stem, name in group.stems)
    return (f"<section class=\"{group.css_class}\">\n<h2>{html.escape(group.title)}</h2>\n"
            f"<div class=\"pictures\">\n{figures}</div>\n</section>")


class Handler(BaseHTTPRequestHandler):
    """GET /, /version and /<picture>.svg of the server's preview; nothing else."""

    server: "PreviewServer"
    server_version = "boardgen-preview"

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        if not self.addressed_here():
            self.reply(HTTPStatus.MISDIRECTED_REQUEST, b"this server answers 127.0.0.1 only\n")
            return
        snapshot = self.server.preview.current
        path, _, query = self.path.partition("?")
        if path == "/":
            self.reply(HTTPStatus.OK, page(snapshot).encode("utf-8"), "text/html; charset=utf-8")
        elif path == "/version":
            self.reply(HTTPStatus.OK, f"{snapshot.version}\n".encode())
        elif path.endswith(".svg") and path[1:-4] in snapshot.pictures:
            stem = path[1:-4]
            self.reply(HTTPStatus.OK, snapshot.pictures[stem], "image/svg+xml",
                       cache=query == f"h={snapshot.tags[stem]}")
        elif path.endswith(".svg") and snapshot.problems:
            self.reply(HTTPStatus.SERVICE_UNAVAILABLE,
                       "".join(f"{problem}\n" for problem in snapshot.problems).encode("utf-8"))
        else:
            self.reply(HTTPStatus.NOT_FOUND, b"not found\n")

    def addressed_here(self) -> bool:
        """Whether the Host header names this server (a rebound name would not)."""
        port = self.server.server_address[1]
        names = {f"{name}:{port}" for name in (HOST, "localhost")}
        if port == 80:  # a browser leaves out the default port
            names |= {HOST, "localhost"}
        return self.headers.get("Host", "") in names

    def reply(self, status: HTTPStatus, body: bytes,
              content_type: str = "text/plain; charset=utf-8", cache: bool = False) -> None:
        """Send a whole reply; ``cache`` only for an address that names its content's digest."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=86400, immutable" if cache else "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        """Quiet: a request per picture every reload would bury the terminal."""


def interrupt_on_terminate() -> None:
    """Stop on SIGTERM as on Ctrl-C: a service manager or script ends the preview cleanly."""
    def interrupt(_signal: int, _frame) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server of one preview, on 127.0.0.1."""

    daemon_threads = True  # a browser's open connection does not keep the process alive

    def __init__(self, preview: Preview, port: int):
        self.preview = preview
        try:
            super().__init__((HOST, port), Handler)
        except OSError as error:
            raise InputError(f"cannot listen on {HOST}:{port} ({error.strerror}); choose another "
                             "port with --port", source="--port") from None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"
