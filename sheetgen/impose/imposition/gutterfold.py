"""Gutterfold: fronts left of a vertical fold, their backs mirrored to the right of it.

Printed single-sided on landscape paper, folded along the dashed line and glued, each card gets
its back without duplex printing. The fold is vertical, so backs are mirrored about it in
position but not rotated.
"""

from __future__ import annotations

from ...fill.faces import Card
from ...base.units import MM
from .card_grid import Grid
from .common import ImposeOptions, LayoutError, draw_footer, size_text
from ...load.chrome import chrome
from .marks import card_marks, face_clip, fold_line

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
        fronts_at = [fronts.slot(i) for i in range(len(sheet))]
        backs_at = [backs.slot(i, "long-edge") for i in range(len(sheet))]  # mirrored at the fold
        front_boxes = [(x, y, x + cw, y + ch) for x, y in fronts_at]
        all_backs = [(x, y, x + cw, y + ch) for x, y in backs_at]
        back_boxes = [box for box, card in zip(all_backs, sheet) if card.back is not None]
        for card, box, back in zip(sheet, front_boxes, all_backs):
            doc.place(card.front, box[0], box[1], clip=face_clip(box, front_boxes, bleed))
            if card.back is not None:
                doc.place(card.back, back[0], back[1], clip=face_clip(back, back_boxes, bleed))
        for boxes in (front_boxes, back_boxes) if profile.marks else ():
            card_marks(doc, boxes, bleed)
        fold_line(doc, fold, y0 - bleed, y0 + rows * ch + bleed,
                  chrome("fold here, glue, then cut"))
        draw_footer(doc, f"{options.footer} · {chrome('gutterfold')}", number, len(sheets))
        doc.canvas.showPage()
    return len(sheets)
