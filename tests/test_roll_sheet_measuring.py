"""Roll sheets made fast without changing a byte (issue 36): a tighter try at a sheet's layout
is laid out on a canvas that draws nothing (sheetgen/dice/formats/measuring.py), and a
game's die faces are built once for all its roll sheets in a build.

A try on the measuring canvas must find the very pages and last line a drawn one does, or a
sheet would be laid out with the wrong air; the sheets a build writes must record the files
their die faces were made from, the first sheet of a game as every later one."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from conftest import REPO
from sheetgen.build.roll_sheets import RollSheet, render_roll_sheets
from sheetgen.base.errors import ProblemList
from sheetgen.dice.api import make_script
from sheetgen.dice.formats import as_pdf, as_slips
from sheetgen.dice.formats.die_faces import DieFaces
from sheetgen.dice.formats.measuring import MeasuringCanvas
from sheetgen.dice.roll_sheets import SAMPLE_SEED, roll_sheet_players
from sheetgen.load.project import Project

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
# sheets of several pages, whose tighter tries save a page on one paper and not on the other
SHEETS = (("reavers-of-midgard", 3), ("roll-and-raid", 3), ("rolling-thunder", 2))


def _laid(canvas_type, make, paper, air):
    """Lay a sheet out on a fresh canvas of ``canvas_type``: (pages, where its last line
    ends, its last page's fill)."""
    c = canvas_type(io.BytesIO(), pagesize=paper, invariant=1)
    sheet = make(c, paper, air)
    sheet.draw()
    return sheet.page, round(sheet.last_y, 6), round(sheet.last_fill(), 6)


def _sheet_makers(monkeypatch, script, faces, paper) -> dict:
    """Return how each roll sheet of ``script`` is made on ``paper``, as laid_out receives it:
    ``sheet(canvas, size, air)`` and the airs it is tried with (the print pack's slips, the
    full sheet of ``sheetgen dice``)."""
    makers = {}

    def keep(name):
        def laid_out(script, paper, fonts, airs, subject, sheet):
            makers[name] = (sheet, airs)
            return b""
        return laid_out

    monkeypatch.setattr(as_slips, "laid_out", keep("slips"))
    as_slips.render_slips(script, faces, paper)
    monkeypatch.setattr(as_pdf, "laid_out", keep("full"))
    as_pdf.render(script, paper)
    return makers


@pytest.mark.slow
@pytest.mark.parametrize("game, players", SHEETS)
def test_measuring_finds_the_drawn_pages_at_every_air(game, players, monkeypatch):
    project = Project.at(REPO)
    script = make_script(project, game, players, seed=SAMPLE_SEED)
    faces = DieFaces(project, game, script.variant)
    pages = set()
    for paper in (A4, LETTER):
        makers = _sheet_makers(monkeypatch, script, faces, paper)
        assert set(makers) == {"slips", "full"}
        for name, (make, airs) in makers.items():
            for air in airs:
                drawn = _laid(Canvas, make, paper, air)
                assert _laid(MeasuringCanvas, make, paper, air) == drawn, (name, paper, air)
                pages.add(drawn[0])
    assert max(pages) > 1  # a sheet of more than one page is measured too


@pytest.mark.slow
def test_die_faces_built_once_record_their_files_on_every_sheet(tmp_path):
    project = Project.at(REPO)
    game = "rolling-thunder"
    counts = roll_sheet_players(project, game)
    assert len(counts) >= 2
    plan = [RollSheet(game, n, A4, tmp_path / f"{n}.pdf") for n in counts]
    problems = ProblemList()
    together = {path: (files, pdf) for path, _, files, pdf
                in render_roll_sheets(project, plan, problems)}
    assert not problems.problems
    for sheet in plan[1:]:  # each alone: its die faces built for it
        alone = render_roll_sheets(project, [sheet], problems)
        assert not problems.problems
        files, pdf = together[sheet.path]
        assert files == alone[0][2]
        assert pdf == alone[0][3]
        assert "die-face.yaml" in {f.name for f in files}  # the faces' template
