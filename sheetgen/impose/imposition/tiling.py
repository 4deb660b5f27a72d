"""Home printing of a large face (a board) tiled over a profile's pages, to cut and glue.

The face, bleed included, is split by seams into equal trimmed areas, one per tile, so every
point of the board belongs to exactly one tile. A tile prints its trimmed area plus an overlap
strip (the glue strip) on its right and bottom, showing the art the next tile covers. To
assemble: cut each tile along its "cut" edges (left and top seams, marked by ticks in the
margins), lay it over its neighbour's grey glue strip, and match the half-diamonds that
straddle every seam in the margins (one half is printed on each page). Nothing but art is left
on the assembled playing surface. A page map opens each side: the board in small with every tile's
trimmed area, its row and column, and, for a board printing rim coordinates, the coordinates
the tile covers. The face is drawn once; every tile places it, clipped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit

from ...base.units import MM
from .common import ImposeOptions, draw_footer
from ...load.chrome import chrome

PAPER_MARGIN = 6 * MM   # printers leave this blank
MARK_ZONE = 8 * MM      # between the margin and the art: labels, cut ticks, page map
DIAMOND = 2.4 * MM      # half-diamond width along the seam
GREY = (0.45, 0.45, 0.45)
MAP_RIM_SIZE = 7.0      # points: a page map's rim coordinates (notes and references size)


@dataclass(frozen=True)
class Tile:
    """One page of a tiled face; boxes are (x0, y0, x1, y1) in face points (y up)."""

    row: int
    col: int
    trim: tuple[float, float, float, float]    # the part of the board this tile keeps
    window: tuple[float, float, float, float]  # what it prints: trim + glue strips

    @property
    def label(self) -> str:
        """Row and column, 1-based: ``R1·C2``."""
        return f"R{self.row + 1}·C{self.col + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a face is split: rows x columns, the page size and every tile."""

    rows: int
    cols: int
    page: tuple[float, float]
    overlap: float
    tiles: list[Tile]
    xs: list[float]  # vertical seams (and the outer edges), face x
    ys: list[float]  # horizontal seams from the top (and the outer edges), face y

    def origin(self, tile: Tile) -> tuple[float, float]:
        """Return where the face's origin lands on the page of ``tile``."""
        left = PAPER_MARGIN + MARK_ZONE
        top = self.page[1] - PAPER_MARGIN - MARK_ZONE
        return left - tile.window[0], top - tile.window[3]


def _split(extent: float, room: float, overlap: float) -> int:
    """Return how many tiles cover ``extent`` when each window may be ``room`` long."""
    if extent <= room + 0.01:
        return 1
    return math.ceil(extent / (room - overlap) - 1e-9)


def plan_tiles(width: float, height: float, bleed: float, paper: tuple[float, float],
               overlap: float, seams_x: tuple[float, ...] = ()) -> TilePlan:
    """Return the tiling with the fewest pages (portrait preferred on a tie). ``seams_x``
    (face x from the trimmed left edge, one per inner vertical seam) places the vertical seams
    when the tiling has that many plus one columns and every tile still fits its page;
    otherwise the columns are equal."""
    best = None
    for page in (paper, (paper[1], paper[0])):
        room_w = page[0] - 2 * (PAPER_MARGIN + MARK_ZONE)
        room_h = page[1] - 2 * (PAPER_MARGIN + MARK_ZONE)
        cols = _split(width + 2 * bleed, room_w, overlap)
        rows = _split(height + 2 * bleed, room_h, overlap)
        xs = _columns(width, bleed, cols, room_w, overlap, seams_x)
        # fewest pages; on a tie, the orientation that keeps the asked-for seams
        key = (rows * cols, xs is None)
        if best is None or key < best[0]:
            best = (key, rows, cols, page, xs)
    _, rows, cols, page, xs = best
    if xs is None:
        xs = [-bleed + (width + 2 * bleed) * i / cols for i in range(cols + 1)]
    ys = [height + bleed - (height + 2 * bleed) * j / rows for j in range(rows + 1)]
    tiles = []
    for r in range(rows):
        for c in range(cols):
            trim = (xs[c], ys[r + 1], xs[c + 1], ys[r])
            right = overlap if c < cols - 1 else 0.0
            below = overlap if r < rows - 1 else 0.0
            tiles.append(Tile(r, c, trim, (trim[0], trim[1] - below, trim[2] + right, trim[3])))
    return TilePlan(rows, cols, page, overlap, tiles, xs, ys)


