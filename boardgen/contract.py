"""What ``check`` accepts, ``build`` makes: every rule a build applies, without rendering.

``check_layout`` loads a layout, composes its game in every language, draws its rule
figures in every language, and measures what a build would make: the size, text and
shapes of every artwork, the pages of every PDF on every standard paper in both modes
(in shop mode with the largest bleed), with every kind of backs, and the pixels of every
PNG. What it covers is a :class:`Coverage`: every option a build has unless ``check`` is
told which ones the build will use, and ``check`` says what it assumed.

``check_build`` applies the same rules to what one build makes, before it renders
anything: the game in the build's language, its rule text and figures in that
language, its pages on the build's paper in the build's mode, its pictures at the
build's resolution. A build never fails half-way for a reason ``check`` could have
named, and whatever ``check`` accepts, a build with any options it covered makes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from boardgen import imposition, limits
from boardgen.imposition.paper import BACKS, MODES
from boardgen.errors import InputError
from boardgen.export import export_problems
from boardgen.fonts import fit_size
from boardgen.games import HasSetups, capable, game_for
from boardgen import languages
from boardgen.i18n import LANGUAGES, words_for
from boardgen.layout import load_layout, resolve
from boardgen.product import Board, GameOutput
from boardgen.render import FORMATS
from boardgen.scene import Rect, Style, Text


@dataclass(frozen=True)
class BuildOptions:
    """What to build: formats, PNG resolution, rule language and print options."""

    formats: tuple[str, ...] = ("pdf", "svg", "png")
    dpi: int = 150
    print: imposition.PrintOptions = field(default_factory=imposition.PrintOptions)
    lang: str = "en"
    fall_back: bool = False  # rules in English where the language asked for is missing
    allow_illegal: bool = False  # draw a setup that breaks the rules, marked as illegal


ILLEGAL_RED = "#c8102e"


class IllegalSetup(Exception):
    """A setup to draw breaks the game's rules (exit 1): its report says how."""

    def __init__(self, report: Any) -> None:
        super().__init__(str(report))
        self.report = report


@dataclass(frozen=True)
class Coverage:
    """The builds ``check`` answers for: each option as given, or every value a build allows.

    Pages only grow with the bleed and the margins, and pixels with the resolution, so
    the largest of each stands for every smaller one.
    """

    papers: tuple[imposition.Paper, ...] = tuple(
        imposition.parse_paper(name) for name in limits.STANDARD_PAPERS)
    modes: tuple[str, ...] = MODES
    backs: tuple[str, ...] = BACKS
    bleed_mm: float = limits.MAX_BLEED_MM  # the largest bleed in shop mode
    margin_mm: float = imposition.PrintOptions.margin_mm  # the widest margins
    formats: tuple[str, ...] = FORMATS
    dpi: int = BuildOptions.dpi  # the highest resolution of the PNG files

    def variants(self, base: imposition.PrintOptions) -> list[imposition.PrintOptions]:
        """The print options whose pages are checked: ``base`` (its ink and words) on each
        paper, in each mode, with each kind of backs."""
        return [replace(base, paper=paper, mode=mode, backs=backs, margin_mm=self.margin_mm,
                        bleed_mm=self.bleed_mm if mode == "shop" else base.bleed_mm)
                for paper in self.papers for mode in self.modes for backs in self.backs]

    def several(self) -> bool:
        """Whether more than one paper, mode or kind of backs is covered."""
        return len(self.papers) * len(self.modes) * len(self.backs) > 1

    def describe(self, codes: Iterable[str] = ()) -> str:
        """What was covered, for the line ``check`` prints: "A4, A3, Letter and Legal paper;
        home and shop mode (bleed up to 20 mm); ..."; the languages are ``codes``, those of
        the layout checked (boardgen's, if none are given)."""
        papers = _listed([paper.describe().split(" (")[0] if paper.name in imposition.PAPERS
                          else paper.describe() for paper in self.papers])
        modes = _listed(list(self.modes)) + " mode" + (
            f" (bleed up to {self.bleed_mm:g} mm)" if "shop" in self.modes else "")
        backs = _listed(["no" if backs == "none" else backs for backs in self.backs]) + " backs"
        formats = _listed(list(self.formats))
        if {"png", "tgc", "tts"} & set(self.formats):
            formats += f" (PNG at up to {self.dpi} dpi)"
        return (f"{papers} paper; {modes}; {backs}; margins up to {self.margin_mm:g} mm; "
                f"{formats}; {_listed(sorted(codes or LANGUAGES))}")


def _listed(names: list[str]) -> str:
    """"a, b and c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


COVERAGE_HINT = ("check covers every paper, mode, bleed and backs a build may use unless given "
                 "the ones you build with (--paper, --mode, --bleed, --backs)")


@dataclass(frozen=True)
class Checked:
    """A layout that builds: its model, its game composed in the build's language, its source."""

    target: str
    layout: Any
    output: GameOutput


