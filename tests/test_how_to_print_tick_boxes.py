"""The How-to-print checklist ticks off in drawn boxes a pencil fits, each on its line.

Every game's contents checklist opened each line with the "□" text glyph, about 2 mm and
typed-looking. Read from the built page with pypdf: the squares the page draws under the
checklist's title, one per checklist line of the game's data, each at least 3.5 mm a side
and all of one size, its middle on the middle of the capitals (the font's cap height, from the
PDF's font descriptor) of the line it opens, left of the line's first word.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO

pytestmark = pytest.mark.slow  # every game's page, rasterised

MM = 72 / 25.4
GAMES = ["ragnarocks", "reavers-of-midgard", "roll-and-might", "roll-and-raid",
         "rolling-thunder"]
PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


@dataclass(frozen=True)
class Run:
    """A piece of text on the page: its words, where its baseline starts, its size and the
    height of its font's capitals (points)."""

    text: str
    x: float
    y: float
    cap: float


def _at(matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = (float(v) for v in matrix)
    return a * x + c * y + e, b * x + d * y + f


def page_drawing(path) -> tuple[list[tuple[float, float, float, float]], list[Run]]:
    """Return the bounds (left, bottom, right, top; points) of every painted path on the first
    page, and its text runs."""
    page = PdfReader(path).pages[0]
    shapes, points = [], []

    def operation(op, args, cm, tm):
        if op in (b"m", b"l", b"c"):
            values = [float(v) for v in args]
            points.extend(_at(cm, *values[i:i + 2]) for i in range(0, len(values), 2))
        elif op == b"re":
            x, y, w, h = (float(v) for v in args)
            points.extend([_at(cm, x, y), _at(cm, x + w, y + h)])
        elif op in PAINT or op == b"n":
            if points and op != b"n":
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                shapes.append((min(xs), min(ys), max(xs), max(ys)))
            points.clear()

    runs = []

    def text(words, cm, tm, font, size):
        if not words.strip() or font is None:
            return
        descriptor = font.get("/FontDescriptor")
        cap = float(descriptor.get_object()["/CapHeight"]) if descriptor else 700.0
        scale = float(tm[3]) * float(cm[3])
        x, y = _at(cm, float(tm[4]), float(tm[5]))
        runs.append(Run(words.strip(), x, y, cap / 1000 * size * scale))

    page.extract_text(visitor_operand_before=operation, visitor_text=text)
    return shapes, runs


def checklist_lines(game: str) -> int:
    """Return how many lines the game's data gives its contents checklist."""
    data = yaml.safe_load((REPO / "data" / game / "how-to-print.yaml").read_text("utf-8"))
    found = []

    def visit(node):
        if isinstance(node, dict):
            if "checklist" in node:
                found.append(node["checklist"])
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(data)
    assert len(found) == 1, game
    return len(found[0])


@pytest.mark.parametrize("game", GAMES)
def test_each_checklist_line_opens_with_a_pencil_sized_box_on_its_middle(built, game):
    shapes, runs = page_drawing(built(game, "how-to-print", "a4"))
    title = next(r for r in runs if r.text.startswith("6 · Contents"))
    ticks = [s for s in shapes if s[3] < title.y
             and 3 * MM <= s[2] - s[0] <= 6 * MM and abs((s[2] - s[0]) - (s[3] - s[1])) < 0.2 * MM]
    assert len(ticks) == checklist_lines(game), (
        f"{game}: {len(ticks)} drawn tick boxes for {checklist_lines(game)} checklist lines")
    sides = {round((s[2] - s[0]) / MM, 2) for s in ticks}
    assert len(sides) == 1 and min(sides) >= 3.5, f"{game}: tick boxes of {sides} mm"
    for left, bottom, right, top in ticks:
        middle = (bottom + top) / 2
        # the line the box opens: the nearest run starting right of the box, within 4 mm
        beside = [r for r in runs if right < r.x < right + 4 * MM and abs(r.y - middle) < 5 * MM]
        assert beside, f"{game}: no line beside the box at {middle / MM:.1f} mm"
        first = min(beside, key=lambda r: (abs(r.y + r.cap / 2 - middle), r.x))
        off = (middle - (first.y + first.cap / 2)) / MM
        assert abs(off) <= 0.3, (f"{game}: the box by {first.text!r} is {off:+.2f} mm off "
                                 "the middle of its capitals")
