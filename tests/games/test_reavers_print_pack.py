"""Reavers of Midgard at retail look (issue 25): every decision printed where it is needed.

The rulings (R1-R20) are the Clarifications cards' numbers; the aids, the board and the
Longships cite them. The How-to-print page opens the print pack and says how the dice are made.
"""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfcheck import placements
from sheetgen.generate.games import load_game

MM = 72 / 25.4

GAME = "reavers-of-midgard"
# The five rules issue 25 asks to decide (and where the rulebook leaves them open).
DECIDED = ["Pawns", "Specialize", "Shares", "Reavers you own", "Trophies"]


def _text(path) -> str:
    reader = PdfReader(str(path))
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


@pytest.fixture(scope="module")
def rulings(built) -> dict[int, str]:
    """Every ruling printed on the Clarifications cards: number -> its text."""
    text = _text(built(GAME, "clarifications", "a4"))
    assert text.count("Edition ruling · not the publisher's") >= 3
    found = re.findall(r"R(\d+) · (.+?)(?= R\d+ · | Edition ruling|$)", text)
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


def test_every_cited_ruling_exists_and_the_aids_cite_the_issue_rulings(built, rulings):
    cited = set()
    for component in ("reference", "board", "player-boards"):
        text = _text(built(GAME, component, "a4" if component != "board" else "pod"))
        cited |= {int(n) for n in re.findall(r"\bR(\d+)\b", text)}
    assert cited <= set(rulings)
    assert {1, 2, 3, 4, 5, 6, 7} <= cited


def test_rulebook_slips_are_corrected_in_the_aids(built):
    aids = _text(built(GAME, "reference", "a4"))
    assert "Keep Spoils on Raid Keeps" in aids
    assert "the DEF of the card or tile you attack" in aids
    assert "[card placement]" not in aids and "[Defense Token]" not in aids
    assert "top right corner" in aids and "Fortifications" in aids


def test_how_to_print_comes_first_and_says_how_the_dice_are_made(project, built):
    game = load_game(project, GAME)
    assert game.spec.components[0] == "how-to-print"
    text = _text(built(GAME, "how-to-print", "a4")).replace(" :", ":")
    assert "printable-dice-a4.pdf: 72 dice" in text and "Dice as cube nets" in text
    assert "dice-stickers-a4.pdf: 72 dice" in text and "stickers for 16 mm blank dice" in text
    for deck, count in (("reaver-cards", 60), ("village-spoils", 48), ("clarifications", 6)):
        assert f"{deck}-a4.pdf: {count} cards" in text
    assert "flip on long edge" in text and "Copies per player count" in text
    assert re.search(r"3 3 3 \(1 each\) yes 3", text)  # the Honor Ship only with 3 players


@pytest.mark.parametrize("component, profile", [
    ("reaver-cards", "a4"), ("village-spoils", "a4"), ("keep-spoils", "a4"),
    ("journey-cards", "a4"), ("sea-battle-cards", "a4"), ("prophecy-cards", "a4"),
    ("territory-tiles", "a4"), ("tokens", "a4"), ("board", "a4"), ("player-boards", "a4")])
def test_colour_art_is_printed_and_credited(built, component, profile):
    # the art credit is printed only on outputs that draw a piece of colour art
    path = built(GAME, component, profile)
    assert "Art: Fluent Emoji" in PdfReader(str(path)).pages[0].extract_text()


def test_card_art_windows_are_in_colour_not_one_ink(built):
    import pypdfium2 as pdfium

    path = built(GAME, "reaver-cards", "a4")
    reader = PdfReader(str(path))
    scale = 100 / 72
    image = pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("HSV")
    height = float(reader.pages[0].mediabox.height)
    hues = set()
    for card in placements(reader, 0):  # each face: its trim's lower left corner
        card_top = card.y + 63.5 * MM  # a mini card is 63.5 mm tall
        # the art window: 7-37.45 mm across, 21.6-38.6 mm down from the card's top edge
        box = (int((card.x + 7 * MM) * scale), int((height - card_top + 21.6 * MM) * scale),
               int((card.x + 37.45 * MM) * scale), int((height - card_top + 38.6 * MM) * scale))
        data = image.crop(box).tobytes()  # H, S, V bytes per pixel
        hues |= {data[k] // 20 for k in range(0, len(data), 3)
                 if data[k + 1] > 90 and data[k + 2] > 60}
    # page 1 holds Wolf clan Reavers: one-colour icons would all be the clan's grey
    assert len(hues) >= 3, hues
