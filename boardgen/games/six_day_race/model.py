"""The layout model of 6-Tage Rennen: a layout in the race kind's format (the oval ``[board]``,
``[kinds]``, ``[players]``, the pieces as ``[components]``) plus the tables only its rules
read: where the named and coloured spaces fall, the green and grey decks among the cards'
piles, the hands, the card places and the legend's rows. The score sheet is a component
(``[components.score-sheet]``) whose tables are the races and whose points the rules name.

Printed words are not here: they come from the layout's ``[labels.<lang>]`` tables and its
components' own texts. The model derives what the player need not set (the straights' length,
the start/finish line's place), checks what the six-day rules need of the shared components
(standee riders that fit on every space, card places between the cutting lines), refuses the
keys of the game's former format with what to write instead, and reports every rule-level
problem of a layout at once.
"""

# Annotations are not postponed (no ``from __future__ import annotations``): pydantic
# evaluates every field's annotation as it builds a model, and one kept as a string
# would be compiled and evaluated all over again.

from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator

from boardgen.components import card_places, infield, pieces_model, track_board
from boardgen.components.deck import Pack, group_problems, pack
from boardgen.components.kinds import Kind
from boardgen.games.race import model as race
from boardgen.games.race.model import Players
from boardgen.layout import FieldProblem, Model, raise_all

MIN_INNER_RADIUS_MM = 40.0   # the bends' inner edge: tighter and riders no longer fit
MAX_BOARD_MM = 5000.0
SPACE_COLORS = ("black", "green", "grey", "red", "blue", "orange")
# The numbers and words any legend text may name (their values: infield.legend_values).
LEGEND_PLACEHOLDERS = frozenset({"rider_change", "rider_change_colour", "crash", "crash_colour",
                                 "low", "high", "change_high", "change_low",
                                 "change_low_many", "many_from", "players",
                                 *(f"{name}_spaces" for name in SPACE_COLORS)})
SpaceKind = Literal["finish", "start", "sprint", "rider-change", "crash"]
REQUIRED_KINDS = ("finish", "start", "rider-change")
NAMED_KINDS = ("finish", "start", "sprint", "rider-change", "crash")
MAX_SPRINTS = 4
RIDERS = "riders"  # the component that holds the riders
CARDS = "cards"    # the movement cards' deck
SCORE_SHEET = "score-sheet"  # the score sheet: its tables are the races, its points the rules'
MAX_RACES = 8
# The components the rules read, each with its type and what to write where it is missing.
REQUIRED_COMPONENTS = {
    RIDERS: ("tokens", f"the riders are tokens, one per player: [components.{RIDERS}] with "
                       "type = \"tokens\", shape = \"standee\", size_mm = 9.5"),
    CARDS: ("deck", f"the movement cards are a deck: [components.{CARDS}] with type = "
                    "\"deck\", its piles and its cards"),
    SCORE_SHEET: ("score_sheet", "the score sheet is a table per race with a row per rider: "
                                 f"[components.{SCORE_SHEET}] with type = \"score_sheet\", "
                                 "players = \"down\", tables (the races) and points"),
}
SPACES_ADVICE = ("spaces are given by number now, as a race layout gives them: 23 = \"sprint\", "
                 "45 = \"green\", 54 = \"plain\" for none, a named space in a colour as 40 = "
                 "{ kind = \"rider-change\", color = \"green\" }; the numbers are counted on "
                 "counted_on spaces (a top-level key, 80 in the shipped layouts), or give one "
                 "space its own: 90 = { kind = \"orange\", of = 100 }")
