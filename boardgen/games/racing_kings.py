"""Racing Kings: an 8×8 chess board with a goal rank, the start position, and piece tokens."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, ClassVar, Literal

from pydantic import Field, model_validator

from boardgen import pieces
from boardgen.i18n import Words
from boardgen.layout import Color, FieldProblem, LayoutBase, Millimetres, Model
from boardgen.product import Board, Component, ComponentSet, GameOutput
from boardgen.scene import (Circle, Group, Line, Node, Polygon, Rect, Scene, Style, Text, Use,
                            compose, scale, text_centered, translate)

SIDES = ("white", "black")
TITLE_BAND_MM = 30.0


class BoardSpec(Model):
    files: str = Field("abcdefgh", min_length=2, max_length=26, pattern=r"^[a-z]+$")
    ranks: int = Field(8, ge=2, le=26)
    square_mm: Millimetres = 40.0
    border_mm: float = Field(20.0, ge=10, le=100)
    goal_rank: int = Field(8, ge=1)
    goal_label: str = Field("GOAL", max_length=20)

    @model_validator(mode="after")
    def goal_on_board(self):
        if self.goal_rank > self.ranks:
            raise ValueError(f"goal_rank {self.goal_rank} is beyond the board's {self.ranks} ranks")
        if len(set(self.files)) != len(self.files):
            raise ValueError(f"files {self.files!r} repeat a letter")
        return self


class Colors(Model):
    light: Color = "#f0dcb4"
    dark: Color = "#b58863"
    goal_light: Color = "#f7e08a"
    goal_dark: Color = "#d9a93c"
    goal_band: Color = "#c8922a"
    border: Color = "#fbf6ec"
    frame: Color = "#3d2b1a"
    text: Color = "#3d2b1a"


class Setup(Model):
    fen: str | None = Field(None, max_length=200)
    ascii: str | None = Field(None, max_length=2000)

    @model_validator(mode="after")
    def one_form(self):
        if (self.fen is None) == (self.ascii is None):
            raise ValueError("give the start position as exactly one of 'fen' or 'ascii'")
        return self


class Tokens(Model):
    style: Literal["disc", "standee"] = "disc"
    size_mm: Millimetres = 32.0


class Layout(LayoutBase):
    kind: ClassVar[str] = "racing_kings"
    replaced_tables: ClassVar[tuple[str, ...]] = ("setup",)

    board: BoardSpec = BoardSpec()
    colors: Colors = Colors()
    setup: Setup
    tokens: Tokens = Tokens()

    @model_validator(mode="after")
    def position_is_legal(self):
        position(self)  # raises ValueError with the reason
        return self

    def square_name(self, file_index: int, rank: int) -> str:
        return f"{self.board.files[file_index]}{rank}"


# ---- the position ----------------------------------------------------------


def parse_fen(fen: str, files: int, ranks: int) -> dict[tuple[int, int], str]:
    """Squares (file index, rank) → piece letter from a FEN piece field (rank 8 first)."""
    field = fen.strip().split()[0] if fen.strip() else ""
    rows = field.split("/")
    if len(rows) != ranks:
        raise ValueError(f"FEN has {len(rows)} ranks, the board has {ranks}")
    placement: dict[tuple[int, int], str] = {}
    for row_index, row in enumerate(rows):
        rank = ranks - row_index
        file_index = 0
        digits = ""
        for char in row + "\0":
            if char.isdigit():
                digits += char
                continue
            if digits:
                file_index += int(digits)
                digits = ""
            if char == "\0":
                break
            if char.upper() not in pieces.PIECE_LETTERS:
                raise ValueError(f"FEN rank {rank} has an unknown piece {char!r}")
            if file_index >= files:
                break
            placement[(file_index, rank)] = char
            file_index += 1
        if file_index != files:
            raise ValueError(f"FEN rank {rank} describes {file_index} squares, the board has {files}")
    return placement


def parse_ascii(block: str, files: int, ranks: int) -> dict[tuple[int, int], str]:
    """Squares → piece letter from rows of letters and dots (rank 8 first, spaces ignored)."""
    rows = [line.replace(" ", "") for line in block.strip("\n").splitlines() if line.strip()]
    if len(rows) != ranks:
        raise ValueError(f"the ascii position has {len(rows)} rows, the board has {ranks} ranks")
    placement: dict[tuple[int, int], str] = {}
    for row_index, row in enumerate(rows):
        rank = ranks - row_index
        if len(row) != files:
            raise ValueError(f"ascii row for rank {rank} has {len(row)} squares, the board has {files}")
        for file_index, char in enumerate(row):
            if char == ".":
                continue
            if char.upper() not in pieces.PIECE_LETTERS:
                raise ValueError(f"ascii rank {rank} has an unknown piece {char!r}")
            placement[(file_index, rank)] = char
    return placement


def position(layout: Layout) -> dict[tuple[int, int], str]:
    """The start position, checked against the rules of Racing Kings."""
    spec = layout.board
    files, ranks = len(spec.files), spec.ranks
    key = "setup.fen" if layout.setup.fen is not None else "setup.ascii"
    try:
        if layout.setup.fen is not None:
            placement = parse_fen(layout.setup.fen, files, ranks)
        else:
            placement = parse_ascii(layout.setup.ascii or "", files, ranks)
        check_position(placement, spec.goal_rank)
    except ValueError as exc:
        raise FieldProblem(key, str(exc)) from None
    return placement


def check_position(placement: dict[tuple[int, int], str], goal_rank: int) -> None:
    """Raise ValueError if the position breaks a rule of Racing Kings."""
    letters = list(placement.values())
    if any(p in "Pp" for p in letters):
        raise ValueError("Racing Kings is played without pawns; the position has a pawn")
    for king, side in (("K", "white"), ("k", "black")):
        if letters.count(king) != 1:
            raise ValueError(f"the position needs exactly one {side} king, it has {letters.count(king)}")
    for square, letter in placement.items():
        if letter in "Kk" and square[1] == goal_rank:
            raise ValueError("a king already stands on the goal rank")


def side_of(letter: str) -> str:
    """Which side a FEN piece letter belongs to: capitals are white."""
    return "white" if letter.isupper() else "black"


# ---- the board -------------------------------------------------------------


def geometry(layout: Layout) -> tuple[float, float, float, float]:
    """Left and top of the squares, and the board's width and height, in mm."""
    spec = layout.board
    left = spec.border_mm
    top = TITLE_BAND_MM + spec.border_mm * 0.6
    width = 2 * spec.border_mm + len(spec.files) * spec.square_mm
    height = top + spec.ranks * spec.square_mm + spec.border_mm
    return left, top, width, height


