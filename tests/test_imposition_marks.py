"""Imposition that finishes cleanly: board sides one size, nothing printed on the assembled board.

Marks are read from the page content (pypdf): every point of every path and every text
position drawn outside the placed face must lie off the playing surface a tile keeps.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pdfcheck import MM, walk
from sheetgen.impose.imposition.tiling import plan_tiles
from sheetgen.load.profiles import builtin_profiles

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


@pytest.mark.slow
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
    seams = (230.25 * MM,)  # data/ragnarocks/board.yaml seams: (clear of the start hexes)
    for width, height in side_sizes(pod):
        plan = plan_tiles(width, height, 9.0, PAPER(paper), 10 * MM, seams)
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


@pytest.mark.slow
def test_the_page_map_prints_no_text_smaller_than_6_pt(built):
    from sheetgen.checks.pdf_checks import check_pdf

    report = check_pdf(built("ragnarocks", "board", "a4"), min_text=6, cmyk=False, pod=False)
    assert report.chars_below == 0, report.problems


CARD_W, CARD_H = 63.5 * MM, 88.9 * MM


def slug_origins(reader, index):
    """Return (x, y, rotated) of every 6 pt text run drawn on the page itself (the slug)."""
    out, size = [], None
    for op, operands, ctm, clip in walk(reader.pages[index], reader):
        if op == "Tf":
            size = float(operands[1])
        elif op == "Tm" and size == 6 and clip is None:
            a, b = ctm[0], ctm[1]
            x, y = _apply(ctm, float(operands[4]), float(operands[5]))
            out.append((x, y, abs(b) > abs(a)))
    return out


def marks_of(reader, index):
    from pdfcheck import line_segments

    # crop marks are straight ticks of at most 4 mm (the fold line is longer)
    return [s for s in line_segments(reader, index)
            if (s[0] == s[2] or s[1] == s[3]) and abs(s[2] - s[0]) + abs(s[3] - s[1]) < 4.01 * MM]


@pytest.mark.parametrize("profile", ["a4", "letter", "gutterfold-a4"])
def test_crop_marks_only_at_real_card_edges_and_clear_of_the_slug(built, profile):
    from pdfcheck import placements

    reader = PdfReader(built("ragnarocks", "mythology-cards", profile))
    last_fronts = len(reader.pages) - (1 if profile in ("a4", "letter") else 0) - 1
    for index in {0, last_fronts}:
        cards = [(p.x, p.y, p.x + CARD_W, p.y + CARD_H) for p in placements(reader, index)]
        marks = marks_of(reader, index)
        assert marks
        for x0, y0, x1, y1 in marks:
            if x0 == x1:  # a vertical tick: on a card's left or right edge, outside every card
                assert any(abs(x0 - c[0]) < 0.01 or abs(x0 - c[2]) < 0.01 for c in cards)
            else:
                assert any(abs(y0 - c[1]) < 0.01 or abs(y0 - c[3]) < 0.01 for c in cards)
            for c in cards:
                assert not (min(x0, x1) < c[2] and max(x0, x1) > c[0]
                            and min(y0, y1) < c[3] and max(y0, y1) > c[1])
        for sx, sy, rotated in slug_origins(reader, index):
            for x0, y0, x1, y1 in marks:
                if rotated:  # up the left margin from (sx, sy): glyphs span x - 1.7..x + 0.6 mm
                    assert not (sx - 2.7 * MM < max(x0, x1) and min(x0, x1) < sx + 1.6 * MM
                                and max(y0, y1) > sy), (profile, index, sx, (x0, y0, x1, y1))
                else:
                    assert not (sy - 1.6 * MM < max(y0, y1) and min(y0, y1) < sy + 2.7 * MM
                                and max(x0, x1) > sx), (profile, index, sy, (x0, y0, x1, y1))


def test_the_last_sheet_has_no_marks_for_its_empty_slots(built):
    from pdfcheck import placements

    reader = PdfReader(built("ragnarocks", "mythology-cards", "a4"))
    index = len(reader.pages) - 2  # fronts of the last sheet: 5 of 9 slots
    cards = placements(reader, index)
    assert len(cards) == 5
    lowest = min(p.y for p in cards)
    horizontal = {round(y0, 1) for x0, y0, x1, y1 in marks_of(reader, index) if y0 == y1}
    # the cut under the second row exists; nothing marks the empty third row's bottom edge
    assert round(lowest, 1) in horizontal and round(lowest - CARD_H, 1) not in horizontal


def test_abutting_backs_show_no_seam_on_the_cut(built, tmp_path):
    import subprocess

    from PIL import Image

    from pdfcheck import placements

    path = built("ragnarocks", "mythology-cards", "a4")
    backs = placements(PdfReader(path), 1)
    # poppler draws each clipped edge anti-aliased, as many viewers and printer drivers do: two
    # faces clipped at one line leave a light hairline there (pdfium happens to hide it)
    dpi = 97
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "2", "-l", "2", "-gray", str(path),
                    str(tmp_path / "backs")], check=True)
    image = Image.open(next(tmp_path.glob("backs*"))).convert("L")
    scale, height = dpi / 72, image.height
    worst = 0
    for x in sorted({p.x for p in backs})[1:]:
        for y in [p.y + CARD_H * f for p in backs for f in (0.3, 0.5, 0.7)]:
            row = [image.getpixel((int(x * scale) + d, int(height - y * scale)))
                   for d in range(-3, 4)]
            worst = max(worst, max(row) - min(row))
    for y in sorted({p.y for p in backs})[1:]:
        for x in [p.x + CARD_W * f for p in backs for f in (0.3, 0.5, 0.7)]:
            col = [image.getpixel((int(x * scale), int(height - y * scale) + d))
                   for d in range(-3, 4)]
            worst = max(worst, max(col) - min(col))
    assert worst < 12, f"a light seam on the cut: {worst} grey levels"
