"""What every imposition shares: the card pair, options and the page footer.

Paper sizes and print profiles are data: ``sheetgen/profiles.yaml`` (see sheetgen/profiles.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..faces import Face
from ..units import MM

MARK_COLOR = (0.0, 0.0, 0.0)


class LayoutError(ValueError):
    """A face that does not fit a profile's page; components report it at the face's size line."""


def size_text(width: float, height: float) -> str:
    """Return a size in points as ``63.5 x 88.9 mm``."""
    return f"{width / MM:.1f} x {height / MM:.1f} mm"


@dataclass(frozen=True)
class Card:
    """One physical card: its front, its back (None: blank) and a label for file names."""

    front: Face
    back: Face | None
    label: str


@dataclass(frozen=True)
class ImposeOptions:
    """User choices that change page layout or colour."""

    back_offset: tuple[float, float] = (0.0, 0.0)  # points, as seen on the back page
    cmyk: bool = False
    ink_saver: bool = False
    footer: str = ""
    credits: list[str] = field(default_factory=list)


SLUG_SIZE = 6.0  # pt: the page slug is read by people, so it keeps to the 6 pt minimum


def draw_footer(doc, text: str, page: int, pages: int) -> None:
    """Write a small label up the left page margin (outside any card), e.g. title and credits."""
    if not text:
        return
    c = doc.canvas
    c.saveState()
    doc.set_color((0.35, 0.35, 0.35))
    c.setFont(doc.fonts.font_name("body"), SLUG_SIZE)
    c.translate(4 * MM, 12 * MM)
    c.rotate(90)
    c.drawString(0, 0, f"{text} · page {page}/{pages}")
    c.restoreState()