def square_origin(layout: Layout, file_index: int, rank: int) -> tuple[float, float]:
    """Top-left corner of a square in mm; rank 1 is at the bottom, as seen by white."""
    left, top, _, _ = geometry(layout)
    sq = layout.board.square_mm
    return left + file_index * sq, top + (layout.board.ranks - rank) * sq


def square_color(layout: Layout, file_index: int, rank: int) -> str:
    """Fill of a square: light or dark, in the goal colours on the goal rank."""
    dark = (file_index + rank) % 2 == 1  # a1 is dark
    colors = layout.colors
    if rank == layout.board.goal_rank:
        return colors.goal_dark if dark else colors.goal_light
    return colors.dark if dark else colors.light


def compose_board(layout: Layout) -> Board:
    """The board at its exact size: squares, coordinates, goal rank, title and start position."""
    spec, colors = layout.board, layout.colors
    left, top, width, height = geometry(layout)
    sq = spec.square_mm
    files, ranks = len(spec.files), spec.ranks
    nodes: list[Node] = [Rect(0, 0, width, height, Style(fill=colors.border))]
    goal_y = square_origin(layout, 0, spec.goal_rank)[1]
    nodes.append(Rect(0, goal_y, width, sq, Style(fill=colors.goal_band)))
    for rank in range(1, ranks + 1):
        for f in range(files):
            x, y = square_origin(layout, f, rank)
            nodes.append(Rect(x, y, sq, sq, Style(fill=square_color(layout, f, rank))))
    nodes.append(Rect(left, top, files * sq, ranks * sq,
                      Style(stroke=colors.frame, stroke_mm=0.8)))
    nodes.extend(_coordinates(layout))
    nodes.extend(_goal_labels(layout))
    nodes.extend(_title(layout))
    nodes.extend(_pieces_on_board(layout))
    scene = Scene(width, height, tuple(nodes), symbols=pieces.piece_symbols(),
                  title=layout.title)
    return Board(scene,
                 seams_x=tuple(left + i * sq for i in range(files + 1)),
                 seams_y=tuple(top + i * sq for i in range(ranks + 1)))


