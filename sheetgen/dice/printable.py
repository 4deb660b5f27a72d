"""The faces of a game's dice as component items, for printing dice (no drawing here).

Each die of ``dice.yaml`` gives six items, one per face in the order written, with the
fields a face template needs: the die (``die``, ``die_name``, ``colour``, ``ink``), the
face (``face``, ``position`` 1-6) and how to draw it: ``pips`` (the pip places of a
number 1-6 on an all-number die: ``tl tr ml c mr bl br``), ``icon`` (a symbol face, drawn
with the icon of that name or the one the die's ``icons`` maps it to) or ``number`` (any other
number); a ``blank`` face has none of them and is drawn empty. Faces are paired opposite
as a d6 is: 1st with 6th, 2nd with 5th, 3rd with 4th.
"""

from __future__ import annotations

from typing import Any

from .faces import icon_of, ink_for

PIP_PLACES = {1: ["c"], 2: ["tl", "br"], 3: ["tl", "c", "br"], 4: ["tl", "tr", "bl", "br"],
              5: ["tl", "tr", "c", "bl", "br"], 6: ["tl", "tr", "ml", "mr", "bl", "br"]}
OPPOSITE = {0: 5, 1: 4, 2: 3, 3: 2, 4: 1, 5: 0}


def die_face_items(dice: dict, only: list[str] | None = None,
                   numerals: bool = False) -> list[dict[str, Any]]:
    """Return one item per face of each six-sided die (all dice, or those ``only`` names);
    ``numerals``: a numbered face shows its number, not pips (a roll sheet's choice)."""
    wanted = list(only) if only else list(dice)
    unknown = [d for d in wanted if d not in dice]
    if unknown:
        raise ValueError(f"dice.yaml has no die {unknown[0]!r}; it has {', '.join(dice)}")
    items = []
    for die_id in wanted:
        die = dice[die_id]
        faces = list(die.faces)
        if len(faces) != 6:
            raise ValueError(f"die {die_id!r} has {len(faces)} faces; printable dice are cubes")
        numeric = all(isinstance(f, int) for f in faces)
        for pos, face in enumerate(faces, 1):
            pips = PIP_PLACES.get(face, []) if numeric and isinstance(face, int) \
                and not numerals else []
            items.append({
                "id": f"{die_id}-{pos}", "die": die_id, "die_name": die.name,
                "colour": die.colour, "ink": ink_for(die.colour), "face": str(face),
                "position": pos, "pips": pips,
                "icon": icon_of(die, face),
                "number": "" if pips or isinstance(face, str) else str(face),
                "mark": die.mark, "note": die.note,
            })
    return items
