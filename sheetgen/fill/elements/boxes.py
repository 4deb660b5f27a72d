"""Write-in elements: ``write_in`` (a labelled box or score line) and ``check_boxes`` (a row of
marks to cross off: upgrade uses, penalties, Fate dice, die spaces)."""


from typing import Literal

from pydantic import ValidationInfo, field_validator, model_validator

from . import register
from .base import Color, Count, Element, FontFamily, FontSize, IconName, Length
from ...base.units import mm
from .sheet_common import (check_icon, die, icon_at, icon_of, label, pen, proportional_size,
                           shape)


@register
class WriteIn(Element):
    """A label (optionally after an icon) and a box or rule to write a value in."""

    type: Literal["write_in"] = "write_in"
    label: str = ""
    icon: IconName | None = None
    label_width: Length | None = None
    style: Literal["box", "line", "total", "none"] = "box"
    prefix: str = ""
    size: FontSize = 9.0
    font: FontFamily = "body"
    bold: bool = True
    stroke: Color = "ink"
    fill: Color = "white"
    line_width: Length = "0.3mm"
    icon_color: Color = "dark-gray"

    field_docs = {
        'label_width': ("Width of the label column (length), the icon included: write-ins "
                        "with the same label_width start their boxes at the same x, with or "
                        "without an icon; default: the icon and the label's own width."),
        'style': (
            'What follows the label: box (a write-in box), line (a rule), total (a heavy double '
            'box) or none.'),
        'prefix': ("Text printed between the label and the box, e.g. '=' or '-'; with "
                   "label_width it sits at the end of the label column, so the box lines up "
                   "with those of write-ins without a prefix."),
    }
    doc = ("A labelled write-in space: label (and icon) on the left, then a box (style: box), "
           "a rule (line), a heavy double box (total) or nothing (none: a label). "
           "label_width fixes the label column; "
           "prefix prints before the box (e.g. '=' or '-').")
    sample = {"type": "write_in", "x": "5mm", "y": "5mm", "w": "50mm", "h": "7mm",
              "label": "God points", "icon": "valhalla", "prefix": "="}

    def draw(self, canvas, ctx) -> None:
        """Paint icon, label, prefix and the write-in space."""
        cy = ctx.height - self.y - self.h / 2
        x = self.x
        if self.icon:
            icon_at(canvas, ctx, self.icon, x + self.h * 0.45, cy, self.h * 0.85, self.icon_color)
            x += self.h
        name = ctx.fonts.font_name(self.font, self.bold)
        icon_room = self.h if self.icon else 0.0
        # a fixed label column holds the icon at its start and the prefix at its end: boxes
        # under one another line up whether or not they carry an icon or a prefix
        lw = max(self.label_width - icon_room, 0) if self.label_width is not None else (
            ctx.fonts.width(self.label, name, self.size) + self.size * 0.5 if self.label else 0)
        inside = self.size * 0.8 if self.prefix and self.label_width is not None else 0.0
        label(canvas, ctx, self.label, x, cy, self.size, bold=self.bold, font=self.font,
              align="left", max_width=max(lw - inside - self.size * 0.3, 1))
        x = self.x + icon_room + lw - inside
        if self.prefix:
            label(canvas, ctx, self.prefix, x + self.size * 0.35, cy, self.size, bold=True)
            x += self.size * 0.8
        right = self.x + self.w
        if self.style == "none":
            return
        canvas.saveState()
        ctx.stroke(canvas, pen(self.stroke))
        canvas.setLineWidth(self.line_width)
        bottom = ctx.height - self.y - self.h
        if self.style == "line":
            canvas.line(x, bottom + self.h * 0.15, right, bottom + self.h * 0.15)
        else:
            if self.fill is not None:
                ctx.fill(canvas, self.fill)
            canvas.roundRect(x, bottom, right - x, self.h, self.h * 0.12, stroke=1,
                             fill=int(self.fill is not None))
            if self.style == "total":
                canvas.setLineWidth(self.line_width * 2.5)
                inset = self.h * 0.1
                canvas.roundRect(x - inset, bottom - inset, right - x + 2 * inset,
                                 self.h + 2 * inset, self.h * 0.15, stroke=1, fill=0)
        canvas.restoreState()


