"""The stamp of a playtest variant on the faces it changes (name and content hash), and the
selection of changed faces for a ``--changed-only`` build."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from .components.contract import Prepared
from ..fill.elements import DrawContext, element_class
from ..fill.faces import Card, element_origin
from ..base.units import MM
from ..load.variants import Variant

STAMP_SIZE = 6.5          # points: at least the print checks' 6 pt minimum
STAMP_INSET_MM = 3.5      # inside the 3 mm safe area


def stamp_text(variant: Variant) -> str:
    """Return what a changed face carries: the variant's name and its content hash."""
    from ..load.chrome import chrome

    return chrome("VARIANT {name} · {digest}", name=variant.name, digest=variant.digest)


def stamped(face, text: str, fonts, icons, path: Path):
    """Return ``face`` with the variant stamp (ink on a white plaque) in the corner its template
    names (``stamp_corner``; lower left unless a template says otherwise), inside the safe area."""
    inset, height = STAMP_INSET_MM * MM, 3.4 * MM
    width = min(fonts.width(text, fonts.font_name("body", True), STAMP_SIZE) + 2 * MM,
                face.width - 2 * inset)
    vertical, horizontal = face.stamp_corner.split("-")
    top = inset if vertical == "upper" else face.height - inset - height
    left = inset if horizontal == "left" else face.width - inset - width
    ctx = {"width": face.width, "height": face.height, "fonts": fonts, "icons": icons,
           "colors": {}, "project": None, "base_dir": path.parent, "where_path": str(path),
           "where_line": 0}
    plaque = element_class("box").in_points(
        {"type": "box", "id": "variant-stamp-plaque", "x": left, "y": top, "w": width,
         "h": height, "fill": "white", "stroke": "ink", "stroke_width": 0.5, "radius": 1.0},
        ctx)
    label = element_class("text").in_points(
        {"type": "text", "id": "variant-stamp", "x": left, "y": top, "w": width,
         "h": height, "text": text, "size": STAMP_SIZE,
         "min_size": 6, "bold": True, "align": "center", "valign": "middle", "color": "ink"},
        context=ctx)
    label.prepare(DrawContext(face.width, face.height, fonts, icons))
    key = hashlib.sha1(f"{face.key}|{text}".encode()).hexdigest()[:16]
    origins = list(face.origins) + [element_origin(str(path), 0, e) for e in (plaque, label)]
    return dataclasses.replace(face, elements=[*face.elements, plaque, label], key=key,
                               origins=origins)


def mark_changes(prepared: list, base: list, variant: Variant, fonts, icons,
                 stamp_all: bool = False, changed_only: bool = False) -> list:
    """Stamp the faces the variant changed (or every face) and drop the rest if asked.

    A face is changed when its item is new or it differs from the same face of the base
    game's card of the same item and copy; ``changed_only`` keeps every card with a changed
    face (both its faces, for duplex). Returns (game, component, Prepared) triples.
    """
    base_cards = {comp.model.id: ready.cards for _, comp, ready in base}
    text = stamp_text(variant)
    cache: dict[str, object] = {}

    def stamp(face):
        if face is None:
            return None
        if face.key not in cache:
            cache[face.key] = stamped(face, text, fonts, icons, variant.path)
        return cache[face.key]

    out = []
    for game, comp, ready in prepared:
        before: dict[str, list] = {}
        for card in base_cards.get(comp.model.id, []):
            before.setdefault(card.label, []).append(card)
        seen: dict[str, int] = {}
        cards = []
        for card in ready.cards:
            n = seen[card.label] = seen.get(card.label, -1) + 1
            old = before[card.label][n] if n < len(before.get(card.label, [])) else None
            changed = old is None or _keys(old) != _keys(card)
            front_changed = old is None or old.front.key != card.front.key
            back_changed = old is None or _keys(old)[1] != _keys(card)[1]
            if changed or stamp_all:
                card = Card(stamp(card.front) if front_changed or stamp_all else card.front,
                            stamp(card.back) if back_changed or stamp_all else card.back,
                            card.label)
            if changed or not changed_only:
                cards.append(card)
        if changed_only and comp.model.kind == "sheet":
            cards = list({card.front.key: card for card in cards}.values())
        if cards:
            out.append((game, comp, Prepared(cards)))
    return out


def _keys(card) -> tuple:
    return (card.front.key, card.back.key if card.back else None)
