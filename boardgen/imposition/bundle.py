"""The print-and-play bundle: a cover page with contents, then every section's pages, numbered."""

from __future__ import annotations

from dataclasses import dataclass

from boardgen import fonts
from boardgen.imposition.marks import MUTED, footer, footer_box, page_number, ruler_symbols
from boardgen.imposition.paper import Box, PrintOptions
from boardgen.imposition.tiling import art_box
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
    """

    title: str
    pages: tuple[Scene, ...]
    numbered: bool = True
    double_sided: bool = False


@dataclass(frozen=True)
class Cover:
    """What the cover page says besides the contents."""

    title: str
    subtitle: str = ""
    layout_file: str = ""
    version: str = ""
    picture: Scene | None = None  # the board, shown small under the contents


MODE_TEXT = {
    "home": "home: printable margins, cut lines, glue strips on tiled boards",
    "shop": "shop: {bleed:g} mm bleed, crop marks, TrimBox and BleedBox set",
}
BACKS_TEXT = {
    "duplex": "duplex: backs on the page after their fronts; print double-sided, flip on long edge",
    "fold": "fold: backs beside their fronts; fold on the dashed line and glue",
    "none": "none: fronts only",
}


def page_ranges(sections: list[Section], first: int = 2) -> list[tuple[int, int]]:
    """First and last page number of each section in the bundle."""
    ranges = []
    page = first
    for section in sections:
        ranges.append((page, page + len(section.pages) - 1))
        page += len(section.pages)
    return ranges


def print_and_play(cover: Cover, sections: list[Section], options: PrintOptions) -> tuple[Scene, ...]:
    """Cover page, then every section's pages, each numbered "page N of M"."""
    sections = [s for s in sections if s.pages]
    total = 1 + sum(len(s.pages) for s in sections)
    pages = [_with_number(cover_page(cover, sections, options), 1, total, options)]
    number = 2
    for section in sections:
        for page in section.pages:
            pages.append(_with_number(page, number, total, options) if section.numbered else page)
            number += 1
    return tuple(pages)


def _with_number(page: Scene, number: int, total: int, options: PrintOptions) -> Scene:
    text = page_number(page.width, page.height, options.margin_mm, f"page {number} of {total}")
    return Scene(page.width, page.height, page.children + (text,), symbols=page.symbols,
                 title=page.title, trim_box=page.trim_box, bleed_box=page.bleed_box)


def cover_page(cover: Cover, sections: list[Section], options: PrintOptions) -> Scene:
    """Title, contents with page numbers, and how to print the rest."""
    page_w, page_h = options.paper.size()
    area = art_box(page_w, page_h, options.margin_mm).inset(8, 10)
    x, right = area.x, area.right
    nodes: list[Node] = []
    y = area.y + 12
    nodes.append(Text(x, y, cover.title, fonts.fit_size(cover.title, area.w, 14, "bold"), font="bold"))
    if cover.subtitle:
        y += 8
        nodes.append(Text(x, y, cover.subtitle, fonts.fit_size(cover.subtitle, area.w, 5.5, "italic"),
                          font="italic", fill=MUTED))
    y += 8
    nodes.append(Text(x, y, "Print-and-play edition", 5, fill=MUTED))
    y += 18
    nodes.append(Text(x, y, "Contents", 6, font="bold"))
    y += 3
    ranges = page_ranges(sections)
    for section, (first, last) in zip(sections, ranges):
        y += 8
        pages = f"page {first}" if first == last else f"pages {first}–{last}"
        size = 4.2
        title = entry_title(section, cover.title)
        nodes.append(Text(x, y, title, fonts.fit_size(title, area.w * 0.7, size)))
        nodes.append(Text(right, y, pages, size, anchor="end"))
        start = x + fonts.text_width(title, fonts.fit_size(title, area.w * 0.7, size)) + 2
        end = right - fonts.text_width(pages, size) - 2
        if end > start:
            nodes.append(Line(start, y, end, y, LEADER))
    y += 18
    nodes.append(Text(x, y, "How to print", 6, font="bold"))
    lines = [
        ("Paper", f"{options.paper.describe()}, {options.margin_mm:g} mm margins"),
        ("Mode", MODE_TEXT[options.mode].format(bleed=options.bleed_mm)),
        ("Backs", BACKS_TEXT[options.backs]),
        ("Scale", "print at 100 %: switch off “fit to page”; the ruler on every page must "
                  "measure 50 mm"),
    ]
    two_sided = [r for s, r in zip(sections, ranges) if s.double_sided]
    if two_sided:
        lines.insert(3, ("Sides", f"{_page_list(two_sided)} double-sided (flip on long edge); "
                                  "every other page one-sided"))
    for key, value in lines:
        y += 7
        nodes.append(Text(x, y, key, 3.8, font="bold"))
        nodes.append(Text(x + 18, y, value, fonts.fit_size(value, area.w - 18, 3.8)))
    y += 16
    made = f"Made with boardgen {cover.version}" if cover.version else "Made with boardgen"
    if cover.layout_file:
        made += f" from the layout file {cover.layout_file}"
    nodes.append(Text(x, y, made, fonts.fit_size(made, area.w, 3.4), fill=MUTED))
    symbols = ruler_symbols()
    if cover.picture is not None:
        room = Box(area.x, y + 10, area.w, area.bottom - y - 10)
        nodes += _picture(cover.picture, room)
        symbols = {**cover.picture.symbols, **symbols, PICTURE_ID: cover.picture.children}
    nodes += footer(footer_box(page_w, page_h, options.margin_mm), "Cover", cover.title)
    return Scene(page_w, page_h, tuple(nodes), symbols=symbols, title=f"{cover.title}: cover")


def entry_title(section: Section, game_title: str) -> str:
    """A section's title in the contents, without the game's name the cover already shows."""
    title = section.title.removeprefix(f"{game_title}: ") or section.title
    title = title[0].upper() + title[1:]
    return f"{title} (two-sided)" if section.double_sided else title


def _page_list(ranges: list[tuple[int, int]]) -> str:
    """"page 7", "pages 7–8", "pages 7–8 and 12–40", "pages 3, 7–8 and 12–40"."""
    parts = [f"{a}" if a == b else f"{a}–{b}" for a, b in ranges]
    if len(parts) == 1:
        return f"page {parts[0]}" if ranges[0][0] == ranges[0][1] else f"pages {parts[0]}"
    return f"pages {', '.join(parts[:-1])} and {parts[-1]}"


def _picture(picture: Scene, room: Box) -> list[Node]:
    """The picture scaled to fit ``room``, centred, with a thin frame."""
    if room.w < 20 or room.h < 20:
        return []
    f = min(room.w / picture.width, room.h / picture.height, 1.0)
    w, h = picture.width * f, picture.height * f
    x, y = room.x + (room.w - w) / 2, room.y + (room.h - h) / 2
    return [Group((Use(PICTURE_ID),), compose(translate(x, y), scale(f))),
            Rect(x, y, w, h, FRAME)]
