"""The print-and-play bundle: a cover page with contents, then every section's pages, numbered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from boardgen import fonts
from boardgen.i18n import Words
from boardgen.imposition.making import TWO_SIDED, Work, minutes
from boardgen.imposition.marks import MUTED, footer, footer_box, page_number, ruler_symbols
from boardgen.imposition.paper import Box, PrintOptions, number
from boardgen.imposition.tiling import art_box
from boardgen.wrapping import wrap
from boardgen.scene import (Group, Line, Node, Rect, Scene, Style, Text, Use, compose, scale,
                            translate)

LEADER = Style(stroke="#999999", stroke_mm=0.2, dash=(0.4, 1.2), cap="round")
FRAME = Style(stroke="#999999", stroke_mm=0.2)
PICTURE_ID = "board-art"  # the board pages draw the same symbol, so the bundle stores it once


@dataclass(frozen=True)
class Section:
    """Pages that appear under one entry of the contents.

    ``numbered``: the pages have boardgen's footer, so the bundle writes its page
    number into the footer's free slot (pages made elsewhere number themselves).
    ``double_sided``: each page of fronts is followed by its backs, to be printed on
    the two sides of one sheet.
    ``work``: what making this part takes, for the page "How to make this game".
    ``at``: the pages as they read when the section starts on page N of the bundle, for
    pages that name another page (an assembly map) or carry their own page numbers; it
    must give as many pages as ``pages`` has.
    """

    title: str
    pages: tuple[Scene, ...]
    numbered: bool = True
    double_sided: bool = False
    work: Work | None = None
    at: Callable[[int], tuple[Scene, ...]] | None = None


@dataclass(frozen=True)
class Cover:
    """What the cover page says besides the contents."""

    title: str
    subtitle: str = ""
    layout_file: str = ""
    version: str = ""
    picture: Scene | None = None  # the board, shown small under the contents
    shipped: bool = False  # the layout file is one boardgen ships, named by file name


LINE_SIZE = 3.8  # text size of the "how to print" lines


def first_pages(sections: list[Section], first: int = 2) -> list[int]:
    """The page each section starts on; a two-sided section starts on an odd page (a
    front), after a blank page where the section before ends on one."""
    firsts = []
    page = first
    for section in sections:
        if section.double_sided and page % 2 == 0:
            page += 1
        firsts.append(page)
        page += len(section.pages)
    return firsts


def page_ranges(sections: list[Section], first: int = 2) -> list[tuple[int, int]]:
    """First and last page number of each section in the bundle."""
    return [(start, start + len(section.pages) - 1)
            for section, start in zip(sections, first_pages(sections, first))]


def print_and_play(cover: Cover, sections: list[Section], options: PrintOptions) -> tuple[Scene, ...]:
    """Cover page, "How to make this game", then every section's pages, numbered "page N of M".

    Page numbers run through the whole file: a section that names its own pages (the
    board's assembly map, the rules' page numbers) is asked for them as they fall here.
    A two-sided section starts on an odd page, so that printing the whole file
    double-sided puts each of its backs behind its front; a page left blank says so.
    """
    sections = [s for s in sections if s.pages]
    if any(s.work for s in sections):
        sections = _with_making(cover, sections, options)
    firsts = first_pages(sections)
    sections = [_placed(s, first) for s, first in zip(sections, firsts)]
    total = firsts[-1] + len(sections[-1].pages) - 1 if sections else 1
    pages = [_with_number(cover_page(cover, sections, options), 1, total, options)]
    for section, first in zip(sections, firsts):
        if first > len(pages) + 1:
            pages.append(_with_number(blank_page(pages[-1], cover.title, options), len(pages) + 1,
                                      total, options))
        for page_no, page in enumerate(section.pages, start=first):
            pages.append(_with_number(page, page_no, total, options) if section.numbered else page)
    return tuple(pages)


def _with_making(cover: Cover, sections: list[Section],
                 options: PrintOptions) -> list[Section]:
    """The page "How to make this game" before the sections; it names the assembly map's page,
    which follows from its own page count, so it is made again if that count changes."""
    heading = options.words("make.heading")
    making = Section(heading, making_pages(cover, sections, options))
    for _ in range(2):
        firsts = first_pages([making, *sections])[1:]
        again = Section(heading, making_pages(cover, sections, options, _map_page(sections, firsts)))
        if len(again.pages) == len(making.pages):
            return [again, *sections]
        making = again
    return [making, *sections]


def _map_page(sections: list[Section], firsts: list[int]) -> int | None:
    """The page of the board's assembly map (the last of a board tiled over pages), if any."""
    for section, first in zip(sections, firsts):
        if section.work and section.work.material == "board" and section.work.joins:
            return first + len(section.pages) - 1
    return None


