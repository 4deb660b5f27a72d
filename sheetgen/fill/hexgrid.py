"""Hex grid geometry shared by the ``hex_board`` element, the board component and the tests.

Cells are axial coordinates ``(q, r)`` (Red Blob Games' convention). With pointy-top hexes the
rows are horizontal: ``r`` grows downwards, ``q`` to the right, and the six neighbours lie east,
west, north-east, north-west, south-east and south-west. Flat-top hexes are the same cells with
the picture turned about the diagonal (columns instead of rows).

Lengths are in points; ``size`` is the distance across flats (the largest round token that fits
a hex). Pixel positions are measured from the top-left of the board's hex area, y downwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Cell = tuple[int, int]
SQRT3 = math.sqrt(3)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def hexagon(cx: float, cy: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    """Return the six corners of a regular hexagon of circumradius ``r`` centred on (cx, cy).

    The one hexagon of sheetgen: board cells, hex clusters, hex tokens and their cut lines.
    """
    start = 30 if pointy else 0
    return [(cx + r * math.cos(math.radians(start + 60 * i)),
             cy + r * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def circumradius(across_flats: float) -> float:
    """Return the corner radius of a hexagon ``across_flats`` wide between opposite sides."""
    return across_flats / SQRT3


def inset_radius(radius: float, inset: float) -> float:
    """Return the corner radius after moving every side ``inset`` points inwards."""
    return radius - inset / math.cos(math.pi / 6)


def edges_problem(edges: list[int]) -> str | None:
    """Return why six side lengths cannot close a hexagon on a hex grid, or None when they can.

    Going round a hexagon the six sides run in six directions 60 degrees apart, so opposite sides
    must differ by the same amount: ``a - d == c - f == e - b`` (sides clockwise from the top).
    """
    if len(edges) != 6 or any(not isinstance(e, int) or e < 1 for e in edges):
        return "edges needs six whole numbers >= 1 (hexes per side, clockwise from the top)"
    a, b, c, d, e, f = edges
    if not a - d == c - f == e - b:
        return (f"edges {list(edges)} do not close into a hexagon: opposite sides must differ "
                f"by the same amount (1st-4th = {a - d}, 3rd-6th = {c - f}, 5th-2nd = {e - b})")
    return None


def shape_from_edges(edges: list[int]) -> list[Cell]:
    """Return the cells of the hexagon with these side lengths (clockwise from the top edge).

    Rows are built from the top: row 0 has ``a`` cells; the right end stays on the same ``q``
    for the ``b`` rows of the upper-right side and then steps back one ``q`` per row along the
    lower-right side; the left end steps back one ``q`` per row for the ``f`` rows of the
    upper-left side and then stays put along the lower-left side.
    """
    problem = edges_problem(edges)
    if problem:
        raise ValueError(problem)
    a, b, c, d, e, f = edges
    rows = b + c - 1
    cells = []
    for r in range(rows):
        q_end = a - 1 - max(0, r - (b - 1))
        q_start = -min(r, f - 1)
        cells.extend((q, r) for q in range(q_start, q_end + 1))
    return cells


def side_lengths(cells: set[Cell] | list[Cell]) -> list[int]:
    """Return the hexes on each of the six extreme lines, clockwise from the top (pointy).

    For a convex hexagon these are its six side lengths; it is an independent check of
    :func:`shape_from_edges`.
    """
    cells = set(cells)
    qs = [q for q, _ in cells]
    rs = [r for _, r in cells]
    ss = [-q - r for q, r in cells]
    return [rs.count(min(rs)), qs.count(max(qs)), ss.count(min(ss)),
            rs.count(max(rs)), qs.count(min(qs)), ss.count(max(ss))]


def edge_cells(cells: set[Cell] | list[Cell], side: int) -> list[Cell]:
    """Return the cells on side ``side`` (1-6, clockwise from the top), in clockwise order."""
    cells = set(cells)
    keys = [lambda c: c[1], lambda c: -c[0], lambda c: -(c[0] + c[1]),
            lambda c: -c[1], lambda c: c[0], lambda c: c[0] + c[1]]
    key = keys[side - 1]
    extreme = min(key(c) for c in cells)
    line = [c for c in cells if key(c) == extreme]
    # clockwise = increasing x on top, increasing y on the right, and so on
    order = [lambda c: c[0] * 2 + c[1], lambda c: c[1], lambda c: c[1],
             lambda c: -(c[0] * 2 + c[1]), lambda c: -c[1], lambda c: -c[1]]
    return sorted(line, key=order[side - 1])


@dataclass(frozen=True)
class Names:
    """Human cell names: a row letter and the hex's place in that row, ``C4``.

    Rows (columns for flat hexes) are lettered from the top (left) of the generated shape and
    hexes numbered from the left (top), before any cell is removed, so removing a hex never
    renames the others.
    """

    rows: dict[int, list[int]]  # r -> sorted q of that row
    line: str = "row"           # what a letter names: "row" (pointy) or "column" (flat)

    @classmethod
    def of(cls, cells, pointy: bool = True) -> "Names":
        """Return the naming scheme of a cell set (letters are columns for flat hexes)."""
        rows: dict[int, list[int]] = {}
        for q, r in cells:
            rows.setdefault(r, []).append(q)
        return cls({r: sorted(qs) for r, qs in sorted(rows.items())},
                   "row" if pointy else "column")

    def name(self, cell: Cell) -> str:
        """Return the name of ``cell``: its row letter(s) and 1-based place in the row."""
        q, r = cell
        index = sorted(self.rows).index(r)
        return f"{row_letters(index)}{self.rows[r].index(q) + 1}"

    def cell(self, name: str) -> Cell:
        """Return the cell called ``name``; ValueError says what exists when it does not."""
        text = str(name).strip().upper()
        letters = text.rstrip("0123456789")
        digits = text[len(letters):]
        if not letters.isalpha() or not digits:
            raise ValueError(f"{name!r} is not a hex name such as C4 ({self.line} letter, place "
                             f"in the {self.line})")
        index = _index(letters)
        row_keys = sorted(self.rows)
        if index >= len(row_keys):
            raise ValueError(f"hex {name} is outside the board: {self.line}s run "
                             f"A-{row_letters(len(row_keys) - 1)}")
        row = self.rows[row_keys[index]]
        place = int(digits)
        if not 1 <= place <= len(row):
            raise ValueError(f"hex {name} is outside the board: {self.line} {letters} has "
                             f"{len(row)} hexes ({letters}1-{letters}{len(row)})")
        return row[place - 1], row_keys[index]


def row_letters(index: int) -> str:
    """Return A..Z, AA, AB ... for 0, 1, ...: how boards letter their rows."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = LETTERS[rest] + out
    return out


