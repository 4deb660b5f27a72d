"""A board's ``shift:`` moves every side's hexes off the centre of the face (e.g. half a hex, so
that a tiled print's glue seam runs along hex edges), and a shift the face cannot hold is a
finding at the hex_size line, not a board running off its page."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from conftest import run_cli, write_files
from pdfcheck import MM

GAME = "id: shift\nname: Shift Test\ncomponents: [board]\n"
BOARD = """\
id: board
title: Board
kind: board
size: [200mm, 160mm]
shift: [{shift}, 0mm]
every_side:
  orientation: pointy
  hex_size: 40mm
  coordinates: true
sides:
  - id: a
    title: Shift test
    edges: [2, 2, 2, 2, 2, 2]
"""


def glyph_x(root, name: str) -> float:
    """Return the middle x (pt) of the printed hex name ``name`` on the pod page."""
    page = pdfium.PdfDocument(str(root / "out" / "shift" / "board-pod.pdf"))[0]
    chars = page.get_textpage()
    text = chars.get_text_range()
    index = text.index(name)
    left = chars.get_charbox(index)[0]
    right = chars.get_charbox(index + len(name) - 1)[2]
    return (left + right) / 2


def build(tmp_path, shift: str):
    root = write_files(tmp_path, {"data/shift/game.yaml": GAME,
                                  "data/shift/board.yaml": BOARD.format(shift=shift)})
    args = ["--project", str(root), "build", "shift", "-q", "-p", "pod",
            "--out", str(root / "out")]
    return root, run_cli(*args, cwd=root)


def test_shift_moves_the_hexes_right_by_the_length_given(tmp_path):
    root, result = build(tmp_path / "centred", "0mm")
    assert result.exit_code == 0, result.output
    centred = glyph_x(root, "B2")
    root, result = build(tmp_path / "shifted", "-10mm")
    assert result.exit_code == 0, result.output
    assert glyph_x(root, "B2") - centred == pytest.approx(-10 * MM, abs=0.3)


def test_a_shift_the_face_cannot_hold_is_a_finding(tmp_path):
    root, result = build(tmp_path, "60mm")
    assert result.exit_code == 2, result.output
    assert "board.yaml:" in result.output and "shift" in result.output, result.output
    assert "Traceback" not in result.output