def _placed(section: Section, first: int) -> Section:
    """The section with its pages as they read from page ``first`` on."""
    if section.at is None:
        return section
    pages = section.at(first)
    if len(pages) != len(section.pages):
        raise ValueError(f"section {section.title!r} has {len(pages)} pages from page {first} "
                         f"on, not {len(section.pages)}")
    return replace(section, pages=pages)


def _with_number(page: Scene, page_no: int, total: int, options: PrintOptions) -> Scene:
    text = page_number(page.width, page.height, options.margin_mm,
                       options.words("footer.page", page=page_no, pages=total))
    return Scene(page.width, page.height, page.children + (text,), symbols=page.symbols,
                 title=page.title, trim_box=page.trim_box, bleed_box=page.bleed_box)


BLANK_SIZE = 4.2  # text size of the note on a page left blank


def blank_page(before: Scene, title: str, options: PrintOptions) -> Scene:
    """A page left blank on purpose, the size of the page it backs, saying why."""
    words = options.words
    page_w, page_h = before.width, before.height
    area = art_box(page_w, page_h, options.margin_mm).inset(8, 10)
    nodes: list[Node] = []
    lines = wrap(words("bundle.blank"), area.w * 0.8, BLANK_SIZE, lang=words.lang)
    y = area.y + area.h / 2 - (len(lines) - 1) * 3.0
    for line in lines:
        nodes.append(Text(page_w / 2, y, line, fonts.fit_size(line, area.w, BLANK_SIZE),
                          fill=MUTED, anchor="middle"))
        y += 6.0
    nodes += footer(footer_box(page_w, page_h, options.margin_mm), words("bundle.blank_label"),
                    title, words)
    return Scene(page_w, page_h, tuple(nodes), symbols=ruler_symbols(words),
                 title=f"{title}: {words('bundle.blank_label')}")


def cover_page(cover: Cover, sections: list[Section], options: PrintOptions) -> Scene:
    """Title, contents with page numbers, and how to print the rest."""
    words = options.words
    page_w, page_h = options.paper.size()
    area = art_box(page_w, page_h, options.margin_mm).inset(8, 10)
    x = area.x
    nodes: list[Node] = []
    y = area.y + 12
    nodes.append(Text(x, y, cover.title, fonts.fit_size(cover.title, area.w, 14, "bold"), font="bold"))
    if cover.subtitle:
        y += 8
        nodes.append(Text(x, y, cover.subtitle, fonts.fit_size(cover.subtitle, area.w, 5.5, "italic"),
                          font="italic", fill=MUTED))
    edition = words("cover.edition")
    y += 8
    nodes.append(Text(x, y, edition, fonts.fit_size(edition, area.w, 5), fill=MUTED))
    y += 18
    nodes.append(Text(x, y, words("cover.contents"), 6, font="bold"))
    y += 3
    ranges = page_ranges(sections)
    for section, (first, last) in zip(sections, ranges):
        y += 8
        nodes += _contents_entry(entry_title(section, cover.title, words),
                                 _pages(first, last, words), area, y)
    y += 18
    nodes.append(Text(x, y, words("cover.how_to_print"), 6, font="bold"))
    y += 2
    y = _key_lines(nodes, _how_to_print(sections, ranges, options), area, y, words.lang)
    y += 14
    made = _made_with(cover, words)
    nodes.append(Text(x, y, made, fonts.fit_size(made, area.w, 3.4), fill=MUTED))
    symbols = ruler_symbols(words)
    if cover.picture is not None:
        room = Box(area.x, y + 10, area.w, area.bottom - y - 10)
        nodes += _picture(cover.picture, room)
        symbols = {**cover.picture.symbols, **symbols, PICTURE_ID: cover.picture.children}
    nodes += footer(footer_box(page_w, page_h, options.margin_mm), words("cover.label"), cover.title,
                    words)
    return Scene(page_w, page_h, tuple(nodes), symbols=symbols,
                 title=words("pdf.cover", title=cover.title))


