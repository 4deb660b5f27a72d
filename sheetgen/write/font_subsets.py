"""Embedded TrueType fonts whose subsets are cut, compressed and measured once per process.

Each profile of a component is its own PDF document, and ReportLab builds every font subset a
document uses anew when it saves it: it cuts the subset's font program out of the TrueType
file, writes its ToUnicode map, lists its widths and compresses the two streams. The same
subset (same font, same characters in the same order) recurs in every profile of a component:
a whole-catalogue build makes 572 subsets of which 37 differ. :class:`SubsetCachingTTFont`
writes the same PDF objects ReportLab's ``TTFont.addObjects`` writes, with those pieces kept
on the font, and :class:`TaggedTTFont` (which it extends, and which the build uses without the
speed layer) gives every subset of a document its own tag.
"""

from __future__ import annotations

import hashlib
import itertools
import zlib
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, TTFont, makeToUnicodeCMap

from .pdf_objects import Preformatted, flate_stream


TAG_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def subset_tag(face_name: bytes, subset: tuple[int, ...], taken: set[str]) -> str:
    """Return the six-letter tag of a subset of the font ``face_name`` (its ``AAAAAA+`` part).

    The PDF specification wants each subset of a document tagged by its own six uppercase
    letters. The tag is read from a SHA-256 of the font's name and the subset's characters in
    order, so the same subset gets the same tag in every document (same inputs, same bytes); a
    tag already ``taken`` in the document (a collision, about one in 300 million pairs) is
    hashed again with a counter until it is free. The tag is added to ``taken``.
    """
    seed = face_name + b"\0" + ",".join(map(str, subset)).encode("ascii")
    for attempt in itertools.count():
        digest = hashlib.sha256(seed + (b"\0%d" % attempt if attempt else b"")).digest()
        number = int.from_bytes(digest[:8], "big")
        tag = ""
        for _ in range(6):
            number, letter = divmod(number, 26)
            tag += TAG_LETTERS[letter]
        if tag not in taken:
            taken.add(tag)
            return tag
    raise AssertionError("unreachable")


class TaggedTTFont(TTFont):
    """A TrueType font whose subsets each carry their own tag in a document.

    ReportLab names the subsets of every font ``AAAAAA+``, ``AAAAAB+`` and so on, counting per
    font, so every font of a document has a subset tagged ``AAAAAA``; this font names each by
    :func:`subset_tag`. It writes the PDF objects ReportLab's ``TTFont.addObjects`` writes, with
    ReportLab's own widths, ToUnicode map and font program (:class:`SubsetCachingTTFont` keeps
    those pieces instead).
    """

    def addObjects(self, doc) -> None:  # noqa: N802 - ReportLab's API
        """Add this font's subsets to ``doc`` (as ReportLab's ``TTFont.addObjects`` does)."""
        state = self.state.get(doc)
        if state is None:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        face = self.face
        taken = _TAGS.setdefault(doc, set())
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            key = tuple(subset)
            tag = subset_tag(face.name + face.subfontNameX, key, taken)
            base_name = tag + "+" + (face.name + face.subfontNameX).decode("pdfdoc")
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {n}"
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = self._widths_of(key, doc)
            font.ToUnicode = doc.Reference(self._cmap_of(base_name, key, doc),
                                           "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self._descriptor(doc, base_name, key)
            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]

    def _widths_of(self, subset: tuple[int, ...], doc):  # noqa: ARG002 - used by the subclass
        return pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))

    def _cmap_of(self, base_name: str, subset: tuple[int, ...], doc):
        stream = pdfdoc.PDFStream()
        stream.content = makeToUnicodeCMap(base_name, list(subset))
        if doc.compression:
            stream.filters = [pdfdoc.PDFZCompress]
        return stream

    def _descriptor(self, doc, base_name: str, subset: tuple[int, ...]):
        return self.face.addSubsetObjects(doc, base_name, list(subset))


# the tags each document's subsets took so far (a document is written once, by one thread)
_TAGS: WeakKeyDictionary = WeakKeyDictionary()


class SubsetCachingTTFont(TaggedTTFont):
    """A TrueType font that keeps each subset's compressed font program, compressed ToUnicode
    map and formatted widths for the next document that uses the same subset.

    The caches live on the font and key on what determines their bytes: the subset (the
    character codes in order) for the font program and the widths, plus the subset's PDF name
    (``XKQJWA+Face``, which the ToUnicode map spells out) for the map. The font's TrueType data
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

    def _widths_of(self, subset: tuple[int, ...], doc):
        if not doc.compression:
            return super()._widths_of(subset, doc)
        data = self._widths.get(subset)
        if data is None:
            widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
            data = self._widths[subset] = widths.format(doc)
        return Preformatted(data)

    def _cmap_of(self, base_name: str, subset: tuple[int, ...], doc):
        if not doc.compression:
            return super()._cmap_of(base_name, subset, doc)
        data = self._cmaps.get((base_name, subset))
        if data is None:
            data = zlib.compress(makeToUnicodeCMap(base_name, list(subset)).encode("utf8"))
            self._cmaps[(base_name, subset)] = data
        return flate_stream(data)

    def _descriptor(self, doc, base_name: str, subset: tuple[int, ...]):
        """Add the subset's font program and descriptor (ReportLab's ``addSubsetObjects``)."""
        if not doc.compression:
            return super()._descriptor(doc, base_name, subset)
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
