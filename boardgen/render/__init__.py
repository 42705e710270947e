"""Renderer registry shared by the command line and the tests.

Each renderer takes a scene (the PDF renderer also a Document) and returns bytes.
Modules are imported on first use so a command loads only what it writes.
``FORMATS`` also names the exports made from rendered pictures (``boardgen.export``):
``tgc`` (print-service images) and ``tts`` (a Tabletop Simulator saved object).
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

RENDERERS = ("pdf", "svg", "png")
FORMATS = (*RENDERERS, "tgc", "tts")
_RENDERERS = {
    "svg": ("boardgen.render.svg", "render_svg"),
    "pdf": ("boardgen.render.pdf", "render_pdf"),
    "png": ("boardgen.render.png", "render_png"),
}


def renderer(fmt: str) -> Callable[..., bytes]:
    """The render function for ``fmt`` ("svg", "pdf" or "png")."""
    module, name = _RENDERERS[fmt]
    return getattr(import_module(module), name)
