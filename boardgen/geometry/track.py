"""Tracks of spaces: the order players move in, with no millimetres.

A track is its spaces and, for each, the spaces that follow it. Most tracks are one line
from space 1 to the last; a loop (Ludo, Mensch ärgere dich nicht) goes round, and each
player enters it at a space of their own and leaves it into a home branch of their own,
from pieces waiting in a base. Cell tracks lie on the cells of a grid (serpentine rows,
a square spiral, a path drawn in ASCII, the cross of a loop); their shapes in millimetres
are the grid's. Oval and round-spiral tracks get theirs from :mod:`boardgen.geometry.shapes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Mapping, Sequence

from boardgen.geometry.cells import DIAGONAL, ORTHOGONAL, Grid, MapError, offset
from boardgen.geometry.naming import Cell

Branch = Literal["main", "home", "base"]
Corner = Literal["bottom-left", "bottom-right", "top-left", "top-right"]
ARROWS = {">": (1, 0), "<": (-1, 0), "^": (0, -1), "v": (0, 1)}


@dataclass(frozen=True)
class Space:
    """One space: its id (what players call it), its number along its branch and the ids of
    the spaces after it. ``player`` owns a home or base space (or enters the main track there)."""

    id: str
    number: int
    next: tuple[str, ...] = ()
    branch: Branch = "main"
    player: int | None = None
    cell: Cell | None = None


@dataclass(frozen=True)
class Track:
    """The spaces of a track and how players go along them.

    ``entries``: for each player of a loop, the main space its pieces come onto;
    ``turn_offs``: the main space after which its home branch starts; ``homes`` and
    ``bases``: its home branch (in order) and the places its waiting pieces stand.
    """

    spaces: tuple[Space, ...]
    loop: bool = False
    entries: Mapping[int, str] = field(default_factory=dict)
    turn_offs: Mapping[int, str] = field(default_factory=dict)
    homes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    bases: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    @cached_property
    def by_id(self) -> dict[str, Space]:
        return {space.id: space for space in self.spaces}

    @cached_property
    def main(self) -> tuple[Space, ...]:
        """The main track's spaces in travel order."""
        return tuple(space for space in self.spaces if space.branch == "main")

    @property
    def players(self) -> tuple[int, ...]:
        """The players with an entry of their own (empty: everybody starts alike)."""
        return tuple(sorted(self.entries))

    def space(self, number: int) -> Space:
        """The main track's space of a number."""
        return self.main[number - 1]

    def path(self, player: int | None = None) -> tuple[str, ...]:
        """The spaces a piece of ``player`` passes, in order, from where it enters to the end.

        On a line that is every main space; on a loop, from the player's entry once round to
        its turn-off (or to the space before its entry), then its home branch.
        """
        ids = [space.id for space in self.main]
        if not self.loop or player is None or player not in self.entries:
            return tuple(ids)
        start = ids.index(self.entries[player])
        ring = ids[start:] + ids[:start]
        if player in self.turn_offs:
            ring = ring[:ring.index(self.turn_offs[player]) + 1]
        return tuple(ring) + tuple(self.homes.get(player, ()))


def line(count: int, cells: Sequence[Cell] | None = None, laps: bool = False) -> Track:
    """Spaces 1 to ``count`` one after the other (on ``cells``, when they lie on a grid);
    with ``laps`` the last leads on to space 1, lap after lap."""
    if cells is not None and len(cells) != count:
        raise ValueError(f"{len(cells)} cells for {count} spaces")
    after_last = ("1",) if laps else ()
    spaces = tuple(Space(str(n), n, (str(n + 1),) if n < count else after_last,
                         cell=cells[n - 1] if cells is not None else None)
                   for n in range(1, count + 1))
    return Track(spaces, loop=laps)


def serpentine_cells(columns: int, rows: int, first: Corner = "bottom-left",
                     along: Literal["rows", "columns"] = "rows") -> list[Cell]:
    """The cells of a grid back and forth, row after row (boustrophedon) from the ``first``
    corner: a Snakes and Ladders board numbered from the bottom left."""
    bottom, left = first.startswith("bottom"), first.endswith("left")
    cells: list[Cell] = []
    if along == "rows":
        for k in range(rows):
            row = rows - 1 - k if bottom else k
            order = range(columns) if (k % 2 == 0) == left else range(columns - 1, -1, -1)
            cells += [(column, row) for column in order]
    else:
        for k in range(columns):
            column = k if left else columns - 1 - k
            order = range(rows - 1, -1, -1) if (k % 2 == 0) == bottom else range(rows)
            cells += [(column, row) for row in order]
    return cells


