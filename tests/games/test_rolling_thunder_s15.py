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


def _grey(page, scale=150 / 72):
    """Return the page rendered in greys and a function giving a point's grey (PDF points)."""
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * scale), int((height - y) * scale)))
    return at


def test_the_title_stands_on_a_storm_band_across_the_sheet(sheet):
    """s15 reader, finding 2: "no identity: small grey storm thumbnail header, plain serif
    capitals, zigzag, white space". The title is ivory on a dark storm band that runs the
    sheet's width (its clouds in it), edged in gold with a gold knotwork border under it; the
    Shaman writes on a light plate inside the band."""
    _, page, text, boxes = sheet
    at = _grey(page)
    title = text_box(text, boxes, "ROLLING THUNDER")
    shaman = text_box(text, boxes, "Shaman")
    middle = (title[1] + title[3]) / 2
    # the band, dark from under the title's start to past the plate's left (the storm's
    # clouds vary its tone; never paper-light)
    for x_mm in range(26, 190, 6):   # right of the gold bolt
        x = x_mm * MM + 3 * MM
        if title[0] - 1 * MM < x < title[2] + 1 * MM:
            continue   # the letters themselves
        assert sum(at(x, middle)) / 3 < 110, (x_mm, at(x, middle))
    assert title[2] - title[0] > 80 * MM   # a title of presence, not a caption
    # ivory letters: some pixel of the title is light
    assert max(sum(at(title[0] + i * (title[2] - title[0]) / 400, middle)) / 3
               for i in range(400)) > 220
    # the Shaman's plate: light paper inside the dark band
    plate = at(shaman[2] + 30 * MM, (shaman[1] + shaman[3]) / 2 + 2.5 * MM)
    assert min(plate) > 220, plate
    # the gold knotwork under the band: gold (red well over blue) along its foot
    def gold_share(y: float) -> float:
        row = [at(x * MM, y) for x in range(20, 280, 2)]
        return sum(1 for r, g, b in row if r - b > 60) / len(row)
    # a row of it within 8 mm under the title's letters, all along the sheet
    assert max(gold_share(title[1] - i * 0.2 * MM) for i in range(40)) > 0.25


def test_left_and_right_flank_the_thunder_die_only(sheet):
    """s15 reader, finding 3: "← LEFT" and "RIGHT →" at the tray's ends seemed to belong to the
    circle and triangle dice beside them. They stand on either side of the Thunder die space,
    on a tinted panel that holds those three and not the Lightning pair."""
    _, page, text, boxes = sheet
    at = _grey(page)
    left = text_box(text, boxes, "LEFT", text.find("Dice tray"))
    right = text_box(text, boxes, "RIGHT", text.find("Dice tray"))
    row = text_box(text, boxes, "row", text.find("colour + column"))
    thunder = text_box(text, boxes, "your Thunder")
    centre = (thunder[0] + thunder[2]) / 2
    assert row[2] < left[0] < left[2] < centre - 8 * MM   # LEFT: between the pair and Thunder
    assert centre + 8 * MM < right[0]                     # RIGHT: beyond the Thunder die
    # both neighbours' notes are whole short sentences
    for sentence in ("Next seat clockwise.", "The seat before yours.", "Its Thunder die: a row."):
        assert sentence in text.replace("\r\n", " ").replace("\n", " "), sentence
    # the panel: tinted (blue over red) under LEFT's note and beside the Thunder caption,
    # paper-white beside the triangle's caption
    y = (thunder[1] + thunder[3]) / 2
    for x in (left[0] - 0.6 * MM, right[2] + 0.4 * MM, thunder[2] + 1 * MM):
        r, g, b = at(x, y)
        assert b - r > 8 and min(r, g, b) > 200, (x / MM, (r, g, b))
    r, g, b = at(row[2] + 2 * MM, y)
    assert min(r, g, b) > 245, (r, g, b)
