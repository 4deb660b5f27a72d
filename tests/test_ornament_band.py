"""ornament_band: every pattern inks its own box and nothing else, vertically too, same bytes."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from sheetgen.fill.elements import DrawContext
from sheetgen.fill.elements.ornament_band import OrnamentBand
from sheetgen.fill.fonts import FontBook
from sheetgen.fill.icons import IconBook

PAGE = 200.0
DPI = 144
PATTERNS = ["zigzag", "crenel", "knot", "diamonds", "pennants"]


def draw(project, **fields) -> bytes:
    """Return a one-page PDF holding one band."""
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    context = {"width": PAGE, "height": PAGE, "fonts": fonts, "icons": icons, "colors": {}}
    band = OrnamentBand.model_validate({"type": "ornament_band", "color": "ink", **fields},
                                       context=context)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(PAGE, PAGE), invariant=1)
    band.draw(canvas, DrawContext(PAGE, PAGE, fonts, icons))
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def inked(pdf: bytes) -> set[tuple[int, int]]:
    """Return the pixels (x, y from the top, at DPI) darker than paper."""
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        doc.close()
    pixels = image.load()
    return {(x, y) for y in range(image.height) for x in range(image.width) if pixels[x, y] < 200}


@pytest.mark.parametrize("pattern", PATTERNS)
@pytest.mark.parametrize("box", [(20, 30, 120, 12), (50, 20, 12, 150)], ids=["row", "column"])
def test_band_inks_its_box_only(project, pattern, box):
    x, y, w, h = box
    ink = inked(draw(project, pattern=pattern, x=f"{x}pt", y=f"{y}pt", w=f"{w}pt", h=f"{h}pt",
                     repeat="12pt"))
    s = DPI / 72
    margin = 2  # anti-aliasing and half a line width
    outside = [p for p in ink if not (x * s - margin <= p[0] <= (x + w) * s + margin
                                      and y * s - margin <= p[1] <= (y + h) * s + margin)]
    assert not outside, outside[:5]
    # the motif runs the whole length: ink in the first and the last tenth of the band
    long_axis = 0 if w > h else 1
    start, length = (x, w) if w > h else (y, h)
    positions = [p[long_axis] / s for p in ink]
    assert min(positions) < start + length * 0.1 and max(positions) > start + length * 0.9
    # and covers a fair share of it (a band, not a line or a blot)
    assert 0.08 < len(ink) / (w * h * s * s) < 0.9


def test_same_yaml_same_bytes(project):
    fields = {"pattern": "knot", "x": "10pt", "y": "10pt", "w": "150pt", "h": "10pt"}
    assert draw(project, **fields) == draw(project, **fields)


def test_zero_size_is_refused(project):
    with pytest.raises(ValueError, match="positive"):
        draw(project, pattern="zigzag", w="0pt", h="10pt")
