"""Roll & Might, session 15 reader report (look 6.4 against Welcome To...): each finding fixed is
measured on the printed PDF (pypdfium2 pixels and page objects of the pod or A4 build)."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium

from pdfcheck import drawn_shapes, ink_boxes, near_mask

MM = 72 / 25.4
DPI = 150
GAME = "roll-and-might"
CASTLE, ARMY, MARKET = (0x3F, 0x5A, 0x7A), (0xA3, 0x32, 0x2A), (0x3A, 0x7A, 0x3A)


def _rgb(page, dpi=DPI):
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def _crop(image, page, box_pt):
    """The pixels of ``box_pt`` (left, bottom, right, top in PDF points) of a rendered page."""
    s, height = image.width / page.get_width(), page.get_height()
    x0, y0, x1, y1 = box_pt
    return image.crop((round(x0 * s), round((height - y1) * s), round(x1 * s),
                       round((height - y0) * s)))


def test_the_card_back_is_a_saturated_blue_field_with_a_large_emblem(built):
    """Finding 9: "washed-out grey low-contrast lattice, dull". The back's field is the castle's
    blue (most of the card within a few levels of it, none of the old pale grey-blue), and its
    central ring is at least 40 mm across (it was 36)."""
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    back = pdf[1]
    assert "ROLL & MIGHT" in back.get_textpage().get_text_range()
    image = _rgb(back)
    blue = near_mask(image, CASTLE, 28).mean()
    pale = near_mask(image, (0xCB, 0xCF, 0xD1), 12).mean()  # the old castle-mist ground
    assert blue > 0.45 and pale < 0.02, (blue, pale)
    width = back.get_width()
    rings = [s for s in drawn_shapes(back) if abs((s[2] - s[0]) - (s[3] - s[1])) < 1.5 * MM
             and 40 * MM <= s[2] - s[0] < width - 10 * MM]
    assert rings, "no central ring 40 mm or more across"
    ring = max(rings, key=lambda s: s[2] - s[0])
    assert abs((ring[0] + ring[2]) / 2 - width / 2) < 1 * MM  # centred


def _location_discs(page, image, top_band):
    """The three filled discs in ``top_band`` (bottom, top in points) and their colours."""
    discs = [s for s in drawn_shapes(page) if top_band[0] <= s[1] and s[3] <= top_band[1]
             and 7 * MM < s[2] - s[0] < 12 * MM and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.6 * MM]
    discs = sorted({(round(s[0]), round(s[1])): s for s in discs}.values())
    colours = []
    for x0, y0, x1, y1 in discs:
        # a pixel just inside the disc's rim, left of centre: the disc's own fill
        s = DPI / 72
        px = image.getpixel((round((x0 + 0.8 * MM) * s), round((page.get_height()
                                                                 - (y0 + y1) / 2) * s)))
        colours.append(px)
    return discs, colours


def _near(colour, target, tolerance=30):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def test_the_three_locations_are_white_symbols_in_discs_of_their_colour(built):
    """Finding 3: in the score sheet's header and on the card backs the three location icons
    were drawn three ways (red swords bare, the castle in its ring, a solid green market). Both
    now draw army, castle and market alike: one disc of each location's colour, side by side,
    of one size."""
    sheet = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    height = sheet.get_height()
    title = ink_boxes(sheet, "ROLL & MIGHT")
    band = (title[1] - 4 * MM, height)
    for page, band in ((sheet, band),
                       (pdfium.PdfDocument(str(built(GAME, "cards", "pod")))[1], (0, 30 * MM))):
        image = _rgb(page)
        discs, colours = _location_discs(page, image, band)
        assert len(discs) == 3, discs
        sizes = {round(s[2] - s[0], 1) for s in discs}
        assert max(sizes) - min(sizes) < 0.3, sizes
        for colour, target in zip(colours, (ARMY, CASTLE, MARKET)):
            assert _near(colour, target), (colour, target)


def _die_space(shape) -> bool:
    """Whether a drawn shape is a 28.4 mm die space (its bounds take in half its frame)."""
    return all(28 * MM < side < 30.5 * MM for side in (shape[2] - shape[0], shape[3] - shape[1]))


def test_the_legend_die_spaces_have_crisp_frames_and_no_halo(built):
    """Finding 11: the die spaces sat in soft tiles of their location's mist ("blurred colour
    halos"). Each space is now white inside a crisp frame of its location's colour, at least
    1.5 pt, with plain paper round it: no tinted pixel in a band 1.5 mm outside the frame."""
    pdf = pdfium.PdfDocument(str(built(GAME, "legend", "pod")))
    for page in pdf:
        image = _rgb(page, 300)
        spaces = sorted((s for s in drawn_shapes(page) if _die_space(s) and s[0] < 50 * MM),
                        key=lambda s: -s[3])
        assert len(spaces) == 3, spaces
        for (x0, y0, x1, y1), colour in zip(spaces, (ARMY, CASTLE, MARKET)):
            ring = np.asarray(_crop(image, page, (x0 - 2 * MM, y0 + 8 * MM, x0 - 0.6 * MM,
                                                  y1 - 8 * MM)).convert("L"))
            assert ring.min() > 235, "a tinted halo outside the die space"
            edge = _crop(image, page, (x0 - 0.6 * MM, (y0 + y1) / 2 - MM, x0 + 1.2 * MM,
                                       (y0 + y1) / 2 + MM))
            frame = near_mask(edge, colour, 40)
            assert frame.any(axis=0).sum() >= 5, "frame under 1.5 pt"  # 6 px at 300 dpi
            inside = np.asarray(_crop(image, page, (x0 + 3 * MM, y0 + 3 * MM, x1 - 3 * MM,
                                                    y1 - 3 * MM)).convert("L"))
            assert inside.min() > 245  # the space is white


def test_the_legend_panels_hold_their_text_without_an_empty_half(built):
    """Finding 11: "right info panels half empty". The table Legend's set-aside space is a die
    space like the three others, and the tinted panels keep at most a third of their height
    free of text."""
    pdf = pdfium.PdfDocument(str(built(GAME, "legend", "pod")))
    for page, first in ((pdf[0], "Who places a die?"), (pdf[1], "5 or 6,")):
        image = _rgb(page)
        top = ink_boxes(page, first)[3]
        panels = [s for s in drawn_shapes(page) if s[0] > 130 * MM and s[1] < top < s[3]
                  and s[2] - s[0] > 60 * MM]
        assert panels, first
        x0, y0, x1, y1 = min(panels, key=lambda s: s[3] - s[1])
        rows = np.asarray(_crop(image, page, (x0 + 2 * MM, y0, x1 - 2 * MM, y1)).convert("L"))
        inked = np.flatnonzero((rows < 120).any(axis=1))
        assert (inked[-1] - inked[0]) / rows.shape[0] >= 2 / 3, (inked[0], inked[-1],
                                                                   rows.shape[0])
    spaces = [s for s in drawn_shapes(pdf[0]) if _die_space(s)]
    assert len(spaces) == 4  # three location spaces and the set-aside space, one size


def test_a_fanned_hand_shows_each_cards_die_under_its_location(project, built):
    """Finding 1: "die value only bottom centre, so in a fanned hand you see location but not
    die". Under the top-left location pennant each card front has a white die badge with the
    card's own pips (the Wild Die's a "?"), inside the 15 mm a fanned hand shows; and the die
    half is framed in the card's colour: the paper panel's sides and foot are the banner's
    colour."""
    from sheetgen.dice.decks import read_deck

    cards = [{"id": c.id, **c.fields} for c in read_deck(project.game_dir(GAME), "cards")[1]]
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    bleed = 3.175 * MM
    for k, card in enumerate(cards):
        page = pdf[2 * k]
        height = page.get_height()
        left, top = bleed, height - bleed  # the trim's top left corner
        badges = [s for s in drawn_shapes(page) if s[0] >= left + 2 * MM and s[2] <= left + 15 * MM
                  and top - 33 * MM <= s[1] and s[3] <= top - 19 * MM
                  and 10 * MM <= s[2] - s[0] <= 11.5 * MM]
        assert len(badges) == 1, (card["id"], badges)
        x0, y0, x1, y1 = badges[0]
        pips = [s for s in drawn_shapes(page) if x0 < s[0] and s[2] < x1 and y0 < s[1]
                and s[3] < y1 and 1.5 * MM < s[2] - s[0] < 2.2 * MM]
        if card["location"] == "Spare":
            assert pips == [], card["id"]
        elif card["die"] == "any":
            words = page.get_textpage().get_text_bounded(x0, y0, x1, y1).split()
            assert words == ["?"] and pips == [], (card["id"], words)
        else:
            assert len(pips) == int(card["die"]), (card["id"], len(pips))
        if card["location"] == "Spare":
            continue
        image = _rgb(page)
        s = DPI / 72

        def at(x_mm, y_mm, image=image, s=s):  # mm from the trim's top left
            return image.getpixel((round(bleed * s + x_mm * MM * s),
                                   round(bleed * s + y_mm * MM * s)))

        banner = at(1, 50)
        for x, y in ((1, 72), (31.75, 87.5), (62.5, 72)):  # left, foot, right of the panel
            assert _near(at(x, y), banner, 8), (card["id"], x, y)
        assert _near(at(31.75, 61), (0xFB, 0xF7, 0xEE), 8)  # the panel is paper


def test_the_castle_is_one_drawing_with_its_boxes_built_in(built):
    """Finding 2: "the castle is stock icons stacked on rectangles; tower icons sit on top of
    tower outlines; the throne icon floats away from its five boxes". Each of the four towers
    is a stone body round its three boxes with no picture across its top (battlements crown
    it), and the throne stands in the hall between the tower pairs, right over its five boxes
    (under 5 mm above them, centred on them), the hall's stone round both."""
    page = pdfium.PdfDocument(str(built(GAME, "score-sheet", "pod")))[0]
    shapes = drawn_shapes(page)
    bodies = sorted(s for s in shapes if 11 * MM < s[2] - s[0] < 13 * MM
                    and 33 * MM < s[3] - s[1] < 37 * MM)
    assert len(bodies) == 4, bodies
    boxes = [s for s in shapes if 7.4 * MM < s[2] - s[0] < 9.5 * MM
             and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.3 * MM]
    for body in bodies:
        inside = [b for b in boxes if body[0] < b[0] and b[2] < body[2]
                  and body[1] < b[1] and b[3] < body[3]]
        assert len(inside) == 3, body
        # nothing bigger than a battlement crosses the tower's top edge (the old tower icon did)
        across = [s for s in shapes if s is not body and s[1] < body[3] < s[3]
                  and body[0] - 0.5 * MM <= s[0] and s[2] <= body[2] + 0.5 * MM
                  and s[2] - s[0] > 6 * MM and s[3] - s[1] > 6 * MM]
        assert across == [], across
    west, east = bodies[1][2], bodies[2][0]  # the inner towers' facing edges
    throne_boxes = sorted(s for s in shapes if 9 * MM < s[2] - s[0] < 10.2 * MM
                          and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.3 * MM
                          and west - 5 * MM < s[0] and s[2] < east + 5 * MM
                          and bodies[0][1] - 15 * MM < s[1] and s[3] < bodies[0][1] + 3 * MM)
    assert len(throne_boxes) == 5, throne_boxes
    row_top = max(s[3] for s in throne_boxes)
    row_mid = (throne_boxes[0][0] + throne_boxes[-1][2]) / 2
    pictures = [s for s in shapes if west < s[0] and s[2] < east and s[1] >= row_top
                and 10 * MM < s[3] - s[1] < 25 * MM and 8 * MM < s[2] - s[0] < 25 * MM]
    assert pictures, "no throne in the hall"
    throne = min(pictures, key=lambda s: s[1])
    assert throne[1] - row_top < 5 * MM, (throne[1] - row_top) / MM
    assert abs((throne[0] + throne[2]) / 2 - row_mid) < 2 * MM
    halls = [s for s in shapes if s[0] <= west + 0.5 * MM and s[2] >= east - 0.5 * MM
             and s[1] < row_top and s[3] > throne[3] and s[2] - s[0] < 60 * MM]
    assert halls, "the throne and its boxes are not in one hall"


