"""``icon``: a named SVG icon from ``templates/icons/``, fitted and centred in its box."""

from typing import Literal

from . import register
from .base import Color, Element, IconName


@register
class Icon(Element):
    """An icon, square, as large as fits the box, centred in it."""

    type: Literal["icon"] = "icon"
    icon: IconName
    color: Color = "ink"
    rotate: Literal[0, 90, 180, 270] = 0

    field_docs = {"rotate": "Turn the icon clockwise by 90, 180 or 270 degrees."}
    doc = ("A named icon (templates/icons/<name>.svg) fitted and centred in its box; `rotate` "
           "turns it clockwise by 90, 180 or 270 degrees (a folded standee's back panel).")
    sample = {"type": "icon", "icon": "viking", "x": "5mm", "y": "5mm", "w": "8mm", "h": "8mm"}

    def draw(self, canvas, ctx) -> None:
        """Paint the icon."""
        size = min(self.w, self.h)
        x = self.x + (self.w - size) / 2
        y = self.bottom(ctx) + (self.h - size) / 2
        canvas.saveState()
        ctx.fill(canvas, self.color, is_fill=False)
        if self.rotate:
            canvas.translate(x + size / 2, y + size / 2)
            canvas.rotate(-self.rotate)
            x = y = -size / 2
        ctx.icons.draw(canvas, self.icon, x, y, size)
        canvas.restoreState()
