"""Mark a CMYK document as PDF/X-1a: its output intent and the identification keys.

PDF/X-1a (ISO 15930-1:2001 and 15930-4:2003) asks for CMYK (or spot) colour only, no
transparency, every font embedded, a TrimBox (or ArtBox) on every page, Title, dates and
``Trapped`` in the document information, an ID in the trailer, and one output intent of subtype
``GTS_PDFX`` naming the printing condition the file was made for. The document itself draws in
CMYK without transparency (``cmyk`` mode); this module adds what identifies it.

The output intent names a characterisation registered in the ICC's Characterization Data
Registry (``RegistryName`` http://www.color.org) and embeds no ICC profile: the PDF Reference
(table "Entries in a PDF/X output intent dictionary") makes ``DestOutputProfile`` required only
when ``OutputConditionIdentifier`` names no standard production condition, and for a registered
one "the production software is responsible for providing the corresponding ICC profile".
Ghostscript's and Adobe's CMYK profiles may not be redistributed with sheetgen, so none is.
"""

from __future__ import annotations

import re

from reportlab.pdfbase import pdfdoc

REGISTRY = "http://www.color.org"
# OutputConditionIdentifier -> the condition in words (OutputCondition and Info)
CONDITIONS = {
    "CGATS TR 001": "CGATS TR 001 (SWOP): US web offset, coated publication paper",
    "FOGRA39": "FOGRA39 (ISO 12647-2:2004): offset, coated paper",
}
# version -> the document information keys that identify it
VERSION_KEYS = {
    "PDF/X-1a:2001": {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"},
    "PDF/X-1a:2003": {"GTS_PDFXVersion": "PDF/X-1a:2003"},
}


class _PdfxInfo(pdfdoc.PDFInfo):
    """ReportLab's document information with the PDF/X identification keys added."""

    pdfx_keys: dict = {}

    def format(self, document) -> bytes:
        """Return the information dictionary: ReportLab's keys, then the PDF/X ones."""
        date = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries = {"Title": pdfdoc.PDFString(self.title),
                   "Author": pdfdoc.PDFString(self.author),
                   "CreationDate": date, "ModDate": date,
                   "Producer": pdfdoc.PDFString(self.producer),
                   "Creator": pdfdoc.PDFString(self.creator),
                   "Subject": pdfdoc.PDFString(self.subject),
                   "Keywords": pdfdoc.PDFString(self.keywords),
                   "Trapped": pdfdoc.PDFName("False")}
        entries.update({k: pdfdoc.PDFString(v) for k, v in self.pdfx_keys.items()})
        return pdfdoc.PDFDictionary(entries).format(document)


def mark_pdfx(canvas, version: str, condition: str) -> None:
    """Give the document of ``canvas`` (not yet saved) the output intent and identification
    keys of PDF/X ``version`` (``PDF/X-1a:2001`` or ``:2003``) for registered ``condition``."""
    doc = canvas._doc
    words = CONDITIONS[condition]
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(condition),
        "OutputCondition": pdfdoc.PDFString(words),
        "RegistryName": pdfdoc.PDFString(REGISTRY),
        "Info": pdfdoc.PDFString(words),
    })
    catalog = doc.Catalog
    # the catalog writes only the keys it lists: this one document's catalog lists one more
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    info = doc.info
    info.__class__ = _PdfxInfo
    info.pdfx_keys = dict(VERSION_KEYS[version])
    # PDF/X-1a:2001 is PDF 1.3 (:2003 allows 1.4). ReportLab asks for 1.4 whenever a colour is
    # set with an alpha, and every CMYK colour carries alpha 1; the document draws no
    # transparency (its art is flattened, and written_clean checks the bytes): PDF 1.3.
    doc._pdfVersion = (1, 3)


# an opacity below 1 or a soft mask anywhere in the file's objects (graphics states are
# objects, not stream content, so they are found in the bytes as written)
_TRANSPARENCY = re.compile(rb"/(?:ca|CA) (?:0|0?\.\d+)[\s/>]|/SMask\s*\d+ 0 R")


def written_clean(data: bytes) -> bytes:
    """Return ``data``, a PDF marked PDF/X; raise RuntimeError (a bug of sheetgen, not of the
    user's files) when transparency reached it after all."""
    found = _TRANSPARENCY.search(data)
    if found:
        raise RuntimeError(f"PDF/X: transparency remains in the file ({found.group()!r})")
    return data
