"""Check one face as it is built: text size, line width, contrast and the safe area.

The face is recorded (:mod:`.record`) in the three renderings a user can ask for (normal,
``--ink-saver``, ``--cmyk``); every text run, stroke and icon is checked and a failure names
the template line of the element that drew it. An element may lower a
limit for itself, visibly in its template: ``allow_small: 5`` (pt, deliberate fine print),
``allow_thin: 0.1`` (pt), ``allow_low_contrast: 3`` (ratio) or ``bleed_art: true`` (may run
into the bleed and the safe margin). ``role: footer|credit|number|slug`` exempts an
element's text from the game-text rule (:mod:`.game_text`); ``role: rules|board|ladder|note``
holds it to that role's minimum (``role_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain

from ..fill.colors import luminance, rgb_to_cmyk
from ..fill.faces import Origin
from ..load.model import PrintChecks
from .colour import contrast
from .game_text import game_text_problem, text_need
from .writing_space import icon_ink
from .probe import COLOUR, INK_SAVER, NORMAL, Drawing, Icon, Text, cmyk_to_rgb
from .record import SHARED_DRAWINGS, DrawingCache, record
from .rules import DARK_FILL, ICON_CONTRAST, needed_contrast
from .under import Under

PAPER = (1.0, 1.0, 1.0)
MM = 72 / 25.4


@dataclass(frozen=True)
class Finding:
    """One failed check of one element on one face."""

    origin: Origin
    face: str
    kind: str  # text-size, game-text, role-text, stroke, contrast, icon-contrast, safe-area
    value: float
    detail: str
    # where on the face (x0, y0, x1, y1 in points, trim origin), for the studio's overlay;
    # None for a stroke, which is found on the element as a whole
    box: tuple | None = field(default=None, compare=False)

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


def check_face(face, origins: list[Origin], fonts, icons, rules: PrintChecks,
               cache: DrawingCache | None = SHARED_DRAWINGS
               ) -> tuple[list[Finding], FaceFigures]:
    """Return every failed check of ``face`` and its figures.

    ``origins`` gives, per element of the face, where the element was written; ``cache``
    keeps the drawings of element objects that faces share (None: draw everything).
    """
    findings: dict[tuple, Finding] = {}
    figures = FaceFigures()
    normal, saver = record(face, fonts, icons, cache)
    under = Under(normal, saver)
    # CMYK mode only converts each colour (DrawContext.fill): no need to redraw, and its fills
    # lie where the normal rendering's do: the normal rendering's texts and the fills found
    # under them serve it, colours converted
    measured: list = []
    for finding in chain(_check_normal(face, normal, origins, rules, figures, under, measured,
                                       icons),
                         _check_saver(face, saver, origins, figures, under),
                         _check_cmyk(face, measured, origins, figures)):
        key = (finding.origin, finding.kind)
        kept = findings.get(key)
        if kept is None or finding.value < kept.value - 0.01:
            findings[key] = finding
    return list(findings.values()), figures


def _origin(origins: list[Origin], index: int, element) -> Origin:
    return origins[index] if index < len(origins) else Origin("?", 0, element.id or element.type)


def _check_normal(face, drawings: list[Drawing], origins, rules: PrintChecks,
                  figures: FaceFigures, under: Under, measured: list, icons=None):
    """Yield the findings of the normal rendering: text size, contrast, strokes, safe area.

    Appends (element index, text, fills under its samples) to ``measured`` for every text
    whose contrast was measured.
    """
    safe = rules.safe_area_pt
    lowest = None
    for index, drawing in enumerate(drawings):
        strokes, marks = drawing.strokes, drawing.marks
        if not strokes and not marks:
            continue
        element = face.elements[index]
        origin = _origin(origins, index, element)
        thin = getattr(element, "allow_thin", None) or rules.min_stroke
        thinnest = min(strokes) if strokes else thin
        # strokes only matter when one is too thin: then walk them in order among the marks
        items = _in_order(strokes, marks) if not thinnest >= thin - 0.005 else marks
        small = getattr(element, "allow_small", None) or rules.min_text_size
        bleeds = getattr(element, "bleed_art", False)
        need = text_need(rules, getattr(element, "role", "game"))
        writing = getattr(element, "writing_space", False) and rules.writing_ink < 1
        for item in items:
            kind = item.__class__
            if kind is not Text and kind is not Icon:  # a stroke: its width
                if item < thin - 0.005:
                    yield Finding(origin, face.shown or face.label, "stroke", item,
                                  f"line is {item:.2f} pt wide, minimum {thin:g} pt")
                continue
            if kind is Text and item.text.strip():
                size = item.size
                if figures.smallest_text is None or size < figures.smallest_text:
                    figures.smallest_text, figures.smallest_text_sample = size, item.text
                if size < small - 0.01:
                    yield Finding(origin, face.shown or face.label, "text-size", size,
                                  f"text {_quote(item.text)} is {size:.1f} pt, minimum "
                                  f"{small:g} pt", item.box)
                else:  # a run drawn under a role of its own (a board's rim) meets that role's
                    run_need = need if item.role is None else text_need(rules, item.role)
                    problem = None if run_need is None else game_text_problem(
                        item.font, size, item.text, run_need.size, run_need.height,
                        run_need.what)
                    if problem is not None:
                        hint = _EXEMPT_HINT if run_need.switch == "min_game_text" else ""
                        yield Finding(origin, face.label, run_need.kind, problem[0],
                                      f"text {_quote(item.text)} {problem[1]} "
                                      f"({run_need.switch}{hint})", item.box)
            if item.colours is not None and item.colours[NORMAL] is not None and (
                    kind is Icon or item.text.strip()):
                unders = under.normal(index, item)
                measured.append((index, item, unders))
                ratio = _worst_contrast(item.colours[NORMAL], _dark(unders, kind, NORMAL),
                                        NORMAL)
                if ratio is not None:
                    if kind is Text:
                        lowest = ratio if lowest is None else min(lowest, ratio)
                    finding = _contrast_finding(face, element, origin, item, ratio, "normal")
                    if finding is not None:
                        yield finding
            if writing and kind is Icon:
                colour = item.colours[NORMAL] if item.colours is not None else None
                ink = icon_ink(icons, item.name, colour)
                if ink > rules.writing_ink + 0.005:
                    yield Finding(origin, face.shown or face.label, "writing-ink", -ink,
                                  f"icon {item.name!r} in a writing space puts {ink:.0%} ink on "
                                  f"its square, at most {rules.writing_ink:.0%} (writing_ink): "
                                  "draw it in a light tone or in outline so a pencil mark "
                                  "reads over it", item.box)
            if not bleeds:
                x0, y0, x1, y1 = item.box
                margin = min(x0, y0, face.width - x1, face.height - y1)
                if margin < safe - 0.1:
                    what = f"text {_quote(item.text)}" if kind is Text else f"icon {item.name!r}"
                    yield Finding(origin, face.shown or face.label, "safe-area", margin,
                                  f"{what} comes {margin / MM:.1f} mm from the trim, inside the "
                                  f"{safe / MM:.1f} mm safe area (mark the element bleed_art: "
                                  "true if it is meant to run off the edge)", item.box)
    if lowest is not None:
        figures.lowest_contrast["normal"] = lowest


_EXEMPT_HINT = "; footers, credits, card numbers, slugs: role: footer|credit|number|slug"


def _in_order(strokes: list[float], marks: list):
    """Yield an element's strokes and marks in the order it painted them."""
    done = 0
    for mark in marks:
        yield from strokes[done:mark.strokes_before]
        done = max(done, mark.strokes_before)
        yield mark
    yield from strokes[done:]


