"""Where the spaces of a ``path`` track go: around a rectangle, a closed loop or along a line.

Pure geometry in points, top-down (y grows downwards, as templates measure): each function
returns the centres of the spaces in track order. A rectangle's spaces sit on its corners (or
not) and spread evenly along each side, the sides sharing the spaces so that their spacing is
as even as can be; a loop or a line spreads them evenly along its length.
"""

from __future__ import annotations

import math

from .layout import LayoutError

CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")  # clockwise order
Point = tuple[float, float]


def rectangle(w: float, h: float, space: Point, count: int, corners: bool, start: str,
              clockwise: bool) -> list[Point]:
    """Return ``count`` centres around a ``w`` x ``h`` box whose spaces are ``space`` large.

    Raises LayoutError when they do not fit without overlapping.
    """
    sw, sh = space
    along = (w - sw, h - sh)  # corner centre to corner centre: top/bottom, left/right
    if min(along) <= 0:
        raise LayoutError("the box is smaller than one space")
    on_sides = count - (4 if corners else 0)
    if on_sides < 0:
        raise LayoutError(f"{count} spaces cannot fill the 4 corners; use corners: false")
    top, right, bottom, left = _share(on_sides, *along)
    for n, length, size, side in ((top, along[0], sw, "top"), (bottom, along[0], sw, "bottom"),
                                  (right, along[1], sh, "right"), (left, along[1], sh, "left")):
        if length / (n + 1) < size - 0.01:
            raise LayoutError(f"{n} spaces of {_mm(sw)} x {_mm(sh)} mm overlap on the {side} "
                              f"side ({_mm(length + size)} mm long)")
    x0, y0, x1, y1 = sw / 2, sh / 2, w - sw / 2, h - sh / 2
    sides = [  # clockwise from the top-left corner: (corner, spaces along the side after it)
        ((x0, y0), [(x0 + along[0] * (i + 1) / (top + 1), y0) for i in range(top)]),
        ((x1, y0), [(x1, y0 + along[1] * (i + 1) / (right + 1)) for i in range(right)]),
        ((x1, y1), [(x1 - along[0] * (i + 1) / (bottom + 1), y1) for i in range(bottom)]),
        ((x0, y1), [(x0, y1 - along[1] * (i + 1) / (left + 1)) for i in range(left)]),
    ]
    turn = CORNERS.index(start)
    sides = sides[turn:] + sides[:turn]
    ring = []
    for corner, side in sides:
        ring += ([corner] if corners else []) + side
    if clockwise:
        return ring
    if corners:  # the start corner first, then the other way round
        return ring[:1] + ring[:0:-1]
    # no corner spaces: start with the space after the start corner going anticlockwise
    return ring[::-1]


def _share(on_sides: int, across: float, down: float) -> tuple[int, int, int, int]:
    """Return the spaces on the top, right, bottom and left sides: the spread whose spacing
    varies least between the sides."""
    best, best_score = None, math.inf
    for horizontal in range(on_sides + 1):
        vertical = on_sides - horizontal
        counts = (-(-horizontal // 2), -(-vertical // 2), horizontal // 2, vertical // 2)
        pitches = [(across if i % 2 == 0 else down) / (n + 1) for i, n in enumerate(counts)]
        score = max(pitches) / min(pitches)
        if score < best_score - 1e-9:
            best, best_score = counts, score
    return best


def along(points: list[Point], count: int, closed: bool, pitch: float | None,
          clockwise: bool | None) -> list[Point]:
    """Return ``count`` centres along a line through ``points`` (closed: a loop).

    A loop spreads them evenly around from its first point; a line from its first point to its
    last, or ``pitch`` apart from the first. ``clockwise`` (loops) turns the loop that way.
    """
    if closed and clockwise is not None and _clockwise(points) != clockwise:
        points = points[:1] + points[:0:-1]
    if closed:
        points = points + points[:1]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    total = sum(lengths)
    if total <= 0:
        raise LayoutError("the path has no length")
    if pitch is None:
        step = total / count if closed else (total / (count - 1) if count > 1 else 0.0)
    else:
        step = pitch
        if step * (count - (0 if closed else 1)) > total + 0.01:
            raise LayoutError(f"{count} spaces {_mm(step)} mm apart need "
                              f"{_mm(step * (count - (0 if closed else 1)))} mm; the path is "
                              f"{_mm(total)} mm long")
    return [_at(points, lengths, step * i) for i in range(count)]


def _at(points: list[Point], lengths: list[float], distance: float) -> Point:
    """Return the point ``distance`` along the polyline."""
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if distance <= length + 1e-9 and length > 0:
            t = min(distance / length, 1.0)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        distance -= length
    return points[-1]


def _clockwise(points: list[Point]) -> bool:
    """Return whether a closed polygon runs clockwise as seen on the page (y downwards)."""
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))
    return area > 0


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}"
