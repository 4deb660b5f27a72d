"""Reavers of Midgard, session 14 reader report, measured in the built PDFs: every letter and
figure on a die face or a marker in the house faces (the reader took Cinzel's small capitals
and figures for a fallback serif); board slots solid, with no scene behind them; tokens solid
discs; pawns without fold numbers."""

from __future__ import annotations

import pypdf
import pypdfium2 as pdfium

MM = 72 / 25.4
SCALE = 2.0


def near(pixel, colour, tolerance=12) -> bool:
    """Return whether an RGB pixel is within ``tolerance`` of ``colour`` in every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def _fonts_of(pdf, page: int, wanted: str) -> set[str]:
    """Return the base font names of the text runs that read ``wanted`` on ``page``."""
    found: set[str] = set()

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip() == wanted:
            found.add(str(font["/BaseFont"]).split("+")[-1])
    pdf.pages[page].extract_text(visitor_text=visit)
    return found


def test_the_combat_die_blank_face_is_set_in_the_label_face(built):
    pdf = pypdf.PdfReader(built("reavers-of-midgard", "printable-dice", "a4"))
    assert _fonts_of(pdf, len(pdf.pages) - 1, "0") == {"IBMPlexSans-SemiBold"}
    stickers = pypdf.PdfReader(built("reavers-of-midgard", "dice-stickers", "a4"))
    faces = set().union(*(_fonts_of(stickers, k, "0") for k in range(len(stickers.pages))))
    assert faces == {"IBMPlexSans-SemiBold"}


def test_the_glory_markers_initials_and_backs_are_set_in_the_label_face(built):
    pdf = pypdf.PdfReader(built("reavers-of-midgard", "markers", "a4"))
    for letter in "CAGOP":
        assert _fonts_of(pdf, 0, letter) == {"IBMPlexSans-SemiBold"}, letter
    assert _fonts_of(pdf, 1, "+100") == {"IBMPlexSans-SemiBold"}


def test_no_reavers_output_uses_a_font_the_house_does_not_ship(built):
    """Every font in every component is one of the house faces, embedded (no base-14 or
    fallback face)."""
    house = {"Cinzel-Bold", "Cinzel-Regular", "AlegreyaSans-Regular", "AlegreyaSans-Bold",
             "AlegreyaSans-Italic", "IBMPlexSans-SemiBold", "NotoSansRunic-Regular"}
    for component in ("markers", "pawns", "tokens", "printable-dice", "ship-upgrade-tiles"):
        pdf = pypdf.PdfReader(built("reavers-of-midgard", component, "a4"))
        for page in pdf.pages:
            seen: set[str] = set()

            def visit(text, cm, tm, font, size, seen=seen):
                if font is not None and text.strip():
                    seen.add(str(font["/BaseFont"]).split("+")[-1])
            page.extract_text(visitor_text=visit)
            assert seen <= house, (component, seen - house)


def test_the_board_card_slots_are_solid_with_no_scene_behind(built):
    """The reader: "translucent grey blocks behind card slots muddy every slot". The slots of
    Raid Villages (pair 1, card 1: 44.45 x 63.5 mm at 266, 44.6 mm) are one flat tone in their
    top band, where a windmill and a stall showed through before."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    left, _, _, top = page.get_trimbox()

    def pixel(x_mm, y_mm):
        return image.getpixel((round((left + x_mm * MM) * SCALE),
                               round((page.get_height() - top + y_mm * MM) * SCALE)))
    slot = (0xF0, 0xF5, 0xE6)
    for x in range(269, 309, 3):
        for y in range(47, 60, 3):
            assert near(pixel(x, y), slot, 10), (x, y, pixel(x, y))
    keep = (0xF0, 0xEE, 0xF6)  # Raid Keeps, pair 1 card 1 at 266, 199.1 mm
    for x in range(269, 309, 3):
        for y in range(202, 215, 3):
            assert near(pixel(x, y), keep, 10), (x, y, pixel(x, y))


