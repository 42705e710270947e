"""Print-service images: every distinct piece face and back at 300 dpi with 1/8 in bleed.

Print services such as The Game Crafter take one image per face, cut to the trim
after printing: a poker card (63.5 × 88.9 mm) is 825 × 1125 px. The bleed is the
artwork itself continued past the trim (mirrored at the edge, as shop-mode pages
do it), so a cut that drifts shows the card's own colours, never white.
``manifest.csv`` says how many copies of each file to order, which side it is and the
product it is for: a deck by its card size, any other piece as a punchout of its shape
and trim size (a net to fold says so).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from boardgen import limits
from boardgen.imposition.shop import bleed_nodes
from boardgen.layout import safe_identifier
from boardgen.product import ComponentSet, GameOutput
from boardgen.scene import Circle, Group, Node, Rect, Scene, Style, top_nodes, translate

FOLDER = "tgc"
DPI = 300
BLEED_MM = 25.4 / 8          # 1/8 in on every side
ART_SYMBOL = "tgc-face-art"  # the face drawn once and mirrored into the bleed


@dataclass(frozen=True)
class Face:
    """One image to upload: its file name, artwork, copies to print and side."""

    file: str
    scene: Scene
    count: int
    side: str  # "front" or "back"

    @property
    def product(self) -> str:
        return product(self.scene)


# Card sizes print services sell decks of (portrait, mm), by the deck's name.
DECKS = {(63.5, 88.9): "Poker Deck", (57.15, 88.9): "Bridge Deck", (44.45, 63.5): "Mini Deck",
         (69.85, 120.65): "Tarot Deck"}
SIZE_TOLERANCE_MM = 0.5


def product(scene: Scene) -> str:
    """The print-service product a face is for: a deck by its card size; any other piece a
    punchout named by its shape and trim size ("circle punchout 32 mm")."""
    from boardgen.export.tts import fold_faces, is_round

    w, h = scene.width, scene.height
    for (dw, dh), name in DECKS.items():
        if any(abs(a - b) <= SIZE_TOLERANCE_MM and abs(c - d) <= SIZE_TOLERANCE_MM
               for (a, c), (b, d) in [((w, h), (dw, dh)), ((h, w), (dw, dh))]):
            return name
    if is_round(scene):
        return f"circle punchout {w:g} mm"
    shape = "square" if abs(w - h) < 1e-6 else "rectangle"
    size = f"{w:g} mm" if shape == "square" else f"{w:g} × {h:g} mm"
    folds = " (net, folds)" if fold_faces(scene) is not None else ""
    return f"{shape} punchout {size}{folds}"


def with_bleed(scene: Scene, bleed: float = BLEED_MM) -> Scene:
    """The artwork on a canvas ``bleed`` larger on every side, its background carried outwards.

    A face drawn on a background (a full-size rectangle or disc, or a card inset in a
    white paper frame) gets that background's colour under the whole canvas, the frame
    left out; any other face is mirrored at its edges into the bleed.
    """
    w, h = scene.width, scene.height
    nodes = top_nodes(scene)
    colour, frame = _background(nodes, w, h)
    if colour is None:
        symbols = {**scene.symbols, ART_SYMBOL: scene.children}
        art: tuple[Node, ...] = (Group(tuple(bleed_nodes(ART_SYMBOL, w, h, bleed)),
                                       translate(bleed, bleed)),)
    else:
        symbols = dict(scene.symbols)
        art = (Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style(fill=colour)),
               Group(nodes[1:] if frame else nodes, translate(bleed, bleed)))
    return Scene(w + 2 * bleed, h + 2 * bleed, art, symbols=symbols, title=scene.title)


def _background(nodes: tuple[Node, ...], w: float, h: float) -> tuple[str | None, bool]:
    """The colour under the whole face, and whether the first node is a paper frame to drop."""
    if not nodes or not _covers(nodes[0], w, h):
        return None, False
    first = nodes[0]
    inset = nodes[1] if len(nodes) > 1 else None
    if (_is_white(first.style.fill) and isinstance(inset, Rect) and inset.style.fill
            and inset.w >= 0.8 * w and inset.h >= 0.8 * h):
        return inset.style.fill, True  # a card printed inside a white frame
    return first.style.fill, False


def _covers(node: Node, w: float, h: float) -> bool:
    """A filled rectangle over the whole face, or a filled disc touching all four edges."""
    eps = 1e-6
    if isinstance(node, Rect):
        return (node.style.fill is not None and node.style.opacity == 1.0 and node.x <= eps
                and node.y <= eps and node.x + node.w >= w - eps and node.y + node.h >= h - eps)
    if isinstance(node, Circle):
        return (node.style.fill is not None and node.style.opacity == 1.0
                and abs(node.cx - w / 2) < eps and abs(node.cy - h / 2) < eps
                and node.r >= max(w, h) / 2 - eps)
    return False


def _is_white(colour: str | None) -> bool:
    return colour is not None and colour.lower() in ("#fff", "#ffffff", "white")


def faces(output: GameOutput) -> list[Face]:
    """Every distinct face and back of every component set, with the copies each needs."""
    found: dict[tuple[str, str], Face] = {}
    for component_set in output.component_sets:
        for file, scene, count, side in _set_faces(component_set):
            key = (file, side)
            if key in found:
                count += found[key].count
            found[key] = Face(file, scene, count, side)
    return list(found.values())


def _set_faces(component_set: ComponentSet):
    """(file, artwork, copies, side) of each component's front and back."""
    backs = [(scene, f"{stem}.png") for stem, name, scene in component_set.faces()
             if name.endswith(" back")]
    for component in component_set.components:
        if component.count <= 0:
            continue
        front = f"{safe_identifier(f'{component_set.name}-{component.name}')}.png"
        yield front, component.front, component.count, "front"
        back = component.back
        if back is None:
            continue
        file = front if back == component.front else next(f for scene, f in backs if scene == back)
        yield file, back, component.count, "back"


