"""Roll & Raid decks: the 48 Raid cards and Paris, the Creature cards and the player aids.

Built in every profile; the deck's design rules (raid-cards.yaml comments) are asserted from the
YAML; each card's own back (player count and level) is proven to sit behind its front in pod
and in duplex a4.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pdfcheck import MM, assert_deck_pages, assert_ink_in_every_card, placements
from sheetgen.generate.games import load_game

GAME = "roll-and-raid"
DECKS = {"raid-cards": 49, "creature-cards": 6, "reference": 18}
PROFILES = ["a4", "letter", "gutterfold-a4", "gutterfold-letter", "pod", "pod-png"]
CARD_W, CARD_H = 63.5 * MM, 88.9 * MM
LEVELS = ("I", "II", "III")


def shown(n: int) -> int:
    """Raid cards face up for n players (2 in solo, 5 with 6 players)."""
    return {1: 2, 6: 5}.get(n, n)


@pytest.fixture(scope="module")
def game(project):
    return load_game(project, GAME)


def cards(game, deck: str) -> list[dict]:
    """Every item's fields over the component's defaults, in file order."""
    model = game.component(deck).model
    return [{**model.defaults, **item.fields()} for item in model.items]


@pytest.fixture(scope="module")
def raids(game):
    """Every Raid card's fields except Paris (the setup rule's cards)."""
    return [c for c in cards(game, "raid-cards") if c["id"] != "paris"]


@pytest.fixture(scope="module")
def paris(game):
    return next(c for c in cards(game, "raid-cards") if c["id"] == "paris")


def setup_deck(raids, n: int) -> dict[str, list[dict]]:
    """The rulebook's setup: cards numbered <= n, split by level."""
    return {lv: [c for c in raids if c["players"] <= n and c["level"] == lv] for lv in LEVELS}


def total(cost: dict) -> int:
    return cost["ships"] + cost["axes"] + cost["vikings"]


def page_texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


# ---- counts and distribution -------------------------------------------------------------

def test_card_counts(game):
    counts = {cid: sum(i.count for i in game.component(cid).model.items) for cid in DECKS}
    assert counts["raid-cards"] == 48 + 1
    assert counts["creature-cards"] == 6
    assert {"raid-cards", "creature-cards", "reference"} <= set(game.spec.components)


def test_raid_fields_and_unique_cities(raids, paris):
    assert len(raids) == 48
    names = [c["name"] for c in raids]
    assert len(set(names)) == 48 and "Paris" not in names
    for c in raids:
        assert isinstance(c["players"], int) and 1 <= c["players"] <= 6, c["name"]
        assert c["level"] in LEVELS, c["name"]
    assert paris["id"] == "paris" and paris["special"] is True
    assert paris["players"] is None and paris["level"] is None  # never in the setup rule


def test_distribution_by_player_count_and_level(raids):
    table = Counter((c["players"], c["level"]) for c in raids)
    expected = {1: (3, 3, 3), 2: (3, 3, 3), 3: (3, 3, 2), 4: (3, 3, 2), 5: (3, 3, 3),
                6: (2, 2, 1)}
    for players, per_level in expected.items():
        assert tuple(table[(players, lv)] for lv in LEVELS) == per_level, players


@pytest.mark.parametrize("n,size", [(1, 9), (2, 18), (3, 26), (4, 34), (5, 43), (6, 48)])
def test_setup_deck_size_for_n_players(raids, n, size):
    deck = setup_deck(raids, n)
    assert sum(len(p) for p in deck.values()) == size
    # the first display is all level I (level I on top of the deck)
    assert len(deck["I"]) >= shown(n)
    assert all(deck[lv] for lv in LEVELS)


def test_solo_can_raid_ten_with_paris_in_sixteen_rounds(raids):
    solo = sum(len(p) for p in setup_deck(raids, 1).values())
    assert solo >= 9  # Paris must be the 10th raid at the latest
    # cards leave the 2-card display only when raided: Paris shows after solo + 1 - 2 raids
    # and the 9 cities plus Paris are exactly the 10 raids of the goal
    earliest_paris = solo + 1 - shown(1) + 1
    assert earliest_paris <= 10 == solo + 1 <= 16


