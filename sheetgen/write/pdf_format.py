"""ReportLab's formatting of PDF objects into bytes, for the kinds sheetgen writes most, faster.

When a document is written, every object goes through ``pdfdoc.format``: a chain of type
tests ending in the object's own ``format``, which formats its dictionaries and arrays by
calling ``pdfdoc.format`` on every key and value again. A catalogue writes about 18,000
objects this way, 310,000 calls: each dictionary key made a PDF name (``PDFName``, a
character loop) and encoded with ReportLab's PDFDocEncoding codec (a character map) every
time.

:func:`format_object` is ``pdfdoc.format`` with the common kinds looked up by exact type:
names and other strings (encoded once per process), numbers, bytes, plain dictionaries and
arrays, references and preformatted bytes. Any other object (a page, a stream, a font, a
shading, a date) keeps its own ``format``, which calls :func:`format_object` for its
dictionary while a :class:`~sheetgen.write.fast_canvas.FastCanvas` document is written (the
canvas points ``pdfdoc.format`` here for that time, as it points ``pdfdoc.PDFFile`` at its
collector). The bytes are ReportLab's: each kind below is written by its ReportLab method's
own rules, and the golden test builds the catalogue both ways. :func:`format_document` is the
document's own loop over its objects, writing each straight to the file.
"""

from __future__ import annotations

import re
from collections import OrderedDict

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

from .pdf_objects import Preformatted

REPORTLAB_FORMAT = pdfdoc.format  # the function this one stands in for

_UNMAPPED = re.compile("[\x18-\x1f]")


def pdfdoc_bytes(text: str) -> bytes:
    """Return ``text`` encoded as ReportLab encodes streams (``pdfdoc.pdfdocEnc``).

    Its PDFDocEncoding codec maps each ASCII character to its own byte but has no byte for
    U+0018..U+001F, so ASCII text without those is encoded by the much faster ASCII codec;
    anything else goes through ReportLab's codec (which raises where it always did).
    """
    if text.isascii() and not _UNMAPPED.search(text):
        return text.encode("ascii")
    return pdfdoc.pdfdocEnc(text)


# strings already encoded: mostly names (/Type, /Page, /FormXob.x...), few and repeated
_STRINGS: dict[str, bytes] = {}
_MAX_STRINGS = 65536
_NAMES: dict[str, bytes] = {}  # a dictionary key -> its PDF name's bytes


def string_bytes(text: str) -> bytes:
    """Return ``text`` as ``pdfdoc.format`` writes a string (remembered)."""
    data = _STRINGS.get(text)
    if data is None:
        if len(_STRINGS) >= _MAX_STRINGS:
            _STRINGS.clear()
        data = _STRINGS[text] = pdfdoc_bytes(text)
    return data


def name_bytes(key: str) -> bytes:
    """Return dictionary key ``key`` as ReportLab writes it: ``PDFName(key)``, encoded (a pure
    function of the key, remembered)."""
    data = _NAMES.get(key)
    if data is None:
        if len(_NAMES) >= _MAX_STRINGS:
            _NAMES.clear()
        data = _NAMES[key] = pdfdoc_bytes(pdfdoc.PDFName(key))
    return data


def _number(value, document) -> bytes:  # noqa: ARG001 - one signature for every kind
    return fp_str(value).encode("ascii")


def _bytes(value: bytes, document) -> bytes:  # noqa: ARG001
    return value


def _string(value: str, document) -> bytes:  # noqa: ARG001
    return string_bytes(value)


def _dictionary(value: pdfdoc.PDFDictionary, document) -> bytes:
    """``PDFDictionary.format``: the keys sorted (unless ordered), six a line."""
    entries = value.dict
    keys = list(entries)
    if not isinstance(entries, OrderedDict):
        keys.sort()
    items = [name_bytes(key) + b" " + format_object(entries[key], document) for key in keys]
    multiline = value.multiline
    if (multiline and rl_config.pdfMultiLine) or multiline == "forced":
        return b"<<\n" + b"\n ".join(items) + b"\n>>"
    for i in reversed(range(6, len(items), 6)):
        items.insert(i, b"\n ")
    return b"<<\n" + b" ".join(items) + b"\n>>"


