"""Roll & Raid's odds card: every figure and heading has room in its table cell.

Measured on the pod PDF: the table's ruled edges (path objects) and each printed word's glyph
boxes (pypdfium2 reads both, inside the placed face). "100%" used to touch its rules and
"Defense" was squeezed to fit its column.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw

from pdfcheck import page_bounds

MM = 72 / 25.4
ROOM = 1.0 * MM          # the least white space either side of a word, inside the rules


def table_rules(page):
    """Return the (left, right) rule positions of each column of the page's one table, its
    (bottom, top) and the heights of the rules between its rows."""
    verticals, horizontals, frames = [], [], []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = page_bounds(obj)
        if right - left < 3 and top - bottom > 100:
            verticals.append(((left + right) / 2, bottom, top))
        elif top - bottom < 3 and right - left > 100:
            horizontals.append((bottom + top) / 2)
    bottom, top = verticals[0][1], verticals[0][2]
    for obj in page.get_objects(max_depth=8):
        if obj.type == pdfium_raw.FPDF_PAGEOBJ_PATH:
            left, b, right, t = page_bounds(obj)
            if abs(b - bottom) < 1 and abs(t - top) < 1 and right - left > 100:
                frames.append((left, right))
    left, right = min(frames, key=lambda f: f[0] - f[1])  # the outer rule: the widest
    edges = [left + 0.5] + sorted(x for x, _, _ in verticals) + [right - 0.5]
    return list(zip(edges, edges[1:])), (bottom, top), horizontals


def cell_words(page, columns, span, rows) -> dict[tuple[int, int], list[float]]:
    """Return, per (column, row), the left and right ink edges of what is printed in the table
    (``span``: its bottom and top; ``rows``: the heights of its rules between rows)."""
    text = page.get_textpage()
    words: dict = {}
    low, high = columns[0][0], columns[-1][1]
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        if right <= left or not (low < (left + right) / 2 < high) \
                or not span[0] < (bottom + top) / 2 < span[1]:
            continue
        column = next(i for i, (a, b) in enumerate(columns) if a < (left + right) / 2 < b)
        key = (column, sum(1 for y in rows if y > (bottom + top) / 2))  # rules above it
        extent = words.setdefault(key, [left, right])
        extent[0], extent[1] = min(extent[0], left), max(extent[1], right)
    return words


def test_every_figure_of_the_odds_table_has_room_in_its_cell(built):
    page = pdfium.PdfDocument(str(built("roll-and-raid", "odds-card", "pod")))[0]
    columns, span, rows = table_rules(page)
    assert len(columns) == 5, columns  # Defense, +0, +2, +4, +6
    words = cell_words(page, columns, span, rows)
    assert len(words) == 5 * 8, sorted(words)  # a header row and seven defense values
    assert len(rows) == 7, rows
    for (column, _), (left, right) in words.items():
        start, end = columns[column]
        room = min(left - start, end - right)
        assert room >= ROOM, (f"column {column}: {room / MM:.2f} mm between a word and its "
                              f"rule, {ROOM / MM:.1f} mm needed")
