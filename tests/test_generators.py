"""Computed items: the balanced dice deck and the exact Raid odds table."""

from __future__ import annotations

from collections import Counter

from pypdf import PdfReader

from conftest import run_cli
from sheetgen.generate.generators import generate
from sheetgen.generate.games import load_game

ODDS = """id: odds
title: Raid odds
kind: cards
front: odds-front
items_from:
  generator: dice-odds
  options: {deck: raids, field: defense, bonuses: [0, 2, 4], title: Raid odds}
"""
RAIDS = """id: raids
title: Raids
kind: cards
front: reference-front
defaults: {body: x}
items:
  - {name: Lindisfarne, title: Lindisfarne, defense: 7}
  - {name: York, title: York, defense: 10, count: 2}
  - {name: Paris, title: Paris, defense: 12}
"""


def test_dice_deck_holds_every_pair_once(project):
    deck = load_game(project, "roll-and-raid").component("dice-deck")
    items = [item.fields() for item in deck.model.items]
    assert len(items) == 36
    sums = Counter(item["dice_total"] for item in items)
    assert sums[7] == 6 and sums[2] == 1 and sums[12] == 1
    assert len({(i["die1"], i["die2"]) for i in items}) == 36


def test_raid_odds_are_exact_and_printed(tmp_path):
    game = tmp_path / "data/raidgame"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: raidgame\nname: Raid game\ncomponents: [odds, raids]\n")
    (game / "odds.yaml").write_text(ODDS)
    (game / "raids.yaml").write_text(RAIDS)
    (item,) = generate("dice-odds", {"deck": "raids", "field": "defense", "bonuses": [0, 2, 4]},
                       game)
    assert item["targets"] == [7, 10, 12]
    # 2d6 >= 7: 21/36 = 58%; >= 5 (7 with +2): 30/36 = 83%; >= 3: 35/36 = 97%
    assert item["rows"][1] == [7, "58%", "83%", "97%"]
    assert item["rows"][3] == [12, "3%", "17%", "42%"]
    result = run_cli("--project", str(tmp_path), "build", "raidgame", "odds", "-p", "pod")
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "out/raidgame/odds-pod.pdf").pages[0].extract_text()
    assert "58%" in text and "97%" in text and "Raid odds" in text


def test_unknown_generator_is_a_located_error(tmp_path):
    game = tmp_path / "data/raidgame"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: raidgame\nname: Raid game\ncomponents: [odds]\n")
    (game / "odds.yaml").write_text(ODDS.replace("dice-odds", "raid-oddz"))
    result = run_cli("--project", str(tmp_path), "validate", "raidgame")
    assert result.exit_code == 2
    # blamed at the generator: line itself
    assert "odds.yaml:6" in result.output and "unknown generator 'raid-oddz'" in result.output


def test_defaults_count_applies_to_items_without_their_own(tmp_path):
    from sheetgen.load.project import Project

    game = tmp_path / "data/raidgame"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: raidgame\nname: Raid game\ncomponents: [raids]\n")
    (game / "raids.yaml").write_text(RAIDS.replace("defaults: {body: x}",
                                                   "defaults: {body: x, count: 3}"))
    deck = load_game(Project.at(tmp_path), "raidgame").component("raids")
    assert [item.count for item in deck.model.items] == [3, 2, 3]


def test_roll_and_raid_odds_card_follows_the_raid_deck(project, built):
    raids = load_game(project, "roll-and-raid").component("raid-cards")
    defenses = sorted({item.fields()["defense"] for item in raids.model.items
                       if item.fields().get("defense")})
    odds = load_game(project, "roll-and-raid").component("odds-card").model.items[0].fields()
    assert odds["targets"] == defenses
    text = PdfReader(built("roll-and-raid", "odds-card", "pod")).pages[0].extract_text()
    for row in odds["rows"][1:]:
        assert f"{row[1]}" in text  # every +0 chance is printed