def _icon_left_of(page, text: str, size_mm: float) -> np.ndarray:
    """The ink (300 dpi, True where dark) of the square of ``size_mm`` just left of ``text``."""
    left, bottom, _right, top = ink_boxes(page, text)
    scale, height = 300 / 72, page.get_height()
    middle = (bottom + top) / 2
    image = page.render(scale=scale).to_pil().convert("L")
    box = (left - size_mm * MM - 1.2 * MM, middle - 0.6 * size_mm * MM, left - 0.2 * MM,
           middle + 0.6 * size_mm * MM)
    crop = image.crop((round(box[0] * scale), round((height - box[3]) * scale),
                       round(box[2] * scale), round((height - box[1]) * scale)))
    return np.asarray(crop) < 160


def test_west_and_east_symbols_carry_their_letter_everywhere(built):
    """Finding 4: "West/East symbols (Legend, score sheet, Symbols aid) are the same sunrise,
    only a ~2 mm arrow differs". The West symbol is the sun over a W and the East symbol the
    sun over an E, as the army cards show them, on every component: the sheet, both Legends,
    the aids and the cards draw sun-west and sun-east, never the arrow suns. Under the horizon
    the two pictures differ in most of their ink (the arrows shared about half of it)."""
    from test_roll_and_might_retail import _forms

    for component in ("score-sheet", "legend", "reference", "cards"):
        names = set().union(*_forms(built(GAME, component, "pod")))
        icons = {n.split(".icon-")[1] for n in names if ".icon-" in n}
        assert {"sun-west", "sun-east"} <= icons, component
        assert not {"sunset", "sunrise-up"} & icons, component
    legend = pdfium.PdfDocument(str(built(GAME, "legend", "a4")))[0]
    aids = pdfium.PdfDocument(str(built(GAME, "reference", "a4")))
    key = next(aids[i] for i in range(len(aids))
               if "Sunset side" in aids[i].get_textpage().get_text_range())
    for page, west, east, size in ((legend, "← WEST", "EAST →", 10),
                                   (key, "West Sunset", "East Sunrise", 4)):
        pictures = [_icon_left_of(page, word, size) for word in (west, east)]
        rows = min(p.shape[0] for p in pictures)
        cols = min(p.shape[1] for p in pictures)
        low = [p[int(rows * 0.6):rows, :cols] for p in pictures]  # under the horizon
        differ = (low[0] != low[1]).sum() / max(1, (low[0] | low[1]).sum())
        assert differ > 0.65, (west, differ)


