"""A recording canvas: draws an element into what it paints (fills, text, strokes, icons).

The print checks need to know, for every element, what it puts on the page: each text run's
final size and colour, each stroke's width, each fill's shape and colour, in face coordinates.
Rather than teach every element to report itself, the face is drawn once more into
:class:`ProbeCanvas`, which implements the small part of ReportLab's canvas API that elements
use and records what each call would paint into a :class:`Drawing`. A call it does not know is
an error (so a new element cannot slip past the checks silently).

The canvas carries two fill colours, the normal rendering's and the ink saver's (see
:mod:`.record`): a colour set on the canvas sets both, and every fill and text run keeps both.
"""

from __future__ import annotations

import math

from reportlab.pdfbase import pdfmetrics

# A fill is a flat tuple (x0, y0, x1, y1, cx, cy, r, shape, colour, saver colour): its bounding
# box in face coordinates; a circle's centre and radius (cx None: not a circle); its polygon
# (None: its box, or the circle); its colour in the normal and the ink-saver rendering (None:
# an image, colour unknown). ``fill[COLOUR + slot]`` is the colour of rendering ``slot``.
COLOUR = 8
NORMAL, INK_SAVER = 0, 1  # the colour slot of a rendering (also of Text.colours)

# The canvas state: (ctm, fill, saver fill, stroke, width, font, size, saved states)
START = ((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0),
         1.0, "", 9.0, ())