def _columns(width: float, bleed: float, cols: int, room_w: float, overlap: float,
             seams_x: tuple[float, ...]) -> list[float] | None:
    """Return the column edges with the vertical seams at ``seams_x``, or None when none are
    asked for, their number does not match ``cols`` or a tile would not fit ``room_w``."""
    if not seams_x:
        return None
    xs = [-bleed, *sorted(seams_x), width + bleed]
    if len(xs) != cols + 1:
        return None
    for c in range(cols):
        span = xs[c + 1] - xs[c] + (overlap if c < cols - 1 else 0.0)
        if xs[c + 1] <= xs[c] or span > room_w + 0.01:
            return None
    return xs


def side_plans(sides, profile, overlap: float,
               seams_x: tuple[float, ...] = ()) -> list[TilePlan]:
    """Return the tiling of every side (``sides``: Cards, fronts only) on ``profile``'s
    paper: what the pages print and what the seam check (sheetgen/checks/seams.py) reads;
    ``seams_x``: where the vertical seams should fall (plan_tiles)."""
    return [plan_tiles(s.front.width, s.front.height, s.front.bleed, profile.page, overlap,
                       seams_x) for s in sides]


def impose_tiled(doc, sides, profile, overlap: float, options: ImposeOptions,
                 seams_x: tuple[float, ...] = ()) -> int:
    """Add a page map and the tiles of every side (``sides``: Cards, fronts only);
    ``seams_x``: where the vertical seams should fall (plan_tiles)."""
    paper = profile.page
    plans = side_plans(sides, profile, overlap, seams_x)
    total = sum(1 + len(p.tiles) for p in plans)
    page = 0
    for side, plan in zip(sides, plans):
        name = side_name(side.label, len(sides))
        doc.set_pagesize(paper)
        _page_map(doc, name, side, plan, paper)
        page += 1
        draw_footer(doc, f"{options.footer} · {name.lower()} · {chrome('page map')}", page,
                    total)
        doc.canvas.showPage()
        for tile in plan.tiles:
            doc.set_pagesize(plan.page)
            ox, oy = plan.origin(tile)
            x0, y0, x1, y1 = tile.window
            doc.place(side.front, ox, oy, clip=(ox + x0, oy + y0, ox + x1, oy + y1))
            _tile_marks(doc, name, side.front, plan, tile, ox, oy)
            page += 1
            tile_text = chrome("tile {label}", label=tile.label)
            draw_footer(doc, f"{options.footer} · {name.lower()} · {tile_text}", page, total)
            doc.canvas.showPage()
    return page


def side_name(label: str, sides: int) -> str:
    """Return how the pages name a side labelled ``label`` ("a" or "side a"): "Side a", or
    "Board" when the board has one side."""
    return chrome("Board") if sides == 1 else chrome("Side {label}",
                                                     label=label.removeprefix("side "))


