"""Small visual defects found looking at the roll-and-write games at 150 dpi, each measured.

Read from the pod PDFs with pypdfium2: glyph boxes of a printed phrase against the shapes (rules,
boxes, bands) drawn near it, inside the placed faces too.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from pdfcheck import drawn_shapes, ink_boxes

MM = 72 / 25.4


def gap_below(page, text: str) -> float:
    """Return the white space (points) between ``text``'s lowest glyph and the top of the
    nearest shape under it (one overlapping it across)."""
    left, bottom, right, top = ink_boxes(page, text)
    under = [shape[3] for shape in drawn_shapes(page)
             if shape[0] < right and shape[2] > left and shape[3] <= bottom + 2 * MM]
    return bottom - max(under)


def test_the_dice_tray_captions_stand_clear_of_the_bands_under_them(built):
    # Rolling Thunder: the second caption line ("yours, shared") touched the sector and
    # Runestone bands (its comma 0.3 mm into them)
    page = pdfium.PdfDocument(str(built("rolling-thunder", "play-sheet", "pod")))[0]
    for caption in ("neighbour", "colour + column", "yours, shared"):
        assert gap_below(page, caption) >= 0.25 * MM, caption
