"""The score sheet: the shared score sheet with the riders down the side, a table per race
(a column per sprint in track order, the finish, lost laps and the race's points, shaded)
and a summary over all races (player, lost laps, points, place) with the tie-break below."""

from __future__ import annotations

from boardgen.components import Context, score_sheet as sheets
from boardgen.components.wording import spoken_list
from boardgen.games.race.compose import players
from boardgen.games.six_day_race.model import Layout
from boardgen.i18n import Words, words_for
from boardgen.product import Sheet

SUMMARY_ROWS = {"player": 10.0, "total_lost_laps": 9.0, "total_points": 9.0, "place": 9.0}


def sheet_model(layout: Layout, words: Words) -> sheets.Model:
    """The sheet as a layout's ``score_sheet`` component would declare it, in ``words``."""
    sprints = {f"sprint-{k + 1}": sheets.Column(title=words("sheet.sprint", number=k + 1))
               for k in range(len(layout.placed.sprints))}
    columns = {**sprints, **{key: sheets.Column(title=words(f"sheet.{key}"))
                             for key in ("finish", "lost_laps", "points")}}
    note = words("sheet.note", points=spoken_list(words, layout.score_sheet.points),
                 races=layout.score_sheet.races)
    totals = sheets.Totals(title=words("sheet.totals"),
                           rows={key: sheets.Total(title=words(f"sheet.{key}"), height_mm=h)
                                 for key, h in SUMMARY_ROWS.items()},
                           note=words("sheet.tie_break"))
    return sheets.Model(type="score_sheet", columns=columns, players="down",
                        tables=layout.score_sheet.races, title=words("sheet.title"), note=note,
                        table_title=words("sheet.race", number="{number}"),
                        player_title=words("sheet.rider"), total="points", summary=totals)


def compose_score_sheet(layout: Layout, words: Words | None = None) -> Sheet:
    """Title and note, the race tables up to three abreast, and the summary below."""
    words = words or words_for(layout)
    context = Context(words, players(layout), layout.ink)
    return sheets.compose(sheet_model(layout, words), "score-sheet", context).sheets[0]
