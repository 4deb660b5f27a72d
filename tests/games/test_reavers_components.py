"""Reavers of Midgard: every component the rulebook names prints, with the decided contents."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from pdfcheck import MM, ink_fraction, page_texts, placements, render, text_of
from sheetgen.generate.games import load_game

GAME = "reavers-of-midgard"
DECKS = {  # component: cards decided in its YAML
    "reaver-cards": 60, "village-spoils": 48, "keep-spoils": 48, "journey-cards": 24,
    "sea-battle-cards": 30, "prophecy-cards": 24, "territory-tiles": 40,
    "ship-upgrade-tiles": 12, "player-boards": 5, "tokens": 100, "markers": 6,
    "pawns": 11,  # 10 Longship pawns and the Honor Ship, folding standees
    "reference": 27,  # five aids for each of 5 players, setup and contents once
    "clarifications": 9,  # this edition's rulings R1-R22
    "printable-dice": 24,  # six faces of each Crew die colour and of the Combat die (D-dice)
    "dice-stickers": 24,  # the same faces, as stickers
}
LOCATIONS = ("Recruit Reavers", "Trade with Villages", "Raid Villages", "Raid Keeps",
             "Battle at Sea", "Conquer Territories")
PILLAGEABLE = {"farm", "wall", "tower"}


@pytest.fixture(scope="module")
def game(project):
    """The loaded game."""
    return load_game(project, GAME)


def items(game, component):
    """Return the fields of every item of ``component`` (defaults applied)."""
    comp = game.component(component).model
    return [{**comp.defaults, **item.fields()} for item in comp.items]


def total(game, component) -> int:
    """Return the number of physical cards of ``component`` (a row filler left out)."""
    model = game.component(component).model
    filler = getattr(model, "row_filler", None)
    return sum(item.count for item in model.items if item.id != filler)


def test_every_component_listed_and_counted(game):
    assert set(game.spec.components) == set(DECKS) | {"board", "dice-aid", "how-to-print"}
    for component, count in DECKS.items():
        assert total(game, component) == count, component


def test_dice_faces_match_the_dice_engine(game, project):
    import yaml

    dice = yaml.safe_load((project.root / "data" / GAME / "dice.yaml").read_text())
    faces = {f for die in dice["dice"].values() for f in die["faces"] if isinstance(f, str)}
    used = set()
    for component in ("reaver-cards", "journey-cards", "sea-battle-cards", "village-spoils"):
        for item in items(game, component):
            text = " ".join(str(v) for v in item.values())
            used |= set(re.findall(r":(?:symbol/|reavers-dice/)?([a-z-]+):", text)) & {
                "hammer", "two-hammers", "shield", "chest", "ship"}
            used |= {item.get("face"), item.get("die")} & faces
    assert used <= faces and {"hammer", "two-hammers", "shield", "chest", "ship"} <= faces
    colours = {d["colour"] for d in dice["dice"].values()}
    for name in ("crew-red", "crew-blue", "crew-yellow"):
        assert game.spec.colors[name] in colours


def board_element(project, element_id):
    """Return one element of the board's template, as written."""
    import yaml

    template = yaml.safe_load((project.root / "templates" / "reavers-board.yaml").read_text())
    return next(e for e in template["elements"] if e.get("id") == element_id)


def test_reavers_last_six_rounds_at_max_players(game, project):
    recruit = board_element(project, "recruit-spaces")["spaces"]
    # each player space is labelled "N · P players": N its place in the fill order
    at_max = [s for s in recruit if re.match(r"\d · ", s.get("label", ""))]
    # a cross-formation space takes two cards (rulebook: "designed to hold 2 cards")
    assert sum(2 if s.get("cross") else 1 for s in at_max) == 8
    assert [s["label"] for s in at_max if s.get("cross")] == ["1 · 2+ players", "6 · 5 players"]
    assert total(game, "reaver-cards") >= 6 * 8
    for reaver in items(game, "reaver-cards"):
        assert reaver["faction"] in {"wolf", "raven", "boar", "serpent"}
        assert reaver["location"] in {"village", "keep", "conquer", "sea"}
        assert 1 <= len(reaver["roll"]) <= 2 and 1 <= len(reaver["rally"]) <= 2
        assert set(reaver["roll"] + reaver["rally"]) <= {"red", "blue", "yellow"}
        assert reaver["ability"]


def test_spoils_rules(game):
    village = items(game, "village-spoils")
    keep = items(game, "keep-spoils")
    assert {i["type"] for i in village} == {"farm", "wall", "upgrade", "artifact"}
    assert {i["type"] for i in keep} == {"treasure", "wall", "tower"}
    for card in village + keep:
        if card["type"] in PILLAGEABLE:
            assert int(card["defense"]) > 0 and ":symbol/glory:" in card["reward"], card["name"]
        if card["type"] == "treasure":
            assert card["set"] == sorted(card["set"]) and len(card["set"]) >= 2
        if card["type"] == "artifact":
            assert card["glory"] and card["trigger"] and card["effect"]
    assert sum(i["count"] for i in village if i["type"] == "artifact") >= 4
    # one Ship Upgrade card per token, same faces
    cards = sorted((i["face"], i["count"]) for i in village if i["type"] == "upgrade")
    tokens = sorted((i["face"], i["count"]) for i in items(game, "ship-upgrade-tiles"))
    assert cards == tokens


