"""Rule sheets and booklets: a layout's rule text typeset with its game's own diagrams.

The rule text of a layout ``NAME.toml`` is ``NAME.rules.<lang>.md`` beside it; a
layout without one uses the text of the layout it ``extends``. Its figures are
drawn by ``diagrams(layout)`` of the layout's game, so a customised board gets
matching pictures.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from boardgen.errors import InputError
from boardgen.i18n import LANGUAGES, check_language
from boardgen.imposition import PAPERS, Paper
from boardgen.layout import read_text
from boardgen.rules.booklet import impose_booklet, padded_count, page_size, saddle_stitch_order
from boardgen.rules.document import RuleText, parse_rule_text
from boardgen.rules.typeset import page_style, typeset
from boardgen.scene import Scene

A4 = Paper("a4", *PAPERS["a4"])
MAX_RULE_TEXT_BYTES = 500_000

__all__ = ["LANGUAGES", "RuleBook", "booklet_sheets", "check_language", "impose_booklet",
           "padded_count", "rule_book", "rule_pages", "rule_text_path", "saddle_stitch_order"]



def _layout_files(layout, target: str | Path | None) -> tuple[Path, ...]:
    """The layout file and the files it extends, the layout's own first."""
    from boardgen.layout import read_layout

    for candidate in (target, layout.name, layout.extends):
        if candidate is None:
            continue
        try:
            return read_layout(candidate).files
        except InputError:
            continue
    return ()


def _texts_beside(layout_file: Path) -> dict[str, Path]:
    """Language → rule text written for one layout file."""
    pattern = glob.escape(str(layout_file.with_name(layout_file.stem))) + ".rules.*.md"
    found = {}
    for path in sorted(Path(p) for p in glob.glob(pattern)):
        lang = path.name[len(layout_file.stem) + len(".rules."):-len(".md")]
        if lang in LANGUAGES:
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
    check_language(lang)
    available: dict[str, Path] = {}
    for layout_file in _layout_files(layout, target):
        texts = _texts_beside(layout_file)
        if lang in texts:
            return texts[lang]
        for code, path in texts.items():
            available.setdefault(code, path)
    if available:
        names = ", ".join(f"{code} ({LANGUAGES[code]})" for code in sorted(available))
        raise MissingLanguage(f"no {LANGUAGES[lang]} rule text for {layout.name!r}; "
                              f"written in: {names}", tuple(sorted(available)))
    return None


def read_rule_text(path: Path) -> str:
    """The Markdown of a rule text, read with the same checks as a layout file."""
    return read_text(path, MAX_RULE_TEXT_BYTES, "rule texts")


@dataclass(frozen=True)
class RuleBook:
    """A parsed rule text and its drawn figures, ready to be typeset on any paper."""

    text: RuleText
    figures: Mapping[str, Scene]
    title: str

    def pages(self, width: float, height: float) -> tuple[Scene, ...]:
        """The text typeset on pages of ``width`` × ``height`` mm."""
        return typeset(self.text, self.figures, page_style(width, height), self.title)

    def sheet(self, paper: Paper = A4) -> tuple[Scene, ...]:
        """The rule sheet: pages of the paper's size, portrait."""
        return self.pages(paper.width, paper.height)

    def booklet(self, paper: Paper = A4) -> tuple[Scene, ...]:
        """Half-size pages two-up on landscape sheets of the paper, in saddle-stitch order."""
        pages = self.pages(*page_size(paper.width, paper.height))
        return impose_booklet(pages, paper.width, paper.height, title=self.title)


def _diagrams(layout, lang: str) -> dict:
    from boardgen.games import game_for
    from boardgen.i18n import words_for

    module = game_for(layout.game)
    if not hasattr(module, "diagrams"):
        return {}
    return dict(module.diagrams(layout, words=words_for(layout, lang)))


def rule_book(layout, lang: str = "en", target: str | Path | None = None) -> RuleBook | None:
    """The layout's rule text in ``lang`` with its figures drawn; None if it has no text."""
    path = rule_text_path(layout, lang, target)
    if path is None:
        return None
    diagrams = _diagrams(layout, lang)
    text = parse_rule_text(read_rule_text(path), str(path), lang, diagram_names=diagrams)
    figures = {figure.name: diagrams[figure.name]() for figure in text.figures}
    return RuleBook(text, figures, text.title or layout.title)


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
