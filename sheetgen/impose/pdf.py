"""A deterministic PDF document that draws each distinct face once, as a form XObject.

Same inputs give the same bytes: ReportLab's invariant mode fixes dates and ids, streams are
not ASCII85-encoded (smaller, faster) and the initial font is an embedded TrueType one, so no
unembedded Helvetica reaches the file.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

from ..write import speed_layer
from ..base.output import WrittenFile, output_errors

from ..fill.elements import DrawContext
from ..fill.faces import Face
from ..write.element_replay import ElementReplay
from ..write.form_replay import draw_form
from ..fill.icons import give_resources

rl_config.useA85 = 0


class PdfDocument:
    """A canvas plus the faces already drawn as forms; pages are added by an imposition."""

    def __init__(self, pagesize: tuple[float, float], fonts, icons, *, title: str,
                 cmyk: bool = False, ink_saver: bool = False,
                 pdfx: tuple[str, str] | None = None, to_file: bool = False):
        self.fonts, self.icons, self.cmyk, self.ink_saver = fonts, icons, cmyk, ink_saver
        self.pdfx = pdfx  # (version, registered output condition): written as PDF/X-1a
        # finish() writes a temporary file rather than returning bytes (a build's output)
        self.to_file = to_file
        self.buffer = BytesIO()
        self.canvas = speed_layer.canvas_class()(self.buffer, pagesize=pagesize, invariant=1,
                                   pageCompression=1, initialFontName=fonts.font_name("body"),
                                   initialFontSize=9,
                                   enforceColorSpace="cmyk" if cmyk else None)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("sheetgen")
        self.canvas.setCreator("sheetgen")
        self.canvas.setProducer("sheetgen (ReportLab)")
        self._forms: dict[str, str] = {}
        self._textless: dict[str, str] = {}
        # an element several faces share is drawn once in this document (element_replay.py)
        self.elements = ElementReplay() if speed_layer.ENABLED else None
        # what the current page prints on, as boxes: faces and marks (see reserve)
        self.occupied: list[tuple[float, float, float, float]] = []
        # the crop marks of the current page: (index of its line in the page's content, the
        # mark from its start at the faces outwards), so a slug with no clear margin trims them
        self.marks: list[tuple[int, float, float, float, float]] = []

    @property
    def pagesize(self) -> tuple[float, float]:
        """Current page size in points."""
        return self.canvas._pagesize

    def set_pagesize(self, size: tuple[float, float]) -> None:
        """Set the size of the next page (and start its list of occupied areas)."""
        self.canvas.setPageSize(size)
        self.occupied = []
        self.marks = []

    def reserve(self, box: tuple[float, float, float, float]) -> None:
        """Note that ``box`` (x0, y0, x1, y1) of this page is printed on (the slug avoids it)."""
        self.occupied.append(box)

    def form(self, face: Face, text: bool = True) -> str:
        """Return the form name of ``face``, drawing it the first time it is seen.

        ``text=False`` draws it without any text: a map in small, where text would be
        illegible (such forms are not counted in ``faces_drawn``).
        """
        forms = self._forms if text else self._textless
        name = forms.get(face.key)
        if name is not None:
            return name
        name = f"face-{len(self._forms) + 1}" if text else f"map-{len(self._textless) + 1}"
        for icon in sorted(face.icons()):
            self.icons.form_name(self.canvas, icon, self.cmyk, self.ink_saver)
        b = face.bleed

        def draw(canvas) -> bool:
            ctx = DrawContext(face.width, face.height, self.fonts, self.icons, self.cmyk,
                              self.ink_saver)
            if text and self.elements is not None:
                for element in face.elements:
                    self.elements.draw(element, canvas, ctx)
                return ctx.transparent
            canvas = canvas if text else _Textless(canvas)
            for element in face.elements:
                if text or element.on_map:  # a map leaves off what says on_map: false
                    element.draw(canvas, ctx)
            return ctx.transparent

        # drawn once per process, replayed in every other document (form_replay.py)
        transparent = draw_form(self.canvas, name, (-b, -b, face.width + b, face.height + b),
                                face, (id(self.fonts), id(self.icons), text, self.cmyk,
                                       self.ink_saver), draw, keep=not face.releasable)
        if transparent:  # the opacities it set (recorded with the drawing when replayed)
            form = self.canvas._doc.idToObject[pdfdoc.xObjectName(name)]
            give_resources(self.canvas, name, {}, form.ExtGState, form.XObjects)
        forms[face.key] = name
        face.release()  # a big deck's face: made again if another document draws it
        return name

    def place(self, face: Face, x: float, y: float, clip=None, rotate: float = 0) -> None:
        """Draw ``face`` with its trim's lower-left corner at (x, y).

        ``clip`` is (x0, y0, x1, y1) in page points; ``rotate`` (degrees) turns the face about
        its centre.
        """
        name = self.form(face)
        c = self.canvas
        b = face.bleed
        self.reserve(clip or (x - b, y - b, x + face.width + b, y + face.height + b))
        if not rotate and hasattr(c, "place_form"):  # the speed layer's: the same operators
            c.place_form(name, x, y, clip)
            return
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
            c.clipPath(path, stroke=0, fill=0)
        c.translate(x, y)
        if rotate:
            c.translate(face.width / 2, face.height / 2)
            c.rotate(rotate)
            c.translate(-face.width / 2, -face.height / 2)
        c.doForm(name)
        c.restoreState()

    @property
    def faces_drawn(self) -> int:
        """How many distinct faces became forms."""
        return len(self._forms)

    def set_color(self, rgb, stroke: bool = False) -> None:
        """Set a fill (or stroke) colour for marks, in the document's colour mode."""
        ctx = DrawContext(0, 0, self.fonts, self.icons, self.cmyk)
        (ctx.stroke if stroke else ctx.fill)(self.canvas, rgb)

    def finish(self) -> bytes | WrittenFile:
        """Close the document and return its bytes (marked PDF/X when asked: pdfx.py), or,
        for a document made ``to_file`` (and not PDF/X, whose bytes are cleaned after), the
        temporary file they were written into as they were formatted."""
        if self.elements is not None:
            self.elements.close()
        if self.pdfx is not None:
            from ..write.pdfx import mark_pdfx

            mark_pdfx(self.canvas, *self.pdfx)
        if self.to_file and self.pdfx is None and hasattr(self.canvas, "pdf_into"):
            try:
                written, handle = WrittenFile.create()
            except OSError:  # no temporary file here: in memory (staging says if it can write)
                written = None
            if written is not None:
                with output_errors(Path(written.path)), handle:  # a full disk: exit 2
                    self.canvas.pdf_into(handle)
                return written
        if hasattr(self.canvas, "pdf_bytes"):  # the speed layer's: one copy of the bytes
            data = self.canvas.pdf_bytes()
        else:
            self.canvas.save()
            data = self.buffer.getvalue()
        if self.pdfx is None:
            return data
        from ..write.pdfx import written_clean

        return written_clean(data)


class _Textless:
    """A canvas that draws everything but text (for maps of a face in small)."""

    def __init__(self, canvas):
        self._canvas = canvas

    def __getattr__(self, name):
        return getattr(self._canvas, name)

    def drawString(self, *args, **kwargs):  # noqa: N802 - ReportLab's API
        """Draw nothing."""

    drawCentredString = drawRightString = drawText = drawString  # noqa: N815
