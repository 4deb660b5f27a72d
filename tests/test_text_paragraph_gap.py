"""The text element's paragraph_gap: a blank line between paragraphs becomes that gap (measured
between baselines in the built PDF), single newlines keep even line spacing, and the gap counts
when the text is fitted to its box."""

from __future__ import annotations

import pypdfium2 as pdfium

from conftest import run_cli
from layout_fakes import measure

MM = 72 / 25.4
GAME = "id: gap\nname: Gap\ncomponents: [cards]\n"
CARDS = """id: cards
title: Cards
kind: cards
front: gap-front
profiles: [pod]
items:
  - {name: A}
"""
TEXT = """  - {type: text, x: 5mm, y: 5mm, w: 50mm, h: %s, size: 10, leading: 1.2, %s
     text: "Tab\\n\\nTen\\nTop\\n\\n\\nTin"}
"""


def build(tmp_path, extra: str, h: str = "60mm"):
    """Build one card whose text has the given extra fields; return (exit code, output)."""
    (tmp_path / "data/gap").mkdir(parents=True, exist_ok=True)
    (tmp_path / "templates").mkdir(exist_ok=True)
    (tmp_path / "data/gap/game.yaml").write_text(GAME)
    (tmp_path / "data/gap/cards.yaml").write_text(CARDS)
    (tmp_path / "templates/gap-front.yaml").write_text(
        "size: poker\nelements:\n" + TEXT % (h, extra))
    result = run_cli("--project", str(tmp_path), "build", "gap", "-p", "pod")
    return result.exit_code, result.output


def t_bottoms(tmp_path) -> list[float]:
    """Return the bottom (points, page y) of every capital T on the first page, top first."""
    pdf = pdfium.PdfDocument(str(next((tmp_path / "out").rglob("cards-*pod*.pdf"))))
    text = pdf[0].get_textpage()
    chars = [text.get_text_range(i, 1) for i in range(text.count_chars())]
    return [text.get_charbox(i)[1] for i, c in enumerate(chars) if c == "T"]


def steps(bottoms):
    """Return the distances between neighbouring baselines."""
    return [round(a - b, 2) for a, b in zip(bottoms, bottoms[1:])]


def test_blank_lines_become_the_paragraph_gap(tmp_path):
    code, output = build(tmp_path, "paragraph_gap: 4mm,")
    assert code == 0, output
    line, gap = 12.0, 4 * MM  # 10 pt at leading 1.2
    # Tab | gap | Ten, Top one line apart | two blank lines: still one gap | Tin
    assert steps(t_bottoms(tmp_path)) == [round(line + gap, 2), line, round(line + gap, 2)]


def test_without_a_gap_a_blank_line_stays_an_empty_line(tmp_path):
    code, output = build(tmp_path, "")
    assert code == 0, output
    assert steps(t_bottoms(tmp_path)) == [24.0, 12.0, 36.0]


def test_the_gap_counts_when_the_text_is_fitted(tmp_path):
    # 4 lines at 10 pt: 3 x 12 + 10 = 46 pt = 16.2 mm; two 4 mm gaps make it 24.2 mm
    code, _ = build(tmp_path, "paragraph_gap: 4mm,", h="20mm")
    assert code != 0
    code, output = build(tmp_path, "paragraph_gap: 4mm,", h="24.5mm")
    assert code == 0, output


def test_a_word_glued_to_an_icon_wraps_whole_and_never_overruns_the_box():
    # "(none left: 2 :food:)." ran 1 mm past a Ship Upgrade card's text box: the ")." glued to
    # the icon was set on the line even when it overflowed
    from sheetgen.fill.textlayout import layout, parse

    lay = layout(parse("ab cd :food:)."), 45, 100, measure, 10, 10)
    lines = [[run.text for run, _ in line.runs] for line in lay.lines]
    assert lines == [["ab", "cd"], ["food", ")."]]
    assert all(line.width <= 45 for line in lay.lines)
    assert lay.lines[1].runs[0][1] == 0  # the carried word starts its line
    # a glued word wider than the line does not fit at this size: the size shrinks
    assert layout(parse("abcdef:food:)."), 45, 100, measure, 10, 6).size < 10
