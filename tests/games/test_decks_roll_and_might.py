"""Roll & Might deck and player aids: counts, the decided mix, every profile, text and ink."""

from __future__ import annotations

from collections import Counter

import pypdfium2 as pdfium
import pytest

from pdfcheck import MM, assert_deck_pages, assert_ink_in_every_card
from sheetgen.generate.games import load_game

GAME = "roll-and-might"
# reference: The Turn x5 and Scoring x5 (one each per player, issue 34), Solo Turn, Solo
# Scoring, First Player, the Symbol key, and (issue 34, the aids' last page was 5 cards of 9)
# Setup, Two Cards Two Halves and the rulebook's example in two cards
# cards: the 15-card deck and 3 blank Spare cards (ruling R10) filling its second page
DECKS = {"cards": 18, "reference": 18}
PROFILES = ["a4", "letter", "gutterfold-a4", "gutterfold-letter", "pod", "pod-png"]
CARD_W, CARD_H = 63.5 * MM, 88.9 * MM
STALLS = {"1-3": [1, 2, 3], "4-6": [4, 5, 6], "2-5": [2, 3, 4, 5], "1,3,5": [1, 3, 5],
          "2,4,6": [2, 4, 6]}


@pytest.fixture(scope="module")
def deck(project):
    model = load_game(project, GAME).component("cards").model
    cards = [{**model.defaults, **item.fields()} for item in model.items]
    return [card for card in cards if card["location"] != "Spare"]  # 3 blank spares (R10)


def copies(deck):
    return [card for card in deck for _ in range(card["count"])]


def test_deck_size_matches_the_example(deck):
    cards = copies(deck)
    # the example deals 9 cards to 3 players, then the 6 left before reshuffling
    assert len(cards) == 3 * 3 + 6 == 15
    for players in range(2, 6):
        assert 3 * players <= len(cards)  # one deal never needs a reshuffle mid-hand


def test_mix_of_locations_and_faces(deck):
    cards = copies(deck)
    mix = Counter((c["location"], c["detail"]) for c in cards)
    assert mix == {("Army", "West"): 2, ("Army", "East"): 2, ("Army", ""): 1,
                   ("Castle", "Tower"): 2, ("Castle", "Throne Room"): 1, ("Castle", ""): 1,
                   ("Market", "1-3"): 1, ("Market", "4-6"): 1, ("Market", "2-5"): 1,
                   ("Market", "1,3,5"): 1, ("Market", "2,4,6"): 1, ("Wild Die", ""): 1}
    faces = Counter(c["die"] for c in cards if c["location"] != "Wild Die")
    assert set(faces) == {1, 2, 3, 4, 5, 6} and all(2 <= n <= 3 for n in faces.values())
    assert sum(faces[f] for f in (1, 2, 3)) == sum(faces[f] for f in (4, 5, 6))
    wild = [c for c in cards if c["location"] == "Wild Die"]
    assert len(wild) == 1 and wild[0]["die"] == "any"
    for c in cards:
        if c["location"] == "Market":
            assert c["stalls"] == STALLS[c["detail"]]
            # Market (2-5) cannot avoid its own stalls: the example fixes its face to 2, 3 or 4
            assert c["die"] not in c["stalls"] or c["detail"] == "2-5", c["id"]
    # every card tells apart from every other: no two share location, detail and face, and the
    # five Market cards show five different faces
    assert len({(c["location"], c["detail"], c["die"]) for c in cards}) == len(cards)
    market_faces = [c["die"] for c in cards if c["location"] == "Market"]
    assert len(set(market_faces)) == len(market_faces) == 5


def test_example_cards_keep_the_example_faces(deck):
    faces = {(c["location"], c["detail"], c["die"]) for c in deck}
    for needed in [("Army", "West", 1), ("Army", "", 3), ("Castle", "Tower", 4),
                   ("Castle", "Throne Room", 5), ("Army", "East", 6)]:
        assert needed in faces
    # Chris holds Castle (Tower) and Market (2-5) and "neither one matches" the dice 1, 5, 6
    (face,) = [c["die"] for c in deck if c["detail"] == "2-5"]
    assert face not in (1, 5, 6)


@pytest.mark.parametrize("component", list(DECKS))
@pytest.mark.parametrize("profile", PROFILES)
def test_every_deck_builds_in_every_profile(built, component, profile):
    assert_deck_pages(built(GAME, component, profile), profile, DECKS[component])


def test_pod_fronts_show_location_and_die(built, deck):
    doc = pdfium.PdfDocument(str(built(GAME, "cards", "pod")))
    try:
        texts = [" ".join(page.get_textpage().get_text_range().split()) for page in doc]
    finally:
        doc.close()
    for k, card in enumerate(copies(deck)):
        front, back = texts[2 * k], texts[2 * k + 1]
        assert card["location"].upper() in front
        # the part it fills in capitals under the name (reader finding 1: said once, no
        # "a spot in your West army" repeating it); a card with no side or part names both
        if card["location"] == "Market":
            assert f"STALLS {card['detail'].replace(',', ', ')}" in front
        elif card["location"] in ("Army", "Castle"):
            assert (card["detail"].upper() or {"Army": "WEST OR EAST",
                                               "Castle": "TOWER OR THRONE ROOM"}[
                card["location"]]) in front
        assert "()" not in front
        assert "ROLL & MIGHT" in back
        # nothing a key says once is repeated on the card (reader finding 1)
        for repeated in ("DIE FACE", "LOCATION", "matches", "a spot in"):
            assert repeated not in front, (card["id"], repeated)
        if card["location"] in ("Wild Die", "Spare"):  # one of a kind: it says what it is for
            assert card["explain"] and card["explain"] in front


def test_reference_titles(built):
    doc = pdfium.PdfDocument(str(built(GAME, "reference", "a4")))
    try:  # fronts and backs (the long aids go on on their backs)
        text = " ".join(" ".join(doc[i].get_textpage().get_text_range().split())
                        for i in range(len(doc)))
    finally:
        doc.close()
    for title in ("The Turn", "Scoring", "Solo Turn", "Solo Scoring", "First Player",
                  "Symbols", "Setup", "Two Cards, Two Halves", "Example · 1", "Example · 2"):
        assert title in text
    assert text.count("The Turn 1 Deal 3 cards") == 5  # one per player, up to five
    assert "Discard both cards" in text  # the solo turn's decided discard
    assert "first player marker" in text


@pytest.mark.parametrize("component", list(DECKS))
def test_ink_inside_every_card_frame(built, component):
    assert_ink_in_every_card(built(GAME, component, "a4"), CARD_W, CARD_H)


def test_sheets_leave_armies_uncapped_and_dice_room():
    from conftest import REPO
    from sheetgen.base.units import to_points
    from sheetgen.load.yamlload import load_yaml

    def elements(name):
        raw = load_yaml(REPO / "templates" / f"{name}.yaml")
        return {e["id"]: e for e in raw["elements"] if "id" in e}

    sheet = elements("roll-and-might-score-sheet")
    # no army cap in the rules: eight turns fill at most two spots a turn, all in one army
    for side in ("west", "east"):
        rows = [raw for name, raw in sheet.items() if name.startswith(f"{side}-army")
                and raw["type"] == "check_boxes"]
        assert sum(raw["count"] for raw in rows) >= 8 * 2
    for side in ("west", "east"):
        assert {f"{side}-strength", f"{side}-versus", f"score-{side}"} <= set(sheet)
    legend = elements("roll-and-might-legend")
    for space in ("die-1", "die-2", "die-3"):
        assert to_points(legend[space]["size"]) >= to_points("16mm")  # a standard die fits
