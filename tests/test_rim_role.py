"""Rim coordinates are board text: ``sheetgen check`` holds them to the board role (9 pt).

A board's rim letters and numbers are read across the table, but they were checked as the
element's game text (7 pt): a rim set at 8 pt passed. They now print under their own text
role (``rim_role``, default board), so the check names them at their line; another role
may be given where a game decides so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli

GAME = "id: demo\nname: Demo\ncomponents: [board]\n"
CARDS = """id: board
title: Board
kind: cards
front: demo-board
profiles: [pod]
items:
  - {name: One}
"""
BOARDS = {
    "hex_board": "type: hex_board, x: 10mm, y: 10mm, w: 80mm, h: 80mm, "
                 "edges: [3, 3, 3, 3, 3, 3], coordinates: rim",
    "square_grid": "type: square_grid, x: 10mm, y: 10mm, w: 80mm, h: 80mm, cols: 5, rows: 5, "
                   "coordinates: rim",
}


def _project(root: Path, element: str, extra: str) -> Path:
    (root / "data/demo").mkdir(parents=True)
    (root / "templates").mkdir()
    (root / "data/demo/game.yaml").write_text(GAME)
    (root / "data/demo/board.yaml").write_text(CARDS)
    (root / "templates/demo-board.yaml").write_text(
        f"width: 100mm\nheight: 100mm\nelements:\n  - {{id: map, {BOARDS[element]}{extra}}}\n")
    return root


@pytest.mark.parametrize("element", sorted(BOARDS))
def test_rim_coordinates_are_checked_as_board_text(tmp_path, element):
    small = _project(tmp_path / "small", element, ", rim_size: 8")
    result = run_cli("--project", str(small), "check", "demo")
    assert result.exit_code == 2, result.output
    assert "templates/demo-board.yaml:4: (map): text" in result.output, result.output
    assert "is 8.0 pt, board text needs 9 pt: 9 pt would pass (role_text)" in result.output
    # the default, 9 pt, passes; a rim the game calls a note (7 pt) passes at 8 pt
    assert run_cli("--project", str(_project(tmp_path / "ok", element, "")), "check",
                   "demo").exit_code == 0
    noted = _project(tmp_path / "note", element, ", rim_size: 8, rim_role: note")
    assert run_cli("--project", str(noted), "check", "demo").exit_code == 0
