"""``table``: a small ruled table (shields to GP, upgrades to GP, heroes of yore, fire ranks).

Cells are text, a lone ``:icon:`` or text with inline icons (``3 :shield:``); an empty cell is
a write-in space. The first row (and
optionally the first column) is a shaded header.
"""


import re
from typing import Literal

from pydantic import ValidationInfo, field_validator, model_validator

from . import register
from .base import Color, Element, FontFamily, FontSize, Length
from .sheet_common import cell_icons, check_icon, icon_of, is_number, label

# a cell that opens on a number and goes on in words ("3-4 (teams)", "1 a game", "4 (2 each)")
_NUMBER_THEN_WORDS = re.compile(r"([+\-\u2212\u2013]?\d+(?:[\-\u2013]\d+)?)(\s+[^:]*)")
LINE_PITCH = 1.05  # the lines of a wrapped cell, in sizes apart (a cell is a tight block)


@register
class Table(Element):
    """Rows of cells in a ruled grid filling the box; widths relative per column."""

    type: Literal["table"] = "table"
    rows: list[list[str | int | float | None]]
    widths: list[float] | None = None
    header: bool = True
    header_col: bool = False
    header_fill: Color = "light-gray"
    stroke: Color = "ink"
    line_width: Length = "0.25mm"
    size: FontSize = 10.0
    align: Literal["center", "left"] = "center"
    color: Color = "ink"
    font: FontFamily = "body"
    number_font: FontFamily | None = None
    min_size: FontSize = 7.6

    field_docs = {
        'rows': (
            "Rows of cells: text (with :icon: inline), a number, or empty (null) for a "
            "write-in cell."),
        'widths': 'Relative column widths, e.g. [2, 1, 1]; default: equal.',
        'header_col': 'Shade the first column as a heading.',
        'number_font': ('Font family of the cells that are numbers (3, "+2", "17%") and of the '
                        'number opening a cell of words ("3-4 (teams)"); label gives lining '
                        'figures as tall as capitals. Default: font.'),
        'min_size': ('A cell of words that would shrink below this size (pt) to fit its width '
                     'on one line wraps onto more lines of its row instead (a longer '
                     'language), down to this size; default 7.6, game text in the body font.'),
    }
    doc = ("Ruled table filling its box: rows of cells (text, a number, ':icon:' or empty for a "
           "write-in). header shades the first row, header_col the first column; widths gives "
           "relative column widths.")
    sample = {"type": "table", "x": "5mm", "y": "5mm", "w": "60mm", "h": "12mm",
              "rows": [[":shield:", 1, 2, 3, 4], ["GP", 1, 2, 4, 6]], "header_col": True}

    @field_validator("rows")
    @classmethod
    def _icons(cls, rows, info: ValidationInfo):
        for row in rows:
            for cell in row:
                for icon in cell_icons(cell):
                    check_icon(icon, info)
        return rows

    @model_validator(mode="after")
    def _shape(self):
        if not self.rows or not self.rows[0]:
            raise ValueError("a table needs at least one row with one cell")
        cols = len(self.rows[0])
        for index, row in enumerate(self.rows, 1):
            if len(row) != cols:
                raise ValueError(f"row {index} has {len(row)} cells; row 1 has {cols}")
        if self.widths is not None and len(self.widths) != cols:
            raise ValueError(f"widths needs {cols} numbers, one per column")
        return self

    def icons(self) -> set[str]:
        """Return icons used in cells, alone or inline (``3 :shield:``)."""
        return {icon for row in self.rows for cell in row for icon in cell_icons(cell)}

    def draw(self, canvas, ctx) -> None:
        """Paint header shading, rules and cell contents."""
        cols = len(self.rows[0])
        weights = self.widths or [1.0] * cols
        unit = self.w / sum(weights)
        xs = [self.x]
        for wgt in weights:
            xs.append(xs[-1] + wgt * unit)
        rh = self.h / len(self.rows)
        top = ctx.height - self.y
        canvas.saveState()
        if self.header_fill is not None:
            ctx.fill(canvas, self.header_fill)
            if self.header:
                canvas.rect(self.x, top - rh, self.w, rh, stroke=0, fill=1)
            if self.header_col:
                canvas.rect(self.x, top - self.h, xs[1] - xs[0], self.h, stroke=0, fill=1)
        if self.stroke is not None:
            ctx.stroke(canvas, self.stroke)
            canvas.setLineWidth(self.line_width)
            canvas.rect(self.x, top - self.h, self.w, self.h, stroke=1, fill=0)
            for x in xs[1:-1]:
                canvas.line(x, top, x, top - self.h)
            for j in range(1, len(self.rows)):
                canvas.line(self.x, top - j * rh, self.x + self.w, top - j * rh)
        canvas.restoreState()
        size = min(self.size, rh * 0.7)
        for j, row in enumerate(self.rows):
            for i, cell in enumerate(row):
                if cell is None or cell == "":
                    continue
                bold = (self.header and j == 0) or (self.header_col and i == 0)
                font = self.number_font if self.number_font and is_number(cell) else self.font
                cw = xs[i + 1] - xs[i]
                cy = top - (j + 0.5) * rh
                mixed = (_NUMBER_THEN_WORDS.fullmatch(str(cell)) if self.number_font
                         and isinstance(cell, str) and not is_number(cell) else None)
                if mixed:
                    left = xs[i] + size * 0.3 if self.align == "left" else None
                    self._number_then_words(canvas, ctx, mixed.groups(), (xs[i] + xs[i + 1]) / 2,
                                            left, cy, size, bold, cw * 0.9)
                elif self._wrapped(canvas, ctx, cell, xs[i], cw, cy, rh, size, bold, font):
                    continue
                elif self.align == "left" and not icon_of(cell):
                    label(canvas, ctx, cell, xs[i] + size * 0.3, cy, size, self.color, bold,
                          max_width=cw - size * 0.6, font=font, align="left")
                else:
                    label(canvas, ctx, cell, (xs[i] + xs[i + 1]) / 2, cy, size, self.color,
                          bold, max_width=cw * 0.9, font=font)

    def _wrapped(self, canvas, ctx, cell, left: float, cw: float, cy: float, rh: float,
                 size: float, bold: bool, font: str) -> bool:
        """Draw a cell of words too wide for its column at ``min_size`` or more on two or more
        lines of its row, at the largest size from ``size`` down to ``min_size`` that fits;
        return False (nothing drawn) when one line fits at ``min_size`` or more, the cell is
        not plain words, or the row cannot hold the lines."""
        text = str(cell)
        if icon_of(cell) or is_number(cell) or (":" in text and cell_icons(cell)) \
                or " " not in text.strip():
            return False
        name = ctx.fonts.font_name(font, bold)
        room = cw - size * 0.6 if self.align == "left" else cw * 0.9
        if ctx.fonts.width(text, name, size) * max(self.min_size / size, 1.0) <= room \
                or ctx.fonts.width(text, name, self.min_size) <= room:
            return False
        at = size
        while at >= self.min_size - 1e-6:
            lines = _wrap_words(text.split(), lambda words: ctx.fonts.width(words, name, at),
                                room)
            if lines is not None and len(lines) * at * LINE_PITCH <= rh * 0.92:
                break
            at -= 0.25
        else:
            return False
        canvas.saveState()
        ctx.fill(canvas, self.color, is_fill=False)
        canvas.setFont(name, at)
        top = cy + len(lines) * at * LINE_PITCH / 2
        for index, line in enumerate(lines):
            baseline = top - (index + 0.5) * at * LINE_PITCH - at * 0.34
            if self.align == "left":
                canvas.drawString(left + size * 0.3, baseline, line)
            else:
                canvas.drawCentredString(left + cw / 2, baseline, line)
        canvas.restoreState()
        return True

    def _number_then_words(self, canvas, ctx, parts: tuple[str, str], cx: float,
                           left: float | None, cy: float, size: float, bold: bool,
                           max_width: float) -> None:
        """Draw a cell's opening number in the number font and its words in the cell font, as
        one line centred on ``cx`` (or starting at ``left``), shrunk to ``max_width``."""
        number, words = parts
        faces = (ctx.fonts.font_name(self.number_font, bold), ctx.fonts.font_name(self.font, bold))
        widths = [ctx.fonts.width(text, face, size) for text, face in zip(parts, faces)]
        if sum(widths) > max_width:
            size, widths = (size * max_width / sum(widths),
                            [w * max_width / sum(widths) for w in widths])
        x = left if left is not None else cx - sum(widths) / 2
        canvas.saveState()
        ctx.fill(canvas, self.color, is_fill=False)
        for text, face, width in zip((number, words), faces, widths):
            canvas.setFont(face, size)
            canvas.drawString(x, cy - size * 0.34, text)
            x += width
        canvas.restoreState()


def _wrap_words(words: list[str], width_of, room: float) -> list[str] | None:
    """Return ``words`` in lines no wider than ``room`` (``width_of(text)``), filled greedily;
    None when one word alone is wider."""
    lines: list[str] = []
    for word in words:
        if width_of(word) > room:
            return None
        if lines and width_of(lines[-1] + " " + word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
