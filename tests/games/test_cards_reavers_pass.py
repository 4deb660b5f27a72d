"""Reavers of Midgard cards, design pass (issue 34): measured in the built PDFs (the print-on-
demand build, one card face a page) so each card is found by its printed name.

Session 12's reader: "no real illustration (shield emblems on 3 grey backdrops, one castle for 48
Keep Spoils)", "inline icons small/ambiguous", "bare die glyphs". Here: every kind of card has a
picture of its own on a backdrop of its own (none recycled across a deck with only the piece
swapped), the backdrops are coloured places rather than grey, a Ship Upgrade shows its token's
face as a die, and a die to pay on a Journey or Battle at Sea card is drawn as a die.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pypdfium2 as pdfium
import pytest

GAME = "reavers-of-midgard"
MM = 72 / 25.4
SCALE = 3.0  # 216 dpi
DECKS = ("journey-cards", "prophecy-cards", "sea-battle-cards", "keep-spoils",
         "village-spoils", "reaver-cards")
# The art window of the card frame (reavers-card.yaml) and of the Reaver front, from the trim's
# top left corner, in mm: (left, top, right, bottom).
WINDOW = {"card": (3.6, 19.2, 40.9, 39.4), "reaver": (3.6, 20.2, 40.9, 37.2)}
# The parts of the window that only the scene paints (no piece, halo, second piece or tab): a
# strip down each side edge, from the sky to the ground.
BACKDROP = {"card": ((3.7, 19.4, 4.15, 39.2), (40.35, 19.4, 40.8, 39.2)),
            "reaver": ((3.7, 25.4, 4.15, 37.0), (3.7, 25.4, 22.8, 25.8))}
TITLE = {"card": (3.0, 13.4, 41.45, 18.6), "reaver": (3.0, 13.6, 41.45, 19.2)}


def _kind(deck: str) -> str:
    return "reaver" if deck == "reaver-cards" else "card"


class Face:
    """One card front of a pod build: its page, its printed name and its pixels."""

    def __init__(self, page):
        self.page = page
        self.left, _, _, self.top = page.get_trimbox()
        self.image = page.render(scale=SCALE).to_pil().convert("RGB")

    def box(self, mm_box):
        """Return (left, top, right, bottom) pixels of a box given in mm from the trim."""
        x0, y0, x1, y1 = mm_box
        height = self.page.get_height()
        return (round((self.left + x0 * MM) * SCALE), round((height - self.top + y0 * MM) * SCALE),
                round((self.left + x1 * MM) * SCALE), round((height - self.top + y1 * MM) * SCALE))

    def text_in(self, mm_box) -> str:
        """Return the text printed inside a box given in mm from the trim."""
        x0, y0, x1, y1 = mm_box
        return self.page.get_textpage().get_text_bounded(
            self.left + x0 * MM, self.top - y1 * MM, self.left + x1 * MM,
            self.top - y0 * MM).replace("\r\n", " ").strip()

    def crop(self, mm_box):
        """Return the pixels of a box given in mm from the trim."""
        return self.image.crop(self.box(mm_box))


@pytest.fixture(scope="module")
def fronts(built):
    """Return {deck: {card name: Face of its first copy}} for every deck (backs left out)."""
    cards = {}
    for deck in DECKS:
        pdf = pdfium.PdfDocument(str(built(GAME, deck, "pod")))
        named = {}
        for number in range(0, len(pdf), 2):  # fronts and backs alternate
            face = Face(pdf[number])
            name = face.text_in(TITLE[_kind(deck)])
            assert name, (deck, number)
            named.setdefault(name, face)
        cards[deck] = named
    return cards


def _difference(a, b) -> float:
    """Return the mean absolute difference of two same-size RGB crops (0-255), given as
    images or as their arrays (``_pixels``): the sum of every channel's difference over
    three times the pixels, summed exactly in integers."""
    a, b = _pixels(a), _pixels(b)
    assert a.shape == b.shape
    return int(np.abs(a - b).sum()) / (3 * a.shape[0] * a.shape[1])


def _pixels(crop) -> np.ndarray:
    """Return a crop's pixels as an array of (row, column, channel) integers."""
    return np.asarray(crop, dtype=np.int32)


