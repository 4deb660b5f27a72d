"""Roll sheets drawn on the speed layer's canvas (its faster strings, circles and object
formatting) have the bytes ReportLab's own canvas gives them."""

from __future__ import annotations

from conftest import REPO
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from sheetgen.dice.roll_sheets import roll_sheet_pdfs
from sheetgen.load.project import Project
from sheetgen.write import speed_layer
from sheetgen.write.fast_canvas import FastCanvas


def test_a_roll_sheet_has_the_stock_canvas_s_bytes(monkeypatch):
    project = Project.at(REPO)
    made = []
    canvases = []
    for enabled in (True, False):
        monkeypatch.setattr(speed_layer, "ENABLED", enabled)
        canvases.append(speed_layer.canvas_class())
        # two papers: the second document draws the dice the first drew
        made.append(roll_sheet_pdfs(project, "roll-and-raid", 2, [A4, LETTER], None, {}))
    assert canvases == [FastCanvas, Canvas]
    fast, stock = made
    assert len(fast) == 2 and fast[0] != fast[1]
    assert fast == stock
