"""Files boardgen derives from fixed inputs, kept between runs.

The unhinted fonts, reportlab's reading of them, the parsed hyphenation patterns and the
compiled rule templates cost more to make than to read. Each is named after, or checked
against, what it is made from (the source file, the version of the code that makes it),
so a changed input is made afresh and never read stale; output is the same bytes with a
cache, without one, or with a damaged one.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from boardgen import __version__


def cache_dir() -> Path:
    """Where derived files are kept between runs (``BOARDGEN_CACHE`` overrides it).

    The user's cache folder, but only below a home (or ``XDG_CACHE_HOME``) that exists
    and is writable: boardgen never creates a missing home. Otherwise a private
    temporary folder that lives as long as the process.
    """
    override = os.environ.get("BOARDGEN_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME")
    if base and _writable_dir(Path(base)):
        return Path(base) / "boardgen"
    try:
        home = Path.home()
    except RuntimeError:  # no home folder known
        return private_dir()
    if _writable_dir(home):
        return home / ".cache" / "boardgen"
    return private_dir()


def _writable_dir(path: Path) -> bool:
    return path.is_absolute() and path.is_dir() and os.access(path, os.W_OK | os.X_OK)


@lru_cache(maxsize=None)
def private_dir() -> Path:
    """A temporary folder of this process, removed when it exits: a cache that cannot be kept."""
    path = Path(tempfile.mkdtemp(prefix="boardgen-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def in_cache(name: str, make: Callable[[Path], None]) -> Path:
    """``cache/name``, made by ``make(path)`` if missing; in the private folder if the cache fails.

    The result never depends on where it was made, so output is the same with or
    without a usable cache.
    """
    for folder in (cache_dir, private_dir):  # the private folder only made when needed
        try:
            target = folder() / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                make(target)
            return target
        except OSError:
            continue
    raise OSError(f"cannot write {name} to a cache or temporary folder")


def write_file(target: Path, data: bytes) -> None:
    """Write ``target`` through a temporary file, so a reader never sees half of it."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


@lru_cache(maxsize=None)
def file_digest(path: Path) -> str:
    """A short digest of a file's bytes (of a source module: what it makes is kept per version)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:  # not a plain file (a zipped installation): the release stands for it
        return f"release-{__version__}"


def stored(name: str, make: Callable[[], Any]) -> Any:
    """``make()``, kept in the cache as ``name``: plain data (numbers, texts, bytes, and
    tuples, lists and dicts of them), as ``marshal`` writes it.

    ``name`` must tell apart everything the data depends on; the Python version is added
    here. A file that cannot be read, or was cut short, is made again. Where nothing can
    be written the data is made and not kept. The cache is the user's own folder, trusted
    as Python trusts its compiled files.
    """
    target = cache_dir() / f"{name}.py{sys.version_info[0]}{sys.version_info[1]}-m{marshal.version}"
    try:
        return marshal.loads(target.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass  # missing, unreadable or damaged: made (again)
    data = make()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, marshal.dumps(data))
    except OSError:
        pass
    return data
