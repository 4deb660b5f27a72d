"""The design pass on play sheets (issue 34, session 13): every pencil-and-paper sheet and
roll sheet reads as a retail score pad. Each session-12 reader finding decided here is named
by a test that measures the printed page (pypdf text, fonts and drawing operators;
pypdfium2 pixels)."""

from __future__ import annotations

import io
import re

import numpy as np
import pypdfium2
import pytest
from pypdf import PdfReader

from conftest import REPO
from sheetgen.dice.roll_sheets import roll_sheet_pdfs, roll_sheet_players
from sheetgen.load.project import Project

A4 = (595.2756, 841.8898)
BAND_H = 64.0  # the roll sheet's title band on page one (points): what the reader saw cropped
GAMES = ["roll-and-raid", "rolling-thunder", "roll-and-might", "reavers-of-midgard"]  # dice


def _roll_sheet(game: str, players: int) -> bytes:
    return roll_sheet_pdfs(Project.at(REPO), game, players, [A4])[0]


def _grey(pdf: bytes, page: int = 0, scale: float = 1.0):
    return pypdfium2.PdfDocument(pdf)[page].render(scale=scale).to_pil().convert("L")


# --- roll sheets -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_roll_and_mights_roll_sheet_has_no_blank_fifth(players):
    """Reader (Roll & Might): "the roll sheet's bottom fifth blank". A one-page sheet
    spreads its slips till the page is full: ink reaches the last 6 % above the footer."""
    image = _grey(_roll_sheet("roll-and-might", players))
    body = image.crop((0, 0, image.width, image.height - 40))  # above the footer
    ink = body.point(lambda v: 255 if v < 225 else 0).getbbox()
    assert ink[3] / body.height >= 0.94, (players, ink[3] / body.height)


def _scene_scales(pdf: bytes) -> list[tuple[float, float]]:
    """Return the (width, height) of the scene's placing ``cm`` on page one: the first
    transform there scaling by more than 60 (the band is drawn first; the scene's own
    viewBox transforms follow it)."""
    ops = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    out = []
    for m in re.finditer(r"([-\d.]+) 0 0 ([-\d.]+) [-\d.]+ [-\d.]+ cm", ops):
        w, h = float(m.group(1)), float(m.group(2))
        if w > 60 and h > 60:
            out.append((w, h))
    return out[:1]


@pytest.mark.parametrize("game", GAMES)
def test_the_roll_sheets_band_picture_is_not_a_cropped_slice(game):
    """Reader (Roll & Might): "the roll sheet's header is cropped": the band showed a 30 %
    slice of its 4:3 scene (the keep's wall, its towers cut off). The scene is now drawn at
    most 1/0.6 of the band's height: 60 % of the picture shows or more."""
    players = roll_sheet_players(Project.at(REPO), game)[-1]
    scales = _scene_scales(_roll_sheet(game, players))
    assert scales, game
    for w, h in scales:
        assert BAND_H / h >= 0.6, (game, w, h)
        assert w < 0.55 * (A4[0] - 64), (game, w)  # the whole picture, at the band's right


def test_roll_and_mights_band_shows_its_keeps_towers():
    """The keep's two towers stand in the band: a third of the way down it, across the
    picture's right 120 points, two tower runs with 30 points of sky or more between them
    (before: the flat wall of the picture's middle slice, one run the band wide)."""
    image = np.asarray(_grey(_roll_sheet("roll-and-might", 5), scale=2)).astype(int)
    top = int((32 + 0.35 * BAND_H) * 2)  # a third down the band (page margin 32 pt)
    x0, x1 = int((A4[0] - 32 - 120) * 2), int((A4[0] - 34) * 2)
    dark = image[top, x0:x1] < 170
    edges = np.flatnonzero(np.diff(dark.astype(int)))  # where a run starts or ends
    gaps = [(b - a) / 2 for a, b in zip(edges, edges[1:]) if not dark[a + 1]]
    assert dark[0] and dark[-1] and max(gaps, default=0) >= 30, (edges, gaps)


# --- every play sheet -----------------------------------------------------------------------

SHEETS = [("roll-and-raid", "clan-sheet"), ("roll-and-raid", "symbol-key"),
          ("rolling-thunder", "play-sheet"), ("roll-and-might", "score-sheet"),
          ("roll-and-might", "legend")]


