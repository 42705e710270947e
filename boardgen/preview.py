"""A live preview: a small web server on this machine that shows what a build would draw.

``boardgen preview GAME|FILE`` serves one page with the board, every distinct piece
face and every sheet as SVG (the pictures ``build`` writes), or, when ``check`` would
refuse the layout, its problems one per line. A background thread watches the layout,
every file it extends, their rule texts and the setup file (watchfiles).

An edit shows within a second because the slow part comes last: composing the game and
drawing the board takes some 30 ms, the full check (every language, the rule figures,
the pages on every paper) five times that. So each change first publishes the board,
then the other pictures the edit changed, and only then the verdict of the check: the
same pictures, or the problems instead. A rule text cannot change a picture, so its
edit goes straight to the check. Every publication gets the next version number and is
pushed at once to each open page over ``/events`` (server-sent events); the page swaps
the pictures whose address changed, and reloads only when the set of pictures does.

The server listens on 127.0.0.1 only and answers only requests addressed to it by that
name or ``localhost``, so no other machine, and no web page that rebinds a name of its
own to this address, can read the pictures.
"""

from __future__ import annotations

import glob
import hashlib
import html
import json
import re
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

from boardgen.contract import BuildOptions, Coverage, check_layout, compose
from boardgen.errors import InputError
from boardgen.i18n import Words, catalogue, words_for
from boardgen.layout import load_layout, read_layout, resolve, safe_identifier

HOST = "127.0.0.1"
QUIET_MS = 20  # changes closer together than this are one edit (an editor's save is several)
MAX_BATCH_MS = 300  # a stream of changes is still drawn at least this often
SETTLE_MS = 150  # new problems are shown once the files have been still this long
EMPTY_SETTLE_MS = 1500  # or this long, when a file is empty (being saved, most likely)
RESCAN_MS = 250  # while quiet, compare the files with the last redraw this often: an edit
#                 made while the watch restarts (after ``extends`` changed) is not lost
KEEPALIVE_S = 15  # an idle event stream sends a comment this often, so a dead page is noticed
REQUEST_S = 10  # a request must arrive whole within this, and each write of a reply go through
MAX_CONNECTIONS = 32  # connections served at once (a page holds one open for its events)
MAX_VERSION_DIGITS = 18  # a version number the page can send; longer ones are no version


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
    checked: bool = True  # False: drawn ahead of the check, which may still refuse it

    def state(self) -> dict[str, Any]:
        """What the page needs to bring itself up to date, as sent over ``/events``."""
        return {"version": self.version, "checked": self.checked, "title": self.title,
                "problems": list(self.problems),
                "groups": [{"title": group.title, "class": group.css_class,
                            "pictures": [{"stem": stem, "name": name, "tag": self.tags[stem]}
                                         for stem, name in group.stems]}
                           for group in self.groups]}


def draw(target: str, lang: str, setup: Path | None, version: int,
         previous: Snapshot | None = None) -> Snapshot:
    """Check ``target`` as ``check`` does (every build, the pictures in ``lang``) and draw its
    pictures; problems instead.

    A picture whose scene equals the one drawn before keeps its SVG: comparing scenes
    takes a millisecond, rendering them all a tenth of a second.
    """
    try:
        checked = check_layout(target, BuildOptions(lang=lang), setup, Coverage())
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


def draw_pictures(target: str, lang: str, setup: Path | None,
                  previous: Snapshot) -> Iterator[Snapshot]:
    """The pictures of ``target`` ahead of its check: the board first, then the rest.

    Yields a snapshot with the new board (the other pictures as they were) when more
    pictures changed, then one with every picture; nothing when the layout does not
    even compose, which the check will explain. Versions count on from ``previous``.
    """
    try:
        layout = load_layout(target)
        output = compose(layout, lang, setup)
        words = words_for(layout, lang)
        scenes = output.pictures()
        base = Snapshot(previous.version, words("title"), lang,
                        picture_groups(output, words), checked=False)
    except Exception:  # noqa: BLE001 (the check names what is wrong, in its words)
        return
    changed = [stem for stem, scene in scenes.items() if previous.scenes.get(stem) != scene]
    pictures = {stem: previous.pictures[stem] for stem in scenes if stem not in changed}
    drawn = {stem: previous.scenes[stem] for stem in pictures}
    same_set = scenes.keys() == previous.scenes.keys()
    for stem in sorted(changed, key=lambda stem: stem != "board"):
        pictures[stem] = svg_of(stem, scenes[stem], None)
        drawn[stem] = scenes[stem]
        if stem == "board" and len(changed) > 1 and same_set:
            partial = {**previous.pictures, **pictures}
            yield _with_pictures(base, base.version + 1, partial,
                                 {**previous.scenes, **drawn})
            base = replace(base, version=base.version + 1)
    yield _with_pictures(base, base.version + 1, pictures, drawn)


