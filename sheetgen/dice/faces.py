"""The pictures of dice faces for the HTML page: icon outlines for symbol faces.

A symbol face (``hammer``) is drawn with the project's icon of the same name
(``templates/icons/hammer.svg``), or the one the die's ``icons`` maps it to; a ``blank`` face
is drawn empty. The icon is read as the PDF reads it (:func:`sheetgen.fill.art.read.read_art`):
its filled shapes become one outline the page fills with the die's ink colour, its stroked
shapes (a line icon: ``fill="none"`` with a black stroke) lines the page strokes in that ink,
so a rune drawn in lines stays lines, as on the printed die.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BLANK = "blank"  # the built-in empty face: drawn with nothing on it, scripted as "blank"
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")


@dataclass(frozen=True)
class Line:
    """One stroked shape of an icon: its path data, width, cap and join (SVG names)."""

    d: str
    width: float
    cap: str
    join: str


@dataclass(frozen=True)
class FaceIcon:
    """One icon: its viewBox, the path data of its filled outline (and whether that is filled
    even-odd, as the PDF fills it), and its stroked lines."""

    viewbox: str
    fill: str
    evenodd: bool
    lines: tuple[Line, ...] = ()


def icon_of(die, face) -> str:
    """Return the icon name that draws ``die``'s ``face`` ('' for a number or a blank face)."""
    if not isinstance(face, str):
        return ""
    return (getattr(die, "icons", None) or {}).get(face, "" if face == BLANK else face)


def face_key(die: str, face) -> str:
    """Return the key of one die's face in ``Script.icons`` (a face name may differ per die)."""
    return f"{die}/{face}"


def _d(commands) -> str:
    """Return SVG path data of path ``commands`` (M, L, C and Z, absolute)."""
    return " ".join(cmd[0] + " ".join(f"{v:.6g}" for v in cmd[1:]) for cmd in commands)


def face_icon(art) -> FaceIcon:
    """Return the HTML page's drawing of one-colour icon ``art`` (an Art)."""
    from ..fill.art.model import transformed

    x, y, w, h = art.box
    filled = [s for s in art.shapes if s.fill is not None]
    lines = tuple(
        Line(_d(transformed(s.commands, s.matrix)),
             s.stroke_width * math.sqrt(abs(s.matrix[0] * s.matrix[3]
                                            - s.matrix[1] * s.matrix[2])),
             CAPS[s.cap], JOINS[s.join])
        for s in art.shapes if s.stroke is not None)
    return FaceIcon(f"{x:g} {y:g} {w:g} {h:g}",
                    " ".join(_d(transformed(s.commands, s.matrix)) for s in filled),
                    not any(s.explicit_rule and not s.evenodd for s in filled), lines)


def face_icons(project, icon_names: dict[str, str]) -> dict[str, FaceIcon]:
    """Return the drawing of each face's icon (face key -> icon name) the project has."""
    from ..fill.icons import IconBook

    book = IconBook.for_project(project)
    return {key: face_icon(book.art(name)) for key, name in sorted(icon_names.items())
            if name in book.files}


def ink_for(colour: str) -> str:
    """Return black or white, whichever reads better on ``colour`` (#rrggbb)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return "#111111" if luminance > 0.179 else "#ffffff"


PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
        4: [(28, 28), (72, 28), (28, 72), (72, 72)],
        5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
        6: [(28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)]}
