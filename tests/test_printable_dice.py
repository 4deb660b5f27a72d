"""Printable dice built from dice.yaml: cube nets (geometry, scale, colours), stickers and
the reference card's faces, for Reavers (custom dice) and the coloured d6 of two games."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, run_cli
from pdfcheck import placements
from sheetgen.impose.imposition.dice_sheet import NET
from sheetgen.base.units import MM

CREW = ["crew-red", "crew-blue", "crew-yellow", "combat"]


def dice_yaml(game):
    return yaml.safe_load((REPO / "data" / game / "dice.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def reavers(built):
    return built("reavers-of-midgard", "printable-dice", "a4")


def test_nets_are_crosses_of_six_faces_at_16_mm(reavers):
    reader = PdfReader(reavers)
    faces = [p for p in placements(reader, 0)]
    nets = [faces[k:k + 6] for k in range(0, len(faces) - len(faces) % 6, 6)]
    assert len(nets) == 9  # three rows of three 16 mm nets on an A4 page
    s = 16 * MM
    for net in nets:
        first = net[0]
        for i, face in enumerate(net):
            col, row = NET[i]
            assert face.x - first.x == pytest.approx((col - 1) * s, abs=0.01)
            assert face.y - first.y == pytest.approx(-(row - 1) * s, abs=0.01)
    content = reader.pages[0].get_contents().get_data()
    assert content.count(b"[2 1.5] 0 d") == 12 * 9  # 7 tab folds + 5 inner folds a net


# What a 5-player game holds at once (rulebook and Longship board): each player at most 6
# Crew dice in the hold plus one on each of 4 Artifacts, and 6 on Trade with Villages; a
# Combat roll of a full hold of two-hammer dice takes 12 Combat dice.
PLAYERS, HOLD, ARTIFACTS, TRADE, COMBAT_ROLL = 5, 6, 4, 6, 2 * 6


def _nets_per_die(reader) -> Counter:
    counts = Counter()
    for page in reader.pages:
        counts.update(re.findall(r"(.+?) \d+/\d+: 16 mm cube", page.extract_text()))
    return counts


@pytest.mark.slow
def test_every_die_of_a_five_player_game_is_printed_as_a_net_and_as_stickers(reavers, built):
    dice = dice_yaml("reavers-of-midgard")["dice"]
    names = {die: dice[die]["name"] for die in CREW}
    reader = PdfReader(reavers)
    nets = _nets_per_die(reader)
    crew = [nets[names[d]] for d in CREW[:3]]
    assert sum(crew) >= PLAYERS * (HOLD + ARTIFACTS) + TRADE
    assert min(crew) >= 20 and nets[names["combat"]] >= COMBAT_ROLL
    # Every net is six faces drawn on the page, nothing else is (no reference card: the Dice
    # aid keys the faces, in columns)
    placed = sum(len(placements(reader, k)) for k in range(len(reader.pages)))
    assert placed == 6 * sum(nets.values())
    stickers = PdfReader(built("reavers-of-midgard", "dice-stickers", "a4"))
    rows = Counter()
    for page in stickers.pages:
        rows.update(re.findall(r"(.+?) \d+/\d+: stickers for a 16 mm blank die",
                               page.extract_text()))
    assert rows == nets


def test_copies_of_an_unknown_die_are_a_located_error(copy_game):
    root = copy_game("reavers-of-midgard")
    path = root / "data/reavers-of-midgard/printable-dice.yaml"
    text = path.read_text()
    path.write_text(text.replace("crew-yellow: 20,", "crew-green: 20,"))
    line = text[:text.index("copies:")].count("\n") + 1
    result = run_cli("--project", str(root), "validate", "reavers-of-midgard", "printable-dice")
    assert result.exit_code == 2
    assert f"printable-dice.yaml:{line}: copies: no die 'crew-green'" in result.output


@pytest.mark.parametrize("game, dice, copies, profile, stickers, sticker_copies", [
    # Rolling Thunder: one copy of the nets serves 1-2 players (ruling T10): each colour twice
    # and two dummies (solo); nets and stickers in files of their own (issue 34: different
    # stock); the sticker sheet is filled (fresh reader: half blank): every die of a 4-player
    # table, two spares of each colour and the two dummies
    ("rolling-thunder", ["red", "blue", "yellow", "dummy"],
     {"red": 2, "blue": 2, "yellow": 2, "dummy": 2},
     "letter", "dice-stickers", {"red": 6, "blue": 6, "yellow": 6, "dummy": 2}),
    # Roll & Raid's box holds two red Raid dice: both print (copies: {raid: 2})
    ("roll-and-raid", ["wood", "metal", "villagers", "raid"], {"raid": 2}, "a4",
     "printable-dice", None)])
def test_coloured_d6_stickers_and_nets(built, game, dice, copies, profile, stickers,
                                       sticker_copies):
    files = [PdfReader(built(game, name, profile)) for name in dict.fromkeys(
        ["printable-dice", stickers])]
    spec = dice_yaml(game)["dice"]
    text = "\n".join(page.extract_text() for reader in files for page in reader.pages)
    for die in dice:
        name = spec[die]["name"]
        if die in copies:
            for n in range(1, copies[die] + 1):
                assert f"{name} {n}/{copies[die]}: 16 mm cube" in text
        else:
            assert f"{name}: stickers for a 16 mm blank die" in text
            assert f"{name}: 16 mm cube" in text
    # Each face on its 16 mm net and as a sticker per copy, and once on the reference card
    # where the game prints one (Rolling Thunder's plain lettered d6 have none).
    printed = sum(copies.get(die, 1) for die in dice)
    stuck = sum((sticker_copies or copies).get(die, 1) for die in dice)
    with_reference = any(
        yaml.safe_load((REPO / "data" / game / f"{name}.yaml").read_text("utf-8")).get(
            "reference") for name in dict.fromkeys(["printable-dice", stickers]))
    placed = [p for reader in files for k in range(len(reader.pages))
              for p in placements(reader, k)]
    assert len(placed) == (printed + stuck) * 6 + (len(dice) * 6 if with_reference else 0)


def test_an_unknown_die_is_a_located_error(copy_game):
    root = copy_game("rolling-thunder")
    path = root / "data/rolling-thunder/printable-dice.yaml"
    path.write_text(path.read_text().replace("yellow, dummy]", "yellow, green]"))
    result = run_cli("--project", str(root), "build", "rolling-thunder", "printable-dice",
                     "--out", str(root / "out"))
    assert result.exit_code == 2 and "no die 'green'" in result.output
    assert "printable-dice.yaml:" in result.output and not (root / "out").exists()


def test_hand_written_dice_items_without_die_name_are_an_error_not_a_traceback(tmp_path):
    import shutil

    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    dice = tmp_path / "data" / "roll-and-raid" / "printable-dice.yaml"
    text = dice.read_text(encoding="utf-8")
    old = "items_from: {generator: dice-faces, options: {dice: [wood, metal, villagers, raid]}}\n"
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    dice.write_text(text.replace(old, "front: plain-face\nitems:\n" + "".join(
        f"  - {{id: f{n}, face: {n}}}\n" for n in range(1, 7))), encoding="utf-8")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "plain-face.yaml").write_text(  # a face that needs no die_name
        "width: 16mm\nheight: 16mm\nbleed: 0mm\nelements:\n"
        "  - {type: text, x: 2mm, y: 2mm, w: 12mm, h: 12mm, text: \"{{ face }}\", size: 12}\n")
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-raid", "printable-dice")
    assert result.exit_code == 2, result.output
    assert f"printable-dice.yaml:{line + 1}: item 'f1': printable dice items need 'die_name'" \
        in result.output


def test_the_faces_card_alone_is_printed_on_a_page_of_its_size(copy_game):
    # issue 35: dice made elsewhere (no nets, no stickers) printed their faces card in the
    # corner of a whole A4 page, under a heading about stickers that were not there
    root = copy_game("rolling-thunder")
    path = root / "data/rolling-thunder/printable-dice.yaml"
    lines = [line for line in path.read_text().splitlines() if not line.startswith("sticker:")]
    text = "\n".join(lines).replace("nets: [16mm]", "nets: []\nsticker: null")
    text = text.replace("reference: null", 'reference: "Rolling Thunder: the dice"')
    path.write_text(text + "\n")
    result = run_cli("--project", str(root), "build", "rolling-thunder", "printable-dice",
                     "-p", "a4", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out/rolling-thunder/printable-dice-a4.pdf")
    (page,) = reader.pages
    width, height = (float(v) / MM for v in page.mediabox[2:])
    # the 63.5 x 88.9 mm card with its 12 mm and 10 mm margins, its heading above
    assert abs(width - (12 + 63.5 + 10)) < 0.1 and 88.9 + 20 < height < 150, (width, height)
    text = page.extract_text()
    assert "The faces of 8 dice: Red × 2" in text and "sticker" not in text
    assert "page 1/1" in text  # the credits' slug, whole, on the smaller page