def check_layout(target: str, options: BuildOptions | None = None,
                 setup: Path | None = None, coverage: Coverage | None = None) -> Checked:
    """Every problem any build of ``target`` that ``coverage`` covers would meet, raised at
    once; else the composed game.

    Without ``coverage`` every paper, mode, bleed, backs and format is checked (the
    formats of ``options``, if given, at its resolution, on its paper too); languages are
    always checked all together, so the verdict holds for each.
    """
    if coverage is None:
        coverage = Coverage() if options is None else Coverage(
            papers=tuple(dict.fromkeys((*Coverage.papers, options.print.paper))),
            formats=options.formats, dpi=options.dpi, margin_mm=options.print.margin_mm)
    options = options or BuildOptions()
    options = replace(options, formats=coverage.formats, dpi=coverage.dpi)
    return _checked(target, options, setup, coverage)


def check_build(target: str, options: BuildOptions, setup: Path | None = None) -> Checked:
    """Every problem the build ``options`` ask for would meet, raised at once; else the game.

    The same rules as :func:`check_layout`, applied only to what this build makes: its
    language (and English where it may fall back), its paper, mode and backs, its formats.
    """
    return _checked(target, options, setup, None)


def _checked(target: str, options: BuildOptions, setup: Path | None,
             coverage: Coverage | None) -> Checked:
    """The checks of ``check`` (with a ``coverage``) or of one build (without one)."""
    layout = load_layout(target)
    if coverage is not None and options.lang not in languages.of_layout(layout):
        # check covers every language the layout is made in, from the one it is built in
        options = replace(options, lang=languages.first_of(layout))
    source = _source(target)
    output = compose(layout, options.lang, setup, options.allow_illegal)
    problems = art_problems(output)
    if problems and setup is not None and not art_problems(compose(layout, options.lang)):
        source = str(setup)  # the board is sound without the setup: the setup is to blame
        problems = [f"with this setup's obstacles, {problem}" for problem in problems]
    if not problems:  # the rules and other languages, once the build's own art is sound
        if coverage is not None:
            for lang in sorted(languages.of_layout(layout).keys() - {options.lang}):
                problems += art_problems(compose(layout, lang))
        books, missing = rule_books(layout, target, None if coverage is not None
                                    else built_rule_languages(options))
        problems += figure_problems(rule_figures(books)) + rule_language_problem(missing, options)
    if not problems:
        variants = (coverage.variants(options.print) if coverage is not None
                    else print_variants(options, every_variant=False))
        hint = COVERAGE_HINT if coverage is not None and coverage.several() else ""
        problems = (page_problems(output, variants, books.values(), hint)
                    + picture_problems(output, options) + export_problems(output, options.formats))
    if problems:
        errors = [InputError(p, source=source) for p in dict.fromkeys(problems)]
        raise InputError(errors[0].message, source=source, problems=errors)
    return Checked(target, layout, output)


def built_rule_languages(options: BuildOptions) -> tuple[str, ...]:
    """The languages whose rule text a build may print: its own, and English to fall back on."""
    if "pdf" not in options.formats:
        return ()
    return (options.lang, "en") if options.fall_back and options.lang != "en" else (options.lang,)


def _source(target: str) -> str:
    try:
        return str(resolve(target))
    except InputError:
        return target


def compose(layout, lang: str, setup: Path | None = None,
            allow_illegal: bool = False) -> GameOutput:
    """The layout's game composed in ``lang``, with a setup file drawn on it if given.

    The setup is validated first (pieces still to come are allowed): one that breaks
    the rules raises :class:`IllegalSetup`, or with ``allow_illegal`` is drawn under
    a mark that says so, for rule examples of what not to do.
    """
    game = game_for(layout.game)
    words = words_for(layout, lang)
    if setup is None:
        return game.compose_game(layout, words=words)
    game = capable(game, HasSetups, str(setup), f"{layout.title} has no setup file to draw")
    report = game.validate_setup(layout, setup, partial=True)
    if not report.ok and not allow_illegal:
        raise IllegalSetup(report)
    output = game.compose_game(layout, setup=game.load_setup(layout, setup), words=words)
    if report.ok:
        return output
    return marked_illegal(output, words("setup.illegal"), [p.message for p in report.problems])