@pytest.mark.parametrize("n", range(2, 7))
def test_refill_lasts_sixteen_rounds(raids, n):
    size = sum(len(p) for p in setup_deck(raids, n).values())
    assert size >= shown(n) + math.ceil(15 * shown(n) / 2)


# ---- design rules ------------------------------------------------------------------------

RANGES = {  # level: (summer, winter, defense, gp, shields)
    "I": ((3, 5), (5, 7), (4, 6), (2, 4), (1, 2)),
    "II": ((6, 8), (9, 11), (6, 8), (5, 7), (2, 3)),
    "III": ((9, 11), (12, 14), (8, 10), (9, 11), (3, 4)),
}


def test_costs_defense_rewards_rise_with_level(raids):
    for c in raids:
        values = (total(c["summer"]), total(c["winter"]), c["defense"], c["gp"],
                  len(c["shields"]))
        for value, (lo, hi) in zip(values, RANGES[c["level"]]):
            assert lo <= value <= hi, (c["name"], values)
    measures = {"winter": lambda c: total(c["winter"]), "summer": lambda c: total(c["summer"]),
                "defense": lambda c: c["defense"], "gp": lambda c: c["gp"],
                "shields": lambda c: len(c["shields"])}
    for label, measure in measures.items():
        means = []
        for lv in LEVELS:
            values = [measure(c) for c in raids if c["level"] == lv]
            means.append(sum(values) / len(values))
        assert means[0] < means[1] < means[2], (label, means)


