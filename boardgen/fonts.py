"""The project's typeface: Fira Sans from the ``fontpkg-fira-sans`` package.

Every PDF embeds (and subsets) these files, PNGs are rasterised with them, and text
is measured with them, so output never depends on the fonts a machine has.
"""

from __future__ import annotations

import hashlib
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from typing import Callable

from boardgen.cache import file_digest, in_cache, stored, write_file

FAMILY = "Fira Sans"
FILES = {
    "regular": "FiraSans-Regular.ttf",
    "bold": "FiraSans-SemiBold.ttf",
    "italic": "FiraSans-Italic.ttf",
}
# Weight and style of each face as SVG/CSS names them.
CSS = {
    "regular": ("normal", "normal"),
    "bold": ("600", "normal"),
    "italic": ("normal", "italic"),
}


@lru_cache(maxsize=None)
def font_dir() -> Path:
    """Folder of the packaged font files."""
    import fontpkg_fira_sans

    return Path(fontpkg_fira_sans.__file__).parent / "files"


def font_path(face: str) -> Path:
    """The packaged file of one face (regular, bold or italic)."""
    return font_dir() / FILES[face]


def _derived_face(face: str, variant: str, make: Callable[[bytes], bytes]) -> Path:
    """The packaged ``face`` remade by ``make``, in the cache under the packaged file's
    digest and ``variant`` (what ``make`` makes), made once. With nowhere to write at all,
    the packaged file itself: larger PDFs, or PNGs from the unchanged face, rather than none."""
    source = font_path(face)
    data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    try:
        return in_cache(f"{source.stem}-{digest}-{variant}.ttf",
                        lambda target: write_file(target, make(data)))
    except OSError:
        return source


def embedding_path(face: str) -> Path:
    """The face without TrueType hinting, made once and cached.

    Hinting only helps screens at small pixel sizes. Print needs none, and without
    it every subset embedded in a PDF is about half the size.
    """
    return _derived_face(face, f"unhinted-{UNHINTED_VERSION}", _unhinted)


UNHINTED_VERSION = 2  # what ``_unhinted`` makes; a new one is kept under a new name


def drawing_path(face: str) -> Path:
    """The face the PNG renderer draws with: the packaged file, hinting kept for pixels, with
    the narrow no-break space added as for print (without it, fontconfig drew French
    spaces before ``; : ! ?`` from a fallback font, a full space wide). Made once and cached.
    """
    return _derived_face(face, f"drawing-{DRAWING_VERSION}", _with_narrow_space)


DRAWING_VERSION = 1  # what ``_with_narrow_space`` makes


