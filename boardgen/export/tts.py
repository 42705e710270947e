"""A Tabletop Simulator saved object: the board, the decks, the tiles and tokens.

``tts/<game>.json`` is written as Tabletop Simulator writes a saved object (a save
whose ``ObjectStates`` are the objects), with the images it names beside it:

- the board as a ``Custom_Board``;
- each card set as a ``DeckCustom``: its distinct faces on sheets of at most 10 × 7
  cards and 4096 px a side, the last slot of a sheet holding the card back as the
  "hidden" image, ``DeckIDs`` listing every copy (card id = sheet number × 100 +
  slot) and one ``Card`` per copy in ``ContainedObjects``;
- other pieces in one ``Bag`` per set: two-sided ones as ``Custom_Tile`` (front and
  back image; a disc is a round tile, ``Type`` 2), one-sided ones as ``Custom_Token``;
  their images are transparent outside the piece, so the table cuts them out;
- a piece printed as a net to fold goes to the table as what the fold makes: two halves
  folded back to back as a two-sided tile, a piece that stands on a foot as a
  ``Figurine_Custom`` showing its front and back;
- every object scaled so that boards, cards and pieces keep their printed sizes
  relative to each other (see ``object_scale``);
- a die with pictures on its faces (from a die net sheet) as a ``Custom_Dice``: one
  image with the six faces where Tabletop Simulator's six-sided die template has them.

Images are named by ``file:///`` URLs of where they are written, as Tabletop
Simulator's "local file" import names them: such a save works on the machine it was
built on. GUIDs are hashes of the objects' names, so a rebuild is byte-identical.
Printed sheets (a score pad, the die net itself) are left to the PDFs.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

from boardgen import limits
from boardgen.layout import safe_identifier
from boardgen.product import Component, ComponentSet, Die, GameOutput
from boardgen.scene import Circle, Group, Line, Rect, Scene, compose, top_nodes
from boardgen.scene import scale as scaled
from boardgen.scene import translate

FOLDER = "tts"
MAX_SIDE_PX = 4096        # the largest texture Tabletop Simulator is advised to load
MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_GRID = 2              # a card sheet is at least 2 × 2
BOARD_DPI = 150
PIECE_DPI = 300
CARD_MIN_SIDE_MM = 40.0   # two-sided pieces this large, all alike in size, are cards in a deck
MIN_CELL_PX = 64          # a card image smaller than this is not worth a deck

# Tabletop Simulator's six-sided custom die template (Steam folder "Tabletop Simulator/
# Modding/Dice Templates", see kb.tabletopsimulator.com/custom-content/custom-dice) is a
# 2048 px square whose lower two thirds hold the faces, 630 px squares at these top-left
# corners: 2 4 5 in the middle row, 1 3 6 in the bottom row; the top third is not used.
# The corners are those of a published generator of such textures (Wen-Qualtu/kt-datacards,
# generate_dice: FACE_COORDS). ``CustomDice.Type`` 1 is the six-sided die
# (api.tabletopsimulator.com, Custom Game Objects: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20).
D6_TEMPLATE_PX = 2048
D6_FACE_PX = 630
D6_CORNERS = {1: (20, 1403), 2: (20, 711), 3: (711, 1403), 4: (711, 711), 5: (1399, 711),
              6: (1399, 1403)}
DICE_TYPES = {6: 1}  # faces → CustomDice.Type, for the dice whose template is known


# How large Tabletop Simulator shows an object of scale 1, as measured against saved
# objects of printed games: a card is 3.5 in tall whatever its image's pixels; a board,
# tile, token or figure made from an image is about 1.32 in tall, its width following the
# image's proportions. Scaling every object by its printed height over these keeps the
# printed sizes relative to each other.
CARD_HEIGHT_MM = 3.5 * 25.4
IMAGE_HEIGHT_MM = 1.318 * 25.4
ROUND, BOX = 2, 0  # CustomTile.Type: 0 box, 1 hexagon, 2 circle, 3 rounded square
EPS = 1e-6


def object_scale(height_mm: float, card: bool = False) -> float:
    """The scale at which an object of this printed height shows at its size relative to
    the others (rounded to a thousandth, so saves stay readable and stable)."""
    return round(height_mm / (CARD_HEIGHT_MM if card else IMAGE_HEIGHT_MM), 3)


@dataclass(frozen=True)
class Sheet:
    """One card sheet: its number, file, grid, resolution, the cards on it and their back."""

    number: int
    file: str
    columns: int
    rows: int
    dpi: int
    faces: tuple[Component, ...]
    back: Scene
    back_file: str

    @property
    def cell(self) -> tuple[int, int]:
        """Pixel size of one card on the sheet."""
        return limits.png_size(self.faces[0].front, self.dpi)

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]


@dataclass(frozen=True)
class Deck:
    """A component set played as cards, on sheets of cards that share a back."""

    component_set: ComponentSet
    sheets: tuple[Sheet, ...]


@dataclass(frozen=True)
class Image:
    """A picture to write beside the save: its file, artwork, resolution and pixel size.

    ``cut_out``: the piece is not a full rectangle, so the paper round it is made
    transparent (the table cuts a token along its image's transparency).
    """

    file: str
    scene: Scene
    dpi: int
    cut_out: bool = False

    @property
    def size(self) -> tuple[int, int]:
        return limits.png_size(self.scene, self.dpi)


@dataclass(frozen=True)
class DieImage:
    """A die and the template image its faces are laid out on."""

    die: Die
    file: str

    @property
    def size(self) -> tuple[int, int]:
        return D6_TEMPLATE_PX, D6_TEMPLATE_PX


@dataclass(frozen=True)
class Plan:
    """Every image and deck of the save, decided before anything is drawn."""

    board: Image
    decks: tuple[Deck, ...]
    pieces: tuple[tuple[ComponentSet, dict[int, "Piece"]], ...]
    backs: tuple[Image, ...]
    dice: tuple[DieImage, ...] = ()

    def images(self) -> list[Image]:
        """Every single image (board, piece faces, card backs); sheets are composed apart."""
        found = [self.board, *self.backs]
        for _set, faces in self.pieces:
            for piece in faces.values():
                found += [piece.front] + ([piece.back] if piece.back is not None else [])
        return list({image.file: image for image in found}.values())

    def sheets(self) -> list[Sheet]:
        """Every card sheet of every deck."""
        return [sheet for deck in self.decks for sheet in deck.sheets]


def fitting_dpi(scene: Scene, dpi: int, columns: int = 1, rows: int = 1) -> int:
    """The highest resolution up to ``dpi`` at which a grid of the scene fits 4096 px a side."""
    while dpi > 1:
        w, h = limits.png_size(scene, dpi)
        if columns * w <= MAX_SIDE_PX and rows * h <= MAX_SIDE_PX:
            return dpi
        dpi = min(dpi - 1, math.floor(dpi * MAX_SIDE_PX / max(columns * w, rows * h, 1)))
    return 1


def is_deck(component_set: ComponentSet) -> bool:
    """Cards: two-sided, all one size, large enough to hold in hand, at least two of them."""
    components = [c for c in component_set.components if c.count > 0]
    sizes = {(c.front.width, c.front.height) for c in components}
    return (sum(c.count for c in components) >= 2 and len(sizes) == 1
            and all(c.back is not None for c in components)
            and min(next(iter(sizes))) >= CARD_MIN_SIDE_MM)


def grid(slots: int) -> tuple[int, int]:
    """Columns and rows of a sheet with ``slots`` images: up to 10 × 7, at least 2 × 2, few empty."""
    rows = max(MIN_GRID, math.ceil(slots / MAX_COLUMNS))
    return max(MIN_GRID, math.ceil(slots / rows)), rows


def plan_deck(component_set: ComponentSet, first_number: int) -> Deck:
    """Sheets of cards sharing a back, 69 faces each; the last slot holds the back.

    Tabletop Simulator shows a sheet's last image for a card it hides; the back is put
    there, and ``BackIsHidden`` asks for the back anyway.
    """
    components = [c for c in component_set.components if c.count > 0]
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    stem = safe_identifier(component_set.name)
    sheets = []
    for back, back_file in _backs(component_set):
        group = [c for c in components if c.back == back]
        for start in range(0, len(group), per_sheet):
            chunk = tuple(group[start:start + per_sheet])
            columns, rows = grid(len(chunk) + 1)
            dpi = fitting_dpi(chunk[0].front, PIECE_DPI, columns, rows)
            number = first_number + len(sheets)
            sheets.append(Sheet(number, f"{stem}-sheet-{len(sheets) + 1}.png", columns, rows, dpi,
                                chunk, back, back_file))
    return Deck(component_set, tuple(sheets))


def _backs(component_set: ComponentSet) -> list[tuple[Scene, str]]:
    """Each distinct back of a set with the file name its pictures give it, in order of use."""
    named = [(scene, f"{stem}.png") for stem, name, scene in component_set.faces()
             if name.endswith(" back")]
    found: list[tuple[Scene, str]] = []
    for component in component_set.components:
        back = component.back
        if component.count > 0 and back is not None and all(back != b for b, _ in found):
            file = next((f for scene, f in named if scene == back),
                        f"{safe_identifier(f'{component_set.name}-{component.name}')}.png")
            found.append((back, file))
    return found


def plan(output: GameOutput) -> Plan:
    """Which images the save needs, at which sizes, and how cards fall on sheets."""
    board = output.board.scene
    decks: list[Deck] = []
    pieces = []
    backs = []
    number = 1
    for component_set in output.component_sets:
        if is_deck(component_set):
            deck = plan_deck(component_set, number)
            number += len(deck.sheets)
            decks.append(deck)
            backs += [Image(file, back, fitting_dpi(back, PIECE_DPI))
                      for back, file in _backs(component_set)]
        else:
            pieces.append((component_set, piece_images(component_set)))
    dice = tuple(DieImage(sheet.die, f"{safe_identifier(sheet.die.name + '-faces')}.png")
                 for sheet in output.sheets if sheet.die is not None)
    return Plan(Image("board.png", board, fitting_dpi(board, BOARD_DPI)), tuple(decks),
                tuple(pieces), tuple(backs), dice)


@dataclass(frozen=True)
class Piece:
    """How one component goes to the table: its object, shape, images and printed height.

    ``kind``: ``tile`` (two-sided), ``token`` (one side) or ``figure`` (stands up).
    """

    kind: str
    front: Image
    back: Image | None
    height_mm: float
    round: bool = False


def piece_images(component_set: ComponentSet) -> dict[int, Piece]:
    """How each component of a set of tiles or tokens goes to the table, by index."""
    faces = {}
    back_stems = {}
    for stem, name, scene in component_set.faces():
        if name.endswith(" back"):
            back_stems.setdefault(stem, scene)
    for index, component in enumerate(component_set.components):
        if component.count <= 0:
            continue
        stem = safe_identifier(f"{component_set.name}-{component.name}")
        folded = fold_faces(component.front) if component.back is None else None
        if folded is not None:
            faces[index] = _folded_piece(stem, *folded)
            continue
        front = _image(f"{stem}.png", component.front)
        back = None
        if component.back is not None:
            back_stem = next((s for s, scene in back_stems.items() if scene == component.back), stem)
            back = _image(f"{back_stem}.png", component.back)
        faces[index] = Piece("tile" if back is not None else "token", front, back,
                             component.front.height, is_round(component.front))
    return faces


def _image(file: str, scene: Scene) -> Image:
    return Image(file, scene, fitting_dpi(scene, PIECE_DPI), cut_out=not _covered(scene))


def _folded_piece(stem: str, kind: str, front: Scene, back: Scene) -> Piece:
    """A net's faces as the piece the fold makes: a figure or a two-sided tile."""
    return Piece(kind, _image(f"{stem}-face.png", front), _image(f"{stem}-face-back.png", back),
                 front.height)


# ---- the shape of a piece ----------------------------------------------------------


def _covered(scene: Scene) -> bool:
    """Whether the face's first shape is an opaque rectangle over all of it (nothing to cut)."""
    nodes = top_nodes(scene)
    first = nodes[0] if nodes else None
    return (isinstance(first, Rect) and first.style.fill is not None
            and first.style.opacity == 1.0 and first.x <= EPS and first.y <= EPS
            and first.x + first.w >= scene.width - EPS and first.y + first.h >= scene.height - EPS)


def is_round(scene: Scene) -> bool:
    """A disc: a square face whose first shape is a circle touching its four edges."""
    nodes = top_nodes(scene)
    first = nodes[0] if nodes else None
    w, h = scene.width, scene.height
    return (abs(w - h) < EPS and isinstance(first, Circle) and abs(first.cx - w / 2) < EPS
            and abs(first.cy - h / 2) < EPS and first.r >= w / 2 - 0.01)


def _fold_lines(scene: Scene) -> tuple[str, list[float]] | None:
    """The dashed lines right across a face, all one way: ("h"|"v", where they run)."""
    across: dict[str, list[float]] = {"h": [], "v": []}
    for node in top_nodes(scene):
        if not (isinstance(node, Line) and node.style.dash):
            continue
        if abs(node.y1 - node.y2) < EPS and abs(abs(node.x2 - node.x1) - scene.width) < 0.01:
            across["h"].append(node.y1)
        elif abs(node.x1 - node.x2) < EPS and abs(abs(node.y2 - node.y1) - scene.height) < 0.01:
            across["v"].append(node.x1)
    ways = [(way, sorted(set(at))) for way, at in across.items() if at]
    return ways[0] if len(ways) == 1 else None


def fold_faces(scene: Scene) -> tuple[str, Scene, Scene] | None:
    """What a net folds into: (``tile`` or ``figure``, front, back), or None for a flat piece.

    The net's panels lie between its fold lines. Two equal panels and nothing else fold
    back to back into a two-sided tile. Otherwise the largest panels are the faces of a
    piece that stands on the smaller ones: its front is the face with a foot below it;
    the other face is printed upside down on the net and is turned upright here.
    """
    found = _fold_lines(scene)
    if found is None:
        return None
    way, cuts = found
    length = scene.height if way == "h" else scene.width
    edges = [0.0, *[c for c in cuts if EPS < c < length - EPS], length]
    panels = [(a, b) for a, b in zip(edges, edges[1:]) if b - a > EPS]
    largest = max(b - a for a, b in panels)
    faces = [i for i, (a, b) in enumerate(panels) if b - a >= 0.9 * largest]
    if len(faces) != 2:
        return None
    if len(panels) == 2:
        front, back = panels
        return "tile", _panel(scene, way, front), _panel(scene, way, back, turned=way == "h")
    feet = [i for i in faces if i + 1 < len(panels) and i + 1 not in faces]
    if way != "h" or not feet:
        return None
    front = feet[0]
    back = next(i for i in faces if i != front)
    return "figure", _panel(scene, way, panels[front]), _panel(scene, way, panels[back], True)


def _panel(scene: Scene, way: str, span: tuple[float, float], turned: bool = False) -> Scene:
    """One panel of a net as a face of its own, turned half a turn if printed upside down."""
    a, b = span
    x0, y0, w, h = (0.0, a, scene.width, b - a) if way == "h" else (a, 0.0, b - a, scene.height)
    place = (compose(translate(x0 + w, y0 + h), scaled(-1, -1)) if turned
             else translate(-x0, -y0))
    art = tuple(node for node in top_nodes(scene)  # the fold lines are not on the piece
                if not (isinstance(node, Line) and node.style.dash))
    return Scene(w, h, (Group(art, place, clip=(x0, y0, w, h)),),
                 symbols=scene.symbols, title=scene.title)


# ---- the save --------------------------------------------------------------------


def guid(*names: object) -> str:
    """Six hex digits from the object's path of names: stable from build to build."""
    return hashlib.sha256("/".join(map(str, names)).encode("utf-8")).hexdigest()[:6]


def transform(x: float = 0.0, z: float = 0.0, y: float = 1.0, flipped: bool = False,
              size: float = 1.0) -> dict:
    """Position on the table (x right, z away from the player), face up or face down, and
    the object's scale across the table (its thickness stays)."""
    return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0 if flipped else 0.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": size, "scaleY": 1.0, "scaleZ": size}


def base_object(name: str, nickname: str, key: tuple, position: dict, **extra) -> dict:
    """The fields every object in a save carries, in the order Tabletop Simulator writes them."""
    state = {
        "GUID": guid(*key), "Name": name, "Transform": position, "Nickname": nickname,
        "Description": "", "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
        "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True,
        "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": False, "Hands": False,
    }
    state.update(extra)
    state.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return state


def custom_image(url: str, secondary: str = "", **kind) -> dict:
    """A ``CustomImage`` block: the image, an optional second side, and the object's kind."""
    return {"ImageURL": url, "ImageSecondaryURL": secondary, "ImageScalar": 1.0,
            "WidthScale": 0.0, **kind}


def board_object(title: str, url: str, height_mm: float) -> dict:
    """The board, locked in the middle of the table."""
    return base_object("Custom_Board", title, ("board",),
                       transform(y=0.5, size=object_scale(height_mm)), Locked=True,
                       CustomImage=custom_image(url))


def deck_object(deck: Deck, url, x: float, z: float) -> dict:
    """A ``DeckCustom``: every copy of every card, face down, its sheets in ``CustomDeck``."""
    sheets = {str(sheet.number): {"FaceURL": url(sheet.file), "BackURL": url(sheet.back_file),
                                  "NumWidth": sheet.columns, "NumHeight": sheet.rows,
                                  "BackIsHidden": True, "UniqueBack": False, "Type": 0}
              for sheet in deck.sheets}
    name = deck.component_set.name
    size = object_scale(deck.sheets[0].faces[0].front.height, card=True)
    ids: list[int] = []
    cards: list[dict] = []
    for sheet in deck.sheets:
        for slot, component in enumerate(sheet.faces):
            card_id = sheet.number * 100 + slot
            for copy in range(component.count):
                ids.append(card_id)
                cards.append(base_object(
                    "Card", component.name, (name, component.name, copy),
                    transform(x, z, flipped=True, size=size),
                    HideWhenFaceDown=True, Hands=True, CardID=card_id, SidewaysCard=False,
                    CustomDeck={str(sheet.number): sheets[str(sheet.number)]}))
    return base_object("DeckCustom", deck.component_set.title, (name,),
                       transform(x, z, flipped=True, size=size),
                       HideWhenFaceDown=True, Hands=False, SidewaysCard=False, DeckIDs=ids,
                       CustomDeck=sheets, ContainedObjects=cards)


def piece_object(component_set: ComponentSet, faces: dict[int, Piece], url, x: float,
                 z: float) -> dict:
    """A ``Bag`` holding every copy of a set's pieces as custom tiles (two-sided), tokens
    (one side) or figures (pieces that stand)."""
    contained = []
    for index, piece in faces.items():
        component = component_set.components[index]
        for copy in range(component.count):
            key = (component_set.name, component.name, copy)
            contained.append(_piece_state(piece, component.name, key, url, x, z))
    return base_object("Bag", component_set.title, (component_set.name,), transform(x, z),
                       MaterialIndex=-1, MeshIndex=-1, ContainedObjects=contained)


def _piece_state(piece: Piece, nickname: str, key: tuple, url, x: float, z: float) -> dict:
    """One copy of a piece, scaled to its printed size."""
    position = transform(x, z, size=object_scale(piece.height_mm))
    front = url(piece.front.file)
    if piece.kind == "figure":
        return base_object("Figurine_Custom", nickname, key, position,
                           CustomImage=custom_image(front, url(piece.back.file)))
    if piece.kind == "tile":
        image = custom_image(front, url(piece.back.file), CustomTile={
            "Type": ROUND if piece.round else BOX, "Thickness": 0.2, "Stackable": True,
            "Stretch": True})
        return base_object("Custom_Tile", nickname, key, position, CustomImage=image)
    image = custom_image(front, CustomToken={
        "Thickness": 0.2, "MergeDistancePixels": 15.0, "Stackable": True})
    return base_object("Custom_Token", nickname, key, position, CustomImage=image)


def die_object(image: DieImage, url, x: float, z: float) -> dict:
    """A ``Custom_Dice`` showing the die's faces from its template image."""
    kind = {"Type": DICE_TYPES[len(image.die.faces)]}
    return base_object("Custom_Dice", image.die.title, (image.die.name,), transform(x, z),
                       CustomImage=custom_image(url(image.file), CustomDice=kind))


def save(title: str, plan_: Plan, url) -> dict:
    """The saved object: the board in the middle; decks, bags and dice in a row in front of it."""
    objects = [board_object(title, url(plan_.board.file), plan_.board.scene.height)]
    x = -6.0
    for deck in plan_.decks:
        objects.append(deck_object(deck, url, x, -12.0))
        x += 4.0
    for component_set, faces in plan_.pieces:
        objects.append(piece_object(component_set, faces, url, x, -12.0))
        x += 4.0
    for die in plan_.dice:
        objects.append(die_object(die, url, x, -12.0))
        x += 4.0
    return {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": objects}


# ---- files -----------------------------------------------------------------------


def tts_files(name: str, title: str, output: GameOutput, folder: Path,
              render_png=None) -> dict[str, bytes]:
    """``tts/<game>.json`` and every image it names, keyed by path inside the game's folder.

    ``render_png``: what draws the pictures ``pictures`` lists (by default the PNG renderer).
    """
    from boardgen.render import renderer

    render_png = render_png or renderer("png")
    plan_ = plan(output)
    base = folder.resolve() / FOLDER

    def url(file: str) -> str:
        return (base / file).as_uri()

    files = {f"{FOLDER}/{image.file}": fit(render_png(image.scene, dpi=image.dpi), image.size,
                                           image.cut_out)
             for image in plan_.images()}
    for sheet in plan_.sheets():
        files[f"{FOLDER}/{sheet.file}"] = compose_sheet(sheet, render_png)
    for die in plan_.dice:
        files[f"{FOLDER}/{die.file}"] = compose_die(die.die, render_png)
    document = save(title, plan_, url)
    files[f"{FOLDER}/{safe_identifier(name)}.json"] = (
        json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return files


def pictures(output: GameOutput) -> list[tuple[Scene, int]]:
    """(artwork, dpi) of every PNG ``tts_files`` draws: the single images, each sheet's cards
    and back, each die's faces."""
    plan_ = plan(output)
    found = [(image.scene, image.dpi) for image in plan_.images()]
    for sheet in plan_.sheets():
        found += [(card.front, sheet.dpi) for card in sheet.faces] + [(sheet.back, sheet.dpi)]
    for die in plan_.dice:
        found += [(scene, die_face_dpi(scene)) for scene in die.die.faces]
    return found


def fit(png: bytes, size: tuple[int, int], cut_out: bool = False) -> bytes:
    """The PNG at exactly ``size`` (the renderers may round a pixel the other way); with
    ``cut_out``, the paper round the piece transparent."""
    from PIL import Image as PILImage

    image = PILImage.open(io.BytesIO(png))
    exact = image.size == size
    if exact and not cut_out:
        return png
    image = image.convert("RGB") if exact else image.convert("RGB").resize(size)
    cut = transparent_outside(image) if cut_out else image
    return png if exact and cut is image else _png(cut)


def transparent_outside(image):
    """The RGB image with the white paper round the piece made transparent: every pure
    white pixel joined to the image's edge by white pixels, side by side (the piece's own
    white stays, inside its outline)."""
    from PIL import Image as PILImage, ImageChops

    w, h = image.size
    red, green, blue = (band.point(lambda v: 255 if v == 255 else 0) for band in image.split())
    white = ImageChops.multiply(ImageChops.multiply(red, green), blue)  # 255: pure white
    mask = bytearray(white.tobytes())
    if not _fill_from_edges(mask, w, h):
        return image  # nothing round it to cut away: the piece fills its image
    cut = image.convert("RGBA")
    cut.putalpha(PILImage.frombytes("L", (w, h), bytes(mask)).point(
        lambda v: 0 if v == OUTSIDE else 255))
    return cut


WHITE, OUTSIDE = 255, 128  # in the mask of ``_fill_from_edges``: paper, and paper reached
_STOPS = (b"\x00", bytes([OUTSIDE]))  # what ends a run of paper not reached yet


def _fill_from_edges(mask: bytearray, w: int, h: int) -> bool:
    """Mark ``OUTSIDE`` every ``WHITE`` byte of the ``w`` × ``h`` mask joined to its edge by
    white bytes side by side or one above the other; True when any was.

    A scanline fill: each run of white along a row is found and marked at once (by the
    bytes' own search), then the runs touching it in the rows above and below are queued.
    """
    seeds = [(x, y) for y in (0, h - 1) for x in range(w)]
    seeds += [(x, y) for x in (0, w - 1) for y in range(h)]
    filled = False
    while seeds:
        x, y = seeds.pop()
        row = y * w
        if mask[row + x] != WHITE:
            continue
        before = max(mask.rfind(stop, row, row + x) for stop in _STOPS)  # -1: none
        left = before + 1 if before >= 0 else row
        right = _run_end(mask, row + x, row + w)
        mask[left:right] = bytes([OUTSIDE]) * (right - left)
        filled = True
        for above_or_below in (y - 1, y + 1):
            if 0 <= above_or_below < h:
                _queue_runs(mask, above_or_below, w, left - row, right - row, seeds)
    return filled


def _run_end(mask: bytearray, start: int, end: int) -> int:
    """Where the run of white starting at ``start`` ends, at ``end`` at the latest."""
    found = [at for at in (mask.find(stop, start, end) for stop in _STOPS) if at >= 0]
    return min(found, default=end)


def _queue_runs(mask: bytearray, y: int, w: int, left: int, right: int, seeds: list) -> None:
    """Queue one pixel of each run of white in row ``y`` that touches columns ``left`` to
    ``right`` (not included)."""
    row = y * w
    at, end = row + left, row + right
    while at < end:
        start = mask.find(b"\xff", at, end)
        if start < 0:
            return
        seeds.append((start - row, y))
        at = _run_end(mask, start, end)


def compose_sheet(sheet: Sheet, render_png) -> bytes:
    """The faces in reading order on one image, the back in the last slot."""
    from PIL import Image as PILImage

    w, h = sheet.cell
    canvas = PILImage.new("RGB", sheet.size, "white")
    slots = [*((i, c.front) for i, c in enumerate(sheet.faces)),
             (sheet.columns * sheet.rows - 1, sheet.back)]
    rendered: dict[int, object] = {}
    for slot, scene in slots:
        key = id(scene)
        if key not in rendered:
            png = render_png(scene, dpi=sheet.dpi)
            rendered[key] = PILImage.open(io.BytesIO(png)).convert("RGB").resize((w, h))
        canvas.paste(rendered[key], ((slot % sheet.columns) * w, (slot // sheet.columns) * h))
    return _png(canvas)


def compose_die(die: Die, render_png) -> bytes:
    """The die's faces on Tabletop Simulator's six-sided template, upright, on white."""
    from PIL import Image as PILImage

    canvas = PILImage.new("RGB", (D6_TEMPLATE_PX, D6_TEMPLATE_PX), "white")
    for value, scene in enumerate(die.faces, start=1):
        face = PILImage.open(io.BytesIO(render_png(scene, dpi=die_face_dpi(scene)))).convert("RGB")
        canvas.paste(face.resize((D6_FACE_PX, D6_FACE_PX)), D6_CORNERS[value])
    return _png(canvas)


def die_face_dpi(scene: Scene) -> int:
    """The resolution a die face is drawn at: at least the template's face size."""
    return math.ceil(D6_FACE_PX * 25.4 / min(scene.width, scene.height))


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def problems(output: GameOutput) -> list[str]:
    """Saves that would need too many images or pixels, or cards too small to read."""
    plan_ = plan(output)
    images = plan_.images()
    sheets = plan_.sheets()
    found = [f"--format tts: the die {die.die.name!r} has {len(die.die.faces)} faces; Tabletop "
             "Simulator dice are made here with six" for die in plan_.dice
             if len(die.die.faces) not in DICE_TYPES]
    count = len(images) + len(sheets) + len(plan_.dice)
    if count > limits.MAX_PICTURE_FILES:
        return [f"--format tts would write {count} images; at most {limits.MAX_PICTURE_FILES}"]
    for sheet in sheets:
        if min(sheet.cell) < MIN_CELL_PX:
            found.append(f"--format tts: the cards of {sheet.file} would be {sheet.cell[0]} × "
                         f"{sheet.cell[1]} px; at least {MIN_CELL_PX} px a side")
    total = sum(w * h for w, h in (item.size for item in (*images, *sheets, *plan_.dice)))
    if total > limits.MAX_KIT_PNG_PIXELS:
        found.append(f"--format tts would write {total:,} px of images; at most "
                     f"{limits.MAX_KIT_PNG_PIXELS:,}")
    return found
