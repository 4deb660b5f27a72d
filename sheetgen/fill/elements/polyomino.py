"""``polyomino``: a shape of unit squares (a God's pentomino) with its name and value."""


from typing import Literal

from pydantic import model_validator

from . import register
from .base import Color, Element, FontSize, Length
from ...base.units import mm
from .sheet_common import label, shape, pen


@register
class Polyomino(Element):
    """Cells ``[[col, row], ...]`` drawn centred in the box, label and value underneath."""

    type: Literal["polyomino"] = "polyomino"
    cells: list[tuple[int, int]]
    cell: Length = "4mm"
    label: str = ""
    value: str | int | None = None
    fill: Color = "#b9b9b9"
    stroke: Color = "ink"
    line_width: Length = "0.25mm"
    size: FontSize = 8.0
    value_shape: Literal["circle", "square", "none"] = "circle"

    field_docs = {
        'cells': 'The squares of the shape as [col, row] pairs (any offsets; it is centred).',
        'cell': 'Side of one square cell (length).',
        'value': (
            'The value printed in a circle (or square) beside the shape; null prints none.'),
        'value_shape': 'Shape drawn around the value: circle, square or none.',
    }
    doc = ("A polyomino from cell coordinates [col, row] (any offsets; it is centred in the box) "
           "with a label and a value in a circle (players circle it when claimed).")
    sample = {"type": "polyomino", "x": "5mm", "y": "5mm", "w": "25mm", "h": "25mm",
              "cells": [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]], "label": "WODEN", "value": 3}

    @model_validator(mode="after")
    def _check(self):
        if not self.cells:
            raise ValueError("a polyomino needs at least one cell")
        if len(set(self.cells)) != len(self.cells):
            raise ValueError("a polyomino lists the same cell twice")
        cols = max(c for c, _ in self.cells) - min(c for c, _ in self.cells) + 1
        rows = max(r for _, r in self.cells) - min(r for _, r in self.cells) + 1
        if cols * self.cell > self.w + 0.5 or rows * self.cell + self.size * 1.4 > self.h + 0.5:
            raise ValueError(f"a {cols} x {rows} polyomino of {mm(self.cell):.1f} mm cells "
                             "and its label do not fit the box; shrink cell or enlarge w/h")
        return self

    def draw(self, canvas, ctx) -> None:
        """Paint the squares, then the label and the value."""
        c0 = min(c for c, _ in self.cells)
        r0 = min(r for _, r in self.cells)
        cols = max(c for c, _ in self.cells) - c0 + 1
        rows = max(r for _, r in self.cells) - r0 + 1
        text_h = self.size * 1.4
        left = self.x + (self.w - cols * self.cell) / 2
        top = ctx.height - self.y - (self.h - text_h - rows * self.cell) / 2
        canvas.saveState()
        ctx.stroke(canvas, pen(self.stroke))
        canvas.setLineWidth(self.line_width)
        if self.fill is not None:
            ctx.fill(canvas, self.fill)
        for c, r in self.cells:
            canvas.rect(left + (c - c0) * self.cell, top - (r - r0 + 1) * self.cell, self.cell,
                        self.cell, stroke=1, fill=int(self.fill is not None))
        canvas.restoreState()
        baseline = ctx.height - self.y - self.h + text_h / 2
        text = self.label
        cx = self.x + self.w / 2
        if self.value is not None:
            vw = self.size * 1.3
            name_w = ctx.fonts.width(text, ctx.fonts.font_name("body", True), self.size)
            total = name_w + vw + self.size * 0.4 if text else vw
            vx = cx + total / 2 - vw / 2
            if text:
                label(canvas, ctx, text, cx - total / 2, baseline, self.size, bold=True,
                      align="left")
            if self.value_shape != "none":
                shape(canvas, ctx, self.value_shape, vx, baseline, vw, None, self.stroke,
                      self.line_width)
            label(canvas, ctx, self.value, vx, baseline, self.size, bold=True)
        else:
            label(canvas, ctx, text, cx, baseline, self.size, bold=True, max_width=self.w)
