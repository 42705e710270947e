"""Absorbing Markov chains: the expected number of steps to absorption, exactly, and the
distribution of that number.

A chain is its transient states (numbered from 0), the chance of going from each to each
other in one step, and what each step costs (1 throw; a throw and the turns it loses).
The expectations solve ``(I - Q) x = cost`` by Gaussian elimination with partial pivoting
in floating point: exact up to rounding, not estimated.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chain:
    """Transient states 0..n-1; ``moves[i]`` maps a transient state to its chance from ``i``,
    and ``absorbing[i]`` is the chance of absorption from ``i`` (the two add up to 1)."""

    moves: tuple[dict[int, float], ...]
    absorbing: tuple[float, ...]

    @property
    def size(self) -> int:
        return len(self.moves)

    def absorbed(self, state: int) -> float:
        """The chance of absorption in one step from ``state``."""
        return self.absorbing[state]

    def expected(self, costs: list[float] | None = None) -> list[float]:
        """The expected total cost to absorption from each state (each step costs 1 by
        default). ValueError when some state is never absorbed."""
        n = self.size
        rows = [[0.0] * n + [1.0 if costs is None else costs[i]] for i in range(n)]
        for i, moves in enumerate(self.moves):
            rows[i][i] += 1.0
            for j, chance in moves.items():
                rows[i][j] -= chance
        for column in range(n):
            pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
            if abs(rows[pivot][column]) < 1e-12:
                raise ValueError(f"state {column} is never absorbed")
            rows[column], rows[pivot] = rows[pivot], rows[column]
            head = rows[column]
            scale = head[column]
            for k in range(column, n + 1):
                head[k] /= scale
            for r in range(n):
                if r != column and rows[r][column]:
                    factor = rows[r][column]
                    row = rows[r]
                    for k in range(column, n + 1):
                        row[k] -= factor * head[k]
        return [rows[i][n] for i in range(n)]

    def distribution(self, start: int, tail: float = 1e-9, most: int = 100_000) -> list[float]:
        """The chance of absorption at step 1, 2, ... from ``start``, until what is left is
        below ``tail`` (or ``most`` steps)."""
        weights = {start: 1.0}
        found = []
        left = 1.0
        while left > tail and len(found) < most:
            following: dict[int, float] = {}
            absorbed = 0.0
            for state, weight in weights.items():
                absorbed += weight * self.absorbed(state)
                for other, chance in self.moves[state].items():
                    following[other] = following.get(other, 0.0) + weight * chance
            found.append(absorbed)
            left -= absorbed
            weights = following
        return found

    def fewest_steps(self, start: int) -> int | None:
        """The fewest steps that can end in absorption from ``start`` (None: never)."""
        frontier, seen, steps = {start}, {start}, 1
        while frontier:
            if any(self.absorbed(state) > 0 for state in frontier):
                return steps
            frontier = {o for s in frontier for o in self.moves[s] if o not in seen}
            seen |= frontier
            steps += 1
        return None
