"""Validation reports: every problem found in a setup, and the board drawn in ASCII.

A validator never raises on an illegal placement; it collects problems here.
Raising (InputError) is kept for files that cannot be read at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """One broken rule: a short code, the cells involved and a sentence for people."""

    code: str
    message: str
    cells: tuple[str, ...] = ()
    player: int | None = None


@dataclass(frozen=True)
class Report:
    """The verdict on a setup: ``ok`` when there are no problems."""

    subject: str
    problems: tuple[Problem, ...] = ()
    board: str = ""  # ASCII picture with the problems marked
    legend: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.problems

    def codes(self) -> list[str]:
        return [p.code for p in self.problems]

    def __str__(self) -> str:
        if self.ok:
            lines = [f"{self.subject}: legal"]
        else:
            count = len(self.problems)
            lines = [f"{self.subject}: illegal, {count} problem{'s' if count > 1 else ''}"]
            for problem in self.problems:
                who = f"player {problem.player}: " if problem.player is not None else ""
                lines.append(f"  - [{problem.code}] {who}{problem.message}")
        lines.extend(f"  {note}" for note in self.notes)
        if self.board:
            lines.append("")
            lines.append(self.board.rstrip("\n"))
        if self.legend:
            lines.append(self.legend)
        return "\n".join(lines)
