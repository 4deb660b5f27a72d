"""A recording canvas: draws a face's elements into marks (text, fills, strokes, icons).

The print checks need to know, for every element, what it puts on the page: each text run's
final size, each stroke's width, each fill's shape and colour, in face coordinates. Rather than
teach every element to report itself, the face is drawn once more into :class:`ProbeCanvas`,
which implements the small part of ReportLab's canvas API that elements use and records what
each call would paint. A call it does not know is an error (so a new element cannot slip past
the checks silently).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics


@dataclass
class Mark:
    """One painted thing in face coordinates (points, y upwards).

    ``kind`` is text, fill, stroke, icon or image; ``box`` its bounding box; ``shape`` the
    polygon (fills) or None; ``size`` the text size or stroke width after scaling.
    """

    kind: str
    element: int
    box: tuple[float, float, float, float]
    color: tuple[float, float, float] | None = None
    size: float = 0.0
    text: str = ""
    shape: list[tuple[float, float]] | None = None
    circle: tuple[float, float, float] | None = None
    baseline: float = 0.0

    def contains(self, x: float, y: float) -> bool:
        """Return whether (x, y) lies inside this fill."""
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        if self.circle is not None:
            cx, cy, r = self.circle
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        if self.shape is None:
            return True
        return _inside(self.shape, x, y)


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd ray cast."""
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def cmyk_to_rgb(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """Return the naive RGB of a device CMYK colour (the inverse of ``rgb_to_cmyk``)."""
    return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


@dataclass
class _State:
    ctm: tuple = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    fill: tuple | None = (0.0, 0.0, 0.0)
    stroke: tuple | None = (0.0, 0.0, 0.0)
    width: float = 1.0
    font: str = ""
    size: float = 9.0


class ProbePath:
    """The path calls elements make (moveTo, lineTo, curveTo, close, rect, circle)."""

    def __init__(self):
        self.subpaths: list[list[tuple[float, float]]] = []
        self.circles: list[tuple[float, float, float]] = []

    def moveTo(self, x, y):  # noqa: N802 - ReportLab's API
        """Start a subpath."""
        self.subpaths.append([(x, y)])

    def lineTo(self, x, y):  # noqa: N802
        """Add a straight segment."""
        if not self.subpaths:
            self.subpaths.append([])
        self.subpaths[-1].append((x, y))

    def curveTo(self, x1, y1, x2, y2, x3, y3):  # noqa: N802
        """Add a Bézier curve (approximated by its control polygon)."""
        for point in ((x1, y1), (x2, y2), (x3, y3)):
            self.lineTo(*point)

    def close(self):
        """Close the subpath (polygons are closed anyway)."""

    def rect(self, x, y, w, h):
        """Add a rectangle subpath."""
        self.subpaths.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])

    def circle(self, x, y, r):
        """Add a circle."""
        self.circles.append((x, y, r))