def test_every_card_has_its_own_numbers_and_gp_follow_the_rule(raids):
    for lv in LEVELS:
        cards_of = [c for c in raids if c["level"] == lv]
        profiles = {(tuple(c["summer"].values()), tuple(c["winter"].values()), c["defense"])
                    for c in cards_of}
        assert len(profiles) == len(cards_of), lv
        (s_lo, _), _, (d_lo, _), (gp_lo, gp_hi), (sh_lo, sh_hi) = RANGES[lv]
        for c in cards_of:
            half_points = (c["defense"] - d_lo) + (total(c["summer"]) - s_lo)
            assert c["gp"] == min(gp_hi, gp_lo + (half_points + 1) // 2), c["name"]
            weak = c["gp"] - gp_lo <= 1 and c["defense"] - d_lo <= 1
            assert len(c["shields"]) == (sh_hi if weak else sh_lo), c["name"]
        # harder and dearer never pays less
        for a in cards_of:
            for b in cards_of:
                if a["defense"] >= b["defense"] and total(a["summer"]) >= total(b["summer"]):
                    assert a["gp"] >= b["gp"], (a["name"], b["name"])
        # the deck is not one profile cycled: defense and costs spread over the level's range
        assert len({c["defense"] for c in cards_of}) == 3
        assert len({total(c["summer"]) for c in cards_of}) == 3


def test_summer_cheaper_than_winter(raids, paris):
    for c in raids + [paris]:
        for key in ("ships", "axes", "vikings"):
            assert c["summer"][key] <= c["winter"][key], (c["name"], key)
        assert total(c["summer"]) < total(c["winter"]), c["name"]


def test_shields_balanced_and_creatures_fit_the_creature_deck(raids, paris):
    colours = Counter(s for c in raids for s in c["shields"])
    assert set(colours) == {"yellow", "blue", "red"}
    assert max(colours.values()) - min(colours.values()) <= 1
    for lv in LEVELS:
        per = Counter(s for c in raids if c["level"] == lv for s in c["shields"])
        assert max(per.values()) - min(per.values()) <= 1, lv
    creatures = [c for c in raids if c["creature"]]
    assert len(creatures) == 6 and all(c["level"] != "I" for c in creatures)
    for n in range(2, 7):
        assert 3 <= sum(c["players"] <= n for c in creatures) <= 6
    assert paris["defense"] >= max(c["defense"] for c in raids)
    assert total(paris["summer"]) > max(total(c["summer"]) for c in raids)


def test_creature_kinds(game):
    items = cards(game, "creature-cards")
    kinds = Counter(i["kind"] for i in items)
    assert kinds == {"bid": 3, "offering": 3}
    bids = [i for i in items if i["kind"] == "bid"]
    assert {i["pay"].split()[0] for i in bids} == {":symbol/axe:", ":symbol/ship:",
                                                   ":symbol/viking:"}
    for i in bids:
        gp = [int(r["reward"].split()[0]) for r in i["rows"]]
        assert gp == sorted(gp, reverse=True) and gp[-1] > 0, i["name"]
    for i in items:
        if i["kind"] == "offering":
            assert [r["label"] for r in i["rows"]] == ["1-2", "3-4", "5-6"]


# ---- built PDFs --------------------------------------------------------------------------

@pytest.mark.parametrize("deck", list(DECKS))
@pytest.mark.parametrize("profile", PROFILES)
def test_every_deck_builds_in_every_profile(built, deck, profile):
    assert_deck_pages(built(GAME, deck, profile), profile, DECKS[deck])


def test_fronts_name_shield_colours(built, game):
    """Each shield carries its colour's initial under it (colour is not the only cue)."""
    reader = PdfReader(built(GAME, "raid-cards", "pod"))
    items = cards(game, "raid-cards")
    for k, card in enumerate(items):
        page = reader.pages[2 * k]
        words = page.extract_text().split()
        initials = Counter(w for w in words if w in {"Y", "B", "R"})
        assert initials == Counter(s[0].upper() for s in card["shields"]), card["name"]
        assert "DEFENSE" in words and "BATTLE" in words, card["name"]


def test_pod_back_behind_each_front_is_its_own(built, game):
    texts = page_texts(built(GAME, "raid-cards", "pod"))
    items = cards(game, "raid-cards")
    assert len(texts) == 2 * len(items)
    for k, card in enumerate(items):
        front, back = texts[2 * k], texts[2 * k + 1].split()
        assert card["name"] in " ".join(front.split())
        if card["special"]:
            assert "PARIS" in back
        else:
            # the count reads "N+" (a card is in games of N players or more)
            assert f"{card['players']}+" in back and card["level"] in back, card["name"]
            others = {f"{p}{plus}" for p in range(1, 7) for plus in ("", "+")} - {
                f"{card['players']}+"}
            assert not others & set(back)
            assert set(LEVELS) & set(back) == {card["level"]}


@pytest.mark.parametrize("profile", ["a4", "letter"])
def test_duplex_back_behind_each_front_is_its_own(built, game, profile):
    path = built(GAME, "raid-cards", profile)
    reader = PdfReader(path)
    doc = pdfium.PdfDocument(str(path))
    by_name = {c["name"]: c for c in cards(game, "raid-cards")}
    seen = 0
    try:
        for sheet in range(0, len(reader.pages), 2):
            width = float(reader.pages[sheet].mediabox.width)
            front_page = doc[sheet].get_textpage()
            back_page = doc[sheet + 1].get_textpage()
            backs = {(round(p.x), round(p.y)) for p in placements(reader, sheet + 1)}
            for placed in placements(reader, sheet):
                box = (placed.x, placed.y, placed.x + CARD_W, placed.y + CARD_H)
                front = front_page.get_text_bounded(*box)
                name = next(n for n in by_name if n in " ".join(front.split()))
                mx = width - placed.x - CARD_W  # the backs page mirrors the columns
                assert (round(mx), round(placed.y)) in backs
                back = back_page.get_text_bounded(mx, placed.y, mx + CARD_W,
                                                  placed.y + CARD_H).split()
                card = by_name[name]
                if card["special"]:
                    assert "PARIS" in back
                else:
                    assert f"{card['players']}+" in back and card["level"] in back, name
                    assert set(LEVELS) & set(back) == {card["level"]}
                seen += 1
    finally:
        doc.close()
    assert seen == 49


@pytest.mark.parametrize("deck", list(DECKS))
def test_fronts_carry_their_names(built, game, deck):
    text = " ".join(" ".join(page_texts(built(GAME, deck, "a4"))[0::2]).split())
    for card in cards(game, deck):
        assert (card.get("name") or card["title"]) in text, card["id"]


@pytest.mark.parametrize("deck", list(DECKS))
def test_ink_inside_every_card_frame(built, deck):
    assert_ink_in_every_card(built(GAME, deck, "a4"), CARD_W, CARD_H)
