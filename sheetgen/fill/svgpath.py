"""Parse SVG path data (``d=``) into absolute move/line/curve/close commands.

Every command of the SVG grammar is read, absolute and relative, with the shorthands (H, V, S,
T) and arcs (which become cubic Béziers), including the compact arc flags optimisers write
(``a1 1 0 011 1``). The parser is strict: anything that is not a command, a number or a
separator is a ValueError naming its position, and so is a number that is not finite.
"""

from __future__ import annotations

import math
import re

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SEPARATOR = re.compile(r"[\s,]*")
_FLAG = re.compile(r"[01]")
_COMMANDS = "MmZzLlHhVvCcSsQqTtAa"
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
MAX_NUMBERS = 200_000  # in one path's data (the largest shipped path has 1,515)


def _group(cmd: str) -> re.Pattern:
    """Return the expression of one group of ``cmd``'s numbers, each followed by separators:
    every number (and arc flag) atomic and the separators possessive, so it matches where
    reading them one at a time would, as long, and fails where that would fail."""
    arc = cmd in "Aa"
    parts = [f"((?>{_FLAG.pattern if arc and index in (3, 4) else _NUMBER.pattern}))[\\s,]*+"
             for index in range(_ARITY[cmd.upper()])]
    return re.compile("".join(parts))


# one match per group of numbers instead of two per number: the art of a deck is read in every
# cold build, and its paths' numbers were a fifteenth of a one-deck build
_GROUPS = {cmd: _group(cmd).match for cmd in _COMMANDS if cmd not in "Zz"}

Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


def _tokens(d: str):
    """Yield (command letter, its numbers) of path data ``d``, repeating a command's letter for
    each further group of numbers it takes."""
    separator, number, flag = _SEPARATOR.match, _NUMBER.match, _FLAG.match
    isfinite = math.isfinite
    end = len(d)
    pos = separator(d, 0).end()
    count = 0
    cmd = None
    while pos < end:
        if d[pos] in _COMMANDS:
            cmd = d[pos]
            pos = separator(d, pos + 1).end()
            if cmd in "Zz":
                yield cmd, []
                cmd = None
                continue
        elif cmd is None:
            raise ValueError(f"path data must start with a command, not {d[pos:pos + 12]!r}")
        found = _GROUPS[cmd](d, pos)
        if found is not None:
            args = list(map(float, found.groups()))
            if max(map(abs, args)) <= 1e9:  # not infinite either
                count += len(args)
                if count > MAX_NUMBERS:
                    raise ValueError(f"path data has more than {MAX_NUMBERS:,} numbers")
                yield cmd, args
                pos = found.end()
                if cmd in "Mm":  # further pairs are implicit line-tos
                    cmd = "l" if cmd == "m" else "L"
                continue
        # a mistake in this group: read it one number at a time, to say where
        args = []
        arc = cmd in "Aa"
        for index in range(_ARITY[cmd.upper()]):
            is_flag = arc and index in (3, 4)
            found = (flag if is_flag else number)(d, pos)
            if found is None:
                what = "an arc flag (0 or 1)" if is_flag else "a number"
                raise ValueError(f"command {cmd} needs {what} at character {pos + 1}, not "
                                 f"{d[pos:pos + 12]!r}")
            text = found.group()
            value = float(text)
            if not isfinite(value) or abs(value) > 1e9:
                raise ValueError(f"number {text!r} at character {pos + 1} is out of range")
            args.append(value)
            pos = separator(d, found.end()).end()
        count += len(args)
        if count > MAX_NUMBERS:
            raise ValueError(f"path data has more than {MAX_NUMBERS:,} numbers")
        yield cmd, args
        if cmd in "Mm":  # further pairs are implicit line-tos
            cmd = "l" if cmd == "m" else "L"


def parse_path(d: str) -> list[Command]:
    """Return the absolute commands (M, L, C, Z) drawing the SVG path data ``d``."""
    out: list[Command] = []
    x = y = start_x = start_y = 0.0
    last_ctrl = None  # (kind, x, y): reflected by S and T
    for cmd, args in _tokens(d):
        upper, rel = cmd.upper(), cmd.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        ctrl = None
        if upper == "Z":
            out.append(("Z",))
            x, y = start_x, start_y
        elif upper == "M":
            x, y = ox + args[0], oy + args[1]
            start_x, start_y = x, y
            out.append(("M", x, y))
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
    if out and out[0][0] != "M":
        raise ValueError("path data must start with a move (M or m)")
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
