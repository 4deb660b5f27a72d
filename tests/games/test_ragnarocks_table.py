"""Ragnarocks at the table (issue 34, "Ragnarocks (2, side B)"): each finding of the table that
played side B, asserted on the printed PDFs."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
from pypdf import PdfReader

from pdfcheck import MM


def page_text(path, page: int) -> str:
    return " ".join(PdfReader(path).pages[page].extract_text().split())


def test_side_b_prints_row_letters_and_places_on_its_rim(built):
    # finding: "coordinates on the board rim". The pod print of side B (page 2): every row
    # letter A-K at both ends of its row, at board size (9 pt and more), beside the hex names.
    document = pdfium.PdfDocument(str(built("ragnarocks", "board", "pod")))
    chars = document[1].get_textpage()
    letters: dict[str, int] = {}
    text = chars.get_text_range() + " "
    for index in range(chars.count_chars()):
        char = text[index]
        size = pdfium.raw.FPDFText_GetFontSize(chars.raw, index)
        if char in "ABCDEFGHIJK" and size >= 9:
            if not text[index + 1].isdigit():  # a rim letter, not the "A" of a hex name "A2"
                letters[char] = letters.get(char, 0) + 1
    assert all(letters.get(row, 0) >= 2 for row in "ABCDEFGHIJK"), letters


def test_the_page_map_lists_the_coordinates_of_each_tile(built):
    # finding: "coordinates on ... the page map": under each tile of the A4 print, the rows and
    # places whose hexes it holds, so "E7" leads to its page
    pdf = built("ragnarocks", "board", "a4")
    maps = {}
    for page in range(len(PdfReader(pdf).pages)):
        tiles = re.findall(r"(R\d·C\d) ([A-K])–([A-K]) · (\d+)–(\d+)", page_text(pdf, page))
        if tiles:
            maps[page] = {t[0]: t[1:] for t in tiles}
    side_a, side_b = maps.values()
    # side A: rows A-I, places 1-11; side B: rows A-K, places 1-12; two rows of tiles
    assert side_a["R1·C1"][0] == "A" and side_a["R2·C2"][1] == "I", side_a
    assert side_b["R1·C1"][0] == "A" and side_b["R2·C2"][1] == "K", side_b
    assert side_a["R2·C2"][3] == "11" and side_b["R2·C2"][3] == "12"
    assert all(len(m) == 4 for m in (side_a, side_b))


def test_no_text_crosses_the_glue_seam_of_the_tiled_board(built, project):
    # finding: "a side-B banner crosses a seam". The seam check is on for the game (a build with
    # a text across a seam fails), and on the pod print no text glyph straddles the vertical
    # middle of either side, where the A4 and Letter tilings put their glue seam.
    assert "seams: true" in (project.root / "data/ragnarocks/game.yaml").read_text()
    document = pdfium.PdfDocument(str(built("ragnarocks", "board", "pod")))
    for page in document:
        width = page.get_width()
        bleed = 3.175 * MM
        seam = bleed + (width - 2 * bleed) / 2
        chars = page.get_textpage()
        for index in range(chars.count_chars()):
            left, _, right, _ = chars.get_charbox(index)
            if chars.get_text_range(index, 1).strip():
                assert not (left < seam - 0.1 and right > seam + 0.1), (
                    chars.get_text_range(max(0, index - 5), 10))
