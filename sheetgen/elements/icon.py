"""``icon``: a named icon or piece of colour art, fitted and centred in its box."""

import warnings
from typing import Literal

from . import register
from .base import Color, Element, IconName


class ArtWarning(UserWarning):
    """Part of an SVG cannot be drawn (a filter, a mask...) and is left out."""


@register
class Icon(Element):
    """An icon, square, as large as fits the box, centred in it."""

    type: Literal["icon"] = "icon"
    icon: IconName
    color: Color = "ink"
    rotate: Literal[0, 90, 180, 270] = 0

    field_docs = {"rotate": "Turn the icon clockwise by 90, 180 or 270 degrees."}
    doc = ("A named icon (templates/icons/<name>.svg, in `color`) or piece of colour art "
           "(templates/art/<set>/<name>.svg as `set/name`, in its own colours) fitted and "
           "centred in its box; `rotate` turns it clockwise by 90, 180 or 270 degrees (a "
           "folded standee's back panel).")
    sample = {"type": "icon", "icon": "viking", "x": "5mm", "y": "5mm", "w": "8mm", "h": "8mm"}

    def prepare(self, ctx) -> None:
        """Warn about what the SVG has that is not drawn (filters, masks...)."""
        for message in ctx.icons.warnings_of(self.icon):
            warnings.warn(message, ArtWarning, stacklevel=2)

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
