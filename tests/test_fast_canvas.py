"""The fast canvas writes circles and ellipses to the very bytes ReportLab's canvas writes."""

from __future__ import annotations

import random
import zlib
from io import BytesIO

import pytest
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.fast_canvas import FastCanvas
from sheetgen.write.pdf_objects import flate_stream


def _draw(cls, shapes) -> bytes:
    out = BytesIO()
    canvas = cls(out, invariant=1, pageCompression=0)
    for i, (kind, args) in enumerate(shapes):
        if i == len(shapes) // 2:
            canvas.setFillColorRGB(0.2, 0.4, 0.6)
            canvas.saveState()
            canvas._fillMode = 1  # non-zero winding: another fill operator
        getattr(canvas, kind)(*args)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_circles_and_ellipses_match_reportlab_to_the_byte():
    rng = random.Random(7)
    value = [lambda: rng.uniform(-500, 900), lambda: rng.uniform(0, 1e-3),
             lambda: round(rng.uniform(-50, 50), 1), lambda: float(rng.randint(0, 40)),
             lambda: rng.randint(-40, 40)]
    shapes = []
    for _ in range(3000):
        pick = rng.choice(value)
        flags = (rng.randint(0, 1), rng.randint(0, 1))
        if rng.random() < 0.5:
            shapes.append(("circle", (pick(), pick(), rng.choice(value)(), *flags)))
        else:  # corners in any order, empty and inverted boxes too
            shapes.append(("ellipse", (pick(), pick(), pick(), pick(), *flags)))
    fast, stock = _draw(FastCanvas, shapes), _draw(Canvas, shapes)
    assert b" c\n" in fast and b"\nB\n" in fast and b"\nf*\n" in fast
    assert fast == stock


def _forms_document(cls, precompressed: bool) -> bytes:
    """Icons used by faces (some faces share their set of icons), faces placed on pages;
    ``precompressed``: faces get their compressed content as form_replay gives it."""
    out = BytesIO()
    canvas = cls(out, invariant=1, pageCompression=1)
    for i in range(9):
        canvas.beginForm(f"icon-{i}", 0, 0, 1, 1)
        canvas.circle(0.5, 0.5, 0.1 * i, stroke=0, fill=1)
        canvas.endForm()
    for face in range(14):
        canvas.beginForm(f"face-{face}", -9, -9, 189.5, 261)
        canvas.rect(0, 0, 180, 252, stroke=1, fill=0)
        for icon in range(face % 3, 9, 1 + face % 4 // 2):  # three different sets of icons
            canvas.translate(3, 4)
            canvas.doForm(f"icon-{icon}")
        canvas.endForm()
        if precompressed:
            form = canvas._doc.idToObject[xObjectName(f"face-{face}")]
            form.Contents = flate_stream(zlib.compress(form.stream))
    for page in range(2):
        for face in range(page, 14 - page):  # more than six forms: the dictionary wraps
            canvas.saveState()
            canvas.translate(face * 10, page * 20)
            canvas.doForm(f"face-{face}")
            canvas.restoreState()
        canvas.showPage()
    canvas.rect(10, 10, 50, 50)  # a page that uses no form
    canvas.showPage()
    canvas.setFillColor(CMYKColorSep(0, 0.5, 1, 0, spotName="Gold"))  # a page with a colour space
    canvas.doForm("face-3")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize("precompressed", [False, True])
def test_forms_and_pages_match_reportlab_to_the_byte(precompressed):
    fast = _forms_document(FastCanvas, precompressed)
    assert b"/FormXob.face-12" in fast and b"R \n  /FormXob" in fast
    assert b"/BBox [ -9 -9 189.5 261 ]" in fast and b"/ColorSpace" in fast
    assert fast == _forms_document(Canvas, precompressed)


def test_streams_are_encoded_as_reportlab_encodes_them():
    from reportlab.pdfbase.pdfdoc import pdfdocEnc

    from sheetgen.write.fast_canvas import pdfdoc_bytes

    for text in ["0 0 m 1 1 l S\n(a\\(b\\)) Tj", "\t\r\n~ \x7f\x01", "é ü – ‘x’ •", ""]:
        assert pdfdoc_bytes(text) == pdfdocEnc(text)
    for text in ["\x18", "ok \x1f"]:  # no byte in PDFDocEncoding: ReportLab's error
        with pytest.raises(UnicodeEncodeError):
            pdfdoc_bytes(text)


def test_pdf_bytes_are_the_bytes_save_writes():
    """The speed layer hands a finished document over in one buffer (no list of every
    object's bytes joined at the end): the same bytes ``save`` writes to a file."""
    out = BytesIO()
    saved = FastCanvas(out, invariant=1, pageCompression=1)
    handed = FastCanvas(BytesIO(), invariant=1, pageCompression=1)
    for canvas in (saved, handed):
        for page in range(3):
            canvas.circle(50 + page, 60, 20, stroke=1, fill=page % 2)
            canvas.drawString(10, 10, f"page {page}")
            canvas.showPage()
        canvas.rect(1, 2, 3, 4)  # left open: closed as save closes it
    saved.save()
    data = handed.pdf_bytes()
    assert data.startswith(b"%PDF-1.") and data.count(b"/Type /Page\n") == 4
    assert data == out.getvalue()
