"""Rolling Thunder, session 15: the fresh reader's findings (6.2 vs Ganz Schön Clever), each
read from the built PDF: its forms, text positions and pixels."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import page_chars, text_box

MM = 72 / 25.4


@pytest.fixture(scope="module")
def sheet(built):
    """The play sheet's pod PDF (one sheet a page) and page 1's text and character boxes."""
    path = built("rolling-thunder", "play-sheet", "pod", copies=1)
    page = pdfium.PdfDocument(str(path))[0]
    return (path, page, *page_chars(page))


def _forms(resources) -> set[str]:
    """Return the names of the forms a page draws, inside its forms too."""
    names = set()
    for name, ref in (resources.get("/XObject") or {}).items():
        names.add(str(name))
        form = ref.get_object()
        if "/Resources" in form:
            names |= _forms(form["/Resources"])
    return names


def test_grid_stones_are_standing_stones_and_shields_have_a_dark_rim(sheet):
    """s15 reader, finding 1: the Standing Stone on the grid was a teardrop (read as blood or
    water) and the Warrior's pale shield vanished on the blue sector. The stone is an upright
    carved stone now (the Runestone's kin), the shield a light steel ringed in dark ink."""
    path, page, text, boxes = sheet
    forms = _forms(PdfReader(path).pages[0]["/Resources"])
    assert any("runestone-carved" in f for f in forms), forms
    assert not any(f.endswith("icon-standing-stone") or f.endswith("icon-shield") for f in forms)
    assert any("warrior-shield" in f for f in forms), forms
    # the blue sector's Warrior at column 8, row 2 (the grid: 18 squares of 10.03 mm from
    # x 13.51 mm, 6 rows from y 65.51 mm, pod page with 3 mm bleed): its rim is dark ink
    # on the blue tint, its middle light
    scale = 200 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    bleed = 3 * MM
    cx, cy = (13.51 + 7.5 * 10.03) * MM + bleed, (65.51 + 1.5 * 10.03) * MM + bleed
    # the rim, about 2.6 mm out from the centre: dark on each of four rays out of it
    ring = [min(image.getpixel((int((cx + dx * r / 10 * MM) * scale),
                                int((cy + dy * r / 10 * MM) * scale))) for r in range(20, 34))
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    assert max(ring) < 110, ring
    tint = image.getpixel((int((cx + 4.4 * MM) * scale), int(cy * scale)))
    assert tint > 190, tint         # the sector's light tint beside it


def test_a_one_line_key_under_the_grid_names_its_pictures(sheet):
    """s15 reader, finding 1: "no symbol legend on sheet". One line under the Troll tracks,
    over the Gods band, names each picture of the grid beside it."""
    _, _, text, boxes = sheet
    key = text_box(text, boxes, "Key:")
    gods = text_box(text, boxes, "Gods ·")
    assert key[1] > gods[3] + 2 * MM   # over the Gods band
    start = text.find("Key:")
    for label in ("Troll", "Warrior", "Standing Stone", "Dark square", "Troll Magic",
                  "Forest fire"):
        box = text_box(text, boxes, label, start)
        assert abs(box[1] - key[1]) < 1.5 * MM, label   # on the key's line
        assert box[3] - box[1] > 2 * MM, label          # 9 pt or so: read at arm's length
