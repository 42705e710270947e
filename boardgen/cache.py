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
import time
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
    if override:  # a relative folder is taken from where boardgen started, once and for all
        return _absolute(override)
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


@lru_cache(maxsize=8)
def _absolute(folder: str) -> Path:
    """``folder`` made absolute against the working folder of the first call: what is kept
    there (a font configuration, say) names files by paths that hold anywhere."""
    return Path(os.path.abspath(folder))


def _writable_dir(path: Path) -> bool:
    return path.is_absolute() and path.is_dir() and os.access(path, os.W_OK | os.X_OK)


@lru_cache(maxsize=None)
def private_dir() -> Path:
    """A temporary folder of this process, removed when it exits: a cache that cannot be kept.

    Named after the process, so that the folders of processes that were killed (and could
    not remove theirs) are removed by the next one.
    """
    _remove_private_dirs_of_ended_processes()
    path = Path(tempfile.mkdtemp(prefix=f"{PRIVATE_PREFIX}{os.getpid()}-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


PRIVATE_PREFIX = "boardgen-cache-"
TEMPORARY_SUFFIX = ".boardgen-tmp"  # a cache file being written
ABANDONED_AFTER_S = 600  # a cache file being written this long was left by a killed process


def _remove_private_dirs_of_ended_processes() -> None:
    """Remove the private folders (of this user) whose process has ended."""
    try:
        entries = list(os.scandir(tempfile.gettempdir()))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not name.startswith(PRIVATE_PREFIX):
            continue
        pid = name[len(PRIVATE_PREFIX):].partition("-")[0]
        try:
            if (not pid.isdigit() or not entry.is_dir(follow_symlinks=False)
                    or entry.stat(follow_symlinks=False).st_uid != os.getuid()):
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(entry.path, ignore_errors=True)
        except (OSError, OverflowError, AttributeError):
            continue


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
    """Write ``target`` through a temporary file, so a reader never sees half of it.

    The temporary file is marked as boardgen's; those a killed process left in the folder
    are removed once they are old enough not to be another process's, writing now.
    """
    _remove_abandoned(target.parent)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _remove_abandoned(folder: Path) -> None:
    """Remove the cache files a killed process left half-written in ``folder``."""
    now = time.time()
    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.endswith(TEMPORARY_SUFFIX)]
    except OSError:
        return
    for entry in entries:
        try:
            if (entry.is_file(follow_symlinks=False)
                    and now - entry.stat(follow_symlinks=False).st_mtime > ABANDONED_AFTER_S):
                os.unlink(entry.path)
        except OSError:
            continue


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
