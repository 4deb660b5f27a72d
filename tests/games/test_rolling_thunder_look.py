"""Rolling Thunder look pass: what a player printing at home stumbled on, read from the PDF.

The sheet is read from the pod PDF (one sheet a page) with pypdfium2: printed text, its glyph
boxes, and pixels where a picture matters.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pdfcheck import drawn_shapes, page_chars, text_box

MM = 72 / 25.4


@pytest.fixture(scope="module")
def sheet(built):
    """Page 1 of the play sheet (pod: one sheet a page), its text and each character's box."""
    page = pdfium.PdfDocument(str(built("rolling-thunder", "play-sheet", "pod", copies=1)))[0]
    return (page, *page_chars(page))


def test_the_squares_are_blank_and_the_coordinates_stand_on_the_rim(sheet):
    """Fresh reader (after the Cartographers score): "1-1" printed in 72 squares made the grid
    read as a form, under the pencil. No square prints a coordinate now; the rim does: a
    column number 1-6 over each of the 18 columns and a row number 1-6 beside each row, on
    the left and again on the right of the grid, level with its row."""
    _, text, charboxes = sheet
    assert not re.search(r"(?<![\d.])[1-6]-[1-6](?![\d.])",
                         text[:text.index("Gods ·")]), "a coordinate in a square"
    digits = []
    for i, ch in enumerate(text):
        if ch in "123456" and charboxes[i][2] > charboxes[i][0]:
            box = charboxes[i]
            digits.append((ch, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    network = text_box(text, charboxes, "Runestone network")
    gods = text_box(text, charboxes, "Gods ·")
    # the grid's band: under the sector bands, over the Troll tracks, left of the network
    band = [d for d in digits if gods[3] + 14 * MM < d[2] < network[1]
            and d[1] < network[0] - 3 * MM]
    columns = [d for d in band if d[2] > max(e[2] for e in band) - 2 * MM]   # the top line
    assert [d[0] for d in sorted(columns, key=lambda d: d[1])] == list("123456") * 3
    rows = [d for d in band if d not in columns]
    left = sorted((d for d in rows if d[1] < columns[0][1]), key=lambda d: -d[2])
    right = sorted((d for d in rows if d[1] > max(c[1] for c in columns)), key=lambda d: -d[2])
    assert [d[0] for d in left] == list("123456") == [d[0] for d in right], (left, right)
    for a, b in zip(left, right):
        assert abs(a[2] - b[2]) < 0.5 * MM, (a, b)


def test_the_valhalla_example_is_a_v_a_player_reads_at_a_glance(sheet):
    """The example showed bolts and two fires, one outside the V; then (s14 reader) four X
    and a grey fifth square that read as empty beside "5 strikes". Now: five pencil X on the
    five squares of a V (5 wide, 3 deep), every square plain, and a line traced through."""
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
    assert len(marks) == 5, marks
    marks.sort()
    (x1, y1), (x2, y2), (x3, y3), (x4, y4), (x5, y5) = marks
    step = x2 - x1
    assert step > 4 * MM  # squares a pencil X fits in
    for a, b in ((x1, x2), (x2, x3), (x3, x4), (x4, x5)):
        assert abs((b - a) - step) < 0.3 * MM  # one square apart, left to right
    # down, down, up, up: corner to corner, the point of the V two squares below its ends
    assert abs((y1 - y2) - step) < 0.3 * MM and abs((y2 - y3) - step) < 0.3 * MM
    assert abs((y4 - y3) - step) < 0.3 * MM and abs((y5 - y4) - step) < 0.3 * MM
    scale = 150 / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * scale), int((height - y) * scale)))

    for column in range(5):  # every square plain, on the V or off it: no shaded square
        for row in range(3):
            x, y = x1 + column * step, y1 - row * step
            if row == 2 - abs(2 - column):  # on the V: a corner clear of the X and trace
                x += step * (0.3 if column < 2 else -0.3)
                y += step * (0.3 if column != 2 else -0.3)
            assert min(pixel(x, y)) > 200, (column, row, pixel(x, y))
    # the trace: coloured between the marks (gold: more red than blue), on both arms
    for x, y in (((x1 + x2) / 2, (y1 + y2) / 2), ((x3 + x4) / 2, (y3 + y4) / 2),
                 ((x4 + x5) / 2, (y4 + y5) / 2)):
        r, g, b = pixel(x, y)
        assert r - b > 80, (r, g, b)


def test_the_dice_tray_marks_and_captions_stand_clear_of_the_die_spaces(sheet):
    """The captions' first line touched the die spaces (0.3 mm under them) and the triangle's
    apex sat on its space's top edge. Now each caption stands 1 mm or more under its space,
    centred on it, and each mark (circle, triangle, Thunder) keeps 1 mm inside its space.
    Fresh reader (after the Cartographers score): five spaces for three dice; the tray holds
    your three dice, the neighbours named at its ends."""
    page, text, charboxes = sheet
    title = text_box(text, charboxes, "Dice tray")
    spaces = sorted((s for s in drawn_shapes(page) if 16 * MM <= s[2] - s[0] <= 18 * MM
                     and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.1 * MM and s[3] < title[1]
                     and s[0] > title[0] - 2 * MM), key=lambda s: s[0])
    assert len(spaces) == 3
    # one caption a space: what its number gives (issue 34: each wraps in a longer edition)
    captions = ["colour + column", "row", "your Thunder"]
    start = text.find("Dice tray")
    for space, caption in zip(spaces, captions):
        left, bottom, right, top = text_box(text, charboxes, caption, start)
        start = text.find(caption, start) + len(caption)
        assert space[1] - top >= 1 * MM, (caption, round((space[1] - top) / MM, 2))
        assert abs((left + right) / 2 - (space[0] + space[2]) / 2) < 0.5 * MM, caption
    for space in spaces:  # the circle, triangle and Thunder marks inside their spaces
        marks = [s for s in drawn_shapes(page) if s is not space and s[0] > space[0]
                 and s[2] < space[2] and s[1] > space[1] - 1 and s[3] < space[3] + 1]
        assert marks, space
        for mark in marks:
            assert mark[1] - space[1] >= 1 * MM and space[3] - mark[3] >= 1 * MM, (
                round((space[3] - mark[3]) / MM, 2), round((mark[1] - space[1]) / MM, 2))


def test_the_troll_tracks_stand_clear_of_the_gods_band_with_no_caption(sheet):
    """The Troll-track rules' capitals touched the Troll Magic circles above them; then
    (s14 reader) the caption itself was small print the Strikes aid repeats. No caption is
    left: the Gods band stands 2 mm or more under the tracks' lowest circle."""
    page, text, charboxes = sheet
    assert "Troll tracks:" not in text and "crosses off the leftmost" not in text
    band = text_box(text, charboxes, "Gods ·")
    shapes = drawn_shapes(page)
    # the tracks' Troll Magic circles: small round shapes over the band, under the grid
    circles = [s for s in shapes if 4 * MM < s[2] - s[0] < 8 * MM
               and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.5 * MM
               and band[3] < s[1] < band[3] + 12 * MM]
    assert len(circles) >= 9, len(circles)
    assert min(s[1] for s in circles) - (band[3] + 1.5 * MM) >= 2 * MM
