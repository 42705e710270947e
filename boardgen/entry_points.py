"""The entry points of the installed packages, read once a process.

Game kinds, component types and race rules plugins are each found in an entry point
group. Reading the groups reads every installed package's metadata, which costs more than
the rest of loading a small layout; so all of them are read together, once, and each
lookup picks its group from that reading. (Packages installed while boardgen runs are
seen by its next run.)
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, EntryPoints, entry_points


@cache
def _installed() -> EntryPoints:
    return entry_points()


def in_group(group: str) -> list[EntryPoint]:
    """The entry points of ``group``, by name."""
    return sorted(_installed().select(group=group), key=lambda entry: entry.name)
