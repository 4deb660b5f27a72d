"""A text element works out the words it paints once, at its first drawing (issue 36).

The print checks record each face on their probe canvas, then the face's form draws it into
the PDF: the element's lines, words, positions and fonts are worked out for the first and
kept for the second (and for every other face that shares the element). What the PDF holds
is what a text drawn there alone gives.
"""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from sheetgen.checks.record import record
from sheetgen.fill.elements import DrawContext, text as text_module
from sheetgen.fill.elements.text import Text
from sheetgen.fill.faces import Face
from sheetgen.fill.fonts import FontBook
from sheetgen.fill.icons import IconBook

PAGE = 200.0
WORDS = "Move **2** spaces, then 3, 4 or 5.\nA second paragraph of plain words to wrap."


def element(fonts, icons) -> Text:
    context = {"width": PAGE, "height": PAGE, "fonts": fonts, "icons": icons, "colors": {}}
    made = Text.model_validate({"type": "text", "x": "20pt", "y": "30pt", "w": "120pt",
                                "h": "100pt", "text": WORDS, "size": 10,
                                "number_font": "label"}, context=context)
    made.prepare(DrawContext(PAGE, PAGE, fonts, icons))
    return made


def pdf_of(made: Text, fonts, icons) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(PAGE, PAGE), invariant=1)
    made.draw(canvas, DrawContext(PAGE, PAGE, fonts, icons))
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_checks_and_form_share_one_working_out(project, monkeypatch):
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    made = element(fonts, icons)
    worked = []
    segments = text_module._segments
    monkeypatch.setattr(text_module, "_segments",
                        lambda runs, numbers=False: worked.append(runs) or segments(runs, numbers))
    face = Face(PAGE, PAGE, 0.0, [made], "k", "card")
    drawn, _ = record(face, fonts, icons, cache=None)
    lines = len(made._layout.lines)
    assert len(worked) == lines > 2
    pdf = pdf_of(made, fonts, icons)
    pdf_of(made, fonts, icons)
    assert len(worked) == lines  # the PDF drew the words the checks' drawing worked out
    # the checks saw every word the page prints
    recorded = " ".join(mark.text for mark in drawn[0].marks)
    printed = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for word in ("Move", "2", "spaces,", "3", "second", "wrap"):
        assert word in recorded and word in printed
    assert "3," in printed  # a number and its comma, one string in two faces


def test_kept_words_print_as_a_fresh_drawing(project):
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    drawn_before = element(fonts, icons)
    record(Face(PAGE, PAGE, 0.0, [drawn_before], "k", "card"), fonts, icons, cache=None)
    assert pdf_of(drawn_before, fonts, icons) == pdf_of(element(fonts, icons), fonts, icons)


def test_another_face_height_works_them_out_again(project):
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    made = element(fonts, icons)
    pdf_of(made, fonts, icons)
    taller = made._lines_drawn(DrawContext(PAGE, PAGE + 50, fonts, icons))
    assert taller[0][0] == made._lines_drawn(DrawContext(PAGE, PAGE, fonts, icons))[0][0] + 50
