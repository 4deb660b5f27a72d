"""What an SVG file draws, flattened: shapes in painting order, each with its paint, its
transformation and its clips, in the coordinates of the file's viewBox."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CURRENT = "currentColor"  # a paint that takes the element's colour


def multiply(outer: tuple, inner: tuple) -> tuple:
    """Return the matrix applying ``inner`` first, then ``outer`` (SVG's a b c d e f order)."""
    a, b, c, d, e, f = outer
    A, B, C, D, E, F = inner
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
            a * E + c * F + e, b * E + d * F + f)


def apply(matrix: tuple, x: float, y: float) -> tuple[float, float]:
    """Return point (x, y) transformed by ``matrix``."""
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def transformed(commands: list, matrix: tuple) -> list:
    """Return path ``commands`` with every point transformed by ``matrix``."""
    if matrix == IDENTITY:
        return commands
    out = []
    for cmd in commands:
        pts = [v for i in range(1, len(cmd), 2) for v in apply(matrix, cmd[i], cmd[i + 1])]
        out.append((cmd[0], *pts))
    return out


@dataclass(frozen=True)
class Stop:
    """One gradient stop: offset 0-1, colour (r, g, b 0-1) and opacity."""

    offset: float
    rgb: tuple
    opacity: float


@dataclass(frozen=True)
class Gradient:
    """A linear (coords x1 y1 x2 y2) or radial (cx cy r fx fy) gradient."""

    kind: str
    coords: tuple
    stops: tuple[Stop, ...]
    bounding_box: bool  # gradientUnits="objectBoundingBox" (the default)
    matrix: tuple = IDENTITY  # gradientTransform


@dataclass(frozen=True)
class Clip:
    """A clip path: its commands in the art's coordinates, and its fill rule."""

    commands: tuple
    evenodd: bool


@dataclass
class Shape:
    """One painted shape: path commands in its own coordinates, ``matrix`` to the art's.

    A paint is None (not painted), (r, g, b), :data:`CURRENT` or a :class:`Gradient`.
    """

    commands: list
    matrix: tuple
    fill: object
    stroke: object
    evenodd: bool = False
    explicit_rule: bool = False  # the file said fill-rule
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    stroke_width: float = 1.0
    cap: int = 0
    join: int = 0
    miter: float = 4.0
    dash: tuple = ()
    clips: tuple[Clip, ...] = ()


@dataclass
class Art:
    """A whole SVG: its viewBox, alignment, shapes and the warnings reading it gave."""

    box: tuple  # x, y, width, height
    align: str  # preserveAspectRatio: "xMidYMid", ..., or "none"
    shapes: list[Shape]
    warnings: list[str] = field(default_factory=list)

    @cached_property
    def one_colour(self) -> bool:
        """Return whether the art is painted only in black (or its element's colour), its
        fills and its strokes alike (``fill="none" stroke="#000"``: a line icon): such an
        icon takes the element's colour, as game-icons do (worked out once: art read is not
        changed)."""
        rules = {s.evenodd for s in self.shapes if s.fill is not None and s.explicit_rule}
        return len(rules) <= 1 and all(
            _black(s.fill) and _black(s.stroke) and not s.clips
            and (s.fill is None or s.fill_alpha == 1)
            and (s.stroke is None or s.stroke_alpha == 1) for s in self.shapes)

    @cached_property
    def stroked(self) -> bool:
        """Return whether any shape is stroked."""
        return any(s.stroke is not None for s in self.shapes)


def _black(paint) -> bool:
    """Return whether ``paint`` is none, black or the element's colour."""
    return paint is None or paint == CURRENT or paint == (0.0, 0.0, 0.0)