def _index(letters: str) -> int:
    value = 0
    for ch in letters:
        value = value * 26 + LETTERS.index(ch) + 1
    return value - 1


@dataclass(frozen=True)
class Layout:
    """Where cells sit on paper: orientation and size across flats, in points."""

    pointy: bool
    size: float

    @property
    def radius(self) -> float:
        """Centre-to-corner distance."""
        return circumradius(self.size)

    def center(self, cell: Cell) -> tuple[float, float]:
        """Return the centre of ``cell`` (x right, y down) relative to cell (0, 0)."""
        q, r = cell
        if self.pointy:
            return self.size * (q + r / 2), 1.5 * self.radius * r
        # flat: the pointy picture mirrored about the diagonal (rows become columns)
        return 1.5 * self.radius * r, self.size * (q + r / 2)

    def corners(self, cell: Cell, inset: float = 0.0) -> list[tuple[float, float]]:
        """Return the six corners of ``cell`` (y down), ``inset`` points in from its sides."""
        cx, cy = self.center(cell)
        return hexagon(cx, cy, inset_radius(self.radius, inset), self.pointy)

    def bounds(self, cells) -> tuple[float, float, float, float]:
        """Return (x0, y0, x1, y1) around every hex of ``cells`` (corners included)."""
        xs, ys = [], []
        for cell in cells:
            for x, y in self.corners(cell):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def extent(self, cells) -> tuple[float, float]:
        """Return the width and height of the hex area."""
        x0, y0, x1, y1 = self.bounds(cells)
        return x1 - x0, y1 - y0


def size_to_fit(cells, pointy: bool, width: float, height: float) -> float:
    """Return the largest size across flats that fits ``cells`` in ``width`` x ``height``."""
    w, h = Layout(pointy, 1.0).extent(cells)
    return min(width / w, height / h)


@dataclass(frozen=True)
class RimLabel:
    """A coordinate printed on the rim of a board: its text, the point on the rim it stands
    at (x right, y down, from cell (0, 0)'s frame like :meth:`Layout.center`) and the side of
    the board it stands on (left, right, top or bottom: the text runs away from the board)."""

    text: str
    x: float
    y: float
    side: str


def rim_labels(names: Names, lay: Layout, gap: float) -> list[RimLabel]:
    """Return the rim coordinates of a board named by ``names``: each row's letter beside the
    row's first and last hex, and the places of the first and last rows' hexes (1, 2...)
    beyond them, ``gap`` points clear of the hexes.

    Pointy hexes: letters left and right of the rows, numbers above the top row and below the
    bottom one. Flat hexes (letters name columns): letters above and below the columns,
    numbers left of the first column and right of the last.
    """
    lines = sorted(names.rows)
    out: list[RimLabel] = []

    def place(cell: Cell, text: str, letters: bool, before: bool) -> None:
        """Put ``text`` beside ``cell``: before it (left or top) or after it."""
        cx, cy = lay.center(cell)
        # a row's letter sits across a hex's flats (pointy: left-right), a place number
        # beyond its corner; flat hexes turn the picture about the diagonal
        reach = (lay.size / 2 if letters else lay.radius) + gap
        sign = -1 if before else 1
        if lay.pointy == letters:
            out.append(RimLabel(text, cx + sign * reach, cy, "left" if before else "right"))
        else:
            out.append(RimLabel(text, cx, cy + sign * reach, "top" if before else "bottom"))

    for index, line in enumerate(lines):
        qs = names.rows[line]
        place((qs[0], line), row_letters(index), letters=True, before=True)
        place((qs[-1], line), row_letters(index), letters=True, before=False)
    for line, before in ((lines[0], True), (lines[-1], False)):
        for number, q in enumerate(names.rows[line], 1):
            place((q, line), str(number), letters=False, before=before)
    return out