def spiral_cells(columns: int, rows: int, first: Corner = "bottom-left",
                 clockwise: bool = True) -> list[Cell]:
    """Every cell of a grid in a square spiral from the ``first`` corner inwards."""
    x0, y0, x1, y1 = 0, 0, columns - 1, rows - 1
    # the directions of a clockwise spiral on the page, starting along the edge from the corner
    starts = {"bottom-left": ((0, -1), (x0, y1)), "top-left": ((1, 0), (x0, y0)),
              "top-right": ((0, 1), (x1, y0)), "bottom-right": ((-1, 0), (x1, y1))}
    step, (x, y) = starts[first]
    if not clockwise:
        step = {(0, -1): (1, 0), (1, 0): (0, -1), (0, 1): (-1, 0), (-1, 0): (0, 1)}[step]
    seen: set[Cell] = set()
    cells: list[Cell] = []
    for _ in range(columns * rows):
        cells.append((x, y))
        seen.add((x, y))
        nx, ny = x + step[0], y + step[1]
        if not (0 <= nx < columns and 0 <= ny < rows) or (nx, ny) in seen:
            step = (-step[1], step[0]) if clockwise else (step[1], -step[0])
            nx, ny = x + step[0], y + step[1]
        x, y = nx, ny
    return cells


def path_cells(grid: Grid, path: str, start: str, finish: str) -> list[Cell]:
    """The cells of a path drawn in a map, from its ``start`` character to its ``finish``.

    The path is every cell whose character is one of ``path``, ``start``, ``finish`` or an
    arrow (``> < ^ v``, which also says which way the path leaves that cell). From each cell
    the path goes on to the one path cell beside it (orthogonally) not yet taken; where there
    are two, an arrow must choose. MapError names the cell where the path is unclear.
    """
    marked = set(path) | set(start) | set(finish) | set(ARROWS)
    cells = {c for c in grid.cells if grid.char(c) in marked}
    starts = [c for c in grid.cells if grid.char(c) == start]
    finishes = [c for c in grid.cells if grid.char(c) == finish]
    if len(starts) != 1 or len(finishes) != 1:
        raise MapError(f"the path needs one start {start!r} and one finish {finish!r}; the map has "
                       f"{len(starts)} and {len(finishes)}")
    here, order = starts[0], [starts[0]]
    taken = {here}
    while here != finishes[0]:
        char = grid.char(here)
        if char in ARROWS:
            ahead = [offset(here, ARROWS[char])]
            if ahead[0] not in cells or ahead[0] in taken or not grid.open(here, ahead[0]):
                raise MapError(f"the arrow at {grid.where(here)} points off the path")
        else:
            ahead = [c for c in (offset(here, s) for s in ORTHOGONAL)
                     if c in cells and c not in taken and grid.open(here, c)]
        if not ahead:
            raise MapError(f"the path ends at {grid.where(here)} before it reaches the finish")
        if len(ahead) > 1:
            raise MapError(f"the path forks at {grid.where(here)}; put an arrow (> < ^ v) there "
                           "to say which way it goes")
        here = ahead[0]
        order.append(here)
        taken.add(here)
    left_out = cells - taken
    if left_out:
        first = min(left_out, key=lambda c: (c[1], c[0]))
        raise MapError(f"{grid.where(first)} is marked as path but the path from the start never "
                       "reaches it")
    return order


