"""Session 13's design pass on the boards and pieces of the two board games (Ragnarocks and
Reavers of Midgard): each finding of the session-12 readers, decided on the printed page."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from pdfcheck import MM, page_bounds

DPI = 100


def _pixels(pdf, index: int) -> np.ndarray:
    """Return page ``index`` of ``pdf`` as an (h, w, 3) int array at DPI."""
    page = pdfium.PdfDocument(str(pdf))[index]
    return np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)


def _count(image: np.ndarray, rgb: tuple[int, int, int], tolerance: int = 2) -> int:
    """Return how many pixels of ``image`` are within ``tolerance`` of ``rgb``."""
    return int((np.abs(image - np.array(rgb)).max(axis=2) <= tolerance).sum())


IVORY_START = (251, 245, 226)  # data/ragnarocks/game.yaml ivory-start
RED_START = (216, 163, 159)    # red-clan tinted, as printed


@pytest.mark.parametrize("profile", ["a4", "letter"])
def test_ragnarocks_glue_seam_misses_every_start_hex(built, profile):
    """Reader (session 12): "a seam runs through the middle column and start hexes A3, I5".
    The vertical seam now runs 230 mm from the left edge: each side's three Ivory start hexes
    print whole on tile R1·C1 and none on R1·C2, the Red ones whole on R2·C1, none on R2·C2."""
    pdf = built("ragnarocks", "board", profile)
    # each side: page map, then R1·C1, R1·C2, R2·C1, R2·C2
    for first in (1, 6):
        ivory = [_count(_pixels(pdf, first + i), IVORY_START) for i in range(4)]
        red = [_count(_pixels(pdf, first + i), RED_START) for i in range(4)]
        assert ivory[0] > 12000 and ivory[1:] == [0, 0, 0], ivory
        assert red[2] > 12000 and red[:2] + red[3:] == [0, 0, 0], red


def test_ragnarocks_land_is_meadow_and_the_ivory_start_hexes_bright(built):
    """Reader: "the board is plain (two beige shades)", "the ivory start hexes look greyed
    out". The hexes are Midgard's meadow (green over red, well over blue), lightly grassed;
    Ivory's start hexes are the lightest land on the board, brighter than any meadow hex."""
    image = _pixels(built("ragnarocks", "board", "a4"), 1)  # side a, tile R1·C1
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    meadow = (g >= r) & (g - b >= 25) & (g > 150) & (g < 235)
    assert meadow.mean() > 0.2, meadow.mean()
    land = image[meadow]
    assert land.sum(axis=1).max() < sum(IVORY_START) - 60
    assert _count(image, IVORY_START) > 12000


def test_ragnarocks_standees_carry_their_tokens_shield_mark(built):
    """Reader: "the standees drop the colour cue". Each standee carries its token's mark
    behind the helmet on both halves: Ivory's tan cross (#a88a5c), Red's cream ring."""
    image = _pixels(built("ragnarocks", "standees", "a4"), 0)
    tan = _count(image, (168, 138, 92), 6)
    assert tan > 2400, tan  # 3 standees x 2 halves x a 13 x 2.6 mm cross


def test_reavers_pawns_are_longships(built):
    """Reader (session 12): "paper-craft pawns without a ship shape". Every face of every
    pawn (10 Longship pawns and the Honor Ship, two faces each) shows a longship under the
    clan's emblem: the drakkar silhouette, about 8.9 x 7.6 mm, on all 22 faces."""
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "pawns", "a4")))[0]
    ships = 0
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium.raw.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = page_bounds(obj)
        if (abs((right - left) / MM - 8.9) < 0.6 and abs((top - bottom) / MM - 7.6) < 0.6
                and pdfium.raw.FPDFPath_CountSegments(obj.raw) > 150):
            ships += 1
    assert ships == 22, ships


def test_asked_seams_fall_where_asked_else_the_tiles_are_equal():
    """The board option behind the Ragnarocks seam (``seams:``): the vertical seam falls
    where asked when every tile still fits its page (here on landscape A4, the 2 x 2 tiling),
    and the tiles are equal when a tile would not fit."""
    from sheetgen.impose.imposition.tiling import plan_tiles
    from sheetgen.load.profiles import builtin_profiles

    a4 = builtin_profiles().size("a4")
    asked = plan_tiles(348 * MM, 304 * MM, 3.175 * MM, a4, 10 * MM, (230.25 * MM,))
    assert asked.xs[1] == pytest.approx(230.25 * MM) and asked.page[0] > asked.page[1]
    too_far = plan_tiles(348 * MM, 304 * MM, 3.175 * MM, a4, 10 * MM, (300 * MM,))
    assert too_far.xs[1] == pytest.approx(174 * MM)


def test_reavers_ship_upgrade_sheet_keeps_its_colour_off_the_paper_edge(built):
    """Reader (session 12): "the ship-upgrade page's colour runs near the edge". The tokens'
    slate is a plate inside each token's trim and the bleed is paper-light, so the strips
    within 6 mm of the paper's left and right edges beside the sheet stay light (the slate
    bleed covered more than half of them)."""
    image = _pixels(built("reavers-of-midgard", "ship-upgrade-tiles", "a4"), 0)
    px = DPI / 25.4
    rows = slice(int(14 * px), int(62 * px))
    for cols in (slice(0, int(6 * px)), slice(image.shape[1] - int(6 * px), image.shape[1])):
        strip = image[rows, cols]
        dark = (strip.mean(axis=2) < 200).mean()
        assert dark < 0.01, dark


def _board_region(image, x0, y0, x1, y1):
    """Return the part of the Reavers pod board image (bleed 3.175 mm) between face mm."""
    px, bleed = DPI / 25.4, 3.175
    return image[int((y0 + bleed) * px):int((y1 + bleed) * px),
                 int((x0 + bleed) * px):int((x1 + bleed) * px)]


def test_reavers_locations_are_places_of_their_own_tone_with_clean_slots(built):
    """Reader (session 12): "the board is pastel placeholder rectangles"; each Location's ground
    has its own hue (the sea blue, the village green, the hall warm, the keep cool stone).
    Session 14's reader read the scenes once shown through half-clear slots as "translucent grey
    blocks ... muddy every slot": inside an empty slot (the hall's second, clear of the crossed
    pair), above its icon, the fill is now flat."""
    image = _pixels(built("reavers-of-midgard", "board", "pod"), 0)
    slots = {"hall": (97, 47, 134, 58), "village": (268, 47, 308, 58),
             "keep": (268, 201, 308, 212)}
    for name, box in slots.items():
        part = _board_region(image, *box)
        assert part.mean(axis=2).std() < 1.5, (name, part.mean(axis=2).std())
    # the sea: its row of Battle slots (the row under it holds the decks, tan as on every
    # Location, and no scene tints them blue any more)
    areas = {"hall": (26, 45, 232, 174), "village": (266, 45, 545, 174),
             "sea": (26, 199, 258, 262), "keep": (266, 199, 545, 329)}
    tone = {name: _board_region(image, *box).reshape(-1, 3).mean(axis=0)
            for name, box in areas.items()}
    assert tone["sea"][2] > tone["sea"][0] + 12, tone["sea"]              # blue over red
    assert tone["village"][1] > tone["village"][2] + 12, tone["village"]  # green over blue
    assert tone["hall"][0] > tone["hall"][2] + 15, tone["hall"]           # warm
    assert tone["keep"][2] > tone["keep"][1], tone["keep"]                # cool stone
