"""Imposition that finishes cleanly: board sides one size, nothing printed on the assembled board.

Marks are read from the page content (pypdf): every point of every path and every text
position drawn outside the placed face must lie off the playing surface a tile keeps.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pdfcheck import MM, walk
from sheetgen.imposition.tiling import plan_tiles
from sheetgen.profiles import builtin_profiles

PAPER = builtin_profiles().size


def _apply(ctm, x, y):
    return (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])


def mark_points(reader, index):
    """Return every path point and text origin drawn on the page itself (not clipped)."""
    points = []
    for op, operands, ctm, clip in walk(reader.pages[index], reader):
        if clip is not None:
            continue  # the placed face, and the glue-strip hatching clipped to its strip
        values = [float(v) for v in operands] if op in ("m", "l", "c", "re", "Tm", "Td") \
            else []
        if op in ("m", "l", "c"):
            points += [_apply(ctm, *values[i:i + 2]) for i in range(0, len(values), 2)]
        elif op == "re":
            x, y, w, h = values
            points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
        elif op == "Tm":
            points.append(_apply(ctm, values[4], values[5]))
    return points


def side_sizes(reader):
    return [(float(p.trimbox.width), float(p.trimbox.height)) for p in reader.pages]


def test_both_board_sides_print_at_one_trimmed_size(built):
    pod = PdfReader(built("ragnarocks", "board", "pod"))
    sizes = side_sizes(pod)
    assert len(sizes) == 2 and sizes[0] == pytest.approx(sizes[1])
    width, height = (v / MM for v in sizes[0])
    tiled = PdfReader(built("ragnarocks", "board", "a4"))
    text = tiled.pages[0].extract_text()
    assert f"Side a: {width:.0f} x {height:.0f} mm trimmed, like every side of this board" \
        in text.replace("\n", " ")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_mark_lies_on_the_assembled_playing_surface(built, paper):
    pod = PdfReader(built("ragnarocks", "board", "pod"))
    reader = PdfReader(built("ragnarocks", "board", paper))
    page, checked = 0, 0
    for width, height in side_sizes(pod):
        plan = plan_tiles(width, height, 9.0, PAPER(paper), 10 * MM)
        page += 1  # the page map
        for tile in plan.tiles:
            ox, oy = plan.origin(tile)
            x0, y0, x1, y1 = (ox + tile.trim[0], oy + tile.trim[1], ox + tile.trim[2],
                              oy + tile.trim[3])
            inside = [(round(x), round(y)) for x, y in mark_points(reader, page)
                      if x0 + 0.5 < x < x1 - 0.5 and y0 + 0.5 < y < y1 - 0.5]
            assert inside == [], f"page {page + 1}, tile {tile.label}: marks at {inside[:5]}"
            checked += len(mark_points(reader, page))
            page += 1
    assert page == len(reader.pages)
    assert checked > 100  # the tiles do carry marks (ticks, diamonds, labels) in the margins


def test_the_page_map_prints_no_text_smaller_than_6_pt(built):
    from sheetgen.checks.pdf_checks import check_pdf

    report = check_pdf(built("ragnarocks", "board", "a4"), min_text=6, cmyk=False, pod=False)
    assert report.chars_below == 0, report.problems
