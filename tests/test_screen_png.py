"""The studio's face pictures (``write.raster.screen_pngs``, PNGs written without row filters
for speed) hold exactly the pixels the build's rasteriser gives for the same pages."""

from __future__ import annotations

import io

from PIL import Image

from sheetgen.api import Session, select
from sheetgen.build.pictures import face_pictures, face_pngs
from sheetgen.write.raster import rasterise_pages, screen_pngs


def _document(session, faces) -> bytes:
    from sheetgen.impose.pdf import PdfDocument

    doc = PdfDocument((100.0, 100.0), session.fonts, session.icons, title="t")
    for face in faces:
        doc.set_pagesize((face.width + 2 * face.bleed, face.height + 2 * face.bleed))
        doc.place(face, face.bleed, face.bleed)
        doc.canvas.showPage()
    return doc.finish()


def _faces(project) -> tuple:
    session = Session(project)
    selected = select(project, "ragnarocks", ["mythology-cards"])
    [(_, _, prepared)] = session.prepare_all(selected)
    return session, list({f.key: f for card in prepared.cards
                          for f in (card.front, card.back)}.values())


def test_screen_pngs_hold_the_pixels_of_the_rasteriser(project):
    session, faces = _faces(project)
    faces = faces[:6]
    pdf = _document(session, faces)
    for dpi in (96, 200):
        expected = rasterise_pages(pdf, dpi)
        shown = [Image.open(io.BytesIO(data)) for data in screen_pngs(pdf, dpi)]
        assert len(shown) == len(expected) == len(faces)
        for got, want in zip(shown, expected):
            assert got.format == "PNG" and got.mode == "RGB" and got.size == want.size
            assert got.tobytes() == want.tobytes()
            # a card picture, not a blank page: dark text and ink on it
            assert got.convert("L").getextrema()[0] < 64


def test_the_studio_draws_faces_one_picture_at_a_time_as_one_document_would(project):
    """face_pictures draws every face in one document and rasterises a page each time the
    next picture is asked for: the pictures, in order, are those of the document."""
    session, faces = _faces(project)
    whole = screen_pngs(_document(session, faces), 96)
    pictures = face_pictures(session, faces, 96)
    assert next(pictures) == whole[0]          # the first before the others are made
    assert [whole[0], *pictures] == whole == face_pngs(session, faces, 96)
    assert face_pngs(session, faces[:1], 96) == screen_pngs(_document(session, faces[:1]), 96)
    assert list(face_pictures(session, [], 96)) == []
