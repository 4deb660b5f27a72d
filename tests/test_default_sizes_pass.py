"""Every element's defaults pass the default print checks (issue 35: a plain `below:` failed
`min_game_text` out of the box). Each element type is written with its required fields and
the text it can print, with no size, placement aside, on a card, a sheet and a board, and
`sheetgen check` must pass. Each of these failed before its default was raised: track
below_size 7 pt ("+1" 1.26 mm tall) and its numbers at 9 pt (1.62 mm), table.size 8 pt ("1"
1.42 mm), card_spaces.label_size 9 pt ("2+" 1.64 mm), check_boxes labels at 45% of a 4 mm mark
(5.1 pt), a square grid's coordinates on a card (a fifth of a cell: 5.7 pt) and its labels
(7.7 pt, 1.39 mm), a hex cluster's cell text (9.1 pt, 1.65 mm); game text needs 7 pt and
1.70 mm."""

from __future__ import annotations

import json
import re

import pytest

from conftest import run_cli, write_files
from sheetgen.fill.elements import element_types

# Each element type: its required fields and every text it prints, at no given size.
# card_spaces gets a mark size (its default is a whole card, which no card holds) and path
# fewer, smaller spaces for the same reason: sizes of shapes, not of text.
ELEMENTS = {
    "box": {},
    "card_spaces": {"size": ["14mm", "20mm"], "spaces": [
        {"label": "2+", "note": "Discard"}, {"label": "Deck", "icon": "ship"}]},
    "check_boxes": {"labels": ["1", "2", "A"]},
    "compass_rose": {},
    "grid": {"children": [{"type": "text", "text": "Hold 3"}, {"type": "icon", "icon": "ship"}]},
    "hex_board": {"edges": [2, 2, 2, 2, 2, 2], "coordinates": True,
                  "cells": [{"at": "B2", "label": "7"}]},
    "hex_cluster": {"runs": [[0, 0, 3]], "cells": [{"at": [1, 0], "text": "2"},
                                                   {"at": [2, 0], "text": "A"}]},
    "icon": {"icon": "viking"},
    "image": {"src": "art/picture.png"},
    "legend": {},
    "line": {},
    "ornament_band": {"pattern": "zigzag"},
    "ornament_frame": {},
    "path": {"space": "12mm", "spaces": ["Start", {"label": "Market", "icon": "coins"}, "Forge",
                                         "Hall", "Farm", "Tower", "Fjord", "Shrine", "Gate",
                                         "Well"], "numbers": 1},
    "polyomino": {"cells": [[0, 0], [1, 0], [1, 1]], "label": "3"},
    "score_ring": {},
    "section_title": {"text": "The Harbor", "note": "2 each"},
    "square_grid": {"cols": 4, "rows": 4, "coords": True, "col_labels": list("ABCD"),
                    "row_labels": list("1234"), "cells": [{"at": [2, 2], "text": "7"}]},
    "stack": {"children": [{"type": "text", "text": "Title 1", "h": "auto"},
                           {"type": "icon", "icon": "viking"}]},
    "table": {"rows": [["Gold", 1, 2, 3], ["Glory", 1, 4, 7]]},
    "text": {"text": "When **Summoning**: move 1 :viking: again."},
    "texture": {},
    "track": {"wrap": 4, "numbers": 1, "spaces": [
        {"below": "+1"}, {"below": "+2"}, {"below": "3"}, {"below": "+1"}, {"below": "4"}]},
    "write_in": {"label": "Gold", "prefix": "="},
}

KINDS = {  # the component, its template's size, and the box each element fills
    "card": ("kind: cards\nfront: {t}\nitems:\n  - {{name: A}}\n", "size: poker\n",
             {"x": "5mm", "y": "5mm", "w": "53mm", "h": "40mm"}),
    "sheet": ("kind: sheet\ntemplate: {t}\n", "size: a5\n",
              {"x": "10mm", "y": "10mm", "w": "120mm", "h": "80mm"}),
    "board": ("kind: board\nsides:\n  - {{id: main, template: {t}}}\n",
              "width: 300mm\nheight: 300mm\n",
              {"x": "20mm", "y": "20mm", "w": "200mm", "h": "150mm"}),
}


def test_every_element_type_is_tried():
    assert sorted(ELEMENTS) == sorted(element_types())


def _picture() -> bytes:
    from io import BytesIO

    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (2400, 2400), (70, 110, 150)).save(out, "PNG")  # 300 dpi over 203 mm
    return out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_elements_defaults_pass_the_default_checks(tmp_path, kind):
    component, size, box = KINDS[kind]
    ids = {name: name.replace("_", "-") for name in ELEMENTS}
    files = {"data/g/game.yaml": f"id: g\nname: G\ncomponents: [{', '.join(ids.values())}]\n"}
    for name, fields in ELEMENTS.items():
        element = {"id": ids[name], "type": name, **fields, **box}
        files[f"data/g/{ids[name]}.yaml"] = (f"id: {ids[name]}\ntitle: {name}\n"
                                             + component.format(t=f"t-{ids[name]}"))
        files[f"templates/t-{ids[name]}.yaml"] = f"{size}elements:\n  - {json.dumps(element)}\n"
    root = write_files(tmp_path, files)
    (root / "templates" / "art").mkdir()
    (root / "templates" / "art" / "picture.png").write_bytes(_picture())
    result = run_cli("--project", str(root), "check", "g")
    failed = sorted(set(re.findall(r"t-([a-z-]+)\.yaml", result.output)))
    assert result.exit_code == 0 and not failed, (failed, result.output[-3000:])
    assert ", 0 fail" in result.output, result.output[-2000:]
