"""Geometry of layout without millimetres: boxes, insets, places, stack slots and grid cells.

Pure arithmetic in points, top-down (y from the trim's top edge, as templates measure it): no
YAML, no elements. :mod:`sheetgen.fill.elements.placement` feeds it the sizes it measured and
turns the boxes
back into elements.
"""

from __future__ import annotations

from dataclasses import dataclass

EPSILON = 0.01  # points: rounding slack when sizes are compared


@dataclass(frozen=True)
class Box:
    """A rectangle: left and top edges from the trim's top-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    def shrink(self, inset: tuple[float, float, float, float]) -> "Box":
        """Return the box with (top, right, bottom, left) taken off its sides."""
        top, right, bottom, left = inset
        return Box(self.x + left, self.y + top, self.w - left - right, self.h - top - bottom)


@dataclass(frozen=True)
class ChildSize:
    """What a stack knows of one child: its size along the stack (None: it grows), its
    share of the room left, and the space kept before and after it (its inset)."""

    main: float | None
    grow: float
    before: float = 0.0
    after: float = 0.0
    most: float | None = None  # a growing child's largest length (grow_max)


class LayoutError(ValueError):
    """Children that do not fit their container."""


def split_place(place: str | None, default: str = "top-left") -> tuple[str, str]:
    """Return (vertical, horizontal) of a place name: ``top-center`` -> (top, center)."""
    name = place or default
    if name == "center":
        return "center", "center"
    if name in ("left", "right"):
        return "center", name
    if name in ("top", "bottom"):
        return name, "center"
    vertical, horizontal = name.split("-")
    return vertical, horizontal


def place_in(parent: Box, w: float, h: float, place: str | None, default: str = "top-left"
             ) -> Box:
    """Return a ``w`` x ``h`` box placed in ``parent`` at ``place`` (a name from PLACES)."""
    vertical, horizontal = split_place(place, default)
    share = {"left": 0.0, "top": 0.0, "center": 0.5, "right": 1.0, "bottom": 1.0}
    return Box(parent.x + (parent.w - w) * share[horizontal],
               parent.y + (parent.h - h) * share[vertical], w, h)


def _grown(children: list[ChildSize], room: float) -> dict[int, float]:
    """Return the length of each growing child (by ``id``): ``room`` shared by ``grow``, a
    child with ``most`` held to it and what it leaves shared among the others."""
    growing = [c for c in children if c.main is None and c.grow > 0]
    out: dict[int, float] = {}
    while growing:
        weights = sum(c.grow for c in growing)
        capped = [c for c in growing if c.most is not None and room * c.grow / weights > c.most]
        if not capped:
            out.update({id(c): room * c.grow / weights for c in growing})
            break
        for child in capped:
            out[id(child)] = child.most
            room -= child.most
        growing = [c for c in growing if all(c is not k for k in capped)]
    return out


def stack_slots(content: Box, children: list[ChildSize], vertical: bool, gap: float,
                justify: str) -> list[Box]:
    """Return each child's slot in a stack: its length along the stack (inset included), the
    full breadth across it.

    Children with no fixed length share what the fixed ones leave by their ``grow``; when none
    grows, ``justify`` (start, center, end, space-between, space-evenly) places the leftover.
    Raises LayoutError when the fixed lengths and gaps need more than the stack has.
    """
    length = content.h if vertical else content.w
    count = len(children)
    fixed = sum((c.main or 0.0) + c.before + c.after for c in children)
    room = length - fixed - gap * max(count - 1, 0)
    if room < -EPSILON:
        raise LayoutError(f"its children need {_mm(length - room)} mm along it but it has "
                          f"{_mm(length)} mm")
    room = max(room, 0.0)
    grown = _grown(children, room)
    weights = sum(c.grow for c in children if c.main is None)
    if weights:
        room -= sum(grown.values())  # what capped children leave (grow_max), else 0
    start, spacing = 0.0, gap
    if not weights or not any(c.main is None and c.most is None and c.grow for c in children):
        if justify == "center":
            start = room / 2
        elif justify == "end":
            start = room
        elif justify == "space-between" and count > 1:
            spacing = gap + room / (count - 1)
        elif justify == "space-evenly":
            start = room / (count + 1)
            spacing = gap + start
    slots, position = [], start
    for child in children:
        size = child.main if child.main is not None else grown.get(id(child), 0.0)
        size += child.before + child.after
        if vertical:
            slots.append(Box(content.x, content.y + position, content.w, size))
        else:
            slots.append(Box(content.x + position, content.y, size, content.h))
        position += size + spacing
    return slots


def grid_cells(content: Box, count: int, columns: int, rows: int | None, column_gap: float,
               row_gap: float, by_columns: bool = False) -> list[Box]:
    """Return ``count`` equal cells of a grid, row by row (or column by column).

    ``rows`` None: as many rows as the children need. Raises LayoutError when there are more
    children than cells.
    """
    rows = rows or max(1, -(-count // columns))
    if count > rows * columns:
        raise LayoutError(f"{count} children do not fit {rows} x {columns} cells")
    cell_w = (content.w - column_gap * (columns - 1)) / columns
    cell_h = (content.h - row_gap * (rows - 1)) / rows
    if cell_w <= 0 or cell_h <= 0:
        raise LayoutError("its gaps leave no room for the cells")
    cells = []
    for index in range(count):
        row, column = (index % rows, index // rows) if by_columns else divmod(index, columns)
        cells.append(Box(content.x + column * (cell_w + column_gap),
                         content.y + row * (cell_h + row_gap), cell_w, cell_h))
    return cells


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}"