def _with_narrow_space(data: bytes) -> bytes:
    import io

    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    _add_narrow_no_break_space(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _unhinted(data: bytes) -> bytes:
    import io

    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    glyphs = font["glyf"]
    for name in font.getGlyphOrder():
        glyphs[name].removeHinting()
    for tag in ("fpgm", "prep", "cvt ", "hdmx", "VDMX", "LTSH"):
        if tag in font:
            del font[tag]
    _add_narrow_no_break_space(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


NARROW_NO_BREAK_SPACE = 0x202F


def _add_narrow_no_break_space(font) -> None:
    """Give the face the narrow no-break space, which Fira Sans 4.203 lacks.

    French sets it before ``; : ! ?`` and inside « guillemets ». The glyph is empty and a
    sixth of an em wide, as French typesetting's thin space; it goes at the end of the
    glyph order, so every other glyph keeps its number and text without it embeds and
    prints as before.
    """
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    if NARROW_NO_BREAK_SPACE in font.getBestCmap():
        return
    name = "uni202F"
    font.setGlyphOrder([*font.getGlyphOrder(), name])
    font["glyf"][name] = Glyph()
    font["hmtx"][name] = (round(font["head"].unitsPerEm / 6), 0)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[NARROW_NO_BREAK_SPACE] = name


@lru_cache(maxsize=None)
def registered_name(face: str) -> str:
    """Register the face with reportlab once and return its PDF font name."""
    from reportlab.pdfbase import pdfmetrics

    name = "FiraSans-" + face.capitalize()
    pdfmetrics.registerFont(_tagged_font_class()(name, read_face(embedding_path(face))))
    return name


def read_face(path: Path):
    """reportlab's reading of a font file (its character map, widths and glyph places).

    reportlab takes about 5 ms to read a face, and 1 ms to load what it read from the
    cache, where it is kept under the file's digest and reportlab's version.
    """
    from reportlab import Version
    from reportlab.pdfbase import ttfonts

    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    fields = stored(f"reportlab-{Version}/{path.stem}-{digest}",
                    lambda: _plain_fields(ttfonts.TTFontFace(str(path))))
    face = ttfonts.TTFontFace.__new__(ttfonts.TTFontFace)
    names = set(fields.pop(NAMES))
    face.__dict__.update({key: ttfonts.TTFNameBytes(value) if key in names else value
                          for key, value in fields.items()})
    face.filename, face._ttf_data = str(path), data
    units = face.unitsPerEm  # reportlab's scale from font units to its 1000 per em
    face._pdfScale = (lambda x: x) if units == 1000 else (lambda x: x * (1000 / units))
    return face


NAMES = "(names)"  # the key that lists which fields are reportlab's name strings


def _plain_fields(face) -> dict:
    """A face's fields as plain data, without its file and its scale function."""
    from reportlab.pdfbase import ttfonts

    fields = {key: bytes(value) if isinstance(value, ttfonts.TTFNameBytes) else value
              for key, value in vars(face).items()
              if key not in ("filename", "_ttf_data", "_pdfScale")}
    fields[NAMES] = [key for key, value in vars(face).items()
                     if isinstance(value, ttfonts.TTFNameBytes)]
    return fields


def subset_tag(font_name: str, codes: list[int], taken: set[str]) -> str:
    """The six capital letters before a subset's font name in a PDF, from a hash of its glyphs.

    Preflight tools expect each subset to have its own tag; a hash keeps the tag the
    same on every rebuild. Should two subsets of one file ever hash alike, the next
    hash is taken.
    """
    seed = f"{font_name}:{','.join(map(str, codes))}".encode()
    while True:
        digest = hashlib.sha256(seed).digest()
        tag = "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
        if tag not in taken:
            taken.add(tag)
            return tag
        seed = digest


@lru_cache(maxsize=None)
def _tagged_font_class() -> type:
    """reportlab's TrueType font, naming each subset it embeds with its own tag.

    reportlab names subset n of every font after n alone (AAAAAA+, AAAAAB+, ...), so
    every font's first subset shares one tag; its naming hook is swapped while the
    font writes its objects. The font is made of a face already read (see ``read_face``).
    """
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase import ttfonts

    class TaggedTTFont(ttfonts.TTFont):
        def __init__(self, name: str, face: ttfonts.TTFontFace) -> None:
            """The font of a face already read (``read_face``), with the fields reportlab's
            own constructor gives it; that constructor would read the file again."""
            self.fontName = name
            self.face = face
            self.encoding = ttfonts.TTEncoding()
            self.state = WeakKeyDictionary()
            self._asciiReadable = rl_config.ttfAsciiReadable
            self.shapable = not any(fnmatch(name, glob) for glob in ttfonts.unShapedFontGlob)

        def addObjects(self, doc) -> None:
            subsets = self.state[doc].subsets if doc in self.state else []
            taken = doc.__dict__.setdefault("_boardgen_subset_tags", set())
            name = self.face.name.decode("latin-1")
            tags = [subset_tag(name, list(codes), taken).encode() for codes in subsets]
            numbered = ttfonts.SUBSETN
            ttfonts.SUBSETN = lambda n: tags[n] if n < len(tags) else numbered(n)
            try:
                super().addObjects(doc)
            finally:
                ttfonts.SUBSETN = numbered

    return TaggedTTFont


@lru_cache(maxsize=None)
def drawn_characters() -> frozenset[str]:
    """Every character each face has a glyph for (Latin, Greek and Cyrillic letters, digits,
    punctuation and common symbols): a text of any other character would print as a box.

    Read once from the font files' character maps and kept in the cache.
    """
    drawn: set[int] | None = None
    for face in FILES:
        path = font_path(face)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        codes = set(stored(f"cmap/{path.stem}-{digest}", lambda path=path: _character_map(path)))
        drawn = codes if drawn is None else drawn & codes
    drawn = (drawn or set()) | {NARROW_NO_BREAK_SPACE}  # every face is given it when embedded
    return frozenset(map(chr, drawn))


def _character_map(path: Path) -> list[int]:
    from fontTools.ttLib import TTFont

    return sorted(TTFont(str(path), lazy=True).getBestCmap())


def text_width(text: str, size_mm: float, face: str = "regular") -> float:
    """Advance width of ``text`` in mm at a font size of ``size_mm``."""
    return unit_width(text, face) * size_mm


@lru_cache(maxsize=65536)
def unit_width(text: str, face: str) -> float:
    """Width at size 1, as printed (without soft hyphens); typesetting measures the same
    words many times."""
    return _font(face).stringWidth(without_soft_hyphens(text), 1.0)


SOFT_HYPHEN = "\u00ad"


def without_soft_hyphens(text: str) -> str:
    """``text`` as printed: a soft hyphen marks where a word may break and is never drawn
    (where a line breaks there, the typesetter prints a hyphen of its own)."""
    return text.replace(SOFT_HYPHEN, "") if SOFT_HYPHEN in text else text


@lru_cache(maxsize=None)
def _font(face: str):
    """reportlab's font object of a face, registered."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(registered_name(face))


def fit_size(text: str, max_width_mm: float, size_mm: float, face: str = "regular") -> float:
    """The largest size up to ``size_mm`` at which ``text`` fits in ``max_width_mm``."""
    width = text_width(text, size_mm, face)
    return size_mm if width <= max_width_mm else size_mm * max_width_mm / width


# The family name SVG files give the embedded faces. It is boardgen's own, so a
# browser draws exactly the embedded subset and never a "Fira Sans" the machine has.
EMBEDDED_FAMILY = "boardgen Fira Sans"


@lru_cache(maxsize=256)
def subset_woff(face: str, characters: str) -> bytes:
    """The unhinted face cut down to ``characters`` as WOFF: the same bytes on every run.

    No layout features are kept, so a browser neither kerns nor joins ligatures,
    and text is as wide as ``text_width`` measures it (and the PDF prints it).
    A cut takes tens of milliseconds and every build of a game asks for the same ones:
    each is kept in the cache under the face's digest, the characters and the version of
    the code that cuts it.
    """
    key = hashlib.sha256(characters.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return stored(f"woff/{_cutting_version()}/{FILES[face][:-4]}-{_face_digest(face)}-{key}",
                  lambda: _cut_woff(face, characters))


def _cut_woff(face: str, characters: str) -> bytes:
    """``subset_woff`` made afresh."""
    import io

    from fontTools.ttLib import TTFont

    latin = REPERTOIRE.issuperset(characters) and not _drawn(face).isdisjoint(characters)
    source = _repertoire_face(face) if latin else _plain_face(face)
    font = TTFont(io.BytesIO(source), recalcTimestamp=False)
    font.flavor = "woff"
    return _subset(font, characters, _subset_options(woff=True))


@lru_cache(maxsize=None)
def _face_digest(face: str) -> str:
    """A short digest of a packaged face's file."""
    return hashlib.sha256(font_path(face).read_bytes()).hexdigest()[:16]


@lru_cache(maxsize=None)
def _cutting_version() -> str:
    """What the cut subsets depend on besides the face: this module and fontTools."""
    import fontTools

    return f"{file_digest(Path(__file__))}-ft{fontTools.version}"


# The characters of Latin-script text: a subset of these is cut from a face already cut
# down to them, in half the time of a cut from the whole face, and is the same bytes.
REPERTOIRE = frozenset(chr(code) for code in (
    *range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2010, 0x2070),
    0x20AC, 0x2122, 0x2190, 0x2192, 0x2212, 0xFFFD))


@lru_cache(maxsize=None)
def _repertoire_face(face: str) -> bytes:
    """The plain face cut down to ``REPERTOIRE`` (every name kept), made once per process."""
    import io

    from fontTools.ttLib import TTFont

    options = _subset_options(woff=False)
    options.name_IDs = ["*"]  # the final cut picks its names from all of them
    font = TTFont(io.BytesIO(_plain_face(face)), recalcTimestamp=False)
    return _subset(font, "".join(sorted(REPERTOIRE)), options)


@lru_cache(maxsize=None)
def _drawn(face: str) -> frozenset[str]:
    """The characters of ``REPERTOIRE`` the face has glyphs for (a cut of none of them
    from the repertoire face would keep its character range, not the whole face's)."""
    import io

    from fontTools.ttLib import TTFont

    cmap = TTFont(io.BytesIO(_repertoire_face(face))).getBestCmap()
    return frozenset(chr(code) for code in cmap)


def _subset_options(woff: bool):
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []  # no kerning or ligatures: widths as measured
    options.hinting = False
    options.name_IDs = [0, 1, 2, 13]  # copyright, family, style, licence (OFL asks for them)
    options.notdef_outline = True
    options.recalc_timestamp = False
    if woff:
        options.flavor = "woff"
    return options


def _subset(font, characters: str, options) -> bytes:
    """``font`` cut down to ``characters`` with ``options``, saved."""
    import io

    from fontTools import subset

    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(char) for char in characters}))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


@lru_cache(maxsize=None)
def _plain_face(face: str) -> bytes:
    """The unhinted face without its layout tables, made once per process.

    Kerning and ligatures are not wanted in the subsets, and reading these tables
    is nearly all the time a subset takes.
    """
    import io

    from fontTools.ttLib import TTFont

    font = TTFont(str(embedding_path(face)), recalcTimestamp=False)
    for tag in ("GSUB", "GPOS", "GDEF", "kern"):
        if tag in font:
            del font[tag]
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
