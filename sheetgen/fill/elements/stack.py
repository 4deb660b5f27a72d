"""``stack``: children one after another, top to bottom or left to right, or on top of each
other (``layers``), with a gap; sizes along the stack fixed, ``auto`` or grown."""


from typing import Literal

from . import register
from .base import Length
from .containers import CONTAINER_DOCS, Container
from ..layout import Box, stack_slots


@register
class Stack(Container):
    """Children in a column (vertical), a row (horizontal) or all in one box (layers)."""

    type: Literal["stack"] = "stack"
    direction: Literal["vertical", "horizontal", "layers"] = "vertical"
    gap: Length = 0.0
    align: Literal["stretch", "start", "center", "end"] = "stretch"
    justify: Literal["start", "center", "end", "space-between", "space-evenly"] = "start"

    doc = ("Children one after another (vertical: top to bottom; horizontal: left to right) "
           "with gap between, or on top of each other (layers). Along the stack a child takes "
           "its h (w), auto (the size of its content) or a share of the room left (grow); "
           "across it, the full breadth, or its own w (h) placed by align. No child needs x "
           "or y.")
    field_docs = {
        **CONTAINER_DOCS,
        "direction": "vertical (a column), horizontal (a row) or layers (every child in the "
                     "whole box, placed by its own place).",
        "gap": "Space between neighbouring children (length).",
        "align": "Where children narrower than the stack sit across it: stretch (full "
                 "breadth unless the child gives its size), start, center or end.",
        "justify": "Where the children go along the stack when none grows: start, center, "
                   "end, space-between or space-evenly.",
    }
    sample = {"type": "stack", "x": "4mm", "y": "4mm", "w": "50mm", "h": "70mm",
              "gap": "2mm", "padding": "2mm", "fill": "parchment",
              "children": [{"type": "text", "text": "Title", "h": "auto", "size": 12},
                           {"type": "icon", "icon": "viking"},
                           {"type": "text", "text": "Some **rules** text.", "h": "12mm"}]}

    def slots(self, content: Box, children, measure) -> list[Box]:
        """Return each child's slot: along the stack by its size, across the whole breadth."""
        if self.direction == "layers":
            return [content] * len(children)
        vertical = self.direction == "vertical"
        sizes = [measure(raw, values, vertical, content) for raw, values in children]
        return stack_slots(content, sizes, vertical, self.gap, self.justify)

    def child_place(self) -> str:
        """Return the place of a child across the stack (its length fills its slot)."""
        if self.direction == "layers":
            return "center"
        side = {"stretch": "start", "start": "start", "center": "center", "end": "end"}[self.align]
        if self.direction == "vertical":
            return {"start": "top-left", "center": "top-center", "end": "top-right"}[side]
        return {"start": "top-left", "center": "left", "end": "bottom-left"}[side]
