"""``box``: a rectangle with fill, stroke and rounded corners, optionally ruled for writing."""

from typing import Literal

from . import register
from .base import Color, Element, Length


@register
class Box(Element):
    """A filled and/or stroked rectangle; ``radius`` rounds its corners."""

    type: Literal["box"] = "box"
    fill: Color = "none"
    stroke: Color = "none"
    stroke_width: Length = "0.3mm"
    radius: Length = 0.0
    dash: list[float] | None = None
    ruled: Length | None = None
    rule_color: Color = "gray"

    field_docs = {
        "ruled": "Ruled writing lines across the box, this far apart (length), as many as fit "
                 "from the top down (a notes space of any height); drawn at stroke_width.",
        "rule_color": "Colour of the ruled lines.",
    }
    doc = ("Rectangle with optional fill, stroke, dash pattern (pt) and rounded corners; ruled: "
           "ruled writing lines inside it.")
    sample = {"type": "box", "x": "2mm", "y": "2mm", "w": "20mm", "h": "10mm",
              "fill": "parchment", "stroke": "ink", "radius": "2mm"}

    def draw(self, canvas, ctx) -> None:
        """Paint the rectangle."""
        if self.fill is None and self.stroke is None and not self.ruled:
            return
        canvas.saveState()
        paint = ctx.paint(canvas, self.fill, self.stroke, self.stroke_width)
        if self.stroke is not None and self.dash:
            canvas.setDash(self.dash)
        args = (self.x, self.bottom(ctx), self.w, self.h)
        if self.radius:
            canvas.roundRect(*args, self.radius, **paint)
        else:
            canvas.rect(*args, **paint)
        if self.ruled and self.rule_color is not None:
            ctx.paint(canvas, None, self.rule_color, self.stroke_width)
            canvas.setDash([])
            bottom = self.bottom(ctx)
            for k in range(1, int(self.h / self.ruled + 1e-6) + 1):
                y = bottom + self.h - k * self.ruled
                canvas.line(self.x, y, self.x + self.w, y)
        canvas.restoreState()
