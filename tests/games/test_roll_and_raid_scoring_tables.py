"""Roll & Raid's Final scoring card and clan sheet: every figure of the two conversion tables
clears the table's cell lines by 1 mm or more (the card's two-figure GP cells had 0.6 mm).

Measured on the pod PDF: glyph boxes (pypdfium2) against the ink edges of the table's lines
(their drawn bounds, less the stroke's padding), cell by cell.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from pdfcheck import drawn_shapes

MM = 72 / 25.4
STROKE = 0.25 * MM      # the table element's line width
CLEARANCE = 1 * MM
BLEED = 3.175 * MM      # pod pages carry 1/8 in bleed around the trim


def clan_sheet_page(pdf):
    """Return the clan sheet's page (its Upgrades panel and Point summary hold the same two
    tables)."""
    return pdf[0]


def scoring_page(pdf):
    """Return the page of the Final scoring card."""
    for index in range(len(pdf)):
        if "Final scoring" in pdf[index].get_textpage().get_text_range():
            return pdf[index]
    raise AssertionError("no Final scoring card")


def table_lines(page):
    """Return (vertical, horizontal) cell-line centres of the tables: x or y with their span."""
    vertical, horizontal = [], []
    for x0, y0, x1, y1 in drawn_shapes(page):
        w, h = x1 - x0, y1 - y0
        if w < 2 and h > 5:
            vertical.append(((x0 + x1) / 2, y0, y1))
        elif h < 2 and w > 100:
            horizontal.append(((y0 + y1) / 2, x0, x1))
        elif 150 < w < 440 and 15 < h < 40:   # a table's outer frame (bounds padded by STROKE)
            vertical += [(x0 + STROKE, y0, y1), (x1 - STROKE, y0, y1)]
            horizontal += [(y0 + STROKE, x0, x1), (y1 - STROKE, x0, x1)]
    return vertical, horizontal


def cell_clearances(page, lowest: float = 0, highest: float = 10_000):
    """Yield (text, across, up and down) for every table cell holding text between heights
    ``lowest`` and ``highest`` (PDF points from the page's foot): the smaller clearance to its
    left or right line, and to the line above or below."""
    for text, across, up, middle in _cells(page):
        if lowest < middle < highest:
            yield text, across, up


def _cells(page):
    """Yield (text, across, up and down, height) for every table cell holding text."""
    vertical, horizontal = table_lines(page)
    chars = page.get_textpage()
    cells: dict = {}
    for index in range(chars.count_chars()):
        left, bottom, right, top = chars.get_charbox(index)
        if right <= left:
            continue
        cx, cy = (left + right) / 2, (bottom + top) / 2
        lefts = [x for x, y0, y1 in vertical if x < cx and y0 < cy < y1]
        rights = [x for x, y0, y1 in vertical if x > cx and y0 < cy < y1]
        belows = [y for y, x0, x1 in horizontal if y < cy and x0 < cx < x1]
        aboves = [y for y, x0, x1 in horizontal if y > cy and x0 < cx < x1]
        if not (lefts and rights and belows and aboves):
            continue
        cell = (max(lefts), min(rights), max(belows), min(aboves))
        text, box = cells.get(cell, ("", (left, bottom, right, top)))
        box = (min(box[0], left), min(box[1], bottom), max(box[2], right), max(box[3], top))
        cells[cell] = (text + chars.get_text_range(index, 1), box)
    for (x0, x1, y0, y1), (text, box) in cells.items():
        edge = STROKE / 2
        yield (text, min(box[0] - x0 - edge, x1 - edge - box[2]),
               min(box[1] - y0 - edge, y1 - edge - box[3]), (y0 + y1) / 2)


def test_every_scoring_table_figure_clears_its_cell_lines(built):
    pdf = pdfium.PdfDocument(str(built("roll-and-raid", "reference", "pod")))
    cells = list(cell_clearances(scoring_page(pdf)))
    texts = [text for text, _, _ in cells]
    for figure in ("10", "11", "14", "17", "20", "24", "12", "15", "GP"):
        assert figure in texts, f"{figure!r} not found in a table cell: {texts}"
    assert len(cells) >= 40, texts     # 2 x 11 + 2 x 10 cells, less the two icon headers
    tight = {text: round(min(across, up) / MM, 2) for text, across, up in cells
             if min(across, up) < CLEARANCE}
    assert not tight, f"cells closer than 1 mm to their lines (mm): {tight}"


def test_the_clan_sheet_conversion_tables_give_every_figure_room(built):
    """The same tables on the clan sheet: every figure 1 mm or more from its cell lines (the
    two-figure cells had 0.85 mm across, every row 0.9 mm up and down); the row headers (the
    Upgrades icon since issue 34, "Y, B or R") at least across, their descenders may dip.
    Since the s14 reader ("the bottom packs the score row, the sub-row and two lookup tables
    into ~180 px") the Upgrades table sits at the foot of the Upgrades panel (83-93 mm above
    the trim's foot) and the Shields table alone under the Point summary (4-15 mm)."""
    pdf = pdfium.PdfDocument(str(built("roll-and-raid", "clan-sheet", "pod", copies=1)))
    page = clan_sheet_page(pdf)
    bottom = page.get_height() - BLEED - 297 * MM        # the trim's foot
    upgrades = list(cell_clearances(page, bottom + 83 * MM, bottom + 93 * MM))
    shields = list(cell_clearances(page, bottom + 4 * MM, bottom + 15 * MM))
    texts = [text for text, _, _ in upgrades]
    for figure in ("11+", "24", "+3", "GP"):
        assert figure in texts, f"{figure!r} not in the Upgrades panel's table: {texts}"
    assert len(upgrades) == 2 * 12 - 1, texts  # less the Upgrades icon header
    texts = [text for text, _, _ in shields]
    for figure in ("Y, B or R", "10+", "12", "15", "+1"):
        assert figure in texts, f"{figure!r} not in the Point summary's table: {texts}"
    assert "11+" not in texts and "24" not in texts, texts  # the bottom holds one table
    assert len(shields) == 2 * 11, texts
    cells = upgrades + shields
    tight = {text: (round(across / MM, 2), round(up / MM, 2)) for text, across, up in cells
             if across < CLEARANCE or (up < CLEARANCE and text[-1].isdigit())}
    assert not tight, f"cells closer than 1 mm to their lines (mm): {tight}"
