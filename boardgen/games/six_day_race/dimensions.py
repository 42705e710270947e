"""The arithmetic a six-day layout is checked with before anything is drawn: how tight the
bends may be, how many riders stand on a space, and whether the infield holds the card
places (the shared infield's own arithmetic).

This module imports nothing of the game, so the model can validate proportions with the
same numbers the board is drawn with.
"""

from __future__ import annotations

import math

from boardgen.components import card_places, infield

MIN_INNER_RADIUS_MM = 40.0   # the bends' inner edge: tighter and riders no longer fit
MAX_BOARD_MM = 5000.0

slot_size = card_places.place_size
seam_period = infield.seam_period
slots_per_period = infield.places_per_period
slots_fit_straight = infield.places_fit_straight
infield_row_height = infield.row_height


def bend_radius(spaces: int, straight_spaces: int, space_mm: float) -> float:
    """Centre-line radius of the bends, so the bends' spaces are as long as straight ones.

    With an odd number of bend spaces the second bend holds one more, each a little shorter.
    """
    return (spaces - 2 * straight_spaces) / 2 * space_mm / math.pi


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
