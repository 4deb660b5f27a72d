"""Pictures at a dpi of what the build draws: faces (trim plus bleed) and a component's printed
pages, for a warm client such as the studio. Faces are drawn with the build's own face
document and pages rendered by the build's own render path (footer, marks and colour as
``build`` writes them), then rasterised with pdfium, so what is shown is what prints."""

from __future__ import annotations

from .component_build import BuildOptions, Job, render_pages


def face_pngs(session, faces: list, dpi: int, title: str = "sheetgen") -> list[bytes]:
    """Return a PNG of each face of ``faces`` (its trim plus bleed) at ``dpi``, all drawn in
    one document (``face_pictures``)."""
    return list(face_pictures(session, faces, dpi, title))


def face_pictures(session, faces: list, dpi: int, title: str = "sheetgen"):
    """Yield a PNG of each face of ``faces`` in order: the faces drawn in one document (a
    document's fonts are embedded, and read by pdfium, once: 32 faces in one document take
    20 ms less than in four), then each page rasterised when the next picture is asked for,
    so a caller shows each as soon as it is made.

    (Rasterising on a worker thread while Python draws bought nothing: pdfium, through
    pypdfium2, takes the GIL again and again while it renders, so beside a thread running
    Python a document of eight took 88 to 141 ms to render instead of 14 ms, and 17 ms beside
    C code that lets go of the GIL.)
    pdfium is not thread-safe: callers take turns (the studio's workspace lock), also between
    the pictures of one call."""
    from ..write.raster import screen_png_pages  # start-up: pdfium only when drawing

    if faces:
        yield from screen_png_pages(_document(session, faces, title), dpi)


def _document(session, faces: list, title: str) -> bytes:
    """Return a PDF of ``faces``, one a page, drawn by the build's face document."""
    from ..impose.pdf import PdfDocument  # start-up: ReportLab only when drawing

    doc = PdfDocument(_page(faces[0]), session.fonts, session.icons, title=title)
    for face in faces:
        doc.set_pagesize(_page(face))
        doc.place(face, face.bleed, face.bleed)
        doc.canvas.showPage()
    return doc.finish()


def _page(face) -> tuple[float, float]:
    return (face.width + 2 * face.bleed, face.height + 2 * face.bleed)


def printed_pages(session, game, comp, prepared, profile_name: str):
    """Return ``comp`` (its faces ``prepared``) imposed for profile ``profile_name`` as a
    default ``build`` writes it: an Artifact, its ``pages`` counted."""
    import pypdfium2 as pdfium

    job = Job(game, comp, session.profiles.get(profile_name), None, prepared)
    artifact = render_pages(job, BuildOptions(), session)
    if not artifact.pages:
        document = pdfium.PdfDocument(artifact.data)
        artifact.pages = len(document)
        document.close()
    return artifact


def page_png(pdf: bytes, number: int, dpi: int) -> bytes:
    """Return page ``number`` (from 0) of ``pdf`` as a PNG at ``dpi`` (IndexError past the
    last page)."""
    import pypdfium2 as pdfium

    from ..write.raster import png_bytes

    document = pdfium.PdfDocument(pdf)
    try:
        if not 0 <= number < len(document):
            raise IndexError(number)
        image = document[number].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return png_bytes(image, None)


def drawing_failure(face, exc: Exception) -> list:
    """Return why ``face`` could not be drawn as Problems: a UserError's own, or the line that
    set the face's size (its template) with what went wrong."""
    from ..base.errors import Problem, UserError

    if isinstance(exc, UserError):
        return list(exc.problems)
    path, line = face.where if face.where and face.where[0] else (
        (face.origins[0].path, face.origins[0].line) if face.origins else ("(face)", 0))
    what = str(exc) if isinstance(exc, (OSError, ValueError)) else f"{type(exc).__name__}: {exc}"
    return [Problem(path, line, f"{face.shown or face.label}: cannot draw this face: {what}")]
