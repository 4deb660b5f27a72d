"""Reavers of Midgard look pass (issue 25 follow-ups), measured in the built PDFs: the board's
Ship Upgrade column dressed like the tokens, headings on the printable dice pages, the Spoils
decks at the card frame's text size."""

from __future__ import annotations

import pypdfium2 as pdfium

MM = 72 / 25.4
SCALE = 2.0
PARCHMENT = (0xFB, 0xF3, 0xDF)  # the tokens' panel
SLATE = (0x3A, 0x5A, 0x6B)  # the tokens' ground (game colour upgrade)


def near(pixel, colour, tolerance=12) -> bool:
    """Return whether an RGB pixel is within ``tolerance`` of ``colour`` in every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_the_board_ship_upgrade_spaces_are_parchment_on_the_tokens_slate(built):
    """The six Ship Upgrade spaces (22 mm, 23.5 mm apart from 35.5 mm down, 548.7 mm from the
    board's left edge): parchment edged in gold on the tokens' slate, each showing its token's
    face in ink and no name (issue 33: a name never wraps in a space and outgrew it in a longer
    language; the face is what the token and its card show)."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    left, _, _, top = page.get_trimbox()

    def pixel(x_mm, y_mm):
        return image.getpixel((round((left + x_mm * MM) * SCALE),
                               round((page.get_height() - top + y_mm * MM) * SCALE)))
    text = page.get_textpage()
    for k in range(6):
        y = 35.5 + 23.5 * k
        assert near(pixel(548.7 + 1.5, y + 11), PARCHMENT), k
        assert near(pixel(547.9, y + 11), SLATE), k
        assert near(pixel(571.5, y + 11), SLATE), k
        inked = [pixel(548.7 + x / 2, y + 11) for x in range(8, 37)]
        assert any(sum(p) < 200 for p in inked), k  # the face's icon, in ink, across the middle
        box = (left + 548.7 * MM, top - (y + 22) * MM, left + 570.7 * MM, top - y * MM)
        assert text.get_text_bounded(*box).strip() == "", k


def _heading_sizes(page, phrase: str) -> set[float]:
    """Return the font sizes of the characters of ``phrase`` on ``page``."""
    text = page.get_textpage()
    at = text.get_text_range().find(phrase)
    assert at >= 0, phrase
    return {round(pdfium.raw.FPDFText_GetFontSize(text, at + k), 2) for k in range(len(phrase))
            if not phrase[k].isspace()}


def test_every_printable_dice_page_says_which_dice_and_how_many(built):
    for component, title in (("printable-dice", "Crew and Combat dice"),
                             ("dice-stickers", "Dice stickers")):
        pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "a4")))
        assert len(pdf) > 1
        for number in range(len(pdf)):
            page = pdf[number]
            heading = f"{title}: every die a 5-player game needs · page {number + 1} of {len(pdf)}"
            assert min(_heading_sizes(page, heading)) >= 11.5, (component, number)
            whole = page.get_textpage().get_text_range()
            counts = "Make 72 dice"
            assert min(_heading_sizes(page, counts)) >= 9, (component, number)
            for die in ("Red Crew die (warriors) × 20", "Combat die × 12"):
                assert die in whole.replace("\r\n", " "), (component, number, die)
            # the heading stands above everything else the page prints
            text = page.get_textpage()
            heading_bottom = text.get_charbox(whole.find(counts))[1]
            after = whole.find("Combat die × 12.") + len("Combat die × 12.")
            tops = [text.get_charbox(k)[3] for k in range(after, text.count_chars())
                    if not whole[k].isspace()]
            assert tops and max(tops) < heading_bottom - 2 * MM, (component, number)


def test_a_dice_sheet_without_a_heading_is_headed_by_its_title(built):
    pdf = pdfium.PdfDocument(str(built("roll-and-raid", "printable-dice", "a4")))
    whole = pdf[0].get_textpage().get_text_range()
    assert whole.startswith("Resource and Raid dice"), whole[:80]
    assert "Make 5 dice, each from its net or its stickers" in whole.replace("\r\n", " ")


def test_the_spoils_cards_set_their_text_at_the_card_frames_size(built):
    # the Spoils decks kept 7.7 pt because a Ship Upgrade text ran into the safe area at 8.8;
    # now only the band's labels (deck type, DEF) and an Artifact's "any face" are 7.7 pt
    labels = {"Farm", "VillageWall", "KeepWall", "Tower", "ShipUpgrade", "Artifact", "Treasure",
              "DEF", "anyface"}
    seen = set()
    for component in ("village-spoils", "keep-spoils"):
        pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", component, "pod")))
        for number in range(0, len(pdf), 2):  # fronts; backs between them
            text = pdf[number].get_textpage()
            whole = text.get_text_range()
            sizes = [round(pdfium.raw.FPDFText_GetFontSize(text, k), 2)
                     for k in range(text.count_chars())]
            small = "".join(c for c, s in zip(whole, sizes) if s < 8.5 and not c.isspace())
            for label in sorted(labels, key=len, reverse=True):
                small = small.replace(label, "")
            assert small == "", (component, whole[:40], small)
            body = whole.find("Once a round, flip it") if "flip it" in whole else -1
            if body >= 0:
                seen.add("upgrade")
                assert sizes[body] == 9.5
    assert seen == {"upgrade"}


