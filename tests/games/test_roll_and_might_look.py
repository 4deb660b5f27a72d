"""Roll & Might look pass: visible defects found at 150 dpi, each measured on the printed PDF.

Read from the pod PDFs with pypdfium2 (one sheet or card a page, 3 mm or 1/8 in bleed).
"""

from __future__ import annotations

import pypdfium2 as pdfium


from pdfcheck import drawn_shapes, ink_boxes, page_chars, text_box

MM = 72 / 25.4


def test_the_solo_best_scores_are_written_in_boxes_not_on_underscores(built):
    """The Solo Scoring card asked for best scores over a row of underscores at text size
    (a pencil space under 3 mm tall); now four squares of 5 mm or more stand under the request,
    inside the card, and the body keeps its 9 pt."""
    pdf = pdfium.PdfDocument(str(built("roll-and-might", "reference", "pod")))
    page = next(pdf[i] for i in range(0, len(pdf), 2)
                if "Solo Scoring" in pdf[i].get_textpage().get_text_range())
    assert "__" not in page.get_textpage().get_text_range()
    ask = ink_boxes(page, "Best scores")  # issue 34: the card's last icon-led line
    squares = [s for s in drawn_shapes(page) if s[3] < ask[1]
               and 5 * MM <= s[2] - s[0] < 12 * MM and abs((s[3] - s[1]) - (s[2] - s[0])) < MM]
    assert len(squares) == 4, squares
    assert min(s[1] for s in squares) > 6 * MM  # clear of the card's foot (3 mm bleed + frame)


def test_a_scoring_symbol_stands_on_the_line_of_the_location_it_names(built):
    """The Scoring aid's Legend line ended two lines on an icon ("4-6 West · [castle]") and
    began the next with its word. Issue 34: the aid is icon-led lines (the Legend line is
    the Legend's own); each symbol's gold roundel stands just left of the location it names,
    level with it."""
    pdf = pdfium.PdfDocument(str(built("roll-and-might", "reference", "pod")))
    page = next(pdf[i] for i in range(0, len(pdf), 2)
                if pdf[i].get_textpage().get_text_range().startswith("Scoring"))
    discs = [s for s in drawn_shapes(page) if 6 * MM < s[2] - s[0] < 6.5 * MM
             and 6 * MM < s[3] - s[1] < 6.5 * MM]
    for name in ("Towers", "Throne Room", "Armies", "Stalls"):
        left, bottom, _, top = ink_boxes(page, name)
        beside = [s for s in discs if left - 3 * MM < s[2] <= left
                  and s[1] < (bottom + top) / 2 < s[3]]
        assert len(beside) == 1, name


def test_the_castle_notes_leave_no_word_alone_on_a_line(built):
    """The army columns' strength note wrapped "Strength = spots + tower" over a lone "bonus";
    reader finding 1 (session 14) found the two-line note squeezed: each army's strength is an
    icon formula on one line (army + tower = Strength), its words small under it, and the
    towers' heads read ":castle: 1-3 → any" on one line."""
    page = pdfium.PdfDocument(str(built("roll-and-might", "score-sheet", "pod")))[0]
    text = page.get_textpage().get_text_range()
    assert text.count("= Strength") == 2
    assert text.count("spots + full towers, this side") == 2
    for phrase in ("= Strength", "1-3 → any", "spots + full towers, this side"):
        left, bottom, right, top = ink_boxes(page, phrase)
        assert top - bottom < 4.5 * MM, phrase  # one line of 12 pt (the A4 sheet), not two