# Tables and keys of the six-day race's own format that are now the race kind's, and what to
# write instead (the race model refuses each a layout sets).
MOVED = {
    **{f"spaces.{old}": SPACES_ADVICE for old in ("named", "colors_of", *SPACE_COLORS)},
    "riders": "the riders are a component now: write their colours as [players] colors = "
              "[...] (max = how many ride) and their standees as [components.riders] type = "
              "\"tokens\", shape = \"standee\", size_mm (was width_mm), face_mm",
    "hands.min_players": "the fewest players is [players] min now",
    "track": "the track is the board now: [board] shape = \"oval\" with spaces, "
             "straight_spaces, space_mm, lanes, lane_mm, finish_line_after, margin_mm and "
             "clockwise = true|false (was direction)",
    "infield.arrows": "the arrows are [board.infield] arrows now",
    "colors": "the colours moved: the board's are [board.colors] plain, ground (was infield), "
              "edge (was track_edge), ink and [board.lines] finish, azur (was cote_d_azur), "
              "measuring, sprinters, stayers; a kind of space's is [kinds.<name>] fill (black, "
              "green, grey, red, blue, orange, rider-change, crash)",
    "cards": "the movement cards are a component now: [components.cards] type = \"deck\" "
             "with width_mm and height_mm, a pile per back ([components.cards.piles], e.g. "
             "green, grey-1, grey-2 with its fill) and a card per deck and value "
             "([components.cards.cards], e.g. green-1 = { count = 24, value = \"1\", pile = "
             "\"green\" }); [decks] says which piles are green and grey, and assumed",
    "score_sheet": f"the score sheet is a component now: [components.{SCORE_SHEET}] type = "
                   "\"score_sheet\" with tables (was races) and points; its columns, with a "
                   "column of each sprint as each = \"sprint\", and its words (were the labels "
                   "sheet.*) are its own",
}


class Velodrome(track_board.OvalTrack):
    """The board: the shared oval track as a velodrome, cut into spaces of equal centre-line
    length, within the bounds the game's riders and card places need."""

    spaces: int = Field(80, ge=40, le=160,
                        description="spaces round the track, numbered from 1 after the "
                                    "start/finish line")
    straight_spaces: int | None = Field(
        None, ge=1, le=80,
        description="spaces on each straight; the rest is split between the two bends "
                    "(default: chosen so the card places fit in the infield)")
    space_mm: float = Field(24.0, ge=20, le=200,
                            description="length of a space at the centre line (every space "
                                        "must hold all the riders)")
    lanes: int = Field(2, ge=1, le=4, description="drawn lanes; the line between them does not "
                                                  "count in play")
    lane_mm: float = Field(20.0, ge=12, le=200, description="width of one lane")
    finish_line_after: int | None = Field(
        None, ge=0, description="spaces of the home straight before the start/finish line "
                                "(default: half of them)")

    @model_validator(mode="after")
    def line_on_the_straight(self):
        """The layout checks the line against the straight it chooses (see Layout)."""
        return self

    @property
    def line_position(self) -> int:
        """Home-straight spaces before the start/finish line."""
        if self.finish_line_after is None:
            return self.straight // 2
        return self.finish_line_after

    def resolved(self, straight: int) -> "Velodrome":
        """The board with its straight and its start/finish line's place filled in."""
        board = self.with_straight(straight)
        return board.model_copy(update={"finish_line_after": board.line_position})


class NamedSpace(Model):
    """A space with a word printed in it, and what the space is for (as placed on the track)."""

    space: int = Field(ge=1, description="the space's number, counted from 1 just after the "
                                         "start/finish line")
    kind: SpaceKind = Field(description="what the space is for; its printed word is the label "
                                        "space.<kind> (sprints are numbered in track order)")


class Space(Model):
    """A space given by number with more than its kind: the colour of a named space, or the
    track length this one number is counted on."""

    kind: str = Field(min_length=1, max_length=40, description="one of the layout's [kinds]")
    color: Literal["black", "green", "grey", "red", "blue", "orange"] | None = Field(
        None, description="a named space's colour, if it has one of the coloured spaces' effects")
    of: int | None = Field(None, ge=2, le=1000, description="the track length this number is "
                                                            "counted on (default: counted_on)")