def _with_pictures(base: Snapshot, version: int, pictures: dict[str, bytes],
                   scenes: dict[str, Any]) -> Snapshot:
    return replace(base, version=version, pictures=dict(pictures), scenes=dict(scenes),
                   tags={stem: hashlib.sha256(svg).hexdigest()[:16]
                         for stem, svg in pictures.items()})


def svg_of(stem: str, scene, previous: Snapshot | None) -> bytes:
    """The SVG of a scene: the one drawn before if the scene is unchanged, else rendered."""
    from boardgen.render import renderer

    if previous is not None and previous.scenes.get(stem) == scene:
        return previous.pictures[stem]
    return renderer("svg")(scene)


def picture_groups(output, words) -> tuple[Group, ...]:
    """The pictures in the order of the print-and-play file, under the titles it uses, each
    captioned with the name of the SVG file ``build`` writes for it (a name, not a word: the
    same in every language)."""
    groups = [Group(words("section.board"), (("board", "board.svg"),), "board")]
    for component_set in output.component_sets:
        faces = tuple((stem, f"{stem}.svg") for stem, _name, _scene in component_set.faces())
        if faces:
            groups.append(Group(component_set.title, faces))
    for sheet in output.sheets:
        stem = safe_identifier(sheet.name)
        groups.append(Group(sheet.title, ((stem, f"{stem}.svg"),)))
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
        if self.draws_pictures(path):
            return True
        return any(path.parent == layout.parent and path.name.startswith(f"{layout.stem}.rules.")
                   and path.suffix == ".md" for layout in self.layouts)

    def stamps(self) -> dict[Path, tuple[int, int]]:
        """Modification time and size of every watched file that exists."""
        files = set(self.layouts) | ({self.setup} if self.setup is not None else set())
        for layout in self.layouts:
            files |= set(layout.parent.glob(f"{glob.escape(layout.stem)}.rules.*.md"))
        stamps = {}
        for path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            stamps[path] = (stat.st_mtime_ns, stat.st_size)
        return stamps

    def draws_pictures(self, path: Path) -> bool:
        """Whether a change to ``path`` can change a picture (a rule text can only be refused)."""
        path = path.resolve()
        return path in self.layouts or path == self.setup


class Preview:
    """The current snapshot of one layout, redrawn when a file it depends on changes."""

    def __init__(self, target: str, lang: str = "en", setup: Path | None = None):
        self.target, self.lang, self.setup = target, lang, setup
        self.watched = Watched(target, setup)
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.changed = threading.Condition()
        self.current = Snapshot(0, target, lang, checked=False)  # until the first ``redraw``
        self.drawn_stamps: dict[Path, tuple[int, int]] = {}  # the files as the last redraw read them

    def redraw(self, pictures: bool = True) -> None:
        """Draw the pictures first (unless only a rule text changed), then check.

        Each step is published under the next version; the check's snapshot, the last,
        is marked as checked.
        """
        with self.lock:
            self.watched.refresh()
            self.drawn_stamps = self.watched.stamps()
            if pictures:
                for snapshot in draw_pictures(self.target, self.lang, self.setup, self.current):
                    self.publish(snapshot)
            checked = draw(self.target, self.lang, self.setup, self.current.version + 1,
                           self.current)
            if checked.problems and not self.current.problems and not self.settled():
                return  # read half-saved; the watch brings the rest of the save to a redraw
            self.publish(checked)

    def settled(self) -> bool:
        """Whether the files stay as the redraw read them for a moment longer.

        A save is sometimes two writes (empty the file, then fill it), with the redraw
        reading in between; problems found then would flash on the page for nothing.
        An empty file is given longer to fill: a busy machine can pause the saving
        program between the two writes.
        """
        empty = any(size == 0 for _mtime, size in self.drawn_stamps.values())
        deadline = time.monotonic() + (EMPTY_SETTLE_MS if empty else SETTLE_MS) / 1000
        while not self.stop.wait(min(0.05, max(0.0, deadline - time.monotonic()))):
            if self.watched.stamps() != self.drawn_stamps:
                return False
            if time.monotonic() >= deadline:
                return True
        return False

    def publish(self, snapshot: Snapshot) -> None:
        """Make ``snapshot`` the one served, and wake every page waiting for a change."""
        with self.changed:
            self.current = snapshot
            self.changed.notify_all()

    def wait_for_change(self, version: int, timeout: float) -> Snapshot:
        """The current snapshot once its version differs from ``version`` (or after ``timeout``)."""
        with self.changed:
            self.changed.wait_for(lambda: self.current.version != version or self.stop.is_set(),
                                  timeout)
            return self.current

    def watch(self) -> None:
        """Redraw on every change until stopped; restart the watch when the folders change."""
        import watchfiles

        while not self.stop.is_set():
            folders = self.watched.folders()
            if not folders:  # every folder is gone for now; look again in a moment
                self.stop.wait(0.5)
                continue
            try:
                for changes in watchfiles.watch(
                        *folders, watch_filter=lambda _change, path: self.watched.matters(Path(path)),
                        stop_event=self.stop, recursive=False, step=QUIET_MS,
                        debounce=MAX_BATCH_MS, rust_timeout=RESCAN_MS, yield_on_timeout=True,
                        raise_interrupt=False, ignore_permission_denied=True):
                    if changes:
                        self.redraw(pictures=any(self.watched.draws_pictures(Path(path))
                                                 for _change, path in changes))
                    elif self.watched.stamps() != self.drawn_stamps:  # changed while unwatched
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


