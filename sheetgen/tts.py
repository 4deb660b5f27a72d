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
  (players write on it with TTS's drawing tools).

Copy the folder into TTS's ``Saved Objects`` folder: the JSON's image URLs are ``file://``
URLs of the images next to it, and ``<component>.png`` is the thumbnail TTS shows. Images are
the faces at their trim (no bleed) at the profile's dpi; PNGs carry no timestamps.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

COLUMNS, ROWS = 10, 7
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
    from .faces import Card
    from .imposition.pod import impose_pod
    from .raster import rasterise_pages

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
        from .raster import png_bytes

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


def tts_files(component, cards: list, env, dpi: int, folder: Path) -> dict[str, bytes]:
    """Return the export of any component kind that prints cards, tokens or board sides."""
    names = {item.id: str((item.model_extra or {}).get("name") or
                          (item.model_extra or {}).get("title") or item.id)
             for item in getattr(component, "items", [])}
    names.setdefault(component.id, component.title)
    if component.kind == "sheet":  # a notepad: one board per distinct page, not per copy
        cards = list({card.front.key: card for card in cards}.values())
    if component.kind == "cards":
        return deck_files(component, cards, names, env, dpi, folder)
    if component.kind == "tokens":
        return tile_files(component, cards, names, env, dpi, folder,
                          TILE_TYPES[component.shape])
    return tile_files(component, cards, names, env, dpi, folder)
