"""Font subsets kept across documents give the bytes ReportLab writes making them afresh."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.font_subsets import SubsetCachingTTFont
from tests.conftest import REPO

FONT = str(REPO / "fonts" / "AlegreyaSans-Regular.ttf")
# texts whose non-ASCII letters get different subset codes, and one long enough for a 2nd subset
# (U+0149 is left out: the font has no glyph for it)
TEXTS = ["Ægir Sól", "Hildisvíni ’ Þór", "Ægir Sól",
         "".join(chr(c) for c in range(0xC0, 0x17F) if c != 0x149), "plain ASCII"]


def _pdf(font_name: str, text: str, compression: int = 1) -> bytes:
    out = BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=compression)
    canvas.setFont(font_name, 12)
    canvas.drawString(20, 700, text)
    canvas.save()
    return out.getvalue()


@pytest.fixture
def fonts():
    """A stock ReportLab font and a subset-keeping one of the same file, under their own names.

    (``registerFont`` would alias the second to the first: they share a face name.)
    """
    stock, kept = TTFont("subset-test-stock", FONT), SubsetCachingTTFont("subset-test-kept", FONT)
    pdfmetrics._fonts.update({stock.fontName: stock, kept.fontName: kept})
    yield stock, kept
    for font in (stock, kept):
        del pdfmetrics._fonts[font.fontName]


def test_kept_subsets_give_reportlabs_bytes_and_the_right_letters(fonts):
    stock, kept = fonts
    for compression in (1, 0):
        for text in TEXTS:
            data = _pdf(kept.fontName, text, compression)
            assert data == _pdf(stock.fontName, text, compression), text
            page = PdfReader(BytesIO(data)).pages[0]
            assert page.extract_text().strip() == text
    # each distinct subset was cut once: 4 different documents, the long text in 2 subsets (the
    # second "Ægir Sól" document reused the first one's)
    assert len(kept._programs) == 5
