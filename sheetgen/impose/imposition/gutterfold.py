"""Gutterfold: fronts left of a vertical fold, their backs mirrored to the right of it.

Printed single-sided on landscape paper, folded along the dashed line and glued, each card gets
its back without duplex printing. The fold is vertical, so backs are mirrored about it in
position but not rotated. Cards stand ``gap`` apart on each side of the fold, as on the home
grid (see card_grid: ``auto`` keeps the cards a page holds and parts them by what is left).
"""

from __future__ import annotations

from ...fill.faces import Card
from ...base.units import MM, to_points
from .card_grid import Grid, auto_gap, fixed_count, worth_cutting
from .common import SLUG_CLEARANCE, ImposeOptions, LayoutError, draw_footer, size_text
from ...load.chrome import chrome
from .marks import MARK_GAP, MARK_LENGTH, card_marks, face_clip, fold_line

GUTTER = 3.5 * MM  # from the fold to the nearest card trim, on each side
MARGIN = 4 * MM    # paper edge to outer bleed (a printer may clip bleed there, never the card)
SLUG_BAND = 5 * MM  # the page slug up the outer margin: an auto gap leaves it and the marks room


def gutterfold_grids(profile, cw: float, ch: float, bleed: float,
                     gap: str | None = None) -> tuple[Grid, Grid]:
    """Return the fronts grid left of the fold and the backs grid right of it, ``gap`` apart
    (a length, ``auto`` or None for 0; see card_grid.grid_for)."""
    width, height = max(profile.page), min(profile.page)
    fold = width / 2
    room_w, room_h = fold - GUTTER - MARGIN - bleed, height - 2 * (MARGIN + bleed)
    fixed = 0.0 if gap in (None, "auto") else to_points(gap)
    cols, rows = fixed_count(room_w, cw, fixed), fixed_count(room_h, ch, fixed)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a face of {size_text(cw, ch)} plus {bleed / MM:.1f} mm bleed is too "
                          f"large for half a {profile.name} page")
    if gap == "auto":  # the outer trims keep room for a whole crop mark and the slug beyond it
        outer = max(MARGIN + bleed, bleed + MARK_GAP + MARK_LENGTH + SLUG_CLEARANCE + SLUG_BAND)
        fixed = worth_cutting(min(auto_gap(cols, cw, fold - GUTTER - outer, bleed),
                                  auto_gap(rows, ch, room_h, bleed)))
    grid_w = cols * cw + (cols - 1) * fixed
    y0 = (height - rows * ch - (rows - 1) * fixed) / 2
    return (Grid(cols, rows, cw, ch, fold - GUTTER - grid_w, y0, fixed),
            Grid(cols, rows, cw, ch, fold + GUTTER, y0, fixed))


def impose_gutterfold(doc, cards: list[Card], profile, options: ImposeOptions,
                      gap: str | None = None) -> int:
    """Add gutterfold pages for ``cards`` on the profile's landscape paper, ``gap`` apart;
    return the pages."""
    width, height = max(profile.page), min(profile.page)
    first = cards[0].front
    cw, ch, bleed = first.width, first.height, first.bleed
    fold = width / 2
    fronts, backs = gutterfold_grids(profile, cw, ch, bleed, gap)
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
        fold_line(doc, fold, y0 - bleed, fronts.y1 + bleed,
                  chrome("fold here, glue, then cut"))
        draw_footer(doc, f"{options.footer} · {chrome('gutterfold')}", number, len(sheets))
        doc.canvas.showPage()
    return len(sheets)
