"""What a game composes, before imposition: a board, component sets and ready-made sheets.

These are plain frozen records of scenes; the builder imposes them on paper and
renders them. Nothing here knows about any particular game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from boardgen.errors import InputError
from boardgen.layout import safe_identifier
from boardgen.scene import Scene


@dataclass(frozen=True)
class Board:
    """A board at its own size, with the lines (in mm) along which a page seam may run.

    ``keep_out``: rectangles (x, y, w, h in mm) that a page edge must not cut through,
    such as a panel of text, a finish line or a place for cards; home tiling cuts one
    only when no tiling of the fewest pages leaves it whole. A title or legend that may
    move out of a seam's way is a group of the scene with ``shifts``.
    """

    scene: Scene
    seams_x: tuple[float, ...] = ()
    seams_y: tuple[float, ...] = ()
    keep_out: tuple[tuple[float, float, float, float], ...] = ()


@dataclass(frozen=True)
class Component:
    """One printed piece: a front, an optional back, how many copies, and how it is cut.

    ``cut="shared"``: rectangular pieces packed edge to edge so one cut separates two.
    ``cut="gap"``: pieces spaced apart with corner marks (``outline`` draws their cut line).
    """

    name: str
    front: Scene
    back: Scene | None = None
    count: int = 1
    cut: Literal["shared", "gap"] = "shared"


MAX_COPIES = 10_000  # more pieces than any game needs; stops a typo from printing forever


@dataclass(frozen=True)
class ComponentSet:
    """Components printed together as one file (``tokens.pdf``, ``tiles.pdf``, ...).

    ``spares``: print one more of each component where the last sheet has room, for a
    piece that gets lost (tokens and tiles, not a counted deck of cards).
    """

    name: str
    title: str
    components: tuple[Component, ...]
    spares: bool = False

    def __post_init__(self) -> None:
        copies = sum(c.count for c in self.components)
        if copies > MAX_COPIES or any(c.count < 0 for c in self.components):
            raise InputError(f"{copies} pieces to print; a component set is limited to "
                             f"0 to {MAX_COPIES} pieces", source=self.name)

    def faces(self) -> list[tuple[str, str, Scene]]:
        """(file stem, name, artwork) of every distinct face; a back shared by all is drawn once."""
        backs = [c.back for c in self.components if c.back is not None]
        shared_back = len(backs) > 1 and all(b == backs[0] for b in backs)
        faces: list[tuple[str, str, Scene]] = []
        seen_backs: list[Scene] = []
        for component in self.components:
            name = f"{self.name}-{component.name}"
            stem = safe_identifier(name)
            faces.append((stem, name, component.front))
            back = component.back
            if back is None or back == component.front or back in seen_backs:
                continue
            seen_backs.append(back)
            if shared_back:
                faces.append((safe_identifier(f"{self.name}-back"), f"{self.name} back", back))
            else:
                faces.append((f"{stem}-back", f"{name} back", back))
        return faces


@dataclass(frozen=True)
class Die:
    """A die whose faces are pictures: its faces in the order of an ordinary die's 1, 2, 3 ...

    Paper needs only the net; a digital tabletop makes the die itself from the faces.
    """

    name: str
    title: str
    faces: tuple[Scene, ...]


@dataclass(frozen=True)
class Sheet:
    """A ready-made page-sized artwork (score sheet, die net) placed as it is.

    ``cut_out``: the sheet is cut to its edge (crop marks); otherwise it is used as printed
    and any cutting it needs (a die net) is drawn on the sheet itself.
    ``die``: for a die net, the die it folds into.
    """

    name: str
    title: str
    scene: Scene
    cut_out: bool = False
    die: Die | None = None


@dataclass(frozen=True)
class GameOutput:
    """Everything a game composes from its layout."""

    board: Board
    board_json: dict[str, Any]
    component_sets: tuple[ComponentSet, ...] = ()
    sheets: tuple[Sheet, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def pictures(self) -> dict[str, Scene]:
        """File stem → unimposed artwork: the board, one per distinct piece face, every sheet.

        Pictures are the pieces themselves at their exact size (for digital tabletops);
        print sheets are PDFs. Two artworks whose names map to one file stem are refused.
        """
        stems: dict[str, Scene] = {}
        names: dict[str, str] = {}

        def add(stem: str, name: str, scene: Scene) -> None:
            if stem.casefold() in names:
                raise InputError(f"{name!r} and {names[stem.casefold()]!r} would both be written "
                                 f"as {stem}; give them different names", source=stem)
            names[stem.casefold()] = name
            stems[stem] = scene

        add("board", "board", self.board.scene)
        for component_set in self.component_sets:
            for stem, name, scene in component_set.faces():
                add(stem, name, scene)
        for sheet in self.sheets:
            add(safe_identifier(sheet.name), sheet.name, sheet.scene)
        return stems