def test_tokens_are_solid_discs_in_their_colour(built):
    """Each Food 1 token is a disc filled with its colour (brown), not a ring on pastel: a point
    7 mm left of the disc's centre (clear of the icon) is brown."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "tokens", "a4")))
    page = pdf[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    text = page.get_textpage()
    whole = text.get_text_range()
    ones = [k for k, ch in enumerate(whole) if ch == "1"][:7]
    assert len(ones) == 7
    brown = (0x7A, 0x4A, 0x21)
    for k in ones:
        x0, y0, x1, y1 = text.get_charbox(k)
        cx = (x0 + x1) / 2
        cy = (y0 + y1) / 2 + 5 * MM  # the value sits 5 mm below the disc's centre
        px = image.getpixel((round((cx - 7 * MM) * SCALE),
                             round((page.get_height() - cy) * SCALE)))
        assert near(px, brown, 14), (k, px)


def test_the_pawns_print_no_fold_numbers_and_name_in_the_body_face(built):
    pdf = pypdf.PdfReader(built("reavers-of-midgard", "pawns", "a4"))
    runs: list[tuple[str, str]] = []

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            runs.append((text.strip(), str(font["/BaseFont"]).split("+")[-1]))
    pdf.pages[0].extract_text(visitor_text=visit)
    assert not [t for t, _ in runs if t in ("1", "2")]
    names = {f for t, f in runs if t in ("Crimson", "Azure", "Green", "Ochre", "Purple")}
    assert names == {"AlegreyaSans-Bold"}


def _one_card_a_page(built, component):
    """Return (text, front, back) of every card of ``component`` (pod: one card a page, fronts
    on even pages, backs on odd)."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod")))
    return pdf, [(pdf[k].get_textpage().get_text_range(), pdf[k], pdf[k + 1])
                 for k in range(0, len(pdf), 2)]


def _card_pixel(page, image, x_mm, y_mm, scale):
    left, _, _, top = page.get_trimbox()
    return image.getpixel((round((left + x_mm * MM) * scale),
                           round((page.get_height() - top + y_mm * MM) * scale)))


def test_the_gate_tower_is_a_solid_tower_not_a_mannequin(built):
    """The reader: "Gate Tower a blank white mannequin" (game-icons' guarded-tower: a light
    figure cut out of the tower). The middle of its picture, where the figure stood (the art
    window's centre, 22.2 x 29 mm), is now the tower's body, dark in the deck's purple."""
    _, cards = _one_card_a_page(built, "keep-spoils")
    front = next(page for text, page, _ in cards if "Gate Tower" in text)
    image = front.render(scale=4).to_pil().convert("RGB")
    for dx in (-1.5, 0, 1.5):
        for dy in (-1.5, 0, 1.5):
            px = _card_pixel(front, image, 22.2 + dx, 30 + dy, 4)
            assert sum(px) < 3 * 140, (dx, dy, px)


def test_territory_backs_print_the_reward_big(built):
    """The reader: territory backs "like a spreadsheet". A reward of a number and a symbol
    prints its number at 18 pt or more; a reward in words at 11 pt or less."""
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "territory-tiles", "a4")))
    page = pdf[1]
    text = page.get_textpage()
    whole = text.get_text_range()
    sizes = {}
    for k, ch in enumerate(whole):
        if ch.isdigit() and whole[k - 1] in "\n" and k + 1 < len(whole):
            sizes.setdefault(whole[k:k + 12].split("\r")[0], set()).add(
                round(pdfium.raw.FPDFText_GetFontSize(text, k), 1))
    big = {line: s for line, s in sizes.items() if "Crew" not in line and "Prophecy" not in line
           and "Troll" not in line}
    # (a "2" also starts the wrapped second line of "Troll trophy and 2 Glory", at 11 pt)
    assert big and all(max(s) >= 18 for s in big.values()), sizes
    words = [s for line, s in sizes.items() if "Crew" in line]
    assert words and all(max(s) <= 11 for s in words), sizes
