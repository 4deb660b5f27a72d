"""What a text writes after its position is worked out once per document (the fast canvas's
``drawString``, a roll sheet's hidden cell text): the same bytes as ReportLab writing every
string, and a face's form being recorded still sees every string split into its fonts."""

from __future__ import annotations

import random
from io import BytesIO
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.fast_canvas import FastCanvas
from sheetgen.write.form_replay import FaceRecorder

FONTS = Path(__file__).resolve().parents[1] / "fonts"
NAMES = ("AlegreyaSans-Regular", "Cinzel-Bold")


def _fonts() -> None:
    for name in NAMES:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))


def _document(cls, lines) -> tuple[bytes, object]:
    _fonts()
    out = BytesIO()
    canvas = cls(out, invariant=1, pageCompression=0, initialFontName=NAMES[0])
    for n, (font, size, x, y, text) in enumerate(lines):
        canvas.setFont(font, size)
        canvas.drawString(x, y, text)
        if n % 150 == 149:
            canvas.showPage()
    canvas.showPage()
    canvas.save()
    return out.getvalue(), canvas


def test_texts_drawn_again_match_reportlab_to_the_byte():
    """A few texts (non-ASCII letters among them, in two fonts and sizes) drawn again and
    again at new places, new letters arriving between the repeats."""
    rng = random.Random(11)
    words = ["Raid", "=7", "Ωmega", "Þórr ∙ Ásgard", "é", "(3)", "\\back", "ĀĒĪŌŪ",
             *("".join(rng.choice("ŁŃŚŹŻąćęłńóśźż abc") for _ in range(6)) for _ in range(40))]
    lines = [(rng.choice(NAMES), rng.choice([6, 9, 11.5]), rng.uniform(0, 500),
              round(rng.uniform(0, 800), 2), rng.choice(words[:8 + k // 20]))
             for k in range(800)]
    fast, canvas = _document(FastCanvas, lines)
    stock, _ = _document(Canvas, lines)
    assert fast == stock
    assert len(canvas._said) < len(lines) / 2  # the repeats were written from what was kept


def test_a_recorded_form_sees_a_text_the_page_drew_before():
    _fonts()
    canvas = FastCanvas(BytesIO(), invariant=1, initialFontName=NAMES[0])
    canvas.setFont(NAMES[0], 10)
    canvas.drawString(10, 10, "Ωmega")  # kept for the document
    canvas.beginForm("face-1", 0, 0, 50, 50)
    with FaceRecorder(canvas) as recorder:
        canvas.drawString(5, 5, "Ωmega")
    canvas.endForm()
    font = pdfmetrics.getFont(NAMES[0])
    assert (font, "Ωmega") in recorder.splits
