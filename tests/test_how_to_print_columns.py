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

pytestmark = pytest.mark.slow  # every game's page, rasterised

MM = 72 / 25.4
SCALE = 2  # 144 dpi
GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]
TEMPLATE = (200, 270)  # mm, centred on the paper
COLUMNS = {"left": (10, 98), "right": (102, 190)}  # mm across the template
TOP, FOOT = 41, 200  # mm down the template: under the first section titles, above section 6


def ink_rows(path, left: float, right: float, top: float, bottom: float) -> list[float]:
    """Return the pixel rows (mm down the template) with ink between ``left`` and ``right``,
    from ``top`` to ``bottom`` (mm on the template)."""
    page = pdfium.PdfDocument(str(path))[0]
    image = page.render(scale=SCALE).to_pil().convert("L")
    left_mm = (page.get_width() / MM - TEMPLATE[0]) / 2
    top_mm = (page.get_height() / MM - TEMPLATE[1]) / 2

    def px(mm: float) -> int:
        return round(mm * MM * SCALE)

    first = px(top_mm + top)
    return [top + (y - first) / SCALE / MM for y in range(first, px(top_mm + bottom))
            if min(image.crop((px(left_mm + left), y, px(left_mm + right), y + 1)).tobytes())
            < 235]


def column_ink(path) -> dict[str, tuple[float, float]]:
    """Return, per column, (its lowest ink in mm down the template, its tallest empty
    stretch in mm above that)."""
    found = {}
    for name, (start, end) in COLUMNS.items():
        inked = ink_rows(path, start, end, TOP, FOOT)
        band = max(b - a for a, b in zip(inked, inked[1:])) - 1 / SCALE / MM
        found[name] = (inked[-1], band)
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


@pytest.mark.parametrize("profile", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_right_column_flows_with_even_gaps_to_the_left_columns_line(built, game, profile):
    """The right column's blocks sat at fixed places, leaving empty stretches of up to 12 mm
    (Ragnarocks: under the duplex text and under Paper and card stock) and ending up to 11 mm
    above the left column: they now follow one another, the designed 2 mm gap (about 3.5 mm of
    white between a title band and its text's capitals) stretched by a few mm at most, and the
    last ends on the line of the left column's notes panel."""
    ink = column_ink(built(game, "how-to-print", profile))
    (left_bottom, _), (right_bottom, right_band) = ink["left"], ink["right"]
    assert right_band <= 6, f"{game} {profile}: {right_band:.1f} mm empty in the right column"
    assert abs(right_bottom - left_bottom) <= 3, ink


@pytest.mark.parametrize("game", GAMES)
def test_the_contents_checklist_uses_its_box(built, game):
    """A short checklist left up to 29 mm of its 36.5 mm box white under it (Rolling Thunder's
    four lines): its lines now spread over the box, so little room is left below the last."""
    inked = ink_rows(built(game, "how-to-print", "a4"), 10, 190, 209, 246.5)
    assert 246.5 - inked[-1] <= 8, f"{game}: {246.5 - inked[-1]:.1f} mm empty under the list"
