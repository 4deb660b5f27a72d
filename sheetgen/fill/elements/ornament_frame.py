"""``ornament_frame``: a decorative border band inside a box, with knotwork corners.

The band lies between an outer and an inner rule ``band`` apart; a motif repeats along it
(``chain`` of interlocking rings, ``zigzag`` wolf-teeth, ``dots`` or ``none``) and each corner
carries a square knot. Everything is vector, drawn in one colour.
"""


import math
from typing import Literal

from . import register
from .base import Color, Element, Length
from .sheet_common import MIN_LINE


@register
class OrnamentFrame(Element):
    """A double-ruled frame with a repeating motif and knotted corners."""

    type: Literal["ornament_frame"] = "ornament_frame"
    color: Color = "gold"
    band: Length = "3mm"
    motif: Literal["chain", "zigzag", "dots", "none"] = "chain"
    corners: bool = True
    line_width: Length = "0.35mm"
    background: Color = "none"

    doc = ("A decorative frame just inside the box: two rules band apart with a repeating motif "
           "between them (chain, zigzag, dots or none) and a knot in each corner; background "
           "fills the band first.")
    field_docs = {
        "color": "Colour of the rules, motif and knots.",
        "band": "Width of the border band between the outer and inner rule (length).",
        "motif": "What repeats along the band: chain, zigzag, dots or none.",
        "corners": "Draw a square knot in each corner.",
        "background": "Fill of the band (under the motif), or none.",
    }
    sample = {"type": "ornament_frame", "x": "2mm", "y": "2mm", "w": "40mm", "h": "56mm",
              "color": "gold", "band": "3mm", "motif": "chain"}

    def draw(self, canvas, ctx) -> None:
        """Paint the band, rules, motif and corners."""
        if self.color is None:
            return
        x0, y0, b = self.x, self.bottom(ctx), self.band
        x1, y1 = x0 + self.w, y0 + self.h
        lw = max(self.line_width, MIN_LINE)
        canvas.saveState()
        if self.background is not None:
            # four strips, not an even-odd ring: the print checks see the band's real area
            ctx.fill(canvas, self.background)
            for rect in ((x0, y0, self.w, b), (x0, y1 - b, self.w, b),
                         (x0, y0 + b, b, self.h - 2 * b), (x1 - b, y0 + b, b, self.h - 2 * b)):
                canvas.rect(*rect, stroke=0, fill=1)
        ctx.stroke(canvas, self.color)
        ctx.fill(canvas, self.color)
        canvas.setLineWidth(lw * 1.6)
        canvas.rect(x0, y0, self.w, self.h, stroke=1, fill=0)
        canvas.setLineWidth(lw)
        canvas.rect(x0 + b, y0 + b, self.w - 2 * b, self.h - 2 * b, stroke=1, fill=0)
        corner = b if self.corners else 0.0
        for (ax, ay), (bx, by) in (((x0 + corner, y0 + b / 2), (x1 - corner, y0 + b / 2)),
                                   ((x0 + corner, y1 - b / 2), (x1 - corner, y1 - b / 2)),
                                   ((x0 + b / 2, y0 + corner), (x0 + b / 2, y1 - corner)),
                                   ((x1 - b / 2, y0 + corner), (x1 - b / 2, y1 - corner))):
            self._run(canvas, ax, ay, bx, by, b, lw)
        if self.corners:
            for cx, cy in ((x0, y0), (x1 - b, y0), (x0, y1 - b), (x1 - b, y1 - b)):
                self._knot(canvas, cx, cy, b, lw)
        canvas.restoreState()

    def _run(self, canvas, ax, ay, bx, by, b, lw) -> None:
        """Repeat the motif from (ax, ay) to (bx, by) along the middle of the band."""
        length = math.hypot(bx - ax, by - ay)
        if self.motif == "none" or length < b:
            return
        count = max(1, round(length / (b * 1.2)))
        step = length / count
        ux, uy = (bx - ax) / length, (by - ay) / length
        nx, ny = -uy, ux
        r = b * 0.32
        for i in range(count):
            cx, cy = ax + ux * step * (i + 0.5), ay + uy * step * (i + 0.5)
            if self.motif == "chain":
                canvas.ellipse(cx - step * 0.62 * abs(ux) - r * abs(uy),
                               cy - step * 0.62 * abs(uy) - r * abs(ux),
                               cx + step * 0.62 * abs(ux) + r * abs(uy),
                               cy + step * 0.62 * abs(uy) + r * abs(ux), stroke=1, fill=0)
            elif self.motif == "dots":
                canvas.circle(cx, cy, r * 0.55, stroke=0, fill=1)
            else:
                path = canvas.beginPath()
                sx, sy = cx - ux * step / 2, cy - uy * step / 2
                path.moveTo(sx + nx * r, sy + ny * r)
                path.lineTo(cx - nx * r, cy - ny * r)
                path.lineTo(sx + ux * step + nx * r, sy + uy * step + ny * r)
                canvas.drawPath(path, stroke=1, fill=0)

    def _knot(self, canvas, x, y, b, lw) -> None:
        """A square knot in the corner cell at (x, y), b points square: two crossed loops."""
        canvas.rect(x, y, b, b, stroke=1, fill=0)
        m = b * 0.2
        canvas.ellipse(x + m, y + b * 0.3, x + b - m, y + b * 0.7, stroke=1, fill=0)
        canvas.ellipse(x + b * 0.3, y + m, x + b * 0.7, y + b - m, stroke=1, fill=0)
        canvas.circle(x + b / 2, y + b / 2, b * 0.09, stroke=0, fill=1)
