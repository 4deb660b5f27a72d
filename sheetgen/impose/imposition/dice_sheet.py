"""Printable dice on home paper: fold-and-glue cube nets, sticker rows and a reference card.

A net is the cross of six faces: a column of four (2nd, 1st, 5th, 6th face from the top)
with the 3rd and 4th either side of the 1st, so opposite faces are the 1st and 6th, 2nd and
5th, 3rd and 4th, as on a d6. Seven grey glue tabs sit on one edge of each glued pair.
Solid lines are cuts, dashed lines folds. Stickers are the faces at sticker size in a row
per die, each with its cut outline. Blocks are packed left to right, top to bottom, under a
heading on every page: what these dice are and how many of each to make.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics

from ...fill.elements.sheet_common import is_number
from ...base.units import MM
from ...load.chrome import chrome
from .common import LayoutError, draw_footer, size_text, slug_room
from .dice_heading import HEADING_ROOM, Heading, draw_heading, heading_room, wrap_detail

MARGIN, LEFT_MARGIN, GAP, CAPTION = 10 * MM, 12 * MM, 6 * MM, 7.7
FACE_LABEL = 7.7  # game text (min_game_text): a face's name under it on the reference card
# (column, row from the top) of faces 1..6 in the net
NET = {0: (1, 1), 1: (1, 0), 2: (0, 1), 3: (2, 1), 4: (1, 2), 5: (1, 3)}
# glue tabs: (face index, side) on one edge of each pair glued together
TABS = [(5, "bottom"), (2, "top"), (2, "bottom"), (2, "left"), (3, "top"), (3, "bottom"),
        (3, "right")]
CARD = (63.5 * MM, 88.9 * MM)
HEAD, ROW = 10 * MM, 19 * MM  # reference card: title band, one die's row
# between two stickers of a row: two rows of six 13 mm stickers fit side by side on A4
STICKER_GAP = 2.4 * MM


@dataclass
class DieArt:
    """One die to print: its name, its six faces (Face objects) and their names; ``copy`` is
    its number among ``copies`` printed of the same die (0 when only one is); ``mark``, the
    letter on its faces, and ``small_faces``, its faces for the reference card (without the
    mark, too small there; default: ``faces``)."""

    name: str
    faces: list
    labels: list[str]
    copy: int = 0
    copies: int = 1
    mark: str = ""
    small_faces: list | None = None

    @property
    def caption(self) -> str:
        """Return the die's name, with its number when several are printed."""
        return f"{self.name} {self.copy}/{self.copies}" if self.copy else self.name


@dataclass
class Block:
    """Something placed on a page: its size (caption included) and how to draw it at (x, top)."""

    width: float
    height: float
    draw: object
    card: bool = False  # the reference card: printed alone, on a page of its own size


def _tab(s: float) -> float:
    return max(4.5 * MM, 0.28 * s)


def _place_scaled(doc, face, x: float, y: float, size: float) -> None:
    c = doc.canvas
    c.saveState()
    c.translate(x, y)
    c.scale(size / face.width, size / face.height)
    c.doForm(doc.form(face))
    c.restoreState()


def _caption(doc, text: str, x: float, top: float) -> None:
    c = doc.canvas
    doc.set_color((0.15, 0.15, 0.15))
    c.setFont(doc.fonts.font_name("body"), CAPTION)
    c.drawString(x, top - CAPTION, text)