def _coordinates(layout: Layout) -> list[Node]:
    spec, colors = layout.board, layout.colors
    left, top, width, _ = geometry(layout)
    sq = spec.square_mm
    files, ranks = len(spec.files), spec.ranks
    size = min(6.0, spec.border_mm * 0.35)
    gap = spec.border_mm * 0.3
    nodes: list[Node] = []
    for f, letter in enumerate(spec.files):
        cx = left + (f + 0.5) * sq
        nodes.append(text_centered(cx, top - gap, letter, size, fill=colors.text, font="bold"))
        nodes.append(text_centered(cx, top + ranks * sq + gap, letter, size, fill=colors.text,
                                   font="bold"))
    for rank in range(1, ranks + 1):
        cy = square_origin(layout, 0, rank)[1] + sq / 2
        color = "#ffffff" if rank == spec.goal_rank else colors.text
        nodes.append(text_centered(left - gap, cy, str(rank), size, fill=color, font="bold"))
        nodes.append(text_centered(width - left + gap, cy, str(rank), size, fill=color,
                                   font="bold"))
    return nodes


def _goal_labels(layout: Layout) -> list[Node]:
    """The goal word, upright along both sides of the goal rank, white on the goal band."""
    spec = layout.board
    left, _, width, _ = geometry(layout)
    cy = square_origin(layout, 0, spec.goal_rank)[1] + spec.square_mm / 2
    size = min(spec.border_mm * 0.28, spec.square_mm * 0.14)
    x_left, x_right = left * 0.32, width - left * 0.32
    return [
        Text(x_left + size * 0.35, cy, spec.goal_label, size, font="bold", anchor="middle",
             fill="#ffffff", rotate=-90),
        Text(x_right - size * 0.35, cy, spec.goal_label, size, font="bold", anchor="middle",
             fill="#ffffff", rotate=90),
    ]


def _title(layout: Layout) -> list[Node]:
    spec, colors = layout.board, layout.colors
    left, _, width, _ = geometry(layout)
    goal = (f"The first king to reach rank {spec.goal_rank} wins. "
            "Giving check is never allowed.")
    nodes: list[Node] = [
        Text(left, 15, layout.title, 11, font="bold", fill=colors.text),
        Text(left, 23, goal, 4.2, fill=colors.text),
    ]
    if layout.subtitle:
        nodes.append(Text(width - left, 15, layout.subtitle, 4.5,
                          anchor="end", fill=colors.text))
    return nodes


def _pieces_on_board(layout: Layout) -> list[Node]:
    sq = layout.board.square_mm
    glyph = sq * 0.86
    nodes: list[Node] = []
    for (f, rank), letter in sorted(position(layout).items()):
        x, y = square_origin(layout, f, rank)
        offset = (sq - glyph) / 2
        symbol = pieces.piece_symbol_id(letter, side_of(letter))
        nodes.append(Use(symbol, compose(translate(x + offset, y + offset), scale(glyph / 100))))
    return nodes


# ---- tokens ----------------------------------------------------------------

