"""Rule texts: Markdown (parsed by markdown-it-py) → a short list of typed blocks.

A figure is a paragraph holding only ``![Caption](diagram:NAME)``; figures are
numbered in reading order and ``{fig:NAME}`` anywhere in the text becomes
"Figure N" in the text's language (Polish: "rys. N"), never broken across lines;
both words come from the catalogue (``rules.figure``, ``rules.reference``).
Inline code is kept as its own face. Every mistake is an InputError with the
rule file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Union

from markdown_it import MarkdownIt
from markdown_it.token import Token

from boardgen.errors import InputError
from boardgen.i18n import Words, words_for
from boardgen.limits import text_problem
from boardgen.rules.typography import NO_BREAK_SPACE, quoted_characters, smart_quotes, tie

DIAGRAM_SCHEME = "diagram:"
REFERENCE = re.compile(r"\{fig:([^{}\s]*)\}")
FACES = ("regular", "bold", "italic", "code")
MAX_BLOCKS = 3_000  # blocks of one rule text: some fifty times what a game's rules have
MAX_DEPTH = 5  # quotes and lists inside each other (the shipped texts nest none)


@dataclass(frozen=True)
class Run:
    """A piece of inline text in one face; ``"\\n"`` alone is a forced line break."""

    text: str
    face: str = "regular"


Runs = tuple[Run, ...]


@dataclass(frozen=True)
class Heading:
    """A heading; level 1 is the title."""

    level: int
    runs: Runs


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of styled runs; ``cites`` names the figures it refers to."""

    runs: Runs
    cites: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class ListBlock:
    """A bullet or numbered list whose items are blocks."""

    ordered: bool
    start: int
    items: tuple[tuple["Block", ...], ...]


@dataclass(frozen=True)
class Quote:
    """A quoted block, set as a tinted example box."""

    blocks: tuple["Block", ...]


@dataclass(frozen=True)
class Table:
    """A table: a header row and body rows of runs."""

    header: tuple[Runs, ...]
    rows: tuple[tuple[Runs, ...], ...]
    align: tuple[str, ...]  # "left" | "center" | "right" per column


@dataclass(frozen=True)
class Figure:
    """A diagram drawn from the layout, numbered in order of appearance."""

    name: str
    number: int
    label: str  # "Figure 3"
    caption: Runs
    line: int


