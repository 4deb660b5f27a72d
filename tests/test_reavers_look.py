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
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    text = page.get_textpage()
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    height = page.get_height()
    whole = text.get_text_range()
    for name in ("Shield Rail", "Iron Ram", "Striped Sail"):
        at = whole.find(name)
        assert at >= 0, name
        left, bottom, right, top = text.get_charbox(at)
        last = text.get_charbox(at + len(name) - 1)
        centre, middle = (left + last[2]) / 2, (bottom + top) / 2

        def pixel(x, y):
            return image.getpixel((round(x * SCALE), round((height - y) * SCALE)))
        # inside the 22 mm space beside its name: parchment; just outside it: the slate tray
        assert near(pixel(centre - 9.5 * MM, middle), PARCHMENT), name
        assert near(pixel(centre - 11.9 * MM, middle), SLATE), name
        assert near(pixel(centre + 11.9 * MM, middle), SLATE), name
