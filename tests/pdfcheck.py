"""Small readers for what tests check in real PDFs: placed forms, lines, fonts, pixels."""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2.raw as pdfium_raw
import pypdf._text_extraction as pypdf_text_extraction
from pypdf import PdfReader
from pypdf.generic import ContentStream
from pypdf.generic._font import Font

from sheetgen.load.templates import TemplateBook

MM = 72 / 25.4


@dataclass
class Placement:
    """One form drawn on a page: its name, its origin and the clip box around it."""

    name: str
    x: float
    y: float
    clip: tuple[float, float, float, float] | None


def _mul(a, b):
    """Multiply two PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def walk(page, reader):
    """Yield (operator, operands, ctm, clip) for each top-level operation of ``page``."""
    content = ContentStream(page.get_contents(), reader)
    ctm, clip, pending_rect = [1, 0, 0, 1, 0, 0], None, None
    stack = []
    for operands, op in content.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            pending_rect = (x, y, x + w, y + h)
        elif op in ("W", "W*"):
            clip = pending_rect
        yield op, operands, ctm, clip


def placements(reader: PdfReader, index: int) -> list[Placement]:
    """Return the forms placed on page ``index`` (faces), in drawing order."""
    out = []
    for op, operands, ctm, clip in walk(reader.pages[index], reader):
        if op == "Do" and str(operands[0]).startswith("/FormXob"):
            name = str(operands[0])
            if "icon-" not in name:
                out.append(Placement(name, ctm[4], ctm[5], clip))
    return out


def line_segments(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """Return the straight lines (m ... l) drawn directly on page ``index``."""
    segments, start = [], None
    for op, operands, ctm, _ in walk(reader.pages[index], reader):
        if op == "m":
            start = (float(operands[0]) + ctm[4], float(operands[1]) + ctm[5])
        elif op == "l" and start:
            end = (float(operands[0]) + ctm[4], float(operands[1]) + ctm[5])
            segments.append((*start, *end))
            start = end
    return segments


def fonts_of(reader: PdfReader) -> dict[str, bool]:
    """Return every font used anywhere (pages and forms) and whether it is embedded."""
    found: dict[str, bool] = {}
    seen: set[int] = set()

    def visit(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font.get("/BaseFont"))] = embedded
        for xobj in (resources.get("/XObject") or {}).values():
            ref = xobj.indirect_reference if hasattr(xobj, "indirect_reference") else None
            xobj = xobj.get_object()
            key = id(xobj) if ref is None else ref.idnum
            if key in seen:
                continue
            seen.add(key)
            visit(xobj.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def render(pdf_path, index: int, dpi: float = 50):
    """Rasterise page ``index`` to a greyscale PIL image at ``dpi``."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()


def near_mask(image, colour, tolerance: int):
    """Return a numpy array (rows x columns) of booleans: whether each pixel of an RGB image is
    within ``tolerance`` of ``colour`` on every channel. One array operation, not a Python
    loop over pixels (a 4x card crop holds about 100,000 of them)."""
    import numpy as np

    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    return (np.abs(pixels - np.array(colour[:3], dtype=np.int16)) <= tolerance).all(axis=2)


def ink_columns(strip, threshold: int) -> list[list[int]]:
    """Return, for each column of a greyscale image, the rows whose pixel is darker than
    ``threshold`` (what ``[[y for y in range(h) if strip.getpixel((x, y)) < threshold] for x in
    range(w)]`` gives, as one array operation)."""
    import numpy as np

    dark = np.asarray(strip) < threshold
    return [np.flatnonzero(column).tolist() for column in dark.T]


def ink_fraction(image, box_pt, page_height_pt, dpi: float = 50, threshold: int = 200) -> float:
    """Return the share of pixels darker than ``threshold`` inside ``box_pt`` (PDF coords)."""
    s = dpi / 72
    x0, y0, x1, y1 = box_pt
    crop = image.crop((int(x0 * s), int((page_height_pt - y1) * s),
                       int(x1 * s), int((page_height_pt - y0) * s)))
    hist = crop.histogram()
    dark = sum(hist[:threshold])
    return dark / max(1, sum(hist))


