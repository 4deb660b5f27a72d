"""The seam check: no text crosses the glue seam of a board tiled over home pages."""

from __future__ import annotations

import re

from pypdf import PdfReader

from conftest import run_cli, write_files
from pdfcheck import MM, page_chars, text_box

GAME = "id: seams\nname: Seam Test\ncomponents: [board]\n{checks}"
BOARD = """\
id: board
title: Test board
kind: board
profiles: [a4, pod]
sides:
  - id: main
    template: wide
"""
# 420 x 200 mm with 3 mm bleed: on A4 portrait (182 mm of room across, 10 mm of glue strip)
# three columns of tiles, the seams 142 mm apart: 139 mm and 281 mm from the left trim edge
TEMPLATE = """\
width: 420mm
height: 200mm
bleed: 3mm
elements:
  - {{id: bg, type: box, x: -3mm, y: -3mm, w: 426mm, h: 206mm, fill: parchment}}
  - {{id: banner, type: text, x: {x}, y: 20mm, w: 80mm, h: 12mm, text: "Raid the Villages",
      size: 14, align: center}}
  - {{id: corner, type: text, x: 10mm, y: 150mm, w: 60mm, h: 10mm, text: "Left alone"}}
"""


def project(tmp_path, x: str, checks: str = "print_checks: {seams: true}\n"):
    return write_files(tmp_path, {"data/seams/game.yaml": GAME.format(checks=checks),
                                  "data/seams/board.yaml": BOARD,
                                  "templates/wide.yaml": TEMPLATE.format(x=x)})


def build(root, profile: str = "a4"):
    return run_cli("--project", str(root), "build", "seams", "-p", profile, "-q", "--out",
                   str(root / "out"), cwd=root)


def test_a_banner_across_a_seam_fails_naming_element_text_and_seam(tmp_path):
    root = project(tmp_path, "100mm")  # 100-180 mm: over the seam at 139 mm
    result = build(root)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    line = TEMPLATE.splitlines().index(next(
        row for row in TEMPLATE.splitlines() if "id: banner" in row)) + 1
    found = re.search(rf"templates/wide\.yaml:{line}: \(banner\): text \"Raid the Villages\" "
                      r"crosses the glue seam between tiles C1 and C2 of board in profile a4 "
                      r"\(the vertical seam 139 mm from the board's left edge\)",
                      result.output)
    assert found, result.output
    assert "corner" not in result.output  # its text lies on one tile
    assert not (root / "out" / "seams" / "board-a4.pdf").exists()


def test_the_same_banner_on_one_tile_passes(tmp_path):
    root = project(tmp_path, "40mm")  # 40-120 mm: on the first tile
    result = build(root)
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "seams" / "board-a4.pdf"
    reader = PdfReader(pdf)
    assert "page map (1 x 3 tiles, portrait" in reader.pages[0].extract_text()
    # the first tile prints the banner whole, left of its seam: the tile's art starts 14 mm
    # from the paper's left edge (6 mm margin, 8 mm mark zone) at the bleed, 3 mm left of the
    # trim, so the seam at 139 mm from the trim is 14 + 3 + 139 = 156 mm from the paper's edge
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(pdf))[1]
    text, boxes = page_chars(page)
    left, _, right, _ = text_box(text, boxes, "Raid the Villages")
    assert right < 156 * MM and left > 17 * MM, (left / MM, right / MM)


def test_the_check_is_off_unless_the_game_turns_it_on(tmp_path):
    root = project(tmp_path, "100mm", checks="")
    result = build(root)
    assert result.exit_code == 0, result.output


def test_a_board_printed_whole_has_no_seam(tmp_path):
    root = project(tmp_path, "100mm")
    result = build(root, "pod")
    assert result.exit_code == 0, result.output
