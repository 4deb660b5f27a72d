"""``square_grid``: rows x columns of light and dark squares with icons, headers and labels.

Rolling Thunder's sectors are square grids: ``shades`` gives each row as a string (``.`` light,
``#`` dark), ``cells`` put Trolls, Warriors and Standing Stones on squares, ``coords`` prints the
small "column-row" label players read coordinates from (the rulebook's "2-1": column 2, row 1),
and ``trace`` draws a line through cells' centres to show a shape (the Valhalla V).
"""


from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from . import register
from .base import (Color, Count, Element, FontFamily, FontSize, IconName, Length, TextRole,
                   text_role)
from ..hexgrid import row_letters
from .sheet_common import icon_at, label, pen, proportional_size, readable


class GridCell(BaseModel):
    """One square: ``at: [column, row]`` (1-based) and its icon or text."""

    model_config = ConfigDict(extra="forbid", validate_default=True)

    at: tuple[int, int]
    icon: IconName | None = None
    text: str | None = None
    color: Color = "ink"
    fill: Color | None = Field(None, description="This square's fill, over the grid's light "
                               "or dark (e.g. a dark square in its sector's own shade).")
    hatch: Color | None = Field(None, description="Diagonal hatch lines over this square in "
                                "this colour (a dark square still reads on a faint printer).")