def assert_deck_pages(path, profile: str, cards: int) -> None:
    """Check the page (or PNG) count of a poker deck of ``cards`` cards with backs."""
    if profile == "pod-png":
        assert len(list(path.glob("*.png"))) == 2 * cards
        return
    pages = len(PdfReader(path).pages)
    if profile == "pod":
        assert pages == 2 * cards            # each front, then its own back
    elif profile.startswith("gutterfold"):
        assert pages == -(-cards // 4)       # 2 x 2 fronts beside their backs
    else:
        assert pages == 2 * -(-cards // 9)   # a 3 x 3 grid of fronts, then its backs page


def assert_ink_in_every_card(path, card_w: float, card_h: float, pages=(0, 1),
                             inset: float = 4 * MM, least: float = 0.03) -> None:
    """Rasterise ``pages`` and check each placed face has ink inside its frame."""
    reader = PdfReader(path)
    height = float(reader.pages[0].mediabox.height)
    for index in pages:
        image = render(path, index)
        for placed in placements(reader, index):
            inner = (placed.x + inset, placed.y + inset,
                     placed.x + card_w - inset, placed.y + card_h - inset)
            assert ink_fraction(image, inner, height) > least, (path.name, index, placed)


TEXT_CACHE: Path | None = None  # a folder the session's xdist workers share (tests/conftest.py)
_DIGESTS: dict[tuple, str] = {}  # (path, mtime, size) -> the file's SHA-256
_PAGES: dict[str, dict] = {}  # SHA-256 -> {"count": pages, "texts": {index: text}}


def _read_stored(digest: str) -> dict:
    """Return the page texts another worker (or test) stored for the PDF ``digest``."""
    stored = TEXT_CACHE / f"{digest}.json" if TEXT_CACHE is not None else None
    try:
        found = json.loads(stored.read_text(encoding="utf-8")) if stored else None
    except (OSError, ValueError):  # not written yet
        found = None
    return {"count": found["count"], "texts": {int(k): v for k, v in found["texts"].items()}} \
        if found else {"count": None, "texts": {}}


def page_texts(path, pages=None) -> list[str]:
    """Return pypdf's ``page.extract_text()`` of each page of a PDF (all, or the indices
    given), exactly as it returns it.

    pypdf reads text at about a second a page, and many tests read the same shared build
    (``built``): each page of a file's content is read once per test session. The texts are
    kept by the file's SHA-256, in this process and in ``TEXT_CACHE`` (set by tests/conftest.py
    to a folder the xdist workers share; written whole and renamed into place, so two workers
    racing at worst both read the page). Pages of one file with the same content and resources
    (a notepad repeats one sheet 50 or 100 times) are read once."""
    stat = os.stat(path)
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _DIGESTS:
        _DIGESTS[key] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    digest = _DIGESTS[key]
    known = _PAGES.setdefault(digest, {"count": None, "texts": {}})
    if known["count"] is None or (pages is None and len(known["texts"]) < known["count"]) or \
            any(i % known["count"] not in known["texts"] for i in pages or ()):
        stored = _read_stored(digest)
        known["count"] = known["count"] or stored["count"]
        known["texts"] = {**stored["texts"], **known["texts"]}
    reader = None
    if known["count"] is None:
        reader = PdfReader(str(path))
        known["count"] = len(reader.pages)
    count = known["count"]
    wanted = range(count) if pages is None else [i % count for i in pages]
    missing = [i for i in wanted if i not in known["texts"]]
    if missing:
        reader = reader or PdfReader(str(path))
        read: dict[tuple, str] = {}
        with read_once():  # each font and form of the file parsed once, not once a page
            for index in missing:
                page = reader.pages[index]
                contents = page.get_contents()
                same = (b"" if contents is None else contents.get_data(),
                        repr(page.get("/Resources")), page.get("/Rotate"))
                if same not in read:
                    read[same] = page.extract_text()
                known["texts"][index] = read[same]
        if TEXT_CACHE is not None:
            TEXT_CACHE.mkdir(parents=True, exist_ok=True)
            temporary = TEXT_CACHE / f"{digest}.{os.getpid()}.tmp"
            temporary.write_text(json.dumps({"count": count, "texts": known["texts"]}),
                                 encoding="utf-8")
            os.replace(temporary, TEXT_CACHE / f"{digest}.json")
    return [known["texts"][i] for i in wanted]


def text_of(path, pages=None) -> str:
    """Return the extracted text of a PDF's pages (all, or the indices given), spaces folded.

    Each page is read once per test session (``page_texts``)."""
    return re.sub(r"\s+", " ", " ".join(page_texts(path, pages)))


def body_text_sizes(pdf_path, top: float, bottom: float, bleed: float = 0.0
                    ) -> list[set[float]]:
    """Return, for each front page (the even pages; backs between), the sizes in points, as
    printed (font size times the text matrix's scale), of the text whose baseline lies between
    ``top`` and ``bottom`` (points down from the trim, ``bleed`` around it)."""
    reader = PdfReader(str(pdf_path))
    cards = []
    for page in reader.pages[::2]:
        height, sizes = float(page.mediabox.height), set()

        def visit(text, cm, tm, font, size, height=height, sizes=sizes):
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            baseline = height - bleed - (tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
            if text.strip() and top < baseline < bottom:
                sizes.add(round(size * math.sqrt(abs(a * d - b * c)), 2))

        page.extract_text(visitor_text=visit)
        cards.append(sizes)
    return cards


def template_elements(project, name: str) -> dict:
    """Return a template's elements as written (raw mappings, by id)."""
    template = TemplateBook(project).get(name, ("test", 0))
    return {raw.get("id"): raw for raw in template.elements}


def page_bounds(obj) -> tuple[float, float, float, float]:
    """Return a pypdfium2 page object's bounds on the page (those of an object inside a placed
    face are in the face's own space: apply each enclosing form's matrix)."""
    bounds, container = obj.get_bounds(), obj.container
    while container is not None:
        bounds = container.get_matrix().on_rect(*bounds)
        container = container.container
    return bounds


def ink_boxes(page, text: str) -> tuple[float, float, float, float]:
    """Return the box (left, bottom, right, top, PDF points) of the glyphs of ``text``, found
    in a pypdfium2 page's text."""
    chars = page.get_textpage()
    start = chars.get_text_range().find(text)
    assert start >= 0, f"{text!r} is not on the page"
    boxes = [chars.get_charbox(i) for i in range(start, start + len(text))]
    boxes = [b for b in boxes if b[2] > b[0]]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def drawn_shapes(page) -> list[tuple[float, float, float, float]]:
    """Return the page bounds of every path (rules, boxes, bands, icons) a pypdfium2 page draws,
    inside placed faces too."""
    return [page_bounds(obj) for obj in page.get_objects(max_depth=8)
            if obj.type == pdfium_raw.FPDF_PAGEOBJ_PATH]


def page_chars(page) -> tuple[str, list[tuple[float, float, float, float]]]:
    """Return a pypdfium2 page's text and each character's box, read one character at a time
    (the whole-page text can shift indices by a generated line break, so ``ink_boxes`` may
    miss by one character on a busy page)."""
    chars = page.get_textpage()
    count = chars.count_chars()
    text = "".join(chars.get_text_range(i, 1) or " " for i in range(count))
    return text, [chars.get_charbox(i) for i in range(count)]


def text_box(text: str, boxes: list, needle: str, start: int = 0
             ) -> tuple[float, float, float, float]:
    """Return the glyph box (left, bottom, right, top, PDF points) of the first ``needle`` at
    or after ``start`` in ``page_chars`` output."""
    at = text.find(needle, start)
    assert at >= 0, f"{needle!r} is not on the page"
    found = [b for b in boxes[at:at + len(needle)] if b[2] > b[0]]
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found),
            max(b[3] for b in found))


def distinct(values: list[float], tolerance: float = 0.3 * MM) -> list[float]:
    """Return the distinct values of ``values`` in order, those within ``tolerance`` of the
    previous one counted once (columns of boxes, rows of text)."""
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] > tolerance:
            found.append(value)
    return found