def test_the_clarifications_stand_clear_of_the_paper_edge(built):
    """Finding 8: "card borders 4-5 mm from the paper edge (home printers clip)". The four A6
    cards tile the A4 page exactly; each card's frame, and every letter on it, is 8 mm or more
    inside the paper's edge."""
    page = pdfium.PdfDocument(str(built(GAME, "clarifications", "a4")))[0]
    width, height = page.get_width(), page.get_height()
    frames = [s for s in drawn_shapes(page) if 125 * MM < s[2] - s[0] < 140 * MM
              and 80 * MM < s[3] - s[1] < 96 * MM]
    assert len(frames) == 4, frames
    for x0, y0, x1, y1 in frames:
        assert min(x0, y0, width - x1, height - y1) >= 8 * MM, (x0 / MM, y0 / MM)
    chars = page.get_textpage()
    for i in range(chars.count_chars()):
        if chars.get_text_range(i, 1).isspace():
            continue
        x0, y0, x1, y1 = chars.get_charbox(i)
        if x1 <= x0:
            continue
        inside = any(f[0] <= x0 and x1 <= f[2] and f[1] <= y0 and y1 <= f[3] for f in frames)
        footer = y1 < 8 * MM or x1 < 8 * MM  # the page's credit line, not a card
        assert inside or footer, chars.get_text_range(i, 1)


