"""The How-to-print page's two columns end together and the left one has no white band.

Every game, A4 and Letter, measured from the pixels (pypdfium2): in the band between the
section titles and the checklist, the lowest ink of the left column (files, copies, notes)
lies near the right column's (duplex, paper, steps), and no empty stretch inside the left
column is taller than a few lines. The left column's stack gives its leftover room to a ruled
notes panel; before it, a short file list left a 15-62 mm white band above the copies table.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

MM = 72 / 25.4
SCALE = 2  # 144 dpi
GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]
TEMPLATE = (200, 270)  # mm, centred on the paper
COLUMNS = {"left": (10, 98), "right": (102, 190)}  # mm across the template
TOP, FOOT = 41, 200  # mm down the template: under the first section titles, above section 6


def column_ink(path) -> dict[str, tuple[float, float]]:
    """Return, per column, (its lowest ink in mm down the template, its tallest empty
    stretch in mm above that)."""
    page = pdfium.PdfDocument(str(path))[0]
    image = page.render(scale=SCALE).to_pil().convert("L")
    left_mm = (page.get_width() / MM - TEMPLATE[0]) / 2
    top_mm = (page.get_height() / MM - TEMPLATE[1]) / 2

    def px(mm: float) -> int:
        return round(mm * MM * SCALE)

    found = {}
    for name, (start, end) in COLUMNS.items():
        rows = [min(image.crop((px(left_mm + start), y, px(left_mm + end), y + 1)).tobytes())
                < 235 for y in range(px(top_mm + TOP), px(top_mm + FOOT))]
        inked = [i for i, ink in enumerate(rows) if ink]
        band = run = 0
        for ink in rows[:inked[-1]]:
            run = 0 if ink else run + 1
            band = max(band, run)
        found[name] = (TOP + inked[-1] / SCALE / MM, band / SCALE / MM)
    return found


@pytest.mark.parametrize("profile", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_columns_end_together_with_no_white_band(built, game, profile):
    path = built(game, "how-to-print", profile)
    page_height = pdfium.PdfDocument(str(path))[0].get_height() / MM
    ink = column_ink(path)
    left_bottom, left_band = ink["left"]
    right_bottom, _ = ink["right"]
    assert abs(left_bottom - right_bottom) <= 0.15 * page_height, ink
    # the left column runs down to the foot of section 5 (198 mm)...
    assert left_bottom >= 196, ink
    # ...without a stretch of white taller than two lines of its text (gaps, table rows)
    assert left_band <= 8, ink
