"""Tabletop Simulator export: face sheets whose grid matches the saved object's CustomDeck."""

import json

from PIL import Image

from conftest import REPO, run_cli
from sheetgen.api import load_game
from sheetgen.project import Project


def _export(tmp_path, game: str, *components: str):
    result = run_cli("build", "-q", game, *components, "-p", "tts", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    return tmp_path / game


def test_a_deck_exports_sheets_and_a_custom_deck_that_matches_them(tmp_path):
    folder = _export(tmp_path, "roll-and-raid", "raid-cards") / "raid-cards-tts"
    saved = json.loads((folder / "raid-cards.json").read_text())
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Raid cards"
    spec = load_game(Project.at(REPO), "roll-and-raid").component("raid-cards").model
    copies = sum(item.count for item in spec.items)
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(names) == len(deck["DeckIDs"]) == copies
    assert {item.model_extra["name"] for item in spec.items} == set(names)
    slots = 0
    for key, entry in deck["CustomDeck"].items():
        face = folder / entry["FaceURL"].removeprefix(f"file://{folder}/")
        assert entry["FaceURL"] == face.as_uri() and face.is_file()
        image = Image.open(face)
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        # 63.5 x 88.9 mm at the profile's 150 dpi: 375 x 525 px per card, no bleed
        assert image.size == (entry["NumWidth"] * 375, entry["NumHeight"] * 525)
        assert max(image.size) <= 4096
        ids = [i for i in deck["DeckIDs"] if i // 100 == int(key)]
        assert ids == [int(key) * 100 + n for n in range(len(ids))]
        assert len(ids) <= min(69, entry["NumWidth"] * entry["NumHeight"])
        slots += len(ids)
        assert entry["UniqueBack"] is True  # Raid cards carry their own backs
        assert (folder / entry["BackURL"].removeprefix(f"file://{folder}/")).is_file()
    assert slots == copies
    assert (folder / "raid-cards.png").is_file()  # TTS's thumbnail for the saved object


def test_tokens_boards_and_sheets_become_tiles_and_boards(tmp_path):
    game = _export(tmp_path, "ragnarocks", "tokens", "board", "mythology-cards")
    tokens = json.loads((game / "tokens-tts" / "tokens.json").read_text())["ObjectStates"]
    assert {o["Name"] for o in tokens} == {"Custom_Tile"}
    assert all(o["CustomImage"]["ImageURL"].startswith("file://") for o in tokens)
    board = json.loads((game / "board-tts" / "board.json").read_text())["ObjectStates"]
    assert [o["Name"] for o in board] == ["Custom_Board", "Custom_Board"]
    deck = json.loads((game / "mythology-cards-tts" / "mythology-cards.json").read_text())
    entry = deck["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is False and entry["BackURL"].endswith("/back.png")
    sheet = _export(tmp_path / "sheet", "roll-and-might", "score-sheet") / "score-sheet-tts"
    objects = json.loads((sheet / "score-sheet.json").read_text())["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Board"]  # one page, not one per copy


def test_the_export_is_deterministic(tmp_path):
    one = _export(tmp_path, "roll-and-might", "cards") / "cards-tts"
    files = {p.name: p.read_bytes() for p in one.iterdir()}
    again = _export(tmp_path, "roll-and-might", "cards") / "cards-tts"
    assert {p.name: p.read_bytes() for p in again.iterdir()} == files
