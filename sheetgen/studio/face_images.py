"""Faces as PNG images at screen resolution, drawn with the build's own PDF writer.

A face is drawn on a page of its own size plus bleed (the same form a build places on its
sheets) and rasterised with pdfium, so the studio shows exactly what prints. Several faces are
drawn in one document and rasterised together. Images are kept by face key (a face's key
changes with any value on it), so an unchanged face is never drawn again; the cache keeps the
images of the faces on show and forgets the oldest others.
"""

from __future__ import annotations

import io
from collections import OrderedDict

from ..impose.pdf import PdfDocument
from ..write.raster import rasterise_pages

GRID_DPI = 96       # the grid of every face
LARGE_DPI = 200     # the face view
ALLOWED_DPI = (GRID_DPI, LARGE_DPI)
KEEP = 64           # images kept besides those of the faces on show (undo, a variant)


class FaceImages:
    """PNG bytes of faces, by (scope, face key, dpi); ``scope`` tells games apart."""

    def __init__(self, session_of):
        self._session_of = session_of   # () -> the Session whose fonts and icons draw
        self._images: OrderedDict[tuple, bytes] = OrderedDict()

    def png(self, scope: tuple, face, dpi: int) -> bytes:
        """Return the PNG of ``face`` at ``dpi``, drawing it if it is not kept."""
        key = (scope, face.key, dpi)
        data = self._images.get(key)
        if data is None:
            self.draw(scope, [face], dpi)
            data = self._images[key]
        self._images.move_to_end(key)
        return data

    def draw(self, scope: tuple, faces: list, dpi: int = GRID_DPI) -> None:
        """Draw every face of ``faces`` not kept yet, in one document."""
        todo = list({f.key: f for f in faces if (scope, f.key, dpi) not in self._images}.values())
        if not todo:
            return
        session = self._session_of()
        first = todo[0]
        doc = PdfDocument(_page(first), session.fonts, session.icons, title="sheetgen studio")
        for face in todo:
            doc.set_pagesize(_page(face))
            doc.place(face, face.bleed, face.bleed)
            doc.canvas.showPage()
        for face, image in zip(todo, rasterise_pages(doc.finish(), dpi)):
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", compress_level=1)
            self._images[(scope, face.key, dpi)] = buffer.getvalue()
        self._trim()

    def kept(self) -> set[tuple]:
        """Return the (scope, face key, dpi) of every image kept."""
        return set(self._images)

    def forget_except(self, live: set) -> None:
        """Forget the images of faces not in ``live`` ((scope, key) pairs) beyond KEEP."""
        old = [k for k in self._images if (k[0], k[1]) not in live]
        for key in old[:max(0, len(old) - KEEP)]:
            del self._images[key]

    def _trim(self) -> None:
        while len(self._images) > 4 * KEEP:
            self._images.popitem(last=False)


def _page(face) -> tuple[float, float]:
    return (face.width + 2 * face.bleed, face.height + 2 * face.bleed)
