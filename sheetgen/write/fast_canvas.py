"""A ReportLab canvas that writes circles, ellipses and forms with less work, to the same bytes.

A placed face (a form drawn at a point, clipped to a box) is five ReportLab calls that save and
restore the canvas's whole state (23 attributes copied) around four operators:
:meth:`FastCanvas.place_form` writes the same operators and leaves the state as it was. A
string drawn in an embedded font is written without ReportLab's text object and without
measuring it (:meth:`FastCanvas.drawString`).

ReportLab draws an ellipse through its general arc code (``pdfgeom.bezierArc``): it works out
the angles and control-point factors of four quarter arcs on every call, then writes the path
through a path object, one string per operator. Textures, heather and knots draw thousands of
small circles per face, so :class:`FastCanvas` keeps those factors (the same floating-point
values ReportLab computes, so every coordinate is the same number) and writes the path in one
string.

A face is a form XObject, and ReportLab formats each form's resource dictionary (the forms it
uses, by object number) anew when it saves the document, though most faces of a document use
the same icons. :class:`FastCanvas` gives forms using the same forms one resource object, which
formats itself once per document (object numbers never change once given), and formats the
constant matrix once per process. ReportLab also encodes each form's content with its
PDFDocEncoding codec, a slow character map; ASCII content is encoded by Python's own codec.

The PDF is byte for byte what ReportLab's own canvas writes; a test compares the two.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from functools import partial
from io import BytesIO
from math import cos, pi, sin

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas

from .pdf_format import format_document, format_object, name_bytes, pdfdoc_bytes, usable
from .pdf_objects import Preformatted


def _quarter_arcs() -> tuple[tuple[float, ...], ...]:
    """Return, per quarter of a full ellipse, the factors ``bezierArc`` multiplies the radii
    by: exactly its expressions for startAng 0 and extent 360 (four 90-degree fragments)."""
    frag = 360 / 4.0
    half = frag * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    arcs = []
    for i in range(4):
        t0 = (0 + i * frag) * pi / 180.
        t1 = (0 + (i + 1) * frag) * pi / 180.
        arcs.append((cos(t0), sin(t0),
                     cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0),
                     cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1),
                     cos(t1), sin(t1)))
    return tuple(arcs)


_ARCS = _quarter_arcs()


# a form's matrix: the identity, formatted as ReportLab formats it (no document state in it)
_IDENTITY = Preformatted(pdfdoc.PDFArray([1, 0, 0, 1, 0, 0]).format(pdfdoc.DummyDoc()))


class XObjectDict(pdfdoc.PDFDictionary):
    """The dictionary of the forms a page or form uses (name -> reference), written as
    ``PDFDictionary.format`` writes it, without its general per-value dispatch."""

    def __init__(self, names):
        super().__init__({})
        for name in names:
            internal = pdfdoc.xObjectName(name)
            self.dict[internal] = pdfdoc.PDFObjectReference(internal)

    def format(self, document, IND=b"\n "):  # noqa: N803 - ReportLab's API
        """Return ``<< /Name n 0 R ... >>``, six entries a line (ReportLab's layout)."""
        if rl_config.pdfMultiLine or self.multiline == "forced":
            return super().format(document, IND)
        numbers = document.idToObjectNumberAndVersion
        items = [b"%s %d %d R" % (name_bytes(key), *numbers[key]) for key in sorted(self.dict)]
        for i in reversed(range(6, len(items), 6)):
            items.insert(i, b"\n ")
        return b"<<\n" + b" ".join(items) + b"\n>>"


# a resource dictionary's procedure sets, for a page or form that may show images
_PROCSET = b"/ProcSet " + pdfdoc.PDFArray(pdfdoc.PDFResourceDictionary.stdprocs).format(
    pdfdoc.DummyDoc())


class SimpleResources(pdfdoc.PDFObject):
    """The resource dictionary ReportLab writes for a page or form that uses only the
    document's fonts and the forms ``names`` (no colour space, graphics state or shading),
    formatted the first time a page or form using the same forms is written, then reused.

    It keys on the set of form names (a dictionary's keys are written sorted, and repeated
    uses of a form list it once). The bytes hold the object numbers of those forms and of the
    fonts dictionary, which a document gives once and never changes: the memo belongs to one
    canvas, so to one document.
    """

    def __init__(self, names: frozenset, memo: dict):
        self.names, self.memo = names, memo

    def format(self, document) -> bytes:
        """Return the dictionary's bytes (what ``PDFResourceDictionary.format`` writes)."""
        data = self.memo.get(self.names)
        if data is None:
            data = self.memo[self.names] = self._format(document)
        return data

    def _format(self, document) -> bytes:
        if rl_config.pdfMultiLine:  # another layout: ReportLab's own code
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if self.names:
                resources.XObject = XObjectDict(self.names)
            return resources.format(document)
        # the keys Font, ProcSet and XObject, sorted; fewer than six share one line
        fonts = b"/Font %d %d R " % document.idToObjectNumberAndVersion[pdfdoc.BasicFonts]
        xobjects = b" /XObject " + XObjectDict(self.names).format(document) if self.names else b""
        return b"<<\n" + fonts + _PROCSET + xobjects + b"\n>>"


class FastForm(pdfdoc.PDFFormXObject):
    """A form XObject that, once its content is compressed (form_replay gives every recorded
    face its compressed stream) and its resources are shared, writes the bytes of ReportLab's
    ``PDFFormXObject.format`` directly instead of building and formatting its dictionaries;
    any other form is written by ReportLab's code."""

    def format(self, document) -> bytes:
        """Return the form as ReportLab writes it: its dictionary, then its stream."""
        contents = self.Contents
        box = (self.lowerx, self.lowery, self.upperx, self.uppery)
        if (rl_config.pdfMultiLine or contents is None or self.BBox is not None or self.Annots
                or not isinstance(self.Resources, SimpleResources) or self.Matrix is not _IDENTITY
                or contents.dictionary.dict.keys() != {"Filter"}
                or contents.dictionary["Filter"].sequence != ["/FlateDecode"]
                or not isinstance(contents.content, bytes)
                or type(document.encrypt) is not pdfdoc.NoEncryption
                or any(type(value) not in (int, float) for value in box)):
            return super().format(document)
        data = contents.content
        # a form is written once: its stream is let go as soon as it is in the file's buffer,
        # so a big deck's file is not held twice while it is written (issue 36)
        self.Contents = None
        # the dictionary's keys in ReportLab's sorted order, six a line
        return b"".join((
            b"<<\n/BBox [ ", fp_str(*box).encode("ascii"), b" ] /Filter [ /FlateDecode ]",
            b" /FormType 1 /Length %d /Matrix " % len(data), self.Matrix.data,
            b" /Resources ", self.Resources.format(document),
            b" \n  /Subtype /Form /Type /XObject\n>>\nstream\n", data, b"endstream\n"))


class _StreamedFile(pdfdoc.PDFFile):
    """ReportLab's output collector writing each object's bytes into one buffer as it is
    formatted, instead of keeping every object's bytes in a list and joining them at the end
    (two, then with the file's own buffer three, copies of a large deck's PDF in memory)."""

    sink_of = BytesIO  # a document written to a file names its handle (FastCanvas.pdf_into)

    def __init__(self, pdf_version=pdfdoc.PDF_VERSION_DEFAULT):
        super().__init__(pdf_version)  # the header, into ReportLab's list
        self.sink = self.sink_of()
        self.sink.write(b"".join(self.strings))
        self.strings = None
        self.write = self.sink.write

    def format(self, document) -> bytes | None:  # noqa: ARG002 - ReportLab's API
        """Return the whole file's bytes (None: they are in the file)."""
        return self.sink.getvalue() if isinstance(self.sink, BytesIO) else None


# ReportLab looks its formatter and its file collector up by module name, so patching them
# holds for the whole process: one document is written at a time (the studio draws on
# several threads; two documents written at once would take each other's collector).
_WRITING = threading.RLock()


@contextmanager
def _formatting(doc, collector_class=None):
    """Within, and in one thread at a time: ReportLab's objects format their parts with
    ``format_object`` (their methods call ``pdfdoc.format`` by its module name), when it
    writes their bytes (``usable``); ``doc`` (whose ``GetPDFData`` calls its ``format``) is
    written by ``format_document``, into a ``collector_class`` when one is given."""
    with _WRITING:
        formatter, collector = pdfdoc.format, pdfdoc.PDFFile
        if usable():
            pdfdoc.format = format_object
        if collector_class is not None:  # PDFDocument.format makes its collector by this name
            pdfdoc.PDFFile = collector_class
        doc.format = partial(format_document, doc)
        try:
            yield
        finally:
            pdfdoc.format, pdfdoc.PDFFile = formatter, collector
            del doc.format


class FastCanvas(Canvas):
    """ReportLab's canvas with an exact, cheaper :meth:`ellipse` (and so :meth:`circle`),
    :meth:`endForm` and :meth:`pdf_bytes`."""

    def pdf_bytes(self) -> bytes:
        """Close the document and return its bytes: what :meth:`save` writes to the canvas's
        file, formatted into one buffer (:class:`_StreamedFile`) and handed over without
        another copy."""
        return self._formatted(_StreamedFile)

    def pdf_into(self, handle) -> None:
        """Close the document and write its bytes (those of :meth:`pdf_bytes`) into the open
        binary file ``handle`` as each object is formatted: the file is never in memory whole
        (a big deck's, issue 36)."""
        into = type("_IntoFile", (_StreamedFile,), {"sink_of": staticmethod(lambda: handle)})
        self._formatted(into)

    def _formatted(self, collector_class):
        if len(self._code):
            self.showPage()
        doc = self._doc
        doc._savedToFile = True  # as SaveToFile marks it: a document is written once
        try:
            with _formatting(doc, collector_class):
                return doc.GetPDFData(self)
        finally:
            self._close_spool()

    def save(self):
        """Close the document and write it to the canvas's file (ReportLab's ``save``),
        its objects formatted by :func:`~sheetgen.write.pdf_format.format_object`."""
        try:
            with _formatting(self._doc):
                super().save()
        finally:
            self._close_spool()

    def _close_spool(self) -> None:
        spool = self.__dict__.get("stream_spool")
        if spool is not None:  # the forms' streams are in the file now
            spool.close()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._resources: dict[frozenset, bytes] = {}
        # (font, size, leading, text) -> what drawString writes after the text's position
        self._said: dict[tuple, str] = {}

    def _setXObjects(self, thing):  # noqa: N802 - ReportLab's API
        """Give a page or form the dictionary of the forms it uses (see XObjectDict)."""
        thing.XObjects = XObjectDict(self._formsinuse) if self._formsinuse else None

    def showPage(self):  # noqa: N802 - ReportLab's API
        """Close the page (as ReportLab does); a page using only fonts and forms gets shared
        resources (:class:`SimpleResources`)."""
        names = frozenset(self._formsinuse)
        super().showPage()
        page = self._doc.Pages[-1]
        if (page.Resources is None and page.hasImages and not page.ExtGState
                and not page._colorsUsed and not page._shadingUsed):
            page.Resources = SimpleResources(names, self._resources)

    def endForm(self, **extra_attributes):  # noqa: N802 - ReportLab's API
        """Close the open form: ReportLab's ``Canvas.endForm``, with the content stream encoded
        by :func:`pdfdoc_bytes`, the resources shared (:class:`SimpleResources`) and the form a
        :class:`FastForm`."""
        name, lowerx, lowery, upperx, uppery = self._formData
        width, height = self._pagesize
        form = FastForm(lowerx=lowerx, lowery=lowery,
                        upperx=width if upperx is None else upperx,
                        uppery=height if uppery is None else uppery)
        form.compression = self._pageCompression
        form.stream = pdfdoc_bytes("\n".join([self._preamble] + self._code))
        for key, value in extra_attributes.items():
            setattr(form, key, value)
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setAnnotations(form)
        if form.Resources is None and form.hasImages and form.Matrix is None:
            form.Resources = SimpleResources(frozenset(self._formsinuse), self._resources)
            form.Matrix = _IDENTITY
        self._doc.addForm(name, form)
        self._restartAccumulators()
        self.pop_state_stack()

    def drawString(self, x, y, text, mode=None, charSpace=0, direction=None,  # noqa: N802
                   wordSpace=None, shaping=False):  # noqa: N803 - ReportLab's API
        """Draw ``text`` at (x, y) in the current font: what ReportLab's ``drawString`` writes
        for a plain string in an embedded TrueType font (its text object's operators, one
        font switch per subset), without making a text object or measuring the string; any
        other call is ReportLab's.

        What follows the position is worked out once per document for each font, size,
        leading and text: a character keeps its subset code and a subset its name for the
        whole document once given, so the same text writes the same operators. Not while a
        face's form is recorded (form_replay.py watches the font's splitting then)."""
        font = pdfmetrics.getFont(self._fontname)
        key = (self._fontname, self._fontsize, self._leading, text)
        said = self._said.get(key)
        if (said is not None and "splitString" not in font.__dict__ and mode is None
                and not charSpace and direction is None and not wordSpace and not shaping
                and self.bottomup):
            self._code.append("BT 1 0 0 1 %s Tm %s" % (fp_str(x, y), said))
            return None
        if (mode is not None or charSpace or direction is not None or wordSpace or shaping
                or type(text) is not str or not text or not font._dynamicFont
                or not self.bottomup):
            return super().drawString(x, y, text, mode, charSpace, direction, wordSpace,
                                      shaping)
        doc = self._doc
        escape = self._escape
        parts = ["BT 1 0 0 1 %s Tm" % fp_str(x, y)]
        current, switch = -1, None
        for subset, chunk in font.splitString(text, doc):
            if subset != current:
                if switch is None:
                    switch = f"{fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL"
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {switch}")
                current = subset
            parts.append(f"({escape(chunk)}) Tj")
        parts[-1] += " T*"
        parts.append("ET")
        self._code.append(" ".join(parts))
        if "splitString" not in font.__dict__:  # (a recording's watch: not kept)
            self._said[key] = " ".join(parts[1:])
        return None

    def place_form(self, name: str, x: float, y: float, clip=None) -> None:
        """Draw form ``name`` with its origin at (x, y), clipped to ``clip`` (x0, y0, x1, y1)
        when given, leaving the canvas's state as it was: the operators of ReportLab's
        ``saveState``, ``clipPath`` of a rectangle path, ``translate``, ``doForm`` and
        ``restoreState``, written at once (a deck places thousands of faces)."""
        code = self._code
        code.append("q")
        if clip is not None:
            fill_mode = self._fillMode  # what clipPath reads from a path without its own
            code.append("n %s re%s%s" % (fp_str((clip[0], clip[1], clip[2] - clip[0],
                                                  clip[3] - clip[1])),
                                          " W* " if fill_mode == FILL_EVEN_ODD else " W ",
                                          PATH_OPS[0, 0, fill_mode]))
        code.append("%s cm" % fp_str(1, 0, 0, 1, x, y))
        code.append("/%s Do" % self._doc.getXObjectName(name))
        self._formsinuse.append(name)
        code.append("Q")

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        """Draw the ellipse inscribed in the rectangle with corners (x1, y1) and (x2, y2)."""
        # what Canvas.ellipse hands to bezierArc: a corner and the corner plus the size
        x2, y2 = x1 + (x2 - x1), y1 + (y2 - y1)
        left, top, right, bottom = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
        xc, yc = (left + right) / 2., (top + bottom) / 2.
        rx, ry = (right - left) / 2., (bottom - top) / 2.
        c0, s0 = _ARCS[0][:2]
        # a path object opens each path with "n" (end any previous path, paint nothing)
        parts = ["n", "%s m" % fp_str(xc + rx * c0, yc - ry * s0)]
        for _, _, a, b, c, d, c1, s1 in _ARCS:
            parts.append("%s c" % fp_str(xc + rx * a, yc - ry * b, xc + rx * c, yc - ry * d,
                                         xc + rx * c1, yc - ry * s1))
        parts.append(PATH_OPS[stroke, fill, self._fillMode])
        # the page's operators are joined by newlines: one string of lines writes the same
        self._code.append("\n".join(parts))
