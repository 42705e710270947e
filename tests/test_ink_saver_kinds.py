"""The ink saver keeps the game: every kind of space stays apart from every other on the saver
board (ΔE2000, coloraide), the legend's swatches take the tint of their spaces, and no page of
a saver kit covers more than 15 % of its area with ink.

The colours are read from the boards as drawn: each kind's colours in full ink (as the game
gives them), and what the saver prints where the full-ink board fills a space with them.
"""

from __future__ import annotations

import itertools

import pypdfium2 as pdfium
import pytest
from coloraide import Color
from PIL import ImageStat
from typer.testing import CliRunner

from boardgen.cli import app
from boardgen.games.racing_kings.board import grid_model
from boardgen.games.six_day_race.board import looks as six_day_looks
from boardgen.games.steeple_chess.board import PLAYERS, START_COLOURS
from boardgen.i18n import words_for
from boardgen.ink import saver
from boardgen.layout import load_layout
from boardgen.contract import compose
from boardgen.scene import IDENTITY, Circle, Group, Path, Polygon, Rect
from boardgen.scene import compose as times

APART = 10.0        # ΔE2000 between the kinds of space on the saver board
MOST_INK = 0.15     # of a page's area
SPACE_MM2 = 100.0   # a fill at least this large is a space (or part of one), not a mark
PAGE_DPI = 100      # fine enough that a hairline counts as the ink it is


def kinds_of(game: str) -> dict[str, set[str]]:
    """Each kind of space of the game's board and its colours in full ink."""
    layout = load_layout(game)
    if game in ("six_day_race", "six_day_race_advanced"):
        found: dict[str, set[str]] = {}
        for look in six_day_looks(layout, words_for(layout)).values():
            found.setdefault(look.kind, set()).add(look.fill)
        return found
    colors = layout.colors
    if game == "racing_kings":
        fills = grid_model(layout).fills
        return {"square": {colors.light, colors.dark}, "goal": set(fills["goal"])}
    return {"course": {colors.light, colors.dark},
            "corner": {colors.corner_light, colors.corner_dark},
            "zone": {colors.zone_light, colors.zone_dark}, "black": {colors.black},
            "goal": {colors.goal},
            **{f"start-{PLAYERS[letter]}": {colors.player(letter)} for letter in START_COLOURS}}


def shapes(nodes, m=IDENTITY):
    """The filled shapes of ``nodes`` with their painted area in mm², in drawing order."""
    from boardgen.ink import _area

    for node in nodes:
        if isinstance(node, Group):
            yield from shapes(node.children, times(m, node.transform))
        elif isinstance(node, (Rect, Circle, Polygon, Path)) and node.style.fill:
            yield node, _area(node) * abs(m[0] * m[3] - m[1] * m[2])


def printed(game: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """For each colour of the full-ink board, what the saver board prints instead: where it
    fills a space, and where it fills anything (a legend's swatch)."""
    normal = compose(load_layout(game), "en").board.scene
    saved = saver(normal)
    spaces: dict[str, set[str]] = {}
    anywhere: dict[str, set[str]] = {}
    for (a, area), (b, _) in zip(shapes(normal.children), shapes(saved.children)):
        assert type(a) is type(b)
        anywhere.setdefault(a.style.fill, set()).add(b.style.fill)
        if area >= SPACE_MM2:
            spaces.setdefault(a.style.fill, set()).add(b.style.fill)
    return spaces, anywhere


GAMES = ["six_day_race", "six_day_race_advanced", "racing_kings", "steeple_chess"]


def closest_kinds(kinds: dict[str, set[str]], tints: dict[str, set[str]]):
    """The two kinds whose saver colours come closest, and how close (ΔE2000): of the kinds
    the board tells apart by colour (a finish space in a plain space's colour is told by its
    line and word)."""
    looks = {kind: {t for c in colours for t in tints.get(c, ())} for kind, colours in
             kinds.items()}
    return min((min(Color(x).delta_e(Color(y), method="2000") for x in looks[one]
                    for y in looks[other]), one, other)
               for one, other in itertools.combinations(sorted(looks), 2)
               if looks[one] and looks[other] and not kinds[one] & kinds[other])


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_space_stays_apart_on_the_saver_board(game):
    kinds = kinds_of(game)
    spaces, _ = printed(game)
    for kind, colours in kinds.items():
        assert any(c in spaces for c in colours), f"{kind}: no space drawn in {colours}"
    distance, one, other = closest_kinds(kinds, {c: {c} for c in spaces})
    assert distance >= APART, f"{game} in full ink: {one} and {other} are ΔE {distance:.1f} apart"
    distance, one, other = closest_kinds(kinds, spaces)
    assert distance >= APART, f"{game}: {one} and {other} are ΔE {distance:.1f} apart"


@pytest.mark.parametrize("game", GAMES)
def test_legend_swatches_take_the_tint_of_their_spaces(game):
    spaces, anywhere = printed(game)
    for kind, colours in kinds_of(game).items():
        for colour in colours:
            assert len(spaces.get(colour, ())) <= 1, (kind, spaces[colour])
            assert anywhere.get(colour, set()) <= spaces.get(colour, set()) | {"#ffffff"}, \
                (kind, colour, anywhere[colour], spaces.get(colour))


def page_inks(pdf: bytes) -> list[float]:
    """Mean darkness of each page: 0 for blank paper, 1 for solid black."""
    return [1 - ImageStat.Stat(page.render(scale=PAGE_DPI / 72).to_pil().convert("L")).mean[0]
            / 255 for page in pdfium.PdfDocument(pdf)]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_of_the_saver_kit_takes_more_than_15_percent_ink(game, tmp_path):
    result = CliRunner().invoke(app, ["build", game, "--out", str(tmp_path), "--ink", "saver",
                                      "--format", "pdf"])
    assert result.exit_code == 0, result.output
    pdfs = sorted((tmp_path / game).glob("*.pdf"))
    assert len(pdfs) >= 3
    for pdf in pdfs:
        if pdf.name.endswith("print-and-play.pdf"):
            continue  # the bundle is these files' pages again
        for number, ink in enumerate(page_inks(pdf.read_bytes()), 1):
            assert ink <= MOST_INK, f"{pdf.name} page {number}: {ink:.1%} ink"


def test_the_steeple_chess_obstacle_still_reads_black_in_the_saver():
    from boardgen.games.steeple_chess.tokens import obstacle_scene
    from boardgen.render import renderer
    from boardgen.scene import Document

    layout = load_layout("steeple_chess")
    scene = saver(obstacle_scene(layout, words_for(layout)))
    image = pdfium.PdfDocument(renderer("pdf")(Document((scene,))))[0].render(scale=4).to_pil()
    data = image.convert("RGB").tobytes()
    pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
    inked = [p for p in pixels if sum(p) < 600]  # what is printed, not the paper
    assert 0.25 * len(pixels) < len(inked) < 0.7 * len(pixels)  # a black piece, for less ink
    r, g, b = (sum(p[k] for p in inked) / len(inked) for k in range(3))
    assert max(r, g, b) - min(r, g, b) < 20 and max(r, g, b) < 100, (r, g, b)
