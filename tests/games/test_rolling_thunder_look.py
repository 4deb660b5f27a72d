"""Rolling Thunder look pass: what a player printing at home stumbled on, read from the PDF.

The sheet is read from the pod PDF (one sheet a page) with pypdfium2: printed text, its glyph
boxes, and pixels where a picture matters.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pdfcheck import distinct, drawn_shapes, page_chars, text_box

MM = 72 / 25.4


@pytest.fixture(scope="module")
def sheet(built):
    """Page 1 of the play sheet (pod: one sheet a page), its text and each character's box."""
    page = pdfium.PdfDocument(str(built("rolling-thunder", "play-sheet", "pod", copies=1)))[0]
    return (page, *page_chars(page))


def _index(groups: list[float], value: float, tolerance: float) -> int:
    return next(i for i, g in enumerate(groups) if abs(g - value) <= tolerance)


def test_every_square_prints_column_dash_row_where_it_stands(sheet):
    """The squares printed "1 1": two loose numbers, or eleven. Each now prints the rulebook's
    "column-row" ("2-1 means column 2, row 1"), and the figures agree with where the square
    stands: one column number down each of the 18 columns (1-6 in each sector), one row number
    along each of the 6 rows, 1 at the top."""
    _, text, charboxes = sheet
    found = []
    for match in re.finditer(r"(?<![\d.])([1-6])-([1-6])(?![\d.])", text):
        boxes = charboxes[match.start():match.end()]
        x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
        y = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
        found.append((x, y, int(match[1]), int(match[2])))
    # the coordinate squares: 108 squares less 36 Trolls, Warriors and Standing Stones; the
    # key's "2-1" stands below the grid, the network right of it
    below = text_box(text, charboxes, "Troll tracks:")[3]
    right = text_box(text, charboxes, "Runestone network")[0] - 5 * MM
    grid = [f for f in found if f[1] > below and f[0] < right]
    assert len(grid) == 72, len(grid)
    columns = distinct([f[0] for f in grid], 2 * MM)
    rows = distinct([-f[1] for f in grid], 2 * MM)
    assert (len(columns), len(rows)) == (18, 6)
    for x, y, column, row in grid:
        assert column == _index(columns, x, 2 * MM) % 6 + 1, (column, row)
        assert row == _index(rows, -y, 2 * MM) + 1, (column, row)


def test_the_sheet_says_how_to_read_a_square(sheet):
    """The key to the coordinates, in the rulebook's words, is printed on the sheet."""
    _, text, _ = sheet
    # (pdfium reads no space where the figure's face starts: "row1"; pypdf reads "row 1")
    assert "2-1=column2,row1" in re.sub(r"\s+", "", text)


def test_the_valhalla_example_is_a_v_a_player_reads_at_a_glance(sheet):
    """The example showed bolts and two fires, one outside the V. Now: four pencil X and one
    fire on the five squares of a V (5 wide, 3 deep), every other square plain, and a line
    traced through the five."""
    page, text, charboxes = sheet
    note = text_box(text, charboxes, "Valhalla V:")
    marks = []
    for i, ch in enumerate(text):
        if ch != "X":
            continue
        left, bottom, right, top = charboxes[i]
        # the example's marks: capitals taller than 2.5 mm, left of the note, level with it
        if top - bottom > 2.5 * MM and right < note[0] and bottom < note[3] + 2 * MM:
            marks.append(((left + right) / 2, (bottom + top) / 2))
    assert len(marks) == 4, marks
    marks.sort()
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = marks
    step = x2 - x1
    assert step > 4 * MM  # squares a pencil X fits in
    for a, b in ((x1, x2), (x2, x3), (x3, x4)):
        assert abs((b - a) - step) < 0.3 * MM  # one square apart, left to right
    # down, down, up: corner to corner, the point of the V two squares below its ends
    assert abs((y1 - y2) - step) < 0.3 * MM and abs((y2 - y3) - step) < 0.3 * MM
    assert abs((y4 - y3) - step) < 0.3 * MM
    scale = 150 / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * scale), int((height - y) * scale)))

    # the V's fifth square: blackened, a fire (read beside its centre, where the trace ends)
    fire = pixel(x4 + step * 1.3, y1 - step * 0.3)
    assert max(fire) < 90, fire
    for column in range(5):  # the squares off the V stay plain: no stray fire
        for row in range(3):
            x, y = x1 + column * step, y1 - row * step
            on_v = row == (2 - abs(2 - column))
            if not on_v:
                assert min(pixel(x, y)) > 200, (column, row)
    # the trace: coloured between the marks (gold: more red than blue), on both arms
    for x, y in (((x1 + x2) / 2, (y1 + y2) / 2), ((x3 + x4) / 2, (y3 + y4) / 2),
                 ((x4 + x4 + step) / 2, (y4 + y1) / 2)):
        r, g, b = pixel(x, y)
        assert r - b > 80, (r, g, b)


def test_the_dice_tray_marks_and_captions_stand_clear_of_the_die_spaces(sheet):
    """The captions' first line touched the die spaces (0.3 mm under them) and the triangle's
    apex sat on its space's top edge. Now each caption stands 1 mm or more under its space,
    centred on it, and each mark (circle, triangle, Thunder) keeps 1 mm inside its space."""
    page, text, charboxes = sheet
    title = text_box(text, charboxes, "Dice tray")
    spaces = sorted((s for s in drawn_shapes(page) if 16 * MM <= s[2] - s[0] <= 18 * MM
                     and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.1 * MM and s[3] < title[1]
                     and s[0] > title[0] - 2 * MM), key=lambda s: s[0])
    assert len(spaces) == 5
    # one caption a space: what its number gives (issue 34: each wraps in a longer edition)
    captions = ["LEFT's Thunder", "colour + column", "row", "your Thunder",
                "RIGHT's Thunder"]
    start = text.find("Dice tray")
    for space, caption in zip(spaces, captions):
        left, bottom, right, top = text_box(text, charboxes, caption, start)
        start = text.find(caption, start) + len(caption)
        assert space[1] - top >= 1 * MM, (caption, round((space[1] - top) / MM, 2))
        assert abs((left + right) / 2 - (space[0] + space[2]) / 2) < 0.5 * MM, caption
    for space in spaces[1:4]:  # the circle, triangle and Thunder marks inside their spaces
        marks = [s for s in drawn_shapes(page) if s is not space and s[0] > space[0]
                 and s[2] < space[2] and s[1] > space[1] - 1 and s[3] < space[3] + 1]
        assert marks, space
        for mark in marks:
            assert mark[1] - space[1] >= 1 * MM and space[3] - mark[3] >= 1 * MM, (
                round((space[3] - mark[3]) / MM, 2), round((mark[1] - space[1]) / MM, 2))


def test_the_troll_track_rules_stand_clear_of_the_magic_circles_and_the_gods_band(sheet):
    """The Troll-track rules' capitals touched the Troll Magic circles above them (0.1 mm).
    They now sit halfway: 0.5 mm or more under the lowest circle and over the Gods band."""
    page, text, charboxes = sheet
    first = text_box(text, charboxes, "Troll tracks:")
    last = text_box(text, charboxes, "column 2, row")
    shapes = drawn_shapes(page)
    above = [s for s in shapes if first[3] - 0.1 < s[1] < first[3] + 8 * MM and s[2] < first[0]
             + 200 * MM]
    band = max(s[3] for s in shapes if last[1] - 5 * MM < s[3] < last[1]
               and s[2] - s[0] > 100 * MM)
    assert min(s[1] for s in above) - first[3] >= 0.5 * MM
    assert last[1] - band >= 0.5 * MM