def _key_lines(nodes: list[Node], lines: list[tuple[str, str]], area: Box, y: float,
               lang: str) -> float:
    """(heading, text) lines: the heading bold on the left, the text wrapped beside it."""
    key_w = max(fonts.text_width(key, LINE_SIZE, "bold") for key, _ in lines) + 4
    for key, value in lines:
        y += 5
        nodes.append(Text(area.x, y, key, fonts.fit_size(key, area.w * 0.4, LINE_SIZE, "bold"),
                          font="bold"))
        for index, line in enumerate(wrap(value, area.w - key_w, LINE_SIZE, lang=lang)):
            y += 4.6 if index else 0.0
            nodes.append(Text(area.x + key_w, y, line,
                              fonts.fit_size(line, area.w - key_w, LINE_SIZE)))
        y += 2
    return y


def _steps(nodes: list[Node], steps: list[str], area: Box, y: float, lang: str) -> float:
    """Numbered steps, each wrapped with its later lines hanging under its text."""
    indent = fonts.text_width("8. ", LINE_SIZE)
    for step_number, step in enumerate(steps, start=1):
        y += 5
        nodes.append(Text(area.x, y, f"{step_number}.", LINE_SIZE))
        for index, line in enumerate(wrap(step, area.w - indent, LINE_SIZE, lang=lang)):
            y += 4.6 if index else 0.0
            nodes.append(Text(area.x + indent, y, line, fonts.fit_size(line, area.w - indent,
                                                                       LINE_SIZE)))
        y += 1
    return y


def making_pages(cover: Cover, sections: list[Section], options: PrintOptions,
                 map_page: int | None = None) -> tuple[Scene, ...]:
    """How to make the kit: time, tools, paper and card per part, mounting, cutting order.

    One page where the paper has room; on a small paper the steps go on a second page.
    ``map_page``: the page of the board's assembly map, named where the steps refer to it.
    """
    words = options.words
    page_w, page_h = options.paper.size()
    area = art_box(page_w, page_h, options.margin_mm).inset(8, 4)
    parts = [s.work for s in sections if s.work]
    heading = words("make.heading")
    nodes: list[Node] = [Text(area.x, area.y + 10, heading,
                              fonts.fit_size(heading, area.w, 9, "bold"), font="bold")]
    total = {name: sum(getattr(part, name) for part in parts)
             for name in ("cuts", "pieces", "folds", "joins")}
    y = _key_lines(nodes, [
        (words("make.time"), words("make.time_text", minutes=minutes(parts))),
        (words("make.work"), words("make.work_text", **total)),
        (words("make.tools"), words("make.tools_text")),
    ], area, area.y + 16, words.lang)
    y = _heading(nodes, words("make.materials"), area, y)
    y = _key_lines(nodes, [(entry_title(s, cover.title, words),
                            words(f"make.material.{s.work.material}"))
                           for s in sections if s.work], area, y, words.lang)
    steps: list[Node] = []
    end = _making_steps(steps, parts, area, y, words, map_page)
    pages = [nodes + steps] if end <= area.bottom else [nodes, []]
    if len(pages) == 2:
        _making_steps(pages[1], parts, area, area.y, words, map_page)
    return tuple(Scene(page_w, page_h, tuple(page + footer(
        footer_box(page_w, page_h, options.margin_mm), words("make.label"), cover.title, words)),
        symbols=ruler_symbols(words), title=f"{cover.title}: {heading}") for page in pages)


def _making_steps(nodes: list[Node], parts: list[Work], area: Box, y: float, words: Words,
                  map_page: int | None = None) -> float:
    """Mounting the board (if there is one) and the cutting order, from ``y`` down."""
    boards = [p for p in parts if p.material == "board"]
    if boards:
        y = _heading(nodes, words("make.mount"), area, y)
        joined = any(b.joins for b in boards)
        first = (words("make.step.join_on", page=map_page) if joined and map_page
                 else words("make.step.join") if joined else words("make.step.cut_board"))
        y = _steps(nodes, [first] + [words(f"make.step.{key}") for key in
                                     ("blank", "spray", "lay", "trim")], area, y, words.lang)
    order = ["print"] + (["board_first"] if boards else [])
    order += ["card"] if any(p.material in ("cards", "tokens") for p in parts) else []
    order += ["duplex_card"] if any(p.material in TWO_SIDED[:2] for p in parts) else []
    order += ["straight"] + (["pieces"] if any(p.pieces for p in parts) else [])
    order += ["folds", "glue_folds"] if any(p.folds for p in parts) else []
    y = _heading(nodes, words("make.order"), area, y)
    return _steps(nodes, [words(f"make.step.{key}") for key in order], area, y, words.lang)