def _page_map(doc, name: str, side, plan: TilePlan, paper) -> None:
    """Draw the whole side in small, every tile's trimmed area and label, and how to assemble."""
    c, face = doc.canvas, side.front
    font, bold = doc.fonts.font_name("body"), doc.fonts.font_name("body", bold=True)
    room_w = paper[0] - 2 * (PAPER_MARGIN + MARK_ZONE)
    room_h = paper[1] * 0.55
    b = face.bleed
    scale = min(room_w / (face.width + 2 * b), room_h / (face.height + 2 * b))
    left = (paper[0] - (face.width + 2 * b) * scale) / 2 + b * scale
    top = paper[1] - PAPER_MARGIN - MARK_ZONE - 14 * MM
    bottom = top - (face.height + b) * scale
    doc.set_color((0, 0, 0))
    c.setFont(bold, 14)
    c.drawString(PAPER_MARGIN + MARK_ZONE, paper[1] - PAPER_MARGIN - MARK_ZONE - 4 * MM,
                 chrome("{name}: page map ({rows} x {cols} tiles, {orientation} pages)",
                        name=name, rows=plan.rows, cols=plan.cols,
                        orientation=chrome("landscape" if plan.page[0] > plan.page[1]
                                           else "portrait")))
    if face.note:
        c.setFont(font, 10)
        c.drawString(PAPER_MARGIN + MARK_ZONE, paper[1] - PAPER_MARGIN - MARK_ZONE - 9 * MM,
                     f"{name}: {face.note}.")
    # the map leaves the text out: at this scale it would be illegible
    name = doc.form(face, text=False)
    c.saveState()
    path = c.beginPath()
    path.rect(left - b * scale, bottom - b * scale, (face.width + 2 * b) * scale,
              (face.height + 2 * b) * scale)
    c.clipPath(path, stroke=0, fill=0)
    c.translate(left, bottom)
    c.scale(scale, scale)
    c.doForm(name)
    c.restoreState()
    marks = rim_marks(face)
    if marks:  # the rim coordinates as the tiles print them, in small, so map and rim agree
        c.saveState()
        label = doc.fonts.font_name("label", bold=True)
        c.setFont(label, MAP_RIM_SIZE)
        doc.set_color((0.1, 0.1, 0.1))
        for text, x, y, align in marks:
            mx, my = left + x * scale, bottom + (face.height - y) * scale - 0.35 * MAP_RIM_SIZE
            {"left": c.drawString, "right": c.drawRightString,
             "center": c.drawCentredString}[align](mx, my, text)
        c.restoreState()
    c.saveState()
    doc.set_color((0.75, 0.1, 0.1), stroke=True)
    doc.set_color((0.75, 0.1, 0.1))
    c.setLineWidth(1.2)
    ranges = tile_ranges(face, plan)
    for tile in plan.tiles:
        x0, y0, x1, y1 = (v * scale for v in tile.trim)
        c.rect(left + x0, bottom + y0, x1 - x0, y1 - y0, stroke=1, fill=0)
        cx, cy = left + (x0 + x1) / 2, bottom + (y0 + y1) / 2
        if marks:  # a board with rim coordinates: the label in the tile's outer corner, on a
            # white plaque, so it covers neither hexes nor the rim marks the map shows
            cx = left + (x0 + 16 * MM if tile.col == 0 else
                         x1 - 16 * MM if tile.col == plan.cols - 1 else (x0 + x1) / 2)
            cy = bottom + (y1 - 17 * MM if tile.row == 0 else
                           y0 + 11 * MM if tile.row == plan.rows - 1 else (y0 + y1) / 2)
            c.saveState()
            doc.set_color((1, 1, 1))
            c.roundRect(cx - 13 * MM, cy - 9.5 * MM, 26 * MM, 14.5 * MM, 2 * MM, stroke=1,
                        fill=1)
            c.restoreState()
        c.setFont(bold, 16)
        c.drawCentredString(cx, cy - 5, tile.label)
        if tile in ranges:  # the coordinates the tile covers, as the board's rim prints them
            c.setFont(bold, 10)
            c.drawCentredString(cx, cy - 19, ranges[tile])
    c.restoreState()
    steps = [
        chrome("Print the {count} tile pages at 100 % (no 'fit to page'). Each tile shows "
               "its row (R) and column (C); this map shows where it goes.",
               count=len(plan.tiles)),
        _cut_step(plan),
        _glue_step(plan),
        chrome("When dry, trim the board along the corner crop marks; glue it to card if you "
               "like."),
    ]
    y = bottom - b * scale - 10 * MM
    c.setFont(font, 10)
    doc.set_color((0, 0, 0))
    for number, step in enumerate(steps, 1):
        for k, text in enumerate(simpleSplit(step, font, 10, room_w - 8 * MM)):
            c.drawString(PAPER_MARGIN + MARK_ZONE + 6 * MM, y, text)
            if k == 0:
                c.drawString(PAPER_MARGIN + MARK_ZONE, y, f"{number}.")
            y -= 13


def rim_marks(face) -> list[tuple[str, float, float, str]]:
    """Return the rim coordinates the elements of ``face`` print (``rim_marks``: hex_board),
    as (text, x, y from the top, align)."""
    return [mark for element in face.elements
            for mark in (getattr(element, "rim_marks", None) or list)()]


def tile_ranges(face, plan: TilePlan) -> dict[Tile, str]:
    """Return, for every tile of a face whose elements print rim coordinates, what the tile
    shows of them, as ranges: ``"A–D · 1–3"`` (row letters, then numbers). A board whose
    elements give their rim marks (hex_board) lists the marks printed on the tile itself, so
    the map names what the player reads on the tile's rim; otherwise (``rim_cells``:
    square_grid) the coordinates of the cells whose centres the tile keeps."""
    marks = rim_marks(face)
    if marks:
        out = {}
        for tile in plan.tiles:
            x0, y0, x1, y1 = tile.trim
            shown = [text for text, x, y, _ in marks
                     if x0 <= x < x1 and y0 < face.height - y <= y1]
            letters = sorted({t for t in shown if not t.isdigit()}, key=lambda t: (len(t), t))
            numbers = sorted({t for t in shown if t.isdigit()}, key=int)
            parts = [_span(v) for v in (letters, numbers) if v]
            if parts:
                out[tile] = " · ".join(parts)
        return out
    cells = [cell for element in face.elements
             for cell in (getattr(element, "rim_cells", None) or list)()]
    out = {}
    for tile in plan.tiles:
        x0, y0, x1, y1 = tile.trim
        inside = [(row, number) for row, number, (x, y) in cells
                  if x0 <= x < x1 and y0 < face.height - y <= y1]
        if inside:
            rows = sorted({row for row, _ in inside}, key=lambda t: (len(t), t))
            numbers = sorted({n for _, n in inside},
                             key=lambda t: (not t.isdigit(), int(t) if t.isdigit() else 0, t))
            out[tile] = f"{_span(rows)} · {_span(numbers)}"
    return out


