"""Design pass on the player aids and Clarifications of the five games (session 13, issue 34):
each reader finding decided on the printed page."""

from __future__ import annotations

import pypdfium2 as pdfium
from pypdf import PdfReader

from tests.pdfcheck import page_chars, text_box, text_of


def _pages_with(path, needle: str) -> list[int]:
    """Return the indices of the pages of ``path`` whose text holds ``needle``."""
    reader = PdfReader(str(path))
    return [i for i, page in enumerate(reader.pages)
            if needle in " ".join(page.extract_text().split())]


def _share_down(path, page_index: int, needle: str) -> float:
    """Return how far down its page (0 top, 1 bottom) the glyphs of the last ``needle`` end."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        text, boxes = page_chars(page)
        at = text.rfind(needle)
        assert at >= 0, f"{needle!r} is not on the page"
        bottom = text_box(text, boxes, needle, at)[1]
        return 1 - bottom / page.get_height()
    finally:
        doc.close()


# ---- Ragnarocks: every ruling printed once, on the Clarifications -------------------------

RAGNAROCKS_RULINGS = (
    "Ivory goes first; turns alternate.",
    "Equal points share the win.",
    "A move is one or more hexes.",
    "Pile the Runestones within reach; lay the board flat, either side up.",
    "The well is off the board like the sea; hexes beside it are edge hexes.",
    "Teammates share their colour's 3 Vikings. Ivory chooses the cards freely.",
    "Odin's player takes the two set aside as command cards.",
    "Any adjacent Viking, yours or your opponent's.",
)


def test_ragnarocks_each_ruling_prints_once_on_the_clarifications(built):
    # the reader: "rulings are printed 3 times" (twice on the Clarifications, a copy a player,
    # and again under a red tab on the aids)
    aids = text_of(built("ragnarocks", "reference", "a4"))
    rulings = text_of(built("ragnarocks", "clarifications", "a4"))
    for words in RAGNAROCKS_RULINGS:
        assert rulings.count(words) == 1, words
        assert words not in aids, words
    # no ruling tab on an aid: "Edition ruling" is only the seal's key on the two Symbols aids
    assert aids.count("Edition ruling") == 2 and "Edition rulings" not in aids
    assert aids.count("Edition ruling this edition's ruling; code R1–R12") == 2


def test_ragnarocks_clarifications_are_three_cards_printed_once(built):
    # the reader: "3 distinct cards of 6 places, half empty": three cards, each once, R1-R12
    path = built("ragnarocks", "clarifications", "pod")
    text = text_of(path)
    for code in range(1, 13):
        assert text.count(f"R{code} ·") == 1, code
    assert len(_pages_with(path, "Edition rulings")) == 3
    # each card well filled: its last ruling ends past the card's middle, over the band
    for last, end in (("R6 · Side B", "are edge hexes."), ("R9 · Odin's", "as command cards."),
                      ("R12 · Tyr.", "new hex.")):
        (index,) = _pages_with(path, last)
        assert _share_down(path, index, end) > 0.58, last


def test_ragnarocks_aids_state_the_rules_as_played(built):
    text = text_of(built("ragnarocks", "reference", "a4"))
    assert text.count("1 or more hexes") == 2           # each player's turn aid
    assert text.count("equal points share the win") == 2  # each player's scoring aid
    assert text.count("Ivory goes first.") == 1         # the table's setup aid
    # the reader: "the SIMPLE/ADVANCED split is questioned": each Mythology Powers aid says
    assert text.count("Simple (green) or Advanced (red): the rulebook's two levels of "
                      "powers. First games: Simple only.") == 2


def test_ragnarocks_how_to_print_counts_three_rulings_cards(built):
    # the checklist agrees with the deck: 3 cards, printed once, no set a player
    text = text_of(built("ragnarocks", "how-to-print", "a4"))
    assert "Clarifications (clarifications-a4.pdf): 3 cards" in text
    assert "each printed once" in text and "a set for each player" not in text
    assert "Rulings : file 5, 3 per game." in text


# ---- Rolling Thunder: the strike order as this edition's ruling, full slips ----------------

def test_rolling_thunder_turn_aid_prints_the_strike_order_as_a_ruling(built):
    text = text_of(built("rolling-thunder", "clarifications", "a4"))
    # the reader: "Thunder is listed before Lightning against the rulebook"
    assert text.count("Edition ruling: Thunder before Lightning.") == 4
    # and the Clarifications say why (the sheet's numbered order against the rulebook's list)
    assert text.count("T13 · Strike order. Thunder first") == 1
    # the rulings the aids used mid-sentence are said as played, the seal only at a line's
    # start: the words once bracketed by a seal are gone
    assert "(slashed already: none)" not in text and "(once a round)" not in text


def test_rolling_thunder_setup_slip_is_full(built):
    path = built("rolling-thunder", "clarifications", "pod")
    (index,) = _pages_with(path, "Seats go clockwise: your LEFT")
    # the reader: "the Setup slip is 2/3 empty": its last step ends in the card's lowest
    # fifth, over the band
    assert _share_down(path, index, "round 10.") > 0.68


# ---- Roll & Might: full Scoring aids, the passing ruling, aligned Clarifications ------------

def test_roll_and_might_scoring_aid_is_full(built):
    path = built("roll-and-might", "reference", "pod")
    index = _pages_with(path, "After 8 turns · the Legend")[0]
    # the reader: "empty lower thirds on the Scoring aid": a worked example and the tie close it
    assert _share_down(path, index, "you share the win.") > 0.8
    text = text_of(path)
    assert "Example 3 towers 3 · Throne 3 Army 2 · 2 stalls 2: 10." in text


def test_roll_and_might_turn_aid_prints_the_passing_ruling_as_this_editions(built):
    text = text_of(built("roll-and-might", "reference", "a4"))
    # step 5 says the last card is not passed, under the seal its foot keys as this edition's
    assert text.count("Discard the other. No 2nd pass.") == 5
    assert text.count("8 turns, then score · a ruling") == 5


def test_roll_and_might_clarifications_start_at_one_height(built):
    # the reader: "misaligned clarification cards": each card's first ruling starts under its
    # rule, not centred by its length
    path = built("roll-and-might", "clarifications", "a4")
    doc = pdfium.PdfDocument(str(path))
    try:
        text, boxes = page_chars(doc[0])
        tops = {code: text_box(text, boxes, code)[3] for code in ("R1 ·", "R5 ·", "R9 ·")}
    finally:
        doc.close()
    assert abs(tops["R1 ·"] - tops["R5 ·"]) < 1  # side by side: one height
    # the card under the first: its first ruling one card lower, at the same place in it
    pitch = tops["R1 ·"] - tops["R9 ·"]
    height = float(PdfReader(str(path)).pages[0].mediabox.height)
    assert 0.4 * height < pitch < 0.55 * height


# ---- Reavers of Midgard: nine full Clarifications cards -----------------------------------

def test_reavers_clarifications_cards_are_each_well_filled(built):
    # the reader: "half-empty Clarifications": the 22 rulings split so each of the nine cards
    # holds about as many words, at 12 pt; each card's last ruling ends past its middle
    path = built("reavers-of-midgard", "clarifications", "pod")
    for first, end in (("R1 · Pawns.", "names."), ("R3 · Shares.", "Kraken"),
                       ("R6 · Empty decks.", "rest."), ("R8 · Starting", "once."),
                       ("R11 · Battles", "too)."), ("R14 · Turning", "it."),
                       ("R16 · Walls", "treasures."), ("R18 · Ship", "player."),
                       ("R20 · Short", "Sea.")):
        (index,) = _pages_with(path, first)
        assert _share_down(path, index, end) > 0.55, first


# ---- Roll & Raid: every aid its own title --------------------------------------------------

def test_roll_and_raid_aid_titles_are_distinct(built):
    # the reader: "the 18 aids ... with duplicate titles"
    path = built("roll-and-raid", "reference", "pod")
    doc = pdfium.PdfDocument(str(path))
    try:
        titles = [doc[i].get_textpage().get_text_range().splitlines()[0].strip()
                  for i in range(0, len(doc), 2)]
    finally:
        doc.close()
    assert len(titles) == 18 == len(set(titles)), titles
    for title in ("The Raid deck", "Solo · The end", "Taking Paris", "Paris · Solo"):
        assert titles.count(title) == 1, titles
