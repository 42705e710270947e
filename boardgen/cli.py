"""The command line. The only module that prints or exits.

Exit codes: 0 success, 1 a validation found problems, 2 bad input (one clear
message on stderr, never a traceback).
"""

from __future__ import annotations

import gc
import io
import sys
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperGroup
from typer.exceptions import Abort

from boardgen import __version__
from boardgen.errors import InputError
from boardgen.languages import shipped_codes


class OneLineErrors(TyperGroup):
    """Usage errors (a bad option value, a missing argument) as one line, exit code 2."""

    def main(self, *args, standalone_mode: bool = True, **kwargs):
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except NoArgsIsHelpError as error:
            error.show()
            sys.exit(EXIT_BAD_INPUT)
        except ClickException as error:
            typer.echo(f"error: {printable(error.format_message())}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except Abort:
            typer.echo("aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else EXIT_OK)


app = typer.Typer(
    cls=OneLineErrors,
    help="Print-ready boards, components and rule booklets for race games, from layout files.",
    add_completion=True,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},  # every command inherits them
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

EXIT_OK, EXIT_PROBLEMS, EXIT_BAD_INPUT = 0, 1, 2
*_OTHER_CODES, _LAST_CODE = shipped_codes()  # the catalogues' file names: no file is parsed
LANG_HELP = ("Language of every printed word (boards, pieces, sheets, page furniture and rules): "
             f"{', '.join(_OTHER_CODES)} or {_LAST_CODE}, or one a catalogue beside the layout "
             "adds (see `boardgen languages`). Default: English, or the first language of a "
             "layout that is not made in English.")


def printable(text: str) -> str:
    """``text`` with control characters (newlines, terminal escapes) shown as escapes."""
    if text.isprintable():  # nearly every message: no character to look at one by one
        return text
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def fail(error: InputError) -> typer.Exit:
    """Report bad input on stderr, one line per problem; the exit that follows is code 2."""
    for problem in error.problems or [error]:
        typer.echo(f"error: {printable(str(problem))}", err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"boardgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "-V", "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Turn a layout file into print-ready PDF, SVG and PNG files.

    GAME is a shipped game name (see `boardgen list`) or the path of your own layout file.
    """
    start_up_over()
    escape_what_cannot_be_printed()


def escape_what_cannot_be_printed() -> None:
    """Output that the terminal's encoding cannot hold is escaped, never a crash: a path in
    a folder whose name is in no encoding reaches Python with lone surrogates."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


@contextmanager
def progress_bar(total: int):
    """A rich progress bar on a terminal for several builds; plain lines otherwise."""
    if total < 2 or not sys.stderr.isatty():
        yield typer.echo
        return
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task("building", total=total)

        def advance(line: str) -> None:
            progress.console.print(line)
            progress.advance(task)

        yield advance


class Mode(str, Enum):
    """How pages are made: for a home printer or for a print shop."""

    home = "home"
    shop = "shop"


class Ink(str, Enum):
    """How much ink large areas take."""

    normal = "normal"
    saver = "saver"


class Backs(str, Enum):
    """Where the backs of two-sided pieces go."""

    duplex = "duplex"
    fold = "fold"
    none = "none"


def complete_formats(incomplete: str) -> list[str]:
    """Shell completion of --format: the known formats after the ones already typed."""
    from boardgen.render import FORMATS

    done, _, last = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    chosen = set(done.split(",")) if done else set()
    return [prefix + f for f in FORMATS if f.startswith(last) and f not in chosen]


def format_option(text: str | None) -> str | None:
    """Validate --format as it is parsed, so a bad list is a usage error before anything runs."""
    if text is None:  # check's --format, left out: every format
        return None
    try:
        parse_formats(text)
    except InputError as error:
        raise fail(error)
    return text


def parse_formats(text: str) -> tuple[str, ...]:
    """The --format list as known format names, without repeats."""
    from boardgen.render import FORMATS

    formats = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        raise InputError(f"unknown format {', '.join(unknown) or text!r}; expected a comma-separated "
                         f"list of {', '.join(FORMATS)}", source="--format")
    return formats


@app.command("list")
def list_games() -> None:
    """List the shipped games and what boardgen makes for each."""
    from boardgen.layout import read_layout, shipped_games

    for name in shipped_games():
        try:
            data = read_layout(name).data
        except InputError as error:
            raise fail(error)
        subtitle = f" ({data['subtitle']})" if data.get("subtitle") else ""
        typer.echo(f"{name:24} {data.get('title', name)}{subtitle}")


@app.command("languages")
def list_languages(
    layout: Optional[str] = typer.Argument(
        None, metavar="[GAME|FILE]",
        help="A layout file: also the languages of the catalogues beside it and the files it "
             "extends, and whether it has rule texts in each."),
) -> None:
    """List the languages boardgen prints in: code, name, where each comes from and which
    games have rule texts in it."""
    from boardgen import languages
    from boardgen.layout import layouts_dir, load_layout

    try:
        loaded = load_layout(layout) if layout is not None else None
    except InputError as error:
        raise fail(error)
    available = languages.of_layout(loaded)
    shipped_texts = sorted(layouts_dir().glob("*.rules.*.md"))
    rows = []
    for code, found in available.items():
        games = [path.name.split(".rules.")[0] for path in shipped_texts
                 if path.name.endswith(f".rules.{code}.md")]
        if loaded is not None and loaded.name not in games and has_rule_text(loaded, layout, code):
            games.append(loaded.name)
        name = found.name if found.name == found.english else f"{found.name} ({found.english})"
        missing = f"; {len(found.problems)} problems, `boardgen check` lists them" \
            if found.problems else ""
        rows.append((code, name, found.origin + missing, ", ".join(games) or "none"))
    widths = [max(len(row[i]) for row in rows + [("code", "name", "from", "")]) for i in range(3)]
    header = ("code", "name", "from", "rule texts")
    for row in [header, *rows]:
        typer.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])


def has_rule_text(layout, target: str, lang: str) -> bool:
    """Whether ``layout`` has a rule text in ``lang``, its own or one it inherits."""
    from boardgen.rules import MissingLanguage, rule_text_path

    try:
        return rule_text_path(layout, lang, target) is not None
    except MissingLanguage:
        return False


def language_option(lang: str | None, target: str | None = None) -> str:
    """The --lang code, checked: a language boardgen ships, or with one layout named, one
    its folders add. With several layouts, each build checks the language for its own.
    Without --lang: English, or the one layout file's first language when it is not made in
    English (a shipped game is made in every language boardgen ships)."""
    from boardgen import languages
    from boardgen.i18n import check_language
    from boardgen.layout import load_layout, shipped_games

    if lang is not None:
        languages.check_code(lang)
    if target is None:
        return lang or "en"
    if target in shipped_games() and (lang is None or lang in shipped_codes()):
        return lang or "en"  # a shipped game is made in every language boardgen ships
    try:
        layout = load_layout(target)
    except InputError:
        return lang or "en"  # the check that follows names what is wrong with the layout
    return check_language(lang or languages.first_of(layout), layout)


def collector_paused(command):
    """``command`` run without garbage collection.

    A build makes hundreds of thousands of small objects (scene nodes, PDF operators)
    that live until its files are written, and hardly any reference cycles: the
    collector would scan them, and every object of the imported libraries, over and
    over, for a tenth of the build's time and almost nothing to free. Called in a
    longer-lived process (tests, a script) the collector is switched on again after;
    from the console (``main``), where the process ends with the command, it is not.
    """
    import functools

    @functools.wraps(command)
    def paused(*args, **kwargs):
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if was_enabled and not ONE_COMMAND_PROCESS:
                gc.enable()

    return paused


ONE_COMMAND_PROCESS = False  # set by ``main``: the process ends when its command does
START_UP_PAUSED = False  # set by ``main`` while the collector waits for the command to start


def start_up_over() -> None:
    """The collector back on after start-up (see ``main``): the command decides from here on."""
    global START_UP_PAUSED
    if START_UP_PAUSED:
        START_UP_PAUSED = False
        gc.enable()


@app.command()
@collector_paused
def build(
    games: Optional[List[str]] = typer.Argument(None, metavar="GAME|FILE...",
                                                help="Game names or layout files to build."),
    all_games: bool = typer.Option(False, "--all", help="Build every shipped game."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game gets a subfolder."),
    formats: str = typer.Option("pdf,svg,png", "--format", help="Comma-separated: pdf, svg, png, tgc (print-service card images), "
                                "tts (Tabletop Simulator saved object).",
                                callback=format_option, autocompletion=complete_formats),
    paper: str = typer.Option("a4", "--paper", help="a4, a3, letter, legal or WxHmm."),
    margin: float = typer.Option(6.0, "--margin", help="Printable margin in mm."),
    mode: Mode = typer.Option(Mode.home, "--mode",
                              help="home (margins, cut lines) or shop (bleed, crop marks)."),
    bleed: float = typer.Option(3.0, "--bleed", help="Bleed in mm for shop mode."),
    backs: Backs = typer.Option(Backs.duplex, "--backs", help="duplex, fold or none."),
    ink: Ink = typer.Option(Ink.normal, "--ink",
                            help="normal, or saver: white grounds and pale tints with outlines."),
    dpi: int = typer.Option(150, "--dpi", min=10, max=1200, help="Resolution of PNG files."),
    setup: Optional[Path] = typer.Option(None, "--setup", help="Setup file to draw on the board "
                                         "(checked first: an illegal one is refused with exit 1)."),
    allow_illegal: bool = typer.Option(False, "--allow-illegal",
                                       help="Draw an illegal --setup anyway, marked as illegal."),
    lang: Optional[str] = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Build boards, component sheets, rules and board.json into OUT/<game>/."""
    from boardgen import imposition
    from boardgen.build import BuildOptions, build_many
    from boardgen.contract import IllegalSetup
    from boardgen.layout import shipped_games

    try:
        targets = list(dict.fromkeys(games or []))  # a target named twice is built once
        if all_games:
            targets += [g for g in shipped_games() if g not in targets]
        if not targets:
            raise InputError("name at least one game or layout file, or use --all", source="build")
        check_margin_and_bleed(margin, bleed)
        options = BuildOptions(
            formats=parse_formats(formats), dpi=dpi,
            lang=language_option(lang, targets[0] if len(targets) == 1 else None),
            fall_back=len(targets) > 1,  # one game asked for in a missing language is an error
            allow_illegal=allow_illegal,
            print=imposition.PrintOptions(paper=imposition.parse_paper(paper), margin_mm=margin,
                                          mode=mode.value, bleed_mm=bleed, backs=backs.value,
                                          ink=ink.value),
        )
        notes: list[str] = png_notes(options.formats)
        with progress_bar(len(targets)) as advance:
            for target, written in build_many(targets, out, options, setup=setup, notes=notes):
                folder = written[0].parent if written else out
                advance(f"{target}: {len(written)} files in {folder}")
        for note in notes:
            typer.echo(f"note: {note}", err=True)
    except InputError as error:
        raise fail(error)
    except IllegalSetup as illegal:  # nothing is written; the report says why
        typer.echo(str(illegal.report))
        typer.echo("nothing built; use --allow-illegal to draw it marked as illegal", err=True)
        raise typer.Exit(EXIT_PROBLEMS)


def check_margin_and_bleed(margin: float | None, bleed: float | None) -> None:
    """A margin and a bleed inside what builds allow (``boardgen.limits``)."""
    from boardgen import limits

    if margin is not None and not 0 <= margin <= limits.MAX_MARGIN_MM:
        raise InputError(f"margin must be between 0 and {limits.MAX_MARGIN_MM:g} mm, found "
                         f"{margin:g}", source="--margin")
    if bleed is not None and not 0 <= bleed <= limits.MAX_BLEED_MM:
        raise InputError(f"bleed must be between 0 and {limits.MAX_BLEED_MM:g} mm, found "
                         f"{bleed:g}", source="--bleed")


def png_notes(formats: tuple[str, ...]) -> list[str]:
    """A note when PNG files come from pdfium because the cairo library is missing."""
    if not {"png", "tgc", "tts"} & set(formats):  # the exports are PNG files too
        return []
    from boardgen.render import png

    if png.backend() == "cairo":
        return []
    return ["the cairo library is not installed, so PNG files are rasterised from the PDF by "
            "pdfium (same size; install libcairo2 or 'brew install cairo' for cairosvg)"]


@app.command()
def check(
    file: str = typer.Argument(..., metavar="FILE", help="Layout file (or game name) to check."),
    setup: Optional[Path] = typer.Option(None, "--setup", help="Setup file to check with the "
                                         "layout, as build draws it (exit 1 if illegal)."),
    formats: Optional[str] = typer.Option(None, "--format", callback=format_option,
                                          autocompletion=complete_formats,
                                          help="Check only these formats (default: all)."),
    paper: Optional[str] = typer.Option(None, "--paper",
                                        help="Check only this paper (default: a4, a3, letter "
                                             "and legal)."),
    margin: Optional[float] = typer.Option(None, "--margin",
                                           help="Check margins up to this (default: 6 mm)."),
    mode: Optional[Mode] = typer.Option(None, "--mode", help="Check only this mode "
                                        "(default: home and shop)."),
    bleed: Optional[float] = typer.Option(None, "--bleed", help="Check shop mode with bleed up "
                                          "to this (default: 20 mm)."),
    backs: Optional[Backs] = typer.Option(None, "--backs", help="Check only these backs "
                                          "(default: duplex, fold and none)."),
    dpi: Optional[int] = typer.Option(None, "--dpi", min=10, max=1200,
                                      help="Check PNG files up to this resolution (default: 150)."),
) -> None:
    """Check a layout file and report every problem a build of it would meet.

    Without options every build is checked: each paper, mode, bleed, backs and format;
    the options check only the builds that use them.
    """
    from boardgen.analysis import advice
    from boardgen.contract import IllegalSetup, check_layout
    from boardgen.languages import of_layout

    try:
        coverage = check_coverage(formats, paper, margin, mode, bleed, backs, dpi)
        layout = check_layout(file, setup=setup, coverage=coverage).layout
        line = advice(layout, setup)
    except InputError as error:
        raise fail(error)
    except IllegalSetup as illegal:  # the layout builds, but not with this setup
        typer.echo(str(illegal.report))
        raise typer.Exit(EXIT_PROBLEMS)
    with_setup = f", with setup {setup}" if setup is not None else ""
    rules = getattr(layout, "rules", None)  # a race kind's rules plugin, if it names one
    kind = f"game {layout.game}" + (f" with rules {rules}" if rules else "")
    typer.echo(f"{file}: ok ({layout.title}, {kind}{with_setup})")
    typer.echo(f"checked for {coverage.describe(of_layout(layout))}")
    if line:
        typer.echo(f"advice: {line}")


def check_coverage(formats: str | None, paper: str | None, margin: float | None,
                   mode: "Mode | None", bleed: float | None, backs: "Backs | None",
                   dpi: int | None):
    """What ``check`` covers: the options given, every value a build allows for the rest."""
    from dataclasses import replace

    from boardgen import imposition
    from boardgen.contract import Coverage

    check_margin_and_bleed(margin, bleed)
    given = {"formats": parse_formats(formats) if formats is not None else None,
             "papers": (imposition.parse_paper(paper),) if paper is not None else None,
             "margin_mm": margin, "modes": (mode.value,) if mode is not None else None,
             "bleed_mm": bleed, "backs": (backs.value,) if backs is not None else None,
             "dpi": dpi}
    coverage = replace(Coverage(), **{key: value for key, value in given.items()
                                      if value is not None})
    imposition.PrintOptions(paper=coverage.papers[0], margin_mm=coverage.margin_mm)  # sound?
    return coverage


def game_with_setups(target: str, missing: str):
    """The layout and its game module, which must have obstacle setups."""
    from boardgen.games import HasSetups, capable, game_for
    from boardgen.layout import load_layout

    layout = load_layout(target)
    return layout, capable(game_for(layout.game), HasSetups, target, f"{layout.title} has {missing}")


@app.command()
def validate(
    game: str = typer.Argument(..., metavar="GAME|FILE"),
    setup: Path = typer.Option(..., "--setup", help="Setup file (TOML) with the obstacle placements."),
    partial: bool = typer.Option(False, "--partial", help="Setup is incomplete: do not enforce counts."),
) -> None:
    """Check an obstacle setup against the game's placement rules (exit 1 if illegal)."""
    try:
        layout, module = game_with_setups(game, "no obstacle setup to validate")
        report = module.validate_setup(layout, setup, partial=partial)
    except InputError as error:
        raise fail(error)
    typer.echo(str(report))
    raise typer.Exit(EXIT_OK if report.ok else EXIT_PROBLEMS)


def write_text(path: Path, text: str) -> None:
    """Write a text file whole or not at all; a failure is bad input naming the file."""
    write_file(path, text.encode("utf-8"))


def write_file(path: Path, data: bytes) -> None:
    """Write a file whole or not at all; a failure is bad input naming the file."""
    from boardgen.build import write_atomic

    write_atomic(path, data)


@app.command("setup")
def random_setup(
    game: str = typer.Argument(..., metavar="GAME|FILE"),
    seed: int = typer.Option(0, "--seed", help="Same seed, same setup."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of printing."),
    fair: bool = typer.Option(False, "--fair", help="A setup that gives no player a longer way "
                              "(river race: shortest lines at most one tile apart)."),
) -> None:
    """Write a random legal obstacle setup (TOML) for a game."""
    from boardgen.games import HasFairSetups, capable

    try:
        layout, module = game_with_setups(game, "no obstacle setup to generate")
        if fair:
            module = capable(module, HasFairSetups, game, f"{layout.title} has no fair setups; "
                             "--fair is for the river race")
        text = module.fair_setup(layout, seed) if fair else module.random_setup(layout, seed)
        if out is None:
            typer.echo(text, nl=False)
            return
        write_text(out, text)
    except InputError as error:
        raise fail(error)


@app.command()
def analyse(
    game: str = typer.Argument(..., metavar="GAME|FILE"),
    setup: Optional[Path] = typer.Option(None, "--setup", help="Setup file (river race)."),
    games: int = typer.Option(2000, "--games", min=1, max=100_000,  # 100,000: some 10 minutes
                              help="Games to simulate (Steeple Chess, race games)."),
    seed: int = typer.Option(0, "--seed", help="Same seed, same figures."),
    players: Optional[int] = typer.Option(None, "--players", min=1, max=8,
                                          help="Players in a simulated race (default: the most)."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    plot: Optional[Path] = typer.Option(None, "--plot", metavar="FILE.svg|png|pdf",
                                        help="Draw the figures into this picture."),
) -> None:
    """Figures that tell whether a layout plays well: shortest lines, game lengths, win rates,
    a race's expected throws."""
    import json

    from boardgen import analysis
    from boardgen.layout import load_layout

    try:
        layout = load_layout(game)
        if plot is not None:  # before the work, which can take a minute
            analysis.check_picture_name(plot)
        result = analysis.analyse(layout, analysis.Request(setup=setup, games=games, seed=seed,
                                                           players=players), source=game)
        if result.ok and plot is not None:
            write_file(plot, analysis.picture_bytes(plot, result.picture()))
    except InputError as error:
        raise fail(error)
    typer.echo(json.dumps(result.as_json(), indent=1, ensure_ascii=False) if as_json and result.ok
               else result.text())
    raise typer.Exit(EXIT_OK if result.ok else EXIT_PROBLEMS)


@app.command()
def new(
    game: str = typer.Argument(..., metavar="GAME", help="The game to start from."),
    path: Path = typer.Argument(..., metavar="PATH", help="The layout file to write."),
    force: bool = typer.Option(False, "--force", help="Overwrite PATH if it exists."),
) -> None:
    """Write a commented starter layout that extends GAME, ready to edit."""
    from boardgen.layout import path_exists
    from boardgen.scaffold import starter_text

    try:
        if path_exists(path) and not force:
            raise InputError("already exists; choose another name or use --force", source=str(path))
        if path.suffix != ".toml":
            raise InputError("layout files end in .toml", source=str(path))
        text = starter_text(game, path)
        write_text(path, text)
    except InputError as error:
        raise fail(error)
    typer.echo(f"wrote {path}; edit it, then: boardgen check {path}")


@app.command()
def schema(game: Optional[str] = typer.Argument(None, metavar="[GAME]",
                                                help="One game kind; default: all.")) -> None:
    """Print the JSON Schema of the layout format (for editors that check TOML)."""
    import json

    from boardgen.scaffold import layout_schema

    try:
        typer.echo(json.dumps(layout_schema(game), indent=1, sort_keys=True))
    except InputError as error:
        raise fail(error)


@app.command()
def preview(
    game: str = typer.Argument(..., metavar="GAME|FILE", help="Game name or layout file to show."),
    port: int = typer.Option(8000, "--port", min=0, max=65535,
                             help="Port on 127.0.0.1 (0: any free port)."),
    lang: Optional[str] = typer.Option(None, "--lang", help=LANG_HELP),
    setup: Optional[Path] = typer.Option(None, "--setup", help="Setup file to draw on the board."),
) -> None:
    """Serve a page on 127.0.0.1 that shows the pictures and redraws them on every edit."""
    from boardgen.preview import Preview, PreviewServer, stop_on_signals

    try:
        shown = Preview(game, language_option(lang, game), setup)
        server = PreviewServer(shown, port)  # before drawing, so a busy port fails at once
    except InputError as error:
        raise fail(error)
    stop_on_signals(server, shown)
    shown.start_watching()
    shown.redraw()
    typer.echo(f"previewing {game} at {server.url} (Ctrl-C stops)", err=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        shown.stop.set()
        server.server_close()
    typer.echo("preview stopped", err=True)


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: the command stops as on Ctrl-C, tidying up on its way out
    (temporary files removed, a build's worker processes ended)."""

    def __init__(self, signal: int):
        super().__init__(signal)
        self.signal = signal


STOPPED_BY: list[int] = []  # the signals that asked the command to stop


@contextmanager
def stopped_by_hang_up_and_terminate():
    """While the command runs, SIGTERM and SIGHUP raise :class:`Terminated` in the main
    thread, where the default would end the process at once and leave its temporary files
    behind; afterwards the handlers are what they were.

    Python ignores an exception raised where it cannot be passed on (a signal that comes
    while a process forks, say): the command then runs to its end, and the process still
    exits as the signal asked (see ``main``).
    """
    import signal

    def stop(number: int, _frame) -> None:
        STOPPED_BY.append(number)
        raise Terminated(number)

    def unraisable(report) -> None:  # the lost exception needs no traceback on the terminal
        if not isinstance(report.exc_value, Terminated):
            previous_hook(report)

    previous_hook = sys.unraisablehook
    numbers = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {number: signal.signal(number, stop) for number in numbers}
    sys.unraisablehook = unraisable
    STOPPED_BY.clear()
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        sys.unraisablehook = previous_hook


def main() -> None:
    """Console entry point: one command, then the process ends.

    Start-up, typer reading the command line (and importing pydantic for it), makes tens
    of thousands of objects that live as long as the process and no garbage: the
    collector is paused until the command is known (``main_options`` switches it on
    again). The objects left at the end are not collected one last time before they go
    (they are frozen): the operating system takes the whole process back anyway.

    boardgen's models use no pydantic plugins, so pydantic is told not to look for any
    (it would read the entry points of every installed package as it builds the first
    model). The setting lasts for the command only, a value the user set is kept, and
    boardgen starts no other program that could inherit it.
    """
    import atexit
    import os

    global ONE_COMMAND_PROCESS, START_UP_PAUSED
    ONE_COMMAND_PROCESS = True
    atexit.register(gc.freeze)
    if gc.isenabled():
        gc.disable()
        START_UP_PAUSED = True
    plugins_chosen = "PYDANTIC_DISABLE_PLUGINS" in os.environ
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        with stopped_by_hang_up_and_terminate():
            try:
                app()
            except SystemExit:
                if not STOPPED_BY:
                    raise
            if STOPPED_BY:  # the signal's exception was lost on its way: the command ran on
                raise Terminated(STOPPED_BY[0])
    except KeyboardInterrupt:
        sys.exit(130)
    except Terminated as stopped:  # as the shell reports a process that a signal ended
        sys.exit(128 + stopped.signal)
    finally:
        start_up_over()  # when the process ends before a command starts (--help, a usage error)
        if not plugins_chosen:
            os.environ.pop("PYDANTIC_DISABLE_PLUGINS", None)