@contextmanager
def read_once():
    """Make pypdf's ``extract_text`` read each font and each content stream once, not once
    per drawn form: pypdf builds a font's ``Font`` (its ToUnicode map parsed) for every
    resource dictionary it enters and parses a form's content stream for every ``Do`` of it,
    so a board of 800 drawn faces parsed the same few fonts 3,000 times (40 s of pypdf for
    one game's qps check). The same PDF object gives the same ``Font`` and the same parsed
    stream, so the runs read are those read without it; only the reading is shared. Use
    within one reader's pages (the cache holds its objects, keyed by identity)."""
    fonts: dict[int, tuple[object, Font]] = {}
    streams: dict[tuple, tuple[object, object]] = {}
    font_from = Font.from_font_resource
    descriptor = Font.__dict__["from_font_resource"]  # the classmethod, put back as it was
    stream_for = pypdf_text_extraction._get_content_stream_for_text

    def font(pdf_font_dict):
        if id(pdf_font_dict) not in fonts:
            fonts[id(pdf_font_dict)] = (pdf_font_dict, font_from(pdf_font_dict))
        return fonts[id(pdf_font_dict)][1]

    def stream(obj, pdf, content_key, *, has_visitor):
        key = (id(obj), content_key, has_visitor)
        if key not in streams:
            streams[key] = (obj, stream_for(obj, pdf, content_key, has_visitor=has_visitor))
        return streams[key][1]

    Font.from_font_resource = font  # type: ignore[method-assign]
    pypdf_text_extraction._get_content_stream_for_text = stream
    try:
        yield
    finally:
        Font.from_font_resource = descriptor  # type: ignore[method-assign]
        pypdf_text_extraction._get_content_stream_for_text = stream_for