# Black glyphs need a light ground to stay readable; a heavy dark rim marks Black's tokens.
DISC_FILL = {"white": "#fbf7ee", "black": "#d6cab5"}
DISC_RING = {"white": "#8a7a66", "black": "#2a2623"}
RING_MM = {"white": 0.5, "black": 2.2}


def token_scene(layout: Layout, letter: str, side: str) -> Scene:
    """One printed piece: a disc (cut along the circle) or a fold-over standee."""
    if layout.tokens.style == "standee":
        return _standee(layout, letter, side)
    d = layout.tokens.size_mm
    r = d / 2
    glyph = d * 0.78
    nodes: tuple[Node, ...] = (
        Circle(r, r, r, Style(fill=DISC_FILL[side])),
        Circle(r, r, r - d * 0.06, Style(stroke=DISC_RING[side], stroke_mm=RING_MM[side])),
        Use(pieces.piece_symbol_id(letter, side),
            compose(translate(r - glyph / 2, r - glyph / 2), scale(glyph / 100))),
        Circle(r, r, r, Style(stroke="#000000", stroke_mm=0.2)),  # the cut line
    )
    return Scene(d, d, nodes, symbols=pieces.piece_symbols(),
                 title=f"{side} {pieces.PIECE_NAMES[letter.upper()]}")


def _standee(layout: Layout, letter: str, side: str) -> Scene:
    """A strip folded at its middle into a stand-up piece: foot, front, back, foot.

    The middle line becomes the top, so on the flat sheet the front face is drawn
    upside down and the back face upright, each standing on its foot tab.
    """
    w = layout.tokens.size_mm
    face = w * 1.25
    tab = w * 0.4
    height = 2 * tab + 2 * face
    glyph = min(w, face) * 0.9
    symbol = pieces.piece_symbol_id(letter, side)
    fold = Style(stroke="#555555", stroke_mm=0.2, dash=(1.5, 1.0))
    back_glyph = Use(symbol, compose(translate((w - glyph) / 2, height - tab - glyph - 1),
                                     scale(glyph / 100)))
    nodes: list[Node] = [
        Rect(0, tab, w, 2 * face, Style(fill=DISC_FILL[side])),
        Rect(0, 0, w, tab, Style(fill="#dddddd")),
        Rect(0, height - tab, w, tab, Style(fill="#dddddd")),
        back_glyph,
        Group((back_glyph,), compose(translate(w, height), scale(-1, -1))),  # the front
    ]
    nodes += [Line(0, y, w, y, fold) for y in (tab, tab + face, tab + 2 * face)]
    nodes.append(Rect(0, 0, w, height, Style(stroke="#000000", stroke_mm=0.2)))
    return Scene(w, height, tuple(nodes), symbols=pieces.piece_symbols(),
                 title=f"{side} {pieces.PIECE_NAMES[letter.upper()]} standee")


def compose_tokens(layout: Layout) -> ComponentSet:
    """One token per piece of the start position, grouped by side and kind."""
    counts: dict[str, int] = {}
    for letter in position(layout).values():
        counts[letter] = counts.get(letter, 0) + 1
    order = [c for side in "KQRBN" for c in (side, side.lower())]
    components = []
    cut = "gap" if layout.tokens.style == "disc" else "shared"
    for letter in sorted(counts, key=lambda c: (c.islower(), order.index(c))):
        side = side_of(letter)
        scene = token_scene(layout, letter, side)
        back = scene if layout.tokens.style == "disc" else None
        components.append(Component(f"{side}-{letter.upper()}", scene, back=back,
                                    count=counts[letter], cut=cut))
    return ComponentSet("tokens", f"{layout.title}: pieces", tuple(components))


# ---- board.json ------------------------------------------------------------