def _net_block(die: DieArt, s: float) -> Block:
    t = _tab(s)
    width, height = 3 * s + 2 * t, 4 * s + t + CAPTION + 2 * MM

    def draw(doc, x: float, top: float) -> None:
        _caption(doc, chrome("{name}: {size} mm cube", name=die.caption, size=f"{s / MM:g}"),
                 x, top)
        c = doc.canvas
        y_top = top - CAPTION - 2 * MM

        def cell(i):
            col, row = NET[i]
            return x + t + col * s, y_top - (row + 1) * s

        for i, face in enumerate(die.faces):
            _place_scaled(doc, face, *cell(i), s)
        c.saveState()
        c.setLineWidth(0.5)
        tabs = set(TABS)
        for i in range(6):
            fx, fy = cell(i)
            for side, (x0, y0, x1, y1, nx, ny) in _sides(fx, fy, s).items():
                neighbour = _neighbour(i, side)
                if neighbour is not None:
                    continue  # an inner edge: folded below
                if (i, side) in tabs:
                    ux, uy = (x1 - x0) / s, (y1 - y0) / s
                    inset = min(t, 0.3 * s)
                    pts = [(x0, y0), (x0 + nx * t + ux * inset, y0 + ny * t + uy * inset),
                           (x1 + nx * t - ux * inset, y1 + ny * t - uy * inset), (x1, y1)]
                    path = c.beginPath()
                    path.moveTo(*pts[0])
                    for p in pts[1:]:
                        path.lineTo(*p)
                    doc.set_color((0.88, 0.88, 0.88))
                    doc.set_color((0, 0, 0), stroke=True)
                    c.drawPath(path, stroke=0, fill=1)
                    c.setDash()
                    outer = c.beginPath()
                    outer.moveTo(*pts[0])
                    for p in pts[1:]:
                        outer.lineTo(*p)
                    c.drawPath(outer, stroke=1, fill=0)
                    _fold(doc, x0, y0, x1, y1)
                else:
                    doc.set_color((0, 0, 0), stroke=True)
                    c.setDash()
                    c.line(x0, y0, x1, y1)
        for i in range(6):  # inner edges between two faces, once each
            fx, fy = cell(i)
            for side in ("right", "bottom"):
                if _neighbour(i, side) is not None:
                    x0, y0, x1, y1, _, _ = _sides(fx, fy, s)[side]
                    _fold(doc, x0, y0, x1, y1)
        c.restoreState()

    return Block(width, height, draw)


def _fold(doc, x0, y0, x1, y1) -> None:
    c = doc.canvas
    doc.set_color((0.35, 0.35, 0.35), stroke=True)
    c.setLineWidth(0.4)
    c.setDash(2, 1.5)
    c.line(x0, y0, x1, y1)
    c.setDash()
    c.setLineWidth(0.5)


def _sides(fx: float, fy: float, s: float) -> dict:
    """Return each side of a face square as (x0, y0, x1, y1, outward normal x, y)."""
    return {"top": (fx, fy + s, fx + s, fy + s, 0, 1), "bottom": (fx, fy, fx + s, fy, 0, -1),
            "left": (fx, fy, fx, fy + s, -1, 0), "right": (fx + s, fy, fx + s, fy + s, 1, 0)}


def _neighbour(i: int, side: str) -> int | None:
    col, row = NET[i]
    dc, dr = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
    for j, place in NET.items():
        if place == (col + dc, row + dr):
            return j
    return None


def _sticker_block(die: DieArt, sticker: float, blank: float) -> Block:
    gap = STICKER_GAP
    width, height = 6 * sticker + 5 * gap, sticker + CAPTION + 2 * MM

    def draw(doc, x: float, top: float) -> None:
        _caption(doc, chrome("{name}: stickers for a {size} mm blank die", name=die.caption,
                            size=f"{blank / MM:g}"), x, top)
        c = doc.canvas
        y = top - CAPTION - 2 * MM - sticker
        for k, face in enumerate(die.faces):
            fx = x + k * (sticker + gap)
            _place_scaled(doc, face, fx, y, sticker)
            doc.set_color((0, 0, 0), stroke=True)
            c.setLineWidth(0.3)
            c.rect(fx, y, sticker, sticker, stroke=1, fill=0)

    return Block(width, height, draw)


def _reference_block(dice: list[DieArt], title: str) -> Block:
    w, h = CARD
    row_h, face = ROW, 7 * MM

    def draw(doc, x: float, top: float) -> None:
        c = doc.canvas
        doc.set_color((0, 0, 0), stroke=True)
        c.setLineWidth(0.5)
        c.rect(x, top - h, w, h, stroke=1, fill=0)
        doc.set_color((0.1, 0.1, 0.1))
        c.setFont(doc.fonts.font_name("body", bold=True), 9)
        c.drawString(x + 4 * MM, top - 7 * MM, title)
        y = top - HEAD
        for die in dice:
            _caption(doc, f"{die.name} · {die.mark}" if die.mark else die.name, x + 4 * MM, y)
            one_line = _names_fit(doc, die.labels, face + 2.2 * MM)
            for k, art in enumerate(die.small_faces or die.faces):
                fx = x + 4 * MM + k * (face + 2.2 * MM)
                _place_scaled(doc, art, fx, y - CAPTION - 1 * MM - face, face)
                doc.set_color((0.2, 0.2, 0.2))
                name = die.labels[k].replace("-", " ")
                # numbers in lining figures (as tall as capitals), names in the body face
                family = "label" if is_number(name) else "body"
                c.setFont(doc.fonts.font_name(family), FACE_LABEL)
                # one baseline when every name fits its face's width (numbers); long names
                # alternate between two lines so that they never touch
                drop = FACE_LABEL + 0.5 + (0 if one_line else k % 2) * (FACE_LABEL + 0.5)
                c.drawCentredString(fx + face / 2, y - CAPTION - 1 * MM - face - drop, name)
            y -= row_h

    return Block(w, h, draw, card=True)


