"""The print pack's roll sheets read at arm's length (issue 34): readers found the drawn dice
small (pips about 1 mm, Reavers' Crew die icons tiny), Roll & Might's page half blank and its
dice in different places from slip to slip. Measured on the printed page: every pip is 1.8 mm
or more, every Crew die icon 5 mm or more, a sheet of few rolls fills its page, and the cells
of one instruction line up across the slips of a sheet."""

from __future__ import annotations

import numpy as np
import pypdfium2
import pytest

from conftest import REPO
from sheetgen.dice.roll_sheets import roll_sheet_pdfs
from sheetgen.load.project import Project
from test_roll_sheet_slips import A4, INVISIBLE, LETTER, _pages, _slips, _sample

DPI = 254  # 10 pixels a millimetre
PX = DPI / 25.4


def _image(pdf: bytes, page: int = 0) -> np.ndarray:
    return np.asarray(pypdfium2.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil()
                      .convert("RGB")).astype(int)


def _components(mask: np.ndarray):
    """Return each 4-connected component of ``mask`` as (left, top, width, height, area)
    in pixels."""
    from scipy import ndimage

    labels, _ = ndimage.label(mask)
    areas = np.bincount(labels.ravel())
    out = []
    for k, box in enumerate(ndimage.find_objects(labels), 1):
        if box is not None:
            ys, xs = box
            out.append((xs.start, ys.start, xs.stop - xs.start, ys.stop - ys.start, areas[k]))
    return out


def _colours(game: str, marked_pictures: bool = False) -> list[tuple[int, int, int]]:
    """Return the colours of ``game``'s dice (only its marked dice of pictures)."""
    from sheetgen.dice.load import load_game_dice

    dice = load_game_dice(Project.at(REPO), game).model.dice
    return [tuple(int(d.colour[i:i + 2], 16) for i in (1, 3, 5)) for d in dice.values()
            if not marked_pictures or (d.mark and any(isinstance(f, str) for f in d.faces))]


def _pips(image: np.ndarray, game: str) -> list[float]:
    """Return the diameter (mm) of every pip on the page: a disc drawn in black or white
    between 1 and 3.5 mm across (a seat's chip is larger) on one of ``game``'s dice colours
    (a letter's counter is on ink)."""
    colours = np.array(_colours(game))
    out = []
    for mask in (image.max(axis=2) < 110, image.min(axis=2) > 170):  # black, white pips
        for left, top, w, h, area in _components(mask):
            d = (w + h) / 2
            if not (1.0 * PX <= d <= 3.5 * PX and abs(w - h) <= 2
                    and 0.7 <= area / (w * h) <= 0.86):
                continue
            ring = np.concatenate([image[top - 3, left:left + w], image[top + h + 2, left:left + w],
                                   image[top:top + h, left - 3], image[top:top + h, left + w + 2]])
            around = np.median(ring, axis=0)
            if np.abs(colours - around).sum(axis=1).min() < 60:
                out.append(d / PX)
    return out


@pytest.mark.slow  # rasterised at 254 dpi
@pytest.mark.parametrize("game, players, paper", [
    ("roll-and-might", 5, A4), ("rolling-thunder", 4, LETTER),
    ("reavers-of-midgard", 5, A4)])
def test_every_pip_is_big_enough_to_read_at_arms_length(game, players, paper):
    """The densest sheets too (Reavers at 5): pips of 1.8 mm or more. (Roll & Raid's dice
    print numerals: tests/games/test_roll_and_raid_table.py measures them.)"""
    pdf = _sample(game, players, paper)[1]
    pips = _pips(_image(pdf, min(1, len(pypdfium2.PdfDocument(pdf)) - 1)), game)  # full
    assert len(pips) > 40, len(pips)
    assert min(pips) >= 1.8, sorted(pips)[:5]


@pytest.mark.slow  # rasterised at 254 dpi
@pytest.mark.parametrize("players", [2, 5])
def test_every_crew_die_icon_is_5_mm_or_more(players):
    """Reavers' Crew dice: the die found by its colour, its icon (the ink under the colour
    letter at its top) measured across its widest side."""
    image = _image(_sample("reavers-of-midgard", players)[1])
    sizes = []
    for rgb in _colours("reavers-of-midgard", marked_pictures=True):
        sizes += _icons(np.abs(image - np.array(rgb)).sum(axis=2) < 30)
    assert len(sizes) > 30, len(sizes)
    assert min(sizes) >= 5.0, sorted(sizes)[:5]


