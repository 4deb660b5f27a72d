"""An element several faces share is drawn once per document (issue 36): the operators it
wrote into the first face's form are written again into every other form that draws it from
the same canvas state, and the document is byte for byte the one drawing it again gives."""

from __future__ import annotations

from pypdf import PdfReader
import io

from sheetgen.api import Session, select
from sheetgen.write import element_replay, form_replay

A4 = (595.27, 841.89)


def _faces(project):
    session = Session(project)
    selected = select(project, "ragnarocks", ["mythology-cards"])
    [(_, _, prepared)] = session.prepare_all(selected)
    faces = {id(f): f for card in prepared.cards for f in (card.front, card.back)}
    return session, list(faces.values())


def _document(session, faces, replay: bool) -> tuple[bytes, int, int]:
    """Return the PDF of ``faces`` one a page, how many element drawings it replayed and how
    many element drawings were made in all."""
    from sheetgen.impose.pdf import PdfDocument

    doc = PdfDocument(A4, session.fonts, session.icons, title="faces")
    if not replay:
        doc.elements = None
    for face in faces:
        doc.place(face, 40, 40)
        doc.canvas.showPage()
    replayed = doc.elements.replayed if replay else 0
    return doc.finish(), replayed, sum(len(face.elements) for face in faces)


def test_shared_elements_are_drawn_once_per_document(project, monkeypatch):
    # every face drawn in each document (no face recorded from another document)
    monkeypatch.setattr(form_replay, "drawings_of", lambda owner, kind: [])
    session, faces = _faces(project)
    drawn = []
    real = element_replay.ElementReplay._recorded

    def recording(element, canvas, ctx, before):
        drawn.append(element)
        return real(element, canvas, ctx, before)

    monkeypatch.setattr(element_replay.ElementReplay, "_recorded", staticmethod(recording))
    replayed, count, elements = _document(session, faces, replay=True)
    assert len(faces) > 30
    assert count > 3 * len(faces)  # the frame's boxes, lines and ornaments of every front
    # each element object is drawn at most once; every other drawing of it is a replay or
    # (a text, or another canvas state) drawn as before
    assert len(drawn) == len({id(element) for element in drawn})
    again, _, _ = _document(session, faces, replay=False)
    assert replayed == again
    pages = PdfReader(io.BytesIO(replayed)).pages
    assert len(pages) == len(faces)
    assert "Thor" in "".join(page.extract_text() for page in pages)


def test_an_element_that_sets_an_opacity_is_never_replayed(project):
    from reportlab.pdfgen.canvas import Canvas

    from sheetgen.fill.elements import DrawContext

    class Faded:
        type = "faded"

        def draw(self, canvas, ctx):
            ctx.set_opacity(canvas, 0.5)
            canvas.rect(0, 0, 10, 10, stroke=0, fill=1)

    canvas = Canvas(io.BytesIO())
    session = Session(project)
    ctx = DrawContext(100, 100, session.fonts, session.icons)
    replay, faded = element_replay.ElementReplay(), Faded()
    canvas.beginForm("one")
    replay.draw(faded, canvas, ctx)
    canvas.endForm()
    assert ctx.transparent
    canvas.beginForm("two")
    replay.draw(faded, canvas, ctx)
    assert replay.replayed == 0
    assert any(" gs" in line for line in canvas._code)  # this form's own state, drawn again
    canvas.endForm()