def _span(values: list[str]) -> str:
    """Return ``first–last`` of sorted values, or the one value."""
    return values[0] if len(values) == 1 else f"{values[0]}–{values[-1]}"


def _tile_marks(doc, name: str, face, plan: TilePlan, tile: Tile, ox: float,
                oy: float) -> None:
    """Cut edges, glue strips, half-diamonds, crop marks at the trim and the tile's label."""
    c = doc.canvas
    bold = doc.fonts.font_name("body", bold=True)
    x0, y0, x1, y1 = (ox + tile.window[0], oy + tile.window[1], ox + tile.window[2],
                      oy + tile.window[3])
    tx0, ty0, tx1, ty1 = (ox + tile.trim[0], oy + tile.trim[1], ox + tile.trim[2],
                          oy + tile.trim[3])
    last_col, last_row = tile.col == plan.cols - 1, tile.row == plan.rows - 1
    c.saveState()
    # glue strips: grey hatch over art that the next tile covers
    doc.set_color(GREY, stroke=True)
    c.setLineWidth(0.4)
    strips = []
    if not last_col:
        strips.append((tx1, y0, x1, y1, chrome("GLUE · {tile} on top",
                                               tile=f"R{tile.row + 1}·C{tile.col + 2}"), 90))
    if not last_row:
        strips.append((x0, y0, tx1, ty0, chrome("GLUE · {tile} on top",
                                                tile=f"R{tile.row + 2}·C{tile.col + 1}"), 0))
    for sx0, sy0, sx1, sy1, text, angle in strips:
        c.saveState()
        path = c.beginPath()
        path.rect(sx0, sy0, sx1 - sx0, sy1 - sy0)
        c.clipPath(path, stroke=0, fill=0)
        step = 2.5 * MM
        span = (sx1 - sx0) + (sy1 - sy0)
        k = 0.0
        while k < span:
            c.line(sx0 + k, sy0, sx0 + k - (sy1 - sy0), sy1)
            k += step
        c.restoreState()
        c.setDash([2, 2])
        c.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, stroke=1, fill=0)
        c.setDash([])
        doc.set_color((0.2, 0.2, 0.2))
        c.setFont(bold, 7)
        c.saveState()
        c.translate((sx0 + sx1) / 2, (sy0 + sy1) / 2)
        c.rotate(angle)
        c.drawCentredString(0, -2.5, text)
        c.restoreState()
    # cut edges: the left and top seams of a tile not on the board's left / top edge. Only
    # ticks in the margins mark them, so no line is left on the assembled playing surface.
    doc.set_color((0, 0, 0), stroke=True)
    doc.set_color((0, 0, 0))
    c.setLineWidth(0.6)
    inner, outer = 1 * MM, MARK_ZONE - 1 * MM
    if tile.col > 0:
        c.line(x0, y0 - inner, x0, y0 - outer)
        c.line(x0, y1 + inner, x0, y1 + outer)
        _label(c, bold, x0 - 2 * MM, (y0 + y1) / 2, 90, chrome("CUT HERE"))
    if tile.row > 0:
        c.line(x0 - inner, y1, x0 - outer, y1)
        c.line(x1 + inner, y1, x1 + outer, y1)
        _label(c, bold, (x0 + x1) / 2, y1 + 2 * MM, 0, chrome("CUT HERE"))
    # half-diamonds on every seam, in the margins only: a tile keeps its bottom and right
    # margins until the next row or column covers them, and the first row and column their
    # top and left ones; the two halves meet when the tiles are laid together.
    half = DIAMOND / 2 + inner
    seam_v = [(tx1, -1)] if not last_col else []
    if tile.col > 0:
        seam_v.append((tx0, 1))
    for sx, toward in seam_v:
        for y in [y0 - half] + ([y1 + half] if tile.row == 0 else []):
            _half_diamond(c, sx, y, vertical=True, toward=toward)
    seam_h = [(ty0, 1)] if not last_row else []
    if tile.row > 0:
        seam_h.append((ty1, -1))
    for sy, toward in seam_h:
        for x in [x1 + half] + ([x0 - half] if tile.col == 0 else []):
            _half_diamond(c, x, sy, vertical=False, toward=toward)
    # crop marks at the board's trim on its outer edges
    c.setLineWidth(0.25)
    trim_x = [ox + v for v in (0.0, face.width)]
    trim_y = [oy + v for v in (0.0, face.height)]
    gap, length = 1 * MM, MARK_ZONE - 2 * MM
    for tx in trim_x:
        if x0 - 0.01 <= tx <= x1 + 0.01:
            if tile.row == 0:
                c.line(tx, y1 + gap, tx, y1 + gap + length)
            if last_row:
                c.line(tx, y0 - gap, tx, y0 - gap - length)
    for ty in trim_y:
        if y0 - 0.01 <= ty <= y1 + 0.01:
            if tile.col == 0:
                c.line(x0 - gap, ty, x0 - gap - length, ty)
            if last_col:
                c.line(x1 + gap, ty, x1 + gap + length, ty)
    # label and page map in the top margin zone, the label clear of the marks standing in it
    page_w, page_h = plan.page
    c.setFont(bold, 8)
    label_y = page_h - PAPER_MARGIN - 3.5 * MM
    label = chrome("{name} · tile {label}: row {row} of {rows}, column {col} of {cols}",
                   name=name, label=tile.label, row=tile.row + 1, rows=plan.rows,
                   col=tile.col + 1, cols=plan.cols)
    top_marks = ([x0] if tile.col > 0 else []) + (
        [tx for tx in trim_x if x0 - 0.01 <= tx <= x1 + 0.01] if tile.row == 0 else [])
    c.drawString(_clear_of(top_marks, PAPER_MARGIN + MARK_ZONE,
                           c.stringWidth(label, bold, 8)), label_y, label)
    _mini_map(doc, plan, tile, page_w - PAPER_MARGIN - MARK_ZONE, label_y - 1 * MM)
    c.restoreState()