def test_territories_sea_battles_and_journeys(game):
    tiles = items(game, "territory-tiles")
    assert {t["type"] for t in tiles} == {"hamlet", "forest", "grove", "highland"}
    for kind in ("hamlet", "forest", "grove", "highland"):
        assert sum(t["count"] for t in tiles if t["type"] == kind) == 10
    assert all(t["reward"] for t in tiles)
    for battle in items(game, "sea-battle-cards"):
        assert int(battle["badge"]) >= 4 and battle["pay"].startswith(":reavers-dice/")
        assert battle["gain"].startswith("**Win:**") and ":symbol/glory:" in battle["gain"]
        assert battle["body"].startswith("**Spend exactly** these dice")
        assert "Combat ≥ DEF" in battle["body"]
    journeys = items(game, "journey-cards")
    assert any(j["name"] == "All Quiet" for j in journeys)
    assert sum(j["count"] for j in journeys if j["name"] != "All Quiet") >= 8


def test_five_longships_and_needed_tokens(game):
    boards = items(game, "player-boards")
    assert len(boards) == 5 and len({b["color"] for b in boards}) == 5
    tokens = {t["name"]: t["count"] for t in
              items(game, "tokens") + items(game, "markers") + items(game, "pawns")}
    for name in ("Start Player", "Honor Ship", "Round marker", "Favor", "Troll trophy",
                 "Kraken trophy", "Food 1"):
        assert tokens.get(name, 0) >= 1, name
    assert sum(n for k, n in tokens.items() if k.endswith(("Crimson", "Azure", "Green", "Ochre",
                                                           "Purple"))) == 10
    # a trophy for every card that awards one (the supply runs out only after a reshuffle)
    awards = {"troll": 0, "kraken": 0}
    for component in ("territory-tiles", "sea-battle-cards", "journey-cards"):
        for card in items(game, component):
            text = f"{card.get('reward', '')} {card.get('body', '')}"
            for kind in awards:
                awards[kind] += card["count"] * (f":symbol/{kind}:" in text
                                                 or f"{kind.title()} trophy" in text)
    assert tokens["Troll trophy"] >= awards["troll"] and tokens["Kraken trophy"] >= awards["kraken"]


def test_dice_aid_lists_every_die_of_dice_yaml(game, project, built):
    import yaml

    dice = yaml.safe_load((project.root / "data" / GAME / "dice.yaml").read_text())["dice"]
    rows = items(game, "dice-aid")[0]["rows"]
    assert rows[0] == ["", "1", "2", "3", "4", "5", "6"]  # a column per face, a d6's pips
    heads = [row[0] for row in rows[1:]]
    for die in dice.values():
        # a row per die: its mark ("R"), else its name; then its faces
        head = die.get("mark") or die["name"]
        shown = re.findall(r":([a-z-]+):|(\d+)", " ".join(rows[1 + heads.index(head)][1:]))
        assert [a or int(b) for a, b in shown] == die["faces"], die["name"]
    text = PdfReader(built(GAME, "dice-aid", "pod")).pages[0].extract_text()
    assert all(head in text for head in heads)


def test_rules_the_rulebook_leaves_open_are_printed(game):
    def texts(component):
        return " ".join(f"{c.get('body', '')} {c.get('reward', '')}"
                        for c in items(game, component))

    prophecies = texts("prophecy-cards")
    assert "before the end-game sweep" in prophecies and "round down" in prophecies
    # a lost Sea Battle: the card prints what a win gives; the loss is on every player's aid
    assert all(b["gain"].startswith("**Win:**") for b in items(game, "sea-battle-cards"))
    assert "**Battle at Sea** lost: discard" in texts("reference")
    assert "colour of your choice" in texts("territory-tiles")
    aids = texts("reference")
    for words in ("2 players: 2 each", "never back",
                  "**Trophy** none left: score its :symbol/glory: now", "Master of the Hall",
                  "Total ≥ the card's or tile's DEF wins",
                  "lose what you have; Glory stops at 0"):
        assert words in aids, words