def _check_saver(face, drawings: list[Drawing], origins, figures: FaceFigures,
                 under: Under):
    """Yield the contrast findings of the ink-saver rendering."""
    lowest = None
    for index, drawing in enumerate(drawings):
        for item in drawing.marks:
            if item.colours is None or item.colours[INK_SAVER] is None or (
                    item.__class__ is Text and not item.text.strip()):
                continue
            ratio = _worst_contrast(item.colours[INK_SAVER],
                                    _dark(under.saver(index, item), item.__class__, INK_SAVER),
                                    INK_SAVER)
            if ratio is not None:
                if item.__class__ is Text:
                    lowest = ratio if lowest is None else min(lowest, ratio)
                element = face.elements[index]
                finding = _contrast_finding(face, element, _origin(origins, index, element),
                                            item, ratio, "ink-saver")
                if finding is not None:
                    yield finding
    if lowest is not None:
        figures.lowest_contrast["ink-saver"] = lowest


def _check_cmyk(face, measured: list, origins, figures: FaceFigures):
    """Yield the contrast findings of the CMYK rendering: the normal one's texts and fills,
    each colour converted to device CMYK and back, as --cmyk prints it."""
    lowest = None
    for index, item, unders in measured:
        ratio = _worst_contrast(_printed_in_cmyk(item.colours[NORMAL]),
                                _dark(unders, item.__class__, NORMAL, _printed_in_cmyk), NORMAL,
                                _printed_in_cmyk)
        if ratio is not None:
            if item.__class__ is Text:
                lowest = ratio if lowest is None else min(lowest, ratio)
            element = face.elements[index]
            finding = _contrast_finding(face, element, _origin(origins, index, element), item,
                                        ratio, "cmyk")
            if finding is not None:
                yield finding
    if lowest is not None:
        figures.lowest_contrast["cmyk"] = lowest


