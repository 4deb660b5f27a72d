"""The heading atop every page of printable dice: what the dice are and how many to make.

A bold title (with the page number when there are several pages) over the dice to make,
wrapped to the page: game text, read at the printer before anything is cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit

from ...base.units import MM
from ...load.chrome import chrome

TITLE, DETAIL = 12.0, 9.5  # sizes in points
HEADING_ROOM = 17 * MM  # the most a heading takes above the blocks (title and two lines)


@dataclass(frozen=True)
class Heading:
    """The heading atop every page: its title and a line of the dice to make."""

    title: str
    detail: str


def wrap_detail(doc, heading: Heading, width: float) -> list[str]:
    """Return the heading's detail wrapped to ``width`` (points)."""
    return simpleSplit(heading.detail, doc.fonts.font_name("body"), DETAIL, width)


def heading_room(lines: list[str]) -> float:
    """Return the height the heading with these detail lines takes, its gap below included."""
    return TITLE * 1.2 + DETAIL * 1.2 * len(lines) + 3 * MM


def draw_heading(doc, heading: Heading, lines: list[str], x: float, top: float, page: int,
                 pages: int) -> None:
    """Write the heading's title (with the page number) and detail lines from ``top`` down."""
    c = doc.canvas
    doc.set_color((0.1, 0.1, 0.1))
    c.setFont(doc.fonts.font_name("body", bold=True), TITLE)
    numbered = (chrome("{title} · page {page} of {pages}", title=heading.title, page=page,
                      pages=pages)
                if pages > 1 else heading.title)
    c.drawString(x, top - TITLE * 0.8, numbered)
    c.setFont(doc.fonts.font_name("body"), DETAIL)
    for k, line in enumerate(lines):
        c.drawString(x, top - TITLE * 1.2 - DETAIL * (0.8 + 1.2 * k), line)
