"""What every imposition shares: options, the layout error and the page footer.

Paper sizes and print profiles are data: ``sheetgen/load/profiles.yaml``
(see sheetgen/load/profiles.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...base.units import MM
from .marks import trim_marks

MARK_COLOR = (0.0, 0.0, 0.0)


class LayoutError(ValueError):
    """A face that does not fit a profile's page; components report it at the face's size line."""


def size_text(width: float, height: float) -> str:
    """Return a size in points as ``63.5 x 88.9 mm``."""
    return f"{width / MM:.1f} x {height / MM:.1f} mm"


@dataclass(frozen=True)
class ImposeOptions:
    """User choices that change page layout or colour."""

    back_offset: tuple[float, float] = (0.0, 0.0)  # points, as seen on the back page
    cmyk: bool = False
    ink_saver: bool = False
    footer: str = ""
    credits: list[str] = field(default_factory=list)
    pdfx: tuple[str, str] | None = None  # (PDF/X version, output condition); implies cmyk


SLUG_SIZE = 6.0  # pt: the page slug is read by people, so it keeps to the 6 pt minimum


SLUG_CLEARANCE = 1 * MM  # between the slug and any mark or face


def backs_note(duplex: str) -> str:
    """Return the footer words of a backs page: how to print it, in the edition's language."""
    from ...load.chrome import chrome

    return chrome("backs (print {duplex} duplex)", duplex=chrome(duplex))


SLUG_START = 12 * MM  # where the slug starts along its margin, from the page's corner


def slug_text(text: str, page: int, pages: int) -> str:
    """Return the page slug: the footer text and the page number."""
    from ...load.chrome import chrome

    return f"{text} · {chrome('page {page}/{pages}', page=page, pages=pages)}"


def slug_room(doc, text: str, pages: int) -> float:
    """Return the length of page the slug of ``text`` needs along a margin (points; 0 for no
    slug): a page sized to what it prints is at least this long, so the credits print whole."""
    if not text:
        return 0.0
    from reportlab.pdfbase import pdfmetrics

    font = doc.fonts.font_name("body")
    return 2 * SLUG_START + pdfmetrics.stringWidth(slug_text(text, pages, pages), font,
                                                   SLUG_SIZE)


def draw_footer(doc, text: str, page: int, pages: int) -> None:
    """Write the page slug (title, credits, page number) in a margin, clear of marks and faces.

    It goes up the left margin when that is free, else along the bottom, top or right margin:
    the first place where it crosses nothing the page prints (``doc.occupied``).
    """
    if not text:
        return
    from reportlab.pdfbase import pdfmetrics

    c = doc.canvas
    text = slug_text(text, page, pages)
    font = doc.fonts.font_name("body")
    length = pdfmetrics.stringWidth(text, font, SLUG_SIZE)
    face = pdfmetrics.getFont(font).face
    up, down = face.ascent / 1000 * SLUG_SIZE, -face.descent / 1000 * SLUG_SIZE
    width, height = doc.pagesize
    edge, start = 4 * MM, SLUG_START
    # (x, y of the baseline start, rotation, box the text covers)
    places = [
        (edge, start, 90, (edge - up, start, edge + down, start + length)),
        (start, edge, 0, (start, edge - down, start + length, edge + up)),
        (start, height - edge - up, 0, (start, height - edge - up - down, start + length,
                                         height - edge)),
        (width - edge, height - start, -90, (width - edge - down, height - start - length,
                                              width - edge + up, height - start)),
    ]
    occupied = getattr(doc, "occupied", [])
    clear = next((p for p in places if _clear(p[3], occupied, width, height)), None)
    if clear is None:  # no margin is clear: the one crossing the fewest marks, marks trimmed
        marks = [(sx, sy, ex, ey) for _, sx, sy, ex, ey in getattr(doc, "marks", [])]
        clear = min((p for p in places if _clear(p[3], [], width, height)),
                    key=lambda p: sum(not _clear(p[3], [(min(a, c), min(b, d), max(a, c),
                                                         max(b, d))], width, height)
                                      for a, b, c, d in marks), default=places[0])
        if hasattr(doc, "marks"):
            trim_marks(doc, clear[3], SLUG_CLEARANCE)
    x, y, angle, _ = clear
    c.saveState()
    doc.set_color((0.35, 0.35, 0.35))
    c.setFont(font, SLUG_SIZE)
    c.translate(x, y)
    c.rotate(angle)
    c.drawString(0, 0, text)
    c.restoreState()


def _clear(box, occupied, width: float, height: float) -> bool:
    """Return whether ``box`` lies on the page and keeps clear of every occupied box."""
    x0, y0, x1, y1 = box
    if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
        return False
    gap = SLUG_CLEARANCE
    return not any(x0 < o[2] + gap and o[0] - gap < x1 and y0 < o[3] + gap and o[1] - gap < y1
                   for o in occupied)