def test_cards_of_one_name_show_their_own_stretch_of_the_scene(built):
    """Finding 10: "identical within a suit (two Army West cards differ only in die)". Two cards
    of one name share their symbol (one idea, one picture) but each shows its own stretch of
    the scene: the picture's left and right thirds differ between the two."""
    pdf = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    fronts: dict[str, list] = {}
    for index in range(0, len(pdf), 2):
        page = pdf[index]
        text = " ".join(page.get_textpage().get_text_range().split())
        if " OR " in text:  # a card of either side or part: one of a kind
            continue
        for name in ("ARMY WEST", "ARMY EAST", "CASTLE TOWER"):
            if name in text:
                fronts.setdefault(name, []).append(page)
    for name, pages in fronts.items():
        assert len(pages) == 2, name
        windows = []
        for page in pages:
            image = _rgb(page).convert("L")
            s = DPI / 72
            sides = [image.crop((round((3.175 + x0) * MM * s), round((3.175 + 26) * MM * s),
                                 round((3.175 + x1) * MM * s), round((3.175 + 38) * MM * s)))
                     for x0, x1 in ((1, 12), (51.5, 62.5))]
            windows.append([np.asarray(side, dtype=np.int16) for side in sides])
        differ = max(np.abs(windows[0][k] - windows[1][k]).mean() for k in (0, 1))
        assert differ > 3, (name, differ)
