"""A roll sheet's die is written straight into the page's operators: the same bytes as
ReportLab's own calls (save, translate, scale, the form, restore; the edge), and the canvas's
drawing state left as it was."""

from __future__ import annotations

import io

from conftest import REPO
from reportlab.pdfgen.canvas import Canvas

from sheetgen.dice.formats.die_faces import OUTLINE, DieFaces
from sheetgen.load.project import Project

# positions and sizes a sheet uses, and awkward ones (fractions ReportLab rounds)
PLACES = [(36.0, 700.0, 30.0), (101.37, 512.123456, 21.0), (0.0, 0.0, 40.0),
          (55.5555, 33.3333, 33.0), (300.01, 1.005, 36.0)]


def _canvas() -> Canvas:
    c = Canvas(io.BytesIO(), invariant=1, pageCompression=0)
    c.setStrokeColorRGB(0.2, 0.4, 0.6)
    c.setLineWidth(2)
    return c


def _by_reportlab(c, faces: DieFaces, die: str, face, x: float, y: float, size: float):
    """Draw a die as the sheet drew it before: ReportLab's calls, one by one."""
    art = faces.faces[(die, str(face))]
    c.saveState()
    c.translate(x, y)
    c.scale(size / art.width, size / art.height)
    c.doForm(faces.form(c, die, face))
    c.restoreState()
    c.saveState()
    c.setStrokeGray(0.25)
    c.setLineWidth(OUTLINE)
    c.rect(x, y, size, size, stroke=1, fill=0)
    c.restoreState()


def test_a_die_writes_what_reportlabs_calls_write():
    faces = DieFaces(Project.at(REPO), "roll-and-raid")
    (die, face), *_ = faces.faces
    mine, theirs = _canvas(), _canvas()
    for x, y, size in PLACES:
        faces.draw(mine, die, face, x, y, size)
        _by_reportlab(theirs, faces, die, face, x, y, size)
        mine.line(0, 0, x, y)  # drawing goes on in the state the die left
        theirs.line(0, 0, x, y)
    # the page's operators are joined by newlines: one entry of two lines writes the same
    assert "\n".join(mine._code) == "\n".join(theirs._code)
    assert mine._formsinuse == theirs._formsinuse
    state = [name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate"]
    assert [mine.__dict__[n] for n in state] == [theirs.__dict__[n] for n in state]
    assert not mine.state_stack
    mine.showPage()
    theirs.showPage()
    assert mine.getpdfdata() == theirs.getpdfdata()