class Spaces(Model):
    """The named and coloured spaces as placed on the track, by colour and kind (what the
    board, the legend and the rules read)."""

    named: tuple[NamedSpace, ...] = Field((), description="the spaces with words, in track "
                                                          "order")
    black: tuple[int, ...] = Field((), description="spaces coloured black (no slipstream)")
    green: tuple[int, ...] = Field((), description="spaces coloured green")
    grey: tuple[int, ...] = Field((), description="spaces coloured grey")
    red: tuple[int, ...] = Field((), description="spaces coloured red")
    blue: tuple[int, ...] = Field((), description="spaces coloured blue")
    orange: tuple[int, ...] = Field((), description="spaces coloured orange")

    _spread_from: dict[str, int] = PrivateAttr(default_factory=dict)

    @property
    def spread_from(self) -> dict[str, int]:
        """The colour lists spread over a track of another length than the one they were
        counted on, with that length."""
        return dict(self._spread_from)

    def color_of(self, number: int) -> str:
        """The colour name of a space ("plain" when it has none)."""
        for name in SPACE_COLORS:
            if number in getattr(self, name):
                return name
        return "plain"

    def named_of(self, number: int) -> NamedSpace | None:
        return next((named for named in self.named if named.space == number), None)

    def number_of(self, kind: str) -> int | None:
        """The space of a kind that occurs once (finish, start, rider change, crash)."""
        return next((named.space for named in self.named if named.kind == kind), None)

    @property
    def sprints(self) -> tuple[int, ...]:
        """Sprint spaces in track order: the first is sprint 1."""
        return tuple(sorted(named.space for named in self.named if named.kind == "sprint"))

    @property
    def used_colors(self) -> tuple[str, ...]:
        return tuple(name for name in SPACE_COLORS if getattr(self, name))


def owner(kind: str) -> str:
    """Whose a space is, as a message names it: the finish space, green."""
    return f"the {kind} space" if kind in NAMED_KINDS else kind


def place(given: dict, counted_on: int | None, length: int
          ) -> tuple[Spaces, dict[int, Space], list[FieldProblem]]:
    """The spaces ``given`` by number placed on a track of ``length`` spaces as a race
    layout's are (``race.place_spaces``): by name and colour, by number on the track (as the
    race kind reads a layout's spaces), and what is wrong with them."""
    problems = [FieldProblem(f"spaces.{number}.color", "a colour is for a named space; this "
                             f"space is {entry.kind}")
                for number, entry in given.items() if not isinstance(entry, str)
                and entry.color is not None and entry.kind not in NAMED_KINDS + ("plain",)]
    on_track, found = race.place_spaces(given, counted_on, length, "board.spaces", owner, Space)
    named, colours, spread_from = [], {name: [] for name in SPACE_COLORS}, {}
    for at, (_, space) in on_track.items():
        counted = space.of if space.of is not None else counted_on
        if space.kind in NAMED_KINDS:
            named.append(NamedSpace(space=at, kind=space.kind))
        colour = space.color if space.kind in NAMED_KINDS else space.kind
        if colour in colours:
            colours[colour].append(at)
            if counted not in (None, length) and space.kind == colour:
                spread_from[colour] = counted
    placed = Spaces(named=tuple(sorted(named, key=lambda n: n.space)),
                    **{name: tuple(sorted(numbers)) for name, numbers in colours.items()})
    placed._spread_from = spread_from
    return placed, {at: space for at, (_, space) in on_track.items()}, problems + found


def spaces_by_kind(placed: Spaces) -> dict[str, tuple[int, ...]]:
    """The named spaces of each kind and the spaces of each colour, in track order."""
    found: dict[str, list[int]] = {}
    for named in placed.named:
        found.setdefault(named.kind, []).append(named.space)
    for name in SPACE_COLORS:
        if getattr(placed, name):
            found.setdefault(name, []).extend(getattr(placed, name))
    return {kind: tuple(sorted(numbers)) for kind, numbers in found.items()}


LegendRow = Literal["black", "green", "grey", "red", "blue", "orange", "rider-change",
                    "scoring", "slipstream", "crash", "card-or-slipstream"]