@lru_cache(maxsize=4096)
def _printed_in_cmyk(colour):
    """Return ``colour`` converted to device CMYK and back (None stays None)."""
    return None if colour is None else cmyk_to_rgb(*rgb_to_cmyk(colour))


@lru_cache(maxsize=16384)
def _contrast(a, b) -> float:
    return contrast(a, b)


def _contrast_finding(face, element, origin: Origin, item, ratio: float,
                      rendering: str) -> Finding | None:
    """Return the finding of a text run or a one-colour icon whose contrast against what is
    under it is below what it needs (None: enough)."""
    if item.__class__ is Icon:
        need = getattr(element, "allow_low_contrast", None) or ICON_CONTRAST
        if ratio >= need - 0.005:
            return None
        return Finding(origin, face.shown or face.label, "icon-contrast", ratio,
                       f"icon {item.name!r} has contrast {ratio:.1f}:1 against what is under "
                       f"it ({rendering} rendering), minimum {need:g}:1: give it a colour "
                       "that stands out (a dark icon on a dark fill disappears in print)",
                       item.box)
    need = getattr(element, "allow_low_contrast", None) or needed_contrast(item.size)
    if ratio < need - 0.005:
        return Finding(origin, face.shown or face.label, "contrast", ratio,
                       f"text {_quote(item.text)} has contrast {ratio:.1f}:1 against what is "
                       f"under it ({rendering} rendering), minimum {need:g}:1 at "
                       f"{item.size:.1f} pt", item.box)
    return None


def _dark(unders: list, kind: type, slot: int, convert=None) -> list:
    """Return the fills under a mark that its contrast is measured against: all of them for
    text; for an icon, the dark ones (an icon's shape reads at a glance, and a light icon on
    paper or a pale fill is a deliberate watermark; a dark icon on a dark fill disappears)."""
    if kind is not Icon:
        return unders
    out = []
    for fill in unders:
        colour = PAPER if fill is None else fill[COLOUR + slot]
        if colour is None:
            return [fill]  # an image: not measured
        if luminance(convert(colour) if convert else colour) < DARK_FILL:
            out.append(fill)
    return out


def _worst_contrast(colour, unders: list, slot: int, convert=None) -> float | None:
    """Return the worst contrast of ``colour`` against the fills under a text's samples (in
    rendering ``slot``, colours passed through ``convert``); None if an image is under it."""
    worst = None
    for fill in unders:
        if fill is None:
            under = PAPER
        else:
            under = fill[COLOUR + slot]
            if under is None:
                return None
            if convert is not None:
                under = convert(under)
        ratio = _contrast(colour, under)
        worst = ratio if worst is None else min(worst, ratio)
    return worst
