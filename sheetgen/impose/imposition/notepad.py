"""Notepads: many copies of one sheet, each copy a reference to the sheet's single form.

Home papers (``a4``, ``letter``) take as many sheets per page as fit, with cut marks. The page
is turned to landscape rather than the sheet when that fits as many (a landscape sheet prints
upright on a landscape page, the way a player holds it, its glue edge at the page's top); a
sheet is turned only when that fits more; a sheet that fits only slightly too
large (down to ``MIN_SCALE``) is scaled rather than printed one per page, and a sheet larger than
the paper is scaled to fit. ``pod`` gives one sheet per page at trim plus bleed with TrimBox and
BleedBox, and clips the art away from the glue strip (pad printers repeat one page of artwork).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...base.units import MM
from .common import ImposeOptions, draw_footer
from .marks import MARK_LENGTH, MARK_WIDTH, crop_marks

MIN_SCALE = 0.9   # smallest scale accepted to print two or more sheets on one page
FOOTER_ROOM = 6 * MM


@dataclass(frozen=True)
class PadLayout:
    """How sheets sit on a home page: page size, grid, turn, scale and the block's corner."""

    paper: tuple[float, float]   # the page, turned to landscape when that keeps sheets upright
    cols: int
    rows: int
    rotated: bool
    scale: float
    cell_w: float   # one sheet's footprint on the page, after turn and scale
    cell_h: float
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        """Sheets per page."""
        return self.cols * self.rows


def pad_layout(paper: tuple[float, float], width: float, height: float) -> PadLayout:
    """Return the layout printing the most sheets per page.

    Ties go to the larger scale, then to sheets printed upright (on a turned page if need be),
    then to the page as given.
    """
    best, best_key = None, None
    for page in (paper, (paper[1], paper[0])):
        pw, ph = page
        for rotated in (False, True):
            w, h = (height, width) if rotated else (width, height)
            for cols in range(1, 5):
                for rows in range(1, 5):
                    scale = min(1.0, pw / (cols * w), ph / (rows * h))
                    if cols * rows > 1 and scale < MIN_SCALE:
                        continue
                    key = (cols * rows, round(scale, 4), not rotated, page == paper)
                    if best_key is None or key > best_key:
                        cw, ch = w * scale, h * scale
                        best_key = key
                        best = PadLayout(page, cols, rows, rotated, scale, cw, ch,
                                         (pw - cols * cw) / 2, (ph - rows * ch) / 2)
    return best


def _place(doc, face, x: float, y: float, lay: PadLayout) -> None:
    """Reference ``face``'s form with its trim at (x, y), turned and scaled, clipped to trim."""
    name = doc.form(face)
    c = doc.canvas
    c.saveState()
    c.translate(x, y)
    c.scale(lay.scale, lay.scale)
    if lay.rotated:
        c.translate(face.height, 0)
        c.rotate(90)
    path = c.beginPath()
    path.rect(0, 0, face.width, face.height)
    c.clipPath(path, stroke=0, fill=0)
    c.doForm(name)
    c.restoreState()


def _inner_cut_ticks(doc, xs: list[float], ys: list[float]) -> None:
    """Mark the cuts between sheets at both ends, where printers still print."""
    c = doc.canvas
    width, height = doc.pagesize
    c.saveState()
    doc.set_color((0, 0, 0), stroke=True)
    c.setLineWidth(MARK_WIDTH)
    edge = 4 * MM
    for x in xs[1:-1]:
        bottom = max(min(ys), edge)
        c.line(x, bottom, x, bottom + MARK_LENGTH)
        top = min(max(ys), height - edge)
        c.line(x, top, x, top - MARK_LENGTH)
    for y in ys[1:-1]:
        left = max(min(xs), edge)
        right = min(max(xs), width - edge)
        c.line(left, y, left + MARK_LENGTH, y)
        c.line(right, y, right - MARK_LENGTH, y)
    c.restoreState()


def impose_home_pad(doc, sheets: list, profile, options: ImposeOptions) -> int:
    """Add pages holding ``sheets`` (Faces, one per copy); return the page count."""
    paper = profile.page
    first = sheets[0]
    lay = pad_layout(paper, first.width, first.height)
    pages = [sheets[i:i + lay.per_page] for i in range(0, len(sheets), lay.per_page)]
    xs = [lay.x0 + i * lay.cell_w for i in range(lay.cols + 1)]
    ys = [lay.y0 + j * lay.cell_h for j in range(lay.rows + 1)]
    note = f" · printed at {lay.scale:.0%}" if lay.scale < 0.999 else ""
    for number, page in enumerate(pages, start=1):
        doc.set_pagesize(lay.paper)
        for index, face in enumerate(page):
            row, col = divmod(index, lay.cols)
            x = lay.x0 + col * lay.cell_w
            y = lay.y0 + (lay.rows - 1 - row) * lay.cell_h
            _place(doc, face, x, y, lay)
        if lay.per_page > 1 and profile.marks:
            crop_marks(doc, xs, ys, 0.0)
            _inner_cut_ticks(doc, xs, ys)
        if lay.x0 >= FOOTER_ROOM:
            draw_footer(doc, options.footer + note, number, len(pages))
        doc.canvas.showPage()
    return len(pages)


def impose_pod_pad(doc, sheets: list, glue_edge: str, strip: float,
                   options: ImposeOptions) -> int:
    """Add one page per sheet at trim plus bleed, glue strip kept clear; return the page count."""
    from .pod import face_page

    for face in sheets:
        b = face.bleed
        w, h = face.width + 2 * b, face.height + 2 * b
        clip = [0.0, 0.0, w, h]
        if strip:
            if glue_edge == "top":
                clip[3] = b + face.height - strip
            elif glue_edge == "bottom":
                clip[1] = b + strip
            elif glue_edge == "left":
                clip[0] = b + strip
            elif glue_edge == "right":
                clip[2] = b + face.width - strip
        face_page(doc, face, tuple(clip))
    return len(sheets)