@dataclass(frozen=True)
class Preformatted:
    """A code block, set line for line."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    """A thematic break (``---``)."""


Block = Union[Heading, Paragraph, ListBlock, Quote, Table, Figure, Preformatted, Rule]


@dataclass(frozen=True)
class RuleText:
    """A parsed rule text: its blocks in order and its figures by number."""

    source: str
    lang: str
    blocks: tuple[Block, ...]
    figures: tuple[Figure, ...]
    words: Words | None = None

    @property
    def title(self) -> str:
        for block in self.blocks:
            if isinstance(block, Heading) and block.level == 1:
                return plain(block.runs)
        return ""


def plain(runs: Iterable[Run]) -> str:
    """The text of runs without faces (line breaks and no-break spaces become spaces)."""
    return "".join(" " if r.text == "\n" else r.text for r in runs).replace(NO_BREAK_SPACE, " ")


def markdown(lang: str) -> MarkdownIt:
    """CommonMark plus tables, with typographic dashes, and quotes for ``lang``.

    The quotes are boardgen's own (``typography.smart_quotes``, one pass over each
    paragraph): markdown-it's smart quotes pair every quote with those before it, so a
    text of many quotes took time growing with their square (a minute for 500 KB).
    """
    parser = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements"])
    parser.core.ruler.before("text_join", "quotes", lambda state: _set_quotes(state, lang))
    return parser


def _set_quotes(state, lang: str) -> None:
    """The language's quotation marks in the text of every paragraph, heading and cell.

    Each inline block is quoted as one text, so a quote opened before ``**bold**`` text
    closes after it; code and escaped characters are read for where a quote stands but
    never changed (as markdown-it's own smart quotes did).
    """
    for token in state.tokens:
        children = token.children
        if token.type != "inline" or not children or not QUOTE_CHARACTERS.search(token.content):
            continue
        pieces = [child.content if child.type in ("text", "text_special", "code_inline")
                  else "\n" if child.type in ("softbreak", "hardbreak") else ""
                  for child in children]
        quoted = quoted_characters("".join(pieces), lang)  # what each character prints as
        start = 0
        for child, piece in zip(children, pieces):
            if child.type == "text":
                child.content = "".join(quoted[start:start + len(piece)])
            start += len(piece)


QUOTE_CHARACTERS = re.compile("[\"']")


def parse_rule_text(text: str, source: str, lang: str = "en",
                    diagram_names: Iterable[str] | None = None,
                    words: Words | None = None,
                    source_line: Callable[[int], int] | None = None) -> RuleText:
    """Parse a rule text; unknown diagrams (when ``diagram_names`` is given) are errors.

    ``words`` gives the figure words (the catalogue of ``lang`` when None). When ``text`` was
    rendered from a template, ``source_line`` maps its lines to the template's, so mistakes
    name the line the author wrote.
    """
    words = words or words_for(None, lang)
    try:
        _check_characters(text, source)
        tokens = markdown(lang).parse(text)
        _check_block_count(tokens, source)
        known = None if diagram_names is None else set(diagram_names)
        figures = _number_figures(tokens, source, words, known)
        blocks = _Builder(tokens, source, words, figures).blocks()
    except InputError as error:
        if source_line is not None and error.line:
            error.line = source_line(error.line)
        raise
    if source_line is not None:
        figures = {name: replace(figure, line=source_line(figure.line))
                   for name, figure in figures.items()}
        blocks = [figures[block.name] if isinstance(block, Figure) else block for block in blocks]
    return RuleText(source, lang, tuple(blocks), tuple(figures.values()), words)


def _check_characters(text: str, source: str) -> None:
    """Refuse, at its line, the first character of the text that cannot be printed as
    written (``limits.text_problem``): a character the typeface lacks, a bidi control, an
    invisible one; the message names every such character of that line. Each distinct
    character of the text is looked at once."""
    if text.isascii():  # no such character; control characters are refused before parsing
        return
    odd = [char for char in dict.fromkeys(text)
           if char != "\r" and text_problem(char, line_breaks=True)]
    if odd:
        at = min(text.index(char) for char in odd)
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        line = text[start:end if end >= 0 else len(text)].rstrip("\r")
        raise InputError(text_problem(line) or text_problem(text[at]), source=source,
                         line=text.count("\n", 0, at) + 1)


def _check_block_count(tokens: list[Token], source: str) -> None:
    """Refuse a text of more blocks than any rules need, or nested deeper than reads well,
    before it is laid out.

    A game's rules have about fifty paragraphs, headings, list items and table cells;
    past the limit a text would take long to typeset, page by page, only to be refused
    for its page count. Each quote or list inside another takes some 5 mm from the
    column: nineteen of them left a letter a line.
    """
    count = depth = 0
    line = None  # of the innermost block that says where it is (a table cell does not)
    for token in tokens:
        line = _line(token) or line
        if token.nesting == 1 or token.type in ("hr", "fence", "code_block"):
            count += 1
            if count > MAX_BLOCKS:
                raise InputError(f"more than {MAX_BLOCKS} paragraphs, headings, list items "
                                 "and table cells; a rule text has at most that many",
                                 source=source, line=line)
        if token.type in NESTING:
            depth += token.nesting
            if depth > MAX_DEPTH:
                raise InputError(f"quotes and lists nested more than {MAX_DEPTH} deep; at most "
                                 f"{MAX_DEPTH} levels leave room for the text in a column",
                                 source=source, line=line)


NESTING = ("blockquote_open", "blockquote_close", "bullet_list_open", "bullet_list_close",
           "ordered_list_open", "ordered_list_close")


def _line(token: Token) -> int | None:
    return token.map[0] + 1 if token.map else None


def _figure_image(token: Token, source: str) -> Token | None:
    """The diagram image of a paragraph that is a figure, else None."""
    children = [c for c in token.children or [] if not (c.type == "text" and not c.content.strip())]
    images = [c for c in children if c.type == "image"]
    line = token.map[0] + 1 if token.map else None
    for image in images:
        src = str(image.attrs.get("src", ""))
        if not src.startswith(DIAGRAM_SCHEME):
            raise InputError(f"image {src!r}: rule texts take only diagrams, written "
                             "![Caption](diagram:NAME)", source=source, line=line)
        if len(children) > 1:
            raise InputError(f"diagram {src[len(DIAGRAM_SCHEME):]!r} must stand alone in its "
                             "paragraph, on a line of its own", source=source, line=line)
    return images[0] if images else None


def _number_figures(tokens: list[Token], source: str, words: Words,
                    known: set[str] | None) -> dict[str, Figure]:
    """Every diagram of the text, numbered in reading order and checked against ``known``."""
    found: dict[str, tuple[int, Token]] = {}
    for token in tokens:
        if token.type != "inline":
            continue
        image = _figure_image(token, source)
        if image is None:
            continue
        name = str(image.attrs["src"])[len(DIAGRAM_SCHEME):]
        line = token.map[0] + 1 if token.map else 0
        if known is not None and name not in known:
            raise InputError(f"unknown diagram {name!r}; this game draws: "
                             f"{', '.join(sorted(known)) or 'no diagrams'}", source=source, line=line)
        if name in found:
            raise InputError(f"diagram {name!r} is already shown at line {found[name][0]}; "
                             "show each diagram once", source=source, line=line)
        found[name] = (line, image)
    labels = {name: words("rules.figure", number=number)
              for number, name in enumerate(found, start=1)}
    references = reference_labels(list(found), words)
    captions = {name: _inline_runs(image.children or [], references, source, line, words.lang)
                for name, (line, image) in found.items()}
    return {name: Figure(name, number, labels[name],
                         tuple(Run(smart_quotes(run.text, words.lang), run.face)
                               if run.face != "code" else run for run in captions[name]), line)
            for number, (name, (line, image)) in enumerate(found.items(), start=1)}


def reference_labels(names: list[str], words: Words) -> dict[str, str]:
    """What ``{fig:NAME}`` becomes for each figure, in reading order: "Figure 2", "rys. 2",
    one unbreakable word."""
    return {name: words("rules.reference", number=number).replace(" ", NO_BREAK_SPACE)
            for number, name in enumerate(names, start=1)}


class _Builder:
    """Walks the token stream once, turning block tokens into blocks."""

    def __init__(self, tokens: list[Token], source: str, words: Words,
                 figures: dict[str, Figure]):
        self.tokens = tokens
        self.source = source
        self.figures = figures
        self.labels = reference_labels(list(figures), words)
        self.lang = words.lang
        self.index = 0

    def blocks(self, closing: str | None = None) -> list[Block]:
        found: list[Block] = []
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            if closing is not None and token.type == closing:
                self.index += 1
                return found
            block = self.block(token)
            if block is not None:
                found.append(block)
        return found

    def block(self, token: Token) -> Block | None:
        kind = token.type
        if kind == "heading_open":
            inline = self.tokens[self.index + 1]
            self.index += 3
            return Heading(int(token.tag[1]), self.runs(inline))
        if kind == "paragraph_open":
            inline = self.tokens[self.index + 1]
            self.index += 3
            image = _figure_image(inline, self.source)
            if image is not None:
                return self.figures[str(image.attrs["src"])[len(DIAGRAM_SCHEME):]]
            return Paragraph(self.runs(inline), _citations(inline))
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self.list_block(token)
        if kind == "blockquote_open":
            self.index += 1
            return Quote(tuple(self.blocks("blockquote_close")))
        if kind == "table_open":
            return self.table()
        if kind in ("fence", "code_block"):
            self.index += 1
            return Preformatted(tuple(token.content.rstrip("\n").split("\n")))
        if kind == "hr":
            self.index += 1
            return Rule()
        if kind == "html_block":
            raise InputError("HTML is not supported in rule texts; use Markdown",
                             source=self.source, line=token.map[0] + 1 if token.map else None)
        self.index += 1
        return None

    def list_block(self, token: Token) -> ListBlock:
        ordered = token.type == "ordered_list_open"
        closing = "ordered_list_close" if ordered else "bullet_list_close"
        start = int(token.attrs.get("start", 1)) if ordered else 1
        self.index += 1
        items: list[tuple[Block, ...]] = []
        while self.tokens[self.index].type != closing:
            self.index += 1  # list_item_open
            items.append(tuple(self.blocks("list_item_close")))
        self.index += 1
        return ListBlock(ordered, start, tuple(items))

    def table(self) -> Table:
        header: list[Runs] = []
        rows: list[tuple[Runs, ...]] = []
        align: list[str] = []
        row: list[Runs] = []
        while True:
            token = self.tokens[self.index]
            self.index += 1
            if token.type == "table_close":
                break
            if token.type in ("th_open", "td_open"):
                style = str(token.attrs.get("style", ""))
                cell_align = style.removeprefix("text-align:") if style else "left"
                if token.type == "th_open":
                    align.append(cell_align)
                row.append(self.runs(self.tokens[self.index]))
            elif token.type == "tr_close":
                if not header:
                    header = row
                else:
                    rows.append(tuple(row))
                row = []
        return Table(tuple(header), tuple(rows), tuple(align))

    def runs(self, inline: Token) -> Runs:
        line = inline.map[0] + 1 if inline.map else 0
        return _inline_runs(inline.children or [], self.labels, self.source, line, self.lang)


def _inline_runs(children: list[Token], labels: dict[str, str], source: str,
                 line: int, lang: str) -> Runs:
    """Inline tokens → runs; bold and italic nest, references become figure labels, and
    spaces that must not break a line become no-break spaces."""
    runs: list[Run] = []
    bold = italic = 0
    for child in children:
        kind = child.type
        face = "bold" if bold else "italic" if italic else "regular"
        if kind == "strong_open":
            bold += 1
        elif kind == "strong_close":
            bold -= 1
        elif kind == "em_open":
            italic += 1
        elif kind == "em_close":
            italic -= 1
        elif kind == "text":
            runs.append(Run(_resolve(child.content, labels, source, line), face))
        elif kind == "code_inline":
            runs.append(Run(child.content, "code"))
        elif kind == "softbreak":
            runs.append(Run(" ", face))
            line += 1
        elif kind == "hardbreak":
            runs.append(Run("\n", face))
            line += 1
        elif kind == "image":
            raise InputError("a diagram must stand alone in its paragraph", source=source,
                             line=line)
    return tuple(run if run.face == "code" or run.text == "\n" else Run(tie(run.text, lang), run.face)
                 for run in _merge([r for r in runs if r.text]))


def _citations(inline: Token) -> tuple[str, ...]:
    """The figures a paragraph refers to with ``{fig:NAME}``, in order, each once."""
    names = [name for child in inline.children or [] if child.type == "text"
             for name in REFERENCE.findall(child.content)]
    return tuple(dict.fromkeys(names))


def _resolve(text: str, labels: dict[str, str], source: str, line: int) -> str:
    """Replace ``{fig:NAME}`` by the figure's label ("Figure 2")."""
    def label(match: re.Match) -> str:
        name = match.group(1)
        if name not in labels:
            shown = ", ".join(labels) or "none"
            raise InputError(f"reference {{fig:{name}}} names no figure of this text "
                             f"(figures: {shown})", source=source, line=line)
        return labels[name]

    return REFERENCE.sub(label, text)


def _merge(runs: list[Run]) -> list[Run]:
    """Neighbouring runs in the same face joined, so a line draws as few strings as it can."""
    merged: list[Run] = []
    for run in runs:
        if merged and merged[-1].face == run.face and "\n" not in (run.text, merged[-1].text):
            merged[-1] = Run(merged[-1].text + run.text, run.face)
        else:
            merged.append(run)
    return merged