@dataclass(frozen=True)
class Cross:
    """The cells of a cross-shaped loop board (Ludo, Mensch ärgere dich nicht): ``arm`` cells
    from the centre to each tip, three cells wide; the board is ``2 * arm + 3`` cells a side."""

    arm: int
    corner_cells: bool = True  # the loop takes the four inner corners (Mensch) or cuts them (Ludo)

    @property
    def side(self) -> int:
        return 2 * self.arm + 3

    def inside(self, cell: Cell) -> bool:
        a, (c, r) = self.arm, cell
        return 0 <= c < self.side and 0 <= r < self.side and (a <= c <= a + 2 or a <= r <= a + 2)

    def on_ring(self, cell: Cell) -> bool:
        """Whether a cell of the cross lies on its loop."""
        a, (c, r) = self.arm, cell
        if not self.inside(cell) or (a <= c <= a + 2 and a <= r <= a + 2 and
                                     (c == a + 1 or r == a + 1)):
            return False  # the centre's middle row and column belong to the homes
        if a <= c <= a + 2 and a <= r <= a + 2:
            return self.corner_cells
        outside = [offset(cell, s) for s in ORTHOGONAL + DIAGONAL]
        return any(not self.inside(o) for o in outside)

    def ring(self) -> list[Cell]:
        """The loop's cells clockwise on the page, from the left cell of the bottom arm's tip.

        Every cell of the loop touches two others, edge to edge or (where Ludo cuts a corner)
        corner to corner; the walk takes an edge neighbour before a corner one.
        """
        if self.arm < 2:
            raise ValueError("a cross needs arms of at least 2 cells")
        ring = {(c, r) for r in range(self.side) for c in range(self.side) if self.on_ring((c, r))}
        cells = [(self.arm, self.side - 1), (self.arm, self.side - 2)]  # up the bottom arm
        taken = set(cells)
        while len(cells) < len(ring):
            here = cells[-1]
            ahead = next(c for c in (offset(here, s) for s in ORTHOGONAL + DIAGONAL)
                         if c in ring and c not in taken)
            cells.append(ahead)
            taken.add(ahead)
        return cells

    def tip(self, player: int) -> Cell:
        """The middle cell at the tip of a player's arm: bottom, left, top, right for 1 to 4."""
        a, n = self.arm, self.side - 1
        return [(a + 1, n), (0, a + 1), (a + 1, 0), (n, a + 1)][(player - 1) % 4]

    def home(self, player: int, length: int) -> list[Cell]:
        """A player's home branch: the middle of its arm from the tip towards the centre."""
        step = [(0, -1), (1, 0), (0, 1), (-1, 0)][(player - 1) % 4]
        return [offset(self.tip(player), step, k) for k in range(1, length + 1)]

    def base(self, player: int, pieces: int) -> list[Cell]:
        """A player's base: a block of cells in the corner beside its entry."""
        a, n = self.arm, self.side
        side = max(1, min(a, round(pieces ** 0.5 + 0.499)))
        x0 = 0 if player in (1, 2) else n - side
        y0 = 0 if player in (2, 3) else n - side
        inset = 0 if a <= 4 else (a - side) // 2
        x0 += inset if x0 == 0 else -inset
        y0 += inset if y0 == 0 else -inset
        cells = [(x0 + k % side, y0 + k // side) for k in range(side * side)]
        return cells[:pieces]


ARMS = 4  # a cross's arms: one for each player


def cross_track(arm: int, players: int = 4, corner_cells: bool = True, entry_offset: int = 1,
                home: int | None = None, pieces: int = 4) -> Track:
    """A loop on a cross: each player enters ``entry_offset`` spaces after the tip of its arm,
    goes once round, turns off at its tip into a home of ``home`` spaces (default ``arm``)."""
    if not 1 <= players <= ARMS:
        raise ValueError(f"a cross has {ARMS} arms: 1 to {ARMS} players")
    cross = Cross(arm, corner_cells)
    ring = cross.ring()
    ids = [str(n) for n in range(1, len(ring) + 1)]
    home = arm if home is None else home
    entries, turn_offs, homes, bases = {}, {}, {}, {}
    branches: list[Space] = []
    for player in range(1, players + 1):
        tip = ring.index(cross.tip(player))
        entries[player] = ids[(tip + entry_offset) % len(ring)]
        turn_offs[player] = ids[tip]
        homes[player] = tuple(f"h{player}-{k}" for k in range(1, home + 1))
        branches += [Space(space_id, k + 1, homes[player][k + 1:k + 2], "home", player, cell)
                     for k, (space_id, cell) in enumerate(zip(homes[player],
                                                              cross.home(player, home)))]
        bases[player] = tuple(f"b{player}-{k}" for k in range(1, pieces + 1))
        branches += [Space(space_id, k + 1, (entries[player],), "base", player, cell)
                     for k, (space_id, cell) in enumerate(zip(bases[player],
                                                              cross.base(player, pieces)))]
    turning = {turn_offs[p]: homes[p][0] for p in turn_offs if homes[p]}
    main = [Space(ids[k], k + 1, (ids[(k + 1) % len(ring)],) + ((turning[ids[k]],)
                                                                if ids[k] in turning else ()),
                  cell=ring[k]) for k in range(len(ring))]
    return Track(tuple(main + branches), loop=True, entries=entries, turn_offs=turn_offs,
                 homes=homes, bases=bases)
