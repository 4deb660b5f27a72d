"""Home printing: cards in a grid with a bled gap between them, and a backs page for duplex.

The grid is sized to the profile's ``grid_area`` (for ``a4`` and ``letter`` the 210 x 279.4 mm
both share, so 3 x 3 poker cards print alike on either). Cards stand a ``gap`` apart, each
card's bleed filling its half of the gap, as retail print-and-play files do: a cut a little off
its line still leaves a clean card (two cuts per gap; gap 0 abuts the cards, one cut serving
two). ``gap: auto`` (the home profiles' default) is the largest gap that keeps the cards a page
holds abutted, up to twice the bleed, with every trim at least ``PRINTER_MARGIN`` inside the
grid area and the crop marks keeping their room. Crop marks sit outside the grid at every cut.
The backs page mirrors the grid for the profile's duplex turn (columns for long-edge, rows for
short-edge) so every back lands behind its front; ``back_offset`` shifts the backs to cancel a
printer's drift.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...fill.faces import Card
from ...base.units import MM, to_points
from .common import ImposeOptions, LayoutError, backs_note, draw_footer, size_text
from ...load.chrome import chrome
from .marks import card_marks, face_clip, mark_room


@dataclass(frozen=True)
class Grid:
    """Columns, rows, face size, lower-left corner and gaps between faces, in points.

    ``gap`` parts neighbouring faces both ways; 0 abuts them (one cut serves two faces).
    """

    cols: int
    rows: int
    card_w: float
    card_h: float
    x0: float
    y0: float
    gap: float = 0.0

    def slot(self, index: int, turn: str = "none") -> tuple[float, float]:
        """Return the lower-left corner of slot ``index`` (row-major from the top-left).

        ``turn`` places the back of that slot: ``long-edge`` mirrors the columns (a page turned
        about its long edge, or a vertical fold), ``short-edge`` mirrors the rows.
        """
        row, col = divmod(index % (self.cols * self.rows), self.cols)
        if turn == "long-edge":
            col = self.cols - 1 - col
        elif turn == "short-edge":
            row = self.rows - 1 - row
        return (self.x0 + col * (self.card_w + self.gap),
                self.y0 + (self.rows - 1 - row) * (self.card_h + self.gap))

    @property
    def x1(self) -> float:
        """Right edge of the grid."""
        return self.x0 + self.cols * self.card_w + (self.cols - 1) * self.gap

    @property
    def y1(self) -> float:
        """Top edge of the grid."""
        return self.y0 + self.rows * self.card_h + (self.rows - 1) * self.gap


PRINTER_MARGIN = 5 * MM  # a home printer may leave this much unprinted: trims stay inside it


def gap_setting(component: str | None, profile) -> str | None:
    """Return the gap a deck's grid uses: the component's ``gap:`` if it sets one, else its
    profile's (None: the cards abut)."""
    return component if component is not None else getattr(profile, "gap", None)


# the narrowest auto gap: a narrower one leaves each card less than half a millimetre of its own
# bleed past its line (less than a cut by hand misses by) and a strip too thin to cut away, so
# the cards abut instead, one cut serving two
MIN_AUTO_GAP = 1 * MM


def auto_gap(count: int, size: float, room: float, bleed: float) -> float:
    """Return the largest gap between ``count`` faces of ``size`` in a row ``room`` points
    long, up to twice the ``bleed`` (each face's bleed filling its half); 0 for one face."""
    if count < 2:
        return 0.0
    return max(0.0, min(2 * bleed, (room - count * size) / (count - 1)))


def worth_cutting(gap: float) -> float:
    """Return an auto ``gap`` (the narrower of a grid's two), or 0 below
    :data:`MIN_AUTO_GAP`: the cards then abut."""
    return gap if gap >= MIN_AUTO_GAP else 0.0


