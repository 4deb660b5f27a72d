"""``hex_cluster``: hex cells at axial coordinates, outlined as one region (Harbor, Great Hall).

Each cell is an outer hexagon, optionally an inner one (Roll & Raid fills the inner hexagon when
a product is stored and crosses out the outer one when it is spent), and may hold an icon, a
number, a shade, or be a Fate die: a hex slot of the grid (shaded, outlined with the region) with
the die face inside, so "next to the Fate die" reads on the grid.
"""


from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from . import register
from .base import Color, Element, IconName, Length
from ...base.units import mm
from ..hexgrid import SQRT3, hexagon
from .sheet_common import die, icon_at, label, polygon, proportional_size


class HexCell(BaseModel):
    """One cell: ``at: [q, r]`` and what it holds."""

    model_config = ConfigDict(extra="forbid", validate_default=True)

    at: tuple[int, int]
    icon: IconName | None = None
    text: str | None = None
    die: int | None = None
    shade: Color = "none"
    icon_color: Color = "gray"

    @field_validator("die")
    @classmethod
    def _die(cls, value):
        if value is not None and not 1 <= value <= 6:
            raise ValueError(f"a die face shows 1 to 6 pips, got {value}")
        return value


@register
class HexCluster(Element):
    """Hexes at axial (q, r) coordinates from ``origin``; region outline around the hexes."""

    type: Literal["hex_cluster"] = "hex_cluster"
    size: Length = "4mm"
    origin: tuple[Length, Length] = ("5mm", "5mm")
    runs: list[tuple[int, int, int]] = []
    cells: list[HexCell] = []
    inner: float = 0.0
    stroke: Color = "ink"
    fill: Color = "white"
    outline: Color = "ink"
    outline_width: Length = "0.6mm"
    line_width: Length = "0.25mm"

    field_docs = {
        'cells': ('Hexes by axial [q, r], each {at: [q, r], icon, text, die (1-6 pips), shade, '
                  'icon_color}; they overlay the runs.'),
        'size': (
            "Hex size from centre to corner (length). (hex_board's hex_size is across the flats "
            "instead.)"),
        'origin': "Where axial (0, 0) sits, as [x, y] from the box's top-left (lengths).",
        'runs': 'Rows of cells as [q, r, n]: n cells starting at (q, r) along q.',
        'inner': (
            'Draw an inner hexagon in each hex at this fraction (0-1) of its size; 0 draws none.'),
    }
    doc = ("Hex cells (pointy-top) at axial coordinates [q, r]; (0, 0) sits at origin (from the "
           "box's top-left). runs: [q, r, n] adds n cells along q. Cells may carry icon, text, "
           "shade or die (1-6: a die face with that many pips drawn inside the hex). "
           "inner (0-1) draws an inner hexagon in each hex. The region outline follows the "
           "cluster's outer edge.")
    sample = {"type": "hex_cluster", "x": "5mm", "y": "5mm", "w": "60mm", "h": "30mm",
              "size": "4mm", "origin": ["6mm", "6mm"], "runs": [[0, 0, 5], [0, 1, 4]],
              "inner": 0.6, "cells": [{"at": [0, 0], "icon": "ship"}, {"at": [5, 0], "die": 3},
                                      {"at": [1, 1], "text": "2"}]}

    @model_validator(mode="after")
    def _inside(self):
        for cell in self.all_cells():
            cx, cy = self.centre(*cell.at)
            r = self.size
            if (cx - r * SQRT3 / 2 < -0.5 or cx + r * SQRT3 / 2 > self.w + 0.5
                    or cy - r < -0.5 or cy + r > self.h + 0.5):
                raise ValueError(f"hex {list(cell.at)} lies outside the region box "
                                 f"({mm(self.w):.0f} x {mm(self.h):.0f} mm); move the "
                                 "origin, shrink size or enlarge w/h")
        if not 0 <= self.inner < 1:
            raise ValueError("inner is the inner hexagon's share of the hex, 0 to 0.95")
        return self

    def all_cells(self) -> list[HexCell]:
        """Return the run cells overlaid by the explicit cells, in a stable order."""
        found: dict[tuple[int, int], HexCell] = {}
        for q, r, n in self.runs:
            for i in range(n):
                found[(q + i, r)] = HexCell(at=(q + i, r))
        for cell in self.cells:
            found[tuple(cell.at)] = cell
        return list(found.values())

    def centre(self, q: int, r: int) -> tuple[float, float]:
        """Return the centre of hex (q, r) in box coordinates (y down from the box's top)."""
        return (self.origin[0] + self.size * SQRT3 * (q + r / 2),
                self.origin[1] + self.size * 1.5 * r)

    def icons(self) -> set[str]:
        """Return the icons inside cells."""
        return {c.icon for c in self.cells if c.icon}

    def draw(self, canvas, ctx) -> None:
        """Paint the hexes, their contents, then the region outline."""
        cells = self.all_cells()
        top = ctx.height - self.y
        hexes = set()
        for cell in cells:
            bx, by = self.centre(*cell.at)
            cx, cy = self.x + bx, top - by
            hexes.add(tuple(cell.at))
            polygon(canvas, ctx, hexagon(cx, cy, self.size), cell.shade or self.fill,
                    self.stroke, self.line_width)
            if cell.die:
                die(canvas, ctx, cx, cy, self.size * 0.95, cell.die, width=self.line_width)
                continue
            if self.inner:
                polygon(canvas, ctx, hexagon(cx, cy, self.size * self.inner), None, self.stroke,
                        self.line_width * 0.8)
            if cell.icon:
                icon_at(canvas, ctx, cell.icon, cx, cy, self.size * (self.inner or 0.9) * 1.1,
                        cell.icon_color)
            if cell.text:
                label(canvas, ctx, cell.text, cx, cy, proportional_size(self.size * 0.8),
                      bold=True)
        if self.outline is not None:
            self._outline(canvas, ctx, hexes, top)

    def _outline(self, canvas, ctx, hexes: set, top: float) -> None:
        """Stroke every hex edge not shared with another hex of the cluster."""
        # neighbour directions of a pointy hex, in the order of its corners' edges (30 deg steps)
        dirs = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
        canvas.saveState()
        ctx.stroke(canvas, self.outline)
        canvas.setLineWidth(self.outline_width)
        canvas.setLineCap(1)
        for q, r in sorted(hexes):
            bx, by = self.centre(q, r)
            pts = hexagon(self.x + bx, top - by, self.size)
            for i, (dq, dr) in enumerate(dirs):
                if (q + dq, r + dr) not in hexes:
                    # edge between corners at -30+60i and 30+60i deg, in y-down terms
                    a, b = pts[(6 - i) % 6], pts[(5 - i) % 6]
                    canvas.line(*a, *b)
        canvas.restoreState()
