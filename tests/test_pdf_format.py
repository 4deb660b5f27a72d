"""The speed layer's object formatter writes the bytes of ReportLab's ``pdfdoc.format``."""

from __future__ import annotations

import threading
from collections import OrderedDict
from io import BytesIO
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import registerFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.fast_canvas import FastCanvas
from sheetgen.write.font_subsets import SubsetCachingTTFont
from sheetgen.write import fast_canvas
from sheetgen.write.pdf_format import REPORTLAB_FORMAT, format_document, format_object
from sheetgen.write.pdf_objects import Preformatted

FONTS = Path(__file__).resolve().parents[1] / "fonts"


def _objects(document) -> list:
    """Objects of every kind the formatter takes itself, nested in each other, and some it
    hands to ReportLab (a string object, a stream written by reference, a page)."""
    stream = pdfdoc.PDFStream(content=b"0 0 m 1 1 l S")
    document.Reference(stream, "a stream")
    target = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Target")})
    document.Reference(target, "target")
    long = pdfdoc.PDFArray(list(range(23)) + [0.5, -1e-9, 1234.5678, 10 ** 12])
    ordered = pdfdoc.PDFDictionary(OrderedDict([("Zed", 1), ("Alpha", 2)]))
    forced = pdfdoc.PDFDictionary({"B": 1, "A": pdfdoc.PDFArray([1, 2])})
    forced.multiline = "forced"
    forced_array = pdfdoc.PDFArray(["/x", "/y"])
    forced_array.multiline = "forced"
    names = {f"Key{i}": pdfdoc.PDFName(f"Value {i}#(x)") for i in range(14)}
    return [
        "/Name", "plain text", "caf\u00e9", b"raw bytes", 0, -7, 3.25, 1e-7, 10 ** 15,
        long, pdfdoc.PDFArrayCompact([1, 2.5, "/N"] * 5), ordered, forced, forced_array,
        pdfdoc.PDFDictionary({**names, "Ref": pdfdoc.PDFObjectReference("target"),
                              "Stream": stream, "Nested": pdfdoc.PDFDictionary({
                                  "Array": long, "Text": pdfdoc.PDFString("(hi) \u00fc"),
                                  "Pre": Preformatted(b"[ 1 0 0 1 0 0 ]")})}),
        pdfdoc.PDFObjectReference("a stream"), Preformatted(b"<< /X 1 >>"), True, None,
    ]


def test_every_kind_formats_as_reportlab_formats_it():
    document = pdfdoc.PDFDocument(invariant=1)
    stock = [REPORTLAB_FORMAT(obj, document) for obj in _objects(document)]
    document = pdfdoc.PDFDocument(invariant=1)
    fast = [format_object(obj, document) for obj in _objects(document)]
    assert fast == stock
    assert b"/Key1 /Value#201#23#28x#29" in fast[-5]  # names escaped, six entries a line
    assert b" \n  /Key2 " in fast[-5] and b" \n  10 " in fast[9]  # ten array elements a line


def test_an_unresolved_reference_fails_as_reportlab_fails():
    document = pdfdoc.PDFDocument(invariant=1)
    for formatter in (REPORTLAB_FORMAT, format_object):
        try:
            formatter(pdfdoc.PDFObjectReference("nowhere"), document)
        except KeyError as exc:
            assert "forward reference to 'nowhere'" in str(exc)
        else:
            raise AssertionError("no error")


def _drawn(cls, out: BytesIO | None = None, documents: list | None = None):
    """A canvas of ``cls`` drawn with the objects a build writes: embedded font subsets,
    forms, shadings, transparency, a link and an outline entry (its ReportLab document added
    to ``documents``), not yet written."""
    registerFont(SubsetCachingTTFont("PdfFormatBody", str(FONTS / "AlegreyaSans-Regular.ttf")))
    canvas = cls(BytesIO() if out is None else out, invariant=1, pageCompression=1)
    if documents is not None:
        documents.append(canvas._doc)
    canvas.setTitle("Format (test) \u00e9")
    canvas.setFont("PdfFormatBody", 11)
    canvas.beginForm("icon", 0, 0, 10, 10)
    canvas.circle(5, 5, 4, fill=1)
    canvas.endForm()
    for page in range(3):
        canvas.drawString(72, 700, f"Page {page} caf\u00e9 \u00df \u0150")
        canvas.setFillAlpha(0.5)
        canvas.linearGradient(0, 0, 100, 100, (Color(1, 0, 0), Color(0, 0, 1)), extend=False)
        canvas.radialGradient(200, 200, 50, (Color(0, 1, 0), Color(1, 1, 1)))
        for i in range(12):
            canvas.doForm("icon") if i % 2 else canvas.rect(i * 12, 400, 10, 10)
        canvas.bookmarkPage(f"p{page}")
        canvas.addOutlineEntry(f"Page {page}", f"p{page}", 0)
        canvas.linkRect("", f"p{page}", (10, 10, 50, 50))
        canvas.showPage()
    return canvas


def _document(cls, documents: list | None = None) -> bytes:
    """The bytes of :func:`_drawn`'s document, as ``cls`` writes them."""
    out = BytesIO()
    canvas = _drawn(cls, out, documents)
    if cls is FastCanvas:
        return canvas.pdf_bytes()
    canvas.save()
    return out.getvalue()


def test_a_whole_document_has_reportlab_s_bytes(monkeypatch):
    """Written by format_document (each object's header, body and end straight to the
    file) with format_object, as ReportLab's PDFDocument.format writes it."""
    written = []
    monkeypatch.setattr(fast_canvas, "format_document",
                        lambda doc: written.append(doc) or format_document(doc))
    documents = []
    fast, stock = _document(FastCanvas, documents), _document(Canvas)
    assert b"/FontFile2" in stock and b"/Shading" in stock and b"/Outlines" in stock
    assert fast == stock
    assert written == documents
    assert pdfdoc.format is REPORTLAB_FORMAT  # the formatter is ReportLab's again after
    assert "format" not in vars(documents[0])  # and the document's own method


def test_documents_written_on_many_threads_keep_their_own_bytes(tmp_path):
    """The studio draws on several threads: documents written at once, some into files and
    some into memory, each get their own bytes (none takes another's collector), and
    ReportLab's formatter and collector are its own again afterwards."""
    alone = _document(FastCanvas)
    formatter, collector = pdfdoc.format, pdfdoc.PDFFile
    results: dict[int, bytes] = {}

    def write(k: int) -> None:
        for _ in range(3):
            if k % 2:
                path = tmp_path / f"{k}.pdf"
                canvas = _drawn(FastCanvas)
                with open(path, "wb") as handle:
                    canvas.pdf_into(handle)
                results[k] = path.read_bytes()
            else:
                results[k] = _document(FastCanvas)
            if results[k] != alone:
                return

    threads = [threading.Thread(target=write, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 8 and all(data == alone for data in results.values())
    assert pdfdoc.format is formatter and pdfdoc.PDFFile is collector
