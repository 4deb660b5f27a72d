"""compass_rose: its labels sit where its points are, rotate turns them, it inks its box only."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from sheetgen.fill.elements import DrawContext
from sheetgen.fill.elements.compass_rose import CompassRose
from sheetgen.fill.fonts import FontBook
from sheetgen.fill.icons import IconBook

PAGE = 200.0
BOX = (40.0, 30.0, 120.0, 120.0)  # x, y from the top, w, h (points)


def draw(project, **fields) -> bytes:
    """Return a one-page PDF holding one compass rose in BOX."""
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    context = {"width": PAGE, "height": PAGE, "fonts": fonts, "icons": icons, "colors": {}}
    x, y, w, h = BOX
    rose = CompassRose.model_validate({"type": "compass_rose", "x": f"{x}pt", "y": f"{y}pt",
                                       "w": f"{w}pt", "h": f"{h}pt", **fields}, context=context)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(PAGE, PAGE), invariant=1)
    rose.draw(canvas, DrawContext(PAGE, PAGE, fonts, icons))
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def label_positions(pdf: bytes) -> dict[str, tuple[float, float]]:
    """Return each one-letter label's start, from the box's centre (y up)."""
    found = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            found[text.strip()] = (tm[4] - (BOX[0] + BOX[2] / 2),
                                   tm[5] - (PAGE - BOX[1] - BOX[3] / 2))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_labels_go_clockwise_from_the_top(project):
    at = label_positions(draw(project, labels=["N", "E", "S", "W"]))
    assert at["N"][1] > 40 and abs(at["N"][0]) < 10
    assert at["E"][0] > 40 and abs(at["E"][1]) < 10
    assert at["S"][1] < -40 and abs(at["S"][0]) < 10
    assert at["W"][0] < -40 and abs(at["W"][1]) < 10


def test_rotate_turns_the_labels_clockwise(project):
    at = label_positions(draw(project, labels=["N", "E", "S", "W"], rotate=90))
    assert at["N"][0] > 40 and abs(at["N"][1]) < 10  # north now points right
    assert at["E"][1] < -40  # east points down


@pytest.mark.parametrize("points", [4, 8])
def test_inks_its_box_only(project, points):
    dpi = 144
    doc = pdfium.PdfDocument(draw(project, points=points))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()
    s = dpi / 72
    x, y, w, h = (v * s for v in BOX)
    box = image.crop((int(x) - 2, int(y) - 2, int(x + w) + 3, int(y + h) + 3))
    inside = sum(1 for v in box.tobytes() if v < 200)
    total = sum(1 for v in image.tobytes() if v < 200)
    assert inside > 500 and total == inside
    # eight points ink the diagonals too: a pixel on the north-east diagonal, halfway out
    cx, cy, r = x + w / 2, y + h / 2, (min(w, h) / 2 - 11 * 1.1 * s) * 0.45
    diagonal = image.crop((int(cx + r * 0.7) - 2, int(cy - r * 0.7) - 2,
                           int(cx + r * 0.7) + 3, int(cy - r * 0.7) + 3))
    assert (min(diagonal.tobytes()) < 200) == (points == 8)
