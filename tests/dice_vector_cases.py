"""The inputs of the spec-detail vectors in tests/dice_vectors.json, and their answers as the
Python code gives them (tests/test_dice_rng.py::make_vectors writes them; the Node reference,
written from docs/src/dice-spec.md, checks them).

Each section pins one place where the spec page once was silent or disagreed with the tool:
item ids from names (slugs), the typing of spreadsheet cells, how labels print values,
player-count values, and whole scripts of playtest variant files (their ``dice:`` keys, the
body's ``variant``, how their deck changes apply).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml

SLUG_NAMES = [
    "Þórr's Hammer", "Æsir and Vanir", "Óðinn", "Sørensen's ØRKEN", "Ðóra", "naïve café",
    "Straße", "Œuvre", "ﬁnal ｆｏｒｍ ①", "ᚠᚢᚦ", "日本", "--", 2024,
    "a" * 63 + " b", "The " + "long " * 15 + "name",
]
CELLS = ["yes", "Yes", "no", "on", "0x10", "012", "-007", "+5", "-0", "1e3", "1E-2", "1.50",
         ".5", "5.", "3.0", "1_000", "1,5", "inf", "nan", "1e400", "TRUE", "False", "NULL",
         "~", "null ", "", "   ", "  7  ", "2024-01-01", "12:30", "\u0663", "1\n"]
LABELS = [
    # (show, fields, id, name)
    ("{name} ({cost})", {"cost": 2.5}, "axe", "Axe"),
    ("{cost}", {"cost": 1000.0}, "a", "A"),
    ("{cost}", {"cost": 1e-07}, "a", "A"),
    ("{cost}", {"cost": 1e20}, "a", "A"),
    ("{cost}", {"cost": 0.1 + 0.2}, "a", "A"),
    ("{cost}", {"cost": -0.5}, "a", "A"),
    ("{cost}", {"cost": 123456.789}, "a", "A"),
    ("{tags}", {"tags": ["sea", ":troll: Troll trophy", 2, None, 2.5, True]}, "a", "A"),
    ("{winter}", {"winter": {"ships": 7, "gold": 1.5, "note": None}}, "a", "A"),
    (["{name} [{tags}]", "{name}"], {"tags": []}, "a", "A"),
    (["{name} [{tags}]", "{name}"], {"tags": ["x"]}, "a", "A"),
    ("{{{name}}} {missing}", {}, "a", "A"),
    ("{{{name}}}", {"flag": False}, "a", "A"),
    ("{flag} {gone}", {"flag": False, "gone": None}, "a", "A"),
    ("{id}: {reward}", {"reward": "1 :troll: Troll trophy and :food:"}, "t1", "T"),
]
BAD_PATTERNS = ["{name.upper}", "{name!r}", "{name:>5}", "{}", "{0", "cost}", "{ name }",
                "{0}", "{-x}", "{größe}", "{back-icon} {{ok}} {x_1}"]
COUNTS = [
    # (value, players)
    (3, 4), ("players", 4), ({"2": 3, "1-4": 2, "other": 1}, 2), ({"2": 3, "1-4": 2}, 3),
    ({"2": 3, "1-4": 2, "other": 1}, 5), ({"1-2": 1, "2-3": 5}, 2), ({" 5 ": 4, "other": 0}, 5),
    ({"other": "players"}, 3), ({"3-4": 2}, 2), ({"3-4": 2}, 5),
]

# A small game with a deck, whose playtest variant files change the dice script and the deck.
GAME = "vector-game"
DICE = {
    "name": "Vector game", "players": {"min": 2, "max": 4}, "rounds": 2,
    "dice": {"d6": {"name": "d6", "faces": [1, 2, 3, 4, 5, 6]}},
    "setup": [
        {"kind": "shuffle", "id": "market", "label": "Market", "deck": "wares",
         "reveal": 2, "show": ["{name} ({cost})", "{name}"]},
    ],
    "each_round": [
        {"kind": "deal", "id": "hand", "label": "Hand", "from": "market", "per_player": 1},
        {"kind": "roll", "id": "roll", "label": "Roll", "dice": ["d6"]},
    ],
}
WARES = {
    "id": "wares", "kind": "cards", "title": "Wares", "front": "ware",
    "defaults": {"cost": 1, "winter": {"ships": 1, "gold": 0}},
    "items": [
        {"name": "Þórr's Axe", "cost": 3},
        {"name": "Amber", "count": 2},
        {"id": "salt", "name": "Salt", "winter": {"ships": 2}},
        {"name": "Fur", "cost": 2.5},
    ],
}
VARIANTS = {
    # rounds and a step change in dice:, a per-id change merging a mapping, a removal, two
    # additions (one named only, one with count), all in one change set
    "long-winter": {
        "title": "Long winter",
        "dice": {"rounds": 4, "steps": {"market": {"reveal": 3}}},
        "changes": {"wares": {
            "salt": {"winter": {"gold": 5}, "cost": 4},
            "remove": ["amber"],
            "add": [{"name": "Ørn Feather", "cost": 6}, {"id": "mead", "name": "Mead", "count": 2}],
        }},
    },
    # extends: the parent's changes first; this file's change an item the parent added,
    # remove another, add one more; its dice: changes replace the parent's field by field
    "longer-winter": {
        "title": "Longer winter", "extends": "long-winter",
        "dice": {"steps": {"market": {"show": "{name}"}}, "note": "and no prices"},
        "changes": {"wares": {
            "orn-feather": {"cost": 7},
            "remove": ["mead"],
            "add": [{"name": "Seal Oil"}],
        }},
    },
}
SCRIPTS = [(None, 3, "ash"), ("long-winter", 2, "ash"), ("longer-winter", 4, "elm")]


def _plain(data):
    return json.loads(json.dumps(data))


def write_game(root: Path) -> Path:
    """Write the vector game (dice.yaml, its deck and variant files) under ``root``."""
    folder = root / "data" / GAME
    (folder / "variants").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Vector game\n", encoding="utf-8")
    for name, data in [("dice", DICE), ("wares", WARES)]:
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True,
                                                            sort_keys=False), encoding="utf-8")
    for name, data in VARIANTS.items():
        (folder / "variants" / f"{name}.yaml").write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def spec_vectors() -> dict:
    """Return the spec-detail sections of the vectors file, from the Python code."""
    from sheetgen.dice.api import make_script
    from sheetgen.dice.conditions import resolve_count
    from sheetgen.dice.decks import Card
    from sheetgen.dice.labels import card_label, pattern_fields
    from sheetgen.load.model import derived_id
    from sheetgen.load.project import Project
    from sheetgen.load.tabular import NULL, parse_cell

    def cell(text):
        value = parse_cell(text)
        kind = ("unset" if value is None else "null" if value is NULL else
                "boolean" if isinstance(value, bool) else "integer" if isinstance(value, int)
                else "decimal" if isinstance(value, float) else "text")
        return {"cell": text, "type": kind,
                "value": None if kind in ("unset", "null") else value}

    def bad(pattern):
        try:
            pattern_fields(pattern)
        except ValueError:
            return {"show": pattern, "refused": True}
        return {"show": pattern, "refused": False}

    scripts = []
    with tempfile.TemporaryDirectory() as tmp:
        write_game(Path(tmp))
        project = Project.at(Path(tmp))
        for variant, players, seed in SCRIPTS:
            script = make_script(project, GAME, players, seed=seed, variant=variant)
            scripts.append({"game": GAME, "players": players, "seed": seed, "balanced": False,
                            "variant": script.variant, "dice_yaml": _plain(DICE),
                            "decks": {"wares": _plain(WARES)},
                            "variant_files": _plain(VARIANTS), "digest": script.digest})
    return {
        "slugs": [{"name": n, "id": derived_id(n) or None} for n in SLUG_NAMES],
        "cells": [cell(c) for c in CELLS],
        "labels": [{"show": show, "fields": fields, "id": cid, "name": name,
                    "label": card_label(Card(cid, name, 0, 1, fields), show)}
                   for show, fields, cid, name in LABELS],
        "bad_patterns": [bad(p) for p in BAD_PATTERNS],
        "counts": [{"value": v, "players": n, "count": resolve_count(v, n)} for v, n in COUNTS],
        "scripts": scripts,
    }
