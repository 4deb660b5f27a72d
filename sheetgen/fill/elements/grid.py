"""``grid``: children in equal cells, rows x columns, filled row by row (or column by column)."""


from typing import Literal

from pydantic import model_validator

from . import register
from .base import Count, Length
from .containers import CONTAINER_DOCS, Container
from ..layout import Box, grid_cells


@register
class Grid(Container):
    """Equal cells, ``columns`` across (and ``rows`` down), with gaps; one child per cell."""

    type: Literal["grid"] = "grid"
    columns: Count = 1
    rows: Count | None = None
    gap: Length = 0.0
    row_gap: Length | None = None
    column_gap: Length | None = None
    flow: Literal["rows", "columns"] = "rows"

    doc = ("Children in equal cells, columns across and rows down (rows: as many as the "
           "children need), filled row by row (flow: columns, column by column), with gaps. A "
           "child fills its cell unless it gives w or h, then it sits by its place (default "
           "center). No child needs x or y.")
    field_docs = {
        **CONTAINER_DOCS,
        "columns": "Cells across.",
        "rows": "Cells down; default: as many rows as the children fill.",
        "gap": "Space between neighbouring cells, both ways (length).",
        "row_gap": "Space between rows, if not gap (length).",
        "column_gap": "Space between columns, if not gap (length).",
        "flow": "Fill the cells row by row (rows) or column by column (columns).",
    }
    sample = {"type": "grid", "x": "4mm", "y": "4mm", "w": "50mm", "h": "30mm",
              "columns": 3, "gap": "2mm",
              "children": [{"type": "box", "fill": "gold"}, {"type": "icon", "icon": "ship"},
                           {"type": "text", "text": "Hold", "h": "auto", "align": "center"},
                           {"type": "box", "stroke": "ink", "w": "6mm", "h": "6mm"}]}

    @model_validator(mode="after")
    def _cells(self):
        if self.columns < 1 or (self.rows is not None and self.rows < 1):
            raise ValueError("a grid needs 1 or more columns (and rows)")
        return self

    def slots(self, content: Box, children, measure) -> list[Box]:
        """Return the cells, one per child, in the grid's flow."""
        row_gap = self.gap if self.row_gap is None else self.row_gap
        column_gap = self.gap if self.column_gap is None else self.column_gap
        return grid_cells(content, len(children), self.columns, self.rows, column_gap, row_gap,
                          self.flow == "columns")
