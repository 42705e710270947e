"""The layout model of 6-Tage Rennen: track proportions, space words and colours, cards, riders."""

from __future__ import annotations

from typing import ClassVar

import math
from typing import Literal

from pydantic import Field, field_validator, model_validator

from boardgen.layout import Color, FieldProblem, LayoutBase, Millimetres, Model

SPACE_COLORS = ("black", "green", "grey", "red", "blue", "orange")
MAX_BOARD_MM = 5000.0


class Track(Model):
    """An oval of two straights and two bends, cut into spaces of equal centre-line length."""

    spaces: int = Field(80, ge=8, le=200)
    straight_spaces: int = Field(20, ge=1, le=100, description="spaces on each straight")
    space_mm: float = Field(32.0, ge=30, le=200, description="length of a space at the centre line")
    lanes: int = Field(2, ge=1, le=4)
    lane_mm: float = Field(24.0, ge=22, le=200)
    direction: Literal["anticlockwise", "clockwise"] = "anticlockwise"
    finish_line_after: int | None = Field(
        None, ge=0, description="spaces of the home straight before the start/finish line "
                                "(default: half of them)")
    margin_mm: float = Field(12.0, ge=0, le=200)

    @model_validator(mode="after")
    def bends_close_the_oval(self):
        rest = self.spaces - 2 * self.straight_spaces
        if rest < 4 or rest % 2:
            raise ValueError(
                f"{self.spaces} spaces minus 2 × {self.straight_spaces} on the straights leaves "
                f"{rest} for the two bends; that must be an even number of at least 4")
        if self.finish_line_after is not None and self.finish_line_after > self.straight_spaces:
            raise FieldProblem("finish_line_after",
                               f"the home straight has only {self.straight_spaces} spaces, "
                               f"found finish_line_after = {self.finish_line_after}")
        inner = self.bend_radius_mm - self.width_mm / 2
        if inner < 40:
            raise ValueError(
                f"the bends are too tight: their inner edge has a radius of {inner:.0f} mm "
                "(at least 40 mm needed); use more spaces in the bends or narrower lanes")
        if self.board_size_mm[0] > MAX_BOARD_MM:
            raise ValueError(f"the board would be {self.board_size_mm[0]:.0f} mm long; "
                             f"at most {MAX_BOARD_MM:.0f} mm")
        return self

    @property
    def bend_spaces(self) -> int:
        """Spaces on each bend."""
        return (self.spaces - 2 * self.straight_spaces) // 2

    @property
    def width_mm(self) -> float:
        return self.lanes * self.lane_mm

    @property
    def straight_mm(self) -> float:
        return self.straight_spaces * self.space_mm

    @property
    def bend_radius_mm(self) -> float:
        """Radius of the centre line in the bends, so bend spaces are as long as straight ones."""
        return self.bend_spaces * self.space_mm / math.pi

    @property
    def line_position(self) -> int:
        """Home-straight spaces before the start/finish line."""
        if self.finish_line_after is None:
            return self.straight_spaces // 2
        return self.finish_line_after

    @property
    def board_size_mm(self) -> tuple[float, float]:
        outer = self.bend_radius_mm + self.width_mm / 2
        return (self.straight_mm + 2 * outer + 2 * self.margin_mm, 2 * outer + 2 * self.margin_mm)


class Label(Model):
    """A word printed in one space, and what the space is for."""

    space: int = Field(ge=1)
    text: str = Field(min_length=1, max_length=24)
    tag: Literal["finish", "sprint", "rider-change", "crash", "start"] | None = None


class Spaces(Model):
    """Words and colours of single spaces, by space number."""

    labels: tuple[Label, ...] = ()
    black: tuple[int, ...] = ()
    green: tuple[int, ...] = ()
    grey: tuple[int, ...] = ()
    red: tuple[int, ...] = ()
    blue: tuple[int, ...] = ()
    orange: tuple[int, ...] = Field((), description="unknown on the original board: none by default")

    @model_validator(mode="after")
    def one_colour_and_one_label_per_space(self):
        owner: dict[int, str] = {}
        for name in SPACE_COLORS:
            for index, number in enumerate(getattr(self, name)):
                if number in owner:
                    raise FieldProblem(f"{name}[{index}]",
                                       f"space {number} is already {owner[number]}")
                owner[number] = name
        seen: set[int] = set()
        for index, label in enumerate(self.labels):
            if label.space in seen:
                raise FieldProblem(f"labels[{index}].space",
                                   f"space {label.space} already has a label")
            seen.add(label.space)
        return self

    def color_of(self, number: int) -> str:
        """The colour name of a space ("plain" when it has none)."""
        for name in SPACE_COLORS:
            if number in getattr(self, name):
                return name
        return "plain"

    def label_of(self, number: int) -> Label | None:
        return next((label for label in self.labels if label.space == number), None)


class Colors(Model):
    plain: Color = "#efe3c6"
    black: Color = "#1d1d1b"
    green: Color = "#2f9a4a"
    grey: Color = "#9d9d9a"
    red: Color = "#d7322b"
    blue: Color = "#2466c2"
    orange: Color = "#f28a1d"
    infield: Color = "#dce9dc"
    track_edge: Color = "#3a2f25"
    ink: Color = "#2a241d"
    finish_line: Color = "#111111"

    def fill(self, name: str) -> str:
        return getattr(self, name)


class LegendEntry(Model):
    swatch: Literal["plain", "black", "green", "grey", "red", "blue", "orange"] | None = Field(
        None, description="the colour shown beside the entry; none for a general rule")
    title: str = Field(min_length=1, max_length=40)
    text: str = Field("", max_length=300)


