"""Rolling Thunder, session 15: the fresh reader's findings (6.2 vs Ganz Schön Clever), each
read from the built PDF: its forms, text positions and pixels."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import page_chars, text_box

MM = 72 / 25.4


@pytest.fixture(scope="module")
def sheet(built):
    """The play sheet's pod PDF (one sheet a page) and page 1's text and character boxes."""
    path = built("rolling-thunder", "play-sheet", "pod", copies=1)
    page = pdfium.PdfDocument(str(path))[0]
    return (path, page, *page_chars(page))


def _forms(resources) -> set[str]:
    """Return the names of the forms a page draws, inside its forms too."""
    names = set()
    for name, ref in (resources.get("/XObject") or {}).items():
        names.add(str(name))
        form = ref.get_object()
        if "/Resources" in form:
            names |= _forms(form["/Resources"])
    return names


def test_grid_stones_are_standing_stones_and_shields_have_a_dark_rim(sheet):
    """s15 reader, finding 1: the Standing Stone on the grid was a teardrop (read as blood or
    water) and the Warrior's pale shield vanished on the blue sector. The stone is an upright
    carved stone now (the Runestone's kin), the shield a light steel ringed in dark ink."""
    path, page, text, boxes = sheet
    forms = _forms(PdfReader(path).pages[0]["/Resources"])
    assert any("runestone-carved" in f for f in forms), forms
    assert not any(f.endswith("icon-standing-stone") or f.endswith("icon-shield") for f in forms)
    assert any("warrior-shield" in f for f in forms), forms
    # the blue sector's Warrior at column 8, row 2 (the grid: 18 squares of 10.03 mm from
    # x 13.51 mm, 6 rows from y 65.51 mm, pod page with 3 mm bleed): its rim is dark ink
    # on the blue tint, its middle light
    scale = 200 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    bleed = 3 * MM
    cx, cy = (13.51 + 7.5 * 10.03) * MM + bleed, (65.51 + 1.5 * 10.03) * MM + bleed
    # the rim, about 2.6 mm out from the centre: dark on each of four rays out of it
    ring = [min(image.getpixel((int((cx + dx * r / 10 * MM) * scale),
                                int((cy + dy * r / 10 * MM) * scale))) for r in range(20, 34))
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    assert max(ring) < 110, ring
    tint = image.getpixel((int((cx + 4.4 * MM) * scale), int(cy * scale)))
    assert tint > 190, tint         # the sector's light tint beside it


def test_a_one_line_key_under_the_grid_names_its_pictures(sheet):
    """s15 reader, finding 1: "no symbol legend on sheet". One line under the Troll tracks,
    over the Gods band, names each picture of the grid beside it."""
    _, _, text, boxes = sheet
    key = text_box(text, boxes, "Key:")
    gods = text_box(text, boxes, "Gods ·")
    assert key[1] > gods[3] + 2 * MM   # over the Gods band
    start = text.find("Key:")
    for label in ("Troll", "Warrior", "Standing Stone", "Dark square", "Troll Magic",
                  "Forest fire"):
        box = text_box(text, boxes, label, start)
        assert abs(box[1] - key[1]) < 1.5 * MM, label   # on the key's line
        assert box[3] - box[1] > 2 * MM, label          # 9 pt or so: read at arm's length


def _grey(page, scale=150 / 72):
    """Return the page rendered in greys and a function giving a point's grey (PDF points)."""
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x * scale), int((height - y) * scale)))
    return at


def test_the_title_stands_on_a_storm_band_across_the_sheet(sheet):
    """s15 reader, finding 2: "no identity: small grey storm thumbnail header, plain serif
    capitals, zigzag, white space". The title is ivory on a dark storm band that runs the
    sheet's width (its clouds in it), edged in gold with a gold knotwork border under it; the
    Shaman writes on a light plate inside the band."""
    _, page, text, boxes = sheet
    at = _grey(page)
    title = text_box(text, boxes, "ROLLING THUNDER")
    shaman = text_box(text, boxes, "Shaman")
    middle = (title[1] + title[3]) / 2
    # the band, dark from under the title's start to past the plate's left (the storm's
    # clouds vary its tone; never paper-light)
    for x_mm in range(26, 190, 6):   # right of the gold bolt
        x = x_mm * MM + 3 * MM
        if title[0] - 1 * MM < x < title[2] + 1 * MM:
            continue   # the letters themselves
        assert sum(at(x, middle)) / 3 < 110, (x_mm, at(x, middle))
    assert title[2] - title[0] > 80 * MM   # a title of presence, not a caption
    # ivory letters: some pixel of the title is light
    assert max(sum(at(title[0] + i * (title[2] - title[0]) / 400, middle)) / 3
               for i in range(400)) > 220
    # the Shaman's plate: light paper inside the dark band
    plate = at(shaman[2] + 30 * MM, (shaman[1] + shaman[3]) / 2 + 2.5 * MM)
    assert min(plate) > 220, plate
    # the gold knotwork under the band: gold (red well over blue) along its foot
    def gold_share(y: float) -> float:
        row = [at(x * MM, y) for x in range(20, 280, 2)]
        return sum(1 for r, g, b in row if r - b > 60) / len(row)
    # a row of it within 8 mm under the title's letters, all along the sheet
    assert max(gold_share(title[1] - i * 0.2 * MM) for i in range(40)) > 0.25


