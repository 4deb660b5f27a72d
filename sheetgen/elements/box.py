"""``box``: a rectangle with fill, stroke and rounded corners."""

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

    doc = "Rectangle with optional fill, stroke, dash pattern (pt) and rounded corners."
    sample = {"type": "box", "x": "2mm", "y": "2mm", "w": "20mm", "h": "10mm",
              "fill": "parchment", "stroke": "ink", "radius": "2mm"}

    def draw(self, canvas, ctx) -> None:
        """Paint the rectangle."""
        if self.fill is None and self.stroke is None:
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
        canvas.restoreState()