@register
class SquareGrid(Element):
    """A grid of square cells fitted in the box, with optional header band and labels."""

    type: Literal["square_grid"] = "square_grid"
    cols: Count
    rows: Count
    shades: list[str] = []
    cells: list[GridCell] = []
    light: Color = "white"
    dark: Color = "#b9b9b9"
    icon_scale: float = Field(0.78, ge=0.2, le=1.0, description="Size of the cells' icons as "
                              "a share of a cell (room round a figure for a pencil mark).")
    hatch_width: Length = "0.25mm"
    hatch_gap: Length = "1.8mm"
    stroke: Color = "ink"
    border: Color = "ink"
    border_width: Length = "0.7mm"
    line_width: Length = "0.2mm"
    sector: tuple[int, int] | None = None
    col_labels: list[str] = []
    row_labels: list[str] = []
    coords: bool = False
    coordinates: Literal["rim"] | None = None
    # board text (role_text board): 9 pt, read across the table
    rim_size: FontSize = 9.0
    rim_color: Color = "ink"
    rim_font: FontFamily = "label"
    rim_gap: Length = "1.5mm"
    rim_role: TextRole = "board"
    coord_size: FontSize | None = Field(None, description="Size of the coordinates in points "
                                        "(default: a fifth of a cell, at least 10 pt).")
    coord_color: Color = Field("#737373", description="Colour of the coordinates.")
    coord_place: Literal["top-left", "top"] = "top-left"
    coord_font: FontFamily = "body"
    text_size: FontSize | None = None
    coord_separator: str = Field("-", max_length=3)
    trace: list[tuple[int, int]] = []
    trace_color: Color = "gold"
    trace_width: Length = "1mm"
    header: str | None = None
    header_fill: Color = "ink"
    header_color: Color = "white"

    field_docs = {
        'cells': ('Cells with an icon or text, each {at: [col, row] (from 1), icon or text, '
                  'color, fill (this square\'s own fill), hatch (diagonal lines in this '
                  'colour)}.'),
        'icon_scale': "Size of the cells' icons as a share of a cell (default 0.78).",
        'hatch_width': "Width of a hatched cell's lines (length).",
        'hatch_gap': "Distance between a hatched cell's lines (length).",
        'coord_size': ('Size in points of the coordinates in empty cells; default: 1/5 cell, '
                       'at least 10 pt.'),
        'coord_color': 'Colour of the coordinates in empty cells.',
        'coord_font': ('Font family of the coordinates; label gives lining figures as tall as '
                       'capitals.'),
        'coord_place': ('Where the coordinates sit in a cell: top-left, or top (centred on the '
                        'top edge, clear of the arms of a pencil X drawn corner to corner).'),
        'cols': 'Number of columns.',
        'rows': 'Number of rows.',
        'shades': "One string per row, one character per cell: '.' light, '#' dark.",
        'light': 'Fill of light cells.',
        'dark': 'Fill of dark cells.',
        'border': "Colour of the grid's outer border.",
        'border_width': 'Width of the outer border (length).',
        'sector': '[c, r]: a heavy line every c columns and r rows.',
        'col_labels': 'Labels printed above the columns.',
        'row_labels': 'Labels printed left of the rows.',
        'coords': "Print 'column-row' (e.g. 2-1) in every empty cell, from the labels if any.",
        'coordinates': (
            "rim: print the coordinates on the grid's rim, row letters (A, B... or row_labels) "
            "left and right of the rows, column numbers (1, 2... or col_labels) above and below "
            "the columns; a tiled print's page map then lists the coordinates each tile "
            "covers."),
        'rim_size': ("Size in points of the rim coordinates (default 9: board text, read "
                     "across the table)."),
        'rim_color': 'Colour of the rim coordinates.',
        'rim_font': 'Font family of the rim coordinates (label: lining figures).',
        'rim_gap': 'Room between the grid and the rim coordinates (length).',
        'rim_role': ("Text role of the rim coordinates for the print checks (default board: "
                     "9 pt, read across the table; role_text)."),
        'text_size': "Size in points of the cells' text; default: 45% of a cell.",
        'coord_separator': ("Text between column and row in the coordinates: '-' prints 2-1 "
                            "(column 2, row 1); a space reads as two numbers, or as eleven."),
        'trace': ("[[col, row], ...]: a line through these cells' centres, drawn over the "
                  "squares and under their icons and text (to show a shape)."),
        'trace_color': 'Colour of the trace line.',
        'trace_width': 'Width of the trace line (length).',
    }
    doc = ("Square grid: cols x rows cells fitted in the box. shades: one string per row, '.' "
           "light and '#' dark. cells: [{at: [col, row], icon|text}] (1-based). col_labels / "
           "row_labels print above / left; coords prints 'col-row' in empty cells; sector: "
           "[c, r] draws a heavy line every c columns and r rows; header: a coloured band; "
           "coord_size (pt, default a fifth of a cell, at least 10 pt) and coord_color style "
           "the coordinates; "
           "with more columns than col_labels, the labels repeat (joined sectors); trace: "
           "[[col, row], ...] draws a line through those cells' centres.")
    sample = {"type": "square_grid", "x": "5mm", "y": "5mm", "w": "50mm", "h": "55mm",
              "cols": 6, "rows": 6, "shades": [".#..#.", "##....", "......", "..#...", "......",
                                               "#....#"],
              "cells": [{"at": [3, 3], "icon": "troll"}], "col_labels": list("123456"),
              "row_labels": list("123456"), "coords": True, "header": "RED",
              "header_fill": "red"}

    @model_validator(mode="after")
    def _check(self):
        if self.cols < 1 or self.rows < 1:
            raise ValueError("a grid needs at least 1 column and 1 row")
        for cell in self.cells:
            c, r = cell.at
            if not (1 <= c <= self.cols and 1 <= r <= self.rows):
                raise ValueError(f"grid cell {list(cell.at)} is out of range: columns 1-"
                                 f"{self.cols}, rows 1-{self.rows}")
        if self.shades and (len(self.shades) != self.rows
                            or any(len(s) != self.cols for s in self.shades)):
            raise ValueError(f"shades needs {self.rows} strings of {self.cols} characters")
        if any(ch not in ".#" for s in self.shades for ch in s):
            raise ValueError("shades use '.' for light and '#' for dark squares")
        for c, r in self.trace:
            if not (1 <= c <= self.cols and 1 <= r <= self.rows):
                raise ValueError(f"trace cell {[c, r]} is out of range: columns 1-"
                                 f"{self.cols}, rows 1-{self.rows}")
        if len(self.trace) == 1:
            raise ValueError("a trace needs 2 cells or more (a line runs through their centres)")
        for text in (self.col_labels, self.row_labels):
            if text and len(text) not in (self.cols, self.rows) and self.cols % len(text):
                raise ValueError("give one label per column (col_labels) or row (row_labels)")
        return self

    def icons(self) -> set[str]:
        """Return the icons on cells."""
        return {c.icon for c in self.cells if c.icon}

    def rim_band(self) -> float:
        """Return the room (points) the rim coordinates take on every side of the grid: the
        gap and two characters of rim text (0 without a rim)."""
        return self.rim_gap + 1.6 * self.rim_size if self.coordinates == "rim" else 0.0

    def rim_text(self, c: int, r: int) -> tuple[str, str]:
        """Return the rim's row letter and column number of the cell in column ``c``, row
        ``r`` (from 0): the labels if given, else A, B... and 1, 2..."""
        row = self.row_labels[r] if r < len(self.row_labels) else row_letters(r)
        column = self.col_labels[c % len(self.col_labels)] if self.col_labels else str(c + 1)
        return str(row), str(column)

    def rim_cells(self) -> list[tuple[str, str, tuple[float, float]]]:
        """Return every cell as (row letter, column number, centre in face coordinates from
        the top-left, y down) when the grid prints rim coordinates; else []."""
        if self.coordinates != "rim":
            return []
        cell, left, grid_top, _ = self.geometry()
        return [(*self.rim_text(c, r), (self.x + left + (c + 0.5) * cell,
                                         self.y + grid_top + (r + 0.5) * cell))
                for r in range(self.rows) for c in range(self.cols)]

    def geometry(self) -> tuple[float, float, float, float]:
        """Return (cell size, grid left, grid top from the box top, header height)."""
        header = 0.0 if self.header is None else 1.0
        band = self.rim_band()
        if band:  # the labels move to the rim, which takes a band on every side
            cell = min((self.w - 2 * band) / self.cols,
                       (self.h - 2 * band) / (self.rows + header * 0.75))
            left = band + (self.w - 2 * band - self.cols * cell) / 2
            return cell, left, header * 0.75 * cell + band, header * 0.75 * cell
        col_lab = 0.55 if self.col_labels else 0.0
        row_lab = 0.55 if self.row_labels else 0.0
        cell = min(self.w / (self.cols + row_lab), self.h / (self.rows + header * 0.75 + col_lab))
        left = row_lab * cell + (self.w - (self.cols + row_lab) * cell) / 2
        return cell, left, (header * 0.75 + col_lab) * cell, header * 0.75 * cell

    def coordinate(self, c: int, r: int) -> str:
        """Return the printed coordinate of the cell in column ``c``, row ``r`` (from 0): its
        column and row labels (or numbers from 1) joined by ``coord_separator``."""
        column = self.col_labels[c % len(self.col_labels)] if self.col_labels else str(c + 1)
        row = self.row_labels[r] if r < len(self.row_labels) else str(r + 1)
        return f"{column}{self.coord_separator}{row}"

    def _draw_rim(self, canvas, ctx, x0: float, top: float, cell: float) -> None:
        """Print the row letters left and right of the rows and the column numbers above and
        below the columns, ``rim_gap`` clear of the grid."""
        with text_role(canvas, self.rim_role):
            self._draw_rim_marks(canvas, ctx, x0, top, cell)

    def _draw_rim_marks(self, canvas, ctx, x0: float, top: float, cell: float) -> None:
        """Draw the rim's row letters and column numbers (see :meth:`_draw_rim`)."""
        size, gap = self.rim_size, self.rim_gap
        right, bottom = x0 + self.cols * cell, top - self.rows * cell
        for r in range(self.rows):
            text, cy = self.rim_text(0, r)[0], top - (r + 0.5) * cell
            for x, align in ((x0 - gap, "right"), (right + gap, "left")):
                label(canvas, ctx, text, x, cy, size, self.rim_color, bold=True,
                      font=self.rim_font, align=align)
        for c in range(self.cols):
            text, cx = self.rim_text(c, 0)[1], x0 + (c + 0.5) * cell
            for y in (top + gap + 0.4 * size, bottom - gap - 0.4 * size):
                label(canvas, ctx, text, cx, y, size, self.rim_color, bold=True,
                      font=self.rim_font)

    def _draw_hatch(self, canvas, ctx, spec: GridCell, x0: float, top: float,
                    cell: float) -> None:
        """Draw diagonal lines (rising left to right) across one cell, inside its grid lines."""
        c, r = spec.at
        inset = self.line_width / 2
        left, bottom = x0 + (c - 1) * cell + inset, top - r * cell + inset
        size = cell - 2 * inset
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(left, bottom, size, size)
        canvas.clipPath(clip, stroke=0, fill=0)
        ctx.stroke(canvas, pen(spec.hatch))
        canvas.setLineWidth(self.hatch_width)
        offset = self.hatch_gap / 2
        while offset < 2 * size:
            canvas.line(left + offset - size, bottom, left + offset, bottom + size)
            offset += self.hatch_gap
        canvas.restoreState()

    def _draw_trace(self, canvas, ctx, x0: float, top: float, cell: float) -> None:
        """Draw the trace: one line through the centres of its cells, rounded at the joins."""
        canvas.saveState()
        ctx.stroke(canvas, self.trace_color)
        canvas.setLineWidth(self.trace_width)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        path = canvas.beginPath()
        points = [(x0 + (c - 0.5) * cell, top - (r - 0.5) * cell) for c, r in self.trace]
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()

    def draw(self, canvas, ctx) -> None:
        """Paint header, labels, squares, icons and borders."""
        cell, left, grid_top, head = self.geometry()
        x0, top = self.x + left, ctx.height - self.y - grid_top
        gw, gh = self.cols * cell, self.rows * cell
        if self.header is not None:
            canvas.saveState()
            ctx.fill(canvas, self.header_fill)
            canvas.rect(x0, ctx.height - self.y - head, gw, head, stroke=0, fill=1)
            canvas.restoreState()
            label(canvas, ctx, self.header, x0 + gw / 2, ctx.height - self.y - head / 2,
                  head * 0.62, readable(ctx, self.header_color), bold=True, font="title")
        if self.coordinates == "rim":
            self._draw_rim(canvas, ctx, x0, top, cell)
        label_size = proportional_size(cell * 0.36)
        columns = [self.col_labels[i % len(self.col_labels)] for i in range(self.cols)] if (
            self.col_labels and self.coordinates != "rim") else []
        for i, text in enumerate(columns):
            label(canvas, ctx, text, x0 + (i + 0.5) * cell, top + cell * 0.27, label_size,
                  bold=True)
        for j, text in enumerate(self.row_labels if self.coordinates != "rim" else []):
            label(canvas, ctx, text, x0 - cell * 0.28, top - (j + 0.5) * cell, label_size,
                  bold=True)
        placed = {tuple(c.at): c for c in self.cells}
        canvas.saveState()
        ctx.stroke(canvas, pen(self.stroke))
        canvas.setLineWidth(self.line_width)
        for r in range(self.rows):
            for c in range(self.cols):
                dark = bool(self.shades) and self.shades[r][c] == "#"
                spec = placed.get((c + 1, r + 1))
                colour = spec.fill if spec and spec.fill else self.dark if dark else self.light
                if colour is not None:
                    ctx.fill(canvas, colour)
                canvas.rect(x0 + c * cell, top - (r + 1) * cell, cell, cell, stroke=1,
                            fill=int(colour is not None))
        canvas.restoreState()
        for spec in self.cells:
            if spec.hatch:
                self._draw_hatch(canvas, ctx, spec, x0, top, cell)
        if self.trace:
            self._draw_trace(canvas, ctx, x0, top, cell)
        for r in range(self.rows):
            for c in range(self.cols):
                cx, cy = x0 + (c + 0.5) * cell, top - (r + 0.5) * cell
                spec = placed.get((c + 1, r + 1))
                if spec and spec.icon:
                    icon_at(canvas, ctx, spec.icon, cx, cy, cell * self.icon_scale, spec.color)
                elif spec and spec.text:
                    size = self.text_size or proportional_size(cell * 0.45)
                    label(canvas, ctx, spec.text, cx, cy, size, spec.color, bold=True)
                elif self.coords:
                    size = self.coord_size or proportional_size(cell * 0.2, bold=False)
                    centred = self.coord_place == "top"
                    label(canvas, ctx, self.coordinate(c, r),
                          cx if centred else x0 + c * cell + cell * 0.06,
                          top - r * cell - size * 0.5 - cell * 0.05, size, self.coord_color,
                          align="center" if centred else "left", font=self.coord_font)
        canvas.saveState()
        ctx.stroke(canvas, pen(self.border))
        canvas.setLineWidth(self.border_width)
        if self.sector:
            for c in range(self.sector[0], self.cols, self.sector[0]):
                canvas.line(x0 + c * cell, top, x0 + c * cell, top - gh)
            for r in range(self.sector[1], self.rows, self.sector[1]):
                canvas.line(x0, top - r * cell, x0 + gw, top - r * cell)
        canvas.rect(x0, top - gh, gw, gh, stroke=1, fill=0)
        canvas.restoreState()