def _array(value: pdfdoc.PDFArray, document) -> bytes:
    """``PDFArray.format``: more than ten elements break every ten."""
    items = [format_object(element, document) for element in value.sequence]
    multiline = value.multiline
    if (multiline and rl_config.pdfMultiLine) or multiline == "forced":
        return b"[ " + b"\n ".join(items) + b" ]"
    for i in reversed(range(10, len(items), 10)):
        items.insert(i, b"\n ")
    return b"[ " + b" ".join(items) + b" ]"


def _reference(value: pdfdoc.PDFObjectReference, document) -> bytes:
    """``PDFObjectReference.format`` (an unknown name: ReportLab's own message)."""
    numbers = document.idToObjectNumberAndVersion.get(value.name)
    if numbers is None:
        return value.format(document)
    return ("%s %s R" % numbers).encode("ascii")


def _preformatted(value: Preformatted, document) -> bytes:  # noqa: ARG001
    return value.data


# exact types only: a subclass may format itself otherwise. None of these is __RefOnly__
# (written by reference where it is not a file's top-level object), which pdfdoc.format
# checks before anything else.
_KINDS = {
    str: _string,
    int: _number,
    float: _number,
    bytes: _bytes,
    pdfdoc.PDFDictionary: _dictionary,
    pdfdoc.PDFArray: _array,
    pdfdoc.PDFArrayCompact: _array,
    pdfdoc.PDFObjectReference: _reference,
    Preformatted: _preformatted,
}


def format_object(element, document, toplevel=0) -> bytes:
    """Return ``element`` formatted as ``pdfdoc.format(element, document, toplevel)`` returns
    it: the kinds above directly, any other by ReportLab's function."""
    kind = _KINDS.get(type(element))
    if kind is None:
        return REPORTLAB_FORMAT(element, document, toplevel)
    return kind(element, document)


def usable() -> bool:
    """Whether :func:`format_object` writes ReportLab's bytes under this configuration: not
    when ReportLab is set to comment every object (``rl_config.pdfComments`` and not
    ``invariant``), which only its own function does."""
    return rl_config.invariant or not rl_config.pdfComments


def format_document(document) -> bytes | None:
    """Return what ``document.format()`` (``PDFDocument.format``) returns: every object
    formatted into the file's collector, then the cross-reference table and the trailer.

    ReportLab wraps each object in a ``PDFIndirectObject``, formats that, joins its header,
    body and ``endobj`` into one string (a copy of every stream) and adds it to the file
    through ``PDFFile.add``; this loop writes the three pieces to the collector as they are,
    with the same offsets. Unless :func:`usable`, or the document is encrypted or signed,
    it is ReportLab's own method.
    """
    if (not usable() or type(document.encrypt) is not pdfdoc.NoEncryption
            or getattr(document, "_digiSigs", None)):
        return pdfdoc.PDFDocument.format(document)
    catalog, info = document.Catalog, document.info
    document.Reference(catalog)
    document.Reference(info)
    numbers = document.numberToId
    objects = document.idToObject
    number_of = document.idToObjectNumberAndVersion
    offsets = document.idToOffset
    collector = pdfdoc.PDFFile(document._pdfVersion)  # the class the canvas set, as ReportLab
    document.__accum__ = collector
    write, offset = collector.write, collector.offset
    ids = []
    counter = 1
    while counter in numbers:
        oid = numbers[counter]
        head = ("%s %s obj\n" % number_of[oid]).encode("ascii")
        body = format_object(objects[oid], document, 1)
        tail = b"endobj\n" if body.endswith(b"\n") else b"\nendobj\n"
        offsets[oid] = offset
        write(head)
        write(body)
        write(tail)
        offset += len(head) + len(body) + len(tail)
        ids.append(oid)
        counter += 1
    collector.offset = offset
    del document.__accum__
    if counter - 1 != len(numbers):
        raise ValueError(f"counter {counter} doesn't match number to id dictionary "
                         f"{len(numbers)}")
    xref = pdfdoc.PDFCrossReferenceTable()
    xref.addsection(0, ids)
    start = collector.add(xref.format(document))
    trailer = pdfdoc.PDFTrailer(startxref=start, Size=len(numbers) + 1,
                                Root=document.Reference(catalog),
                                Info=document.Reference(info), Encrypt=None,
                                ID=document.ID())
    collector.add(trailer.format(document))
    return collector.format(document)
