"""Scene → PNG: through the SVG and cairosvg, or through the PDF and pdfium without cairo.

cairosvg needs the system cairo library, which Windows and macOS rarely have; it is
imported only when a PNG is asked for. Where it cannot load, the scene's PDF page is
rasterised by pdfium (pypdfium2 ships its own binary) at the same pixel size, with the
same embedded font, so a PNG comes out on any machine.

cairosvg draws on an opaque white surface, and the file is written here rather than
by cairo: RGB rows without PNG filters, deflated at a low level. Flat artwork packs as
small that way as cairo's RGBA with adaptive filters, and writing takes a quarter of
the time (writing, not drawing, was most of a PNG's cost).
"""

from __future__ import annotations

import hashlib
import io
import os
import struct
import zlib
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from boardgen import fonts
from boardgen.cache import in_cache, write_file
from boardgen.render.svg import render_svg
from boardgen.scene import Document, Scene

MM_PER_INCH = 25.4
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@lru_cache(maxsize=None)
def _use_project_fonts() -> None:
    """Point fontconfig at the packaged font files before cairo starts.

    The configuration lives in the font cache (see ``boardgen.cache.in_cache``), in a folder
    named after the font files' location, so two installations never share (or break)
    each other's links. It replaces a ``FONTCONFIG_FILE`` set before, for this process
    only: a configuration of the user's could swap the faces for others. The system's
    configuration is read after boardgen's, for the rest of fontconfig's settings.
    """
    source = fonts.font_dir()
    digest = hashlib.sha256(str(source).encode()).hexdigest()[:12]
    try:
        conf = in_cache(f"fontconfig-{digest}-3/fonts.conf", _write_font_config)
    except OSError:  # no folder to write in at all: the system's fonts rather than no PNG
        return
    os.environ["FONTCONFIG_FILE"] = str(conf.absolute())


def _write_font_config(conf: Path) -> None:
    """A fontconfig file listing only the faces the renderers use, so none is swapped for a sibling."""
    face_dir = conf.parent / "faces"
    face_dir.mkdir(exist_ok=True)
    for face, name in fonts.FILES.items():
        link = face_dir / name
        if not link.is_symlink():
            try:
                link.symlink_to(fonts.drawing_path(face))
            except FileExistsError:  # another boardgen made it just now
                pass
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"  <dir>{escape(str(face_dir))}</dir>\n"
            f"  <cachedir>{escape(str(conf.parent / 'cache'))}</cachedir>\n"
            '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
            # The family name SVG files give their embedded subsets is this Fira Sans.
            f'  <alias binding="same"><family>{escape(fonts.EMBEDDED_FAMILY)}</family>'
            f"<prefer><family>{escape(fonts.FAMILY)}</family></prefer></alias>\n"
            "</fontconfig>\n")
    write_file(conf, text.encode("utf-8"))


@lru_cache(maxsize=None)
def _svg2png():
    """cairosvg's converter, or None where the cairo library cannot be loaded."""
    _use_project_fonts()
    try:
        import cairosvg
    except (ImportError, OSError):
        return None
    return cairosvg.svg2png


def backend() -> str:
    """Which rasteriser makes PNG files here: "cairo", or "pdfium" where cairo is missing."""
    return "cairo" if _svg2png() is not None else "pdfium"


def render_png(scene: Scene, dpi: int = 150, svg: bytes | None = None) -> bytes:
    """The scene rasterised at ``dpi`` dots per inch on a white background.

    ``svg``: the scene's SVG when the caller has already rendered it (it is not drawn again).
    """
    if _svg2png() is None:
        return with_resolution(_pdfium_png(scene, dpi), dpi)
    return _cairo_png(svg or render_svg(scene, embed_fonts=False), dpi)


def _cairo_png(svg: bytes, dpi: int) -> bytes:
    """The SVG drawn by cairosvg at ``dpi`` on white, as an RGB PNG saying its resolution."""
    from cairosvg.parser import Tree

    surface = _white_surface_class()(Tree(bytestring=without_style(svg)), None, dpi).cairo
    surface.flush()
    try:
        return png_file_of_rows(_surface_rows(surface), surface.get_width(),
                                surface.get_height(), dpi)
    finally:
        surface.finish()


BAND_BYTES = 1 << 20  # the RGB rows converted and deflated at a time