def _names_fit(doc, labels: list[str], width: float) -> bool:
    """Return whether every face name fits ``width`` on the reference card (one baseline)."""
    for label in labels:
        name = label.replace("-", " ")
        font = doc.fonts.font_name("label" if is_number(name) else "body")
        if pdfmetrics.stringWidth(name, font, FACE_LABEL) > width:
            return False
    return True


def reference_fits(dice: list[DieArt]) -> bool:
    """Return whether every die fits one reference card (four dice rows at most)."""
    return HEAD + len(_distinct(dice)) * ROW <= CARD[1]


def _distinct(dice: list[DieArt]) -> list[DieArt]:
    """Return the first copy of each die (the reference card shows each die once)."""
    return [die for die in dice if die.copy <= 1]


def dice_blocks(dice: list[DieArt], nets: list[float], sticker: float | None, blank: float,
                reference: str | None) -> list[Block]:
    """Return the blocks to print: each die's nets, then sticker rows, then the card."""
    blocks = [_net_block(die, s) for die in dice for s in nets]
    if sticker:
        blocks += [_sticker_block(die, sticker, blank) for die in dice]
    if reference:
        blocks.append(_reference_block(_distinct(dice), reference))
    return blocks


def check_fit(blocks: list[Block], profile) -> None:
    """Raise LayoutError when a block is larger than the page's printable area."""
    pw, ph = profile.page
    for b in blocks:
        if b.width > pw - MARGIN - LEFT_MARGIN or b.height > ph - 2 * MARGIN - HEADING_ROOM:
            raise LayoutError(f"a {size_text(b.width, b.height)} dice block does not fit "
                              f"{profile.name}'s page")


def impose_dice(doc, blocks: list[Block], profile, options,
                heading: Heading | None = None) -> int:
    """Pack the blocks on pages of ``profile`` under ``heading`` and return the page count.

    The reference card alone (no nets, no stickers: dice made elsewhere) is printed on a page
    of its own size, its heading and margins around it, not in a corner of a sheet of paper.
    """
    pw, ph = profile.page
    alone = all(b.card for b in blocks)
    if alone:
        pw = LEFT_MARGIN + max(b.width for b in blocks) + MARGIN
    lines = wrap_detail(doc, heading, pw - MARGIN - LEFT_MARGIN) if heading else []
    room = heading_room(lines) if heading else 0.0
    if alone:
        ph = max(2 * MARGIN + room + sum(b.height for b in blocks),
                 slug_room(doc, options.footer, 1))
    pages: list[list[tuple[Block, float, float]]] = [[]]
    x, top, shelf = LEFT_MARGIN, ph - MARGIN - room, 0.0
    for b in blocks:
        if x + b.width > pw - MARGIN:
            x, top, shelf = LEFT_MARGIN, top - shelf - GAP, 0.0
        if top - b.height < MARGIN:
            pages.append([])
            x, top, shelf = LEFT_MARGIN, ph - MARGIN - room, 0.0
        pages[-1].append((b, x, top))
        x += b.width + GAP
        shelf = max(shelf, b.height)
    for n, placed in enumerate(pages, 1):
        doc.set_pagesize((pw, ph))
        if heading:
            draw_heading(doc, heading, lines, LEFT_MARGIN, ph - MARGIN, n, len(pages))
        for b, bx, btop in placed:
            b.draw(doc, bx, btop)
        draw_footer(doc, options.footer, n, len(pages))
        doc.canvas.showPage()
    return len(pages)
