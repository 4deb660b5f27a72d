"""Reavers of Midgard at retail look (issue 25): every decision printed where it is needed.

The rulings (R1-R22) are the Clarifications cards' numbers; the aids, the board and the
Longships cite them. The How-to-print page opens the print pack and says how the dice are made.
"""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfcheck import placements, text_of
from sheetgen.generate.games import load_game

MM = 72 / 25.4

GAME = "reavers-of-midgard"
# The five rules issue 25 asks to decide (and where the rulebook leaves them open).
DECIDED = ["Pawns", "Specialize", "Shares", "Reavers you own", "Trophies"]


def _text(path) -> str:
    return text_of(path)


@pytest.fixture(scope="module")
def rulings(built) -> dict[int, str]:
    """Every ruling printed on the Clarifications cards: number -> its text."""
    text = _text(built(GAME, "clarifications", "a4"))
    assert text.count("Ruling of this edition, not the publisher's") == 1  # the seal's key, once
    ends = r"(?= R\d+ · | Ruling of this edition| Clarifications| House|$)"
    found = re.findall(r"R(\d+) · (.+?)" + ends, text)
    return {int(n): body for n, body in found}


def test_the_game_text_rule_is_on(project):
    game = load_game(project, GAME)
    assert game.spec.print_checks.min_game_text.on and game.spec.print_checks.enforced


def test_every_issue_ruling_is_decided_in_order(rulings):
    assert sorted(rulings) == list(range(1, len(rulings) + 1)) and len(rulings) >= 12
    topics = [rulings[n].split(".")[0] for n in sorted(rulings)]
    assert topics[:5] == DECIDED
    assert "only under the Action Space its card names" in rulings[2]
    assert "Troll trophy scores 2 Glory, each Kraken 3" in rulings[5]


def test_the_aids_say_the_issue_rulings_in_words_without_codes(built, rulings):
    """Issue 34 (fifth table): rule codes ('R1', 'R10') belong on the Clarifications; the
    aids, the board and the Longships say the same rulings in plain words where they are used."""
    said = ""
    for component in ("reference", "board", "player-boards"):
        text = _text(built(GAME, component, "a4" if component != "board" else "pod"))
        assert re.findall(r"\bR\d+\b", text) == [], component
        said += text
    assert {1, 2, 3, 4, 5, 6, 7} <= set(rulings)
    for words in ("1 each + Honor Ship",                      # R1, pawns
                  "Specialize",                               # R2
                  "who Prepares passes it on",                # R3
                  "Prophecies",                               # R4
                  "Trophies:",                                # R5
                  "shuffle its discard in, once a round",     # R6
                  "a colour used up: take another, same face",  # R7
                  "6 dice at most"):                          # R10, the Crew hold
        assert words in said, words


def test_rulebook_slips_are_corrected_in_the_aids(built):
    aids = _text(built(GAME, "reference", "a4"))
    # Keep Spoils go on Raid Keeps (the rulebook says Raid Villages): the board's Keep deck and
    # its five pairs stand in the Raid Keeps panel
    board = _text(built(GAME, "board", "pod"))
    assert re.search(r"Raid Keeps .*Pair 5 · card 2 .*Keep deck", board)
    assert "the card's or tile's DEF wins" in aids
    assert "[card placement]" not in aids and "[Defense Token]" not in aids
    assert "in each corner" in aids and "Fortifications" in aids


def test_how_to_print_comes_first_and_says_how_the_dice_are_made(project, built):
    game = load_game(project, GAME)
    assert game.spec.components[0] == "how-to-print"
    text = _text(built(GAME, "how-to-print", "a4")).replace(" :", ":")
    assert "printable-dice-a4.pdf: 72 dice" in text and "Cube nets: 20 Crew dice" in text
    assert "dice-stickers-a4.pdf: 72 dice" in text and "stickers for 16 mm blank dice" in text
    for deck, count in (("reaver-cards", 60), ("village-spoils", 48), ("clarifications", 9)):
        assert f"{deck}-a4.pdf: {count} cards" in text
    assert "flip on long edge" in text and "How many for your player count" in text
    assert re.search(r"3 3 3 \(1 each\) yes 3", text)  # the Honor Ship only with 3 players


@pytest.mark.parametrize("component", [
    "reaver-cards", "village-spoils", "keep-spoils", "journey-cards", "sea-battle-cards",
    "prophecy-cards", "territory-tiles", "tokens", "board", "player-boards"])
def test_one_style_no_colour_emoji_art(built, component):
    # issue 34's look decision: game-icons silhouettes only; a page that drew a Fluent emoji
    # would credit it ("Art: Fluent Emoji" in its page margins). (How to print is the shared
    # page, whose pictograms are still Fluent: not checked here.)
    text = _text(built(GAME, component, "a4"))
    assert "Fluent" not in text and "game-icons.net" in text


def test_reaver_cards_of_different_names_have_different_pictures(built):
    # issue 34: Reaver cards of different names shared one axe picture; each name has its own
    import hashlib

    import pypdfium2 as pdfium

    path = built(GAME, "reaver-cards", "a4")
    reader = PdfReader(str(path))
    document = pdfium.PdfDocument(str(path))
    scale = 100 / 72
    pictures: dict[str, set[str]] = {}
    for number in range(0, len(reader.pages), 2):  # fronts on odd pages
        page = document[number]
        image = page.render(scale=scale).to_pil().convert("L")
        height = float(reader.pages[number].mediabox.height)
        text = page.get_textpage()
        for card in placements(reader, number):
            card_top = card.y + 63.5 * MM
            # the card's name: the text 12.3-17.8 mm down from its top edge
            name = text.get_text_bounded(card.x + 3 * MM, card_top - 17.8 * MM,
                                         card.x + 41.45 * MM, card_top - 12.3 * MM).strip()
            box = (int((card.x + 15.5 * MM) * scale), int((height - card_top + 19.5 * MM) * scale),
                   int((card.x + 29 * MM) * scale), int((height - card_top + 33.3 * MM) * scale))
            ink = bytes(0 if v < 200 else 255 for v in image.crop(box).tobytes())
            pictures.setdefault(hashlib.sha256(ink).hexdigest(), set()).add(name)
    names = set().union(*pictures.values())
    assert len(names) == 30
    shared = [sorted(n) for n in pictures.values() if len(n) > 1]
    assert shared == []


