"""Property-based tests (hypothesis) of the geometry every face relies on: SVG path data,
text layout, hex grids and the card grid's slots."""

from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.fill import hexgrid
from sheetgen.impose.imposition.card_grid import Grid, grid_for
from sheetgen.impose.imposition.common import LayoutError
from sheetgen.fill.svgpath import parse_path
from sheetgen.fill.textlayout import TextFitError, layout, parse

coords = st.floats(min_value=-500, max_value=500, allow_nan=False).map(lambda v: round(v, 3))
points = st.tuples(coords, coords)


def _fmt(value: float) -> str:
    return f"{value:.3f}"


# ---- svgpath -------------------------------------------------------------------------------

@given(st.lists(points, min_size=1, max_size=12), st.booleans())
def test_absolute_polylines_come_back_exactly(corners, closed):
    d = "M " + " L ".join(f"{_fmt(x)} {_fmt(y)}" for x, y in corners) + (" Z" if closed else "")
    commands = parse_path(d)
    assert [c[1:] for c in commands if c[0] in "ML"] == [(x, y) for x, y in corners]
    assert commands[0][0] == "M" and (commands[-1] == ("Z",)) == closed


@given(points, st.lists(points, min_size=1, max_size=12))
def test_relative_moves_sum_to_the_absolute_ones(start, steps):
    d = f"M {_fmt(start[0])} {_fmt(start[1])} " + " ".join(
        f"l {_fmt(dx)} {_fmt(dy)}" for dx, dy in steps)
    ends = [c[1:] for c in parse_path(d) if c[0] == "L"]
    x, y = start
    for (dx, dy), end in zip(steps, ends, strict=True):
        x, y = x + dx, y + dy
        assert abs(end[0] - x) < 1e-6 and abs(end[1] - y) < 1e-6


@given(points, st.floats(1, 200), st.floats(1, 200), st.booleans(), st.booleans(), points)
def test_an_arc_ends_exactly_where_it_says(start, rx, ry, large, sweep, end):
    d = (f"M {_fmt(start[0])} {_fmt(start[1])} A {rx:.3f} {ry:.3f} 0 {int(large)} "
         f"{int(sweep)} {_fmt(end[0])} {_fmt(end[1])}")
    last = parse_path(d)[-1]
    assert last[0] in "CL"
    assert abs(last[-2] - end[0]) < 1e-6 and abs(last[-1] - end[1]) < 1e-6


# ---- textlayout ----------------------------------------------------------------------------

words = st.text(alphabet="abcdefghij", min_size=1, max_size=8)


def _measure(text: str, bold: bool, size: float) -> float:
    """A monospaced font: each character 0.6 em (bold 0.65 em)."""
    return len(text) * size * (0.65 if bold else 0.6)


def _greedy_height(text_words: list[str], width: float, size: float) -> float:
    """Height of the words wrapped greedily at ``size`` (leading 1.2), worked out here."""
    lines, x = 1, 0.0
    for word in text_words:
        w = _measure(word, False, size)
        if x and x + _measure(" ", False, size) + w > width + 0.01:
            lines, x = lines + 1, w
        else:
            x += (_measure(" ", False, size) if x else 0.0) + w
    return (lines - 1) * size * 1.2 + size


@given(st.lists(words, min_size=1, max_size=30), st.floats(20, 300), st.floats(10, 300),
       st.floats(6, 14))
@settings(max_examples=200)
def test_a_layout_fits_its_box_or_says_it_cannot(text_words, width, height, size):
    paragraphs = parse(" ".join(text_words))
    try:
        result = layout(paragraphs, width, height, _measure, size, 6.0)
    except TextFitError:
        # not even 6 pt fits: a word is wider than the box, or greedy lines are too many
        assert (max(_measure(w, False, 6.0) for w in text_words) > width + 0.01
                or _greedy_height(text_words, width, 6.0) > height + 0.01)
        return
    assert 6.0 <= result.size <= size
    assert result.height <= height + 0.01
    for line in result.lines:
        assert line.width <= width + 0.01
    laid = [run.text for line in result.lines for run, _ in line.runs]
    assert laid == text_words  # every word once, in order