def board_json(layout: Layout) -> dict:
    """The board for programs: each square with its name, box in mm and tags."""
    spec = layout.board
    sq = spec.square_mm
    spaces = []
    start = position(layout)
    for rank in range(1, spec.ranks + 1):
        for f in range(len(spec.files)):
            x, y = square_origin(layout, f, rank)
            tags = ["dark" if (f + rank) % 2 else "light"]
            if rank == spec.goal_rank:
                tags.append("goal")
            if (f, rank) in start:
                tags.append("start")
            spaces.append({
                "id": layout.square_name(f, rank),
                "kind": "square",
                "tags": tags,
                "center": [round(x + sq / 2, 3), round(y + sq / 2, 3)],
                "size": [sq, sq],
                "color": square_color(layout, f, rank),
            })
    setup = [{"square": layout.square_name(f, r), "piece": letter.upper(), "side": side_of(letter)}
             for (f, r), letter in sorted(start.items(), key=lambda item: (item[0][1], item[0][0]))]
    return {"spaces": spaces, "pieces": setup, "goal_rank": spec.goal_rank}


def compose_game(layout: Layout, setup=None, words: Words | None = None) -> GameOutput:
    """Everything Racing Kings prints: the board, its board.json and the piece tokens."""
    return GameOutput(board=compose_board(layout), board_json=board_json(layout),
                      component_sets=(compose_tokens(layout),))


# ---- rule sheet diagrams -----------------------------------------------------

DIAGRAM_SQUARE_MM = 10.0
DIAGRAM_EDGE_MM = 5.0
STANDARD_FILES = "abcdefgh"
LEGAL_INK = "#2e7d32"
ILLEGAL_INK = "#c62828"
MOVE_INK = "#1f5fa8"


@dataclass(frozen=True)
class ExampleMove:
    """A move drawn as an arrow: played (it happens), or illegal (crossed out, not played)."""

    uci: str
    verdict: Literal["legal", "illegal"]
    number: int | None = None  # shown beside the arrow when moves come in order


@dataclass(frozen=True)
class Example:
    """A rule sheet position on the standard 8×8 board, checked against python-chess in tests."""

    name: str
    fen: str
    moves: tuple[ExampleMove, ...]
    result: str  # after the legal moves: "1-0", "0-1", "1/2-1/2" or "*" (game goes on)
    checks: tuple[tuple[str, str], ...] = ()  # attacker square → king square it would attack


START_FEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"

EXAMPLES: tuple[Example, ...] = (
    Example("illegal-check-capture", START_FEN,
            (ExampleMove("e2c1", "illegal"),), "*", checks=(("c1", "a2"),)),
    Example("king-into-attack", "8/3r4/8/8/8/4K3/8/k7 w - - 0 1",
            (ExampleMove("e3d4", "illegal"), ExampleMove("e3e4", "legal")), "*",
            checks=(("d7", "d4"),)),
    Example("discovered-check", "8/8/8/R1N3k1/8/8/8/7K w - - 0 1",
            (ExampleMove("c5b7", "illegal"),), "*", checks=(("a5", "g5"),)),
    Example("win-rank-8", "8/6K1/8/8/1k6/8/8/8 w - - 0 1",
            (ExampleMove("g7g8", "legal"),), "1-0"),
    Example("draw-rank-8", "8/1k4K1/8/8/8/8/8/8 w - - 0 1",
            (ExampleMove("g7h8", "legal", 1), ExampleMove("b7b8", "legal", 2)), "1/2-1/2"),
)


def _square(name: str) -> tuple[int, int]:
    return STANDARD_FILES.index(name[0]), int(name[1:])


@dataclass(frozen=True)
class _Grid:
    """Where the squares of a diagram lie: size, files, ranks and the goal rank."""

    files: str
    ranks: int
    goal_rank: int
    square: float = DIAGRAM_SQUARE_MM
    left: float = DIAGRAM_EDGE_MM + 0.5
    top: float = 1.5

    def origin(self, file_index: int, rank: int) -> tuple[float, float]:
        return self.left + file_index * self.square, self.top + (self.ranks - rank) * self.square

    def centre(self, square: tuple[int, int]) -> tuple[float, float]:
        x, y = self.origin(*square)
        return x + self.square / 2, y + self.square / 2

    @property
    def width(self) -> float:
        return self.left + len(self.files) * self.square + 1.5

    @property
    def height(self) -> float:
        return self.top + self.ranks * self.square + DIAGRAM_EDGE_MM


