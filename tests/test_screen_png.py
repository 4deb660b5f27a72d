"""The studio's face pictures (``write.raster.screen_pngs``, PNGs written without row filters
for speed) hold exactly the pixels the build's rasteriser gives for the same pages."""

from __future__ import annotations

import io

from PIL import Image

from sheetgen.api import Session, select
from sheetgen.build.pictures import BATCH, face_pngs
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


def test_the_studio_draws_faces_in_batches_as_one_document_would(project):
    """face_pngs draws more faces than a batch in several documents: the pictures, in order,
    are those of one document holding every face."""
    session, faces = _faces(project)
    assert len(faces) > 2 * BATCH + 1   # three documents, the last one part full
    assert face_pngs(session, faces, 96) == screen_pngs(_document(session, faces), 96)
    assert face_pngs(session, faces[:1], 96) == screen_pngs(_document(session, faces[:1]), 96)
