"""A one-page duplex calibration sheet: print it double-sided, read the offset, pass it on.

The front carries millimetre scales around three targets; the back carries a cross behind each
target. Held against the light, the cross shows how far the printer moved the back side; that
distance, with its sign flipped, is the ``--back-offset X,Y`` to build with.
"""

from __future__ import annotations

from ...base.units import MM
from .common import ImposeOptions

TARGETS_MM = [(40, 60), (105, 140), (170, 220)]  # from the top-left corner of the front


def impose_calibration(doc, paper, options: ImposeOptions) -> int:
    """Add the front and back calibration pages; return 2."""
    width, height = paper
    c = doc.canvas
    font = doc.fonts.font_name("body")
    bold = doc.fonts.font_name("body", bold=True)
    doc.set_pagesize(paper)
    doc.set_color((0, 0, 0))
    doc.set_color((0, 0, 0), stroke=True)
    c.setFont(bold, 14)
    c.drawString(20 * MM, height - 20 * MM, "sheetgen duplex calibration (front)")
    c.setFont(font, 9)
    lines = [
        "1. Print this PDF double-sided, flipping on the LONG edge, at 100% (no 'fit to page').",
        "2. Hold the sheet against a light. Each cross from the back should sit on the 0 of both",
        "   scales. Read where the cross's centre falls: x to the right is +, y upwards is +.",
        "3. Build with the opposite: cross at x=+1.0, y=-0.5 means --back-offset -1.0,0.5",
        "   (offsets are in mm, as seen on the back page, x right and y up).",
    ]
    for i, text in enumerate(lines):
        c.drawString(20 * MM, height - (28 + 5 * i) * MM, text)
    c.setLineWidth(0.3)
    for tx, ty in TARGETS_MM:
        x, y = tx * MM, height - ty * MM
        for k in range(-10, 11):
            tick = (3 if k % 5 == 0 else 1.5) * MM
            c.line(x + k * MM, y - tick, x + k * MM, y + tick)
            c.line(x - tick, y + k * MM, x + tick, y + k * MM)
            if k % 5 == 0 and k:
                c.setFont(font, 5)
                c.drawCentredString(x + k * MM, y - 6 * MM, f"{k:+d}")
                c.drawString(x + 4 * MM, y + k * MM - 1.5, f"{k:+d}")
        c.line(x - 10 * MM, y, x + 10 * MM, y)
        c.line(x, y - 10 * MM, x, y + 10 * MM)
    c.showPage()
    doc.set_pagesize(paper)
    doc.set_color((0, 0, 0))
    doc.set_color((0.8, 0, 0) if not options.cmyk else (0.8, 0, 0), stroke=True)
    dx, dy = options.back_offset
    c.setFont(bold, 14)
    c.drawString(20 * MM, height - 20 * MM, "sheetgen duplex calibration (back)")
    c.setFont(font, 9)
    c.drawString(20 * MM, height - 28 * MM,
                 f"Back offset applied to this page: {dx / MM:+.1f}, {dy / MM:+.1f} mm")
    c.setLineWidth(0.6)
    for tx, ty in TARGETS_MM:
        # long-edge duplex mirrors x: a target at tx from the front's left is at tx from the
        # back's right
        x, y = width - tx * MM + dx, height - ty * MM + dy
        c.line(x - 6 * MM, y, x + 6 * MM, y)
        c.line(x, y - 6 * MM, x, y + 6 * MM)
        c.circle(x, y, 2 * MM, stroke=1, fill=0)
    c.showPage()
    return 2