def _diagram_board(layout: Layout, grid: _Grid) -> list[Node]:
    """Squares with the layout's colours, goal rank marked, coordinates on two sides."""
    colors = layout.colors
    sq = grid.square
    nodes: list[Node] = []
    for rank in range(1, grid.ranks + 1):
        for f in range(len(grid.files)):
            dark = (f + rank) % 2 == 1
            if rank == grid.goal_rank:
                fill = colors.goal_dark if dark else colors.goal_light
            else:
                fill = colors.dark if dark else colors.light
            x, y = grid.origin(f, rank)
            nodes.append(Rect(x, y, sq, sq, Style(fill=fill)))
    width, height = len(grid.files) * sq, grid.ranks * sq
    goal_x, goal_y = grid.origin(0, grid.goal_rank)
    nodes.append(Rect(goal_x, goal_y, width, sq, Style(stroke=colors.goal_band, stroke_mm=0.6)))
    nodes.append(Rect(grid.left, grid.top, width, height, Style(stroke=colors.frame, stroke_mm=0.5)))
    size = sq * 0.32
    for f, letter in enumerate(grid.files):
        cx = grid.origin(f, 1)[0] + sq / 2
        nodes.append(text_centered(cx, grid.top + height + DIAGRAM_EDGE_MM / 2, letter, size,
                                   fill=colors.text))
    for rank in range(1, grid.ranks + 1):
        cy = grid.origin(0, rank)[1] + sq / 2
        nodes.append(text_centered(grid.left - DIAGRAM_EDGE_MM / 2, cy, str(rank), size,
                                   fill=colors.text))
    return nodes


def _diagram_pieces(grid: _Grid, placement: dict[tuple[int, int], str]) -> list[Node]:
    glyph = grid.square * 0.88
    offset = (grid.square - glyph) / 2
    nodes: list[Node] = []
    for (f, rank), letter in sorted(placement.items()):
        x, y = grid.origin(f, rank)
        symbol = pieces.piece_symbol_id(letter, side_of(letter))
        nodes.append(Use(symbol, compose(translate(x + offset, y + offset), scale(glyph / 100))))
    return nodes


def _arrow(points: list[tuple[float, float]], color: str, width: float) -> list[Node]:
    """A polyline arrow ending in a triangular head at the last point."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 2.6
    base = (x1 - ux * head, y1 - uy * head)
    half = width * 1.5
    shaft = Style(stroke=color, stroke_mm=width, join="round", cap="round", opacity=0.85)
    return [Polygon(tuple(points[:-1]) + (base,), shaft, closed=False),
            Polygon(((x1, y1), (base[0] - uy * half, base[1] + ux * half),
                     (base[0] + uy * half, base[1] - ux * half)),
                    Style(fill=color, opacity=0.85))]


def _move_points(grid: _Grid, start: tuple[int, int], end: tuple[int, int]) -> list[tuple[float, float]]:
    """Arrow path of a move: a knight's move bends, every other move is straight."""
    (x0, y0), (x1, y1) = grid.centre(start), grid.centre(end)
    df, dr = end[0] - start[0], end[1] - start[1]
    if sorted((abs(df), abs(dr))) == [1, 2]:
        corner = (x1, y0) if abs(df) == 2 else (x0, y1)
        return [(x0, y0), corner, (x1, y1)]
    return [(x0, y0), (x1, y1)]


def _cross_badge(x: float, y: float, r: float) -> list[Node]:
    """A white disc with a red cross: this move is not allowed."""
    d = r * 0.45
    line = Style(stroke=ILLEGAL_INK, stroke_mm=r * 0.28, cap="round")
    return [Circle(x, y, r, Style(fill="#ffffff", stroke=ILLEGAL_INK, stroke_mm=r * 0.16)),
            Line(x - d, y - d, x + d, y + d, line), Line(x - d, y + d, x + d, y - d, line)]


