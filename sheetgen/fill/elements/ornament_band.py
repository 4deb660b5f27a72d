"""``ornament_band``: a repeating vector ornament along a box, for title bars and panel edges.

A band is a straight strip (a frame is ``ornament_frame``'s job): the pattern's motif repeats
every ``repeat`` along the box's long side, is fitted so a whole number of motifs fills the box
(the band ends cleanly at both ends), and is drawn from lines and polygons only, so the same YAML
always gives the same bytes. Patterns:

- ``zigzag``: a lightning zigzag between two rules (Rolling Thunder);
- ``crenel``: castle battlements, merlons standing on a base rule (Roll & Might);
- ``knot``: an interlaced chain of two crossing waves (Norse knotwork);
- ``diamonds``: a row of lozenges on a centre rule;
- ``pennants``: triangles hanging from a rule (banners over a market).
"""


import math
from typing import Literal

from pydantic import Field, model_validator

from . import register
from .base import Color, Element, Length
from .sheet_common import polygon


@register
class OrnamentBand(Element):
    """A pattern repeated along the long side of the box, fitted to whole motifs."""

    type: Literal["ornament_band"] = "ornament_band"
    pattern: Literal["zigzag", "crenel", "knot", "diamonds", "pennants"] = Field(
        description="The motif: zigzag (lightning), crenel (battlements), knot (interlace), "
                    "diamonds (lozenges on a rule) or pennants (triangles under a rule).")
    repeat: Length = Field("6mm", description="Length of one motif (length); the band fits "
                                              "a whole number of motifs to its box.")
    color: Color = "ink"
    fill: Color = "none"
    width: Length = Field("0.35mm", description="Line width of the motifs (length).")
    rules: bool = Field(True, description="Draw the band's edge rules (zigzag, diamonds, "
                                          "pennants).")
    background: Color = Field("white", description="The colour under the band: knot "
                                                   "strands pass under through gaps of it.")

    field_docs = {
        'pattern': 'The motif: zigzag, crenel, knot, diamonds or pennants.',
        'repeat': 'Length of one motif (length); fitted to a whole number of motifs.',
        'width': 'Line width of the motif (length).',
        'rules': 'Draw the two edge rules along the band.',
        'background': 'Colour behind the motifs, or none.',
    }
    doc = ("A vector ornament repeated along the box's long side: pattern zigzag, crenel, knot, "
           "diamonds or pennants; repeat: motif length (fitted to whole motifs); color: line "
           "colour; fill: fill of closed motifs; rules: draw the edge rules; background: the "
           "colour under the band (knot: the gaps that make strands pass under).")
    sample = {"type": "ornament_band", "x": "5mm", "y": "5mm", "w": "60mm", "h": "4mm",
              "pattern": "zigzag", "color": "gold"}

    @model_validator(mode="after")
    def _sizes(self):
        if self.w <= 0 or self.h <= 0 or self.repeat <= 0:
            raise ValueError("an ornament band needs a positive w, h and repeat")
        return self

    def draw(self, canvas, ctx) -> None:
        """Paint the band: motifs in a horizontal strip, turned for a vertical box."""
        vertical = self.h > self.w
        length, thick = (self.h, self.w) if vertical else (self.w, self.h)
        count = max(1, round(length / self.repeat))
        step = length / count
        canvas.saveState()
        if vertical:
            canvas.translate(self.x + self.w, ctx.height - self.y - self.h)
            canvas.rotate(90)
        else:
            canvas.translate(self.x, ctx.height - self.y - self.h)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        getattr(self, f"_{self.pattern}")(canvas, ctx, count, step, length, thick)
        canvas.restoreState()

    def _rule(self, canvas, ctx, y: float, length: float) -> None:
        if self.rules:
            canvas.saveState()
            ctx.stroke(canvas, self.color)
            canvas.setLineWidth(self.width)
            canvas.line(0, y, length, y)
            canvas.restoreState()

    def _path(self, canvas, ctx, points, closed: bool = False) -> None:
        """Stroke (and fill when closed) a polyline in the band's colours."""
        if closed:
            polygon(canvas, ctx, points, self.fill, self.color, self.width)
            return
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        canvas.saveState()
        canvas.drawPath(path, **ctx.paint(canvas, None, self.color, self.width))
        canvas.restoreState()

    def _zigzag(self, canvas, ctx, count, step, length, thick) -> None:
        pad = thick * 0.22 if self.rules else self.width
        points = [(i * step / 2, pad if i % 2 == 0 else thick - pad) for i in range(2 * count + 1)]
        self._path(canvas, ctx, points)
        self._rule(canvas, ctx, self.width / 2, length)
        self._rule(canvas, ctx, thick - self.width / 2, length)

    def _crenel(self, canvas, ctx, count, step, length, thick) -> None:
        base = thick * 0.45
        merlon = step * 0.55
        for i in range(count):
            x0 = i * step + (step - merlon) / 2
            polygon(canvas, ctx, [(x0, base), (x0, thick - self.width / 2),
                                  (x0 + merlon, thick - self.width / 2), (x0 + merlon, base)],
                    self.fill if self.fill is not None else self.color, self.color, self.width)
        polygon(canvas, ctx, [(0, self.width / 2), (length, self.width / 2), (length, base),
                              (0, base)],
                self.fill if self.fill is not None else self.color, self.color, self.width)

    def _knot(self, canvas, ctx, count, step, length, thick) -> None:
        mid, amp = thick / 2, thick / 2 - self.width * 1.5
        for phase in (0.0, math.pi):
            self._wave(canvas, ctx, count, step, mid, amp, phase)
        # over-under: a paper gap on one strand at every other inner crossing reads as interlace
        for i in range(2, 2 * count, 2):
            x = i * step / 2
            canvas.saveState()
            ctx.fill(canvas, self.background or (1, 1, 1), is_fill=False)
            canvas.circle(x, mid, self.width * 1.6, stroke=0, fill=1)
            canvas.restoreState()
            slope = amp * 2 * math.pi / step
            dx = self.width * 2.2 / math.hypot(1, slope)
            sign = 1 if i % 4 == 0 else -1
            self._path(canvas, ctx, [(x - dx, mid - sign * slope * dx),
                                     (x + dx, mid + sign * slope * dx)])

    def _wave(self, canvas, ctx, count, step, mid, amp, phase) -> None:
        """Stroke ``mid + amp * sin(2 pi x / step + phase)`` as one cubic Bezier per quarter wave.

        Each quarter is the Hermite curve through its ends with the sine's slopes there (a
        Bezier's inner points at a third of the quarter along the tangents): within 0.3 % of
        the sine, and 4 curve segments per motif instead of a polyline of many points.
        """
        quarter = step / 4
        k = 2 * math.pi / step

        def point(x):
            return x, mid + amp * math.sin(k * x + phase)

        def slope(x):
            return amp * k * math.cos(k * x + phase)

        path = canvas.beginPath()
        path.moveTo(*point(0.0))
        for i in range(4 * count):
            x0, x1 = i * quarter, (i + 1) * quarter
            (_, y0), (_, y1) = point(x0), point(x1)
            third = quarter / 3
            path.curveTo(x0 + third, y0 + slope(x0) * third, x1 - third, y1 - slope(x1) * third,
                         x1, y1)
        canvas.saveState()
        canvas.drawPath(path, **ctx.paint(canvas, None, self.color, self.width))
        canvas.restoreState()

    def _diamonds(self, canvas, ctx, count, step, length, thick) -> None:
        mid = thick / 2
        self._rule(canvas, ctx, mid, length)
        half = min(step * 0.3, thick / 2 - self.width)
        for i in range(count):
            cx = (i + 0.5) * step
            polygon(canvas, ctx, [(cx - half * 1.4, mid), (cx, mid + half), (cx + half * 1.4, mid),
                                  (cx, mid - half)],
                    self.fill if self.fill is not None else (1, 1, 1), self.color, self.width)

    def _pennants(self, canvas, ctx, count, step, length, thick) -> None:
        top = thick - self.width / 2
        for i in range(count):
            x0 = i * step + step * 0.08
            polygon(canvas, ctx, [(x0, top), (x0 + step * 0.84, top),
                                  (x0 + step * 0.42, self.width)],
                    self.fill if self.fill is not None else self.color, self.color, self.width)
        self._rule(canvas, ctx, top, length)