def cmyk_to_rgb(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """Return the naive RGB of a device CMYK colour (the inverse of ``rgb_to_cmyk``)."""
    return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


class Text:
    """A text run: box, colours (normal, ink saver), size in points after scaling, its string,
    three sample points along its middle, how many fills and strokes its element painted
    before it, its font, and its text role when the element drew it under one of its own
    (None: the element's ``role``; :func:`sheetgen.fill.elements.base.text_role`)."""

    __slots__ = ("box", "colours", "size", "text", "samples", "fills_before", "strokes_before",
                 "font", "role")

    def __init__(self, box, colours, size, text, samples, fills_before, strokes_before,
                 font="", role=None):
        self.box, self.colours, self.size, self.text = box, colours, size, text
        self.samples, self.fills_before, self.strokes_before = samples, fills_before, \
            strokes_before
        self.font, self.role = font, role


class Icon:
    """An icon (a 1 x 1 form): its box, name, how many strokes its element painted before it;
    for a one-colour icon its colours (normal, ink saver: the fill set before it; None for
    colour art), three sample points across its middle and how many fills its element painted
    before it (what is under it, as for :class:`Text`)."""

    __slots__ = ("box", "name", "strokes_before", "colours", "samples", "fills_before")

    def __init__(self, box, name, strokes_before, colours=None, fills_before=0):
        self.box, self.name, self.strokes_before = box, name, strokes_before
        self.colours, self.fills_before = colours, fills_before
        x0, y0, x1, y1 = box
        middle = (y0 + y1) / 2
        self.samples = tuple((x0 + (x1 - x0) * f, middle) for f in (0.3, 0.5, 0.7))


class Drawing:
    """What one element painted, each in drawing order: its fills, the widths of its strokes,
    and its text runs and icons (``marks``: :class:`Text`, :class:`Icon`). ``bounds`` and
    ``grid`` are kept by :mod:`.under` once asked for."""

    __slots__ = ("fills", "strokes", "marks", "bounds", "grid")

    def __init__(self, fills: list, strokes: list, marks: list):
        self.fills, self.strokes, self.marks = fills, strokes, marks
        self.bounds = self.grid = None


class ProbePath:
    """The path calls elements make (moveTo, lineTo, curveTo, close, rect, circle)."""

    def __init__(self):
        self.subpaths: list[list[tuple[float, float]]] = []
        self.circles: list[tuple[float, float, float]] = []
        self._current: list | None = None

    def moveTo(self, x, y):  # noqa: N802 - ReportLab's API
        """Start a subpath."""
        self._current = [(x, y)]
        self.subpaths.append(self._current)

    def lineTo(self, x, y):  # noqa: N802
        """Add a straight segment."""
        if self._current is None:
            self.moveTo(x, y)
        else:
            self._current.append((x, y))

    def curveTo(self, x1, y1, x2, y2, x3, y3):  # noqa: N802
        """Add a Bézier curve (approximated by its control polygon)."""
        if self._current is None:
            self._current = []
            self.subpaths.append(self._current)
        self._current.extend(((x1, y1), (x2, y2), (x3, y3)))

    def close(self):
        """Close the subpath (polygons are closed anyway)."""

    def rect(self, x, y, w, h):
        """Add a rectangle subpath."""
        self._current = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        self.subpaths.append(self._current)

    def circle(self, x, y, r):
        """Add a circle."""
        self.circles.append((x, y, r))

    def roundRect(self, x, y, w, h, r):  # noqa: N802
        """Add a rounded rectangle (its corners count as square)."""
        self.rect(x, y, w, h)

    def ellipse(self, x, y, w, h):
        """Add an ellipse (as its bounding box)."""
        self.rect(x, y, w, h)

    def points(self) -> list[tuple[float, float]]:
        """Return the points of every subpath and the boxes of the circles."""
        out = [point for sub in self.subpaths for point in sub]
        for x, y, r in self.circles:
            out += [(x - r, y - r), (x + r, y + r)]
        return out


class ProbeText:
    """A text object (``beginText``): the runs ``textOut`` sets one after another, each in the
    font it was set in."""

    def __init__(self, x: float, y: float, font: str, size: float):
        self.y, self._x, self._font, self._size = y, x, font, size
        self.runs: list[tuple[str, float, float, str]] = []

    def setFont(self, name, size, leading=None):  # noqa: N802 - ReportLab's API
        """Set the font of the runs that follow."""
        self._font, self._size = name, size

    def textOut(self, text):  # noqa: N802
        """Add a run where the last one ended."""
        self.runs.append((self._font, self._size, self._x, text))
        self._x += pdfmetrics.stringWidth(text, self._font, self._size)


class ProbeCanvas:
    """Records what elements paint into ``fills``, ``strokes`` and ``marks`` (see
    :class:`Drawing`).

    Its state holds two fill colours: the normal rendering's and the ink-saver rendering's. A
    colour set on the canvas sets both; drawing both renderings at once then sets the ink
    saver's (``_saver_fill``, see :mod:`.record`).
    """

    def __init__(self, state: tuple = START):
        (self._ctm, self._fill, self._saver_fill, self._stroke, self._width, self._font,
         self._size, stack) = state
        self._stack = list(stack)
        # the box what is painted is clipped to (face coordinates; None: the whole face),
        # saved with the state but not part of it (an element clips only inside its own
        # saveState)
        self._clip: tuple | None = None
        self._clips: list = [None] * len(self._stack)
        self._scale: float | None = None
        self.fills: list[tuple] = []
        self.strokes: list[float] = []
        self.marks: list = []
        # the role of the text drawn now, when an element marks part of its text with one
        self.text_role: str | None = None

    def state(self) -> tuple:
        """Return the graphics state (with the saved states), as :data:`START`."""
        return (self._ctm, self._fill, self._saver_fill, self._stroke, self._width, self._font,
                self._size, tuple(self._stack))

    # --- graphics state -------------------------------------------------------------------
    def saveState(self):  # noqa: N802
        """Push the graphics state."""
        self._stack.append((self._ctm, self._fill, self._saver_fill, self._stroke,
                            self._width, self._font, self._size))
        self._clips.append(self._clip)

    def restoreState(self):  # noqa: N802
        """Pop the graphics state."""
        (self._ctm, self._fill, self._saver_fill, self._stroke, self._width, self._font,
         self._size) = self._stack.pop()
        self._clip = self._clips.pop()
        self._scale = None

    def transform(self, a, b, c, d, e, f):
        """Concatenate a matrix to the current transformation."""
        A, B, C, D, E, F = self._ctm
        self._ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                     e * A + f * C + E, e * B + f * D + F)
        self._scale = None

    def translate(self, dx, dy):
        """Move the origin."""
        self.transform(1, 0, 0, 1, dx, dy)

    def scale(self, sx, sy):
        """Scale the axes."""
        self.transform(sx, 0, 0, sy, 0, 0)

    def rotate(self, degrees):
        """Rotate the axes."""
        t = math.radians(degrees)
        self.transform(math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)

    def setFillColorRGB(self, r, g, b, alpha=None):  # noqa: N802
        """Set the fill colour (of both renderings)."""
        self._fill = self._saver_fill = (r, g, b)

    def set_saver_fill(self, rgb) -> None:
        """Set the ink-saver rendering's fill colour only."""
        self._saver_fill = rgb

    def setStrokeColorRGB(self, r, g, b, alpha=None):  # noqa: N802
        """Set the stroke colour."""
        self._stroke = (r, g, b)

    def setFillColorCMYK(self, c, m, y, k, alpha=None):  # noqa: N802
        """Set the fill colour (recorded as the RGB it prints as)."""
        self._fill = self._saver_fill = cmyk_to_rgb(c, m, y, k)

    def setStrokeColorCMYK(self, c, m, y, k, alpha=None):  # noqa: N802
        """Set the stroke colour (recorded as the RGB it prints as)."""
        self._stroke = cmyk_to_rgb(c, m, y, k)

    @property
    def _fillColorObj(self):  # noqa: N802 - ReportLab's name
        """The fill colour set (as ReportLab's canvas keeps it)."""
        return self._fill

    def setFillAlpha(self, alpha):  # noqa: N802
        """Opacity does not change what the checks measure (a faded picture is an image)."""

    def setStrokeAlpha(self, alpha):  # noqa: N802
        """Opacity does not change what the checks measure."""

    def setLineWidth(self, width):  # noqa: N802
        """Set the stroke width."""
        self._width = width

    def setDash(self, *args, **kwargs):  # noqa: N802
        """Dashes do not change what the checks measure."""

    def setLineCap(self, cap):  # noqa: N802
        """Caps do not change what the checks measure."""

    def setLineJoin(self, join):  # noqa: N802
        """Joins do not change what the checks measure."""

    def setFont(self, name, size, leading=None):  # noqa: N802
        """Set the font and size."""
        self._font, self._size = name, size

    # --- geometry -------------------------------------------------------------------------
    def _point(self, x, y):
        a, b, c, d, e, f = self._ctm
        return (a * x + c * y + e, b * x + d * y + f)

    def _current_scale(self) -> float:
        if self._scale is None:
            a, b, c, d, _, _ = self._ctm
            self._scale = math.sqrt(abs(a * d - b * c))
        return self._scale

    def _fill_polygon(self, raw) -> None:
        """Record a fill of the polygon ``raw`` (user coordinates)."""
        a, b, c, d, e, f = self._ctm
        points = [(a * x + c * y + e, b * x + d * y + f) for x, y in raw]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.fills.append((min(xs), min(ys), max(xs), max(ys), None, None, None, points,
                           self._fill, self._saver_fill))

    def _stroke_once(self) -> None:
        self.strokes.append(self._width * (self._scale or self._current_scale()))

    # --- painting -------------------------------------------------------------------------
    def rect(self, x, y, w, h, stroke=1, fill=0):
        """Paint a rectangle."""
        if fill and self._fill is not None:
            self._fill_polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
        if stroke and self._stroke is not None:
            self._stroke_once()

    def roundRect(self, x, y, w, h, radius, stroke=1, fill=0):  # noqa: N802
        """Paint a rounded rectangle (its corners count as square)."""
        self.rect(x, y, w, h, stroke, fill)

    def circle(self, x, y, r, stroke=1, fill=0):
        """Paint a circle."""
        if fill and self._fill is not None:
            a, b, c, d, e, f = self._ctm
            cx, cy = a * x + c * y + e, b * x + d * y + f
            rr = r * (self._scale or self._current_scale())
            x0, y0, x1, y1 = cx - rr, cy - rr, cx + rr, cy + rr
            if rr < 0:
                x0, y0, x1, y1 = x1, y1, x0, y0
            self.fills.append((x0, y0, x1, y1, cx, cy, rr, None, self._fill, self._saver_fill))
        if stroke and self._stroke is not None:
            self._stroke_once()

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        """Paint an ellipse (as its bounding box)."""
        self.rect(x1, y1, x2 - x1, y2 - y1, stroke, fill)

    def line(self, x1, y1, x2, y2):
        """Stroke a line."""
        if self._stroke is not None:
            self._stroke_once()

    def beginPath(self):  # noqa: N802
        """Return a new path."""
        return ProbePath()

    def drawPath(self, path, stroke=1, fill=0, fillMode=None):  # noqa: N802, N803
        """Paint a path built with :meth:`beginPath` (each subpath on its own)."""
        filled = fill and self._fill is not None
        stroked = stroke and self._stroke is not None
        for sub in path.subpaths:
            if sub:
                if filled:
                    self._fill_polygon(sub)
                if stroked:
                    self._stroke_once()
        for x, y, r in path.circles:
            self.circle(x, y, r, stroke, fill)

    def clipPath(self, path, stroke=0, fill=0, fillMode=None):  # noqa: N802, N803
        """Clip to the path's box: a picture (an image, art) counts only where it shows;
        other content is checked whole."""
        if stroke or fill:
            self.drawPath(path, stroke, fill)
        points = [self._point(x, y) for x, y in path.points()]
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            self._clip = _within((min(xs), min(ys), max(xs), max(ys)), self._clip)

    def drawString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run with its box, final size and colours."""
        size = self._size
        width = pdfmetrics.stringWidth(text, self._font, size)
        face = pdfmetrics.getFont(self._font).face
        bottom, top = y + face.descent / 1000 * size, y + face.ascent / 1000 * size
        right, middle = x + width, y + size * 0.35
        a, b, c, d, e, f = self._ctm
        # the corners (x, bottom), (right, bottom), (right, top), (x, top)
        x0, x1, x2, x3 = (a * x + c * bottom + e, a * right + c * bottom + e,
                          a * right + c * top + e, a * x + c * top + e)
        y0, y1, y2, y3 = (b * x + d * bottom + f, b * right + d * bottom + f,
                          b * right + d * top + f, b * x + d * top + f)
        u, v, w = x + width * 0.1, x + width * 0.5, x + width * 0.9
        samples = ((a * u + c * middle + e, b * u + d * middle + f),
                   (a * v + c * middle + e, b * v + d * middle + f),
                   (a * w + c * middle + e, b * w + d * middle + f))
        self.marks.append(Text((min(x0, x1, x2, x3), min(y0, y1, y2, y3), max(x0, x1, x2, x3),
                                max(y0, y1, y2, y3)), (self._fill, self._saver_fill),
                               size * (self._scale or self._current_scale()), text, samples,
                               len(self.fills), len(self.strokes), self._font, self.text_role))

    def beginText(self, x=0, y=0):  # noqa: N802
        """Return a text object starting at (x, y) in the canvas's font."""
        return ProbeText(x, y, self._font, self._size)

    def drawText(self, text_object):  # noqa: N802
        """Record each run of a text object (the canvas's own font stays as it was)."""
        font, size = self._font, self._size
        for self._font, self._size, x, text in text_object.runs:
            self.drawString(x, text_object.y, text)
        self._font, self._size = font, size

    def drawCentredString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run centred on x."""
        self.drawString(x - pdfmetrics.stringWidth(text, self._font, self._size) / 2, y, text)

    def drawRightString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run ending at x."""
        self.drawString(x - pdfmetrics.stringWidth(text, self._font, self._size), y, text)

    def doForm(self, name):  # noqa: N802
        """Record an icon (a 1 x 1 form); colour art (``art-``) is also a fill of unknown
        colour, like an image: text on it is not measured against the paper."""
        pts = [self._point(0, 0), self._point(1, 0), self._point(1, 1), self._point(0, 1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = _within((min(xs), min(ys), max(xs), max(ys)), self._clip)
        if box is None:  # clipped away
            return
        colours = None
        if name.startswith("art-"):
            self.fills.append((*box, None, None, None, None, None, None))
        else:
            colours = (self._fill, self._saver_fill)
        shown = name.removeprefix("icon-").removeprefix("art-").replace("~", "/")
        self.marks.append(Icon(box, shown, len(self.strokes), colours, len(self.fills)))

    def drawImage(self, image, x, y, width=None, height=None, *args, **kwargs):  # noqa: N802
        """Record an image as a fill of unknown colour."""
        (ax, ay), (bx, by) = self._point(x, y), self._point(x + width, y + height)
        box = _within((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)), self._clip)
        if box is not None:
            self.fills.append((*box, None, None, None, None, None, None))

    def __getattr__(self, name):
        raise AttributeError(f"the print checks cannot follow canvas.{name}; add it to "
                             "sheetgen/checks/probe.py")


def _within(box: tuple, clip: tuple | None) -> tuple | None:
    """Return the part of ``box`` inside ``clip`` (None: no clip), or None if nothing is."""
    if clip is None:
        return box
    x0, y0 = max(box[0], clip[0]), max(box[1], clip[1])
    x1, y1 = min(box[2], clip[2]), min(box[3], clip[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None
