"""Gutterfold: fronts left of a vertical fold, their backs mirrored to the right of it.

Printed single-sided on landscape paper, folded along the dashed line and glued, each card gets
its back without duplex printing. The fold is vertical, so backs are mirrored about it in
position but not rotated.
"""

from __future__ import annotations

from ..units import MM
from .card_grid import Grid
from .common import Card, ImposeOptions, LayoutError, draw_footer, size_text
from .marks import crop_marks, fold_line

GUTTER = 3.5 * MM  # from the fold to the nearest card trim, on each side
MARGIN = 4 * MM    # paper edge to outer bleed (a printer may clip bleed there, never the card)


def gutterfold_grids(profile, cw: float, ch: float, bleed: float) -> tuple[Grid, Grid]:
    """Return the fronts grid left of the fold and the backs grid right of it."""
    width, height = max(profile.page), min(profile.page)
    fold = width / 2
    cols = int((fold - GUTTER - MARGIN - bleed) // cw)
    rows = int((height - 2 * (MARGIN + bleed)) // ch)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a face of {size_text(cw, ch)} plus {bleed / MM:.1f} mm bleed is too "
                          f"large for half a {profile.name} page")
    y0 = (height - rows * ch) / 2
    return (Grid(cols, rows, cw, ch, fold - GUTTER - cols * cw, y0),
            Grid(cols, rows, cw, ch, fold + GUTTER, y0))


def impose_gutterfold(doc, cards: list[Card], profile, options: ImposeOptions) -> int:
    """Add gutterfold pages for ``cards`` on the profile's landscape paper; return the pages."""
    width, height = max(profile.page), min(profile.page)
    first = cards[0].front
    cw, ch, bleed = first.width, first.height, first.bleed
    fold = width / 2
    fronts, backs = gutterfold_grids(profile, cw, ch, bleed)
    cols, rows, y0 = fronts.cols, fronts.rows, fronts.y0
    per_page = cols * rows
    sheets = [cards[i:i + per_page] for i in range(0, len(cards), per_page)]
    for number, sheet in enumerate(sheets, start=1):
        doc.set_pagesize((width, height))
        for index, card in enumerate(sheet):
            x, y = fronts.slot(index)
            doc.place(card.front, x, y, clip=fronts.clip(x, y, bleed))
            if card.back is not None:
                bx, by = backs.slot(index, "long-edge")  # mirror image about the fold
                doc.place(card.back, bx, by, clip=backs.clip(bx, by, bleed))
        ys = [y0 + j * ch for j in range(rows + 1)]
        for grid in (fronts, backs) if profile.marks else ():
            crop_marks(doc, [grid.x0 + i * cw for i in range(cols + 1)], ys, bleed)
        fold_line(doc, fold, y0 - bleed, y0 + rows * ch + bleed, "fold here, glue, then cut")
        draw_footer(doc, options.footer + " · gutterfold", number, len(sheets))
        doc.canvas.showPage()
    return len(sheets)