def manifest(faces_: list[Face]) -> bytes:
    """``manifest.csv``: file, copies, side and product of every image, in the order they are
    listed."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["file", "count", "side", "product"])
    for face in faces_:
        writer.writerow([face.file, face.count, face.side, face.product])
    return buffer.getvalue().encode("utf-8")


def tgc_files(output: GameOutput, render_png=None) -> dict[str, bytes]:
    """``tgc/<face>.png`` for every distinct face and back, and ``tgc/manifest.csv``.

    ``render_png``: what draws the pictures ``pictures`` lists (by default the PNG renderer).
    """
    from boardgen.render import renderer

    render_png = render_png or renderer("png")
    faces_ = faces(output)
    files = {f"{FOLDER}/{face.file}": render_png(with_bleed(face.scene), dpi=DPI)
             for face in faces_}
    files[f"{FOLDER}/manifest.csv"] = manifest(faces_)
    return files


def pictures(output: GameOutput) -> list[tuple[Scene, int]]:
    """(artwork, dpi) of every PNG ``tgc_files`` draws."""
    return [(with_bleed(face.scene), DPI) for face in faces(output)]


def problems(output: GameOutput) -> list[str]:
    """Images that would be too large, too many or too many pixels together at 300 dpi."""
    faces_ = faces(output)
    images = {face.file: with_bleed(face.scene) for face in faces_}
    if len(images) > limits.MAX_PICTURE_FILES:
        return [f"--format tgc would write {len(images)} images; at most "
                f"{limits.MAX_PICTURE_FILES}"]
    found = [f"--format tgc: {FOLDER}/{file} would be {w} × {h} px at {DPI} dpi; at most "
             f"{limits.MAX_PNG_PIXELS:,} px and {limits.MAX_PNG_SIDE_PX} px a side"
             for file, scene in images.items()
             for w, h in [limits.png_size(scene, DPI)]
             if max(w, h) > limits.MAX_PNG_SIDE_PX or w * h > limits.MAX_PNG_PIXELS]
    total = sum(w * h for w, h in (limits.png_size(s, DPI) for s in images.values()))
    if not found and total > limits.MAX_KIT_PNG_PIXELS:
        found.append(f"--format tgc would write {total:,} px at {DPI} dpi; at most "
                     f"{limits.MAX_KIT_PNG_PIXELS:,}")
    return found
