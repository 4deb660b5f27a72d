"""Parse SVG path data (``d=``) into absolute move/line/curve/close commands.

Icons here are single-path SVGs (game-icons.net), so a 100-line parser replaces svglib, whose
import alone costs about 0.28 s of a 0.6 s build budget. Arcs become cubic Béziers.
"""

from __future__ import annotations

import math
import re

_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}

Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


def parse_path(d: str) -> list[Command]:
    """Return the absolute commands (M, L, C, Z) drawing the SVG path data ``d``."""
    tokens = _TOKEN.findall(d)
    out: list[Command] = []
    x = y = start_x = start_y = 0.0
    last_ctrl = None  # (kind, x, y): reflected by S and T
    i, cmd = 0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
        if cmd is None:
            raise ValueError("path data must start with a command")
        upper, rel = cmd.upper(), cmd.islower()
        n = _ARITY[upper]
        args = [float(t) for t in tokens[i:i + n]]
        i += n
        if len(args) < n:
            raise ValueError(f"command {cmd} needs {n} numbers")
        ox, oy = (x, y) if rel else (0.0, 0.0)
        ctrl = None
        if upper == "Z":
            out.append(("Z",))
            x, y = start_x, start_y
        elif upper == "M":
            x, y = ox + args[0], oy + args[1]
            start_x, start_y = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are implicit line-tos
        elif upper in "LHV":
            if upper == "H":
                x = (x if rel else 0.0) + args[0]
            elif upper == "V":
                y = (y if rel else 0.0) + args[0]
            else:
                x, y = ox + args[0], oy + args[1]
            out.append(("L", x, y))
        elif upper in "CS":
            if upper == "C":
                x1, y1 = ox + args[0], oy + args[1]
                rest = args[2:]
            else:
                x1, y1 = _reflect(last_ctrl, "C", x, y)
                rest = args
            x2, y2, nx, ny = ox + rest[0], oy + rest[1], ox + rest[2], oy + rest[3]
            out.append(("C", x1, y1, x2, y2, nx, ny))
            ctrl, x, y = ("C", x2, y2), nx, ny
        elif upper in "QT":
            if upper == "Q":
                qx, qy = ox + args[0], oy + args[1]
                nx, ny = ox + args[2], oy + args[3]
            else:
                qx, qy = _reflect(last_ctrl, "Q", x, y)
                nx, ny = ox + args[0], oy + args[1]
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        nx + 2 / 3 * (qx - nx), ny + 2 / 3 * (qy - ny), nx, ny))
            ctrl, x, y = ("Q", qx, qy), nx, ny
        elif upper == "A":
            nx, ny = ox + args[5], oy + args[6]
            out.extend(_arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), nx, ny))
            x, y = nx, ny
        last_ctrl = ctrl
    return out


def _reflect(last, kind, x, y):
    if last and last[0] == kind:
        return 2 * x - last[1], 2 * y - last[2]
    return x, y


def _arc(x1, y1, rx, ry, angle, large, sweep, x2, y2) -> list[Command]:
    """Convert an SVG elliptical arc to cubic Béziers (SVG spec, appendix F.6)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [("L", x2, y2)]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(angle)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    theta = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    segments = max(1, math.ceil(abs(delta) / (math.pi / 2)))
    step = delta / segments
    k = 4 / 3 * math.tan(step / 4)
    out: list[Command] = []

    def point(t):
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey

    def deriv(t):
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos_p * ex - sin_p * ey, sin_p * ex + cos_p * ey

    t = theta
    for _ in range(segments):
        p0, p3 = point(t), point(t + step)
        d0, d3 = deriv(t), deriv(t + step)
        out.append(("C", p0[0] + k * d0[0], p0[1] + k * d0[1],
                    p3[0] - k * d3[0], p3[1] - k * d3[1], p3[0], p3[1]))
        t += step
    return out
