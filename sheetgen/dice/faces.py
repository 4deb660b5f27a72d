"""The pictures of dice faces for the HTML page: icon outlines for symbol faces.

A symbol face (``hammer``) is drawn with the project's icon of the same name
(``templates/icons/hammer.svg``, a single-path SVG), or the one the die's ``icons`` maps it
to; a ``blank`` face is drawn empty. Only the outline's path data and
viewBox are kept: the page fills them with the die's ink colour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_VIEWBOX = re.compile(r'viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)[\s,]+([-\d.]+)\s*"')
_PATH_D = re.compile(r'<path\b[^>]*?\sd="([^"]+)"')

BLANK = "blank"  # the built-in empty face: drawn with nothing on it, scripted as "blank"


@dataclass(frozen=True)
class FaceIcon:
    """One icon outline: its viewBox and the ``d`` of each path."""

    viewbox: str
    paths: tuple[str, ...]


def icon_of(die, face) -> str:
    """Return the icon name that draws ``die``'s ``face`` ('' for a number or a blank face)."""
    if not isinstance(face, str):
        return ""
    return (getattr(die, "icons", None) or {}).get(face, "" if face == BLANK else face)


def face_key(die: str, face) -> str:
    """Return the key of one die's face in ``Script.icons`` (a face name may differ per die)."""
    return f"{die}/{face}"


def face_icons(project, icon_names: dict[str, str]) -> dict[str, FaceIcon]:
    """Return the outline of each face's icon (face key -> icon name) the project has."""
    from ..fill.icons import IconBook

    files = IconBook.for_project(project).files
    out = {}
    for key, name in sorted(icon_names.items()):
        if name in files:
            text = files[name].read_text(encoding="utf-8")
            box = _VIEWBOX.search(text)
            out[key] = FaceIcon(" ".join(box.groups()) if box else "0 0 512 512",
                                tuple(_PATH_D.findall(text)))
    return out


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
