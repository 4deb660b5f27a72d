"""Look pass, Reavers of Midgard and Ragnarocks: what a player sees on the printed pieces.

Read from the pod profile (one card or board a page, upright) with pypdfium2 and pypdf.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pdfcheck import page_chars

# Every output of the two games that sets sentences of rules text.
RULES_TEXT = [("ragnarocks", "board"), ("ragnarocks", "clarifications"),
              ("ragnarocks", "mythology-cards"), ("ragnarocks", "reference"),
              ("reavers-of-midgard", "clarifications"), ("reavers-of-midgard", "journey-cards"),
              ("reavers-of-midgard", "keep-spoils"), ("reavers-of-midgard", "prophecy-cards"),
              ("reavers-of-midgard", "reference"), ("reavers-of-midgard", "territory-tiles"),
              ("reavers-of-midgard", "village-spoils"), ("reavers-of-midgard", "sea-battle-cards"),
              ("reavers-of-midgard", "reaver-cards"), ("reavers-of-midgard", "dice-aid")]


def text_lines(path) -> list[tuple[int, str]]:
    """Return (page index, line) for every line of text in the PDF."""
    pdf = pdfium.PdfDocument(str(path))
    lines = []
    for index in range(len(pdf)):
        text, _ = page_chars(pdf[index])
        lines += [(index, line.strip()) for line in re.split(r"[\r\n]+", text) if line.strip()]
    return lines


@pytest.mark.parametrize("game, component", RULES_TEXT)
def test_no_sentence_or_bracket_ends_with_a_word_alone_on_its_line(built, game, component):
    """'discard the / card.', 'Territory tile you / hold.', 'turns / alternate.' read as a slip
    of the type: a sentence's (or a bracket's) last word never stands alone on a line."""
    lines = text_lines(built(game, component, "pod"))
    assert sum(line.endswith((".", ")")) for _, line in lines) >= 3  # the text was read
    lone = [(index, line) for index, line in lines
            if len(line.split()) == 1 and re.fullmatch(r"\(?[A-Za-z’'-]+[.)]+", line)]
    assert not lone, lone