PAGE_WORDS = ("drawn", "checked", "problems")  # the catalogue's preview.* words the page shows


def page_words(lang: str) -> dict[str, str]:
    """The page's own words in the kit's language (``preview.*`` of its catalogue); English
    while the language's catalogue cannot be read."""
    try:
        words = Words(lang, catalogue(lang))
    except InputError:
        words = Words("en", catalogue("en"))
    return {key: words(f"preview.{key}") for key in PAGE_WORDS}


def page(snapshot: Snapshot) -> str:
    """The HTML page of a snapshot: its pictures, or its problems one per line."""
    template = resources.files("boardgen").joinpath("preview.html").read_text("utf-8")
    said = page_words(snapshot.lang)
    if snapshot.problems:
        body = (f"<h2 class=\"problems-heading\">{html.escape(said['problems'])}</h2>\n"
                "<ul class=\"problems\">\n" + "".join(
                    f"<li>{html.escape(problem)}</li>\n" for problem in snapshot.problems) + "</ul>")
    else:
        body = "\n".join(group_html(group, snapshot.tags) for group in snapshot.groups)
    values = {"lang": html.escape(snapshot.lang), "title": html.escape(snapshot.title),
              "version": str(snapshot.version), "checked": str(snapshot.checked).lower(),
              "body": body, **{f"word_{key}": html.escape(text) for key, text in said.items()}}
    # one pass, so a title that happens to contain "{{body}}" stays text
    return re.sub(r"\{\{(\w+)\}\}", lambda match: values[match.group(1)], template)


def group_html(group: Group, tags: dict[str, str]) -> str:
    """One heading and its pictures, each addressed with the digest of its SVG: a picture
    an edit left alone comes from the browser's cache, a changed one never does."""
    figures = "".join(
        f"<figure><img data-stem=\"{stem}\" src=\"/{stem}.svg?h={tags[stem]}\" "
        f"alt=\"{html.escape(name)}\">"
        f"<figcaption>{html.escape(name)}</figcaption></figure>\n" for stem, name in group.stems)
    return (f"<section class=\"{group.css_class}\">\n<h2>{html.escape(group.title)}</h2>\n"
            f"<div class=\"pictures\">\n{figures}</div>\n</section>")


class Handler(BaseHTTPRequestHandler):
    """GET /, /version, /state, /events and /<picture>.svg of the server's preview; nothing else."""

    server: "PreviewServer"
    server_version = "boardgen-preview"

    timeout = REQUEST_S  # of each read and write (socketserver sets it on the connection)

    def handle_one_request(self) -> None:
        """Read and answer one request, which must arrive whole within ``REQUEST_S``: one
        sent a byte at a time, or never finished, is closed rather than held for ever."""
        self.server.deadlines.start(self.connection, REQUEST_S)
        try:
            super().handle_one_request()
        finally:
            self.server.deadlines.clear(self.connection)

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self.server.deadlines.clear(self.connection)  # it arrived: the reply may take long
        if not self.addressed_here():
            self.reply(HTTPStatus.MISDIRECTED_REQUEST, b"this server answers 127.0.0.1 only\n")
            return
        snapshot = self.server.preview.current
        path, _, query = self.path.partition("?")
        if path == "/":
            self.reply(HTTPStatus.OK, page(snapshot).encode("utf-8"), "text/html; charset=utf-8")
        elif path == "/version":
            self.reply(HTTPStatus.OK, f"{snapshot.version}\n".encode())
        elif path == "/state":
            self.reply(HTTPStatus.OK, json.dumps(snapshot.state()).encode("utf-8"),
                       "application/json")
        elif path == "/events":
            since = _version_after("since=", query)
            if since is None:
                self.reply(HTTPStatus.BAD_REQUEST, b"since must be a version number\n")
            else:
                self.stream_events(since)
        elif path.endswith(".svg") and path[1:-4] in snapshot.pictures:
            stem = path[1:-4]
            self.reply(HTTPStatus.OK, snapshot.pictures[stem], "image/svg+xml",
                       cache=query == f"h={snapshot.tags[stem]}")
        elif path.endswith(".svg") and snapshot.problems:
            self.reply(HTTPStatus.SERVICE_UNAVAILABLE,
                       "".join(f"{problem}\n" for problem in snapshot.problems).encode("utf-8"))
        else:
            self.reply(HTTPStatus.NOT_FOUND, b"not found\n")

    def stream_events(self, since: int) -> None:
        """Server-sent events: the state whenever its version is not ``since``, until the page goes."""
        preview = self.server.preview
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        shown = since
        try:
            while not preview.stop.is_set():
                snapshot = preview.wait_for_change(shown, KEEPALIVE_S)
                if snapshot.version == shown:
                    self.wfile.write(b": still here\n\n")
                else:
                    self.wfile.write(f"data: {json.dumps(snapshot.state())}\n\n".encode("utf-8"))
                    shown = snapshot.version
                self.wfile.flush()
        except OSError:  # the page was closed or reloaded
            return

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