def _icons(face: np.ndarray) -> list[float]:
    """Return the icon size (mm) of every die face of one colour: each face a component of
    its colour 6 mm or more across and square; its icon, what is not that colour inside it
    under its top third (the colour letter's), across its widest side."""
    out = []
    for left, top, w, h, _ in _components(face):
        if w < 6 * PX or abs(w - h) > 3:
            continue
        iy, ix = np.nonzero(~face[top + int(h * 0.32):top + h - 2, left + 2:left + w - 2])
        if len(iy):
            out.append(max(ix.max() - ix.min(), iy.max() - iy.min()) / PX)
    return out


@pytest.mark.slow  # rasterised
@pytest.mark.parametrize("players", [4, 5])
def test_roll_and_mights_sheet_fills_its_page(players):
    """Its sheet was half blank under eight small turns: the dice grow till the page is
    full (the body inked to four-fifths of its height at least)."""
    pdf = roll_sheet_pdfs(Project.at(REPO), "roll-and-might", players, [A4])[0]
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    body = image.crop((0, 0, image.width, image.height - 40))  # above the footer
    ink = body.point(lambda v: 255 if v < 225 else 0).getbbox()
    assert ink[3] / body.height >= 0.8, ink


@pytest.mark.parametrize("game, players, paper", [
    ("roll-and-might", 5, A4), ("roll-and-might", 4, LETTER), ("roll-and-might", 1, A4),
    ("rolling-thunder", 4, A4)])
def test_the_cells_of_one_instruction_line_up_from_slip_to_slip(game, players, paper):
    """Roll & Might's dice sat beside their label on one slip and under it on the next, and
    each cell was as wide as its own dice: the k-th roll of every slip (one instruction:
    Roll & Might's legend dice, then its solo re-roll) has its tick box and its first die at
    the same place in its slip (but a re-rolled roll, longer, its tick box)."""
    script, pdf = _sample(game, players, paper)
    pages = _pages(pdf)
    ticks, starts = {}, {}
    for n, rect, _, inside in _slips(pdf, script):
        said = [r for r in inside if r[3] == INVISIBLE]
        mine = sorted((t for t in pages[n][1] if _inside_rect(t, rect)), key=lambda t: -t[1])
        for k, tick in enumerate(mine):
            # (the tick box sits half a die above the cell's foot: dice up to 52 pt, sheet
            # columns in dice.yaml)
            row = [r for r in said if tick[1] - 30 < r[1] <= tick[1] and r[0] < tick[0]]
            roll = max(row, key=lambda r: r[0])  # the cell's own text: the nearest left
            starts.setdefault(k, set()).add(round(roll[0] - rect[0], 1))
            if "→" not in roll[2]:
                ticks.setdefault(k, set()).add(round(tick[0] - rect[0], 1))
    assert starts and all(len(x) == 1 for x in [*ticks.values(), *starts.values()]), \
        (ticks, starts)


def _inside_rect(box, rect) -> bool:
    return rect[0] <= box[0] and box[2] <= rect[2] and rect[1] <= box[1] and box[3] <= rect[3]


@pytest.mark.parametrize("game, players", [("rolling-thunder", 4), ("roll-and-might", 5)])
def test_the_round_the_seat_and_the_instruction_read_at_arms_length(game, players):
    """A player looks for the round, their seat's row and what to do: every slip's title is
    11 pt or more, every seat's number in its chip 11 pt (it was 9 pt beside 14 mm dice),
    every instruction over dice 8 pt."""
    script, pdf = _sample(game, players)
    runs = [r for p in _pages(pdf) for r in p[3]]
    titles = [r for r in runs if r[2].startswith(("Round", "Turn", "Setup"))]
    assert titles and min(r[3] for r in titles) >= 11, titles[:3]
    # (a seat's chip: a lone number larger than a cell's roll number, 7 pt; the rows stand
    # in the middle of their slips since issue 34's s14 readers, so not by the left edge)
    seats = [r for r in runs if r[2].isdigit() and r[3] > 7.5]
    assert (not any(ev.seat for s in script.sections for ev in s.events if ev.kind == "roll")
            or (seats and min(r[3] for r in seats) >= 11)), seats[:3]
    said = [r for r in runs if r[2].startswith(("Your dice", "Dice for the legend"))]
    assert said and min(r[3] for r in said) >= 8, said[:3]
