"""Embedded TrueType fonts whose subsets are cut, compressed and measured once per process.

Each profile of a component is its own PDF document, and ReportLab builds every font subset a
document uses anew when it saves it: it cuts the subset's font program out of the TrueType
file, writes its ToUnicode map, lists its widths and compresses the two streams. The same
subset (same font, same characters in the same order) recurs in every profile of a component:
a whole-catalogue build makes 572 subsets of which 37 differ. :class:`SubsetCachingTTFont`
writes the same PDF objects ReportLab's ``TTFont.addObjects`` writes, with those pieces kept
on the font.
"""

from __future__ import annotations

import zlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import (FF_NONSYMBOLIC, FF_SYMBOLIC, SUBSETN, TTFont,
                                      makeToUnicodeCMap)

from .pdf_objects import Preformatted, flate_stream


class SubsetCachingTTFont(TTFont):
    """A TrueType font that keeps each subset's compressed font program, compressed ToUnicode
    map and formatted widths for the next document that uses the same subset.

    The caches live on the font and key on what determines their bytes: the subset (the
    character codes in order) for the font program and the widths, plus the subset's PDF name
    (``AAAAAA+Face``, which the ToUnicode map spells out) for the map. The font's TrueType data
    is parsed once when the font is made and never changes after, so a cached piece is always
    what ReportLab would compute again. Only compressed documents use the caches; others go
    through ReportLab's own code.
    """

    def __init__(self, name: str, filename: str):
        """Parse ``filename`` as ReportLab does, with empty caches."""
        super().__init__(name, filename)
        self._programs: dict[tuple[int, ...], tuple[int, bytes]] = {}
        self._cmaps: dict[tuple[str, tuple[int, ...]], bytes] = {}
        self._widths: dict[tuple[int, ...], bytes] = {}

    def addObjects(self, doc) -> None:  # noqa: N802 - ReportLab's API
        """Add this font's subsets to ``doc`` (as ReportLab's ``TTFont.addObjects`` does)."""
        if not doc.compression:
            super().addObjects(doc)
            return
        state = self.state.get(doc)
        if state is None:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        face = self.face
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            base_name = b"".join((SUBSETN(n), b"+", face.name, face.subfontNameX)).decode("pdfdoc")
            key = tuple(subset)
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {n}"
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = Preformatted(self._widths_of(key, doc))
            font.ToUnicode = doc.Reference(flate_stream(self._cmap_of(base_name, key)),
                                           "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self._descriptor(doc, base_name, key)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]

    def _widths_of(self, subset: tuple[int, ...], doc) -> bytes:
        data = self._widths.get(subset)
        if data is None:
            widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            data = self._widths[subset] = widths.format(doc)
        return data

    def _cmap_of(self, base_name: str, subset: tuple[int, ...]) -> bytes:
        data = self._cmaps.get((base_name, subset))
        if data is None:
            data = zlib.compress(makeToUnicodeCMap(base_name, list(subset)).encode("utf8"))
            self._cmaps[(base_name, subset)] = data
        return data

    def _descriptor(self, doc, base_name: str, subset: tuple[int, ...]):
        """Add the subset's font program and descriptor (ReportLab's ``addSubsetObjects``)."""
        face = self.face
        program = self._programs.get(subset)
        if program is None:
            data = face.makeSubset(list(subset))
            program = self._programs[subset] = (len(data), zlib.compress(data))
        length, compressed = program
        program_ref = doc.Reference(flate_stream(compressed, {"Length1": length}),
                                    f"fontFile:{face.filename}({base_name})")
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor",
            "Ascent": face.ascent,
            "CapHeight": face.capHeight,
            "Descent": face.descent,
            "Flags": (face.flags & ~FF_NONSYMBOLIC) | FF_SYMBOLIC,
            "FontBBox": pdfdoc.PDFArray(face.bbox),
            "FontName": pdfdoc.PDFName(base_name),
            "ItalicAngle": face.italicAngle,
            "StemV": face.stemV,
            "FontFile2": program_ref,
            "MissingWidth": face.defaultWidth,
        })
        return doc.Reference(descriptor, "fontDescriptor:" + base_name)