def _sizes(path) -> list[tuple[float, str]]:
    """Return (printed size in points, text) of every run of text on page one."""
    import math
    out = []

    def visit(text, cm, tm, font, size):
        a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                      tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
        if text.strip():
            out.append((round(size * math.sqrt(abs(a * d - b * c)), 2), text.strip()))
    PdfReader(str(path)).pages[0].extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("game, component", SHEETS)
def test_nothing_a_player_reads_in_play_is_under_8_pt(built, game, component):
    """Readers: "8 pt instruction text", "6-7 pt captions". Every word on a sheet is 8 pt
    or more but the licence credit line (read once, never in play)."""
    small = [(s, t) for s, t in _sizes(built(game, component, "a4"))
             if s < 7.99 and not re.search(r"CC BY|CC0|OFL|icons|Licen", t)]
    assert not small, small


def _rgb(path, scale: float):
    return np.asarray(pypdfium2.PdfDocument(str(path))[0].render(scale=scale).to_pil()
                      .convert("RGB")).astype(int)


MM = 72 / 25.4


def test_rolling_thunder_gods_are_roundels_not_emoji(built):
    """Reader (Rolling Thunder): "Noto emoji Gods on the sheet and mixed art styles". The
    five God pictures are storm-blue roundels now: nine pixels in ten of each are the
    roundel's dark rim and field, its gold, or the paper round it (the Noto Woden, Frigg and
    Thor were 16-56 %: skin, robes, beards)."""
    scale = 200 / 72
    image = _rgb(built("rolling-thunder", "play-sheet", "a4"), scale)
    px = scale * MM
    # each God's picture, 19 mm square (s14: the Gods took the sheet's width)
    for x in (8 + i * 38.6 for i in range(5)):
        box = image[round(157 * px):round(174 * px), round((x + 1) * px):round((x + 18) * px)]
        r, g, b = box[..., 0], box[..., 1], box[..., 2]
        dark = box.max(axis=2) < 110  # the roundel's rim and storm-blue field
        gold = (r > b + 40) & (g > b + 10)  # its band and the silhouette
        paper = box.min(axis=2) > 225
        assert (dark | gold | paper).mean() > 0.9, (x, (dark | gold | paper).mean())


def test_rolling_thunder_dice_tray_circle_holds_a_16_mm_die(built):
    """Reader: "dice-tray circles are 14 mm for a 16 mm die". The circle space is measured
    on the page, across its widest row: 17 mm or more."""
    scale = 300 / 72
    px = scale * MM
    image = _rgb(built("rolling-thunder", "play-sheet", "a4"), scale).mean(axis=2)
    y = round((29.8 + 17.5 / 2) * px)  # the tray's middle row
    row = image[y, round(205 * px):round(229 * px)] < 200
    ink = np.flatnonzero(row)
    assert (ink[-1] - ink[0]) / px >= 17, (ink[-1] - ink[0]) / px


def test_rolling_thunder_valhalla_example_has_no_black_cell(built):
    """Reader: "the mini Valhalla has a black cell". The example's fire is the graphite
    grey of a pencilled square: no cell of the 5 x 3 example averages darker than grey
    120 (it printed the fire at 58)."""
    scale = 200 / 72
    px = scale * MM
    image = _rgb(built("rolling-thunder", "play-sheet", "a4"), scale).mean(axis=2)
    cw, ch = 30 / 5, 18 / 3   # (s14: the example is 30 x 18 mm, from 204, 150 mm)
    for col in range(5):
        for row in range(3):
            left, top = 204 + col * cw + 1, 150 + row * ch + 1
            cell = image[round(top * px):round((top + ch - 2) * px),
                         round(left * px):round((left + cw - 2) * px)]
            assert cell.mean() > 120, (col, row, cell.mean())


def test_rolling_thunder_warriors_stand_out_of_every_sector(built):
    """Reader: "Warriors pale". A Warrior's shield in the blue sector (blue 2-2, the palest
    ground for a steel shield) prints darker than grey 160 at its darkest (it was 171).
    s15 reader: the pale shield still vanished on the blue sector, so its rim is dark ink
    (under grey 110) round light steel planks (the writing-space check keeps its ink)."""
    scale = 300 / 72
    px = scale * MM
    image = _rgb(built("rolling-thunder", "play-sheet", "a4"), scale).mean(axis=2)
    left, top, pitch = 13.51, 65.51, 10.03  # the grid's first square (mm), its pitch
    left, top = left + 7 * pitch + 1, top + pitch + 1  # blue sector column 2, row 2
    cell = image[round(top * px):round((top + pitch - 2) * px),
                 round(left * px):round((left + pitch - 2) * px)]
    assert cell.min() < 110, cell.min()


