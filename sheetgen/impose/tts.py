"""Tabletop Simulator export (``-p tts``): images plus a saved object to drop into TTS.

A build in the ``tts`` profile writes a folder ``<component>-tts/`` holding

- for a deck: face sheets of up to 10 x 7 cards (``faces-1.png``...; the last slot of a full
  sheet stays empty, as TTS keeps it for the hidden-card image), one ``back.png`` (or back
  sheets when every card has its own back), and ``<component>.json``: a ``DeckCustom`` saved
  object whose ``CustomDeck`` entries give each sheet's ``NumWidth`` x ``NumHeight``, with one
  ``Card`` per copy (``CardID`` = sheet key x 100 + slot, nickname = the card's name);
- for tokens: one image per distinct face and a ``Custom_Tile`` per token copy (round, square
  or hex tile, the back as its secondary image);
- for a board: one image per side and a ``Custom_Board`` per side; a sheet is a board too
  (players write on it with TTS's drawing tools);
- for printable dice: one ``Custom_Dice`` (``CustomDice.Type`` 1, a d6) per die, whose texture
  ``die-N.png`` follows TTS's d6 template (its Modding/Dice Templates folder, shown in the
  knowledge base's Custom Dice page): a square of 3 x 3 cells, the top row unused, the middle
  row faces 2, 4, 5 and the bottom row faces 1, 3, 6, with 1 and 6 turned upside down. Faces
  are the die's in dice.yaml order (1st opposite 6th, as on a d6 and in TTS), and each face's
  ``RotationValues`` entry names it, so TTS says "horn" when a horn is rolled.

Copy the folder into TTS's ``Saved Objects`` folder: the JSON's image URLs are ``file://``
URLs of the images next to it, and ``<component>.png`` is the thumbnail TTS shows. Images are
the faces at their trim (no bleed) at the profile's dpi; PNGs carry no timestamps.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

COLUMNS, ROWS = 10, 7
DIE_FACE_PX = 256  # a die's face in its texture, in pixels at least
DICE_TYPES = {4: 0, 6: 1, 8: 2, 10: 3, 12: 4, 20: 5}  # CustomDice.Type by number of sides
# TTS's d6 template: face number -> (column, row, turned upside down) on a 3 x 3 grid
D6_TEMPLATE = {1: (0, 2, True), 2: (0, 1, False), 3: (1, 2, False), 4: (1, 1, False),
               5: (2, 1, False), 6: (2, 2, True)}
# the rotation that brings each face of TTS's d6 up (its standard die's RotationValues)
D6_ROTATIONS = {1: (-90.0, 0.0, 0.0), 2: (0.0, 0.0, 0.0), 3: (0.0, 0.0, -90.0),
                4: (0.0, 0.0, 90.0), 5: (0.0, 0.0, -180.0), 6: (90.0, 0.0, 0.0)}
PER_SHEET = COLUMNS * ROWS - 1
TILE_TYPES = {"square": 0, "hex": 1, "round": 2}
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


def _transform(x: float = 0.0, flipped: bool = False) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _object(name: str, nickname: str, x: float = 0.0, flipped: bool = False, **more) -> dict:
    return {"Name": name, "Transform": _transform(x, flipped), "Nickname": nickname,
            "Description": "", "ColorDiffuse": WHITE, "Locked": False, "Grid": True,
            "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True, **more}


def face_images(faces: list, env, dpi: int) -> dict[str, object]:
    """Return a PIL image of each distinct face (by key), cropped to its trim, at ``dpi``."""
    from ..fill.faces import Card
    from .imposition.pod import impose_pod
    from ..write.raster import rasterise_pages

    distinct = list({face.key: face for face in faces if face is not None}.values())
    doc = env.document(None)
    impose_pod(doc, [Card(face, None, face.key) for face in distinct], None, env.options)
    images = rasterise_pages(doc.finish(), dpi)
    out = {}
    for face, image in zip(distinct, images):
        width, height = round(face.width * dpi / 72), round(face.height * dpi / 72)
        left = round(face.bleed * dpi / 72)
        out[face.key] = image.crop((left, left, left + width, left + height))
    return out


def _grid(images: list, columns: int, rows: int, blank=(255, 255, 255)):
    from PIL import Image

    width, height = images[0].size
    sheet = Image.new("RGB", (columns * width, rows * height), blank)
    for index, image in enumerate(images):
        sheet.paste(image.resize((width, height)), ((index % columns) * width,
                                                    (index // columns) * height))
    return sheet


def _blank_like(image):
    from PIL import Image

    return Image.new("RGB", image.size, (236, 230, 214))


class TtsFolder:
    """The files of one export, named relative to the folder, and their file:// URLs."""

    def __init__(self, folder: Path, dpi: int):
        self.folder, self.dpi, self.files = Path(folder), dpi, {}

    def add_image(self, name: str, image) -> str:
        """Add a PNG; return the URL TTS loads it from."""
        from ..write.raster import png_bytes

        self.files[name] = png_bytes(image, self.dpi)
        return (self.folder / name).resolve().as_uri()

    def add_saved_object(self, component_id: str, title: str, objects: list[dict],
                         thumbnail) -> None:
        """Add ``<component>.json`` (the saved object) and its thumbnail ``<component>.png``."""
        saved = {"SaveName": title, "GameMode": "", "Date": "", "Gravity": 0.5,
                 "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
                 "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects,
                 "TabStates": {}, "VersionNumber": ""}
        text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
        self.files[f"{component_id}.json"] = text.encode("utf-8")
        thumb = thumbnail.copy()
        thumb.thumbnail((256, 256))
        self.add_image(f"{component_id}.png", thumb)


