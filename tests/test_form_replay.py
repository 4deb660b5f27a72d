"""A face (or icon) drawn once per process and replayed in other documents gives the very bytes
drawing it again gives, and is redrawn where the document's fonts would code it differently."""

from __future__ import annotations

import pytest

from sheetgen.write import form_replay
from sheetgen.api import BuildOptions, Session, select, build

# a deck whose names and texts hold non-ASCII letters (Sól, Ægir, Hildisvíni, ’)
PROFILES = ["a4", "gutterfold-letter", "pod"]


def _outputs(project, tmp_path, name: str, **options) -> dict[str, bytes]:
    out = tmp_path / name
    build(project, "ragnarocks", ["mythology-cards", "reference"],
          BuildOptions(profiles=PROFILES, out_dir=out, cache=False, jobs=1, **options))
    return {p.name: p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def _counting(monkeypatch) -> dict:
    counts = {"replayed": 0}
    replay = form_replay.Drawing.replay

    def counted(self, canvas):
        counts["replayed"] += 1
        return replay(self, canvas)

    monkeypatch.setattr(form_replay.Drawing, "replay", counted)
    return counts


def _never_remembered(monkeypatch) -> None:
    monkeypatch.setattr(form_replay, "drawings_of", lambda owner, kind: [])


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"cmyk": True}])
def test_replayed_faces_give_the_bytes_of_faces_drawn_again(project, tmp_path, monkeypatch,
                                                            options):
    counts = _counting(monkeypatch)
    replayed = _outputs(project, tmp_path, "replayed", **options)
    assert counts["replayed"] > 50  # every profile after the first replays faces and icons
    with monkeypatch.context() as patch:
        _never_remembered(patch)
        drawn = _outputs(project, tmp_path, "drawn", **options)
    assert len(drawn) == 2 * len(PROFILES)
    assert replayed == drawn


def _faces(project):
    session = Session(project)
    selected = select(project, "ragnarocks", ["mythology-cards"])
    [(_, _, prepared)] = session.prepare_all(selected)
    faces = {id(f): f for card in prepared.cards for f in (card.front, card.back)}
    return session, list(faces.values())


def _accented(face) -> set[str]:
    return {ch for e in face.elements for value in vars(e).values() if isinstance(value, str)
            for ch in value if ord(ch) > 127}


def test_a_face_whose_letters_the_document_codes_otherwise_is_drawn_again(project,
                                                                          monkeypatch):
    from sheetgen.impose.pdf import PdfDocument

    session, faces = _faces(project)
    # two faces with different non-ASCII letters: whichever a document draws first gets the
    # first free subset codes, so the other face's text is coded differently after it
    first = next(f for f in faces if _accented(f))
    other = next(f for f in faces if _accented(f) - _accented(first))

    def document():
        return PdfDocument((600.0, 800.0), session.fonts, session.icons, title="t")

    def pdf(order, remembered=True) -> bytes:
        doc = document()
        with monkeypatch.context() as patch:
            if not remembered:
                _never_remembered(patch)
            for face in order:
                doc.place(face, 10, 10)
                doc.canvas.showPage()
        return doc.finish()

    counts = _counting(monkeypatch)
    pdf([first, other])
    assert counts["replayed"] == 0
    # same order: both faces replay (and their icons)
    assert pdf([first, other]) == pdf([first, other], remembered=False)
    assert counts["replayed"] >= 2
    # the other order: `other` comes first and takes the codes; `first` is drawn again
    before = counts["replayed"]
    drawings = form_replay.drawings_of(first, next(iter(
        form_replay._DRAWINGS[id(first)][1])))
    recorded = len(drawings)
    assert pdf([other, first]) == pdf([other, first], remembered=False)
    assert len(drawings) == recorded + 1  # a second recording, for the other coding
    assert counts["replayed"] > before


def test_streams_compressed_on_the_worker_are_written_as_compressed_here():
    """A face's stream compressed on the worker thread is written byte for byte as the stream
    compressed at once, and a forked child (which has no copy of the thread) compresses too."""
    import os
    import zlib

    from reportlab.pdfbase import pdfdoc

    from sheetgen.write.pdf_objects import LazyFlateStream, deflate_soon, flate_stream

    data = b"0 0 m 10 10 l S\n" * 5000 + bytes(range(256))
    doc = pdfdoc.PDFDocument()
    expected = flate_stream(zlib.compress(data)).format(doc)
    job = deflate_soon(data)
    assert LazyFlateStream(job.result).format(doc) == expected
    assert LazyFlateStream(job.result).content == zlib.compress(data)
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own worker, or this would wait for ever
        status = 1
        try:
            os.close(reader)
            os.write(writer, LazyFlateStream(deflate_soon(data).result).format(doc))
            status = 0
        finally:
            os._exit(status)
    os.close(writer)
    with os.fdopen(reader, "rb") as received:
        written = received.read()
    assert os.waitpid(pid, 0)[1] == 0
    assert written == expected


def test_art_with_gradients_and_opacity_replays_renamed_in_another_order(project, monkeypatch):
    """Colour art with gradients registers shadings, numbered in the document's order, and
    opacity states: replayed where another piece of art took the first shading names, it
    gives the bytes of drawing it again (its shadings renamed in its content)."""
    from io import BytesIO

    from sheetgen.fill.art.model import Gradient
    from sheetgen.write.fast_canvas import FastCanvas

    session = Session(project)
    icons = session.icons
    shaded = [name for name in icons.art_names()
              if any(isinstance(s.fill, Gradient) for s in icons.art(name).shapes)]
    translucent = [name for name in icons.art_names()
                   if any(s.fill_alpha < 1 for s in icons.art(name).shapes)]
    assert len(shaded) >= 2 and translucent
    first, other = shaded[0], shaded[1]
    renames = []
    replay = form_replay.Drawing.replay

    def counted(self, canvas):
        renamed = replay(self, canvas)
        renames.append(renamed)
        return renamed

    monkeypatch.setattr(form_replay.Drawing, "replay", counted)

    def pdf(order, remembered=True) -> bytes:
        canvas = FastCanvas(BytesIO(), invariant=1, pageCompression=1)
        with monkeypatch.context() as patch:
            if not remembered:
                _never_remembered(patch)
            for name in order:
                form = icons.form_name(canvas, name)
                canvas.doForm(form)
            canvas.showPage()
            canvas.save()
        return canvas.getpdfdata()

    pdf([first, translucent[0]])
    assert pdf([first, translucent[0]]) == pdf([first, translucent[0]], remembered=False)
    assert renames and not any(renames)  # the same order: the same names
    renames.clear()
    assert pdf([other, first]) == pdf([other, first], remembered=False)
    assert any(renames)  # `first` came second: its shadings have other numbers here
