"""Clip shapes: the outline an ``image`` is cut to and a ``texture`` fills (``clip:``).

A shape is named (``rect``, ``rounded`` with the element's ``radius``, ``circle``, ``ellipse``,
``hexagon`` with points left and right, ``hexagon-pointy`` with points up and down) or is SVG
path data (``"M 0 0 L 10 0 L 5 8 Z"``), whose bounding box is stretched over the element's box
(y downwards, as in an SVG file). Every shape lies inside the element's box.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

from ..hexgrid import hexagon
from ..svgpath import parse_path

NAMED = ("rect", "rounded", "circle", "ellipse", "hexagon", "hexagon-pointy")
MAX_PATH = 20_000  # characters of path data


def _shape(value: Any) -> Any:
    """Return a named shape, or a path's commands as a tuple (``("path", d, commands)``)."""
    if value is None or value == "none":
        return None
    if isinstance(value, tuple):  # already read (a model copied)
        return value
    text = str(value).strip()
    if text in NAMED:
        return text
    if text[:1] not in ("M", "m"):
        raise ValueError(f"{text[:40]!r} is not a clip shape: give one of {', '.join(NAMED)}, "
                         "none, or SVG path data starting with M")
    if len(text) > MAX_PATH:
        raise ValueError(f"clip path of {len(text):,} characters; the limit is {MAX_PATH:,}")
    commands = parse_path(text)
    x0, y0, x1, y1 = _bounds(commands)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        raise ValueError(f"clip path {text[:40]!r} encloses no area")
    return ("path", text, tuple(commands))


ClipShape = Annotated[Any, BeforeValidator(_shape), WithJsonSchema({
    "description": "A clip shape: rect, rounded (corners of the element's radius), circle, "
                   "ellipse, hexagon (points left and right), hexagon-pointy, none, or SVG "
                   "path data (M ...) stretched over the box.",
    "anyOf": [{"enum": [*NAMED, "none"]}, {"type": "string", "pattern": r"^\s*[Mm]"},
              {"type": "null"}]})]


def _bounds(commands) -> tuple[float, float, float, float]:
    """Return the bounding box of path ``commands`` by their points (control points too)."""
    xs = [c[i] for c in commands for i in range(1, len(c), 2)]
    ys = [c[i] for c in commands for i in range(2, len(c), 2)]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)


def shape_path(canvas, shape, x: float, y: float, w: float, h: float, radius: float = 0.0):
    """Return a canvas path of ``shape`` in the box with lower-left corner (x, y), ``w`` x
    ``h`` points (``radius``: the corners of ``rounded``)."""
    path = canvas.beginPath()
    if shape in (None, "rect") or (shape == "rounded" and radius <= 0):
        path.rect(x, y, w, h)
    elif shape == "rounded":
        path.roundRect(x, y, w, h, min(radius, w / 2, h / 2))
    elif shape == "circle":
        path.circle(x + w / 2, y + h / 2, min(w, h) / 2)
    elif shape == "ellipse":
        path.ellipse(x, y, w, h)
    elif shape in ("hexagon", "hexagon-pointy"):
        pointy = shape == "hexagon-pointy"
        # the regular hexagon as large as fits the box, centred in it
        across, along = (w, h) if not pointy else (h, w)
        r = min(across / 2, along / 3 ** 0.5)
        points = hexagon(x + w / 2, y + h / 2, r, pointy=pointy)
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    else:
        _, _, commands = shape
        bx0, by0, bx1, by1 = _bounds(commands)
        sx, sy = w / (bx1 - bx0), h / (by1 - by0)

        def at(px, py):  # SVG y grows downwards; the face's upwards
            return x + (px - bx0) * sx, y + h - (py - by0) * sy

        for cmd in commands:
            if cmd[0] == "M":
                path.moveTo(*at(cmd[1], cmd[2]))
            elif cmd[0] == "L":
                path.lineTo(*at(cmd[1], cmd[2]))
            elif cmd[0] == "C":
                path.curveTo(*at(cmd[1], cmd[2]), *at(cmd[3], cmd[4]), *at(cmd[5], cmd[6]))
            else:
                path.close()
    return path


def clip_to(canvas, shape, x: float, y: float, w: float, h: float, radius: float = 0.0) -> None:
    """Clip what is drawn next (until ``restoreState``) to ``shape`` in the box."""
    canvas.clipPath(shape_path(canvas, shape, x, y, w, h, radius), stroke=0, fill=0)
