"""A roll sheet's cell (its rounded box and the invisible text that says what its dice show)
is written straight into the page's operators: the same bytes as ReportLab's own calls, and
the canvas's drawing state left as they leave it."""

from __future__ import annotations

import io
import random

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from sheetgen.dice.formats.as_pdf import register_fonts
from sheetgen.dice.formats.as_slips import _invisible_text, _round_rect
from sheetgen.dice.formats.measuring import MeasuringCanvas

# boxes a sheet draws, and awkward ones (fractions ReportLab rounds, a negative width)
BOXES = [(36.0, 700.0, 120.0, 33.0, 2.5), (101.37, 512.123456, 57.3, 29.0, 2.5),
         (0.0, 0.0, 10.0, 10.0, 0.0), (300.01, 1.005, -40.5, 36.0, 3.3333)]
# what cells say, and text that needs escapes, letters beyond ASCII and more distinct
# letters than one font subset holds
TEXTS = ["4 3 3 3 \u2192 2 4 4 6 = 16", "(a) \\b) c", "", "\u00e9\u00df\u00f1 \u2192 5",
         "".join(chr(c) for c in range(0x20, 0x17f) if chr(c).isprintable())]


def _canvas(fill_mode: int = 0) -> Canvas:
    c = Canvas(io.BytesIO(), invariant=1, pageCompression=0)
    c._fillMode = fill_mode
    c.setStrokeColorRGB(0.2, 0.4, 0.6)
    c.setLineWidth(2)
    return c


def _text_by_reportlab(c, x, y, font, size, text):
    """The invisible text as the sheet wrote it before: a ReportLab text object."""
    obj = c.beginText(x, y)
    obj.setTextRenderMode(3)
    obj.setFont(font, size)
    obj.textOut(text)
    obj.setTextRenderMode(0)
    c.drawText(obj)


def _same(mine: Canvas, theirs: Canvas) -> None:
    # the page's operators are joined by newlines: one entry of several lines writes the same
    assert "\n".join(mine._code) == "\n".join(theirs._code)
    state = [name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate"]
    assert [mine.__dict__[n] for n in state] == [theirs.__dict__[n] for n in state]
    mine.showPage()
    theirs.showPage()
    assert mine.getpdfdata() == theirs.getpdfdata()


def test_a_cell_box_writes_what_reportlabs_round_rect_writes():
    for fill_mode in (0, FILL_EVEN_ODD):
        mine, theirs = _canvas(fill_mode), _canvas(fill_mode)
        for x, y, w, h, r in BOXES:
            _round_rect(mine, x, y, w, h, r)
            theirs.roundRect(x, y, w, h, r, stroke=1, fill=1)
            mine.line(0, 0, x, y)  # drawing goes on in the state the box left
            theirs.line(0, 0, x, y)
        _same(mine, theirs)


def test_a_cells_invisible_text_writes_what_a_text_object_writes():
    fonts = register_fonts()
    rng = random.Random(7)
    mine, theirs = _canvas(), _canvas()
    for font in {fonts["body"], fonts["bold"], "Helvetica"}:
        for text in TEXTS:
            x, y, size = rng.uniform(0, 500), rng.uniform(0, 800), rng.choice([4, 4.5, 11])
            mine.setFont(fonts["label"], 9)  # the canvas's own font is not the text's
            theirs.setFont(fonts["label"], 9)
            _invisible_text(mine, x, y, font, size, text)
            _text_by_reportlab(theirs, x, y, font, size, text)
            mine.drawString(x, y, "after")  # in the canvas's font, as before the text
            theirs.drawString(x, y, "after")
    _same(mine, theirs)


def test_a_measuring_canvas_gets_no_cell():
    c = MeasuringCanvas(io.BytesIO())
    _round_rect(c, 1, 2, 3, 4, 1)
    _invisible_text(c, 1, 2, register_fonts()["body"], 4, "6 6")
    assert c._code == []
