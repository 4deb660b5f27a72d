"""Reavers of Midgard, session 15's fresh reader (look 6.0 against the retail game): each fixed
finding measured in the built PDFs (pod: one face a page, upright).

1. Reaver cards: "a white glyph on a shield over a faded one-colour vignette of an unrelated
   icon": the vignette (a second piece in a glow) is gone; the clan crest is the picture.
2. Deck scenes "washed in one hue, clip-art glyph in a glow": no halo, no shadow pill, no stray
   second piece; the piece prints in the deck's deepest tone over the light scene.
5. "A cream panel floats inside a coloured card with a ~4 mm border": the picture runs from
   cut edge to cut edge and the parchment reaches the sides.
10. Card backs "border frame ~5 mm inside the cut line: a 1 mm duplex shift is lopsided": no
   frame; the woven parchment runs to the bleed.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

GAME = "reavers-of-midgard"
MM = 72 / 25.4
SCALE = 3.0
DECKS = ("journey-cards", "prophecy-cards", "sea-battle-cards", "keep-spoils",
         "village-spoils", "reaver-cards")
# the picture's band (mm from the trim's top): the card frame's, and the Reaver front's
PICTURE = {"card": (19.4, 39.2), "reaver": (20.4, 36.8)}
GILT = (0xD9, 0xB4, 0x5A)

pytestmark = pytest.mark.slow


def _pages(built, deck):
    """Return (fronts, backs) of a deck's pod build as rendered RGB images with their trim
    offsets: [(image, left px, top px)]."""
    pdf = pdfium.PdfDocument(str(built(GAME, deck, "pod")))
    fronts, backs = [], []
    for number in range(len(pdf)):
        page = pdf[number]
        left, _, _, top = page.get_trimbox()
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        offset = (left * SCALE, (page.get_height() - top) * SCALE)
        (fronts if number % 2 == 0 else backs).append((image, *offset))
    return fronts, backs


def _crop(face, x0, y0, x1, y1):
    """Return the pixels of a box in mm from the trim's top left corner."""
    image, left, top = face
    k = MM * SCALE
    return image.crop((round(left + x0 * k), round(top + y0 * k), round(left + x1 * k),
                       round(top + y1 * k)))


def _share(crop, test) -> float:
    """Return the share of a crop's pixels for which ``test(rgb)`` holds."""
    pixels = list(crop.get_flattened_data())
    return sum(1 for p in pixels if test(p)) / len(pixels)


@pytest.mark.parametrize("deck", DECKS)
def test_the_picture_runs_from_cut_edge_to_cut_edge_without_a_glow(built, deck):
    """Finding 5: the picture is the card's full width: its gilt edges above and below print
    at 0.3 mm inside both cut edges, not the band colour of a border round a window. Findings 1
    and 2: no pale halo disc behind the piece: near-white pixels (every channel over 240) are
    under 1 % of the picture left of the die and shield column (x < 22.8 mm)."""
    top, bottom = PICTURE["reaver" if deck == "reaver-cards" else "card"]
    fronts, _ = _pages(built, deck)
    for number, face in enumerate(fronts):
        for x in (0.3, 43.85):
            # the picture's gilt edges above and below it run to the cut (a framed window
            # left the band's colour here)
            for y in (top - 0.6, bottom + 0.6):
                gilt = _share(_crop(face, x, y - 0.1, x + 0.3, y + 0.1),
                              lambda p: max(abs(a - b) for a, b in zip(p, GILT)) <= 30)
                assert gilt > 0.5, (deck, number, x, y, gilt)
        glow = _share(_crop(face, 0.5, top + 5, 22.8, bottom), lambda p: min(p) > 240)
        assert glow < 0.01, (deck, number, glow)


@pytest.mark.parametrize("deck", DECKS)
def test_card_backs_have_no_frame_inside_the_cut(built, deck):
    """Finding 10: the back's band frame sat 2.5-5 mm inside the cut, so a 1 mm duplex shift
    showed lopsided. Now the ring 1.5-6 mm inside the cut is the woven parchment alone: no
    pixel of it is as dark as the deck's band colour (every channel under 150)."""
    _, backs = _pages(built, deck)
    for number, face in enumerate(backs[:3]):
        for box in ((1.5, 1.5, 42.95, 6.0), (1.5, 57.5, 42.95, 62.0), (1.5, 6.0, 6.0, 57.5),
                    (38.45, 6.0, 42.95, 57.5)):
            dark = _share(_crop(face, *box), lambda p: max(p) < 150)
            assert dark < 0.002, (deck, number, box, dark)


def test_dice_aid_rows_are_tinted_in_their_die_colours(built):
    """Finding 8: the dice aid's R, B and Y rows were grey. Each die's letter cell is now its
    die's colour (red, blue, yellow) and its row a light tint of it; the Combat die row stays
    neutral."""
    pdf = pdfium.PdfDocument(str(built(GAME, "dice-aid", "pod")))
    page = pdf[0]
    left, _, _, top = page.get_trimbox()
    face = (page.render(scale=SCALE).to_pil().convert("RGB"), left * SCALE,
            (page.get_height() - top) * SCALE)
    red, blue, yellow, combat = (_crop(face, 6.0, y, 8.0, y + 1.0).getpixel((2, 2))
                                 for y in (29.0, 36.4, 43.8, 51.2))
    assert red[0] > red[2] + 50 and red[0] > red[1] + 50, red
    assert blue[2] > blue[0] + 50, blue
    assert yellow[0] > yellow[2] + 80 and yellow[1] > yellow[2] + 60, yellow
    assert max(combat) - min(combat) < 20, combat
    row = _crop(face, 21.0, 26.2, 22.0, 26.8).getpixel((1, 1))  # the red row's tint
    assert row[0] > row[2] + 15, row
