"""Roll & Raid, Rolling Thunder and Roll & Might read as a player reads them.

Sentences (three words or more) on the sheets and the Roll & Raid aids are set at 7 pt or more
at their design size; the rules a player needs mid-game are printed where they are needed; a
no-break space keeps a number with its unit.
"""

from __future__ import annotations

import math

import pytest
from pypdf import PdfReader

from pdfcheck import page_texts
from sheetgen.fill.textlayout import layout, parse

# (game, component): pod prints each face once, at its design size; a sheet is its first page,
# a deck's fronts are its even pages (each front is followed by its back).
SHEETS = [("roll-and-raid", "clan-sheet"), ("rolling-thunder", "play-sheet"),
          ("roll-and-might", "score-sheet"), ("roll-and-might", "legend")]
# Roll & Raid's Raid cards print no sentence since issue 34 (their city category line is gone:
# names, numbers and icons only; sheetgen check holds their sizes by role).
DECKS = [("roll-and-raid", "reference"),
         ("roll-and-raid", "creature-cards"), ("roll-and-raid", "odds-card"),
         ("roll-and-raid", "dice-deck"), ("roll-and-might", "cards"),
         ("roll-and-might", "reference")]
BODY_MIN = 7.0
# Printed at the 6 pt floor on purpose: licences, and a Raid card's numbering footer.
SMALL_ON_PURPOSE = ("Icons:", "Fonts:", "SIL Open Font", "· Raid card ")


def text_runs(path, pages) -> list[tuple[float, str]]:
    """Return (effective size in pt, text) of every text run on ``pages`` of ``path``."""
    reader = PdfReader(path)
    runs: list[tuple[float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            runs.append((size * math.sqrt(abs(a * d - b * c)), text.strip()))

    for index in pages:
        reader.pages[index].extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("game,component", SHEETS + DECKS,
                         ids=[f"{g}-{c}" for g, c in SHEETS + DECKS])
def test_sentences_are_seven_points_or_more(built, game, component):
    path = built(game, component, "pod")
    pages = [0] if (game, component) in SHEETS else range(0, len(PdfReader(path).pages), 2)
    runs = text_runs(path, pages)
    sentences = [(s, t) for s, t in runs if len(t.split()) >= 3
                 and not any(mark in t for mark in SMALL_ON_PURPOSE)]
    assert len(sentences) > 3, "expected the component's instructions as text"
    small = sorted({(round(s, 2), t) for s, t in sentences if s < BODY_MIN - 0.01})
    assert not small, small[:10]


def joined_text(path, pages) -> str:
    return " ".join(" ".join(text.split()) for text in page_texts(path, list(pages)))


def test_clan_sheet_says_how_to_spend_fate_dice_and_when_creatures_come(built):
    text = joined_text(built("roll-and-raid", "clan-sheet", "pod"), [0])
    # issue 34: rules at 8.5 pt; the sheet keeps a reminder, the Fate dice aid the whole rule
    # (session 12: the Fate-die hexes are gold, and the reminder keys them)
    # (session 15: the gold hex keyed in a Fate die panel of its own, not in the Altar's)
    assert "Fate die Gold hex: once, as a Resource die." in text, text
    assert "a refill shows" in text and "Write its GP" in text
    # the festival penalty keeps its unit on the same line (no-break space)
    assert "-2\u00a0GP" in text or "-2 GP" in text.replace("\u00a0", " ")


def test_aids_give_the_rules_the_clan_sheet_only_shows(built):
    path = built("roll-and-raid", "reference", "pod")
    fronts = range(0, len(PdfReader(path).pages), 2)
    assert len(fronts) == 18, "one step per aid: 18 aids"
    text = joined_text(path, fronts)
    for needed in ("Once each, cross it out; never combined, never a Raid die",
                   "passes the raid to the one who lost the most",
                   "brings the top Creature card", "one Raid roll for all",
                   "raid all 10 cards (9 cities, then Paris) by the end of round 16",
                   "Goal missed"):
        assert needed in text, needed
    # the co-op Paris raid is on the aid a co-op table reads when only Paris is left (the aids
    # pass titled it "Taking Paris", subtitle "... together": it shared the title "Paris ·
    # Cooperative" with the co-op mode's setup aid, and every aid now has its own title)
    paris = [joined_text(path, [i]) for i in fronts if "one Raid roll for all" in
             joined_text(path, [i])]
    assert len(paris) == 1 and paris[0].startswith("Taking Paris Taking Paris together"), paris


def test_rolling_thunder_tells_light_from_dark_and_breaks_ties(built):
    text = joined_text(built("rolling-thunder", "play-sheet", "pod"), [0])
    # Frigg: the hatched grey squares and the icon squares too (T17)
    assert "Any unmarked square, icons too." in text
    assert "tie: most Trolls struck" in text


def measure(text: str, bold: bool, size: float) -> float:
    """A monospace stand-in for a font: every character is half the size wide."""
    return len(text) * size / 2


def test_no_break_space_never_wraps():
    paragraphs = parse("lose 2\u00a0GP now")
    assert [run.text for run in paragraphs[0]] == ["lose", "2\u00a0GP", "now"]
    # 'lose 2' fits one 10 pt line of 32 pt (6 characters), 'lose 2 GP' does not
    lines = layout(paragraphs, 32, 100, measure, 10, 10).lines
    assert [[run.text for run, _ in line.runs] for line in lines] == [["lose"], ["2\u00a0GP"],
                                                                      ["now"]]
    # an ordinary space still wraps there
    lines = layout(parse("lose 2 GP now"), 32, 100, measure, 10, 10).lines
    assert [[run.text for run, _ in line.runs] for line in lines][0] == ["lose", "2"]