def test_roll_and_raids_symbol_key_fills_its_page(built):
    """Reader (Roll & Raid): "the symbol key page is half empty" (one column of 9 pt lines,
    their right half blank, the foot blank). Two columns now: the page's right half is
    inked from the Clan sheet's first row to the key's last, and the keys run to within
    15 mm of the credits."""
    scale = 100 / 72
    px = scale * MM
    image = _rgb(built("roll-and-raid", "symbol-key", "a4"), scale).mean(axis=2) < 160
    right = image[:, round(115 * px):round(198 * px)]  # right of the page's middle
    rows = np.flatnonzero(right.any(axis=1)) / px
    keyed = [y for y in rows if 29 < y < 281]
    bands = [(29.5, 150.5), (161.5, 194.5), (205.5, 238.5), (249.5, 271.5)]
    for top, bottom in bands:  # each group has pictures and words in its right column
        assert [y for y in keyed if top <= y <= bottom], top
    clan = [y for y in keyed if 29.5 <= y <= 150.5]
    assert max(clan) - min(clan) > 100, (min(clan), max(clan))  # its 10 right-hand rows
    last = max(y for y in np.flatnonzero(image[:, :].any(axis=1)) / px if y < 280)
    assert last > 262, last


def test_roll_and_mights_legend_points_west_left_and_east_right(built):
    """Reader (Roll & Might): "sunset and sunrise icons look alike (Legend)". Each army
    word points its way on the page: an arrow left of WEST, right of EAST, on both the
    table's and the solo Legend."""
    from pdfcheck import page_chars, text_box
    page = pypdfium2.PdfDocument(str(built("roll-and-might", "legend", "a4")))[0]
    text, boxes = page_chars(page)
    flat = " ".join(text.split())
    assert flat.count("← WEST") >= 2 and flat.count("EAST →") >= 2, flat[:300]
    west, arrow = text_box(text, boxes, "WEST"), text_box(text, boxes, "←")
    assert arrow[2] <= west[0] and abs(arrow[1] - west[1]) < 3
    east, arrow = text_box(text, boxes, "EAST"), text_box(text, boxes, "→")
    assert arrow[0] >= east[2] and abs(arrow[1] - east[1]) < 3


def test_roll_and_raids_production_hexes_are_light_where_the_pencil_goes(built):
    """Reader (Roll & Raid): "mid-tone production hexes are bad for pencil". The first
    (coloured) hex of each Production tracker prints lighter than grey 205 at its middle
    (wood was 168, metal 189, villagers 194), and the three still differ in hue."""
    scale = 200 / 72
    px = scale * MM
    image = _rgb(built("roll-and-raid", "clan-sheet", "a4"), scale)
    colours = []
    for top in (109.5, 119.3, 129.1):  # wood, metal, villagers trackers (8.5 mm high)
        y, x = round((top + 4.25) * px), round((32 + 3.6) * px)
        patch = image[y - 3:y + 4, x - 3:x + 4].reshape(-1, 3).mean(axis=0)
        assert patch.mean() > 205, (top, patch)
        colours.append(patch)
    wood, metal, villagers = colours
    assert wood[0] - wood[2] > 25 and abs(metal[0] - metal[2]) < 6
    assert villagers[0] - villagers[2] > wood[0] - wood[2]


def test_rolling_thunder_sectors_differ_in_greyscale(built):
    """Reader (Rolling Thunder): "sectors alike in greyscale" (an empty square printed grey
    228, 230 and 237). Printed in grey, an empty square of each sector differs from the
    others' by 7 levels or more, yellow lightest, then red, then blue, and each stays 15
    or more lighter than a dark square."""
    scale = 150 / 72
    px = scale * MM
    image = np.asarray(pypdfium2.PdfDocument(str(built("rolling-thunder", "play-sheet", "a4")))[0]
                       .render(scale=scale).to_pil().convert("L")).astype(int)
    left, top, pitch = 13.51, 65.51, 10.03

    def square(col: int, row: int) -> float:
        x, y = left + (col - 1) * pitch + 2, top + (row - 1) * pitch + 2
        return image[round(y * px):round((y + pitch - 4) * px),
                     round(x * px):round((x + pitch - 4) * px)].mean()

    red, blue, yellow = square(1, 1), square(8, 1), square(14, 1)  # empty light squares
    dark = square(4, 1)  # red 4-1: a dark square
    assert yellow - red >= 7 and red - blue >= 7, (red, blue, yellow)
    assert blue - dark >= 15, (blue, dark)
