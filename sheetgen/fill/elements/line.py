"""``line``: a straight line from (x, y) to (x + w, y + h)."""

from typing import Literal

from . import register
from .base import Color, Element, Length


@register
class Line(Element):
    """A straight line from the box's top-left corner to its bottom-right corner."""

    type: Literal["line"] = "line"
    h: Length = 0.0
    color: Color = "ink"
    width: Length = "0.3mm"
    dash: list[float] | None = None

    field_docs = {
        'width': 'Line width (length).',
    }
    doc = "Straight line from (x, y) to (x+w, y+h); h: 0 gives a horizontal rule."
    sample = {"type": "line", "x": "5mm", "y": "20mm", "w": "50mm", "h": 0, "color": "gold"}

    def draw(self, canvas, ctx) -> None:
        """Paint the line."""
        canvas.saveState()
        ctx.stroke(canvas, self.color)
        canvas.setLineWidth(self.width)
        if self.dash:
            canvas.setDash(self.dash)
        top = ctx.height - self.y
        canvas.line(self.x, top, self.x + self.w, top - self.h)
        canvas.restoreState()
