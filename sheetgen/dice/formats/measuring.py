"""A canvas that lays a roll sheet out without drawing it: how many pages, how full the last.

A roll sheet with a mostly blank last page is laid out again with less air (as_pdf.laid_out),
and kept only when that saves a page. Drawing each try in full (hundreds of dice, the band's
scene art, the PDF formatted) to learn its page count cost a build a third of its roll-sheet
time; a try on this canvas runs the same layout code, every position and page break
computed as before, while the drawing calls do nothing. The sheet chosen is then drawn once,
on a real canvas.

Only calls that change what is on the page, or drawing state the layout never reads, are
silenced (and a text object's): measuring text (``stringWidth``) and paths work as on any
canvas. A drawing that would be kept past the document (a die face's form, recorded and
replayed in later documents) and the band's scene art (read from its file) are not made on
this canvas (:attr:`MeasuringCanvas.measuring`).
Tests compare each try's pages and last line on this canvas and a real one
(tests/test_roll_sheet_measuring.py).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

# the canvas calls a roll sheet draws with (its band, scene art, panels, slips and dice)
SILENT = (
    "setFillGray", "setStrokeGray", "setFillColorRGB", "setStrokeColorRGB",
    "setFillColorCMYK", "setStrokeColorCMYK", "setFillAlpha", "setStrokeAlpha",
    "setFont", "setLineWidth", "setDash", "setLineCap", "setLineJoin", "setMiterLimit",
    "saveState", "restoreState", "translate", "scale", "transform",
    "rect", "roundRect", "line", "circle", "drawPath", "clipPath",
    "drawString", "drawCentredString", "drawRightString", "drawText",
    "doForm", "drawImage", "shade", "linearGradient", "showPage",
)


def _nothing(*_args, **_kwargs) -> None:
    """Draw nothing."""


class _SilentText:
    """A text object whose every call does nothing (its words are never drawn)."""

    def __getattr__(self, _name):
        return _nothing


class MeasuringCanvas(Canvas):
    """A ReportLab canvas whose drawing calls do nothing: a layout run on it computes every
    position and page break as on a real canvas, and costs none of the drawing. Never
    saved."""

    measuring = True  # what draws forms kept past a document, or art, draws none here

    def beginText(self, x=0, y=0, direction=None):
        """Return a text object that draws nothing."""
        return _SilentText()


for _name in SILENT:
    setattr(MeasuringCanvas, _name, _nothing)
