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
