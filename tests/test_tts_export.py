"""Tabletop Simulator export: face sheets whose grid matches the saved object's CustomDeck."""

import json

import pytest
from PIL import Image

from conftest import REPO, run_cli
from sheetgen.generate.games import load_game
from sheetgen.load.project import Project


def _export(tmp_path, game: str, *components: str):
    result = run_cli("build", "-q", game, *components, "-p", "tts", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    return tmp_path / game


@pytest.mark.slow
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


@pytest.mark.slow
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


# Tabletop Simulator's d6 template (Modding/Dice Templates, shown on the knowledge base's
# Custom Dice page): a square of 3 x 3 cells, the top row unused, faces 2, 4, 5 in the middle
# row and 1, 3, 6 in the bottom row, 1 and 6 upside down. (column, row) of each face:
TTS_D6_CELLS = {2: (0, 1), 4: (1, 1), 5: (2, 1), 1: (0, 2), 3: (1, 2), 6: (2, 2)}


def _cells(texture_path):
    texture = Image.open(texture_path).convert("L")
    width, height = texture.size
    assert width == height and width % 3 == 0 and width // 3 >= 256
    size = width // 3
    return {face: texture.crop((c * size, r * size, (c + 1) * size, (r + 1) * size))
            for face, (c, r) in TTS_D6_CELLS.items()}


def _blobs(cell) -> int:
    """Count the spots (pips) that stand out from a face's colour, on a coarse grid; the die's
    mark (a corner index: a letter in the top-left corner, the bottom-right on an upside-down
    face) is no pip."""
    small = cell.resize((48, 48))
    background = small.getpixel((24, 1))
    mark = {(x, y) for corner in (range(0, 11), range(37, 48)) for x in corner for y in corner}
    light = {(x, y) for x in range(48) for y in range(48)
             if abs(small.getpixel((x, y)) - background) > 60 and (x, y) not in mark}
    count = 0
    while light:
        count += 1
        todo = [light.pop()]
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in light:
                    light.remove(near)
                    todo.append(near)
    return count


def _same(a, b) -> bool:
    from PIL import ImageChops

    return max(ImageChops.difference(a, b).getextrema()) <= 40


def test_printable_dice_are_custom_dice_with_the_tts_d6_texture(tmp_path):
    folder = _export(tmp_path, "roll-and-raid", "printable-dice") / "printable-dice-tts"
    objects = json.loads((folder / "printable-dice.json").read_text())["ObjectStates"]
    spec = load_game(Project.at(REPO), "roll-and-raid").component("printable-dice").model
    dice = [item.model_extra for item in spec.items[::6]]  # six faces a die
    # one Custom_Dice per die and copy (the two Raid dice: copies: {raid: 2})
    assert [o["Nickname"] for o in objects] == [
        die["die_name"] for die in dice for _ in range(spec.copies.get(die["die"], 1))]
    assert len(objects) > len(dice) and len({o["CustomImage"]["ImageURL"] for o in objects}) \
        == len(dice)  # copies share their die's texture
    for obj in objects:
        assert obj["Name"] == "Custom_Dice"
        assert obj["CustomImage"]["CustomDice"] == {"Type": 1}  # TTS: 0 d4, 1 d6 ... 5 d20
        assert [r["Value"] for r in obj["RotationValues"]] == ["1", "2", "3", "4", "5", "6"]
        texture = folder / obj["CustomImage"]["ImageURL"].removeprefix(f"file://{folder}/")
        assert texture.is_file()
        # each cell of the template shows the face TTS expects there (its number of pips)
        cells = _cells(texture)
        assert {face: _blobs(cell) for face, cell in cells.items()} == {
            n: n for n in range(1, 7)}
    assert (folder / "printable-dice.png").is_file()


def test_tts_turns_faces_one_and_six_upside_down(copy_game, tmp_path, private_cache_dir):
    root = copy_game("reavers-of-midgard")
    dice = root / "data" / "reavers-of-midgard" / "dice.yaml"
    text = dice.read_text(encoding="utf-8")
    old = "faces: [hammer, hammer, two-hammers, two-hammers, shield, ship]"
    assert old in text
    dice.write_text(text.replace(old, "faces: [hammer, hammer, shield, shield, ship, ship]"),
                    encoding="utf-8")
    result = run_cli("--project", str(root), "build", "-q", "reavers-of-midgard",
                     "printable-dice", "-p", "tts", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "reavers-of-midgard" / "printable-dice-tts"
    first = json.loads((folder / "printable-dice.json").read_text())["ObjectStates"][0]
    assert [r["Value"] for r in first["RotationValues"]] == [
        "hammer", "hammer", "shield", "shield", "ship", "ship"]
    cells = _cells(folder / "die-1.png")
    assert _same(cells[1].rotate(180), cells[2]) and not _same(cells[1], cells[2])
    assert _same(cells[3], cells[4])
    assert _same(cells[6].rotate(180), cells[5]) and not _same(cells[6], cells[5])