def test_left_and_right_flank_the_thunder_die_only(sheet):
    """s15 reader, finding 3: "← LEFT" and "RIGHT →" at the tray's ends seemed to belong to the
    circle and triangle dice beside them. They stand on either side of the Thunder die space,
    on a tinted panel that holds those three and not the Lightning pair."""
    _, page, text, boxes = sheet
    at = _grey(page)
    left = text_box(text, boxes, "LEFT", text.find("Dice tray"))
    right = text_box(text, boxes, "RIGHT", text.find("Dice tray"))
    row = text_box(text, boxes, "row", text.find("colour + column"))
    thunder = text_box(text, boxes, "your Thunder")
    centre = (thunder[0] + thunder[2]) / 2
    assert row[2] < left[0] < left[2] < centre - 8 * MM   # LEFT: between the pair and Thunder
    assert centre + 8 * MM < right[0]                     # RIGHT: beyond the Thunder die
    # both neighbours' notes are whole short sentences
    for sentence in ("Next seat clockwise.", "The seat before yours.", "Its Thunder die: a row."):
        assert sentence in text.replace("\r\n", " ").replace("\n", " "), sentence
    # the panel: tinted (blue over red) under LEFT's note and beside the Thunder caption,
    # paper-white beside the triangle's caption
    y = (thunder[1] + thunder[3]) / 2
    for x in (left[0] - 0.6 * MM, right[2] + 0.4 * MM, thunder[2] + 1 * MM):
        r, g, b = at(x, y)
        assert b - r > 8 and min(r, g, b) > 200, (x / MM, (r, g, b))
    r, g, b = at(row[2] + 2 * MM, y)
    assert min(r, g, b) > 245, (r, g, b)


@pytest.fixture(scope="module")
def cards(built):
    """The Player aids and Clarifications, A4 (fronts on pages 1 and 3, backs on 2 and 4)."""
    return pdfium.PdfDocument(str(built("rolling-thunder", "clarifications", "a4")))


def test_your_turn_is_one_step_a_line_in_whole_sentences(cards):
    """s15 reader, finding 4: steps 7-9 ran on one line ("7 Runestone magic · 8 A God ...")
    with the card's bottom third empty, and lines read clipped ("Runestones: 5 a full row.",
    "none fit: the Troll only."). Each step starts its own line at the card's left edge."""
    text, boxes = page_chars(cards[0])
    flat = " ".join(text.split())
    for step in ("4 Thunder: the LEFT die.", "5 Thunder: the RIGHT die.", "7 Use Runestone magic.",
                 "8 Summon a God, if you like.", "9 Use Runestone magic.",
                 "End: round 10, or no Troll or 5 Gods left."):
        assert step in flat, step
    lefts, tops = [], []
    at = 0
    for step in ("1 Cross", "2 Roll", "4 ", "5 ", "6 Lightning", "7 Use", "8 Summon", "9 Use",
                 "End:"):
        at = text.index(step, at)
        box = text_box(text, boxes, step[0], at)
        lefts.append(box[0])
        tops.append(box[3])
    assert max(lefts) - min(lefts) < 0.5 * MM, [round(v / MM, 1) for v in lefts]
    assert all(a - b > 2.5 * MM for a, b in zip(tops, tops[1:])), tops   # a line each
    third = " ".join(page_chars(cards[2])[0].split())
    assert "Runestones: 5 for each full row." in third
    assert "If no line fits, the Troll alone." in third
    assert "5 a full row" not in third and "none fit" not in third


def _frames(page, width_mm: float) -> list[tuple[float, float, float, float]]:
    """Return the drawn boxes ``width_mm`` wide (the cards' picture frames), A4 points."""
    from pdfcheck import drawn_shapes
    return [s for s in drawn_shapes(page) if abs((s[2] - s[0]) - width_mm * MM) < 0.2 * MM
            and 4 * MM < s[3] - s[1] < 30 * MM]


