"""Start positions on boards of any size: reading FEN and ASCII, and the rules a start must obey.

A position maps squares ``(file index, rank)`` (file 0 is the left file, rank 1 the
players' side) to FEN piece letters: capitals are White, small letters Black.
"""

from __future__ import annotations

from typing import Iterator

from boardgen import pieces

Square = tuple[int, int]
Placement = dict[Square, str]

# The standard start, rank 2 above rank 1: Black fills the left four files, White the right four.
STANDARD_ROWS = ("krbn", "qrbn")
STANDARD_WIDTH = 2 * len(STANDARD_ROWS[0])
KING_STEPS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ROOK_LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_LINES = ((1, 1), (1, -1), (-1, 1), (-1, -1))
LINES = {"Q": ROOK_LINES + BISHOP_LINES, "R": ROOK_LINES, "B": BISHOP_LINES}


def side_of(letter: str) -> str:
    """Which side a FEN piece letter belongs to: capitals are white."""
    return "white" if letter.isupper() else "black"


def standard_position(files: int) -> Placement:
    """Parton's start on the first two ranks, Black in the left corner, White in the right.

    On a board wider than eight files the empty files lie between the two camps.
    """
    placement: Placement = {}
    for rank, row in zip((2, 1), STANDARD_ROWS):
        for index, letter in enumerate(row):
            placement[(index, rank)] = letter
            placement[(files - 1 - index, rank)] = letter.upper()
    return placement


def parse_fen(fen: str, files: int, ranks: int) -> Placement:
    """Squares → piece letter from a FEN piece field (top rank first)."""
    field = fen.strip().split()[0] if fen.strip() else ""
    rows = field.split("/")
    if len(rows) != ranks:
        raise ValueError(f"the FEN has {len(rows)} ranks, the board has {ranks}")
    placement: Placement = {}
    for row_index, row in enumerate(rows):
        rank = ranks - row_index
        file_index = 0
        for count, char in _fen_runs(row):
            if char is None:
                file_index += count
                continue
            if file_index < files:
                placement[(file_index, rank)] = _piece_letter(char, rank, "FEN")
            file_index += 1
        if file_index != files:
            raise ValueError(f"FEN rank {rank} describes {file_index} squares, "
                             f"the board has {files} files")
    return placement


def _fen_runs(row: str) -> Iterator[tuple[int, str | None]]:
    """A FEN row as (empty squares, None) and (1, piece letter) items; 10 may be written 10."""
    digits = ""
    for char in row:
        if char.isascii() and char.isdigit():
            digits += char
            continue
        if digits:
            yield int(digits[:3]), None
            digits = ""
        yield 1, char
    if digits:
        yield int(digits[:3]), None


def _piece_letter(char: str, rank: int, form: str) -> str:
    if char.upper() not in pieces.PIECE_LETTERS:
        raise ValueError(f"{form} rank {rank} has an unknown piece {char!r}; the letters are "
                         f"{pieces.PIECE_LETTERS[:-1]} for White, small letters for Black")
    return char


def parse_ascii(block: str, files: int, ranks: int) -> Placement:
    """Squares → piece letter from rows of letters and dots (top rank first, spaces ignored)."""
    rows = [line.replace(" ", "") for line in block.strip("\n").splitlines() if line.strip()]
    if len(rows) != ranks:
        raise ValueError(f"the ascii position has {len(rows)} rows, the board has {ranks} ranks")
    placement: Placement = {}
    for row_index, row in enumerate(rows):
        rank = ranks - row_index
        if len(row) != files:
            raise ValueError(f"ascii row for rank {rank} has {len(row)} squares, "
                             f"the board has {files} files")
        for file_index, char in enumerate(row):
            if char != ".":
                placement[(file_index, rank)] = _piece_letter(char, rank, "ascii")
    return placement


def attacked_squares(placement: Placement, square: Square, files: int, ranks: int) -> set[Square]:
    """The squares the piece on ``square`` attacks, as in chess (lines stop at any piece)."""
    kind = placement[square].upper()
    f, r = square

    def on_board(s: Square) -> bool:
        return 0 <= s[0] < files and 1 <= s[1] <= ranks

    if kind in ("K", "N"):
        steps = KING_STEPS if kind == "K" else KNIGHT_STEPS
        return {s for s in ((f + df, r + dr) for df, dr in steps) if on_board(s)}
    attacked: set[Square] = set()
    for df, dr in LINES.get(kind, ()):
        s = (f + df, r + dr)
        while on_board(s):
            attacked.add(s)
            if s in placement:
                break
            s = (s[0] + df, s[1] + dr)
    return attacked


def checks(placement: Placement, files: int, ranks: int) -> list[tuple[Square, Square]]:
    """Every (attacker, king) pair where a piece attacks the enemy king."""
    found = []
    for square, letter in sorted(placement.items()):
        if letter.upper() == "P":
            continue  # pawns are refused on their own; their attacks would only confuse
        for target in sorted(attacked_squares(placement, square, files, ranks)):
            victim = placement.get(target, "")
            if victim.upper() == "K" and side_of(victim) != side_of(letter):
                found.append((square, target))
    return found


def position_problems(placement: Placement, files: int, ranks: int, goal_rank: int,
                      square_name) -> list[tuple[str, bool]]:
    """Why a position cannot start a game of Racing Kings, each with whether the goal rank
    is involved; empty when it can."""
    letters = list(placement.values())
    problems = []
    pawns = sorted(square_name(*s) for s, p in placement.items() if p in "Pp")
    if pawns:
        problems.append((f"Racing Kings is played without pawns; found pawns on "
                         f"{', '.join(pawns)}", False))
    for king, side in (("K", "white"), ("k", "black")):
        if letters.count(king) != 1:
            problems.append((f"the position needs exactly one {side} king, "
                             f"it has {letters.count(king)}", False))
    for square, letter in sorted(placement.items()):
        if letter in "Kk" and square[1] >= goal_rank:
            problems.append((f"the {side_of(letter)} king on {square_name(*square)} already "
                             f"stands on or beyond the goal rank {goal_rank}", True))
    for attacker, king in checks(placement, files, ranks):
        problems.append((f"the piece on {square_name(*attacker)} gives check to the king on "
                         f"{square_name(*king)}; nobody may ever be in check", False))
    return problems