@register
class CheckBoxes(Element):
    """``count`` marks in a row (or column): squares, circles, hexes, triangles or dice."""

    type: Literal["check_boxes"] = "check_boxes"
    count: Count | None = None
    labels: list[str | int] = []
    shape: Literal["square", "circle", "hex", "triangle", "die"] = "square"
    dice: list[int | None] = []
    size: Length = "4mm"
    gap: Length = "1.2mm"
    direction: Literal["right", "down"] = "right"
    icon: IconName | None = None
    stroke: Color = "ink"
    fill: Color = "white"
    line_width: Length = "0.25mm"
    text_size: FontSize | None = None
    icon_color: Color = "gray"

    field_docs = {
        'count': 'Number of marks (or give labels or dice instead).',
        'size': 'Side of each mark (length); labels inside are 45% of it (at least '
                '9.5 pt) unless text_size.',
        'labels': 'One mark per entry, with this text or :icon: inside.',
        'shape': 'Shape of each mark; die draws a die space (pips from dice).',
        'dice': (
            'With shape die: one die space per entry, a number 1-6 draws its pips, null an empty '
            'space.'),
    }
    doc = ("A row (direction: right) or column (down) of marks to cross off: count marks, or one "
           "per labels entry (text or :icon: inside) or per dice entry (shape: die; a number "
           "draws the pips, null an empty die space). icon draws a faint icon in every mark.")
    sample = {"type": "check_boxes", "x": "5mm", "y": "5mm", "w": "40mm", "h": "6mm",
              "labels": ["-1", "-3", "-5"], "shape": "circle", "size": "5mm"}

    @field_validator("labels")
    @classmethod
    def _label_icons(cls, value, info: ValidationInfo):
        for text in value:
            check_icon(icon_of(text), info)
        return value

    @model_validator(mode="after")
    def _fits(self):
        n = self.total()
        if n < 1:
            raise ValueError("check_boxes needs count, labels or dice")
        if any(v is not None and not 1 <= v <= 6 for v in self.dice):
            raise ValueError("dice values are 1 to 6 (or null for an empty die space)")
        length = n * self.size + (n - 1) * self.gap
        room = self.w if self.direction == "right" else self.h
        if length > room + 0.5:
            raise ValueError(f"{n} marks of {mm(self.size):.1f} mm do not fit the box; "
                             "shrink size or gap, or enlarge the box")
        return self

    def total(self) -> int:
        """Return how many marks are drawn."""
        return self.count or len(self.labels) or len(self.dice)

    def icons(self) -> set[str]:
        """Return the faint icon and any icon labels."""
        found = {icon_of(t) for t in self.labels if icon_of(t)}
        return found | super().icons()

    def draw(self, canvas, ctx) -> None:
        """Paint each mark with its label, pips or icon."""
        top = ctx.height - self.y
        for i in range(self.total()):
            offset = i * (self.size + self.gap) + self.size / 2
            if self.direction == "right":
                cx, cy = self.x + offset, top - self.h / 2
            else:
                cx, cy = self.x + self.w / 2, top - offset
            if self.shape == "die":
                value = self.dice[i] if i < len(self.dice) else None
                die(canvas, ctx, cx, cy, self.size, value, self.fill, self.stroke, self.line_width)
            else:
                shape(canvas, ctx, self.shape, cx, cy, self.size, self.fill, self.stroke,
                      self.line_width)
            if self.icon:
                icon_at(canvas, ctx, self.icon, cx, cy, self.size * 0.7, self.icon_color)
            if i < len(self.labels):
                label(canvas, ctx, self.labels[i], cx, cy,
                      self.text_size or proportional_size(self.size * 0.45),
                      bold=True, max_width=self.size * 0.9)
