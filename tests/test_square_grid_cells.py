"""A square grid's cells: an icon sized by ``icon_scale``, a cell's own ``fill`` and its
``hatch`` lines (Rolling Thunder's dark squares in their sector's shade, hatched for a faint
printer, with figures small enough to leave room for a pen X). Read from the rendered page."""

from __future__ import annotations

import pypdfium2 as pdfium

from conftest import run_cli, write_files

GAME = "id: grid\nname: Grid Test\ncomponents: [board]\n"
TEMPLATE = """\
width: 100mm
height: 60mm
elements:
  - id: grid
    type: square_grid
    x: 10mm
    y: 10mm
    w: 80mm
    h: 40mm
    cols: 4
    rows: 2
    light: white
    shades: ["#...", "...."]
    icon_scale: {scale}
    hatch_gap: 2mm
    hatch_width: 0.4mm
    cells:
      - {{at: [1, 1], fill: "#a9c4e8", hatch: "#2e6fb7"}}
      - {{at: [2, 1], fill: "#f6e7ae"}}
      - {{at: [3, 1], icon: troll, color: ink}}
"""
BOARD = "id: board\ntitle: Board\nkind: board\nsides:\n  - id: a\n    template: grid-board\n"
PX = 150 / 25.4   # pixels per mm at 150 dpi


def _render(tmp_path, scale: float):
    root = write_files(tmp_path / str(scale), {
        "data/grid/game.yaml": GAME, "data/grid/board.yaml": BOARD,
        "templates/grid-board.yaml": TEMPLATE.format(scale=scale)})
    result = run_cli("--project", str(root), "build", "grid", "-q", "-p", "pod", "--out",
                     str(root / "out"), cwd=root)
    assert result.exit_code == 0, result.output
    page = pdfium.PdfDocument(str(root / "out" / "grid" / "board-pod.pdf"))[0]
    image = page.render(scale=150 / 72).to_pil().convert("RGB")
    bleed = (image.width / PX - 100) / 2   # the trim's offset on the bled page, in mm
    return image, bleed


def _cell(image, bleed: float, col: int, row: int):
    """Grid square (col, row) from 1, 1 mm inside its lines: 20 mm squares from 10, 10 mm."""
    left, top = bleed + 10 + (col - 1) * 20 + 1, bleed + 10 + (row - 1) * 20 + 1
    return image.crop((round(left * PX), round(top * PX), round((left + 18) * PX),
                       round((top + 18) * PX)))


def test_a_cell_fill_replaces_the_grid_shade_and_hatch_lines_cross_it(tmp_path):
    image, bleed = _render(tmp_path, 0.78)
    hatched = list(_cell(image, bleed, 1, 1).get_flattened_data())
    # the cell's fill (pale blue) where the grid's dark grey would be, and darker blue lines
    pale = [p for p in hatched if abs(p[0] - 0xa9) < 6 and abs(p[2] - 0xe8) < 6]
    lines = [p for p in hatched if p[2] - p[0] > 80 and p[2] < 200]
    assert len(pale) / len(hatched) > 0.5, len(pale) / len(hatched)
    assert 0.08 < len(lines) / len(hatched) < 0.4, len(lines) / len(hatched)
    filled = list(_cell(image, bleed, 2, 1).get_flattened_data())  # a light square, own fill
    assert all(abs(p[0] - 0xf6) < 4 and abs(p[2] - 0xae) < 4 for p in filled)
    assert all(p == (255, 255, 255) for p in _cell(image, bleed, 4, 1).get_flattened_data())


def test_icon_scale_sizes_the_cells_icons(tmp_path):
    def ink(scale):
        image, bleed = _render(tmp_path, scale)
        cell = _cell(image, bleed, 3, 1).convert("L")
        return sum(p < 128 for p in cell.get_flattened_data())

    big, small = ink(0.78), ink(0.5)
    # the area goes with the square of the scale: (0.5 / 0.78)^2 = 0.41
    assert 0.3 < small / big < 0.52, small / big
