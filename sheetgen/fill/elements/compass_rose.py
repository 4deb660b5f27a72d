"""``compass_rose``: a map's compass, its points named, centred in its box.

Four long points (north, east, south, west) and optionally four short diagonal ones, each
point split along its spine into a filled and a light half (the engraved look of printed
maps), inside a ring; the letters sit beyond the points. ``rotate`` turns the whole rose
(clockwise, degrees), for a map whose north is not up.
"""


import math
from typing import Literal

from pydantic import Field

from . import register
from .base import Color, Element, FontSize, Length
from .sheet_common import label
from .sheet_common import MIN_LINE


COMPASS = ("N", "E", "S", "W")  # the default labels, clockwise from the top (page chrome)


@register
class CompassRose(Element):
    """A compass rose with named points, as large as its box allows."""

    type: Literal["compass_rose"] = "compass_rose"
    color: Color = "ink"
    fill: Color = "parchment"
    points: Literal[4, 8] = 8
    labels: list[str] | None = Field(None, min_length=4, max_length=4)
    text_size: FontSize = 10.0
    text_color: Color = "ink"
    rotate: float = 0.0
    line_width: Length = "0.35mm"

    doc = ("A compass rose centred in the box: four long points (and four short diagonal ones "
           "with points: 8), each half filled in color and half in fill, a ring, and labels "
           "(N, E, S, W) beyond the points; rotate turns it clockwise.")
    field_docs = {
        "color": "Colour of the points' dark halves, their outlines and the ring.",
        "fill": "Colour of the points' light halves.",
        "points": "4 (the cardinal points) or 8 (with short diagonal points).",
        "labels": "The four names, clockwise from the top. Default: N, E, S, W in the "
                  "edition's language (page chrome: O for West in Spanish, O for East in "
                  "German).",
        "text_color": "Colour of the labels.",
        "rotate": "Clockwise turn of the rose in degrees (0: the first label at the top).",
    }
    sample = {"type": "compass_rose", "x": "5mm", "y": "5mm", "w": "30mm", "h": "30mm",
              "labels": ["N", "E", "S", "W"]}

    def radius(self, wider: float = 0.0) -> float:
        """Return the length of a long point: the box's half-size less room for the labels
        (``wider``: how much more room the widest label beside the rose needs than one
        letter, e.g. a translated "Oeste")."""
        room = self.text_size * 1.1
        return max(1.0, min(self.w / 2 - room - wider, self.h / 2 - room))

    def _names(self) -> list[str]:
        """Return the four labels: as written, else N, E, S, W in the edition's language."""
        if self.labels:
            return list(self.labels)
        from ...load.chrome import chrome  # page chrome, like a footer's words

        return [chrome(name) for name in COMPASS]

    def _beyond_a_letter(self, ctx, text: str) -> float:
        """Return how much more room than the widest of N, E, S, W a label needs beside the
        rose (half the difference of the widths; 0 for one letter): a longer label is set
        further out so it clears the point."""
        name = ctx.fonts.font_name("title", True)
        widest = max(ctx.fonts.width(letter, name, self.text_size) for letter in COMPASS)
        return max(0.0, ctx.fonts.width(text, name, self.text_size) - widest) / 2

    def draw(self, canvas, ctx) -> None:
        """Paint the ring, the short points, the long points, then the labels."""
        cx, cy = self.x + self.w / 2, ctx.height - self.y - self.h / 2
        names = self._names()
        extra = [self._beyond_a_letter(ctx, text) for text in names]
        r = self.radius(max(extra))
        lw = max(self.line_width, MIN_LINE)
        canvas.saveState()
        canvas.setLineJoin(1)
        canvas.setLineWidth(lw)
        ctx.stroke(canvas, self.color)
        canvas.circle(cx, cy, r * 0.62, stroke=1, fill=0)
        canvas.circle(cx, cy, r * 0.55, stroke=1, fill=0)
        if self.points == 8:
            for k in range(4):
                self._point(canvas, ctx, cx, cy, 45 + 90 * k, r * 0.6, r * 0.12)
        for k in range(4):
            self._point(canvas, ctx, cx, cy, 90 * k, r, r * 0.16)
        canvas.restoreState()
        for k, text in enumerate(names):
            angle = math.radians(self.rotate + 90 * k)
            far = r + self.text_size * 0.62 + extra[k] * abs(math.sin(angle))
            label(canvas, ctx, text, cx + math.sin(angle) * far, cy + math.cos(angle) * far,
                  self.text_size, self.text_color, bold=True, font="title")

    def _point(self, canvas, ctx, cx, cy, bearing, length, half_width) -> None:
        """One point at ``bearing`` (degrees clockwise from up): a dark and a light half."""
        angle = math.radians(self.rotate + bearing)
        ux, uy = math.sin(angle), math.cos(angle)
        nx, ny = uy, -ux
        tip = (cx + ux * length, cy + uy * length)
        for side, colour in ((1, self.color), (-1, self.fill)):
            path = canvas.beginPath()
            path.moveTo(cx, cy)
            path.lineTo(*tip)
            path.lineTo(cx + side * nx * half_width, cy + side * ny * half_width)
            path.close()
            canvas.drawPath(path, **ctx.paint(canvas, colour, self.color,
                                              max(self.line_width, MIN_LINE)))