def marked_illegal(output: GameOutput, word: str, problems: list[str]) -> GameOutput:
    """The board in a red frame with ``word`` across its diagonal; board.json lists the problems.

    The word runs corner to corner, so no one takes the picture for a legal setup, while
    most squares and the pieces on them stay in view.
    """
    scene = output.board.scene
    w, h = scene.width, scene.height
    frame = min(2.5, min(w, h) * 0.01)  # inside the edge, clear of the coordinates
    angle = math.degrees(math.atan2(h, w))
    size = fit_size(word, math.hypot(w, h) * 0.75, min(w, h) * 0.12, "bold")
    lift = 0.35 * size  # from the capitals' centre down to the baseline the text turns about
    mark = (Rect(frame / 2, frame / 2, w - frame, h - frame,
                 Style(stroke=ILLEGAL_RED, stroke_mm=frame)),
            Text(w / 2 + lift * math.sin(math.radians(angle)),
                 h / 2 + lift * math.cos(math.radians(angle)), word, size, font="bold",
                 anchor="middle", fill=ILLEGAL_RED, rotate=-angle))
    board = replace(output.board, scene=replace(scene, children=scene.children + mark))
    board_json = {**output.board_json, "setup_legal": False, "setup_problems": problems}
    return replace(output, board=board, board_json=board_json)


def rule_books(layout, target: str, only: tuple[str, ...] | None = None
               ) -> tuple[dict[str, Any], dict[str, InputError]]:
    """Each language's rule book, and why a language has no rule text.

    Every language, or the first of ``only`` that has a text (a build's language, then
    its fallback).
    """
    from boardgen.rules import MissingLanguage, rule_book

    books: dict[str, Any] = {}
    missing: dict[str, InputError] = {}
    for lang in languages.of_layout(layout) if only is None else only:
        try:
            book = rule_book(layout, lang, target)
        except MissingLanguage as error:
            missing[lang] = error
            continue
        if book is not None:
            books[lang] = book
        if only is not None:
            break  # the first of them with a text is the one printed
    return books, missing


def rule_figures(books: dict[str, Any]) -> dict[str, Any]:
    """The figures the rule books draw, named with their language."""
    return {f"rule figure {name!r} ({lang})": scene
            for lang, book in books.items() for name, scene in book.figures.items()}


def rule_language_problem(missing: dict[str, InputError], options: BuildOptions) -> list[str]:
    """A build's rule language without a rule text, unless it may fall back to English."""
    if "pdf" not in options.formats or options.lang not in missing:
        return []
    if options.fall_back and "en" not in missing:
        return []
    error = missing[options.lang]
    return [f"{error.source}: {error.message}"]


def art_problems(output: GameOutput) -> list[str]:
    """Sizes, text, shapes and reach of the board, every piece face and every sheet, and
    pictures whose names would clash (two faces for one file)."""
    try:
        output.pictures()
    except InputError as clash:
        return [clash.message]
    problems = limits.art_problems("the board", output.board.scene)
    piece_problems = [problem for component_set in output.component_sets
                      for _stem, name, scene in component_set.faces()
                      for problem in limits.art_problems(f"piece {name!r}", scene, piece=True)]
    if len(piece_problems) > 1:  # one line for what is usually one cause
        piece_problems = [f"{piece_problems[0]} (and {len(piece_problems) - 1} more problems "
                          "with pieces)"]
    problems += piece_problems
    for sheet in output.sheets:
        problems += limits.art_problems(f"sheet {sheet.name!r}", sheet.scene)
    if not problems:
        shapes = sum(limits.measure(scene).shapes for scene in output.pictures().values())
        if shapes > limits.MAX_KIT_SHAPES:
            problems.append(f"the board, pieces and sheets draw {shapes} shapes together; at "
                            f"most {limits.MAX_KIT_SHAPES}")
    return problems


def figure_problems(figures: dict[str, Any]) -> list[str]:
    """Sizes, shapes and reach of the rule figures."""
    return [problem for name, scene in figures.items()
            for problem in limits.art_problems(name, scene, figure=True)]


def print_variants(options: BuildOptions, every_variant: bool = True
                   ) -> list[imposition.PrintOptions]:
    """The print options whose pages are checked: the build's own and every one
    :class:`Coverage` covers; without ``every_variant`` only the build's own, if it makes
    PDF files (nothing else is imposed)."""
    if not every_variant:
        return [options.print] if "pdf" in options.formats else []
    return [options.print] + Coverage(margin_mm=options.print.margin_mm).variants(options.print)


def variant_name(options: imposition.PrintOptions) -> str:
    """"on A4 (210 × 297 mm) in shop mode with 20 mm bleed and fold backs"."""
    bleed = f" with {options.bleed_mm:g} mm bleed and" if options.shop else " with"
    backs = "no" if options.backs == "none" else options.backs
    return f"on {options.paper.describe()} in {options.mode} mode{bleed} {backs} backs"


