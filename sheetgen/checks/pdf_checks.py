"""Read a written PDF back, as a print shop's preflight would (pypdf).

Checks: page boxes (pod files: TrimBox inside BleedBox inside MediaBox, every page one size),
every font embedded, no RGB colour and no transparency anywhere in a ``--cmyk`` file (and, in
a ``--pdfx`` file, its PDF/X output intent and version), every image at 300 ppi or
more where it is placed, and the size of every character as printed (font size times the text
and graphics matrices, through nested forms), so imposition text such as page slugs and tiled
page maps is measured too. Each form is read once and its figures scaled where it is placed:
a 100-sheet pad costs one form.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

MIN_PPI = 300.0
_RGB_OPS = {b"rg", b"RG"}


@dataclass
class FormFigures:
    """What one content stream shows, in its own units (scaled where it is placed)."""

    text: list[tuple[float, int, str]] = field(default_factory=list)  # (size, chars, sample)
    images: list[tuple[float, str]] = field(default_factory=list)  # (ppi at scale 1, name)
    rgb: bool = False
    transparent: bool = False  # an opacity below 1 or a soft mask
    fonts: set = field(default_factory=set)  # font names that are not embedded


@dataclass
class PdfReport:
    """The preflight of one PDF."""

    path: Path
    pages: int = 0
    smallest_text: float | None = None
    smallest_sample: str = ""
    chars_below: int = 0
    chars: int = 0
    lowest_ppi: float | None = None
    problems: list[str] = field(default_factory=list)


def _multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _embedded(font) -> bool:
    font = font.get_object()
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object()
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


class _Reader:
    def __init__(self, reader):
        from pypdf.generic import ContentStream

        self.reader, self.ContentStream = reader, ContentStream
        self._forms: dict[int, FormFigures] = {}

    def figures(self, stream, resources, key=None) -> FormFigures:
        """Return the figures of a content stream (a page's or a form's), read once per form."""
        if key is not None and key in self._forms:
            return self._forms[key]
        out = FormFigures()
        resources = resources.get_object() if resources is not None else {}
        fonts = resources.get("/Font", {})
        fonts = fonts.get_object() if fonts else {}
        for name, font in fonts.items():
            if not _embedded(font):
                out.fonts.add(str(font.get_object().get("/BaseFont", name)))
        xobjects = resources.get("/XObject", {})
        xobjects = xobjects.get_object() if xobjects else {}
        cs = resources.get("/ColorSpace", {})
        for value in (cs.get_object().values() if cs else []):
            if "RGB" in str(value.get_object()):
                out.rgb = True
        states = resources.get("/ExtGState", {})
        for state in (states.get_object().values() if states else []):
            state = state.get_object()
            if any(float(state.get(k, 1)) < 1 for k in ("/ca", "/CA")) \
                    or state.get("/SMask", "/None") != "/None":
                out.transparent = True
        ctm, stack = (1, 0, 0, 1, 0, 0), []
        tm, size = (1, 0, 0, 1, 0, 0), 0.0
        line_m, leading = (1, 0, 0, 1, 0, 0), 0.0
        for operands, op in self.ContentStream(stream, self.reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop() if stack else ctm
            elif op == b"cm":
                ctm = _multiply(tuple(float(v) for v in operands), ctm)
            elif op in _RGB_OPS or (op in (b"scn", b"SCN", b"sc", b"SC") and len(operands) == 3):
                out.rgb = True
            elif op == b"BT":
                tm = line_m = (1, 0, 0, 1, 0, 0)
            elif op == b"Tf":
                size = float(operands[1])
            elif op == b"TL":
                leading = float(operands[0])
            elif op == b"Tm":
                tm = line_m = tuple(float(v) for v in operands)
            elif op in (b"Td", b"TD"):
                line_m = _multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])), line_m)
                tm = line_m
                if op == b"TD":
                    leading = -float(operands[1])
            elif op == b"T*":
                line_m = tm = _multiply((1, 0, 0, 1, 0, -leading), line_m)
            elif op in (b"Tj", b"'", b'"', b"TJ"):
                text = operands[-1]
                parts = text if op == b"TJ" else [text]
                count = sum(len(p) for p in parts if isinstance(p, (bytes, str)))
                sample = "".join(str(p) for p in parts if isinstance(p, str))[:30]
                if count:
                    out.text.append((size * _scale(_multiply(tm, ctm)), count, sample))
            elif op == b"Do":
                self._place(out, xobjects.get(operands[0]), ctm)
        if key is not None:
            self._forms[key] = out
        return out

    def _place(self, out: FormFigures, xobject, ctm) -> None:
        if xobject is None:
            return
        ref = xobject
        obj = xobject.get_object()
        if obj.get("/Subtype") == "/Image":
            width_pt = math.hypot(ctm[0], ctm[1])
            height_pt = math.hypot(ctm[2], ctm[3])
            if width_pt and height_pt:
                ppi = min(obj["/Width"] / (width_pt / 72), obj["/Height"] / (height_pt / 72))
                out.images.append((ppi, str(getattr(ref, "idnum", ""))))
            if "RGB" in str(obj.get("/ColorSpace", "")):
                out.rgb = True
            out.transparent |= "/SMask" in obj
            return
        matrix = tuple(float(v) for v in obj.get("/Matrix", (1, 0, 0, 1, 0, 0)))
        key = getattr(ref, "idnum", None) or id(obj)
        inner = self.figures(obj, obj.get("/Resources"), key)
        scale = _scale(_multiply(matrix, ctm))
        out.text.extend((s * scale, n, t) for s, n, t in inner.text)
        out.images.extend((p / scale, n) for p, n in inner.images)
        out.rgb |= inner.rgb
        out.transparent |= inner.transparent
        out.fonts |= inner.fonts


def check_pdf(path: Path, *, min_text: float, cmyk: bool, pod: bool,
              pdfx: bool = False) -> PdfReport:
    """Return the preflight of the PDF at ``path`` (``pdfx``: it should be PDF/X-1a)."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    report = PdfReport(path, len(reader.pages))
    walker = _Reader(reader)
    sizes = set()
    fonts, rgb, transparent = set(), False, False
    for number, page in enumerate(reader.pages, 1):
        media = [float(v) for v in page.mediabox]
        sizes.add((round(media[2] - media[0], 1), round(media[3] - media[1], 1)))
        if pod:
            _check_boxes(page, number, report)
        contents = page.get_contents()
        if contents is None:
            continue
        figures = walker.figures(contents, page.get("/Resources"))
        fonts |= figures.fonts
        rgb |= figures.rgb
        transparent |= figures.transparent
        for size, count, sample in figures.text:
            report.chars += count
            if report.smallest_text is None or size < report.smallest_text:
                report.smallest_text, report.smallest_sample = size, sample
            if size < min_text - 0.01:
                report.chars_below += count
        for ppi, _name in figures.images:
            report.lowest_ppi = ppi if report.lowest_ppi is None else min(report.lowest_ppi, ppi)
    if report.chars_below:
        report.problems.append(f"{report.chars_below} characters under {min_text:g} pt "
                               f"(smallest {report.smallest_text:.1f} pt: "
                               f"{report.smallest_sample!r})")
    if fonts:
        report.problems.append(f"fonts not embedded: {', '.join(sorted(fonts))}")
    if (cmyk or pdfx) and rgb:
        report.problems.append("RGB colour in a --cmyk file")
    if (cmyk or pdfx) and transparent:
        report.problems.append("transparency in a CMYK file")
    if pdfx:
        report.problems.extend(_pdfx_identification(reader))
    if report.lowest_ppi is not None and report.lowest_ppi < MIN_PPI - 0.5:
        report.problems.append(f"an image prints at {report.lowest_ppi:.0f} ppi, "
                               f"minimum {MIN_PPI:g}")
    if pod and len(sizes) > 1:
        listed = ", ".join(f"{w:g} x {h:g}" for w, h in sorted(sizes))
        report.problems.append(f"pod pages are not one size: {listed} pt")
    return report