# ---- hexgrid -------------------------------------------------------------------------------

@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 5))
def test_hexagons_from_closing_edges_have_those_edges(a, b, shrink):
    # a hexagon on a hex grid: opposite sides differ by one same amount
    # a - d == c - f == e - b == k: choose a, b, c and k, the rest follows
    c, k = max(1, a - shrink), a - max(1, a - shrink)
    edges = [a, b, c, a - k, b + k, c - k]
    if min(edges) < 1:
        return
    assert hexgrid.edges_problem(edges) is None
    cells = hexgrid.shape_from_edges(edges)
    assert len(set(cells)) == len(cells)
    assert hexgrid.side_lengths(cells) == edges


@given(st.floats(1, 200), st.floats(-500, 500), st.floats(-500, 500), st.booleans())
def test_a_hexagon_is_regular(r, cx, cy, pointy):
    corners = hexgrid.hexagon(cx, cy, r, pointy)
    sides = [math.dist(corners[i], corners[(i + 1) % 6]) for i in range(6)]
    assert all(abs(s - r) < 1e-6 * max(1, r) for s in sides)
    assert all(abs(math.dist(p, (cx, cy)) - r) < 1e-6 * max(1, r) for p in corners)
    across = hexgrid.circumradius(r * math.sqrt(3))
    assert abs(across - r) < 1e-9 * max(1, r)


@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=20,
                unique=True), st.booleans(), st.floats(20, 600), st.floats(20, 600))
def test_a_board_sized_to_fit_fits(cells, pointy, width, height):
    size = hexgrid.size_to_fit(cells, pointy, width, height)
    w, h = hexgrid.Layout(pointy, size).extent(cells)
    assert w <= width * (1 + 1e-9) and h <= height * (1 + 1e-9)
    assert abs(w - width) < 1e-6 * width or abs(h - height) < 1e-6 * height  # the largest


# ---- grid slots ----------------------------------------------------------------------------

@given(st.integers(1, 8), st.integers(1, 8), st.floats(20, 200), st.floats(20, 200),
       st.floats(0, 100), st.floats(0, 100), st.floats(0, 10))
def test_slots_tile_the_grid_and_backs_mirror_them(cols, rows, w, h, x0, y0, gap):
    grid = Grid(cols, rows, w, h, x0, y0, gap)
    fronts = [grid.slot(i) for i in range(cols * rows)]
    assert len(set(fronts)) == cols * rows  # every slot its own place
    for x, y in fronts:
        assert grid.x0 - 1e-9 <= x and x + w <= grid.x1 + 1e-6
        assert grid.y0 - 1e-9 <= y and y + h <= grid.y1 + 1e-6
    assert fronts[0][1] == max(y for _, y in fronts)  # slot 0 is the top-left
    for i, (x, y) in enumerate(fronts):
        bx, by = grid.slot(i, "long-edge")
        assert by == y and abs((bx - grid.x0) - (grid.x1 - (x + w))) < 1e-6  # columns mirrored
        sx, sy = grid.slot(i, "short-edge")
        assert sx == x and abs((sy - grid.y0) - (grid.y1 - (y + h))) < 1e-6  # rows mirrored
        assert grid.slot(i + cols * rows) == (x, y)  # the next page starts over


@given(st.floats(100, 900), st.floats(100, 900), st.floats(20, 300), st.floats(20, 300),
       st.floats(0, 10))
def test_the_card_grid_is_the_largest_that_fits_and_is_centred(pw, ph, w, h, bleed):
    profile = SimpleNamespace(name="test", page=(pw, ph), grid_area=(pw, ph))
    try:
        grid = grid_for(profile, w, h, bleed)
    except LayoutError:
        assert w + 2 * bleed > pw or h + 2 * bleed > ph
        return
    assert grid.cols * w + 2 * bleed <= pw + 1e-6 and grid.rows * h + 2 * bleed <= ph + 1e-6
    assert (grid.cols + 1) * w + 2 * bleed > pw and (grid.rows + 1) * h + 2 * bleed > ph
    assert abs(grid.x0 - (pw - grid.x1)) < 1e-6 and abs(grid.y0 - (ph - grid.y1)) < 1e-6
