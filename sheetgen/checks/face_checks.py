"""Check one face as it is built: text size, line width, contrast and the safe area.

The face is drawn into a :mod:`probe <sheetgen.checks.probe>` in the three renderings a user
can ask for (normal, ``--ink-saver``, ``--cmyk``); every text run, stroke and icon is checked
and a failure names the template line of the element that drew it. An element may lower a
limit for itself, visibly in its template: ``allow_small: 5`` (pt, deliberate fine print),
``allow_thin: 0.1`` (pt), ``allow_low_contrast: 3`` (ratio) or ``bleed_art: true`` (may run
into the bleed and the safe margin).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from ..colors import rgb_to_cmyk
from .colour import contrast
from .probe import Mark, cmyk_to_rgb, record
from .rules import PrintChecks, needed_contrast

PAPER = (1.0, 1.0, 1.0)
MM = 72 / 25.4


@dataclass(frozen=True)
class Origin:
    """Where an element was written: file, line and a name (its id or type)."""

    path: str
    line: int
    name: str


@dataclass(frozen=True)
class Finding:
    """One failed check of one element on one face."""

    origin: Origin
    face: str
    kind: str  # text-size, stroke, contrast, safe-area
    value: float
    detail: str

    def message(self) -> str:
        """Return ``(element): detail``."""
        return f"({self.origin.name}): {self.detail}"


@dataclass
class FaceFigures:
    """The extremes of one face: smallest text (pt) and lowest contrast per rendering."""

    smallest_text: float | None = None
    smallest_text_sample: str = ""
    lowest_contrast: dict[str, float] = field(default_factory=dict)


def _quote(text: str) -> str:
    text = text.strip()
    return f'"{text[:28]}…"' if len(text) > 30 else f'"{text}"'


def check_face(face, origins: list[Origin], fonts, icons,
               rules: PrintChecks) -> tuple[list[Finding], FaceFigures]:
    """Return every failed check of ``face`` and its figures.

    ``origins`` gives, per element of the face, where the element was written.
    """
    findings: dict[tuple, Finding] = {}
    figures = FaceFigures()
    normal = record(face, fonts, icons)
    saver = record(face, fonts, icons, ink_saver=True)
    converted: dict = {}
    # CMYK mode only converts each colour (DrawContext.fill): no need to redraw, and its fills
    # lie where the normal rendering's do (one index of them serves both)
    renderings = {"normal": (normal, _FillIndex(face, normal)),
                  "ink-saver": (saver, _FillIndex(face, saver)),
                  "cmyk": ([_as_printed_in_cmyk(m, converted) for m in normal], None)}
    renderings["cmyk"] = (renderings["cmyk"][0], renderings["normal"][1])
    for rendering, (marks, fills) in renderings.items():
        for finding in _check_marks(face, marks, fills, origins, rules, rendering, figures):
            key = (finding.origin, finding.kind)
            kept = findings.get(key)
            if kept is None or finding.value < kept.value - 0.01:
                findings[key] = finding
    return list(findings.values()), figures


def _as_printed_in_cmyk(mark: Mark, converted: dict) -> Mark:
    """Return ``mark`` with its colour converted to device CMYK and back, as --cmyk prints it
    (``converted`` remembers each colour's conversion)."""
    if mark.color is None:
        return mark
    colour = converted.get(mark.color)
    if colour is None:
        colour = converted[mark.color] = cmyk_to_rgb(*rgb_to_cmyk(mark.color))
    copy = Mark.__new__(Mark)
    copy.__dict__.update(vars(mark), color=colour)
    return copy


def _check_marks(face, marks: list[Mark], fills: "_FillIndex", origins, rules: PrintChecks,
                 rendering: str, figures: FaceFigures):
    elements = face.elements
    safe = rules.safe_area_pt
    lowest = figures.lowest_contrast.get(rendering)
    for index, mark in enumerate(marks):
        element = elements[mark.element]
        origin = origins[mark.element] if mark.element < len(origins) else Origin(
            "?", 0, element.id or element.type)
        if mark.kind == "text" and mark.text.strip():
            if rendering == "normal":
                limit = getattr(element, "allow_small", None) or rules.min_text_size
                if figures.smallest_text is None or mark.size < figures.smallest_text:
                    figures.smallest_text, figures.smallest_text_sample = mark.size, mark.text
                if mark.size < limit - 0.01:
                    yield Finding(origin, face.label, "text-size", mark.size,
                                  f"text {_quote(mark.text)} is {mark.size:.1f} pt, minimum "
                                  f"{limit:g} pt")
            ratio = _text_contrast(mark, index, fills, marks)
            if ratio is not None:
                lowest = ratio if lowest is None else min(lowest, ratio)
                need = (getattr(element, "allow_low_contrast", None)
                        or needed_contrast(mark.size))
                if ratio < need - 0.005:
                    yield Finding(origin, face.label, "contrast", ratio,
                                  f"text {_quote(mark.text)} has contrast {ratio:.1f}:1 against "
                                  f"what is under it ({rendering} rendering), minimum "
                                  f"{need:g}:1 at {mark.size:.1f} pt")
        if rendering != "normal":
            continue
        if mark.kind == "stroke":
            limit = getattr(element, "allow_thin", None) or rules.min_stroke
            if mark.size < limit - 0.005:
                yield Finding(origin, face.label, "stroke", mark.size,
                              f"line is {mark.size:.2f} pt wide, minimum {limit:g} pt")
        if mark.kind in ("text", "icon") and not getattr(element, "bleed_art", False):
            x0, y0, x1, y1 = mark.box
            margin = min(x0, y0, face.width - x1, face.height - y1)
            if margin < safe - 0.1:
                what = f"text {_quote(mark.text)}" if mark.kind == "text" else \
                    f"icon {mark.text!r}"
                yield Finding(origin, face.label, "safe-area", margin,
                              f"{what} comes {margin / MM:.1f} mm from the trim, inside the "
                              f"{safe / MM:.1f} mm safe area (mark the element bleed_art: "
                              "true if it is meant to run off the edge)")
    if lowest is not None:
        figures.lowest_contrast[rendering] = lowest


class _FillIndex:
    """The fills of a face, bucketed by a grid over it, to find the topmost fill under a point.

    Each cell lists, in drawing order, the index of every fill whose box overlaps it; a point's
    cell holds every fill that can contain the point (points off the face use the nearest
    cell). A rendering that only changes colours (CMYK) shares the index of the normal one.
    """

    CELLS = 16

    def __init__(self, face, marks: list[Mark]):
        self.face, self.marks = face, marks
        self.cells: list[list] | None = None  # built at the first question

    def _build(self) -> list[list]:
        n = self.CELLS
        self.sx = sx = n / max(self.face.width, 1e-6)
        self.sy = sy = n / max(self.face.height, 1e-6)
        cells: list[list] = [[] for _ in range(n * n)]
        top = n - 1
        for index, mark in enumerate(self.marks):
            if mark.kind not in ("fill", "image"):
                continue
            x0, y0, x1, y1 = mark.box
            cols = range(min(top, max(0, int(x0 * sx))), min(top, max(0, int(x1 * sx))) + 1)
            for row in range(min(top, max(0, int(y0 * sy))), min(top, max(0, int(y1 * sy))) + 1):
                base = row * n
                for col in cols:
                    cells[base + col].append(index)
        self.cells = cells
        return cells

    def _cell(self, value: float, scale: float) -> int:
        return min(self.CELLS - 1, max(0, int(value * scale)))

    def colour_under(self, x: float, y: float, before: int, marks: list[Mark]):
        """Return the colour, in ``marks`` (this rendering's), of the topmost fill drawn before
        mark ``before`` that contains (x, y): the paper if none does, None if it is an image
        (colour unknown)."""
        cells = self.cells if self.cells is not None else self._build()
        cell = cells[self._cell(y, self.sy) * self.CELLS + self._cell(x, self.sx)]
        for position in range(bisect_left(cell, before) - 1, -1, -1):
            fill = marks[cell[position]]
            if fill.contains(x, y):
                return fill.color
        return PAPER


def _text_contrast(mark: Mark, index: int, fills: _FillIndex, marks: list[Mark]
                   ) -> float | None:
    """Return the worst contrast of the text against the topmost fill under its sample points.

    None when the text colour is unknown or an image lies under it.
    """
    if mark.color is None:
        return None
    worst = None
    for x, y in mark.shape or []:
        under = fills.colour_under(x, y, index, marks)
        if under is None:
            return None
        ratio = contrast(mark.color, under)
        worst = ratio if worst is None else min(worst, ratio)
    return worst