@pytest.mark.parametrize("component,names", [
    ("reaver-cards", ["Ulf Bloodaxe", "Specialize", "ROLL", "RALLY"]),
    ("village-spoils", ["Barley Farm", "Pillage", "DEF"]),
    ("keep-spoils", ["Silver Coins", "Set"]),
    ("journey-cards", ["All Quiet", "Storm at Sea"]),
    ("sea-battle-cards", ["Merchant Knarr", "Spend exactly", "DEF"]),
    ("prophecy-cards", ["Jarl of Many Lands", "At game end"]),
    ("territory-tiles", ["Fjord Hamlet", "Peacefully"]),
    ("ship-upgrade-tiles", ["Shield Rail", "USED", "Dragon Prow"]),
    ("player-boards", ["Longship of the Crimson Clan", "Leader", "Raid Keeps"]),
    ("board", ["Recruit Reavers", "2+ players"]),
    ("tokens", ["Start Player"]),
    ("markers", ["+100"]),
    ("pawns", ["Crimson", "Honor Ship"]),
    ("reference", ["A Round", "Dice and Combat", "Final Scoring"]),
    ("dice-aid", ["Crew and Combat Dice", "Combat die"]),
])
def test_text_and_ink_on_first_page(built, component, names):
    path = built(GAME, component, "a4")
    reader = PdfReader(path)
    # pypdf's text of the first four pages, read once per run (pdfcheck.page_texts)
    text = " ".join(page_texts(path, range(min(4, len(reader.pages)))))
    flat = re.sub(r"\s+", " ", text).lower()
    for name in names:
        assert name.lower() in flat, f"{component}: {name!r} not found"
    image = render(path, 0)
    height = float(reader.pages[0].mediabox.height)
    faces = placements(reader, 0)
    assert faces
    for face in faces:
        x0, y0, x1, y1 = face.clip
        assert ink_fraction(image, (x0 + 2 * MM, y0 + 2 * MM, x1 - 2 * MM, y1 - 2 * MM),
                            height) > 0.02, f"{component}: blank face at {face.x:.0f},{face.y:.0f}"


def test_one_board_with_six_locations(built):
    """One face: whole on one pod page within 24 x 18 in, tiled with a page map at home."""
    pod = PdfReader(built(GAME, "board", "pod"))
    assert len(pod.pages) == 1
    trim, bleed = pod.pages[0].trimbox, pod.pages[0].bleedbox
    assert float(trim.width) == pytest.approx(600 * MM, abs=0.1)
    assert float(trim.height) == pytest.approx(445 * MM, abs=0.1)
    assert max(float(bleed.width), float(bleed.height)) <= 24 * 72 + 0.1
    assert min(float(bleed.width), float(bleed.height)) <= 18 * 72 + 0.1
    text = re.sub(r"\s+", " ", pod.pages[0].extract_text())
    for name in LOCATIONS:
        assert name.lower() in text.lower(), name
    home = PdfReader(built(GAME, "board", "a4"))
    assert len(home.pages) > 4
    assert "page map" in home.pages[0].extract_text()
    assert "tile R1·C1" in home.pages[1].extract_text()


def test_defense_numbers_extractable(built):
    text = PdfReader(built(GAME, "territory-tiles", "a4")).pages[0].extract_text()
    for defense in ("3", "5", "6", "8"):
        assert defense in text


def test_pod_deck_one_face_per_page(built, game):
    reader = PdfReader(built(GAME, "sea-battle-cards", "pod"))
    assert len(reader.pages) == 2 * total(game, "sea-battle-cards")
    trim = reader.pages[0].trimbox
    assert float(trim.width) == pytest.approx(44.45 * MM, abs=0.05)
    assert float(trim.height) == pytest.approx(63.5 * MM, abs=0.05)


def printed_aids(built) -> str:
    return text_of(built(GAME, "reference", "a4"))


def test_setup_card_gives_every_player_their_start(built):
    text = printed_aids(built)
    assert "Setup Once, before round 1" in text
    for words in ("last to see the ocean", "3 players: the Honor Ship too",
                  "its pawn (2 with 2 players)", "Glory marker on 0",
                  "3 Crew dice (one per colour, rolled)",
                  "1 Prophecy", "+1 per seat after the Start Player",
                  "Shuffle the six decks", "shuffle each type, stack it",
                  "Round marker on 1"):
        assert words in text, words


def test_contents_card_counts_what_the_set_prints(game, built):
    text = printed_aids(built)
    contents = text[text.index("Contents This print-and-play set"):]
    printed = {
        "reaver-cards": r"(\d+) Reaver", "village-spoils": r"(\d+) Village Spoils",
        "keep-spoils": r"(\d+) Keep Spoils", "journey-cards": r"(\d+) Sea Journey",
        "sea-battle-cards": r"(\d+) Battle at Sea", "prophecy-cards": r"(\d+) Prophecy",
        "reference": r"(\d+) player aids", "dice-aid": r"(\d+) dice aids",
        "territory-tiles": r"(\d+) Territory", "ship-upgrade-tiles": r"(\d+) Ship Upgrade",
        "player-boards": r"(\d+) Longships", "markers": None,
    }
    for component, pattern in printed.items():
        if pattern:
            assert int(re.search(pattern, contents).group(1)) == total(game, component), component
    pawns = sum(i.count for i in game.component("pawns").model.items if i.name != "Honor Ship")
    assert f"{pawns} Longship pawns" in contents
    tokens = {i.name: i.count for i in game.component("tokens").model.items}
    assert f"40 1 · 10 5 · {tokens['Favor']} · {tokens['Troll trophy']} · " \
        f"{tokens['Kraken trophy']} · Start Player" in contents
    assert (tokens["Food 1"], tokens["Food 5"]) == (40, 10)