def test_each_army_column_fills_the_castle_without_an_empty_band(built):
    """Under each army column the castle panel stood empty for 17 mm. Each column reads down
    as its sum: the spots, the strength formula, then its three boxes, the last level with
    the castle strip's throne row, and no blank band in the column is taller than a row of
    spots and its gap."""
    page = pdfium.PdfDocument(str(built("roll-and-might", "score-sheet", "pod")))[0]
    text, boxes = page_chars(page)
    throne = text_box(text, boxes, "All five: 3")
    scale = 150 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_height()
    foot = text_box(text, boxes, "Market stalls")[3]  # the castle panel ends above it
    start = 0
    for side in ("WEST ARMY", "EAST ARMY"):
        label = text_box(text, boxes, side)
        start = text.find("= Strength", start + 1)
        note = text_box(text, boxes, "= Strength", start)
        points = text_box(text, boxes, "Points", start)
        spots = text_box(text, boxes, "16 spots", text.find(side))
        assert spots[1] > note[3] > note[1] > points[3], side
        assert abs(points[1] - throne[1]) < 1.5 * MM, side
        left, right = int(label[0] * scale), int(label[2] * scale)
        rows = range(int((height - label[3]) * scale), int((height - foot) * scale))
        blank = [image.crop((left, y, right, y + 1)).getextrema()[0] > 230 for y in rows]
        longest = run = 0
        for empty in blank:
            run = run + 1 if empty else 0
            longest = max(longest, run)
        assert longest / scale < 14 * MM, (side, round(longest / scale / MM, 1))  # A4: x sqrt 2


def test_the_legend_armies_note_fills_its_panel(built):
    """The solo note sat at the top of its red panel over 7 mm of empty panel; it is centred
    now, as much panel above its first line as under its last."""
    pdf = pdfium.PdfDocument(str(built("roll-and-might", "legend", "pod")))
    page = next(pdf[i] for i in range(len(pdf))  # the Solo Legend's face (issue 34)
                if "SOLO LEGEND" in pdf[i].get_textpage().get_text_range())
    text, boxes = page_chars(page)
    first = text_box(text, boxes, "5 or 6,")
    last = text_box(text, boxes, "its West.")
    panel = min((s for s in drawn_shapes(page) if s[0] < first[0] and s[2] > last[2]
                 and s[1] < last[1] and s[3] > first[3]), key=lambda s: s[3] - s[1])
    above, below = panel[3] - first[3], last[1] - panel[1]
    assert abs(above - below) < 1 * MM, (round(above / MM, 2), round(below / MM, 2))


def test_the_legend_header_is_clean_and_its_panels_read_from_the_top(built):
    """Reader finding 10 (session 14): pale castle-wall corner pictures read as clip art, a
    five-pip die beside the title repeated the Wild Die confusion, and the "Who places a
    die?" text sat bottom-heavy in its outlined box. The title stands between two keeps, no
    scene and no die; the panel is tinted, no outline, its first line near its top."""
    from test_roll_and_might_retail import _forms

    pdf = pdfium.PdfDocument(str(built("roll-and-might", "legend", "pod")))
    forms = _forms(built("roll-and-might", "legend", "pod"))
    for index in range(len(pdf)):
        page = pdf[index]
        text, boxes = page_chars(page)
        title = text_box(text, boxes, "LEGEND")
        assert not [n for n in forms[index] if ".art-" in n and "castle-walls" in n]
        band = [s for s in drawn_shapes(page) if s[1] < (title[1] + title[3]) / 2 < s[3]
                and s[2] - s[0] < 15 * MM]
        assert len(band) >= 2, band     # a keep either side of the title, nothing else
        if "SOLO" in text:
            continue
        head = text_box(text, boxes, "Who places a die?")
        panel = min((s for s in drawn_shapes(page) if s[0] < head[0] and s[2] > head[2]
                     and s[3] > head[3] and s[1] < head[1]), key=lambda s: s[3] - s[1])
        last = text_box(text, boxes, "is a die face.")
        above, below = panel[3] - head[3], last[1] - panel[1]
        assert above < 4 * MM and above < below, (round(above / MM, 1), round(below / MM, 1))
        image = page.render(scale=100 / 72).to_pil().convert("RGB")
        # no outline: the panel's edge is its tint, not a stroke of the castle's blue
        x = round((panel[0] + 0.3 * MM) * 100 / 72)
        y = round((page.get_height() - (panel[1] + panel[3]) / 2) * 100 / 72)
        edge = image.getpixel((x, y))
        assert min(edge) > 200, edge
