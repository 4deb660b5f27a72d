"""A throw-away sheetgen project for the dice tests, and checks of the deck reader.

The dice.yaml files are the repository's own. Component files (Raid cards, Roll & Might
cards, Mythology cards) belong to other people: the repository's copy is used when it
exists, otherwise a small fixture with the same shape.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from sheetgen.dice.decks import read_deck, slugify
from sheetgen.errors import UserError

REPO = Path(__file__).resolve().parent.parent
GAMES = {
    "roll-and-raid": "Roll & Raid", "rolling-thunder": "Rolling Thunder",
    "roll-and-might": "Roll & Might", "reavers-of-midgard": "Reavers of Midgard",
    "ragnarocks": "Ragnarocks",
}
CITIES = """Aachen Aarhus Antwerp Bordeaux Bremen Bristol Cadiz Chester Cologne Cork Dorestad
Dublin Dunkirk Exeter Hamburg Kiev Limerick Lisbon London Lund Mainz Nantes Novgorod Orleans
Oslo Pisa Quentovic Reims Ribe Rouen Seville Sigtuna Toulouse Tours Trondheim Utrecht Uppsala
Valencia Wexford Winchester Worms York Birka Hedeby Kaupang Staraya Jorvik Lindisfarne""".split()
MYTHS = [
    ("Freya", "simple", False), ("Gullinbursti", "simple", True), ("Fenrir", "simple", False),
    ("Hel", "simple", False), ("Hildisvini", "simple", True), ("Mani", "simple", True),
    ("Nerthus", "simple", True), ("Ratatoskr", "simple", True), ("Aegir", "simple", True),
    ("Blodughofi", "simple", True), ("Ask and Embla", "simple", False), ("Bragi", "simple", True),
    ("Sol", "simple", True), ("Thor", "simple", False), ("Tyr", "simple", True),
    ("Dain, Dvalin, Duneyr and Duratror", "simple", False), ("Fafnir", "advanced", True),
    ("Freyr", "advanced", True), ("Forseti", "advanced", True),
    ("Fjorgyn and Fyorgynn", "advanced", False), ("Gerd", "advanced", True),
    ("Frigg", "advanced", False), ("Heimdallr", "advanced", True), ("Idun", "advanced", False),
    ("Selkolla", "advanced", True), ("Sleipnir", "advanced", True), ("Vali", "advanced", True),
    ("Surtr", "advanced", True), ("Ymir", "advanced", True), ("Odin", "advanced", False),
    ("Jormungandr", "advanced", True), ("Njord", "advanced", True),
]


def fixture_components() -> dict[tuple[str, str], dict]:
    """Return stand-in component files shaped like the real ones."""
    raid = []
    for i, city in enumerate(CITIES):
        players = i // 8 + 1
        level = ["I", "I", "I", "II", "II", "II", "III", "III"][i % 8]
        raid.append({"name": city, "players": players, "level": level})
    cards = []
    for loc in ["Army (East)", "Army (West)", "Army", "Castle (Tower)", "Castle (Throne Room)",
                "Castle", "Market (1-3)", "Market (4-6)", "Market (2,4,6)", "Market (1,3,5)"]:
        for face in (1, 3, 5) if "Army" in loc else (2, 4, 6):
            cards.append({"name": loc, "die": face})
    cards.append({"name": "Wild Die", "die": "any", "count": 2})
    myths = [{"name": n, "group": g, "command": c} for n, g, c in MYTHS]
    return {("roll-and-raid", "raid-cards"): {"items": raid},
            ("roll-and-might", "cards"): {"items": cards},
            ("ragnarocks", "mythology-cards"): {"items": myths}}


def make_project(root: Path) -> Path:
    """Create a project under ``root`` with the five games' dice.yaml and their decks."""
    for game, name in GAMES.items():
        folder = root / "data" / game
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "game.yaml").write_text(f"name: {name}\n", encoding="utf-8")
        shutil.copy(REPO / "data" / game / "dice.yaml", folder / "dice.yaml")
    for (game, comp), data in fixture_components().items():
        real = REPO / "data" / game / f"{comp}.yaml"
        target = root / "data" / game / f"{comp}.yaml"
        if real.is_file():
            shutil.copy(real, target)
        else:
            target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return root


def test_fixture_decks_read(tmp_path):
    root = make_project(tmp_path)
    _, raid = read_deck(root / "data" / "roll-and-raid", "raid-cards")
    setup_cards = [c for c in raid if c.fields.get("players") is not None]  # all but Paris
    assert len(raid) - len(setup_cards) <= 1
    assert all(c.fields.get("level") in ("I", "II", "III") for c in setup_cards)
    assert all(1 <= int(c.fields["players"]) <= 6 for c in setup_cards)
    _, myths = read_deck(root / "data" / "ragnarocks", "mythology-cards")
    assert "odin" in {c.id for c in myths}


def test_reader_expands_counts_and_slugs_names(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        "items:\n  - {name: Wild Die, count: 2}\n  - {name: Ask and Embla, id: ask}\n"
        "  - {name: Gone, count: 0}\n", encoding="utf-8")
    _, cards = read_deck(tmp_path, "deck")
    assert [(c.id, c.copy, c.order) for c in cards] == [("wild-die", 1, 0), ("wild-die", 2, 1),
                                                        ("ask", 1, 2)]
    assert cards[0].line == 2 and cards[2].line == 3
    assert slugify("Gullinbursti & Sól") == "gullinbursti-sol"


def test_reader_errors_point_at_the_line(tmp_path):
    (tmp_path / "deck.yaml").write_text("items:\n  - {name: A}\n  - {name: B, count: two}\n",
                                        encoding="utf-8")
    with pytest.raises(UserError) as exc:
        read_deck(tmp_path, "deck")
    assert exc.value.problems[0].line == 3 and "count" in exc.value.problems[0].message
    with pytest.raises(UserError, match="not found"):
        read_deck(tmp_path, "missing")