def _clear_of(marks: list[float], start: float, width: float) -> float:
    """Return where a line of ``width`` starting at ``start`` or later begins so that no
    vertical mark (x in ``marks``) comes within 1 mm of it."""
    for mark in sorted(marks):
        if start - 1 * MM < mark < start + width + 1 * MM:
            start = mark + 1.5 * MM
    return start


def _label(c, font, x, y, angle, text) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setFont(font, 6)
    c.drawCentredString(0, 0, text)
    c.restoreState()


def _half_diamond(c, x, y, vertical: bool, toward: int) -> None:
    """A triangle with its base on the seam at (x, y), pointing ``toward`` -1 or +1."""
    half, depth = DIAMOND / 2, DIAMOND * 0.7
    path = c.beginPath()
    if vertical:
        path.moveTo(x, y - half)
        path.lineTo(x + toward * depth, y)
        path.lineTo(x, y + half)
    else:
        path.moveTo(x - half, y)
        path.lineTo(x, y + toward * depth)
        path.lineTo(x + half, y)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _mini_map(doc, plan: TilePlan, tile: Tile, right: float, bottom: float) -> None:
    """Draw the tile grid in small (about 5 mm tall) with this tile filled, right-aligned."""
    c = doc.canvas
    cell_h = min(5 * MM / plan.rows, 2.5 * MM)
    cell_w = cell_h * 1.4
    left = right - plan.cols * cell_w
    c.setLineWidth(0.3)
    for t in plan.tiles:
        x = left + t.col * cell_w
        y = bottom + (plan.rows - 1 - t.row) * cell_h
        c.rect(x, y, cell_w, cell_h, stroke=1, fill=int(t == tile))


def _cut_step(plan) -> str:
    """Say which tiles have CUT edges: only the seams, never the board's own outer edge."""
    edges = []
    if plan.cols > 1:
        edges.append(chrome("left edges from column 2 on"))
    if plan.rows > 1:
        edges.append(chrome("top edges from row 2 on"))
    return chrome("Cut along the CUT edges, ruler on the ticks in the margins: {edges}; "
                  "R1·C1 has none. Do not cut the grey GLUE strips.", edges=", ".join(edges))


def _glue_step(plan) -> str:
    """Say in which order the tiles go over each other's glue strips."""
    order = chrome("R1·C2 over R1·C1") if plan.cols > 1 else ""
    if plan.rows > 1:
        order += (chrome(", then ") if order else "") + chrome("row 2 over row 1")
    return chrome("Spread glue on a grey strip and lay the next tile over it: {order}. Line up "
                  "the artwork across the seam, and the half-diamonds in the margins beside "
                  "every seam.", order=order)