class Legend(Model):
    """The panel in the infield that says what the marked spaces do."""

    rows: tuple[LegendRow, ...] = Field(
        (), description="what the legend explains, in order; a colour's row appears only if "
                        "the board has spaces of that colour. Title and text of each row are "
                        "the labels legend.<row>.title and legend.<row>.text")


class CardArea(Model):
    """A marked place in the infield for a pile of cards."""

    deck: Literal["green", "grey"] = Field(description="whose cards lie here")
    pile: int = Field(0, ge=0, description="which pile of the deck (0: the first, 1: the second)")
    use: Literal["draw", "discard"] = Field(description="a draw pile or a discard place; the "
                                                        "caption is the label infield.<use>")


class Infield(Model):
    """What the infield shows besides the title and the legend."""

    areas: tuple[CardArea, ...] = Field((), description="card places, in order from left")


class Deck(Model):
    """Which piles of the ``cards`` component make up one of the game's decks."""

    piles: tuple[str, ...] = Field(min_length=1, max_length=4,
                                   description="its piles in [components.cards.piles], the "
                                               "lowest values' first")
    assumed: bool = Field(False, description="its counts are our reconstruction, not a source's")


class Decks(Model):
    """The two decks of the game among the piles of the movement cards."""

    green: Deck = Field(Deck(piles=("green",)), description="the green cards every player "
                                                            "starts with")
    grey: Deck = Field(Deck(piles=("grey-1", "grey-2")), description="the grey cards drawn at "
                                                                     "the rider change")


@dataclass(frozen=True)
class Cards:
    """The movement cards' size and the green and grey decks."""

    width_mm: float
    height_mm: float
    green: Pack
    grey: Pack


class Hands(Model):
    """What each player holds: the green hand, and the grey cards drawn at the rider change."""

    few_players: dict[int, int] = Field(
        {1: 4, 2: 4, 3: 3, 4: 3, 5: 2, 7: 1},
        description="green cards of each value in every hand with fewer than many_from players")
    many_players: dict[int, int] = Field(
        {1: 3, 2: 3, 3: 3, 4: 3, 5: 2, 7: 1},
        description="green cards of each value in every hand from many_from players on")
    many_from: int = Field(6, ge=2, le=12, description="the player count from which the "
                                                       "smaller hand and draw apply")
    change_high: int = Field(4, ge=0, le=20, description="grey cards drawn from the second pile "
                                                         "at the rider change")
    change_low: int = Field(7, ge=0, le=20, description="grey cards drawn from the first pile at "
                                                        "the rider change with few players")
    change_low_many: int = Field(6, ge=0, le=20, description="the same from many_from players on")

    def hand(self, players: int) -> dict[int, int]:
        return dict(sorted((self.many_players if players >= self.many_from
                            else self.few_players).items()))