class ProbeCanvas:
    """Records what a face's elements paint, as :class:`Mark` objects in face coordinates."""

    def __init__(self):
        self.marks: list[Mark] = []
        self.element = -1
        self._state = _State()
        self._stack: list[_State] = []

    # --- graphics state -------------------------------------------------------------------
    def saveState(self):  # noqa: N802
        """Push the graphics state."""
        self._stack.append(_State(**vars(self._state)))

    def restoreState(self):  # noqa: N802
        """Pop the graphics state."""
        self._state = self._stack.pop()

    def transform(self, a, b, c, d, e, f):
        """Concatenate a matrix to the current transformation."""
        A, B, C, D, E, F = self._state.ctm
        self._state.ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                           e * A + f * C + E, e * B + f * D + F)

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
        """Set the fill colour."""
        self._state.fill = (r, g, b)

    def setStrokeColorRGB(self, r, g, b, alpha=None):  # noqa: N802
        """Set the stroke colour."""
        self._state.stroke = (r, g, b)

    def setFillColorCMYK(self, c, m, y, k, alpha=None):  # noqa: N802
        """Set the fill colour (recorded as the RGB it prints as)."""
        self._state.fill = cmyk_to_rgb(c, m, y, k)

    def setStrokeColorCMYK(self, c, m, y, k, alpha=None):  # noqa: N802
        """Set the stroke colour (recorded as the RGB it prints as)."""
        self._state.stroke = cmyk_to_rgb(c, m, y, k)

    def setLineWidth(self, width):  # noqa: N802
        """Set the stroke width."""
        self._state.width = width

    def setDash(self, *args, **kwargs):  # noqa: N802
        """Dashes do not change what the checks measure."""

    def setLineCap(self, cap):  # noqa: N802
        """Caps do not change what the checks measure."""

    def setLineJoin(self, join):  # noqa: N802
        """Joins do not change what the checks measure."""

    def setFont(self, name, size, leading=None):  # noqa: N802
        """Set the font and size."""
        self._state.font, self._state.size = name, size

    # --- geometry -------------------------------------------------------------------------
    def _point(self, x, y):
        a, b, c, d, e, f = self._state.ctm
        return (a * x + c * y + e, b * x + d * y + f)

    def _scale(self) -> float:
        a, b, c, d, _, _ = self._state.ctm
        return math.sqrt(abs(a * d - b * c))

    @staticmethod
    def _box(points):
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs), min(ys), max(xs), max(ys))

    def _paint(self, points, stroke, fill, circle=None):
        if not points:
            return
        box = self._box(points)
        if fill and self._state.fill is not None:
            self.marks.append(Mark("fill", self.element, box, self._state.fill,
                                   shape=None if circle else points, circle=circle))
        if stroke and self._state.stroke is not None:
            self.marks.append(Mark("stroke", self.element, box, self._state.stroke,
                                   self._state.width * self._scale()))

    # --- painting -------------------------------------------------------------------------
    def rect(self, x, y, w, h, stroke=1, fill=0):
        """Paint a rectangle."""
        pts = [self._point(x, y), self._point(x + w, y), self._point(x + w, y + h),
               self._point(x, y + h)]
        self._paint(pts, stroke, fill)

    def roundRect(self, x, y, w, h, radius, stroke=1, fill=0):  # noqa: N802
        """Paint a rounded rectangle (its corners count as square)."""
        self.rect(x, y, w, h, stroke, fill)

    def circle(self, x, y, r, stroke=1, fill=0):
        """Paint a circle."""
        cx, cy = self._point(x, y)
        rr = r * self._scale()
        pts = [(cx - rr, cy - rr), (cx + rr, cy + rr)]
        self._paint(pts, stroke, fill, circle=(cx, cy, rr))

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        """Paint an ellipse (as its bounding box)."""
        self.rect(x1, y1, x2 - x1, y2 - y1, stroke, fill)

    def line(self, x1, y1, x2, y2):
        """Stroke a line."""
        self._paint([self._point(x1, y1), self._point(x2, y2)], 1, 0)

    def beginPath(self):  # noqa: N802
        """Return a new path."""
        return ProbePath()

    def drawPath(self, path, stroke=1, fill=0, fillMode=None):  # noqa: N802, N803
        """Paint a path built with :meth:`beginPath`."""
        for sub in path.subpaths:
            self._paint([self._point(*p) for p in sub], stroke, fill)
        for x, y, r in path.circles:
            self.circle(x, y, r, stroke, fill)

    def clipPath(self, path, stroke=0, fill=0, fillMode=None):  # noqa: N802, N803
        """Clipping does not change what the checks measure (content is checked whole)."""
        if stroke or fill:
            self.drawPath(path, stroke, fill)

    def drawString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run with its box, final size and colour."""
        st = self._state
        width = pdfmetrics.stringWidth(text, st.font, st.size)
        face = pdfmetrics.getFont(st.font).face
        ascent, descent = face.ascent / 1000 * st.size, face.descent / 1000 * st.size
        corners = [self._point(x, y + descent), self._point(x + width, y + descent),
                   self._point(x + width, y + ascent), self._point(x, y + ascent)]
        mark = Mark("text", self.element, self._box(corners), st.fill,
                    st.size * self._scale(), text)
        mark.shape = [self._point(x + width * t, y + st.size * 0.35) for t in (0.1, 0.5, 0.9)]
        self.marks.append(mark)

    def drawCentredString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run centred on x."""
        self.drawString(x - pdfmetrics.stringWidth(text, self._state.font, self._state.size) / 2,
                        y, text)

    def drawRightString(self, x, y, text, *args, **kwargs):  # noqa: N802
        """Record a text run ending at x."""
        self.drawString(x - pdfmetrics.stringWidth(text, self._state.font, self._state.size),
                        y, text)

    def doForm(self, name):  # noqa: N802
        """Record an icon (a 1 x 1 form) as a glyph-like mark in the current fill colour."""
        pts = [self._point(0, 0), self._point(1, 0), self._point(1, 1), self._point(0, 1)]
        self.marks.append(Mark("icon", self.element, self._box(pts), self._state.fill,
                               self._scale(), name.removeprefix("icon-")))

    def drawImage(self, image, x, y, width=None, height=None, *args, **kwargs):  # noqa: N802
        """Record an image as a fill of unknown colour."""
        pts = [self._point(x, y), self._point(x + width, y + height)]
        self.marks.append(Mark("image", self.element, self._box(pts)))

    def __getattr__(self, name):
        raise AttributeError(f"the print checks cannot follow canvas.{name}; add it to "
                             "sheetgen/checks/probe.py")


def record(face, fonts, icons, *, cmyk: bool = False, ink_saver: bool = False) -> list[Mark]:
    """Draw ``face`` into a probe and return its marks (each tagged with its element index)."""
    from ..elements import DrawContext

    canvas = ProbeCanvas()
    ctx = DrawContext(face.width, face.height, fonts, icons, cmyk, ink_saver)
    for index, element in enumerate(face.elements):
        canvas.element = index
        element.draw(canvas, ctx)
    return canvas.marks
