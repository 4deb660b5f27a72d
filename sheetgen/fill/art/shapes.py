"""The basic SVG shapes (rect, circle, ellipse, line, polyline, polygon) as path commands, and
the bounding box of a path (for gradients in objectBoundingBox units)."""

from __future__ import annotations

import math

from ..svgpath import parse_path
from .values import length, numbers

SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
K = 0.5522847498307936  # control-point distance of a quarter circle of radius 1


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list:
    kx, ky = rx * K, ry * K
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def _rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> list:
    if rx <= 0 or ry <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    kx, ky = rx * (1 - K), ry * (1 - K)
    return [("M", x + rx, y), ("L", x + w - rx, y),
            ("C", x + w - kx, y, x + w, y + ky, x + w, y + ry), ("L", x + w, y + h - ry),
            ("C", x + w, y + h - ky, x + w - kx, y + h, x + w - rx, y + h), ("L", x + rx, y + h),
            ("C", x + kx, y + h, x, y + h - ky, x, y + h - ry), ("L", x, y + ry),
            ("C", x, y + ky, x + kx, y, x + rx, y), ("Z",)]


def shape_commands(tag: str, get, box: tuple) -> list:
    """Return the path commands of basic shape or path ``tag``; ``get(name, default)`` reads
    an attribute; ``box`` (the viewBox) gives percentages their base. [] draws nothing."""
    vw, vh = box[2], box[3]
    diagonal = math.hypot(vw, vh) / math.sqrt(2)

    def num(name, base):
        return length(get(name, "0"), name, base)

    if tag == "path":
        return parse_path(get("d", ""))
    if tag == "rect":
        w, h = num("width", vw), num("height", vh)
        if w < 0 or h < 0:
            raise ValueError("a rect's width and height may not be negative")
        rx_text, ry_text = get("rx", None), get("ry", None)
        rx = length(rx_text, "rx", vw) if rx_text not in (None, "auto") else None
        ry = length(ry_text, "ry", vh) if ry_text not in (None, "auto") else None
        rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
        return _rect(num("x", vw), num("y", vh), w, h, rx, ry) if w and h else []
    if tag == "circle":
        r = num("r", diagonal)
        return _ellipse(num("cx", vw), num("cy", vh), r, r) if r > 0 else []
    if tag == "ellipse":
        rx, ry = num("rx", vw), num("ry", vh)
        return _ellipse(num("cx", vw), num("cy", vh), rx, ry) if rx > 0 and ry > 0 else []
    if tag == "line":
        return [("M", num("x1", vw), num("y1", vh)), ("L", num("x2", vw), num("y2", vh))]
    values = numbers(get("points", ""), "points")
    if len(values) % 2:
        raise ValueError("points= needs pairs of numbers")
    if len(values) < 4:
        return []
    out = [("M", values[0], values[1])]
    out += [("L", values[i], values[i + 1]) for i in range(2, len(values), 2)]
    return out + [("Z",)] if tag == "polygon" else out


def bounds(commands) -> tuple[float, float, float, float]:
    """Return (x0, y0, x1, y1) of path ``commands``, curves by their extremes."""
    xs, ys = [], []
    x = y = 0.0
    for cmd in commands:
        if cmd[0] == "C":
            for axis, out in ((0, xs), (1, ys)):
                p0 = (x, y)[axis]
                p1, p2, p3 = cmd[1 + axis], cmd[3 + axis], cmd[5 + axis]
                out += [_cubic(p0, p1, p2, p3, t) for t in _extremes(p0, p1, p2, p3)]
        if len(cmd) > 1:
            x, y = cmd[-2], cmd[-1]
            xs.append(x)
            ys.append(y)
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return min(xs), min(ys), max(xs), max(ys)


def _cubic(p0, p1, p2, p3, t):
    s = 1 - t
    return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3


def _extremes(p0, p1, p2, p3):
    """Return the parameters in (0, 1) where a cubic's coordinate turns."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        roots = [-c / b] if abs(b) > 1e-12 else []
    else:
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        root = math.sqrt(disc)
        roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    return [t for t in roots if 0 < t < 1]
