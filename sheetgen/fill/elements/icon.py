"""``icon``: a named icon or piece of colour art, fitted and centred in its box; repeated in a
row by a number (``repeat: appetite`` reads the item's field)."""

import warnings
from typing import ClassVar, Literal

from . import register
from .base import Color, Element, FaceWarning, FieldCount, IconName, Length
from ..icons import art_variant


class ArtWarning(FaceWarning):
    """Part of an SVG cannot be drawn (a filter, a mask...) and is left out."""


@register
class Icon(Element):
    """An icon, square, as large as fits the box, centred in it (or ``repeat`` in a row)."""

    type: Literal["icon"] = "icon"
    icon: IconName
    color: Color = "ink"
    rotate: Literal[0, 90, 180, 270] = 0
    repeat: FieldCount | None = None
    gap: Length = "0.5mm"
    tint: Color = "none"

    counts: ClassVar[tuple[str, ...]] = ("repeat",)
    field_docs = {"rotate": "Turn the icon clockwise by 90, 180 or 270 degrees.",
                  "gap": "Space between repeated icons (length).",
                  "tint": ("A colour the icon's colours are multiplied by (colour art, as on "
                           "image; a one-colour icon's color times it); none keeps them.")}
    doc = ("A named icon (templates/icons/<name>.svg, in `color`) or piece of colour art "
           "(templates/art/<set>/<name>.svg as `set/name`, in its own colours) fitted and "
           "centred in its box; `rotate` turns it clockwise by 90, 180 or 270 degrees (a "
           "folded standee's back panel); `repeat: N` (or an item field's name) draws N in a "
           "centred row, gap apart; `tint` multiplies its colours by a colour.")
    sample = {"type": "icon", "icon": "viking", "x": "5mm", "y": "5mm", "w": "8mm", "h": "8mm"}

    @property
    def drawn(self) -> str:
        """The name the icon is drawn by: tinted colour art is its own form."""
        return art_variant(self.icon, self.tint)

    def icons(self) -> set[str]:
        """Return the icon (its tinted form when tinted)."""
        return {self.drawn}

    def prepare(self, ctx) -> None:
        """Warn about what the SVG has that is not drawn (filters, masks...)."""
        for message in ctx.icons.warnings_of(self.icon):
            warnings.warn(message, ArtWarning, stacklevel=2)

    def content_width(self, ctx) -> float:
        """Return the width of the row at the box's height."""
        count = 1 if self.repeat is None else self.repeat
        return count * self.h + self.gap * max(count - 1, 0)

    def draw(self, canvas, ctx) -> None:
        """Paint the icon (or the row of repeated icons)."""
        count = 1 if self.repeat is None else self.repeat
        if count == 0:
            return
        size = min(self.h, (self.w - self.gap * (count - 1)) / count)
        row = count * size + self.gap * (count - 1)
        x = self.x + (self.w - row) / 2
        y = self.bottom(ctx) + (self.h - size) / 2
        canvas.saveState()
        colour = self.color
        if self.tint is not None and colour is not None and not ctx.icons.is_colour(self.icon):
            colour = tuple(a * b for a, b in zip(colour, self.tint))  # one colour: its color
        ctx.fill(canvas, colour, is_fill=False)
        if self.rotate:  # turned about the row's centre
            canvas.translate(x + row / 2, y + size / 2)
            canvas.rotate(-self.rotate)
            x, y = -row / 2, -size / 2
        for index in range(count):
            ctx.icons.draw(canvas, self.drawn, x + index * (size + self.gap), y, size)
        canvas.restoreState()
