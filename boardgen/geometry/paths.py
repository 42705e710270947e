"""Lines as data: a small SVG-like path language in a 100×100 box.

A layout describes each tile type by its line (``"M 50 0 A 50 50 0 0 0 100 50"`` is a
quarter turn joining the top and right edge midpoints), so users add types without code.
Supported: M L H V C Q A Z, absolute (upper case) and relative (lower case).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

BOX = 100.0
EDGE_MIDPOINTS = {"N": (50.0, 0.0), "E": (100.0, 50.0), "S": (50.0, 100.0), "W": (0.0, 50.0)}
ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "A": 7, "Z": 0}
TOKEN = re.compile(r"[MLHVCQAZmlhvcqaz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[\s,]+|.")
TOLERANCE = 1e-6


def tokens(data: str) -> list[str]:
    found = []
    for token in TOKEN.findall(data):
        if token.strip(" \t\n\r,") == "":
            continue
        if not (token.upper() in ARGUMENTS or _is_number(token)):
            raise ValueError(f"path {data!r}: unexpected {token!r}")
        found.append(token)
    return found


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=1024)
def parse_path(data: str) -> tuple[tuple, ...]:
    """Scene path commands (M, L, C, Z; absolute, box units) for path data; ValueError if bad.

    Each path text is read once (the result is a tuple of tuples): a tile set's lines are
    asked for again by every figure and check that follows them.
    """
    items = tokens(data)
    if not items or items[0] not in "Mm":
        raise ValueError(f"path {data!r} must start with M (move to a point)")
    commands: list[tuple] = []
    x = y = start_x = start_y = 0.0
    position = 0
    command = ""
    while position < len(items):
        if items[position].isalpha():
            command = items[position]
            position += 1
        elif command in ("", "Z", "z"):
            raise ValueError(f"path {data!r}: number {items[position]!r} without a command")
        letter = command.upper()
        count = ARGUMENTS[letter]
        args = items[position:position + count]
        if len(args) < count or any(a.isalpha() for a in args):
            raise ValueError(f"path {data!r}: {command} needs {count} numbers")
        values = [float(a) for a in args]
        position += count
        relative = command.islower()
        if letter == "M":
            x, y = _point(values, 0, x, y, relative)
            start_x, start_y = x, y
            commands.append(("M", x, y))
            command = "l" if relative else "L"  # further pairs are line-tos
        elif letter in ("L", "H", "V"):
            if letter == "H":
                values = [values[0], 0.0 if relative else y]
            elif letter == "V":
                values = [0.0 if relative else x, values[0]]
            x, y = _point(values, 0, x, y, relative)
            commands.append(("L", x, y))
        elif letter == "C":
            x1, y1 = _point(values, 0, x, y, relative)
            x2, y2 = _point(values, 2, x, y, relative)
            x, y = _point(values, 4, x, y, relative)
            commands.append(("C", x1, y1, x2, y2, x, y))
        elif letter == "Q":
            qx, qy = _point(values, 0, x, y, relative)
            ex, ey = _point(values, 2, x, y, relative)
            commands.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                             ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
        elif letter == "A":
            ex, ey = _point(values, 5, x, y, relative)
            commands.extend(arc_to_curves(x, y, values[0], values[1], values[2],
                                          values[3] != 0, values[4] != 0, ex, ey))
            x, y = ex, ey
        else:
            commands.append(("Z",))
            x, y = start_x, start_y
        if letter != "Z" and not _in_box(x, y):
            raise ValueError(f"path {data!r} leaves the 100×100 tile box at ({x:g}, {y:g})")
    return tuple(_snap(c) for c in commands)


def _point(values: list[float], at: int, x: float, y: float, relative: bool) -> tuple[float, float]:
    px, py = values[at], values[at + 1]
    return (x + px, y + py) if relative else (px, py)


def _in_box(x: float, y: float) -> bool:
    return -TOLERANCE <= x <= BOX + TOLERANCE and -TOLERANCE <= y <= BOX + TOLERANCE


def _snap(command: tuple) -> tuple:
    """Round to 1/1000 of a unit so output bytes do not depend on float noise."""
    return (command[0],) + tuple(round(v, 3) + 0.0 for v in command[1:])


def arc_to_curves(x1: float, y1: float, rx: float, ry: float, rotation: float,
                  large: bool, sweep: bool, x2: float, y2: float) -> list[tuple]:
    """An SVG elliptical arc as cubic Béziers (SVG 1.1, appendix F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(rotation)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp = cos_phi * dx + sin_phi * dy
    yp = -sin_phi * dx + cos_phi * dy
    excess = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if excess > 1:
        rx, ry = rx * math.sqrt(excess), ry * math.sqrt(excess)
    numerator = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    denominator = rx * rx * yp * yp + ry * ry * xp * xp
    factor = math.sqrt(max(0.0, numerator / denominator))
    if large == sweep:
        factor = -factor
    cxp, cyp = factor * rx * yp / ry, -factor * ry * xp / rx
    cx = cos_phi * cxp - sin_phi * cyp + (x1 + x2) / 2
    cy = sin_phi * cxp + cos_phi * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    end = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)

    def on_ellipse(angle: float, scale_k: float = 0.0) -> tuple[float, float, float, float]:
        ux, uy = math.cos(angle), math.sin(angle)
        px, py = rx * ux, ry * uy
        tx, ty = -rx * uy * scale_k, ry * ux * scale_k
        return (cos_phi * px - sin_phi * py + cx, sin_phi * px + cos_phi * py + cy,
                cos_phi * tx - sin_phi * ty, sin_phi * tx + cos_phi * ty)

    curves = []
    angle = start
    for index in range(pieces):
        ax, ay, atx, aty = on_ellipse(angle, k)
        nxt = angle + step
        bx, by, btx, bty = on_ellipse(nxt, k)
        if index == pieces - 1:
            bx, by = x2, y2
        curves.append(("C", ax + atx, ay + aty, bx - btx, by - bty, bx, by))
        angle = nxt
    return curves


def line_ends(commands: tuple[tuple, ...]) -> tuple[str, ...]:
    """Edge midpoints (N, E, S, W) where a subpath of the line starts or ends."""
    points: list[tuple[float, float]] = []
    previous: tuple[float, float] | None = None
    for command in commands:
        if command[0] == "M":
            if previous is not None:
                points.append(previous)
            points.append((command[1], command[2]))
            previous = None
        elif command[0] != "Z":
            previous = (command[-2], command[-1])
    if previous is not None:
        points.append(previous)
    return tuple(edge for edge, (ex, ey) in EDGE_MIDPOINTS.items()
                 if any(abs(px - ex) < 0.5 and abs(py - ey) < 0.5 for px, py in points))