def _number_badge(x: float, y: float, r: float, number: int) -> list[Node]:
    return [Circle(x, y, r, Style(fill=MOVE_INK, stroke="#ffffff", stroke_mm=r * 0.15)),
            text_centered(x, y, str(number), r * 1.3, font="bold", fill="#ffffff")]


def _check_marks(grid: _Grid, attacker: tuple[int, int], king: tuple[int, int]) -> list[Node]:
    """The line of an attack that would be check, and a ring on the square attacked."""
    (x0, y0), (x1, y1) = grid.centre(attacker), grid.centre(king)
    dashed = Style(stroke=ILLEGAL_INK, stroke_mm=0.6, dash=(1.6, 1.0), cap="butt", opacity=0.9)
    ring = Style(stroke=ILLEGAL_INK, stroke_mm=0.7, opacity=0.9)
    return [Line(x0, y0, x1, y1, dashed), Circle(x1, y1, grid.square * 0.47, ring)]


def _to_move(grid: _Grid, side: str) -> list[Node]:
    """A small disc beside the last rank showing whose move it is."""
    r = grid.square * 0.16
    x = grid.left + len(grid.files) * grid.square + DIAGRAM_EDGE_MM * 0.55
    y = grid.top + grid.ranks * grid.square + DIAGRAM_EDGE_MM * 0.5
    fill = DISC_FILL[side]
    return [Circle(x, y, r, Style(fill=fill, stroke=DISC_RING["white"], stroke_mm=0.3))]


def example_scene(layout: Layout, example: Example) -> Scene:
    """An example position with its moves as arrows and its would-be checks marked."""
    grid = _Grid(STANDARD_FILES, 8, 8)
    placement = parse_fen(example.fen, 8, 8)
    nodes = _diagram_board(layout, grid) + _diagram_pieces(grid, placement)
    for attacker, king in example.checks:
        nodes += _check_marks(grid, _square(attacker), _square(king))
    for move in example.moves:
        start, end = _square(move.uci[:2]), _square(move.uci[2:4])
        color = ILLEGAL_INK if move.verdict == "illegal" else (MOVE_INK if move.number else LEGAL_INK)
        nodes += _arrow(_move_points(grid, start, end), color, grid.square * 0.12)
        x, y = grid.origin(*end)
        if move.verdict == "illegal":
            nodes += _cross_badge(x + grid.square * 0.82, y + grid.square * 0.2, grid.square * 0.2)
        if move.number is not None:
            cx, cy = grid.centre(start)
            nodes += _number_badge(cx - grid.square * 0.32, cy + grid.square * 0.3,
                                   grid.square * 0.19, move.number)
    side = "white" if example.fen.split()[1] == "w" else "black"
    nodes += _to_move(grid, side)
    return Scene(grid.width + DIAGRAM_EDGE_MM * 0.6, grid.height, tuple(nodes),
                 symbols=pieces.piece_symbols(), title=example.name)


def start_position_scene(layout: Layout) -> Scene:
    """The layout's start position on a small board with coordinates."""
    spec = layout.board
    grid = _Grid(spec.files, spec.ranks, spec.goal_rank)
    nodes = _diagram_board(layout, grid) + _diagram_pieces(grid, position(layout))
    return Scene(grid.width, grid.height, tuple(nodes), symbols=pieces.piece_symbols(),
                 title="start position")


def diagrams(layout: Layout, words: Words | None = None) -> dict[str, Callable[[], Scene]]:
    """Figures for the rule sheet: the board, the start position and the rule examples."""
    figures: dict[str, Callable[[], Scene]] = {
        "board": lambda: compose_board(layout).scene,
        "start-position": lambda: start_position_scene(layout),
    }
    for example in EXAMPLES:
        figures[example.name] = partial(example_scene, layout, example)
    return figures
