"""Issue 34, capability 5: the How-to-print page's counts are computed, not typed.

Each finding of the tables, read from the printed PDFs: Rolling Thunder's dice per player count
(each player a red, blue and yellow die; solo 2 dummy dice, 2 players 1: T10), Ragnarocks'
Clarifications as many as its file prints, Reavers' tiles and tokens called what they are.
"""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

pytestmark = pytest.mark.slow


def _text(path) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(str(path)).pages))


def test_rolling_thunder_copies_and_checklist_follow_the_player_count(built):
    text = _text(built("rolling-thunder", "how-to-print", "a4"))
    # 4 players need 4 x 3 = 12 dice; a copy of the dice file prints 7, so 2 copies
    # (the last column: a set of the 3 aid and 6 Clarifications cards per player, issue 34)
    assert re.search(r"\b4 4 12 \(print 2×\) 36", text), text
    assert re.search(r"\b3 3 9 \(print 2×\) 27", text), text
    # solo: 3 dice and 2 dummies; 2 players: 6 and 1 dummy; one copy each
    assert re.search(r"\b1 1 5 9 2 2 7 18 \(print 2×\) 3 3", text), text
    # the checklist counts what the copies print for each player count, not "7 dice" for all
    assert "7 dice (1-2 players), 14 dice (3-4 players) · Dice" in text, text
    assert "7 dice:" not in text  # no count typed into a note


def test_ragnarocks_counts_the_clarifications_its_file_prints(built):
    guide = _text(built("ragnarocks", "how-to-print", "a4"))
    fronts = PdfReader(str(built("ragnarocks", "clarifications", "a4"))).pages[0].extract_text()
    # each card's subtitle: the edition's rulings (or "(continued)" where a card flowed on),
    # and the blank House rulings card where it completes a row
    printed = len(re.findall(r"This edition's rulings\.|\(continued\)|Your table's rulings",
                             fronts))
    assert printed == 3  # three cards of rulings (R1-R12, issue 34): a full row, no House card
    assert f"{printed} cards · Clarifications" in guide, guide
    assert f"Clarifications, {printed} cards" in guide, guide


def test_reavers_calls_tiles_and_tokens_what_they_are(built):
    text = _text(built("reavers-of-midgard", "how-to-print", "a4"))
    assert "40 tiles · Territory tiles" in text, text
    assert "12 tokens · Ship Upgrade tokens" in text, text
    assert "5 boards · Longship player boards" in text, text
    assert "territory-tiles-a4.pdf: 40 tiles" in text, text
    assert "ship-upgrade-tiles-a4.pdf: 12 tokens" in text, text
    assert not re.search(r"\d+ cards · (Territory|Ship Upgrade|Longship)", text), text
