"""What the container elements (``stack``, ``grid``) share: children, padding, a background.

A container is written once with its children (mappings like any element's, with no x, y, w
or h needed). In a face, :mod:`sheetgen.fill.elements.placement` places the children and lists
them as elements of their own (each with its line, so the print checks see the placed boxes); the
container stays only to paint its background. Drawn on its own (a sample, the reference), it
places and draws its children itself.
"""


from typing import Any, ClassVar

from pydantic import PrivateAttr, field_validator

from .base import MAX_CHILDREN, Color, Element, Insets, Length
from ..layout import Box


class Container(Element):
    """Base of the container elements: ``children``, ``padding`` and an optional background."""

    children: list[dict[str, Any]]
    padding: Insets = 0.0
    fill: Color = "none"
    stroke: Color = "none"
    stroke_width: Length = "0.3mm"
    radius: Length = 0.0
    _placed: list = PrivateAttr(default_factory=list)

    is_container: ClassVar[bool] = True

    @field_validator("children")
    @classmethod
    def _some_children(cls, value: list) -> list:
        if len(value) > MAX_CHILDREN:
            raise ValueError(f"{len(value)} children; the limit is {MAX_CHILDREN}")
        return value

    def content(self, box: Box) -> Box:
        """Return the part of ``box`` the children share (padding taken off)."""
        return box.shrink(self.padding)

    def slots(self, content: Box, children: list[tuple[Any, dict]], measure) -> list[Box]:
        """Return each child's slot in ``content``; ``measure(raw, values, vertical,
        content)`` gives a stack child's ChildSize."""
        raise NotImplementedError

    def child_place(self) -> str:
        """Return where a child that gives no ``place`` sits in its slot."""
        return "center"

    def has_background(self) -> bool:
        """Return whether the container paints anything of its own."""
        return self.fill is not None or self.stroke is not None

    def prepare(self, ctx) -> None:
        """Place the children (drawn on its own; in a face the children are elements of it)."""
        from .placement import place_alone  # placement imports the element registry

        self._placed = place_alone(self, ctx)

    def draw(self, canvas, ctx) -> None:
        """Paint the background, then any children placed by :meth:`prepare`."""
        if self.has_background():
            canvas.saveState()
            paint = ctx.paint(canvas, self.fill, self.stroke, self.stroke_width)
            args = (self.x, self.bottom(ctx), self.w, self.h)
            if self.radius:
                canvas.roundRect(*args, self.radius, **paint)
            else:
                canvas.rect(*args, **paint)
            canvas.restoreState()
        for child in self._placed:
            child.draw(canvas, ctx)


CONTAINER_DOCS = {
    "children": "The elements inside, in order: mappings like any element's, with no x, y, w "
                "or h needed (a size, place, inset or grow may be given).",
    "padding": "Room between the container's edges and its children (a length, [top-bottom, "
               "left-right] or [top, right, bottom, left]).",
    "fill": "Background colour of the container, or none.",
    "stroke": "Outline colour of the container, or none.",
    "radius": "Corner radius of the background (length).",
}