def _surface_rows(surface):
    """A cairo RGB24 surface's pixels as bands of 8-bit RGB rows, top first.

    A band at a time: the whole picture once more as RGB (and once more with each row's
    filter byte) would take more memory than the surface itself.
    """
    from PIL import Image

    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = memoryview(surface.get_data())
    rows = max(1, BAND_BYTES // (3 * width or 1))
    for top in range(0, height, rows):
        count = min(rows, height - top)
        band = data[top * stride:(top + count) * stride]
        yield Image.frombuffer("RGB", (width, count), band, "raw", "BGRX", stride, 1).tobytes()


def without_style(svg: bytes) -> bytes:
    """The SVG without its style sheet, which holds only what cairosvg ignores.

    The sheet embeds the fonts (cairosvg draws with fontconfig's faces, set up in
    ``_use_project_fonts``) and switches off kerning and ligatures (cairosvg makes
    neither); parsing its base64 data took cairosvg longer than drawing a card.
    """
    start = svg.find(b"<style")
    end = svg.find(b"</style>", start)
    if start < 0 or end < 0:
        return svg
    return svg[:start] + svg[end + len(b"</style>"):]


@lru_cache(maxsize=None)
def _white_surface_class():
    """cairosvg's PNG surface, drawing on an opaque surface painted white to its last pixel.

    cairosvg's own background covers the picture's exact size, so a row or column of
    pixels that the size rounds up to stayed part transparent; here every pixel is opaque
    and the file needs no alpha channel.
    """
    import cairocffi
    from cairosvg.surface import PNGSurface

    class WhiteSurface(PNGSurface):
        def _create_surface(self, width, height):
            width, height = int(round(width)), int(round(height))
            surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, width, height)
            context = cairocffi.Context(surface)
            context.set_source_rgb(1, 1, 1)
            context.paint()
            return surface, width, height

    return WhiteSurface


PNG_LEVEL = 3  # deflate level: higher levels take twice as long for a tenth less


def png_file(rgb: bytes, width: int, height: int, dpi: float) -> bytes:
    """A PNG of 8-bit RGB pixel rows (top row first), with its resolution (see ``with_resolution``)."""
    return png_file_of_rows((rgb,), width, height, dpi)


def png_file_of_rows(bands, width: int, height: int, dpi: float) -> bytes:
    """A PNG of 8-bit RGB pixel rows given in bands of whole rows (top first).

    Each band is deflated as it comes: the file is the same bytes as of all rows at once
    (deflate waits for input to look ahead), and only a band is held at a time.
    """
    line = width * 3
    deflate = zlib.compressobj(PNG_LEVEL)
    parts = []
    for rgb in bands:
        rows = b"".join(b"\0" + rgb[start:start + line] for start in range(0, len(rgb), line))
        parts.append(deflate.compress(rows))
    parts.append(deflate.flush())
    return PNG_SIGNATURE + b"".join((
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
        _chunk(b"pHYs", _phys(dpi)),
        _chunk(b"IDAT", b"".join(parts)),
        _chunk(b"IEND", b"")))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _phys(dpi: float) -> bytes:
    """The body of a pHYs chunk: pixels per metre, both ways."""
    per_metre = round(dpi / MM_PER_INCH * 1000)
    return struct.pack(">IIB", per_metre, per_metre, 1)


def with_resolution(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk saying its pixels per metre, so image programs show it
    at its real size; any resolution chunk it had is replaced."""
    if not png.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG file")
    phys = _chunk(b"pHYs", _phys(dpi))
    chunks, offset = [], len(PNG_SIGNATURE)
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        end = offset + 12 + length
        if kind != b"pHYs":
            chunks.append(png[offset:end])
        if kind == b"IHDR":
            chunks.append(phys)
        offset = end
    return PNG_SIGNATURE + b"".join(chunks)


def _pdfium_png(scene: Scene, dpi: int) -> bytes:
    """The scene's PDF page rasterised by pdfium, sized as cairosvg sizes it."""
    import pypdfium2

    from boardgen.render.pdf import render_pdf

    document = pypdfium2.PdfDocument(render_pdf(Document((scene,))))
    try:
        image = document[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil()
    finally:
        document.close()
    size = (round(scene.width / MM_PER_INCH * dpi), round(scene.height / MM_PER_INCH * dpi))
    if image.size != size:
        image = image.resize(size)
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
