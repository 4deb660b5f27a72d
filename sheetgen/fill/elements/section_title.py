"""``section_title``: a region's heading, a coloured band or an underlined title with an icon."""


from typing import Literal

from ...base.units import MM
from . import register
from .base import Color, Element, FontFamily, FontSize, IconName, Length
from .sheet_common import icon_at, label, readable


@register
class SectionTitle(Element):
    """A heading filling the box: ``band`` (text on a fill) or ``rule`` (text over a line)."""

    type: Literal["section_title"] = "section_title"
    text: str
    icon: IconName | None = None
    style: Literal["band", "rule", "plain"] = "band"
    fill: Color = "ink"
    color: Color | None = None
    font: FontFamily = "title"
    size: FontSize | None = None
    align: Literal["left", "center"] = "left"
    line_width: Length = "0.4mm"
    frame: Length | None = None
    note: str = ""
    note_size: FontSize | None = None

    field_docs = {
        'text': 'The title.',
        'style': 'band (text on a coloured band), rule (text over a line) or plain.',
        'frame': (
            "Draw a rounded frame of this height (length, from the title's top) around the region"
            " below."),
        'note': "Smaller text at the title's right end.",
        'note_size': "Size in points of the note; default 72% of the title's size.",
    }
    doc = ("A region's title: style band (text on a coloured band), rule (text over a line) or "
           "plain; optional icon before the text. frame: draw a rounded frame of this height "
           "(from the title's top) around the region below. note: smaller text at the right end.")
    sample = {"type": "section_title", "x": "5mm", "y": "5mm", "w": "60mm", "h": "6mm",
              "text": "The Harbor", "icon": "ship", "frame": "30mm"}

    def draw(self, canvas, ctx) -> None:
        """Paint the frame, band or rule, icon and text."""
        top = ctx.height - self.y
        cy = top - self.h / 2
        band = self.style == "band"
        color = readable(ctx, self.color or ((1, 1, 1) if band else (0.14, 0.12, 0.13)))
        canvas.saveState()
        if self.frame:
            ctx.stroke(canvas, self.fill or (0.14, 0.12, 0.13))
            canvas.setLineWidth(self.line_width)
            canvas.roundRect(self.x, top - self.frame, self.w, self.frame, 1.5 * MM, 1, 0)
        if band and self.fill is not None:
            ctx.fill(canvas, self.fill)
            canvas.roundRect(self.x, top - self.h, self.w, self.h, 1.5 * MM, 0, 1)
        elif self.style == "rule":
            ctx.stroke(canvas, self.fill or (0.14, 0.12, 0.13))
            canvas.setLineWidth(self.line_width)
            canvas.line(self.x, top - self.h, self.x + self.w, top - self.h)
        canvas.restoreState()
        size = self.size or self.h * 0.6
        pad = self.h * 0.25 if band else 0
        x = self.x + pad
        if self.icon:
            icon_at(canvas, ctx, self.icon, x + self.h * 0.4, cy, self.h * 0.75, color)
            x += self.h * 0.9
        if self.note:
            label(canvas, ctx, self.note, self.x + self.w - pad, cy, self.note_size or size * 0.72,
                  color, align="right", max_width=self.w * 0.62)
        if self.align == "center":
            label(canvas, ctx, self.text, self.x + self.w / 2, cy, size, color, bold=True,
                  font=self.font, max_width=self.w - 2 * pad)
        else:
            label(canvas, ctx, self.text, x, cy, size, color, bold=True, font=self.font,
                  align="left", max_width=self.x + self.w - x - pad)