def page_problems(output: GameOutput, variants: list[imposition.PrintOptions],
                  books: Iterable[Any] = (), hint: str = "") -> list[str]:
    """PDFs that would not fit their pieces on the paper or would have too many pages,
    printed with any of ``variants`` (with the rules of any of ``books``); each names the
    variant, and ends with ``hint`` when given.

    ``check`` asks whatever the formats: what it accepts builds as PDF too.
    """
    after = f"; {hint}" if hint else ""
    books = list(books)
    bundle = "the print-and-play file"
    too_long: dict[str, str] = {}  # file → why it is too long (the first paper found)
    misfits: dict[str, str] = {}  # component set → why it does not fit (the first paper found)
    spans = imposition.artwork_spans(output.board.scene)
    boards: dict[tuple, dict[str, int]] = {}  # by what tiling depends on: paper, mode, margins
    rules: dict[imposition.Paper, tuple[int, int]] = {}  # by paper: the sheet's, the booklet's
    for print_options in variants:
        tiled = (print_options.paper, print_options.mode, print_options.margin_mm)
        if tiled not in boards:
            boards[tiled] = {"board.pdf": board_pages(output.board, print_options, spans)}
            for sheet in output.sheets:
                boards[tiled][f"{sheet.name}.pdf"] = board_pages(Board(sheet.scene), print_options)
        counts = dict(boards[tiled])
        for component_set in output.component_sets:
            if component_set.name in misfits:
                continue
            try:
                counts[f"{component_set.name}.pdf"] = sheet_pages(component_set, print_options)
            except InputError as error:
                where = (f" ({print_options.mode} mode" + (f", {print_options.bleed_mm:g} mm "
                         "bleed" if print_options.shop else "") + f"{after})")
                misfits[component_set.name] = (f"{error.location()}: {error.message}{where}"
                                               if error.location() else error.message + where)
        where = variant_name(print_options)
        paper = print_options.paper
        if books and paper not in rules:
            rules[paper] = (max(len(book.sheet(paper)) for book in books),
                            max(len(book.booklet(paper)) for book in books))
        if books:  # the rule sheet is in the bundle too, the booklet is not
            counts["rules.pdf"] = rules[paper][0]
        counts[bundle] = sum(counts.values())
        if books:
            counts["rules-booklet.pdf"] = rules[paper][1]
        for name, count in counts.items():
            most = limits.MAX_PAGES_PER_FILE * (2 if name == bundle else 1)
            if count > most:
                too_long.setdefault(name, f"{name} would have {count} pages {where}; at most "
                                          f"{most}{after}")
    return list(misfits.values()) + list(too_long.values())


def board_pages(board: Board, options: imposition.PrintOptions, spans=None) -> int:
    """Pages of a board's PDF: one in shop mode; tiles and an assembly map at home."""
    if options.shop:
        return 1
    scene = board.scene
    spans = spans if spans is not None else imposition.artwork_spans(scene)
    pages = imposition.plan_tiles(scene.width, scene.height, board.seams_x, board.seams_y,
                                  options, spans, imposition.keep_out_spans(board.keep_out)).pages
    return pages + (1 if pages > 1 else 0)


def sheet_pages(component_set, options: imposition.PrintOptions) -> int:
    """Pages of a component set's PDF: its sheets, and their backs when printed on both sides."""
    if all(c.count <= 0 for c in component_set.components):
        return 0
    plan = imposition.plan_sheets(component_set, options)
    sides = 2 if imposition.duplex_backs(component_set, options) and not plan.fold else 1
    return sides * len(plan.fronts)


def picture_problems(output: GameOutput, options: BuildOptions) -> list[str]:
    """SVG and PNG files that cannot be made: clashing names, too many, too many pixels."""
    if not {"svg", "png"} & set(options.formats):
        return []
    pictures = output.pictures()
    if len(pictures) > limits.MAX_PICTURE_FILES:
        return [f"{len(pictures)} distinct pictures (board, piece faces, sheets); at most "
                f"{limits.MAX_PICTURE_FILES}"]
    if "png" not in options.formats:
        return []
    problems = [problem for stem, scene in pictures.items()
                if (problem := limits.png_problem(f"{stem}.png", scene, options.dpi))]
    def total(dpi: int) -> int:
        return sum(w * h for w, h in (limits.png_size(s, dpi) for s in pictures.values()))

    if not problems and total(options.dpi) > limits.MAX_KIT_PNG_PIXELS:
        advice = limits.lower_dpi(lambda dpi: total(dpi) <= limits.MAX_KIT_PNG_PIXELS, options.dpi)
        problems.append(f"the PNG files would have {total(options.dpi):,} px together at --dpi "
                        f"{options.dpi}; at most {limits.MAX_KIT_PNG_PIXELS:,}: {advice} or "
                        "--format pdf,svg")
    return problems
