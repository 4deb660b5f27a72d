"""Small visual defects found looking at the roll-and-write games at 150 dpi, each measured.

Read from the pod PDFs with pypdfium2: glyph boxes of a printed phrase against the shapes (rules,
boxes, bands) drawn near it, inside the placed faces too.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from pdfcheck import drawn_shapes, ink_boxes
from sheetgen.fill.elements.sheet_common import is_number

MM = 72 / 25.4


def gap_below(page, text: str) -> float:
    """Return the white space (points) between ``text``'s lowest glyph and the top of the
    nearest shape under it (one overlapping it across)."""
    left, bottom, right, top = ink_boxes(page, text)
    under = [shape[3] for shape in drawn_shapes(page)
             if shape[0] < right and shape[2] > left and shape[3] <= bottom + 2 * MM]
    return bottom - max(under)


def _line_of(page, start: str) -> list[tuple[str, tuple]]:
    """Return the printed characters (no spaces) of the line that begins with ``start``, with
    their glyph boxes."""
    chars = page.get_textpage()
    at = chars.get_text_range().find(start)
    baseline = chars.get_charbox(at)[1]
    found = []
    for index in range(chars.count_chars()):
        char, box = chars.get_text_range(index, 1), chars.get_charbox(index)
        if not char.isspace() and abs(box[1] - baseline) < 2.5 and box[2] > box[0]:
            found.append((char, box))
    return sorted(found, key=lambda c: c[1][0])


def test_numbers_in_running_text_keep_their_spaces_and_lining_figures(built):
    # Roll & Might's market note: "2, 3, 4 or 5;" printed as "2, 3, 4or 5;" (the number font's
    # wider spaces pushed the 4 against "or") and the 5 before ";" in the text font's old-style
    # figures, shorter than the lining ones beside it. Issue 34 made the note symbol-led
    # ("... full stall 1 point · 5+ full stalls +3"): the same two faults would show on
    # "1 point", "5+ full" and the figures 1, 5, 3
    page = pdfium.PdfDocument(str(built("roll-and-might", "score-sheet", "pod")))[0]
    # (session 14: the scoring line has its own line in the market strip, "Full stall: 1 ·
    # 5+ full stalls: +3"; the same faults would show on "5+ full" and the figures 1, 5, 3)
    line = _line_of(page, "Full stall:")
    text = "".join(char for char, _ in line)
    assert "Fullstall:1·5+fullstalls:+3" in text, text
    for word, at in (("5+full", 1),):  # a number, a space, a word
        figure = text.index(word) + at
        assert line[figure + 1][1][0] - line[figure][1][2] >= 0.45 * MM, word
    tops = [box[3] for char, box in line if char.isdigit()]
    assert max(tops) - min(tops) < 0.15 * MM, "every figure is a lining figure"


def test_a_number_with_its_brackets_or_semicolon_is_a_number():
    for word in ("5;", "4)", "(3)", "3);", "16:"):
        assert is_number(word), word
    for word in ("(R4).", "3rd", "T1)", "(a", ";"):
        assert not is_number(word), word


def test_the_shields_under_the_raid_cost_table_stand_clear_of_the_table(built):
    # Roll & Raid's Raid cards: the caption "PAY THE ROW ..." sat 0.4 mm under the
    # cost table's bottom rule; the caption is gone (issue 34 look: its room went to the
    # picture), and so is the city category line (issue 34: no game effect); the clan
    # shields under the table need the same room above and below
    page = pdfium.PdfDocument(str(built("roll-and-raid", "raid-cards", "pod")))[0]
    text = page.get_textpage().get_text_range()
    assert "PAY THE ROW" not in text and "Monastery" not in text
    assert "3 1 1\r\nY\r\nRoll & Raid" in text  # Lindisfarne: one yellow shield
    _, bottom, _, top = ink_boxes(page, "Y")  # the only capital Y on the card
    footer = ink_boxes(page, "Roll & Raid")[3]
    # every shape across the card's text column but the card's own frames
    shapes = [s for s in drawn_shapes(page) if s[3] - s[1] < 40 * MM]
    table = min(s[1] for s in shapes if s[1] >= top)  # the cost table's bottom rule
    shield = [s for s in shapes if s[1] < top and s[3] > top]  # the shield beside its letter
    assert shield
    gaps = (table - max(s[3] for s in shield), min(s[1] for s in shield) - footer)
    assert min(gaps) >= 0.8 * MM, gaps
