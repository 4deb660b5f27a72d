"""Roll & Raid, session 15's fresh reader (score 6.4 against Fleet: The Dice Game): each
finding fixed, measured on the built A4 PDFs (pypdfium2 glyph and path bounds in mm down the
page, and pixels), never against the template's own numbers.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from pdfcheck import drawn_shapes

MM = 72 / 25.4
DPI = 100


class Page:
    """A built page's glyphs, drawn shapes and pixels, in mm from the page's top-left."""

    def __init__(self, path, index: int = 0):
        self.page = pdfium.PdfDocument(str(path))[index]
        self.height = self.page.get_height()
        self.chars = self.page.get_textpage()
        self.text = self.chars.get_text_range()
        self.image = self.page.render(scale=DPI / 72).to_pil().convert("RGB")

    def shapes(self) -> list[tuple[float, float, float, float]]:
        return [(x0 / MM, (self.height - y1) / MM, x1 / MM, (self.height - y0) / MM)
                for x0, y0, x1, y1 in drawn_shapes(self.page)]

    def glyphs(self, text: str, start: int = 0) -> tuple[float, float, float, float]:
        found = self.text.find(text, start)
        assert found >= 0, f"{text!r} is not on the page"
        boxes = [self.chars.get_charbox(i) for i in range(found, found + len(text))]
        boxes = [b for b in boxes if b[2] > b[0]]
        return (min(b[0] for b in boxes) / MM, (self.height - max(b[3] for b in boxes)) / MM,
                max(b[2] for b in boxes) / MM, (self.height - min(b[1] for b in boxes)) / MM)

    def pixel(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return self.image.getpixel((round(x_mm * DPI / 25.4), round(y_mm * DPI / 25.4)))


def clan_sheet(built) -> Page:
    return Page(built("roll-and-raid", "clan-sheet", "a4", copies=1))


def frame_around(shapes, box, widths: tuple[float, float]):
    """The smallest drawn frame of a width in ``widths`` (mm) holding ``box``."""
    around = [s for s in shapes if widths[0] <= s[2] - s[0] <= widths[1]
              and s[0] <= box[0] and box[2] <= s[2] and s[1] <= box[1] and box[3] <= s[3]]
    assert around, f"no frame {widths} mm wide around {box}"
    return min(around, key=lambda s: (s[2] - s[0]) * (s[3] - s[1]))


def test_the_clan_sheet_is_themed_parchment_under_a_maroon_header_with_a_scene(built):
    """Finding 2 ("white paper with hex grids and boxes, only the title Viking"): a parchment
    ground under the sheet (below the pad's glue strip), pale panels on it, and one strong
    header: the title in white on a maroon band, with a picture of the harbour town."""
    page = clan_sheet(built)
    r, g, b = page.pixel(4, 150)  # the margin beside the panels
    assert r > g > b and r - b >= 20 and r >= 230, (r, g, b)  # warm parchment, not white
    panel = page.pixel(196, 145)  # inside the Production panel, under its trackers
    assert panel != (r, g, b) and min(panel) >= 240, panel  # a paler plate on it
    assert min(page.pixel(100, 4)) >= 250  # the glue strip stays paper
    title = page.glyphs("ROLL & RAID")
    assert title[1] > 8 and title[3] < 20, title
    band = page.pixel(title[2] + 3, (title[1] + title[3]) / 2)
    assert band[0] > band[1] + 40 and band[0] < 140, band  # dark maroon behind the title
    scene = [page.pixel(x, y) for x in range(155, 200, 3) for y in (11, 14, 17)]
    tones = {tuple(v // 16 for v in p) for p in scene}
    assert len(tones) >= 3, tones  # a picture (layers of tone), not a flat box
    assert all(p[0] >= p[2] + 15 for p in scene), "the scene is in the band's warm palette"


def test_clan_sheet_text_sits_2mm_inside_its_panels(built):
    """Finding 3 ("text in '1 Recruit...', Upgrades, Altar, Settlements starts ~1 mm from the
    panel border"): the first words of each panel start 2 mm or more inside its frame, and the
    titles 1.5 mm or more."""
    page = clan_sheet(built)
    shapes = page.shapes()
    for words, widths in (("Recruit", (60, 66)), ("Store: fill", (60, 66)),
                          ("Spend a Resource", (105, 115)), ("Improved production", (105, 115)),
                          ("A hex per", (105, 115)), ("Per living", (34, 38)),
                          ("Gold hex", (34, 38)), ("Expansion:", (34, 38)),
                          ("Any die:", (40, 44)), ("Example:", (190, 198)),
                          ("The Great Hall", (60, 66)), ("Upgrades", (105, 115))):
        box = page.glyphs(words)
        frame = frame_around(shapes, box, widths)
        inset = 1.5 if words in ("The Great Hall", "Upgrades") else 2.0
        assert box[0] - frame[0] >= inset - 0.6, f"{words!r}: {box[0] - frame[0]:.2f} mm in"
        assert frame[2] - box[2] >= 0.8, f"{words!r}: {frame[2] - box[2]:.2f} mm to the right"


def test_the_fate_die_is_keyed_in_a_panel_of_its_own_under_a_fitted_altar(built):
    """Finding 3 ("Altar half empty with stray note 'Fate die (gold hex)... (Fate dice
    aid)'"): the Altar's frame ends 8 mm or less under its last line; the Fate die has its own
    framed key (a gold hex and one line)."""
    page = clan_sheet(built)
    shapes = page.shapes()
    assert "Fate dice aid" not in page.text
    last = page.glyphs("Raiding.", page.text.find("Any time in"))
    altar = frame_around(shapes, page.glyphs("Per living"), (34, 38))
    assert altar[3] - last[3] <= 8, f"{altar[3] - last[3]:.1f} mm under the Altar's last line"
    key = page.glyphs("Gold hex")
    fate = frame_around(shapes, key, (34, 38))
    assert fate[1] >= altar[3] and fate[3] - fate[1] <= 17, fate
    assert page.glyphs("Fate die", page.text.find("Raiding."))[1] >= fate[1]
    gold = [page.pixel(x / 4, y / 4) for x in range(int(fate[0] * 4), int(key[0] * 4))
            for y in range(int(key[1] * 4), int(key[3] * 4))]
    assert any(p[0] > 200 and 170 < p[1] < 215 and p[2] < 140 for p in gold), "no gold hex"


BLEED = 3.175  # a poker card's bleed (mm)


def card_trims(page: Page) -> list[tuple[float, float, float, float]]:
    """Each card's trim box (left, top, right, bottom; mm) on a front page: its background
    (the card and its bleed, 69.85 x 95.25 mm) less the bleed, top row first."""
    slots = {(round(s[0], 1), round(s[1], 1)) for s in page.shapes()
             if 69 < s[2] - s[0] < 71 and 94.5 < s[3] - s[1] < 96}
    return [(x + BLEED, y + BLEED, x + BLEED + 63.5, y + BLEED + 88.9)
            for x, y in sorted(slots, key=lambda p: (p[1], p[0]))]


def share_near(page: Page, box, colour, tolerance: int = 24) -> float:
    """The share of pixels of ``box`` (mm) within ``tolerance`` of ``colour`` (RGB)."""
    pixels = [page.pixel(x / 4, y / 4) for x in range(int(box[0] * 4), int(box[2] * 4))
              for y in range(int(box[1] * 4), int(box[3] * 4))]
    near = [p for p in pixels if all(abs(a - b) <= tolerance for a, b in zip(p, colour))]
    return len(near) / len(pixels)


def test_the_creatures_stand_large_in_their_scenes_without_a_medallion(built):
    """Finding 1 ("a stock icon in a medallion over a scene reads as clip-art"): no gold-ringed
    roundel; each creature is a large silhouette in its kind's colour on its scene."""
    page = Page(built("roll-and-raid", "creature-cards", "a4"))
    trims = card_trims(page)
    assert len(trims) == 6
    for n, (x, y, _, _) in enumerate(trims):
        window = (x + 5, y + 17, x + 58.5, y + 43)  # the picture, inside its frame
        colour = (0x5a, 0x2e, 0x6e) if n < 3 else (0x1d, 0x6b, 0x63)  # bid, offering
        assert share_near(page, window, (0xb8, 0x86, 0x2b), 30) < 0.002, f"card {n}: gold ring"
        assert share_near(page, window, colour) > 0.15, f"card {n}: creature too small"


def test_the_raid_landmarks_are_the_darkest_layer_and_paris_has_no_halo(built):
    """Finding 1 ("one-colour city silhouette on a pale backdrop"; art direction: no glow
    halos): the scene in a middle tone of the level's hue, the landmark its darkest layer in
    the level's ink; Paris' fleur-de-lys without the white rings behind it."""
    path = built("roll-and-raid", "raid-cards", "a4")
    first = Page(path)
    x, y, _, _ = card_trims(first)[0]  # Lindisfarne, level I
    window = (x + 5, y + 17, x + 58.5, y + 41.5)
    assert share_near(first, window, (0x24, 0x39, 0x1b), 30) > 0.06  # the landmark, ink green
    light = share_near(first, window, (255, 255, 255), 20)
    assert light < 0.02, f"{light:.1%} of the picture is near white: a pale backdrop"
    paris_page = Page(path, 10)
    x, y, _, _ = card_trims(paris_page)[3]  # Paris, the last card
    window = (x + 5, y + 17, x + 58.5, y + 41.5)
    assert share_near(paris_page, window, (0xb8, 0x86, 0x2b), 30) > 0.06  # the gold lily
    assert share_near(paris_page, window, (255, 255, 255), 40) < 0.005, "a halo behind Paris"


def test_card_frames_are_square_and_backs_have_no_frame_near_the_edge(built):
    """Finding 5 ("backs: a thick coloured rounded frame ~2.5 mm inside trim, lopsided after a
    duplex shift; fronts: a rounded gold frame inside square-cut corners"): a front's frame
    has square corners; a Raid back has no frame, its scene runs through the bleed; an aid
    back's title band runs off the top and both sides."""
    path = built("roll-and-raid", "raid-cards", "a4")
    front = Page(path)
    x, y, _, _ = card_trims(front)[0]
    corner = front.pixel(x + 3, y + 3)  # the corner of the frame line (0.8 mm wide, 3 mm in)
    assert all(abs(a - b) <= 40 for a, b in zip(corner, (0xb8, 0x86, 0x2b))), corner
    back = Page(path, 1)
    trims = card_trims(front)
    for x, y, right, _ in trims[:3]:
        # 3 mm inside the trim, along the left edge: no frame, the light wash
        edge = [back.pixel(x + 3.2, y + v) for v in (20, 45, 75)]
        assert all(min(p) > 190 for p in edge[::2]), edge
        band = [back.pixel(x + 1, y + 50), back.pixel(right - 1, y + 50)]  # the scene, at trim
        assert all(min(p) < 235 for p in band), band
    aids = Page(built("roll-and-raid", "reference", "a4"), 1)
    for x, y, right, _ in card_trims(Page(built("roll-and-raid", "reference", "a4")))[:3]:
        blue = [aids.pixel(x + 0.5, y + 0.5), aids.pixel(right - 0.5, y + 0.5)]
        assert all(p[2] > p[0] + 60 for p in blue), blue  # the title band at the trim


def test_the_dice_deck_says_what_a_total_beats_under_a_title_band(built):
    """Finding 8 ("'7 or less: Raid roll passed' reads as roll 7 or less; omits the +2
    bonuses; the same two-line footnote on all 36 cards; no title band"): each card says the
    Defense its total beats and to add the bonuses first, under a band; the dots and the
    reshuffle are told once, on the How-to-print checklist."""
    path = built("roll-and-raid", "dice-deck", "a4")
    page = Page(path)
    assert page.text.count("Raid roll") == 9 and page.text.count("Beats a Defense of") == 9
    assert "or less" not in page.text and "Dots:" not in page.text
    assert page.text.count("+2 per") == 9 and "Berserker" in page.text
    x, y, _, _ = card_trims(page)[0]
    assert share_near(page, (x + 4, y + 4, x + 59, y + 12), (0x1d, 0x6b, 0x63)) > 0.6
    guide = Page(built("roll-and-raid", "how-to-print", "a4"))
    words = guide.text.replace("\r\n", " ")
    assert "a card is one Raid roll" in words and "reshuffle all 36" in words


def test_every_clarifications_card_carries_the_same_one_line_band(built):
    """Finding 9 ("card 1 a maroon banner that wraps two lines, cards 2-3 a wax seal"): the
    same band on every card, on one line."""
    page = Page(built("roll-and-raid", "clarifications", "a4"))
    assert page.text.count("This edition's rulings") == 3
    tops = set()
    for n in range(3):
        at = -1
        for _ in range(n + 1):
            at = page.text.find("This edition's rulings", at + 1)
        left, top, right, bottom = page.glyphs("This edition's rulings", at)
        assert bottom - top < 3.5, "the band's words on one line"
        tops.add(round(top, 1))
    assert len(tops) == 1


def test_raid_card_shield_letters_and_number_are_large_enough(built):
    """Finding 10 ("Y/B/R letters beside shields and 'Raid card n/49' ~5 pt"): the letters
    9 pt or more, the card number 7 pt."""
    page = Page(built("roll-and-raid", "raid-cards", "a4"))
    sizes: dict[str, set] = {}
    for i, ch in enumerate(page.text):
        alone = not page.text[i - 1].isalpha() and (i + 1 >= len(page.text)
                                                     or not page.text[i + 1].isalpha())
        if (ch in "YBR" and alone) or page.text.startswith("/49", i):
            sizes.setdefault(ch, set()).add(round(page.chars.get_fontsize(i) if hasattr(
                page.chars, "get_fontsize") else _font_size(page, i), 1))
    assert min(sizes["Y"] | sizes["B"] | sizes["R"]) >= 9, sizes
    assert min(sizes["/"]) >= 7, sizes


def _font_size(page: Page, index: int) -> float:
    import pypdfium2.raw as raw

    return raw.FPDFText_GetFontSize(page.chars.raw, index)


def test_the_final_box_stands_clear_of_the_gods_and_clan_row(built):
    """Finding 3 ("heavy FINAL box border runs into the Gods/Clan row"): the FINAL frame sits
    inside its cell and the Gods/Clan row starts 1 mm or more under it."""
    page = clan_sheet(built)
    shapes = page.shapes()
    head = page.glyphs("FINAL")
    final = [s for s in shapes if 18 < s[2] - s[0] < 23 and 5 < s[3] - s[1] < 8
             and s[1] > head[3] and s[0] <= head[0] <= s[2]]
    assert final, "no FINAL write-in frame"
    frame = min(final, key=lambda s: s[1])
    row = page.glyphs("Gods", page.text.find("FINAL"))
    clan = page.glyphs("Clan", page.text.find("FINAL"))
    assert row[1] - frame[3] >= 1.0 and clan[1] - frame[3] >= 1.0, (frame, row, clan)