def fixed_count(room: float, size: float, gap: float) -> int:
    """Return how many faces of ``size`` fit in ``room`` points ``gap`` apart."""
    return int((room + gap) // (size + gap))


def _edge(area: float, count: int, size: float, bleed: float) -> float:
    """Return how far inside the area's edge an auto gap keeps the outermost trims along one
    axis: past the bleed and the printer's margin, and past room for crop marks where the
    abutting grid leaves that room."""
    abutting = (area - count * size) / 2
    marks = mark_room(bleed)
    return max(bleed, PRINTER_MARGIN, marks if abutting >= marks else 0.0)


def grid_for(profile, card_w: float, card_h: float, bleed: float,
             gap: str | None = None) -> Grid:
    """Return the largest grid of cards (plus outer bleed) that fits the profile's grid area.

    ``gap`` (a length, ``auto`` or None for 0) parts the cards: ``auto`` keeps as many cards
    as abutting them would and parts them, one gap both ways, by as much as the area leaves
    (up to twice the bleed, trims ``PRINTER_MARGIN`` inside the area, crop marks keeping
    their room; none below ``MIN_AUTO_GAP``: they abut); a length parts them by that much.
    """
    paper = profile.page
    area_w, area_h = profile.grid_area
    fixed = 0.0 if gap in (None, "auto") else to_points(gap)
    cols = fixed_count(area_w - 2 * bleed, card_w, fixed)
    rows = fixed_count(area_h - 2 * bleed, card_h, fixed)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a face of {size_text(card_w, card_h)} plus {bleed / MM:.1f} mm bleed "
                          f"is larger than the {profile.name} grid area "
                          f"({size_text(area_w, area_h)})")
    if gap == "auto":
        fixed = worth_cutting(min(
            auto_gap(cols, card_w, area_w - 2 * _edge(area_w, cols, card_w, bleed), bleed),
            auto_gap(rows, card_h, area_h - 2 * _edge(area_h, rows, card_h, bleed), bleed)))
    x0 = (paper[0] - cols * card_w - (cols - 1) * fixed) / 2
    y0 = (paper[1] - rows * card_h - (rows - 1) * fixed) / 2
    return Grid(cols, rows, card_w, card_h, x0, y0, fixed)


def impose_card_grid(doc, cards: list[Card], profile, options: ImposeOptions,
                     gap: str | None = None) -> int:
    """Add front and back pages for ``cards``, ``gap`` apart (see :func:`grid_for`); return
    the number of pages."""
    paper = profile.page
    first = cards[0].front
    grid = grid_for(profile, first.width, first.height, first.bleed, gap)
    per_page = grid.cols * grid.rows
    has_backs = any(card.back is not None for card in cards)
    sheets = [cards[i:i + per_page] for i in range(0, len(cards), per_page)]
    pages = len(sheets) * (2 if has_backs else 1)
    page = 0
    dx, dy = options.back_offset
    w, h = grid.card_w, grid.card_h
    for sheet in sheets:
        doc.set_pagesize(paper)
        boxes = [(x, y, x + w, y + h) for x, y in (grid.slot(i) for i in range(len(sheet)))]
        for card, box in zip(sheet, boxes):
            doc.place(card.front, box[0], box[1], clip=face_clip(box, boxes, card.front.bleed))
        if profile.marks:
            card_marks(doc, boxes, first.bleed)
        page += 1
        draw_footer(doc, f"{options.footer} · {chrome('fronts')}", page, pages)
        doc.canvas.showPage()
        if not has_backs:
            continue
        doc.set_pagesize(paper)
        slots = [grid.slot(i, profile.duplex) for i, card in enumerate(sheet) if card.back]
        boxes = [(x, y, x + w, y + h) for x, y in slots]
        for card, box in zip([card for card in sheet if card.back], boxes):
            cx0, cy0, cx1, cy1 = face_clip(box, boxes, card.back.bleed)
            doc.place(card.back, box[0] + dx, box[1] + dy,
                      clip=(cx0 + dx, cy0 + dy, cx1 + dx, cy1 + dy))
        page += 1
        draw_footer(doc, f"{options.footer} · {backs_note(profile.duplex)}", page,
                    pages)
        doc.canvas.showPage()
    return pages
