"""A longer language wraps words onto more lines instead of shrinking them out of the rules.

- A ``table`` cell of words too wide for its column at its ``min_size`` (7.6 pt by default)
  wraps onto two lines of its row (the How-to-print copies table's headings under qps set at
  7 pt, under the game-text floor); a cell that fits, or shrinks a little, stays one line.
- A ``legend``'s meaning too long for the rest of its line wraps onto a second line of its row
  at the legend's size (Roll & Might's Symbol key shrank a meaning to 7.2 pt under qps).
- The pseudo-translation keeps a symbol (``:symbol/army:``) whole, as it keeps an ``:icon:``
  (it accented it into ``:sýmböl/àrmý:``, printed as words).

Read from the printed PDF with pypdf: each run's text, baseline and size as printed.
"""

from __future__ import annotations

import math

from pypdf import PdfReader

from conftest import run_cli, write_files
from sheetgen.load.strings import placeholders, pseudo

MM = 72 / 25.4
GAME = """id: wrap
name: Wrap
components: [cards]
symbols:
  army: {icon: swords, label: Army, meaning: "Marches west, then east, then home again"}
  tower: {icon: tower, label: Tower, meaning: "One tower"}
"""
CARDS = "id: cards\ntitle: Cards\nkind: cards\nfront: wrap-front\nprofiles: [pod]\n" \
        "items:\n  - {name: A}\n"
FRONT = """size: poker
elements:
  - type: table
    x: 5mm
    y: 5mm
    w: 53mm
    h: 21mm
    size: 8.5
    number_font: label
    widths: [1, 1, 1]
    rows: [["Player aid sets", "Odds", "Clan sheets of paper"], [1, 2, 3], [4, 5, 6]]
  - {type: legend, x: 5mm, y: 32mm, w: 53mm, h: 20mm, size: 8.5}
"""


def runs(path) -> list[tuple[str, float, float]]:
    """Return each text run of page 1 as (text, baseline in mm down the page, size pt)."""
    page = PdfReader(str(path)).pages[0]
    height, found = float(page.mediabox.height), []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), round((height - y) / MM, 2),
                          round(size * math.sqrt(abs(a * d - b * c)), 2)))

    page.extract_text(visitor_text=visit)
    return found


def built(tmp_path):
    write_files(tmp_path, {"data/wrap/game.yaml": GAME, "data/wrap/cards.yaml": CARDS,
                           "templates/wrap-front.yaml": FRONT})
    result = run_cli("--project", str(tmp_path), "build", "wrap", "-p", "pod")
    assert result.exit_code == 0, result.output
    return runs(next((tmp_path / "out").rglob("cards-pod.pdf")))


def test_a_cell_too_wide_wraps_onto_two_lines_at_its_min_size_or_more(tmp_path):
    found = built(tmp_path)
    by_text = {text: (y, size) for text, y, size in found}
    # "Clan sheets of paper" at 7.6 pt is wider than its 17.7 mm column: two lines, each
    # at 7.6 pt or more, one under the other in the header row (7 mm tall)
    first = next(t for t in by_text if t.startswith("Clan"))
    second = next(t for t in by_text if t.endswith("paper") and not t.startswith("Clan"))
    assert f"{first} {second}" == "Clan sheets of paper", found
    (y1, s1), (y2, s2) = by_text[first], by_text[second]
    assert s1 == s2 >= 7.6 and 2 < y2 - y1 < 4, found
    # centred on the row, as the one-line heading beside it is
    assert abs((y1 + y2) / 2 - by_text["Odds"][0]) < 0.2, found
    # a cell that fits stays one line at the table's size
    assert by_text["Odds"][1] == 8.5, found


def test_a_long_meaning_wraps_onto_its_rows_second_line_at_the_legends_size(tmp_path):
    found = built(tmp_path)
    start = next(k for k, (text, _, _) in enumerate(found) if text.startswith("Army"))
    end = next(k for k, (text, _, _) in enumerate(found) if text.endswith("again"))
    army = found[start:end + 1]
    words = " ".join(text for text, _, _ in army)
    assert words.replace("Army ", "Army", 1).startswith("Army") and "home again" in words, army
    assert {size for _, _, size in army} == {8.5}, army  # never shrunk
    assert len({y for _, y, _ in army}) == 2, army  # two lines
    # the short meaning stays on its label's line
    tower = [(text, y) for text, y, _ in found if "ower" in text]
    assert len({y for _, y in tower}) == 1, tower


def test_the_pseudo_translation_keeps_a_symbol_whole():
    text = "Gain 2 :symbol/army: and a :coin:"
    assert placeholders(pseudo(text)) == placeholders(text)
    assert ":symbol/army:" in pseudo(text) and ":coin:" in pseudo(text)
