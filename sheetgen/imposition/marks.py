"""Crop marks outside a block of abutting faces, and other printer's marks."""

from __future__ import annotations

from ..units import MM

MARK_GAP = 0.5 * MM     # space between the bleed edge and a mark
MARK_LENGTH = 4 * MM
MARK_WIDTH = 0.25       # points
PAGE_SAFE = 2 * MM      # marks stop this far from the paper edge


def crop_marks(doc, xs: list[float], ys: list[float], bleed: float) -> None:
    """Draw crop marks at every cut line of a grid whose cuts are at ``xs`` and ``ys``.

    Marks sit outside the block's bleed, in the margins only (never between faces), and stop
    short of the paper edge.
    """
    c = doc.canvas
    width, height = doc.pagesize
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    c.saveState()
    doc.set_color((0, 0, 0), stroke=True)
    c.setLineWidth(MARK_WIDTH)
    for x in xs:
        _segment(c, x, top + bleed + MARK_GAP, 0, 1, height - PAGE_SAFE)
        _segment(c, x, bottom - bleed - MARK_GAP, 0, -1, PAGE_SAFE)
    for y in ys:
        _segment(c, right + bleed + MARK_GAP, y, 1, 0, width - PAGE_SAFE)
        _segment(c, left - bleed - MARK_GAP, y, -1, 0, PAGE_SAFE)
    c.restoreState()


def _segment(c, x: float, y: float, dx: int, dy: int, limit: float) -> None:
    start = x if dx else y
    room = (limit - start) * (dx or dy)
    length = min(MARK_LENGTH, room)
    if length > 0.5 * MM:
        c.line(x, y, x + dx * length, y + dy * length)


def fold_line(doc, x: float, y0: float, y1: float, label: str = "fold") -> None:
    """Draw a dashed vertical fold line with a label."""
    c = doc.canvas
    c.saveState()
    doc.set_color((0.4, 0.4, 0.4), stroke=True)
    doc.set_color((0.4, 0.4, 0.4))
    c.setLineWidth(0.4)
    c.setDash([3, 3])
    c.line(x, y0, x, y1)
    c.setFont(doc.fonts.font_name("body"), 6)
    c.drawCentredString(x, y1 + 2 * MM, label)
    c.restoreState()
