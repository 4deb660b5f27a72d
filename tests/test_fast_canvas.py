"""The fast canvas writes circles and ellipses to the very bytes ReportLab's canvas writes."""

from __future__ import annotations

import random
import zlib
from io import BytesIO
from pathlib import Path

import pytest
from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.fast_canvas import FastCanvas
from sheetgen.write.pdf_objects import flate_stream

FONTS = Path(__file__).resolve().parents[1] / "fonts"


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


def _placed(cls, places) -> tuple[bytes, dict]:
    """A page of forms placed as PdfDocument.place places a face (clipped or not), the fill
    mode changed halfway; return the PDF and the canvas's state after it."""
    out = BytesIO()
    canvas = cls(out, invariant=1, pageCompression=0)
    canvas.beginForm("face-1", 0, 0, 10, 10)
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.endForm()
    canvas.translate(3, 4)  # a cm last on the page: the placed form's is not joined to it
    for i, (x, y, clip) in enumerate(places):
        if i == len(places) // 2:
            canvas._fillMode = 1
        if cls is FastCanvas:
            canvas.place_form("face-1", x, y, clip)
            continue
        canvas.saveState()
        if clip is not None:
            path = canvas.beginPath()
            path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
            canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(x, y)
        canvas.doForm("face-1")
        canvas.restoreState()
    state = {name: getattr(canvas, name) for name in Canvas.STATE_ATTRIBUTES
             if name != "_extgstate"}
    state["forms"] = list(canvas._formsinuse)
    canvas.showPage()
    canvas.save()
    return out.getvalue(), state


def test_placed_forms_match_reportlab_to_the_byte():
    rng = random.Random(11)
    places = []
    for _ in range(400):
        x, y = rng.uniform(-100, 600), round(rng.uniform(0, 800), rng.randint(0, 3))
        clip = None if rng.random() < 0.3 else (x - 1.5, y - 2, x + rng.uniform(0, 200), y + 90)
        places.append((x, y, clip))
    fast, stock = _placed(FastCanvas, places), _placed(Canvas, places)
    assert b" re W n\n" in fast[0] and b" re W* n\n" in fast[0]
    assert fast == stock


def _strings(cls, lines) -> bytes:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in ("AlegreyaSans-Regular", "Cinzel-Bold"):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    out = BytesIO()
    canvas = cls(out, invariant=1, pageCompression=0, initialFontName="AlegreyaSans-Regular")
    for font, size, leading, x, y, text in lines:
        canvas.setFont(font, size, leading)
        canvas.drawString(x, y, text)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_strings_match_reportlab_to_the_byte():
    """Strings in embedded fonts: ASCII, escapes, and more non-ASCII letters than one subset
    holds (so a string switches subsets), empty ones too, in two fonts and several sizes."""
    rng = random.Random(5)
    alphabet = ("abcXYZ 019()\\\r\n\t’—" + "".join(map(chr, range(0xC0, 0x250)))
                + "".join(map(chr, range(0x391, 0x3C9))))
    lines = []
    for _ in range(1500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        lines.append((rng.choice(["AlegreyaSans-Regular", "Cinzel-Bold"]),
                      rng.choice([6, 8.5, 11.25]), rng.choice([None, 10, 13.3]),
                      rng.uniform(-20, 500), round(rng.uniform(0, 800), 2), text))
    fast, stock = _strings(FastCanvas, lines), _strings(Canvas, lines)
    assert b"+1 " in fast and b"\\\\" in fast  # a second subset, an escaped backslash
    assert fast == stock
