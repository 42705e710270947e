"""Course boards: a grid board drawn from an ASCII map, its cells filled by kind and its
walls drawn (the Steeple Chess course). Everything else is the grid board's."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardgen.components import grid_board
from boardgen.components.base import Context, Parts, Summary

NAME = "course"


class Model(grid_board.Model):
    """A course drawn as an ASCII map."""

    type: Literal["course"] = Field(description="a course drawn as an ASCII map")  # type: ignore
    map: str = Field(max_length=20_000, description="the course, a character per cell; walls as "
                                                    "'|' and lines of '-'")  # type: ignore
    fill: Literal["chequer", "kinds"] = Field("kinds", description="by kind, or a chequer")
    naming: grid_board.Scheme = Field("chess", description="chess (a1), spreadsheet (A1) or "
                                                           "numbered")


def compose(model: Model, name: str, context: Context) -> Parts:
    return grid_board.compose(model, name, context)


def summary(model: Model, name: str, context: Context) -> list[Summary]:
    return grid_board.summary(model, name, context)