def _heading(nodes: list[Node], text: str, area: Box, y: float) -> float:
    y += 11
    nodes.append(Text(area.x, y, text, fonts.fit_size(text, area.w, 6, "bold"), font="bold"))
    return y + 1


def _contents_entry(title: str, pages: str, area: Box, y: float) -> list[Node]:
    """One line of the contents: the section's title, a dotted leader and its pages."""
    size = fonts.fit_size(title, area.w * 0.7, 4.2)
    nodes: list[Node] = [Text(area.x, y, title, size), Text(area.right, y, pages, 4.2, anchor="end")]
    start = area.x + fonts.text_width(title, size) + 2
    end = area.right - fonts.text_width(pages, 4.2) - 2
    if end > start:
        nodes.append(Line(start, y, end, y, LEADER))
    return nodes


def _pages(first: int, last: int, words: Words) -> str:
    """"page 4" or "pages 4–7"."""
    if first == last:
        return words("cover.page", page=first)
    return words("cover.pages", first=first, last=last)


def _how_to_print(sections: list[Section], ranges: list[tuple[int, int]],
                  options: PrintOptions) -> list[tuple[str, str]]:
    """(heading, text) lines: paper, mode, backs, which pages are two-sided, scale."""
    words = options.words
    lines = [
        (words("cover.paper"), words("cover.paper_text", paper=options.paper.describe(words),
                                     margin=number(options.margin_mm, words))),
        (words("cover.mode"), words(f"cover.mode_{options.mode}",
                                    bleed=number(options.bleed_mm, words))),
        (words("cover.backs"), words(f"cover.backs_{options.backs}")),
    ]
    two_sided = [r for s, r in zip(sections, ranges) if s.double_sided]
    if two_sided:
        lines.append((words("cover.sides"),
                      words("cover.sides_text", pages=_page_list(two_sided, words))))
    lines.append((words("cover.scale"), words("cover.scale_text")))
    if options.ink == "saver":
        lines.append((words("cover.ink"), words("cover.ink_saver")))
    return lines


def _made_with(cover: Cover, words: Words) -> str:
    """"Made with boardgen 1.2 from the layout file x.toml", naming a shipped file as such."""
    file = cover.layout_file
    if file and cover.shipped:
        file = words("cover.shipped_layout", file=file)
    if file:
        return words("cover.made_from", version=cover.version, file=file).replace("  ", " ")
    return words("cover.made", version=cover.version).strip()


def entry_title(section: Section, game_title: str, words: Words) -> str:
    """A section's title in the contents, without the game's name the cover already shows."""
    named = words("section.part", title=game_title, part="")  # "Racing Kings: "
    title = section.title.removeprefix(named) or section.title
    title = title[0].upper() + title[1:]
    return words("cover.two_sided", title=title) if section.double_sided else title


def _page_list(ranges: list[tuple[int, int]], words: Words) -> str:
    """"page 7", "pages 7–8", "pages 7–8 and 12–40", "pages 3, 7–8 and 12–40"."""
    parts = [f"{a}" if a == b else f"{a}–{b}" for a, b in ranges]
    if len(parts) == 1 and ranges[0][0] == ranges[0][1]:
        return words("list.page", page=parts[0])
    if len(parts) > 1:
        items = words("list.separator").join(parts[:-1])
        parts = [words("list.last", items=items, last=parts[-1])]
    return words("list.pages", pages=parts[0])


def _picture(picture: Scene, room: Box) -> list[Node]:
    """The picture scaled to fit ``room``, centred, with a thin frame."""
    if room.w < 20 or room.h < 20:
        return []
    f = min(room.w / picture.width, room.h / picture.height, 1.0)
    w, h = picture.width * f, picture.height * f
    x, y = room.x + (room.w - w) / 2, room.y + (room.h - h) / 2
    return [Group((Use(PICTURE_ID),), compose(translate(x, y), scale(f))),
            Rect(x, y, w, h, FRAME)]
