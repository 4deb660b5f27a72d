"""The ``path`` track: named spaces around a rectangle, a loop or a line, in the order,
direction and places asked; mistakes at the template line."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from docs_examples import first_yaml
from conftest import REPO, run_cli

MM = 72 / 25.4
BLEED = 9.0  # the pod page's bleed around the trim (1/8 in)
GAME = "id: trk\nname: Trk\ncomponents: [boards]\n"
BOARDS = ("id: boards\ntitle: Boards\nkind: cards\nfront: ring\nprofiles: [pod]\n"
          "items:\n  - {name: Board}\n")
NAMES = ["Harbour", "Market", "Forge", "Longhouse", "Temple", "Forest", "Fjord", "Mountain",
         "Meadows", "Shrine", "Farm", "Watchtower"]
RING = """width: 220mm
height: 160mm
elements:
  - type: path
    inset: 10mm
    space: 20mm
    numbers: 1
    spaces: [Harbour, Market, Forge, Longhouse, Temple, Forest, Fjord, Mountain, Meadows,
             Shrine, Farm, Watchtower]
"""


def make(tmp_path, template: str):
    (tmp_path / "data/trk").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "data/trk/game.yaml").write_text(GAME)
    (tmp_path / "data/trk/boards.yaml").write_text(BOARDS)
    (tmp_path / "templates/ring.yaml").write_text(template)
    return tmp_path


def centres(root, words) -> dict[str, tuple[float, float]]:
    """Return the centre of each word's glyphs on the page, in mm from the trim's top-left."""
    doc = pdfium.PdfDocument(str(root / "out/trk/boards-pod.pdf"))
    try:
        page = doc[0]
        height = page.get_height()
        text = page.get_textpage()
        out = {}
        for word in words:
            found = text.search(word, match_case=True, match_whole_word=True).get_next()
            assert found, word
            start, count = found
            boxes = [text.get_charbox(i) for i in range(start, start + count)]
            left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
            bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
            out[word] = (round(((left + right) / 2 - BLEED) / MM, 1),
                         round((height - (bottom + top) / 2 - BLEED) / MM, 1))
        return out
    finally:
        doc.close()


def build(root):
    return run_cli("--project", str(root), "build", "trk", "-p", "pod")


def near(got, want, tolerance=1.2):
    return abs(got[0] - want[0]) <= tolerance and abs(got[1] - want[1]) <= tolerance


def test_twelve_named_spaces_around_a_board(tmp_path):
    root = make(tmp_path, RING)
    result = build(root)
    assert result.exit_code == 0, result.output
    got = centres(root, NAMES)
    # corners on the corners; the long sides take 3 spaces 45 mm apart, the short sides 1
    # (60 mm): the closest spacing 12 spaces allow in a 200 x 140 mm ring of 20 mm spaces
    want = [(20, 20), (65, 20), (110, 20), (155, 20), (200, 20), (200, 80), (200, 140),
            (155, 140), (110, 140), (65, 140), (20, 140), (20, 80)]
    for name, expected in zip(NAMES, want):
        assert near(got[name], expected), (name, got[name], expected)
    numbers = centres(root, [str(n) for n in range(1, 13)])
    for n, expected in zip(range(1, 13), want):   # each number in its space's top-left
        x, y = numbers[str(n)]
        assert expected[0] - 10 < x < expected[0] - 5 and expected[1] - 10 < y < expected[1] - 5


def test_start_corner_and_direction(tmp_path):
    root = make(tmp_path, RING.replace("numbers: 1", "start: bottom-right\n    direction: "
                                       "counterclockwise"))
    assert build(root).exit_code == 0
    got = centres(root, NAMES[:3] + NAMES[-1:])
    assert near(got["Harbour"], (200, 140))      # the start corner
    assert near(got["Market"], (200, 80))        # then up the right side
    assert near(got["Forge"], (200, 20))
    assert near(got["Watchtower"], (155, 140))   # and back along the bottom


def test_no_corner_spaces(tmp_path):
    root = make(tmp_path, RING.replace("numbers: 1", "corners: false").replace(
        ", Meadows,\n             Shrine, Farm, Watchtower", ""))
    assert build(root).exit_code == 0, build(root).output
    got = centres(root, NAMES[:8])
    # 8 spaces, none on a corner: 3 on each long side (45 mm apart) and 1 on each short side
    # (60 mm from the corners), clockwise from the first after the top-left corner
    want = [(65, 20), (110, 20), (155, 20), (200, 80), (155, 140), (110, 140), (65, 140),
            (20, 80)]
    for name, expected in zip(NAMES, want):
        assert near(got[name], expected), (name, got[name], expected)


def test_a_loop_and_a_line(tmp_path):
    root = make(tmp_path, """width: 200mm
height: 120mm
elements:
  - type: path
    shape: loop
    x: 20mm
    y: 20mm
    w: 80mm
    h: 80mm
    space: 12mm
    direction: counterclockwise
    points: [[0, 0], [100%, 0], [100%, 100%], [0, 100%]]
    spaces: [Ka, Kb, Kc, Kd]
  - type: path
    shape: line
    x: 120mm
    y: 20mm
    w: 60mm
    h: 80mm
    space: 10mm
    gap: 5mm
    points: [[0, 0], [0, 100%]]
    spaces: [La, Lb, Lc]
""")
    result = build(root)
    assert result.exit_code == 0, result.output
    got = centres(root, ["Ka", "Kb", "Kc", "Kd", "La", "Lb", "Lc"])
    # counterclockwise from the first point: down the left side first
    assert [near(got[k], p) for k, p in (("Ka", (20, 20)), ("Kb", (20, 100)),
                                         ("Kc", (100, 100)), ("Kd", (100, 20)))] == [True] * 4
    # a line from its first point, 10 mm spaces 5 mm apart
    assert [near(got[k], p) for k, p in (("La", (120, 20)), ("Lb", (120, 35)),
                                         ("Lc", (120, 50)))] == [True] * 3


@pytest.mark.parametrize("change, message", [
    ("space: 20mm", "space: 60mm"),
    ("spaces: [Harbour,", "spaces: [Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm,"),
    ("numbers: 1", "points: [[0, 0], [10mm, 10mm]]"),
])
def test_mistakes_stop_the_build_at_the_template_line(tmp_path, change, message):
    root = make(tmp_path, RING.replace(change, message))
    result = build(root)
    assert result.exit_code == 2, result.output
    assert "ring.yaml:4" in result.output and "Traceback" not in result.output
    assert any(words in result.output for words in (
        "overlap on the", "does not fit", "points are for a loop or a line"))


def test_the_docs_example_is_ten_lines_and_builds(tmp_path):
    example = first_yaml(REPO / "docs/src/how-to/boards-tokens.md",
                         after="### A track around a board")
    track = example[example.index("- type: path"):]
    assert len(track.strip().splitlines()) <= 10
    root = make(tmp_path, example)
    result = build(root)
    assert result.exit_code == 0, result.output
    assert len(centres(root, ["Harbour", "Watchtower"])) == 2
