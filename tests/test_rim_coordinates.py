"""Rim coordinates: a hex or square board prints its row letters and column numbers on its rim,
at board size (9 pt), and a tiled print's page map lists the coordinates each tile covers."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader

from conftest import run_cli, write_files
from pdfcheck import MM

GAME = "id: rim\nname: Rim Test\ncomponents: [board]\n"
HEX_BOARD = """\
id: board
title: Board
kind: board
every_side:
  orientation: pointy
  hex_size: 40mm
  coordinates: {coordinates}
sides:
  - id: a
    title: Rim test
    edges: [3, 3, 3, 3, 3, 3]
"""
GRID_TEMPLATE = """\
width: 240mm
height: 200mm
elements:
  - id: grid
    type: square_grid
    x: 10mm
    y: 10mm
    w: 220mm
    h: 180mm
    cols: 5
    rows: 4
    coordinates: rim
"""
GRID_BOARD = """\
id: board
title: Board
kind: board
sides:
  - id: a
    template: grid-board
"""
RIM = "ABCDE12345"


def build(root, *profiles):
    args = ["--project", str(root), "build", "rim", "-q", "--out", str(root / "out")]
    for profile in profiles:
        args += ["-p", profile]
    result = run_cli(*args, cwd=root)
    assert result.exit_code == 0, result.output
    return root / "out" / "rim"


def rim_glyphs(path, page: int = 0) -> dict[str, list[tuple[float, float, float, float, float]]]:
    """Return every glyph of RIM on the page: char -> [(left, bottom, right, top, size)]."""
    document = pdfium.PdfDocument(str(path))
    chars = document[page].get_textpage()
    out: dict[str, list] = {}
    for index in range(chars.count_chars()):
        char = chars.get_text_range(index, 1)
        if char in RIM:
            size = pdfium_raw.FPDFText_GetFontSize(chars.raw, index)
            out.setdefault(char, []).append((*chars.get_charbox(index), size))
    return out


def test_a_hex_board_prints_row_letters_and_places_on_its_rim(tmp_path):
    root = write_files(tmp_path, {"data/rim/game.yaml": GAME,
                                  "data/rim/board.yaml": HEX_BOARD.format(coordinates="rim")})
    glyphs = rim_glyphs(build(root, "pod") / "board-pod.pdf")
    # the board has rows A-E (3, 4, 5, 4, 3 hexes): each letter twice, on the same line, at
    # both ends of its row; the places 1-3 above row A and below row E
    assert sorted(glyphs) == sorted(RIM[:5] + "123"), glyphs
    for char, found in glyphs.items():
        assert len(found) == 2, (char, found)
        assert all(size >= 9 for *_, size in found), (char, found)  # board text: 9 pt
    rows = [glyphs[letter] for letter in "ABCDE"]
    for (left, right) in rows:
        assert left[1] == pytest.approx(right[1], abs=0.2)  # the same baseline
        assert left[2] < right[0]
    # rows 1.5 circumradii apart (40 mm across flats), A at the top
    radius = 40 * MM / 3 ** 0.5
    lines = [row[0][1] for row in rows]
    assert all(a - b == pytest.approx(1.5 * radius, abs=0.3) for a, b in zip(lines, lines[1:]))
    # the rows widen to C and narrow again: the left letters step out by half a hex and back
    lefts = [row[0][2] for row in rows]
    assert lefts[0] - lefts[1] == pytest.approx(20 * MM, abs=1) and lefts[2] < lefts[1]
    assert lefts[3] == pytest.approx(lefts[1], abs=1) and lefts[4] == pytest.approx(lefts[0],
                                                                                     abs=1)
    # the places: one hex (40 mm) apart, above row A's letters and below row E's
    ones, twos = glyphs["1"], glyphs["2"]
    top = max(ones, key=lambda box: box[1])
    assert top[1] > rows[0][0][3] + radius * 0.5
    assert min(ones, key=lambda box: box[1])[3] < rows[4][0][1] - radius * 0.5
    top_two = max(twos, key=lambda box: box[1])
    assert (top_two[0] + top_two[2]) / 2 - (top[0] + top[2]) / 2 == pytest.approx(40 * MM,
                                                                                   abs=0.5)
    # row A's left letter stands clear of its first hex (the hex's left flat is 20 mm left of
    # the centre its place number stands over)
    assert rows[0][0][2] < (top[0] + top[2]) / 2 - 20 * MM


def test_coordinates_true_keeps_the_names_inside_the_hexes(tmp_path):
    root = write_files(tmp_path, {"data/rim/game.yaml": GAME,
                                  "data/rim/board.yaml": HEX_BOARD.format(coordinates="true")})
    text = PdfReader(build(root, "pod") / "board-pod.pdf").pages[0].extract_text()
    assert "A1" in text and "E3" in text
    glyphs = rim_glyphs(root / "out" / "rim" / "board-pod.pdf")
    assert all(size < 9 for found in glyphs.values() for *_, size in found)  # 7 pt names


def test_the_page_map_of_a_tiled_board_lists_each_tiles_coordinates(tmp_path):
    root = write_files(tmp_path, {"data/rim/game.yaml": GAME,
                                  "data/rim/board.yaml": HEX_BOARD.format(coordinates="rim")})
    pdf = PdfReader(build(root, "a4") / "board-a4.pdf")
    text = pdf.pages[0].extract_text()
    assert "page map (1 x 2 tiles" in text, text
    # the board (3 hexes in its top and bottom rows, 5 across row C) is cut down the middle:
    # each tile lists the rim marks printed on it (session 12, the reader: "the page map does
    # not match the tiles"): every row letter on both tiles (each row's letter stands at both
    # ends), the places 1 on the left tile and 2-3 on the right (the 2 above the top row's
    # middle hex stands on the seam: a mark on the seam belongs to the tile that starts there)
    ranges = re.findall(r"(R1·C\d)\s+([A-E]–[A-E]) · (\d(?:–\d)?)", text)
    assert ranges == [("R1·C1", "A–E", "1"), ("R1·C2", "A–E", "2–3")], text
    # and the map prints the rim marks themselves, as the tiles do: each row letter twice
    assert all(text.split("R1·C1")[0].split().count(row) == 2 for row in "ABCDE"), text


def test_without_rim_coordinates_the_page_map_lists_none(tmp_path):
    root = write_files(tmp_path, {"data/rim/game.yaml": GAME,
                                  "data/rim/board.yaml": HEX_BOARD.format(coordinates="true")})
    text = PdfReader(build(root, "a4") / "board-a4.pdf").pages[0].extract_text()
    assert "R1·C1" in text and "·" not in text.split("R1·C1")[1].split("R1·C2")[0], text


def test_a_square_grid_prints_letters_and_numbers_on_its_rim(tmp_path):
    root = write_files(tmp_path, {"data/rim/game.yaml": GAME, "data/rim/board.yaml": GRID_BOARD,
                                  "templates/grid-board.yaml": GRID_TEMPLATE})
    glyphs = rim_glyphs(build(root, "pod") / "board-pod.pdf")
    # 4 rows A-D left and right, 5 columns 1-5 above and below, at 9 pt
    assert sorted(glyphs) == sorted("ABCD12345"), glyphs
    assert all(len(found) == 2 and all(box[4] >= 9 for box in found)
               for found in glyphs.values()), glyphs
    cell = min(220 / 5, 180 / 4) * MM  # fitted in the box less the rim bands: at most this
    a, b = sorted(glyphs["A"]), sorted(glyphs["B"])
    assert a[0][1] == pytest.approx(a[1][1], abs=0.2) and a[0][2] < a[1][0]
    step = a[0][1] - b[0][1]  # one row down
    assert 0.8 * cell < step < cell
    one, two = (sorted(glyphs[n], key=lambda box: box[1]) for n in "12")
    assert (two[0][0] + two[0][2]) / 2 - (one[0][0] + one[0][2]) / 2 == pytest.approx(step,
                                                                                     abs=0.3)
    assert one[1][1] > a[0][3] + step / 2 and one[0][3] < a[0][1] - step  # above and below
