"""Rule sheets and booklets: a layout's rule text typeset with its game's own diagrams.

The rule text of a layout ``NAME.toml`` is ``NAME.rules.<lang>.md`` beside it; a
layout without one uses the text of the layout it ``extends``. The text is a
template of the layout (see ``template``), rendered before it is parsed, so a
customised board gets matching numbers; its figures are drawn by
``diagrams(layout)`` of the layout's game, so it gets matching pictures too.
"""

from __future__ import annotations

import glob
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from boardgen import languages
from boardgen.errors import InputError
from boardgen.i18n import LANGUAGES, Words, check_language, words_for
from boardgen.imposition import PAPERS, Paper
from boardgen.layout import CONTROL_CHARACTER, read_text
from boardgen.rules.booklet import impose_booklet, padded_count, page_size, saddle_stitch_order
from boardgen.scene import Scene

if TYPE_CHECKING:  # the annotations' names, without importing what ``_LATER`` defers
    from boardgen.rules.document import RuleText
    from boardgen.rules.template import Rendered

# The template engine (Jinja2), the Markdown parser and the typesetter (with its hyphenation)
# are imported when a rule text is first read: a build that prints no PDF, or a module that
# only wants the grammar helpers (``boardgen.rules.grammar``), never loads them.
# (``boardgen.rules.typeset`` is the typesetter's module, as the submodule's name says.)
_LATER = {"RuleText": "document", "parse_rule_text": "document", "Rendered": "template",
          "render_rule_text": "template", "render_traced": "template", "page_style": "typeset"}


