"""Answers kept by the frozen objects they were worked out from.

A build asks some questions of the same scene, component set or symbol several times:
when it checks the pages, when it imposes them and when it counts the cuts. Those objects
are frozen, so the same object gets the same answer. Answers are kept by the objects'
identity, not equality (two equal-looking scenes are still asked about apart), and each
entry holds its objects, so their ids cannot pass to new objects while it is kept. A memory
keeps at most ``most`` entries and starts afresh when full: a long-running preview stays
small.
"""

from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

T = TypeVar("T")
MISSING = object()  # what ``get`` gives for objects it keeps no answer for


class IdentityMemo(Generic[T]):
    """Answers by the identity of the objects asked about (and plain values beside them)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._kept: dict[tuple, tuple[tuple, T]] = {}

    def get(self, objects: tuple, also: tuple[Hashable, ...] = ()) -> T | object:
        """The answer kept for ``objects`` and the values ``also``, or :data:`MISSING`."""
        kept = self._kept.get((*map(id, objects), *also))
        if kept is not None and all(a is b for a, b in zip(kept[0], objects)):
            return kept[1]
        return MISSING

    def put(self, objects: tuple, answer: T, also: tuple[Hashable, ...] = ()) -> T:
        """Keep ``answer`` for ``objects`` and ``also``; returns it."""
        if len(self._kept) >= self.most:
            self._kept.clear()
        self._kept[(*map(id, objects), *also)] = (objects, answer)
        return answer

    def recall(self, objects: tuple, work: Callable[[], T],
               also: tuple[Hashable, ...] = ()) -> T:
        """The kept answer, or ``work()`` kept and returned."""
        answer = self.get(objects, also)
        if answer is MISSING:
            return self.put(objects, work(), also)
        return answer  # type: ignore[return-value]
