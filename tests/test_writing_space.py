"""Writing spaces: an icon printed where a pencil mark goes may not ink its square solid."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli

GAME = """id: demo
name: Demo
components: [sheet]
"""
SHEET = """id: sheet
title: Sheet
kind: sheet
template: demo-sheet
profiles: [a4]
"""
TEMPLATE = """width: 100mm
height: 60mm
elements:
  - id: grid
    type: square_grid
    x: 10mm
    y: 10mm
    w: 60mm
    h: 20mm
    cols: 3
    rows: 1{extra}
    cells:
      - {{at: [1, 1], icon: troll{colour}}}
"""


def make(root: Path, extra: str = "\n    writing_space: true", colour: str = "",
         game_extra: str = "") -> Path:
    (root / "data/demo").mkdir(parents=True, exist_ok=True)
    (root / "templates").mkdir(exist_ok=True)
    (root / "data/demo/game.yaml").write_text(GAME + game_extra)
    (root / "data/demo/sheet.yaml").write_text(SHEET)
    (root / "templates/demo-sheet.yaml").write_text(TEMPLATE.format(extra=extra, colour=colour))
    return root


def check(root: Path):
    return run_cli("--project", str(root), "check", "demo")


def test_a_solid_black_figure_in_a_writing_space_is_a_finding_at_its_line(tmp_path):
    result = check(make(tmp_path))
    assert result.exit_code == 2, result.output
    # the troll covers 43% of its square (rasterised); in ink (#231f20, 88% dark): 38%
    assert ("templates/demo-sheet.yaml:4: (grid): icon 'troll' in a writing space puts 38% ink "
            "on its square, at most 25% (writing_ink)") in result.output, result.output


def test_a_light_tone_passes_and_the_limit_is_per_game(tmp_path):
    assert check(make(tmp_path / "grey", colour=", color: gray")).exit_code == 0
    # not a writing space: not checked
    assert check(make(tmp_path / "plain", extra="")).exit_code == 0
    # a game may allow more ink, or turn the check off (1)
    assert check(make(tmp_path / "more", game_extra="print_checks: {writing_ink: 0.5}\n")
                 ).exit_code == 0
    result = check(make(tmp_path / "less", colour=", color: gray",
                        game_extra="print_checks: {writing_ink: 0.1}\n"))
    assert result.exit_code == 2 and "puts 20% ink on its square, at most 10%" in result.output