def deck_files(component, cards: list, names: dict[str, str], env, dpi: int,
               folder: Path) -> dict[str, bytes]:
    """Return the files of a deck export: face sheets, back(s) and the DeckCustom object."""
    images = face_images([c.front for c in cards] + [c.back for c in cards], env, dpi)
    out = TtsFolder(folder, dpi)
    back_keys = {c.back.key if c.back else None for c in cards}
    shared_back = len(back_keys) == 1
    if shared_back:
        first = cards[0]
        back = images[first.back.key] if first.back else _blank_like(images[first.front.key])
        back_url = out.add_image("back.png", back)
    custom, contained, deck_ids = {}, [], []
    for sheet_index, start in enumerate(range(0, len(cards), PER_SHEET), start=1):
        chunk = cards[start:start + PER_SHEET]
        columns = min(COLUMNS, len(chunk))
        rows = math.ceil(len(chunk) / columns)
        fronts = [images[c.front.key] for c in chunk]
        face_url = out.add_image(f"faces-{sheet_index}.png", _grid(fronts, columns, rows))
        if not shared_back:
            backs = [images[c.back.key] if c.back else _blank_like(images[c.front.key])
                     for c in chunk]
            back_url = out.add_image(f"backs-{sheet_index}.png", _grid(backs, columns, rows))
        entry = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": columns,
                 "NumHeight": rows, "BackIsHidden": True, "UniqueBack": not shared_back,
                 "Type": 0}
        custom[str(sheet_index)] = entry
        for slot, card in enumerate(chunk):
            card_id = sheet_index * 100 + slot
            deck_ids.append(card_id)
            contained.append(_object("Card", names.get(card.label, card.label), flipped=True,
                                     CardID=card_id, CustomDeck={str(sheet_index): entry}))
    deck = _object("DeckCustom", component.title, flipped=True, DeckIDs=deck_ids,
                   CustomDeck=custom, ContainedObjects=contained)
    out.add_saved_object(component.id, component.title, [deck], images[cards[0].front.key])
    return out.files