def test_every_card_picture_is_one_window_size_with_no_pill_under_it(cards):
    """s15 reader, finding 5: art windows of 6 to 21 mm (thin strips unreadable) and the same
    blue pill under every picture, a leftover. Every card with a picture has a window 9 mm
    tall (its gold frame), and nothing the pill's size (16 x 2 mm) is drawn. The aids whose
    rules fill them (Your turn, Strikes, Symbols, Solo, Gods) print no strip."""
    from pdfcheck import drawn_shapes
    heights = []
    for index in (0, 2):
        frames = _frames(cards[index], 52.5 + 0.8)   # the frame's stroke counts in its bounds
        heights += [round((s[3] - s[1]) / MM, 1) for s in frames]
        pills = [s for s in drawn_shapes(cards[index])
                 if abs((s[2] - s[0]) - 16 * MM) < 0.5 * MM
                 and abs((s[3] - s[1]) - 2 * MM) < 0.5 * MM]
        assert not pills, pills
    # Setup on page 1, the Scoring, Clarifications and House rulings cards on page 3 (the
    # text-led aids, their rules filling the card in a 40 % longer edition, have none)
    assert len(heights) >= 9, heights
    assert max(heights) - min(heights) < 0.2, heights
    assert 8.5 < heights[0] < 10.5, heights


def test_each_back_is_its_cards_and_keeps_its_margins(cards):
    """s15 reader, finding 10: the House rulings card had a "Clarifications" back; the name
    nearly touched the border over an empty bottom third. Its back says House rulings, at its
    place under the front (long-edge duplex: mirrored left to right); each back's name keeps
    4 mm and more inside its frame, and a gold knotwork rule fills the bottom of the card."""
    front_text, front_boxes = page_chars(cards[2])
    back_text, back_boxes = page_chars(cards[3])
    width = cards[3].get_width()
    front = text_box(front_text, front_boxes, "House rulings")
    back = text_box(back_text, back_boxes, "House rulings")
    assert (front[0] + front[2]) / 2 > width * 2 / 3   # the front: right column
    assert (back[0] + back[2]) / 2 < width / 3          # its back: left column, same row
    assert abs(front[1] - back[1]) < 65 * MM   # one row of cards (88.9 mm)
    labels = [line.strip() for line in back_text.splitlines()]
    assert (labels.count("Clarifications"), labels.count("Player aid"),
            labels.count("House rulings")) == (6, 2, 1), labels
    at = 0
    names = []
    while (at := back_text.find("ROLLING THUNDER", at)) >= 0:
        names.append(text_box(back_text, back_boxes, "ROLLING THUNDER", at))
        at += 1
    assert len(names) == 9
    for name in names:
        assert name[2] - name[0] < 57.5 * MM - 2 * 4 * MM, (name[2] - name[0]) / MM
    # the knotwork: gold under the House rulings label, within the card's bottom quarter
    at = _grey(cards[3])
    ys = [back[1] - i * 0.25 * MM for i in range(10, 50)]
    gold = max(sum(1 for x in range(40) if (lambda p: p[0] - p[2] > 60)(
        at(back[0] + (back[2] - back[0]) * x / 40, y))) for y in ys)
    assert gold > 10, gold


def test_free_strikes_are_bolts_and_each_column_runs_into_its_knot_box(sheet):
    """s15 reader, finding 7: the full row's "× ×" free-strike circles were drawn like the
    stones you slash, and the knot boxes of a column of three were explained only by a small
    side note. The free strikes are gold bolts (the rulebook's lightning), no × left in the
    network; a pale gold band runs down each column of stones into its knot box."""
    _, page, text, boxes = sheet
    at = _grey(page, 200 / 72)
    network = text[text.index("Runestone network"):text.index("Scoring ·")]
    assert "×" not in network
    r = text_box(text, boxes, "R", text.index("Full row"))
    y = (r[1] + r[3]) / 2
    step = 8.2 * MM   # a stone and its gap
    x0 = (r[0] + r[2]) / 2
    for column in (7, 8):   # the two free strikes: gold ink in the circle's middle
        cx = x0 + column * step
        golds = [at(cx + dx * MM, y + dy * MM) for dx in (-1.2, -0.6, 0, 0.6, 1.2)
                 for dy in (-1.2, -0.6, 0, 0.6, 1.2)]
        assert any(p[0] - p[2] > 60 and p[0] < 230 for p in golds), (column, golds)
    for column in range(1, 7):   # each stone column: pale gold between its rows
        gap = at(x0 + column * step, y - 3.8 * MM)
        assert gap[0] - gap[2] > 25 and min(gap) > 170, (column, gap)
    right = at(x0 + 9 * step, y - 3.8 * MM)     # beside the 5: paper
    assert min(right) > 245, right
