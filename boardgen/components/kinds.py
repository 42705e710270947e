"""Kinds of space: how a space looks (fill, label, pictogram), its tags, and what it does.

A kind is declared once in a layout (``[kinds.goose]``) and given to spaces; the drawing,
the legend, board.json, the rules' generated sections and the analysis all read the same
table, so they cannot disagree. An effect is data: ``jump`` (to a space), ``again`` (move
the same throw again), ``skip`` (lose turns), ``wait`` (until another piece arrives),
``start`` (back to the start).

A kind's printed name is the label ``kinds.<name>.name`` of the kit's language (the
catalogues name the traditional kinds: goose, bridge, inn, ...); ``kinds.<name>.text``
rewords what the rules and the legend say it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from pydantic import Field, model_validator

from boardgen.i18n import Words
from boardgen.layout import Color, Model

EffectName = Literal["none", "jump", "again", "skip", "wait", "start"]
EFFECTS: tuple[str, ...] = ("none", "jump", "again", "skip", "wait", "start")
LinkStyle = Literal["none", "arrow", "ladder", "snake"]
PictogramName = Literal["none", "goose", "bridge", "inn", "well", "maze", "skull", "prison",
                        "ladder", "snake", "star", "arrow", "flag", "hourglass", "again", "die",
                        "crown", "start", "rider-change", "crash"]
MAX_TURNS = 20


class Kind(Model):
    """One kind of space."""

    fill: Color | None = Field(None, description="the colour of its spaces (default: the "
                                                 "board's colour for plain spaces)")
    label: bool = Field(True, description="print the kind's name on its spaces")
    pictogram: PictogramName = Field("none", description="a picture printed on its spaces")
    tags: tuple[str, ...] = Field((), max_length=8,
                                  description="words for programs reading board.json")
    effect: EffectName = Field("none", description="what landing here does: jump (to a space), "
                                                   "again (move the same throw again), skip "
                                                   "(lose turns), wait (until another piece "
                                                   "arrives), start (back to the start)")
    to: int | None = Field(None, ge=0, le=10_000,
                           description="jump: the space every space of this kind leads to "
                                       "(or give `to` space by space); 0 is the start")
    turns: int = Field(1, ge=1, le=MAX_TURNS, description="skip: how many turns are lost")
    link: LinkStyle = Field("none", description="jump: how the way to the target is drawn: an "
                                                "arrow, a ladder, a snake, or not at all")
    legend: bool = Field(True, description="list this kind in the board's legend")
    line: bool = Field(False, description="on an oval: a line across the track where its "
                                          "spaces begin (a sprint's)")

    @property
    def picture(self) -> str | None:
        """The pictogram its spaces and its legend row print, or None."""
        return None if self.pictogram == "none" else self.pictogram

    @model_validator(mode="after")
    def settings_fit_effect(self):
        if self.to is not None and self.effect != "jump":
            raise ValueError(f"`to` is for effect = \"jump\", not {self.effect!r}")
        if self.link != "none" and self.effect != "jump":
            raise ValueError(f"a link is drawn for effect = \"jump\", not {self.effect!r}")
        return self


class Placed(Model):
    """A space given a kind, with the target or turns of this one space."""

    kind: str = Field(min_length=1, max_length=40, description="one of the layout's [kinds]")
    to: int | None = Field(None, ge=0, le=10_000, description="jump: the space this one leads to")
    turns: int | None = Field(None, ge=1, le=MAX_TURNS, description="skip: turns lost here")
    of: int | None = Field(None, ge=2, le=1000, description="the track length this space's "
                                                            "number is counted on (default: "
                                                            "counted_on)")


# ---- spaces counted on another track's length --------------------------------------------
# A layout may give its spaces' numbers as counted on a track of another length (the
# original board's, say): on a longer or shorter track they move in proportion, so the same
# pattern covers the whole track.


def in_proportion(number: int, counted_on: int | None, spaces: int) -> int:
    """Space ``number`` of a track of ``counted_on`` spaces moved to a track of ``spaces``:
    the first space stays first and the last stays last (None: the number is fixed)."""
    if counted_on is None or counted_on == 1:
        return number
    return max(1, min(spaces, 1 + round((number - 1) * (spaces - 1) / (counted_on - 1))))


def runs(numbers) -> list[list[int]]:
    """Space numbers in runs of neighbours: 3, 4, 5, 8 is [3, 4, 5] and [8]."""
    found: list[list[int]] = []
    for number in sorted(numbers):
        if found and number == found[-1][-1] + 1:
            found[-1].append(number)
        else:
            found.append([number])
    return found


def spread(given: Mapping[int, tuple[str, int | None]], length: int) -> dict[int, int]:
    """Where each space ``given`` as number → (kind, the length it is counted on) falls on a
    track of ``length`` spaces: each run of neighbouring spaces of one kind keeps its length
    and starts where its first space falls, so a pattern of runs covers the whole track (a
    single space moves as a word's does). Numbers counted on no length, or on this one, stay.
    """
    groups: dict[tuple[str, int | None], list[int]] = {}
    for number, (kind, counted) in given.items():
        groups.setdefault((kind, counted), []).append(number)
    moved: dict[int, int] = {}
    for (_, counted), numbers in groups.items():
        for run in runs(numbers):
            first = in_proportion(run[0], counted if counted != length else None, length)
            moved.update({number: first + offset for offset, number in enumerate(run)})
    return moved


@dataclass(frozen=True)
class Effect:
    """What a space does: ``kind`` (jump, again, skip, wait, start) and its parameters."""

    kind: str
    to: int | None = None
    turns: int | None = None

    def as_json(self) -> dict:
        found: dict = {"kind": self.kind}
        if self.to is not None:
            found["to"] = self.to
        if self.turns is not None:
            found["turns"] = self.turns
        return found


@dataclass(frozen=True)
class Marked:
    """A space of a kind: its number, the kind's name and model, and its effect."""

    number: int
    name: str
    kind: Kind
    effect: Effect | None


def effect_of(kind: Kind, placed: Placed | None) -> Effect | None:
    """The effect of one space of ``kind`` (its own ``to`` and ``turns`` before the kind's)."""
    if kind.effect == "none":
        return None
    if kind.effect == "jump":
        to = placed.to if placed is not None and placed.to is not None else kind.to
        return Effect("jump", to=to)
    if kind.effect == "skip":
        turns = placed.turns if placed is not None and placed.turns is not None else kind.turns
        return Effect("skip", turns=turns)
    return Effect(kind.effect)


def kind_name(words: Words, name: str) -> str:
    """A kind's printed name in the kit's language."""
    return words(f"kinds.{name}.name")