VERSION = re.compile(rf"-?[0-9]{{1,{MAX_VERSION_DIGITS}}}")


def _version_after(prefix: str, query: str) -> int | None:
    """The version number after ``prefix`` in a query string (ASCII digits, perhaps after a
    minus); -1 when the query has none, None when what it has is no such number."""
    for part in query.split("&"):
        if part.startswith(prefix):
            value = part[len(prefix):]
            return int(value) if VERSION.fullmatch(value) else None
    return -1


def stop_on_signals(server: "PreviewServer", shown: Preview) -> None:
    """Ctrl-C, SIGTERM and SIGHUP stop the preview cleanly: a service manager, a script or a
    closed terminal ends it as Ctrl-C does.

    The server is asked to stop from a thread of its own rather than by an exception in the
    main thread: Python drops an exception a signal raises at some points (while a thread
    starts, say), and the preview then served on. A signal while the first drawing is made
    stops the server as soon as it starts.
    """
    def stop(_signal: int, _frame) -> None:
        shown.stop.set()
        threading.Thread(target=server.shutdown, name="preview-stop", daemon=True).start()

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


class Deadlines:
    """Connections that must have sent their request by a deadline; one thread closes those
    that have not (a thread per connection would double the threads)."""

    def __init__(self) -> None:
        self.due: dict[socket.socket, float] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        threading.Thread(target=self.close_late, name="preview-deadlines", daemon=True).start()

    def start(self, connection: socket.socket, seconds: float) -> None:
        with self.lock:
            self.due[connection] = time.monotonic() + seconds

    def clear(self, connection: socket.socket) -> None:
        with self.lock:
            self.due.pop(connection, None)

    def close_late(self) -> None:
        while not self.stop.wait(0.2):
            now = time.monotonic()
            with self.lock:
                late = [connection for connection, due in self.due.items() if due <= now]
                for connection in late:
                    del self.due[connection]
            for connection in late:  # the handler's read fails, and its thread ends
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
        b"Content-Length: 21\r\nConnection: close\r\n\r\ntoo many connections\n")


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server of one preview, on 127.0.0.1.

    At most ``MAX_CONNECTIONS`` are served at once, each by a thread of its own; one more
    is told the server is busy and closed, so a flood of connections cannot take every
    thread the machine has.
    """

    daemon_threads = True  # a browser's open connection does not keep the process alive
    request_queue_size = 64  # connections waiting to be accepted: a page asks for many at once

    def __init__(self, preview: Preview, port: int):
        self.preview = preview
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.deadlines = Deadlines()
        try:
            super().__init__((HOST, port), Handler)
        except OSError as error:
            raise InputError(f"cannot listen on {HOST}:{port} ({error.strerror}); choose another "
                             "port with --port", source="--port") from None

    def process_request(self, request, client_address) -> None:
        """Serve the connection in a thread of its own, if one of the threads is free."""
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1)
                request.sendall(BUSY)  # a short reply: it fits what the system buffers
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def server_close(self) -> None:
        self.deadlines.stop.set()
        super().server_close()

    def handle_error(self, request, client_address) -> None:
        """A page that goes while it loads (a reload, a closed tab) is nothing to report;
        anything else is one line on stderr, never a traceback, and the server goes on."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):  # a page that stopped reading
            return
        print(f"preview: a request failed ({type(error).__name__}: {error})", file=sys.stderr)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"