def _pdfx_identification(reader) -> list[str]:
    """Return what a PDF/X-1a file lacks of its identification: a GTS_PDFX output intent
    naming its printing condition, and its version in the document information."""
    problems = []
    intents = reader.trailer["/Root"].get("/OutputIntents")
    intents = [i.get_object() for i in intents.get_object()] if intents else []
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1 or not pdfx[0].get("/OutputConditionIdentifier"):
        problems.append("PDF/X: no GTS_PDFX output intent naming a printing condition")
    info = reader.trailer.get("/Info")
    if info is None or "/GTS_PDFXVersion" not in info.get_object():
        problems.append("PDF/X: no GTS_PDFXVersion in the document information")
    return problems


def _check_boxes(page, number: int, report: PdfReport) -> None:
    """Record a problem unless TrimBox lies inside BleedBox inside MediaBox."""
    if "/TrimBox" not in page or "/BleedBox" not in page:
        report.problems.append(f"page {number}: no TrimBox/BleedBox")
        return
    media, bleed, trim = ([float(v) for v in box] for box in
                          (page.mediabox, page.bleedbox, page.trimbox))

    def inside(a, b):
        return a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and a[2] <= b[2] + 0.01 \
            and a[3] <= b[3] + 0.01

    if not (inside(trim, bleed) and inside(bleed, media)):
        report.problems.append(f"page {number}: TrimBox {trim} not inside BleedBox {bleed} "
                               f"inside MediaBox {media}")