def tile_files(component, cards: list, names: dict[str, str], env, dpi: int, folder: Path,
               tile_type: int | None = None) -> dict[str, bytes]:
    """Return the files of tokens (``Custom_Tile``) or board sides (``Custom_Board``)."""
    images = face_images([c.front for c in cards] + [c.back for c in cards], env, dpi)
    out = TtsFolder(folder, dpi)
    urls = {key: out.add_image(f"face-{n}.png", image)
            for n, (key, image) in enumerate(images.items(), start=1)}
    objects = []
    for index, card in enumerate(cards):
        name = names.get(card.label, card.label)
        image = {"ImageURL": urls[card.front.key],
                 "ImageSecondaryURL": urls[card.back.key] if card.back else "",
                 "ImageScalar": 1.0, "WidthScale": 0.0}
        if tile_type is None:
            objects.append(_object("Custom_Board", name, x=index * 30.0, CustomImage=image))
        else:
            image["CustomTile"] = {"Type": tile_type, "Thickness": 0.2, "Stackable": True,
                                   "Stretch": True}
            objects.append(_object("Custom_Tile", name, x=(index % 10) * 2.5,
                                   CustomImage=image))
    out.add_saved_object(component.id, component.title, objects, images[cards[0].front.key])
    return out.files


def d6_texture(faces: list):
    """Return the TTS d6 texture of six face images (in face order 1-6)."""
    from PIL import Image

    size = faces[0].size[0]
    corner = faces[0].getpixel((0, 0))
    texture = Image.new("RGB", (3 * size, 3 * size), corner)  # the unused top row too
    for number, image in enumerate(faces, start=1):
        column, row, turned = D6_TEMPLATE[number]
        image = image.resize((size, size))
        texture.paste(image.rotate(180) if turned else image, (column * size, row * size))
    return texture


def dice_files(component, cards: list, env, dpi: int, folder: Path) -> dict[str, bytes]:
    """Return the files of printable dice: a d6 texture and a ``Custom_Dice`` per die (faces
    of at least ``DIE_FACE_PX`` pixels: a 20 mm face at the profile's 150 dpi would be 118)."""
    dpi = max(dpi, math.ceil(DIE_FACE_PX * 72 / cards[0].front.width))
    images = face_images([c.front for c in cards], env, dpi)
    items = [item.fields() for item in component.items for _ in range(item.count)]
    out = TtsFolder(folder, dpi)
    objects, first = [], None
    for n, start in enumerate(range(0, len(cards), 6), start=1):
        faces = [images[c.front.key] for c in cards[start:start + 6]]
        texture = d6_texture(faces)
        first = first or texture
        url = out.add_image(f"die-{n}.png", texture)
        names = [str(items[start + k]["face"]) for k in range(6)]
        rotations = [{"Value": name, "Rotation": dict(zip("xyz", D6_ROTATIONS[k]))}
                     for k, name in enumerate(names, start=1)]
        image = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                 "WidthScale": 0.0, "CustomDice": {"Type": DICE_TYPES[6]}}
        copies = (getattr(component, "copies", None) or {}).get(items[start].get("die"), 1)
        for _ in range(copies):  # as many of a die as the component prints (copies:)
            objects.append(_object("Custom_Dice", str(items[start]["die_name"]),
                                   x=len(objects) * 2.5, CustomImage=image,
                                   RotationValues=rotations))
    out.add_saved_object(component.id, component.title, objects, first)
    return out.files


def tts_files(component, cards: list, env, dpi: int, folder: Path) -> dict[str, bytes]:
    """Return the export of any component kind that prints cards, tokens or board sides."""
    names = {item.id: str((item.model_extra or {}).get("name") or
                          (item.model_extra or {}).get("title") or item.id)
             for item in getattr(component, "items", [])}
    names.setdefault(component.id, component.title)
    if component.kind == "sheet":  # a notepad: one board per distinct page, not per copy
        cards = list({card.front.key: card for card in cards}.values())
    if component.kind == "dice":
        return dice_files(component, cards, env, dpi, folder)
    if component.kind == "cards":
        return deck_files(component, cards, names, env, dpi, folder)
    if component.kind == "tokens":
        return tile_files(component, cards, names, env, dpi, folder,
                          TILE_TYPES[component.shape])
    return tile_files(component, cards, names, env, dpi, folder)