class Legend(Model):
    title: str = Field("Spaces", max_length=40)
    entries: tuple[LegendEntry, ...] = ()


class CardArea(Model):
    """A marked place in the infield for a pile of cards."""

    deck: Literal["green", "grey"]
    pile: int = Field(0, ge=0, description="which grey pile (0: values 1-3, 1: values 4-6)")
    text: str = Field(max_length=30)


class Infield(Model):
    areas: tuple[CardArea, ...] = ()
    arrows: bool = True


class Deck(Model):
    """A deck of number cards: how many of each value, and the piles it is split into."""

    title: str = Field(max_length=20)
    fill: Color
    counts: dict[int, int]
    piles: tuple[tuple[int, ...], ...] | None = Field(
        None, description="values grouped into separate draw piles; each pile gets its own back")
    assumed: bool = Field(False, description="the counts are our reconstruction, not a source's")

    @field_validator("counts")
    @classmethod
    def sensible_counts(cls, counts: dict[int, int]) -> dict[int, int]:
        for value, count in counts.items():
            if not 0 <= value <= 99:
                raise ValueError(f"card values run from 0 to 99, found {value}")
            if not 0 <= count <= 500:
                raise ValueError(f"at most 500 cards of one value, found {count} of value {value}")
        if not any(counts.values()):
            raise ValueError("the deck has no cards")
        return dict(sorted(counts.items()))

    @model_validator(mode="after")
    def piles_cover_values(self):
        if self.piles is None:
            return self
        listed = [v for pile in self.piles for v in pile]
        values = [v for v, n in self.counts.items() if n]
        if sorted(listed) != sorted(set(listed)) or set(listed) != set(values):
            raise FieldProblem("piles", f"piles {list(map(list, self.piles))} must hold each "
                                        f"card value {values} exactly once")
        return self

    @property
    def pile_values(self) -> tuple[tuple[int, ...], ...]:
        if self.piles is None:
            return (tuple(v for v, n in self.counts.items() if n),)
        return self.piles

    def pile_of(self, value: int) -> int:
        return next(i for i, pile in enumerate(self.pile_values) if value in pile)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


class Cards(Model):
    width_mm: Millimetres = 63.5
    height_mm: Millimetres = 88.9
    green: Deck
    grey: Deck

    @model_validator(mode="after")
    def card_fits_paper(self):
        if max(self.width_mm, self.height_mm) > 400 or min(self.width_mm, self.height_mm) < 30:
            raise ValueError("cards must be between 30 and 400 mm on each side")
        return self


class Riders(Model):
    colors: tuple[Color, ...] = Field(min_length=1, max_length=12)
    width_mm: float = Field(18.0, ge=10, le=60)
    face_mm: float = Field(26.0, ge=12, le=100)


class ScoreSheet(Model):
    title: str = Field("Score sheet", max_length=40)
    races: int = Field(6, ge=1, le=8)
    race: str = Field("Race", max_length=20)
    rider: str = Field("Rider", max_length=12)
    columns: tuple[str, ...] = Field(("1st sprint", "2nd sprint", "Finish", "Lost laps", "Total"),
                                     min_length=2, max_length=6)
    totals: str = Field("All races", max_length=30)
    player: str = Field("Player", max_length=12)
    place: str = Field("Place", max_length=12)
    note: str = Field("", max_length=200)


class Layout(LayoutBase):
    kind: ClassVar[str] = "six_day_race"
    track: Track = Track()
    spaces: Spaces = Spaces()
    colors: Colors = Colors()
    legend: Legend = Legend()
    infield: Infield = Infield()
    cards: Cards
    riders: Riders
    score_sheet: ScoreSheet = ScoreSheet()

    @model_validator(mode="after")
    def spaces_on_the_track(self):
        count = self.track.spaces
        fixed = {"finish": 1, "start": count}
        for index, label in enumerate(self.spaces.labels):
            if label.space > count:
                raise FieldProblem(f"spaces.labels[{index}].space",
                                   f"space {label.space} ({label.text!r}) is beyond the track's "
                                   f"{count} spaces; give labels for a {count}-space track")
            if label.tag in fixed and label.space != fixed[label.tag]:
                raise FieldProblem(f"spaces.labels[{index}].space",
                                   f"the {label.tag} label ({label.text!r}) belongs on space "
                                   f"{fixed[label.tag]}, next to the start/finish line; found "
                                   f"space {label.space}")
        for name in SPACE_COLORS:
            for index, number in enumerate(getattr(self.spaces, name)):
                if not 1 <= number <= count:
                    raise FieldProblem(f"spaces.{name}[{index}]",
                                       f"space {number} is not on the track (1 to {count})")
        return self

    @model_validator(mode="after")
    def areas_name_real_piles(self):
        for index, area in enumerate(self.infield.areas):
            piles = getattr(self.cards, area.deck).pile_values
            if area.pile >= len(piles):
                raise FieldProblem(f"infield.areas[{index}].pile",
                                   f"the {area.deck} deck has {len(piles)} pile(s), numbered from 0; "
                                   f"found pile = {area.pile}")
        return self

    @model_validator(mode="after")
    def infield_holds_its_contents(self):
        from boardgen.games.six_day_race.infield import plan_infield

        try:
            plan_infield(self)
        except ValueError as exc:
            raise FieldProblem("track.straight_spaces", str(exc)) from None
        return self
