"""Reavers of Midgard at the table (issue 34), measured in the printed board: no line of text
lies across a glue seam of the home tiling, so no word is cut when the tiles are glued."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

MM = 72 / 25.4
# The A4 and Letter tilings split the 600 mm board (with its 3.175 mm bleed) into four equal
# columns: vertical glue seams 148.4, 300 and 451.6 mm from the trimmed board's left edge.
SEAMS_MM = (148.4, 300.0, 451.6)


def _lines(page) -> list[tuple[str, float, float]]:
    """Return (text, left mm, right mm) of every run of printed text of ``page``, from the trim
    edge: a run ends at a line break or a gap wider than 4 mm (texts side by side)."""
    text = page.get_textpage()
    whole = text.get_text_range()
    trim_left = page.get_trimbox()[0]
    runs, run = [], []
    for at in range(len(whole) + 1):
        box = text.get_charbox(at) if at < len(whole) and whole[at] not in "\r\n" else None
        if run and (box is None or box[0] - run[-1][1][2] > 4 * MM
                    or box[2] < run[-1][1][0]):
            inked = [b for ch, b in run if not ch.isspace()]
            if inked:
                runs.append(("".join(ch for ch, _ in run),
                             (min(b[0] for b in inked) - trim_left) / MM,
                             (max(b[2] for b in inked) - trim_left) / MM))
            run = []
        if box is not None and not (whole[at].isspace() and not run):
            if whole[at].isspace():
                run.append((whole[at], (run[-1][1][2],) * 4))
            else:
                run.append((whole[at], box))
    return runs


@pytest.mark.slow
def test_no_board_text_lies_across_a_glue_seam(built):
    page = pdfium.PdfDocument(str(built("reavers-of-midgard", "board", "pod")))[0]
    lines = _lines(page)
    assert any("Raid Villages" in line for line, _, _ in lines)
    crossing = [(line, round(left), round(right)) for line, left, right in lines
                for seam in SEAMS_MM if left < seam < right]
    assert crossing == []


@pytest.mark.slow
def test_the_rulebooks_gaps_print_as_this_editions_rulings(built):
    """Issue 34's Reavers findings, each printed on the Clarifications cards."""
    pages = pdfium.PdfDocument(str(built("reavers-of-midgard", "clarifications", "a4")))
    printed = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pages)
    for finding in ("Only to a face that die has",                       # Ivar, Gunnhild
                    "A stored die keeps its face",                       # dice on Artifacts
                    "drawn by a Treasure Galley or Highland tile",       # Walls from tiles
                    "Keep Walls and Towers are not treasures",           # Fafnir's Hoard
                    "the card goes to your Glory pile and scores nothing",  # Ship Upgrade card
                    "2 a space",                                         # 12 tokens, 6 spaces
                    "From the active player clockwise: pay",             # raid order
                    "Tied for most: each 8, no second",                  # Fortification ties
                    "take nothing there and Prepare instead"):           # short displays
        assert finding in printed, finding