class Layout(race.Layout):
    """A race layout with ``rules = "six_day_race"``: the race kind's board, kinds, spaces,
    players and components, and the tables the six-day rules read."""

    movement: ClassVar[str] = "cards"
    moved_keys: ClassVar[dict[str, str]] = MOVED
    required_components: ClassVar[dict[str, tuple[str, str]]] = REQUIRED_COMPONENTS
    board_spaces: ClassVar[tuple[str, ...]] = ("plain",)  # finish and start are kinds here
    label_placeholders: ClassVar[dict[str, frozenset[str]]] = {
        **race.Layout.label_placeholders,
        "legend.*.title": LEGEND_PLACEHOLDERS, "legend.*.text": LEGEND_PLACEHOLDERS}
    rules: Literal["six_day_race"] = Field(
        "six_day_race", description="the six-day race's rules: turns moved by movement "
                                    "cards, a rider change, sprints and lost laps")
    board: Velodrome = Field(description="the velodrome: the shared oval track board (shape = "
                                         "\"oval\"), its spaces, straights, lanes, lines and "
                                         "colours")
    spaces: dict[int, str | Space] = Field(
        default_factory=dict,
        description="spaces by number, as a race layout gives them: a kind's name (\"sprint\", "
                    "\"green\", \"plain\" for none), or a table with the kind and a named "
                    "space's `color` or the length its number is counted on (`of`)")
    kinds: dict[str, Kind] = Field(
        default_factory=dict, max_length=40,
        description="kinds of space by name, as a race layout declares them: the named spaces' "
                    "(finish, start, sprint, rider-change, crash) and the colours' (black, green, "
                    "grey, red, blue, orange); a colour's fill wins on a named space it colours")
    legend: Legend = Field(Legend(), description="the infield legend of marked spaces")
    infield: Infield = Field(Infield(), description="card places and arrows in the infield")
    decks: Decks = Field(Decks(), description="the green and grey decks among the piles of "
                                              "the movement cards ([components.cards])")
    hands: Hands = Field(Hands(), description="hands and the rider change's draws")
    players: Players = Field(description="who plays: the fewest and the most, and a rider's "
                                         "colour for each (one rider per player)")
    components: dict[str, pieces_model()] = Field(  # type: ignore[valid-type]
        default_factory=dict, max_length=20,
        description="the printed pieces by name, as a race layout declares them; the riders "
                    "are `riders` (standee tokens, one per player), the score sheet "
                    f"`{SCORE_SHEET}` (a table per race, its points the rules')")

    def race_problems(self) -> list[FieldProblem]:
        """None of the dice race's: the six-day rules check the race (``rules_hold``)."""
        return []

    @model_validator(mode="after")
    def rules_hold(self):
        first = self.component_problems()
        if not first:
            first = (self._rider_problems() + self._deck_problems()
                     + self._score_sheet_problems())
        first += self._kind_problems()
        if first:
            raise_all(first)  # every other check measures the riders or counts the cards
        placed, on_track, problems = place(self.spaces, self.counted_on, self.board.spaces)
        problems += self._named_problems(placed) + self._card_problems() + self._hand_problems()
        problems += self.sheet_problems(spaces_by_kind(placed))
        # The search for drawable straight lengths is the costly check: done once, it both
        # finds the oval's problems and gives the straight a layout leaves out.
        straight = self.board.straight_spaces
        if straight is None:
            straight = self._best_straight(self._valid_straights())
        problems += self._track_problems(straight)
        raise_all(problems)
        # Derived values are filled in once the whole layout is known; the model is frozen
        # for its users, not for its own validation.
        object.__setattr__(self, "board", self.board.resolved(straight))
        self._placed = placed
        self._on_track = on_track  # the race kind's view: each space's kind by number
        return self

    _placed: Spaces = PrivateAttr(default_factory=Spaces)

    @property
    def placed_spaces(self) -> Spaces:
        """The named and coloured spaces where they fall on this track, by name and colour
        (``placed(number)`` is a space's kind, as on any race layout)."""
        return self._placed

    def spaces_by_kind(self) -> dict[str, tuple[int, ...]]:
        return spaces_by_kind(self._placed)

    # ---- the score sheet ---------------------------------------------------------

    def _score_sheet_problems(self) -> list[FieldProblem]:
        key = f"components.{SCORE_SHEET}"
        sheet = self.components[SCORE_SHEET]
        problems = []
        if sheet.players != "down":
            problems.append(FieldProblem(f"{key}.players", "a row per rider and a table per "
                                         "race: players = \"down\""))
        if sheet.tables is None or sheet.tables > MAX_RACES:
            problems.append(FieldProblem(f"{key}.tables", f"a game has 1 to {MAX_RACES} races, "
                                         "one table each: give tables"))
        if not sheet.points:
            problems.append(FieldProblem(f"{key}.points", "points for the first riders at "
                                         "each sprint and at the finish: give points"))
        return problems

    @property
    def score_sheet(self):
        """The score sheet: its tables are the races of a game, its points the sprints' and
        the finish's."""
        return self.components[SCORE_SHEET]

    @property
    def races(self) -> int:
        return self.score_sheet.tables

    @property
    def points(self) -> tuple[int, ...]:
        return self.score_sheet.points

    # ---- riders ------------------------------------------------------------------

    def _rider_problems(self) -> list[FieldProblem]:
        if self.components[RIDERS].per_player != 1:
            return [FieldProblem(f"components.{RIDERS}.per_player", "each player races one "
                                 "rider: per_player = 1")]
        return []

    def _kind_problems(self) -> list[FieldProblem]:
        """Every kind the spaces use is declared (what it looks like and does)."""
        problems, seen, used = [], set(), []
        for number, entry in self.spaces.items():
            space = Space(kind=entry) if isinstance(entry, str) else entry
            if space.kind not in NAMED_KINDS + SPACE_COLORS + ("plain",):
                problems.append(FieldProblem(f"spaces.{number}", f"the six-day spaces are "
                                             f"{', '.join(NAMED_KINDS + SPACE_COLORS)} or "
                                             f"plain; found {space.kind!r}"))
                continue
            used += [(f"spaces.{number}", name) for name in (space.kind, space.color)
                     if name not in (None, "plain")]
        for key, name in used:
            if name not in self.kinds and name not in seen:
                seen.add(name)
                problems.append(FieldProblem(key, f"no kind {name!r} in [kinds] "
                                                  f"({', '.join(self.kinds) or 'none declared'}); "
                                                  f"add [kinds.{name}] with its fill"))
        for name, kind in self.kinds.items():
            if kind.effect not in ("none", "skip") or (kind.effect == "skip" and name != "crash"):
                problems.append(FieldProblem(f"kinds.{name}.effect", "the six-day race's rules "
                                             "know one effect: the crash space's skip"))
        return problems

    @property
    def finish_color(self) -> str:
        """The chequered line's colour, which the sprint lines and the legend's share."""
        return self.board.lines.finish or self.board.colors.ink

    @property
    def rider_mm(self) -> float:
        """A rider's width: its standee stands on a square of this side."""
        return self.components[RIDERS].size_mm

    # ---- the movement cards ------------------------------------------------------

    def _deck_problems(self) -> list[FieldProblem]:
        groups = {name: getattr(self.decks, name).piles for name in ("green", "grey")}
        return group_problems(self.components[CARDS], groups, f"components.{CARDS}", "decks",
                              "movement card")

    def cards_of(self, name: str) -> Pack:
        """The green or grey deck, counted from the cards' piles."""
        deck = getattr(self.decks, name)
        return pack(self.components[CARDS], deck.piles, deck.assumed)

    @property
    def cards(self) -> Cards:
        """The movement cards as the rules count them."""
        deck = self.components[CARDS]
        return Cards(deck.width_mm, deck.height_mm, self.cards_of("green"), self.cards_of("grey"))

    # ---- named and coloured spaces -----------------------------------------

    def _named_problems(self, placed: Spaces) -> list[FieldProblem]:
        """The named spaces the rules need: finish, start and rider change once each, at
        most one crash and four sprints."""
        problems = []
        kinds = [named.kind for named in placed.named]
        for kind in REQUIRED_KINDS + ("crash",):
            if kinds.count(kind) > 1:
                problems.append(FieldProblem("spaces", f"only one {kind} space, found "
                                                       f"{kinds.count(kind)}"))
        for kind in REQUIRED_KINDS:
            if kind not in kinds:
                problems.append(FieldProblem("spaces", f"no {kind} space; add N = {kind!r}"))
        if kinds.count("sprint") > MAX_SPRINTS:
            problems.append(FieldProblem("spaces", f"at most {MAX_SPRINTS} sprints, found "
                                                   f"{kinds.count('sprint')}"))
        return problems

    # ---- cards and hands -----------------------------------------------------

    def _card_problems(self) -> list[FieldProblem]:
        problems = []
        for index, area in enumerate(self.infield.areas):
            piles = getattr(self.cards, area.deck).pile_values
            if area.pile >= len(piles):
                problems.append(FieldProblem(
                    f"infield.areas[{index}].pile",
                    f"the {area.deck} deck has {len(piles)} pile(s), numbered from 0; found "
                    f"pile = {area.pile}", related=(f"decks.{area.deck}.piles",)))
        slot_w, _ = card_places.place_size(self.cards.width_mm, self.cards.height_mm)
        if infield.places_per_period(slot_w, infield.seam_period(self.board.space_mm)) < 1:
            problems.append(FieldProblem(
                f"components.{CARDS}.width_mm", f"a card place {slot_w:.0f} mm wide does not fit between two "
                f"of the board's cutting lines ({infield.seam_period(self.board.space_mm):.0f} mm "
                "apart); use narrower cards or longer spaces", related=("board.space_mm",)))
        if len(self.cards.grey.pile_values) < 2 and self.hands.change_high:
            problems.append(FieldProblem("decks.grey.piles", "the rider change draws from two grey "
                                         "piles; give two piles", related=("hands.change_high",)))
        return problems

    def _hand_problems(self) -> list[FieldProblem]:
        problems = []
        most = len(self.player_colors)
        green = self.cards.green.counts
        checks = [("hands.few_players", min(most, self.hands.many_from - 1))]
        if most >= self.hands.many_from:
            checks.append(("hands.many_players", most))
        for key, players in checks:
            hand = self.hands.hand(players)
            short = [v for v, n in hand.items() if green.get(v, 0) < n * players]
            if players >= self.players.min and short:
                value = short[0]
                problems.append(FieldProblem(
                    key, f"{players} hands need {hand[value] * players} green {value}s, the deck "
                    f"has {green.get(value, 0)}", related=(f"components.{CARDS}.cards", "players.max")))
        return problems

    # ---- the oval --------------------------------------------------------------

    def _track_problems(self, straight: int | None) -> list[FieldProblem]:
        """Problems of the oval whose straights are ``straight`` spaces long (None: no
        length makes a drawable oval): every space holds all the riders, and the start/finish
        line lies on the home straight."""
        track = self.board
        problems = track.fit_problems(straight, len(self.player_colors), self.rider_mm,
                                      MIN_INNER_RADIUS_MM, MAX_BOARD_MM, "riders", "standees",
                                      f"components.{RIDERS}.size_mm")
        if straight is None:
            return problems
        explicit = track.straight_spaces is not None
        resolved = track if explicit else track.with_straight(straight)
        if track.finish_line_after is not None and track.finish_line_after > resolved.straight:
            problems.append(FieldProblem(
                "board.finish_line_after", f"the home straight has only {resolved.straight} "
                f"spaces, found finish_line_after = {track.finish_line_after}",
                related=("board.straight_spaces" if explicit else "board.spaces",)))
        return problems

    def _valid_straights(self) -> list[int]:
        return self.board.drawable_straights(len(self.player_colors), self.rider_mm,
                                             MIN_INNER_RADIUS_MM, MAX_BOARD_MM)

    def _best_straight(self, valid: list[int]) -> int | None:
        """Of the drawable straight lengths ``valid``, the one nearest a quarter of the track
        whose infield holds the card places in a row below its middle line; the nearest
        drawable one if none does; None when none is drawable."""
        if not valid:
            return None
        track = self.board
        slot_w, slot_h = card_places.place_size(self.cards.width_mm, self.cards.height_mm)
        period = infield.seam_period(track.space_mm)
        for straight in valid:
            oval = track.with_straight(straight).oval
            if (infield.row_height(oval.inner_radius) >= slot_h
                    and infield.places_fit_straight(oval.straight_length, period, slot_w,
                                                    len(self.infield.areas))):
                return straight
        return valid[0]

    # ---- facts the rules and the score sheet use ------------------------------

    @property
    def player_counts(self) -> tuple[int, int]:
        """The fewest and the most players: one rider each."""
        return self.players.min, len(self.player_colors)