def test_the_longship_ship_upgrade_spaces_match_the_tokens(built):
    # the Longship's three spaces were dashed slate outlines; now parchment on the slate tray
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "player-boards", "pod")))[0]
    text = page.get_textpage()
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    height = page.get_height()
    at = text.get_text_range().find("Ship Upgrades")
    assert at >= 0
    left, bottom, _, _ = text.get_charbox(at)

    def pixel(x, y):
        return image.getpixel((round(x * SCALE), round((height - y) * SCALE)))
    y = bottom - 12 * MM  # halfway down the spaces
    assert near(pixel(left + 0.3 * MM, y), SLATE)
    for space in range(3):
        assert near(pixel(left + 2.5 * MM + space * 25.3 * MM, y), PARCHMENT), space
    for gap in range(2):  # the tray shows between the spaces
        assert near(pixel(left + 24.5 * MM + gap * 25.3 * MM, y), SLATE), gap


def test_the_dice_aid_gives_each_die_a_row_of_its_own(built):
    # the dice aid was one block of lines, then a list whose faces staggered; each die is now
    # a row of a table, the rows evenly spaced
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "dice-aid", "pod")))[0]
    text = page.get_textpage()
    whole = text.get_text_range()
    import re

    # each row's head: the die's mark (R, B, Y) or its name, on a line of its own
    starts = [re.search(rf"\r\n{name}\r\n", whole).start() + 2 for name in ("R", "B", "Y")]
    starts.append(whole.find("Combat die"))
    middles = [(text.get_charbox(at)[1] + text.get_charbox(at)[3]) / 2 for at in starts]
    steps = [upper - lower for upper, lower in zip(middles, middles[1:])]
    assert all(step > 6 * MM for step in steps), steps
    assert max(steps) - min(steps) < 0.5 * MM, steps


def test_the_trade_dice_spaces_carry_their_dice_letters(built):
    # the six Trade with Villages die spaces told the colours apart by a pastel fill and a
    # small name; now each carries its dice's letter (as every face of the die does) over it
    import re

    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    text = page.get_textpage()
    found = [(m.group(1), m.group(2), pdfium.raw.FPDFText_GetFontSize(text, m.start()))
             for m in re.finditer(r"\b(R|B|Y)\r\n(Red|Blue|Yellow)\b", text.get_text_range())]
    assert sorted((letter, name) for letter, name, _ in found) == sorted(
        [("R", "Red"), ("B", "Blue"), ("Y", "Yellow")] * 2)
    assert all(size >= 12 for _, _, size in found)


def test_the_board_round_panel_parts_its_rules(built):
    # the How a round works panel (was the title panel's legend): its rules parted by a gap
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    text = page.get_textpage()
    whole = text.get_text_range()
    pawns, prepare = whole.find("Pawns:"), whole.find("Prepare (instead")
    size = pdfium.raw.FPDFText_GetFontSize(text, pawns)
    step = text.get_charbox(pawns)[1] - text.get_charbox(prepare)[1]
    assert abs(step - (2 * size * 1.04 + 1.0 * MM)) < 0.3, (step, size)  # two lines, the gap


def test_the_used_side_of_a_ship_upgrade_keeps_the_ready_sides_edged_panel(built):
    pdf = pdfium.PdfDocument(str(built("reavers-of-midgard", "ship-upgrade-tiles", "pod")))
    page = pdf[1]  # the first token's USED side
    text = page.get_textpage()
    image = page.render(scale=4).to_pil().convert("RGB")
    height = page.get_height()
    at = text.get_text_range().find("USED")
    first, last = text.get_charbox(at), text.get_charbox(at + 3)
    left, middle = (first[0] + last[2]) / 2 - 11 * MM, (first[1] + first[3]) / 2

    def pixel(x):
        return image.getpixel((round(x * 4), round((height - middle) * 4)))
    # session 14 (the reader: "grey USED backs look disabled"): bronze edge, leather panel, on
    # the ready side's slate oak plate
    assert near(pixel(left + 1.8 * MM), (0x8A, 0x6A, 0x3A), 5)  # the bronze edge
    assert near(pixel(left + 3 * MM), (0xD9, 0xC4, 0x9A), 5)  # the panel
    assert max(abs(a - b) for a, b in zip(pixel(left + 0.8 * MM), SLATE)) < 40  # the plate
