"""Cards of rules text (look pass, Rolling Thunder and Roll & Might): no sentence ends with
its last word alone on a line ("each / once.", "all five / Gods.", "on its / side." read as a
slip of the type).

Read from the upright profiles with pypdfium2, one line of text at a time.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pdfcheck import page_chars

# The gutterfold pages set the same cards as a4 and letter, some turned, whose text pdfium
# reads in broken lines: the upright profiles stand for them.
PROFILES = ["a4", "letter", "pod"]
CARDS = [("rolling-thunder", "clarifications"), ("roll-and-might", "clarifications"),
         ("roll-and-might", "reference")]


@pytest.mark.parametrize("game, component", CARDS)
@pytest.mark.parametrize("profile", PROFILES)
def test_no_sentence_ends_with_a_word_alone_on_its_line(built, game, component, profile):
    pdf = pdfium.PdfDocument(str(built(game, component, profile)))
    lines = []
    for index in range(len(pdf)):
        text, _ = page_chars(pdf[index])
        lines += [(index, line.strip()) for line in re.split(r"[\r\n]+", text) if line.strip()]
    sentences = [line for _, line in lines if line.endswith(".")]
    assert len(sentences) >= 10  # the cards' text was read
    lone = [(index, line) for index, line in lines
            if line.endswith(".") and len(line.split()) == 1]
    assert not lone, lone
