"""Sizes shared by the layout model and the drawing code, and the arithmetic of the oval.

This module imports nothing of the game (the card places' sizes are the shared ones), so the model can validate proportions with the
same numbers the infield is laid out with: model → dimensions ← track ← infield ← board.
"""

from __future__ import annotations

import math

from boardgen.components import card_places

MIN_INNER_RADIUS_MM = 40.0   # the bends' inner edge: tighter and riders no longer fit
MAX_BOARD_MM = 5000.0
EDGE_PAD_MM = 18.0           # from the inner edge of the track: room for the arrows
ROW_GAP_MM = 6.0             # kept free either side of the infield's middle line
SLOT_GAP_MM = card_places.GAP_MM
SEAM_PERIOD_MM = 170.0       # infield text leaves a space boundary free at least this often
SEAM_CLEARANCE_MM = card_places.SEAM_CLEARANCE_MM


def bend_radius(spaces: int, straight_spaces: int, space_mm: float) -> float:
    """Centre-line radius of the bends, so the bends' spaces are as long as straight ones.

    With an odd number of bend spaces the second bend holds one more, each a little shorter.
    """
    return (spaces - 2 * straight_spaces) / 2 * space_mm / math.pi


def seam_period(space_mm: float) -> float:
    """Distance between the space boundaries that infield text leaves free."""
    return space_mm * max(1, int(SEAM_PERIOD_MM // space_mm))


slot_size = card_places.place_size


def slots_per_period(slot_w: float, period: float) -> int:
    """How many card places fit side by side between two free space boundaries."""
    room = period - 2 * SEAM_CLEARANCE_MM
    return int((room + SLOT_GAP_MM) // (slot_w + SLOT_GAP_MM))


def slots_fit_straight(straight_mm: float, period: float, slot_w: float, count: int) -> bool:
    """Whether ``count`` card places fit in a row along a straight of ``straight_mm``."""
    per = slots_per_period(slot_w, period)
    if per == 0:
        return False
    whole, rest = divmod(straight_mm, period)
    tail = slots_per_period(slot_w, rest) if rest > slot_w else 0
    return int(whole) * per + tail >= count


def infield_row_height(inner_radius: float) -> float:
    """Height of each of the two rows of the infield (above and below the middle line)."""
    return inner_radius - EDGE_PAD_MM - ROW_GAP_MM


def rider_rows(track_width: float, rider_mm: float) -> int:
    """Riders standing side by side across the track (a standee's feet make it as deep as wide)."""
    return int(track_width / rider_mm + 1e-9)


def straight_capacity(space_mm: float, track_width: float, rider_mm: float) -> int:
    """Riders that stand on one straight space."""
    return int(space_mm / rider_mm + 1e-9) * rider_rows(track_width, rider_mm)


def bend_capacity(inner_radius: float, sweep_rad: float, track_width: float,
                  rider_mm: float) -> int:
    """Riders that stand on one bend space, in rows from the inside: a row is as long as the
    chord at its inner edge, where the wedge is narrowest, and its outer corners stay on the
    track."""
    outer = inner_radius + track_width
    total = 0
    for row in range(rider_rows(track_width, rider_mm)):
        radius = inner_radius + row * rider_mm
        chord = 2 * radius * math.sin(sweep_rad / 2)
        count = int(chord / rider_mm + 1e-9)
        while count and math.hypot(radius + rider_mm, count * rider_mm / 2) > outer + 1e-9:
            count -= 1
        total += count
    return total