def __getattr__(name: str):
    if name in _LATER:
        from importlib import import_module

        return getattr(import_module(f"boardgen.rules.{_LATER[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


A4 = Paper("a4", *PAPERS["a4"])
MAX_RULE_TEXT_BYTES = 500_000
MAX_RENDERED_CHARS = 2 * MAX_RULE_TEXT_BYTES  # what a template may grow a rule text to

__all__ = ["LANGUAGES", "MAX_RENDERED_CHARS", "MAX_RULE_TEXT_BYTES", "RuleBook", "booklet_sheets",
           "check_language", "impose_booklet", "padded_count", "render_rule_text", "render_text",
           "rule_book", "rule_context", "rule_pages", "rule_text_path", "rule_text_problems",
           "saddle_stitch_order"]


def _layout_files(layout, target: str | Path | None) -> tuple[Path, ...]:
    """The layout file and the files it extends, the layout's own first.

    The loaded layout knows its files (``boardgen.layout.provenance``); a layout made
    without the loader is looked up again from ``target``, its name or what it extends.
    """
    from boardgen import layout as loader

    provenance = getattr(loader, "provenance", None)
    files = provenance(layout).files if provenance is not None else ()
    if files:
        return tuple(files)
    for candidate in (target, layout.name, layout.extends):
        if candidate is None:
            continue
        try:
            return loader.read_layout(candidate).files
        except InputError:
            continue
    return ()


def _texts_beside(layout_file: Path, available) -> dict[str, Path]:
    """Language → rule text written for one layout file, in the ``available`` languages."""
    pattern = glob.escape(str(layout_file.with_name(layout_file.stem))) + ".rules.*.md"
    found = {}
    for path in sorted(Path(p) for p in glob.glob(pattern)):
        lang = path.name[len(layout_file.stem) + len(".rules."):-len(".md")]
        if lang in available:
            found[lang] = path
    return found


class MissingLanguage(InputError):
    """Rule texts exist, but none in the language asked for."""

    def __init__(self, message: str, available: tuple[str, ...]):
        super().__init__(message, source="--lang")
        self.available = available


def rule_text_path(layout, lang: str = "en", target: str | Path | None = None) -> Path | None:
    """The rule text for a layout in ``lang``: its own, else the one of the layout it extends.

    None when no layout of the chain has a rule text; an InputError when texts exist but
    none in ``lang``.
    """
    files = _layout_files(layout, target)
    known = languages.chosen(layout, languages.of_files(files))
    if lang not in known:
        raise languages.unknown(lang, known, layout)
    available: dict[str, Path] = {}
    for layout_file in files:
        texts = _texts_beside(layout_file, known)
        if lang in texts:
            return texts[lang]
        for code, path in texts.items():
            available.setdefault(code, path)
    if available:
        names = ", ".join(known[code].described() for code in sorted(available))
        raise MissingLanguage(f"no {known[lang].english} rule text for {layout.name!r}; "
                              f"written in: {names}", tuple(sorted(available)))
    # a game kind that states its rules from the layout alone has a text of its own
    default = getattr(_game(layout), "default_rule_text", None)
    path = default(lang, layout) if default is not None else None
    if path is None and default is not None:  # a language of the user's: no kit without rules
        kind = sorted(code for code in known if default(code, layout) is not None)
        if kind:
            names = ", ".join(known[code].described() for code in kind)
            raise MissingLanguage(f"no {known[lang].english} rule text for {layout.name!r}; the "
                                  f"{layout.game} kind's own is written in: {names}; write "
                                  f"{layout.name}.rules.{lang}.md beside the layout", tuple(kind))
    return path


def read_rule_text(path: Path) -> str:
    """The Markdown of a rule text, read with the same checks as a layout file."""
    return read_text(path, MAX_RULE_TEXT_BYTES, "rule texts")


@dataclass(frozen=True)
class RuleBook:
    """A parsed rule text and its drawn figures, ready to be typeset on any paper."""

    text: RuleText
    figures: Mapping[str, Scene]
    title: str
    # pages typeset so far, by size: a build counts them when it checks, then prints them
    typeset_pages: dict = field(default_factory=dict, compare=False, repr=False)

    def pages(self, width: float, height: float, booklet: bool = False,
              first: int = 1) -> tuple[Scene, ...]:
        """The text typeset on pages of ``width`` × ``height`` mm (for a booklet: a page count
        that wastes at most one blank page), numbered from ``first``."""
        import boardgen.rules.typeset as typesetting

        key = (width, height, booklet)
        style = typesetting.page_style(width, height)
        if key not in self.typeset_pages:
            self.typeset_pages[key] = typesetting.draw_pages(self.text, self.figures, style,
                                                             booklet)
        return typesetting.numbered_pages(self.typeset_pages[key], self.text, self.figures,
                                          style, self.title, first)

    def sheet(self, paper: Paper = A4, first: int = 1) -> tuple[Scene, ...]:
        """The rule sheet: pages of the paper's size, portrait, numbered from ``first``."""
        return self.pages(paper.width, paper.height, first=first)

    def booklet(self, paper: Paper = A4) -> tuple[Scene, ...]:
        """Half-size pages two-up on landscape sheets of the paper, in saddle-stitch order."""
        pages = self.pages(*page_size(paper.width, paper.height), booklet=True)
        return impose_booklet(pages, paper.width, paper.height, title=self.title)


def _game(layout):
    from boardgen.games import game_for

    return game_for(layout.game)


def _diagrams(layout, words: Words) -> dict:
    module = _game(layout)
    if not hasattr(module, "diagrams"):
        return {}
    return dict(module.diagrams(layout, words=words))


def rule_context(layout, words: Words) -> dict[str, Any]:
    """What a rule text template sees: the layout, its words, the language, and the values
    the game computes from the layout (its optional ``rule_context(layout, words)``).

    The template gets copies of the layout and words: whatever it changes in them stays in
    the rule text and never reaches the rest of the build.
    """
    computed = getattr(_game(layout), "rule_context", None)
    context = dict(computed(layout, words)) if computed is not None else {}
    context.update(layout=layout.model_copy(deep=True), words=Words(words.lang, dict(words.table)),
                   lang=words.lang)
    return context


def render_text(layout, path: Path, words: Words) -> str:
    """The rule text at ``path`` read and rendered as a template of ``layout``."""
    return render_traced_text(layout, path, words).text


def render_traced_text(layout, path: Path, words: Words) -> Rendered:
    """``render_text``, with the template line of every rendered line."""
    from boardgen.rules.template import render_traced

    return render_traced(read_rule_text(path), str(path), rule_context(layout, words),
                         MAX_RENDERED_CHARS)


def parse_text(layout, path: Path, words: Words, diagram_names) -> RuleText:
    """The rule text at ``path`` rendered and parsed; mistakes name the template's lines."""
    from boardgen.rules.document import parse_rule_text

    rendered = render_traced_text(layout, path, words)
    _refuse_control_characters(rendered, str(path))
    return parse_rule_text(rendered.text, str(path), words.lang, diagram_names=diagram_names,
                           words=words, source_line=rendered.source_line)


def _refuse_control_characters(rendered: Rendered, source: str) -> None:
    """A control character (written, or made by the template) is refused at its line:
    a PDF would print it as a box or nothing at all. Line ends and tabs are text."""
    for found in CONTROL_CHARACTER.finditer(rendered.text):
        if found.group() not in "\n\r\t":
            line = rendered.text.count("\n", 0, found.start()) + 1
            raise InputError(f"text contains the control character U+{ord(found.group()):04X}; "
                             "remove it", source=source, line=rendered.source_line(line))


# Recent rule books by layout object, language and rule text file (see ``rule_book``).
_BOOKS: OrderedDict[tuple, tuple[Any, RuleBook]] = OrderedDict()
_BOOKS_KEPT = 16


def rule_book(layout, lang: str = "en", target: str | Path | None = None) -> RuleBook | None:
    """The layout's rule text in ``lang`` with its figures drawn; None if it has no text.

    A build asks for the same book when it checks the layout and when it prints it, so
    recent books are kept: by the layout object (layouts are frozen) and the rule text's
    path, size and time of change, so an edited text is read again.
    """
    path = rule_text_path(layout, lang, target)
    if path is None:
        return None
    try:
        status = path.stat()
    except OSError:
        return _read_book(layout, lang, path)
    key = (id(layout), lang, str(path), status.st_size, status.st_mtime_ns)
    kept = _BOOKS.get(key)
    if kept is not None and kept[0] is layout:
        _BOOKS.move_to_end(key)
        return kept[1]
    book = _read_book(layout, lang, path)
    _BOOKS[key] = (layout, book)  # holding the layout keeps its id from being reused
    while len(_BOOKS) > _BOOKS_KEPT:
        _BOOKS.popitem(last=False)
    return book


def _read_book(layout, lang: str, path: Path) -> RuleBook:
    """The rule text at ``path`` rendered for ``layout``, parsed, with its figures drawn."""
    words = words_for(layout, lang)
    diagrams = _diagrams(layout, words)
    text = parse_text(layout, path, words, diagrams)
    figures = {figure.name: diagrams[figure.name]() for figure in text.figures}
    return RuleBook(text, figures, text.title or words("title"))


def rule_text_problems(layout, target: str | Path | None = None) -> list[InputError]:
    """Every rule text of the layout, in every language it has, rendered and parsed as a build
    would: one InputError per text that a build would refuse (for ``check``)."""
    problems = []
    for lang in languages.chosen(layout, languages.of_files(_layout_files(layout, target))):
        try:
            path = rule_text_path(layout, lang, target)
            if path is None:
                return []
            words = words_for(layout, lang)
            parse_text(layout, path, words, _diagrams(layout, words))
        except MissingLanguage:
            continue
        except InputError as problem:
            problems.append(problem)
    return problems


def rule_pages(layout, lang: str = "en", paper: Paper = A4,
               target: str | Path | None = None) -> tuple[Scene, ...]:
    """The rule sheet pages (rules.pdf) for a layout; empty when it has no rule text."""
    book = rule_book(layout, lang, target)
    return book.sheet(paper) if book else ()


def booklet_sheets(layout, lang: str = "en", paper: Paper = A4,
                   target: str | Path | None = None) -> tuple[Scene, ...]:
    """The imposed booklet sheets (rules-booklet.pdf); empty when it has no rule text."""
    book = rule_book(layout, lang, target)
    return book.booklet(paper) if book else ()