def _saturation(crop) -> float:
    """Return the median saturation ((max - min) / max channel) of a crop: 0 for greys."""
    values = sorted((max(p) - min(p)) / max(p) for p in crop.get_flattened_data() if max(p) > 0)
    return values[len(values) // 2]


@pytest.mark.parametrize("deck", DECKS)
def test_no_two_kinds_of_card_share_a_picture_or_a_backdrop(fronts, deck):
    """Every two different cards of a deck differ in the whole picture and in the backdrop
    alone (a corner of the window no piece covers): no scene recycled with only the piece
    swapped (session 12: one castle behind all 48 Keep Spoils, 3 backdrops behind 30 Reavers)."""
    kind = _kind(deck)
    named = fronts[deck]
    assert len(named) >= 9, sorted(named)
    # each card's window and backdrop strips, as arrays once (not once for every pair)
    crops = {name: (_pixels(face.crop(WINDOW[kind])),
                    [_pixels(face.crop(part)) for part in BACKDROP[kind]])
             for name, face in sorted(named.items())}
    for (a, (wa, pa)), (b, (wb, pb)) in itertools.combinations(crops.items(), 2):
        assert _difference(wa, wb) > 4, (deck, a, b)
        assert sum(_difference(x, y) for x, y in zip(pa, pb)) > 3, (deck, a, b)


@pytest.mark.parametrize("deck", DECKS)
def test_every_backdrop_is_a_coloured_place_not_grey(fronts, deck):
    """The scene behind each piece prints in the deck's (a Reaver's: its clan's) hue: its
    median saturation is at least 0.14 along both side edges of the window (session 12's grey
    scenes under a pale tint measured 0.02-0.11 on every deck but the gold Prophecies)."""
    kind = _kind(deck)
    for name, face in fronts[deck].items():
        assert min(_saturation(face.crop(part)) for part in BACKDROP[kind]) >= 0.14, (deck, name)


def test_a_ship_upgrade_shows_its_token_as_a_die(fronts):
    """A Ship Upgrade card draws its token's face as a dark die edged in gilt with the face in
    white (as an Artifact's die space), not a bare glyph in its text line; the text says to
    take the token shown."""
    upgrades = {name: face for name, face in fronts["village-spoils"].items()
                if face.text_in((3.0, 2.0, 31.0, 11.0)).startswith("Ship Upgrade")}
    assert len(upgrades) == 6, sorted(upgrades)
    for name, face in upgrades.items():
        die = face.crop((27.0, 22.0, 39.4, 34.4))
        pixels = list(die.get_flattened_data())
        dark = sum(1 for p in pixels if sum(p) < 200) / len(pixels)
        white = sum(1 for p in pixels if min(p) > 225) / len(pixels)
        assert dark > 0.35 and white > 0.08, (name, dark, white)
        assert face.text_in((3.5, 40.4, 40.9, 48.3)) == "Take the token shown.", name


GILT = (0xD9, 0xB4, 0x5A)  # the edge of a drawn die (templates/art/reavers-dice)
DIE = (0x23, 0x1F, 0x20)  # its face


def _share(crop, colour, tolerance=24) -> float:
    """Return the share of a crop's pixels within ``tolerance`` of ``colour`` in every channel."""
    pixels = list(crop.get_flattened_data())
    return sum(1 for p in pixels if all(abs(a - b) <= tolerance for a, b in zip(p, colour))) / len(
        pixels)


@pytest.mark.parametrize("deck", ["journey-cards", "sea-battle-cards"])
def test_a_price_in_dice_is_drawn_as_dice(fronts, deck):
    """The dice to spend under the picture are dice (a dark face edged in gilt, the face's icon
    in white), not bare glyphs on the parchment (session 12: "bare die glyphs")."""
    priced = 0
    for name, face in fronts[deck].items():
        if name in ("All Quiet", "Hungry Crew"):  # nothing to pay, or Food
            continue
        row = face.crop((3.5, 40.4, 40.9, 47.3))
        assert _share(row, GILT) > 0.02 and _share(row, DIE) > 0.06, (deck, name)
        assert _share(row, (255, 255, 255), 30) > 0.02, (deck, name)  # the white face
        priced += 1
    assert priced == {"journey-cards": 7, "sea-battle-cards": 9}[deck]


def test_a_reaver_turning_a_die_shows_the_face_as_a_die(fronts):
    turning = {name: face for name, face in fronts["reaver-cards"].items()
               if face.text_in((3.4, 48.0, 41.0, 60.6)).startswith("Turn 1 Crew die to")}
    assert len(turning) == 6, sorted(turning)
    for name, face in turning.items():
        assert _share(face.crop((3.4, 48.0, 41.0, 60.6)), GILT) > 0.003, name


def test_every_reaver_is_its_crest_alone_on_its_scene(fronts):
    """Session 15's reader: "a white glyph on a shield over a faded one-colour vignette of an
    unrelated icon (Ragnfrid a ham)": the second piece and the pale halo it stood in are gone
    and the clan crest is the picture. Left of the shield, under the clan tab, only the scene
    prints: near-white pixels (the halo's rings) are under 1 %; the tab names the clan."""
    clans = {"Wolf clan", "Raven clan", "Boar clan", "Serpent clan"}
    seen = set()
    for name, face in fronts["reaver-cards"].items():
        clan = face.text_in((3.0, 19.9, 21.0, 24.3))
        assert clan in clans, (name, clan)
        pixels = list(face.crop((3.6, 25.2, 22.8, 37.0)).get_flattened_data())
        assert sum(1 for p in pixels if min(p) > 240) / len(pixels) < 0.01, name
        seen.add(clan)
    assert seen == clans


def test_the_die_faces_credit_prints_where_they_are_drawn(built):
    """The drawn dice carry game-icons' icons (CC BY 3.0): their credit prints in the footer of
    every page that draws one."""
    for deck in ("journey-cards", "sea-battle-cards", "reaver-cards"):
        pdf = pdfium.PdfDocument(str(built(GAME, deck, "a4")))
        text = pdf[0].get_textpage().get_text_range().replace("\r\n", " ")
        assert "Die faces: game-icons.net, CC BY 3.0" in text, deck


def test_walls_name_their_deck_and_the_ladder_reads_at_8_pt(fronts):
    """A Wall says whose it is in its band ("Village Wall", "Keep Wall"), not by the band's
    colour alone, and stands on its own scene; a treasure's set ladder prints at 8 pt or more."""
    for deck, label in (("village-spoils", "Village Wall"), ("keep-spoils", "Keep Wall")):
        walls = [face for face in fronts[deck].values()
                 if face.text_in((3.0, 2.0, 31.0, 11.0)) == label]
        assert len(walls) == 3, deck
    treasures = [face for face in fronts["keep-spoils"].values()
                 if face.text_in((3.0, 2.0, 31.0, 11.0)) == "Treasure"]
    assert len(treasures) == 5
    for face in treasures:
        text = face.page.get_textpage()
        whole = text.get_text_range()
        start = whole.find("Set of")
        assert start >= 0
        sizes = [pdfium.raw.FPDFText_GetFontSize(text, k)
                 for k in range(start, whole.find("Scores in sets")) if not whole[k].isspace()]
        assert sizes and min(sizes) >= 8, min(sizes)


def test_every_deck_has_a_back_of_its_own(built):
    """Six decks, six backs a player tells apart at a glance: each back's medallion (its
    picture and colour) differs from every other deck's, and each names its deck."""
    medallions = {}
    for deck in DECKS:
        pdf = pdfium.PdfDocument(str(built(GAME, deck, "pod")))
        back = Face(pdf[1])
        assert back.text_in((6.0, 41.5, 38.45, 49.0)), deck  # the deck's title
        medallions[deck] = back.crop((7.725, 12.5, 36.725, 41.5))
    for a, b in itertools.combinations(DECKS, 2):
        assert _difference(medallions[a], medallions[b]) > 8, (a, b)


def test_every_favor_icon_is_named(fronts):
    """Session 12: the Favor icon read ambiguous. On every card it is followed by its name, so
    a Wall's Collect reads 'gain 1 [icon] Favor' (the icon is no text: only the name is)."""
    named = 0
    for deck, cards in fronts.items():
        for name, face in cards.items():
            text = face.page.get_textpage().get_text_range().replace("\r\n", " ")
            if "Wall" in face.text_in((3.0, 2.0, 31.0, 11.0)):
                assert re.search(r"Collect: gain \d+\s+Favor", text), (deck, name, text)
                named += 1
    assert named == 6
    for deck, pattern in (("journey-cards", r"lose 1\s+Favor\."),
                          ("sea-battle-cards", r"\+ 1\s+Favor"),
                          ("reaver-cards", r"gain 1\s+Favor\.")):
        whole = " ".join(face.page.get_textpage().get_text_range().replace("\r\n", " ")
                         for face in fronts[deck].values())
        assert re.search(pattern, whole), deck
