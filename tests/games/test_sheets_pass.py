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
