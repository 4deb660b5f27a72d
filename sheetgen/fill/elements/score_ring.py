"""``score_ring``: a numbered score track running clockwise around the edge of a box.

``count`` spaces (even) start at the top-left corner; the corners are square, the spaces
between them share each edge evenly. Every ``accent_every``-th space is filled with ``accent``
so players count in fives or tens.
"""


from typing import Literal

from pydantic import model_validator

from . import register
from .base import Color, Count, Element, FontSize, Length
from .sheet_common import label
from .sheet_common import MIN_LINE


@register
class ScoreRing(Element):
    """A score track around the box's edge, ``depth`` deep, numbered from ``start``."""

    type: Literal["score_ring"] = "score_ring"
    count: Count = 100
    start: int = 0
    depth: Length = "15mm"
    fill: Color = "white"
    accent: Color = "light-gray"
    accent_every: Count = 5
    stroke: Color = "ink"
    text_color: Color = "ink"
    text_size: FontSize = 10.0
    line_width: Length = "0.35mm"

    doc = ("A numbered score track around the edge of the box, depth deep, count spaces "
           "(even) clockwise from the top-left corner, numbered from start; every "
           "accent_every-th space is filled with accent.")
    field_docs = {
        "count": "Number of spaces (even, 8 or more).",
        "start": "Number of the first space (top-left corner).",
        "depth": "Depth of the ring from the box's edge inwards (length).",
        "fill": "Fill of the spaces.",
        "accent": "Fill of every accent_every-th space.",
        "accent_every": "Which spaces get the accent fill (by their number); 0 for none.",
        "stroke": "Outline colour of the spaces.",
        "text_color": "Colour of the numbers.",
    }
    sample = {"type": "score_ring", "x": "2mm", "y": "2mm", "w": "120mm", "h": "80mm",
              "count": 40, "depth": "8mm", "text_size": 7}

    @model_validator(mode="after")
    def _shape(self):
        if self.count < 8 or self.count % 2:
            raise ValueError("count must be even and at least 8")
        cols, rows = self.sides()
        if min(cols, rows) < 3 or self.depth * 2 >= min(self.w, self.h):
            raise ValueError("the box is too small for this many spaces at this depth")
        return self

    def sides(self) -> tuple[int, int]:
        """Return the spaces on the top edge and on the left edge, corners included."""
        half = self.count // 2
        across = max(2, min(half - 2, round(half * self.w / (self.w + self.h))))
        return across + 1, half - across + 1

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """Return each space's (x, y, w, h) from the box's top-left, in track order."""
        cols, rows = self.sides()
        d = self.depth
        sw = (self.w - 2 * d) / (cols - 2)
        sh = (self.h - 2 * d) / (rows - 2)
        top = [(0.0, 0.0, d, d)] + [(d + i * sw, 0.0, sw, d) for i in range(cols - 2)]
        right = [(self.w - d, 0.0, d, d)] + [(self.w - d, d + i * sh, d, sh)
                                             for i in range(rows - 2)]
        bottom = [(self.w - d, self.h - d, d, d)] + [(self.w - d - (i + 1) * sw, self.h - d,
                                                      sw, d) for i in range(cols - 2)]
        left = [(0.0, self.h - d, d, d)] + [(0.0, self.h - d - (i + 1) * sh, d, sh)
                                            for i in range(rows - 2)]
        return top + right + bottom + left

    def draw(self, canvas, ctx) -> None:
        """Paint every space and its number."""
        top = ctx.height - self.y
        for index, (bx, by, bw, bh) in enumerate(self.boxes()):
            value = self.start + index
            fill = self.accent if self.accent_every and value % self.accent_every == 0 \
                else self.fill
            x, y = self.x + bx, top - by - bh
            canvas.saveState()
            canvas.rect(x, y, bw, bh, **ctx.paint(canvas, fill, self.stroke,
                                                   max(self.line_width, MIN_LINE)))
            canvas.restoreState()
            label(canvas, ctx, str(value), x + bw / 2, y + bh / 2, self.text_size,
                  self.text_color, bold=True)
