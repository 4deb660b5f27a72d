"""What is painted under a point: the topmost fill drawn before a text run, per rendering.

Text contrast is measured against the fill under each of a text run's sample points: the last
fill, of the elements drawn before it (and of its own element before it), whose shape holds
the point; the paper if none does. Each element's fills are a :class:`~.probe.Drawing`; a
drawing with many fills (a texture's thousands of blots) is searched through a grid over its
fills, built at its first question and kept with the drawing.
"""

from __future__ import annotations

from .probe import COLOUR, INK_SAVER, NORMAL, Drawing, Text

GRID_FROM = 24  # a drawing with more fills than this is searched through a grid
CELLS = 16  # the grid's columns and rows


class Under:
    """Finds the fills under text runs in the normal and ink-saver renderings of one face.

    The two renderings share most drawings (see :func:`~.record.record`). Up to the first
    element whose two drawings differ and hold fills, a text run at the same points finds the
    very same fill tuples, whose ink-saver colour is their own: the normal rendering's answer,
    kept by element, sample points and fills before, serves the ink saver too.
    """

    def __init__(self, normal: list[Drawing], saver: list[Drawing]):
        self.drawings = normal, saver
        self.agree = 0  # the elements before this have the same fills in both renderings
        for mine, theirs in zip(normal, saver):
            if mine is not theirs and (mine.fills or theirs.fills):
                break
            self.agree += 1
        self._found: dict[tuple, list] = {}
        self._filled: list = [None, None]

    def normal(self, index: int, text: Text) -> list:
        """Return the fills under ``text`` of element ``index`` (normal rendering)."""
        key = (index, text.samples, text.fills_before)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self._fills_under(NORMAL, index, text)
        return found

    def saver(self, index: int, text: Text) -> list:
        """Return the fills under ``text`` of element ``index`` (ink-saver rendering)."""
        if index < self.agree:
            return self.normal(index, text)
        return self._fills_under(INK_SAVER, index, text)

    def _fills_under(self, rendering: int, index: int, text: Text) -> list:
        """Return, per sample point of ``text`` (drawn by element ``index``), the topmost fill
        painted before it that holds the point (None: the paper), up to the first image."""
        own = self.drawings[rendering][index]
        filled = self._filled[rendering]
        if filled is None:  # (position, bounds, drawing) of every drawing with fills, last first
            filled = self._filled[rendering] = [
                (position, bounds(drawing), drawing)
                for position, drawing in enumerate(self.drawings[rendering]) if drawing.fills
            ][::-1]
        found = []
        for x, y in text.samples:
            fill = top_fill(own, x, y, text.fills_before) if text.fills_before else None
            if fill is None:
                for position, (x0, y0, x1, y1), drawing in filled:
                    if position < index and x0 <= x <= x1 and y0 <= y <= y1:
                        fill = top_fill(drawing, x, y, len(drawing.fills))
                        if fill is not None:
                            break
            found.append(fill)
            if fill is not None and fill[COLOUR] is None:
                break  # an image: colour unknown, the contrast is not measured
        return found


def top_fill(drawing: Drawing, x: float, y: float, before: int):
    """Return the last of the first ``before`` fills of ``drawing`` that holds (x, y), or None.

    A grid cell lists every fill whose box overlaps it, so it lists every fill that can hold a
    point in it: searching the cell's fills finds what searching all of them would.
    """
    x0, y0, x1, y1 = drawing.bounds or bounds(drawing)
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return None
    fills = drawing.fills
    if before > GRID_FROM:
        sx, sy, cells = drawing.grid or _grid(drawing)
        col = min(CELLS - 1, int((x - x0) * sx))
        row = min(CELLS - 1, int((y - y0) * sy))
        for position in reversed(cells[row * CELLS + col]):
            if position < before and holds(fills[position], x, y):
                return fills[position]
        return None
    for position in range(before - 1, -1, -1):
        if holds(fills[position], x, y):
            return fills[position]
    return None


def bounds(drawing: Drawing) -> tuple[float, float, float, float]:
    """Return (and keep) the box of every fill of ``drawing`` (which has fills)."""
    if drawing.bounds is None:
        fills = drawing.fills
        drawing.bounds = (min(f[0] for f in fills), min(f[1] for f in fills),
                          max(f[2] for f in fills), max(f[3] for f in fills))
    return drawing.bounds


def _grid(drawing: Drawing) -> tuple:
    """Bucket the fills of ``drawing`` by a grid over their bounds; keep it with the drawing."""
    top = CELLS - 1
    bx0, by0, bx1, by1 = bounds(drawing)
    sx, sy = CELLS / max(bx1 - bx0, 1e-6), CELLS / max(by1 - by0, 1e-6)
    cells: list[list[int]] = [[] for _ in range(CELLS * CELLS)]
    for position, (x0, y0, x1, y1, *_) in enumerate(drawing.fills):
        # every fill lies within the bounds: only the upper end needs clamping
        c0, c1 = min(top, int((x0 - bx0) * sx)), min(top, int((x1 - bx0) * sx))
        r0, r1 = min(top, int((y0 - by0) * sy)), min(top, int((y1 - by0) * sy))
        if c0 == c1 and r0 == r1:
            cells[r0 * CELLS + c0].append(position)
            continue
        for row in range(r0 * CELLS, r1 * CELLS + 1, CELLS):
            for cell in range(row + c0, row + c1 + 1):
                cells[cell].append(position)
    drawing.grid = (sx, sy, cells)
    return drawing.grid


def holds(fill: tuple, x: float, y: float) -> bool:
    """Return whether (x, y) lies inside ``fill`` (its box, circle or polygon)."""
    if not (fill[0] <= x <= fill[2] and fill[1] <= y <= fill[3]):
        return False
    cx, cy, r, shape = fill[4:8]
    if cx is not None:
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    if shape is None:
        return True
    return _inside(shape, x, y)


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd ray cast."""
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside
