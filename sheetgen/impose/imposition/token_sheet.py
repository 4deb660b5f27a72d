"""Home printing of tokens: a grid of round, square or hex tokens with cut guides, and backs.

Tokens sit in a grid centred on the page (so fronts and backs share it), ``gap`` apart. Each
token is clipped to its cut shape plus as much bleed as the gap allows (square tokens with no
gap share cuts and carry bleed only on the grid's outer edge, as cards do). Round and hex
tokens get a thin cut line on the front; square ones crop marks outside the grid. The backs
page mirrors the columns for long-edge duplex and applies ``back_offset``.
"""

from __future__ import annotations


from ...fill.faces import Card
from ...fill.hexgrid import circumradius, hexagon, inset_radius
from ...base.units import MM
from .card_grid import Grid
from .common import ImposeOptions, LayoutError, backs_note, draw_footer, size_text
from ...load.chrome import chrome
from .marks import card_marks, face_clip

SHEET_MARGIN = 10 * MM
CUT_GREY = (0.35, 0.35, 0.35)


def token_grid(profile, w: float, h: float, gap: float, bleed: float) -> Grid:
    """Return the largest grid of ``w`` x ``h`` tokens that fits the paper's margins."""
    paper = profile.page
    room_w = paper[0] - 2 * SHEET_MARGIN - 2 * bleed
    room_h = paper[1] - 2 * SHEET_MARGIN - 2 * bleed
    cols = int((room_w + gap) // (w + gap))
    rows = int((room_h + gap) // (h + gap))
    if cols < 1 or rows < 1:
        raise LayoutError(f"a token of {size_text(w, h)} is larger than the printable area of "
                          f"the {profile.name} page ({size_text(room_w, room_h)})")
    grid_w, grid_h = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    return Grid(cols, rows, w, h, (paper[0] - grid_w) / 2, (paper[1] - grid_h) / 2, gap)


def cut_path(c, shape: str, x: float, y: float, w: float, h: float, grow: float = 0.0):
    """Return the cut outline of a token at (x, y), grown outwards by ``grow`` points."""
    path = c.beginPath()
    cx, cy = x + w / 2, y + h / 2
    if shape == "round":
        path.circle(cx, cy, min(w, h) / 2 + grow)
    elif shape == "hex":
        flat = w >= h  # corners left and right when the face is wider than tall
        radius = min(w / 2, circumradius(h)) if flat else min(h / 2, circumradius(w))
        points = hexagon(cx, cy, inset_radius(radius, -grow), pointy=not flat)
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    else:
        path.rect(x - grow, y - grow, w + 2 * grow, h + 2 * grow)
    return path


def impose_tokens(doc, tokens: list[Card], profile, shape: str, gap: float,
                  options: ImposeOptions) -> int:
    """Add front (and back) pages for ``tokens``; return the number of pages."""
    paper = profile.page
    first = tokens[0].front
    bleed = first.bleed
    grid = token_grid(profile, first.width, first.height, gap, bleed)
    per_page = grid.cols * grid.rows
    has_backs = any(t.back is not None for t in tokens)
    sheets = [tokens[i:i + per_page] for i in range(0, len(tokens), per_page)]
    pages = len(sheets) * (2 if has_backs else 1)
    shared_cuts = shape == "square" and gap == 0
    grow = min(bleed, gap / 2)
    page = 0
    for sheet in sheets:
        for backs in ([False, True] if has_backs else [False]):
            doc.set_pagesize(paper)
            dx, dy = options.back_offset if backs else (0.0, 0.0)
            c = doc.canvas
            for index, token in enumerate(sheet):
                face = token.back if backs else token.front
                if face is None:
                    continue
                x, y = grid.slot(index, profile.duplex if backs else "none")
                c.saveState()
                if shared_cuts:
                    clip = face_clip(_box(grid, x, y), [
                        _box(grid, *grid.slot(i, profile.duplex if backs else "none"))
                        for i in range(len(sheet))], bleed)
                    path = c.beginPath()
                    path.rect(clip[0] + dx, clip[1] + dy, clip[2] - clip[0], clip[3] - clip[1])
                else:
                    path = cut_path(c, shape, x + dx, y + dy, grid.card_w, grid.card_h, grow)
                c.clipPath(path, stroke=0, fill=0)
                doc.place(face, x + dx, y + dy)
                c.restoreState()
            if not backs and profile.marks:
                _cut_guides(doc, grid, len(sheet), shape, shared_cuts, bleed)
            page += 1
            what = backs_note(profile.duplex) if backs else chrome("fronts")
            count = chrome("{count} tokens", count=len(sheet))
            draw_footer(doc, f"{options.footer} · {what} · {count}", page, pages)
            c.showPage()
    return pages


def _cut_guides(doc, grid: Grid, count: int, shape: str, shared_cuts: bool,
                bleed: float) -> None:
    """Thin cut lines on every front (round, hex, gapped squares) or crop marks (abutting)."""
    if shared_cuts:
        card_marks(doc, [_box(grid, *grid.slot(i)) for i in range(count)], bleed)
        return
    c = doc.canvas
    c.saveState()
    doc.set_color(CUT_GREY, stroke=True)
    c.setLineWidth(0.3)
    for index in range(count):
        x, y = grid.slot(index)
        c.drawPath(cut_path(c, shape, x, y, grid.card_w, grid.card_h), stroke=1, fill=0)
    c.restoreState()


def _box(grid: Grid, x: float, y: float) -> tuple[float, float, float, float]:
    """Return the trim box of the slot whose lower-left corner is (x, y)."""
    return (x, y, x + grid.card_w, y + grid.card_h)
