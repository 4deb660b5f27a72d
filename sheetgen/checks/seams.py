"""The seam check: no text crosses the glue seam of a board tiled over home pages.

A face cut over several pages (a board on A4 or Letter, ``impose/imposition/tiling.py``) is
glued back together at its seams: a word that straddles one is cut in two, and the two halves
rarely meet again. Every text run the face draws (read from its drawing, as the other print
checks read it) must lie wholly on one side of every seam; a finding names the element, the
text, the seam (between which tiles, how far from the board's edge) and the profile.
``print_checks: {seams: true}`` in game.yaml turns the check on for a game (off by default
until every shipped game passes it).
"""

from __future__ import annotations

from ..base.errors import Problem
from ..base.units import MM
from .face_checks import _origin, _quote
from .probe import Text
from .record import record

# how far (points) a text run must reach past a seam to cross it: a glyph's side bearing
# touching the seam is not a cut word
TOLERANCE = 0.5


def seam_problems(face, plan, fonts, icons, side: str, profile: str) -> list[Problem]:
    """Return one problem for every element of ``face`` with text runs crossing a seam of
    ``plan`` (a TilePlan), at the element's line, naming its texts (the first three) and the
    seam; ``side`` and ``profile`` name where the face is cut, for the message."""
    seams = _seams(face, plan)
    if not seams:
        return []
    normal, _ = record(face, fonts, icons)
    crossing: dict[tuple, list[str]] = {}  # (element index, seam) -> its texts on the seam
    for index, drawing in enumerate(normal):
        for item in drawing.marks:
            if item.__class__ is not Text or not item.text.strip():
                continue
            x0, y0, x1, y1 = item.box
            for seam in seams:
                low, high = (x0, x1) if seam[0] else (y0, y1)
                if low + TOLERANCE < seam[1] < high - TOLERANCE:
                    texts = crossing.setdefault((index, seam), [])
                    if item.text not in texts:
                        texts.append(item.text)
    out = []
    for (index, (_, _, between, where)), texts in crossing.items():
        origin = _origin(face.origins, index, face.elements[index])
        shown = ", ".join(_quote(text) for text in texts[:3])
        more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
        verb = "crosses" if len(texts) == 1 else "cross"
        out.append(Problem(origin.path, origin.line,
                           f"({origin.name}): text {shown}{more} {verb} the glue seam between "
                           f"tiles {between} of {side} in profile {profile} ({where}); move "
                           "or shorten it so that it lies on one tile"))
    return out


def _seams(face, plan) -> list[tuple[bool, float, str, str]]:
    """Return every inner seam of ``plan``: (vertical?, where in face points, the tiles it
    joins, where it runs in words)."""
    out = []
    for col in range(1, plan.cols):
        at = plan.xs[col]
        out.append((True, at, f"C{col} and C{col + 1}",
                    f"the vertical seam {at / MM:.0f} mm from the board's left edge"))
    for row in range(1, plan.rows):
        at = plan.ys[row]
        out.append((False, at, f"R{row} and R{row + 1}",
                    f"the horizontal seam {(face.height - at) / MM:.0f} mm from the board's "
                    "top edge"))
    return out
