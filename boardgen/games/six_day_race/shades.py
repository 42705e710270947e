"""Colour words for the marked spaces: what a legend and a rule text call a space's colour.

A layout can give the rider change or the crash space any colour, so the words that name
it come from the colour itself: its hue, lightness and saturation pick one of a few plain
colour names, each printed through the labels ``shade.<name>`` of the kit's language.
"""

from __future__ import annotations

import colorsys

SHADES = ("black", "grey", "white", "brown", "red", "orange", "yellow-orange", "yellow",
          "green", "turquoise", "blue", "purple", "pink")
# Upper bounds of hue (degrees) for each name of a saturated colour, in order round the circle.
HUES = ((12, "red"), (38, "orange"), (50, "yellow-orange"), (68, "yellow"), (165, "green"),
        (195, "turquoise"), (255, "blue"), (290, "purple"), (340, "pink"), (360, "red"))


def shade(color: str) -> str:
    """The plain name of a colour (one of ``SHADES``): ``#f4c430`` is yellow-orange."""
    red, green, blue = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))  # "#rrggbb"
    hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
    chroma = max(red, green, blue) - min(red, green, blue)
    if lightness < 0.12:
        return "black"
    if chroma < 0.12 or saturation < 0.15:
        return "white" if lightness > 0.9 else "black" if lightness < 0.2 else "grey"
    degrees = hue * 360
    if 12 <= degrees < 50 and lightness < 0.4:
        return "brown"
    return next(name for bound, name in HUES if degrees < bound)
