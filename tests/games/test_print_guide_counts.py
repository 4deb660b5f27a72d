"""Issue 34, capability 5: the How-to-print page's counts are computed, not typed.

Each finding of the tables, read from the printed PDFs: Rolling Thunder's dice per player count
(each player a red, blue and yellow die; solo 2 dummy dice, 2 players 1: T10), Ragnarocks'
Clarifications as many as its file prints, Reavers' tiles and tokens called what they are.
"""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfcheck import text_of

pytestmark = pytest.mark.slow


def _text(path) -> str:
    return text_of(path)


def test_rolling_thunder_copies_and_checklist_follow_the_player_count(built):
    text = _text(built("rolling-thunder", "how-to-print", "a4"))
    # 4 players need 4 x 3 = 12 dice; a copy of the dice file prints 8, so 2 copies (the
    # cards print once a table, whatever the count: no column)
    assert re.search(r"\b4 4 12 \(print 2×\) Play sheets", text), text
    assert re.search(r"\b3 3 9 \(print 2×\) 4", text), text
    # solo: 3 dice and 2 dummies; 2 players: 6 and 1 dummy; one copy each
    assert re.search(r"\b1 1 5 2 2 7 3 3", text), text
    # the checklist counts the dice to make at each player count, as the table (a reader saw
    # 5/7/9/12 in the table and 8/16 in the checklist)
    assert "5 dice (1 player), 7 (2 players), 9 (3 players), 12 (4 players) · Dice" in text
    assert "7 dice:" not in text  # no count typed into a note


# Rulebook (seed 001, T10): a red, blue and yellow die per player; dummy Thunder dice: solo 2,
# 2 players 1, 3-4 players none.
RT_DUMMIES = {1: 2, 2: 1, 3: 0, 4: 0}


@pytest.mark.parametrize("component", ["printable-dice", "dice-stickers"])
def test_rolling_thunder_dice_copies_give_every_player_count_its_dice(built, component):
    guide = _text(built("rolling-thunder", "how-to-print", "a4"))
    table = guide[guide.index("How many for your player count"):guide.index("Play sheets : file")]
    cells = re.findall(r"(\d+)(?: \(print (\d+)×\))?", table.split("Dice to make", 1)[1])
    rows = [cells[i:i + 3] for i in range(0, len(cells), 3)]  # players, sheets, dice
    assert [int(row[0][0]) for row in rows] == [1, 2, 3, 4], rows
    dice_page = _text(built("rolling-thunder", component, "a4"))
    made = re.search(r"Make (\d+) dice, [^:]*: Red × (\d+) · Blue × (\d+) · Yellow × (\d+) · "
                     r"Dummy Thunder die × (\d+)", dice_page)
    assert made, dice_page
    total, red, blue, yellow, dummy = (int(n) for n in made.groups())
    for row in rows:
        players, (needed, copies) = int(row[0][0]), row[2]
        copies = int(copies or 1)
        assert int(needed) == 3 * players + RT_DUMMIES[players], row
        for colour in (red, blue, yellow):
            assert copies * colour >= players, (players, copies, made.groups())
        assert copies * dummy >= RT_DUMMIES[players], (players, copies, made.groups())
    # the dice page types no count of its own: its only number of dice is the one it makes
    assert {int(n) for n in re.findall(r"(\d+) dice\b", dice_page)} == {total}, dice_page
    assert "twice" not in dice_page and "players" not in dice_page.split("Make", 1)[0]


def test_ragnarocks_counts_the_clarifications_its_file_prints(built):
    guide = _text(built("ragnarocks", "how-to-print", "a4"))
    fronts = PdfReader(str(built("ragnarocks", "clarifications", "a4"))).pages[0].extract_text()
    # each card's subtitle: the edition's rulings (or "(continued)" where a card flowed on),
    # and the blank House rulings card where it completes a row
    printed = len(re.findall(r"This edition's(?: rulings|, not the publisher's)\.|\(continued\)"
                             r"|Your table's rulings", fronts))
    assert printed == 3  # three cards of rulings (R1-R12), each printed once: one row
    assert f"{printed} cards · Clarifications" in guide, guide
    assert f"Clarifications (clarifications-a4.pdf): {printed} cards" in guide, guide


def test_reavers_calls_tiles_and_tokens_what_they_are(built):
    text = _text(built("reavers-of-midgard", "how-to-print", "a4"))
    assert "40 tiles · Territory tiles" in text, text
    assert "12 tokens · Ship Upgrade tokens" in text, text
    assert "5 boards · Longship player boards" in text, text
    assert "territory-tiles-a4.pdf: 40 tiles" in text, text
    assert "ship-upgrade-tiles-a4.pdf: 12 tokens" in text, text
    assert not re.search(r"\d+ cards · (Territory|Ship Upgrade|Longship)", text), text
