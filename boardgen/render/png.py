"""Scene → PNG through the SVG and cairosvg, with the project's own font.

cairosvg needs the system cairo library; it is imported only when a PNG is
asked for, so SVG and PDF output work on machines without it.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from boardgen import fonts
from boardgen.errors import InputError
from boardgen.render.svg import render_svg
from boardgen.scene import Scene


@lru_cache(maxsize=None)
def _use_project_fonts() -> None:
    """Point fontconfig at the packaged font files before cairo starts.

    The configuration lives in the font cache (see ``fonts.in_cache``), in a folder
    named after the font files' location, so two installations never share (or break)
    each other's links.
    """
    source = fonts.font_dir()
    digest = hashlib.sha256(str(source).encode()).hexdigest()[:12]
    try:
        conf = fonts.in_cache(f"fontconfig-{digest}/fonts.conf", _write_font_config)
    except OSError:  # no folder to write in at all: the system's fonts rather than no PNG
        return
    os.environ.setdefault("FONTCONFIG_FILE", str(conf))


def _write_font_config(conf: Path) -> None:
    """A fontconfig file listing only the faces the renderers use, so none is swapped for a sibling."""
    face_dir = conf.parent / "faces"
    face_dir.mkdir(exist_ok=True)
    for face, name in fonts.FILES.items():
        link = face_dir / name
        if not link.is_symlink():
            try:
                link.symlink_to(fonts.font_path(face))
            except FileExistsError:  # another boardgen made it just now
                pass
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"  <dir>{escape(str(face_dir))}</dir>\n"
            f"  <cachedir>{escape(str(conf.parent / 'cache'))}</cachedir>\n"
            '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
            "</fontconfig>\n")
    fonts.write_file(conf, text.encode("utf-8"))


@lru_cache(maxsize=None)
def _svg2png():
    _use_project_fonts()
    try:
        import cairosvg
    except (ImportError, OSError) as exc:
        raise InputError(
            "PNG output needs the cairo library (Debian/Ubuntu: apt install libcairo2; "
            f"macOS: brew install cairo); SVG and PDF work without it ({exc})",
            source="--format png",
        ) from None
    return cairosvg.svg2png


def render_png(scene: Scene, dpi: int = 150) -> bytes:
    """The scene rasterised at ``dpi`` dots per inch on a white background."""
    return _svg2png()(bytestring=render_svg(scene), dpi=dpi, background_color="white")
