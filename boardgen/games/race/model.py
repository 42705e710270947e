"""The layout of a race game of the generic kind: players, dice, how the race is run, the
board (a track of spaces), the kinds of space and what each does, and the components.

Everything is data, captures and the throws that bring a piece into play included. A rule a
layout cannot state (a choice between several pieces, a card to draw) is a plugin's:
see ``docs/making_a_new_game.md``. The model checks what a build and a player would meet:
every space named exists, every kind is declared, every jump lands on a space, and from
every space a piece can stand on the finish can still be reached.
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model.

import re
import typing
from typing import ClassVar, Literal

from pydantic import Field, PrivateAttr, field_validator, model_validator

from boardgen.components import pieces_model, track_board
from boardgen.components.kinds import Kind, Placed, in_proportion, spread
from boardgen.layout import Color, FieldProblem, LayoutBase, Model, raise_all

# Player colours that stay ΔE2000 15 apart for red-, green- and blue-blind eyes (the
# six-day riders' set, whose marks they share).
PLAYER_COLORS = ("#b35660", "#1f0e99", "#325616", "#f5d88c", "#eb881f", "#926cb9",
                 "#222222", "#f5f5f2")
FACES = re.compile(r"\s*([1-9][0-9]?)\s*(?:\+\s*([1-9][0-9]?)\s*)*")
MAX_DICE = 3


class Players(Model):
    """Who plays: how many, and their colours (each with a mark of its own)."""

    min: int = Field(2, ge=1, le=8, description="the fewest players")
    max: int = Field(4, ge=1, le=8, description="the most players: one colour each")
    colors: tuple[Color, ...] = Field(PLAYER_COLORS, min_length=1, max_length=8,
                                      description="the players' colours, in the order of play")

    @model_validator(mode="after")
    def enough_colours(self):
        if self.min > self.max:
            raise FieldProblem("min", f"min = {self.min} is more than max = {self.max}",
                               related=("players.max",))
        if len(self.colors) < self.max:
            raise FieldProblem("colors", f"{self.max} players need {self.max} colours, found "
                               f"{len(self.colors)}", related=("players.max",))
        return self


class Dice(Model):
    """The dice thrown each turn."""

    count: int = Field(1, ge=1, le=MAX_DICE, description="dice thrown together; a throw "
                                                         "moves by their sum")
    sides: int = Field(6, ge=2, le=12, description="faces of each die, numbered from 1")
    first_throw: dict[str, int] = Field(
        default_factory=dict,
        description="on a player's first throw, dice showing these faces (\"6+3\", in any "
                    "order) go straight to the space given")

    def faces_of(self, key: str) -> tuple[int, ...]:
        """The sorted faces a first-throw key names; ValueError if it names none."""
        if not FACES.fullmatch(key):
            raise ValueError(f"{key!r}: write the faces joined by '+', such as \"6+3\"")
        faces = tuple(sorted(int(part) for part in key.split("+")))
        if len(faces) != self.count:
            raise ValueError(f"{key!r} names {len(faces)} faces; the game throws {self.count} "
                             f"{'die' if self.count == 1 else 'dice'}")
        if max(faces) > self.sides:
            raise ValueError(f"{key!r}: the dice have faces 1 to {self.sides}")
        return faces


class Race(Model):
    """How the race is run."""

    start: Literal["off", "first"] = Field("off", description="off: pieces start off the "
                                           "board, before space 1; first: on space 1")
    finish: Literal["exact", "bounce", "pass"] = Field(
        "exact", description="exact: a throw that would pass the last space is lost; bounce: "
                             "the excess is counted back; pass: reaching or passing it wins")
    enter: tuple[int, ...] = Field(
        (), max_length=36,
        description="throws (the dice's sum) that bring a piece from beside the board onto "
                    "its first space, as a 6 does in Ludo; any other throw leaves it there "
                    "(with start = \"off\"; none: every throw moves it on)")
    throw_again: tuple[int, ...] = Field(
        (), max_length=36,
        description="throws (the dice's sum) after which the player throws again at once, as "
                    "after a 6 in Mensch ärgere dich nicht; not when the move wins, or when "
                    "its space makes the piece lose turns or wait")
    capture: Literal["none", "start"] = Field(
        "none", description="none: any number of pieces share a space; start: a piece that "
                            "ends its move where another player's piece stands sends that "
                            "piece back to the start")
    safe: tuple[str, ...] = Field(
        (), max_length=40, description="kinds of space where no piece is sent back (with "
                                       "capture)")

    @field_validator("enter", "throw_again")
    @classmethod
    def throws_in_order(cls, throws: tuple[int, ...]) -> tuple[int, ...]:
        """Each throw once, smallest first, as the rules list them."""
        return tuple(sorted(set(throws)))


BoardModel = track_board.Model


def a_kind_space(kind: str) -> str:
    return f"a {kind} space"


def place_spaces(given: typing.Mapping[int, typing.Any], counted_on: int | None, length: int,
                 board_key: str = "board", owner: typing.Callable[[str], str] = a_kind_space,
                 entry: type = Placed) -> tuple[dict[int, tuple[int, typing.Any]],
                                                list[FieldProblem]]:
    """The spaces ``given`` by number (a kind's name, or an ``entry`` with its ``kind`` and
    ``of``) where they fall on a track of ``length`` spaces: track number → the number given
    and the space (a jump's ``to`` moved with it), and what keeps one off the track. A
    ``plain`` space is an ordinary one (how a layout that extends another takes one away). A
    number counted on another length (``counted_on``, a space's ``of``) moves in proportion,
    each run of neighbouring spaces of a kind keeping its length and starting where its
    first space falls, so a pattern of runs covers the whole track. ``owner`` says whose a
    space is ("a ladder space") when another falls on it."""
    problems: list[FieldProblem] = []
    spaces: dict[int, typing.Any] = {}
    for number, value in given.items():
        space = entry(kind=value) if isinstance(value, str) else value
        if space.kind == "plain":
            continue
        key = f"spaces.{number}"
        counted = space.of if space.of is not None else counted_on
        related = (f"{key}.of",) if space.of is not None else ("counted_on",)
        if number < 1:
            problems.append(FieldProblem(key, "spaces are numbered from 1"))
        elif counted is not None and number > counted:
            problems.append(FieldProblem(key, f"space {number} is beyond the {counted} spaces "
                                              "it is counted on", related=related))
        elif counted is None and number > length:
            problems.append(FieldProblem(key, f"space {number} is not on the track (1 to "
                                              f"{length})", related=(board_key,)))
        else:
            spaces[number] = space
    moved = spread({number: (space.kind, space.of if space.of is not None else counted_on)
                    for number, space in spaces.items()}, length)
    on_track: dict[int, tuple[int, typing.Any]] = {}
    for number, space in sorted(spaces.items()):
        counted = space.of if space.of is not None else counted_on
        spread_out = counted not in (None, length)
        how = (f" (counted on {counted} spaces and spread over {length}; place it on this "
               f"track as {number} = {{ kind = \"{space.kind}\", of = {length} }}, or drop it "
               f"with {number} = \"plain\")") if spread_out else ""
        key, at = f"spaces.{number}", moved[number]
        if at > length:
            problems.append(FieldProblem(key, f"space {at} is not on the track (1 to "
                                              f"{length}){how}", related=(board_key,)))
            continue
        if at in on_track:
            problems.append(FieldProblem(key, f"space {at} is already "
                                              f"{owner(on_track[at][1].kind)}{how}",
                                         related=(board_key,) if spread_out else ()))
            continue
        to = getattr(space, "to", None)
        if spread_out and to not in (None, 0) and to <= counted:
            space = space.model_copy(update={"to": in_proportion(to, counted, length)})
        on_track[at] = (number, space)
    return on_track, problems


def moved(data: dict, keys: dict[str, str]) -> list[tuple[str, str]]:
    """The keys of ``keys`` (``table`` or ``table.key``) that ``data`` sets, each with its
    advice; of keys sharing one advice only the first set."""
    found, said = [], set()
    for key, advice in keys.items():
        table, _, name = key.partition(".")
        given = data.get(table)
        if ((not name and given is not None) or (name and isinstance(given, dict)
                                                 and name in given)) and advice not in said:
            found.append((key, advice))
            said.add(advice)
    return found


class Layout(LayoutBase):
    """A race game described by its layout alone."""

    kind: ClassVar[str] = "race"
    # How a turn moves: "dice" is the kind's own (thrown, analysed exactly); a rules plugin's
    # layout says its own word ("cards"), and the dice figures are not claimed for it.
    movement: ClassVar[str] = "dice"
    # Names a kind may not take: the board's own spaces (a plugin's board may have fewer).
    board_spaces: ClassVar[tuple[str, ...]] = ("plain", "finish", "start")
    label_placeholders: ClassVar[dict[str, frozenset[str]]] = {
        "kinds.*.text": frozenset({"to", "turns", "spaces", "targets"}),
        "kinds.*.name": frozenset(),
    }
    # Keys of a format this layout's replaced ("table" or "table.key"), each with what to
    # write instead: refused before anything else is read (a layout extending a shipped one
    # meets them first). Keys that share their advice are reported once.
    moved_keys: ClassVar[dict[str, str]] = {}
    # Components a rules plugin's rules read, by name: the type each must be and what to
    # write where the layout lacks it or declares another type.
    required_components: ClassVar[dict[str, tuple[str, str]]] = {}

    rules: str | None = Field(None, min_length=1, max_length=60,
                              description="a rules plugin for what the layout cannot say as "
                                          "data (e.g. \"six_day_race\": turns moved by cards); "
                                          "its tables join the layout's")
    players: Players = Field(default_factory=Players, description="who plays: how many, and "
                                                                  "their colours")
    dice: Dice = Field(default_factory=Dice, description="the dice thrown each turn")
    race: Race = Field(default_factory=Race, description="where the pieces start, how they "
                                                         "come on and meet, and how the race "
                                                         "is finished")
    board: BoardModel = Field(description="the board: its track's shape, size and colours")
    kinds: dict[str, Kind] = Field(default_factory=dict, max_length=40,
                                   description="kinds of space by name: how they look and "
                                               "what landing on them does")
    counted_on: int | None = Field(
        None, ge=2, le=1000,
        description="the track length the numbers of [spaces] are counted on: on a track of "
                    "another length the spaces move in proportion, each run of neighbouring "
                    "spaces of a kind keeping its length (none: the numbers stay)")
    spaces: dict[int, typing.Union[str, Placed]] = Field(
        default_factory=dict, description="spaces by number: a kind's name, or a table with "
                                          "the kind and this space's own `to`, `turns` or the "
                                          "length its number is counted on (`of`)")
    components: dict[str, pieces_model()] = Field(  # type: ignore[valid-type]
        default_factory=dict, max_length=20,
        description="the printed pieces by name: tokens, dice, decks, tiles, score sheets, "
                    "player aids")

    @model_validator(mode="before")
    @classmethod
    def refuse_moved_keys(cls, data):
        """Each key of ``moved_keys`` the layout sets, with what to write instead."""
        if isinstance(data, dict) and cls.moved_keys:
            raise_all([FieldProblem(key, advice) for key, advice in moved(data, cls.moved_keys)])
        return data

    @field_validator("kinds")
    @classmethod
    def kind_names(cls, kinds: dict) -> dict:
        for name in kinds:
            if not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", name):
                raise ValueError(f"kind name {name!r}: small letters, digits, '-' and '_'")
            if name in cls.board_spaces:
                raise ValueError(f"{name!r} is the name of the board's own spaces; call the "
                                 "kind something else")
        return kinds

    @model_validator(mode="after")
    def spaces_make_a_race(self):
        raise_all(self.race_problems())
        return self

    def race_problems(self) -> list[FieldProblem]:
        """What stops the race being run by the kind's own rules (a rules plugin's layout
        checks its race with its own)."""
        from boardgen.games.race.play import course_problems

        if self.rules is not None and type(self) is Layout:
            return [FieldProblem("rules", f"rules = {self.rules!r} has a layout model of its "
                                          "own: load the layout with boardgen.layout")]
        problems = self._space_problems()
        if problems or self.movement != "dice":
            return problems  # how far a throw goes is the dice's; a plugin checks its own
        return self._unnamed_kinds() + course_problems(self)

    def _unnamed_kinds(self) -> list[FieldProblem]:
        """Kinds on the board with no printed name in the kit's first language (English, or
        the first the layout is made in): the rules, legend and aid name each. A missing
        translation of a name given in English is the labels' check's to report."""
        from boardgen.i18n import LANGUAGES, catalogue, flatten

        lang = "en" if not self.languages or "en" in self.languages else self.languages[0]
        if lang not in LANGUAGES:
            return []  # a user's catalogue: its words are checked with it
        known = catalogue(lang).keys() | flatten(self.labels.get(lang, {})).keys()
        used = dict.fromkeys(placed.kind for placed in self._on_track.values())
        return [FieldProblem(f"kinds.{name}", f"the kind {name!r} has no name in "
                             f"{LANGUAGES[lang]}: give it as [labels.{lang}] "
                             f"kinds.{name}.name = \"...\", and in each language the kit is "
                             "made in", related=("labels",))
                for name in used if f"kinds.{name}.name" not in known]

    def _space_problems(self) -> list[FieldProblem]:
        problems = []
        length = track_board.track_length(self.board)
        if getattr(self.board, "laps", False) and self.rules is None:
            problems.append(FieldProblem("board.laps", "a race of this kind ends on its last "
                                         "space; a race of laps needs rules of its own (a "
                                         "rules plugin such as rules = \"six_day_race\")"))
        on_track, problems = self._spread_spaces(length, problems)
        for number, (given_number, given) in on_track.items():
            key = f"spaces.{given_number}"
            name = given.kind
            if name not in self.kinds:
                known = ", ".join(self.kinds) or "none declared"
                problems.append(FieldProblem(key, f"no kind {name!r} in [kinds] ({known})"))
                continue
            kind = self.kinds[name]
            to = given.to if given.to is not None else kind.to
            if kind.effect == "jump":
                if to is None:
                    problems.append(FieldProblem(key, f"a {name} space jumps: give its `to` "
                                                      "(the space it leads to)"))
                elif not 0 <= to <= length:
                    problems.append(FieldProblem(key, f"jumps to space {to}, which is not on "
                                                      f"the track (spaces 0 to {length}, 0 "
                                                      "the start)", related=("board",)))
                elif to == number:
                    problems.append(FieldProblem(key, "jumps to itself"))
            elif given.to is not None:
                problems.append(FieldProblem(f"{key}.to", f"`to` is for jumps; a {name} space "
                                                          f"does {kind.effect!r}"))
            if given.turns is not None and kind.effect != "skip":
                problems.append(FieldProblem(f"{key}.turns", f"`turns` is for skip; a {name} "
                                                             f"space does {kind.effect!r}"))
        problems += self.component_problems() + self.sheet_problems(self.spaces_by_kind())
        for name, component in self.components.items():
            if component.type == "die" and self.dice.sides != 6:
                problems.append(FieldProblem(f"components.{name}", f"a die net folds into a die "
                                             f"of 6 faces; the game's dice have "
                                             f"{self.dice.sides}", related=("dice.sides",)))
        problems += self._race_rule_problems()
        for key, target in self.dice.first_throw.items():
            try:
                self.dice.faces_of(key)
            except ValueError as error:
                problems.append(FieldProblem(f"dice.first_throw.{key}", str(error)))
                continue
            if not 1 <= target <= length:
                problems.append(FieldProblem(f"dice.first_throw.{key}", f"space {target} is "
                                             f"not on the track (1 to {length})"))
        return problems

    def _race_rule_problems(self) -> list[FieldProblem]:
        """Throws to enter or to throw again that the dice cannot make, throws to enter that
        nothing waits for, throws again that never end a turn, and safe spaces that name no
        kind or guard against no capture."""
        race, dice = self.race, self.dice
        problems = []
        if race.enter and race.start != "off":
            problems.append(FieldProblem("race.enter", "throws to enter bring a piece from "
                                         "beside the board; with start = \"first\" every piece "
                                         "is on the board already", related=("race.start",)))
        elif race.enter and dice.first_throw:
            problems.append(FieldProblem("race.enter", "a first-throw table already says where "
                                         "a piece's first throw takes it; give one or the "
                                         "other", related=("dice.first_throw",)))
        low, high = dice.count, dice.count * dice.sides
        for key in ("enter", "throw_again"):
            wrong = [throw for throw in getattr(race, key) if not low <= throw <= high]
            if wrong:
                problems.append(FieldProblem(f"race.{key}", f"{dice.count} "
                                             f"{'die' if dice.count == 1 else 'dice'} of "
                                             f"{dice.sides} faces throw {low} to {high}, never "
                                             f"{wrong[0]}", related=("dice",)))
        if set(range(low, high + 1)) <= set(race.throw_again):
            problems.append(FieldProblem("race.throw_again", "every throw would give another, "
                                         "so a turn would never end; leave some out"))
        if race.safe and race.capture == "none":
            problems.append(FieldProblem("race.safe", "safe spaces keep pieces from being "
                                         "sent back, which only happens with capture = "
                                         "\"start\"", related=("race.capture",)))
        for name in race.safe:
            if name not in self.kinds:
                known = ", ".join(self.kinds) or "none declared"
                problems.append(FieldProblem("race.safe", f"no kind {name!r} in [kinds] "
                                                          f"({known})", related=("kinds",)))
        return problems

    def _spread_spaces(self, length: int, problems: list[FieldProblem]
                       ) -> tuple[dict[int, tuple[int, Placed]], list[FieldProblem]]:
        """The spaces where they fall on this track (see ``place_spaces``), and what keeps
        one off the track."""
        on_track, found = place_spaces(self.spaces, self.counted_on, length)
        self._on_track = {at: placed for at, (_, placed) in on_track.items()}
        return on_track, problems + found

    _on_track: dict[int, Placed] = PrivateAttr(default_factory=dict)

    @property
    def ink(self) -> str:
        """The colour of the board's text, and of every component's."""
        return self.board.colors.ink

    @property
    def player_colors(self) -> tuple[str, ...]:
        """A colour for each of the most players (the six-day race: one rider each)."""
        return tuple(self.players.colors[:self.players.max])

    def fill(self, name: str) -> str:
        """The colour of a kind's spaces (``plain``, or a kind without a fill: the board's
        ordinary space)."""
        kind = self.kinds.get(name)
        return kind.fill if kind is not None and kind.fill else self.board.colors.plain

    def spaces_by_kind(self) -> dict[str, tuple[int, ...]]:
        """The track's spaces of each kind the board uses, in track order (what a score
        sheet's columns of ``each`` kind follow)."""
        found: dict[str, list[int]] = {}
        for number in self.marked:
            found.setdefault(self._on_track[number].kind, []).append(number)
        return {kind: tuple(numbers) for kind, numbers in found.items()}

    def component_problems(self) -> list[FieldProblem]:
        """Each of ``required_components`` the layout lacks or declares as another type."""
        return [FieldProblem(f"components.{name}", advice)
                for name, (kind, advice) in self.required_components.items()
                if name not in self.components or self.components[name].type != kind]

    def sheet_problems(self, by_kind: dict[str, tuple[int, ...]]) -> list[FieldProblem]:
        """Score sheet columns of ``each`` kind that name no kind of the layout, and sheets
        left with no column on this board."""
        problems = []
        for name, component in self.components.items():
            if component.type != "score_sheet":
                continue
            spread, unknown = 0, False
            for column, kind in component.kinds_of_columns().items():
                key = f"components.{name}.columns.{column}.each"
                if kind not in self.kinds and kind not in by_kind:
                    unknown = True
                    known = ", ".join(sorted({*self.kinds, *by_kind})) or "none declared"
                    problems.append(FieldProblem(key, f"no kind {kind!r} on the board, so no "
                                                      f"column for each of its spaces; the "
                                                      f"layout's kinds: {known}",
                                                 related=("kinds",)))
                spread += len(by_kind.get(kind, ()))
            fixed = len(component.columns) - len(component.kinds_of_columns())
            if not unknown and fixed + spread == 0:
                problems.append(FieldProblem(f"components.{name}.columns", "the board has no "
                                             "space of the kinds these columns are for: the "
                                             "sheet would have no column", related=("spaces",)))
        return problems

    @property
    def length(self) -> int:
        """Spaces on the main track."""
        return track_board.track_length(self.board)

    @property
    def marked(self) -> tuple[int, ...]:
        """The track's spaces of a kind, by their number on the track."""
        return tuple(sorted(self._on_track))

    def placed(self, number: int) -> Placed | None:
        """The kind of space ``number`` of the track (None for a plain space)."""
        return self._on_track.get(number)
