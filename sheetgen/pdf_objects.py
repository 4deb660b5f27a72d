"""Small ReportLab PDF objects that carry work done once: formatted bytes, compressed streams."""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc


class Preformatted(pdfdoc.PDFObject):
    """A direct PDF object (written in place, not by reference) given as its formatted bytes.

    Only for bytes that hold no document state (numbers, names), or whose document is fixed.
    """

    def __init__(self, data: bytes):
        self.data = data

    def format(self, document) -> bytes:  # noqa: ARG002 - ReportLab's API
        """Return the bytes."""
        return self.data


_FLATE = pdfdoc.PDFName("FlateDecode")


def flate_stream(compressed: bytes, dictionary: dict | None = None) -> pdfdoc.PDFStream:
    """Return a stream object holding ``compressed`` (content already Flate-compressed).

    ReportLab applies no filter to a stream whose dictionary already names one, so the
    written object is byte for byte the one ReportLab writes when it compresses the content
    itself.
    """
    stream = pdfdoc.PDFStream(content=compressed)
    for key, value in (dictionary or {}).items():
        stream.dictionary[key] = value
    stream.dictionary["Filter"] = pdfdoc.PDFArray([_FLATE])
    return stream
