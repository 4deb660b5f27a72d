"""The details the spec page (docs/src/dice-spec.md) settles, through the real commands: ids
from names, label printing and patterns, spreadsheet cells, player-count values that match
no count, and playtest variant files (their dice: keys, the body's variant, mistakes at
their own lines). tests/dice_vectors.json pins the same rules for other languages."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import REPO, write_files
from sheetgen.cli import main
from sheetgen.dice.api import make_script
from sheetgen.load.project import Project

DICE = """\
players: {min: 2, max: 4}
rounds: 1
setup:
  - {kind: shuffle, id: deck, label: Deck, deck: wares, show: SHOW}
"""
WARES = """\
id: wares
kind: cards
title: Wares
front: ware
items_from: {csv: wares.csv}
"""


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


def game(tmp_path, show: str = '"{name}"', csv: str = "name\nAmber\n", dice: str = DICE,
         **more: str):
    return write_files(tmp_path, {"data/g/game.yaml": "name: G\n",
                                  "data/g/dice.yaml": dice.replace("SHOW", show),
                                  "data/g/wares.yaml": WARES, "data/g/wares.csv": csv, **more})


def run(root, *args):
    result = CliRunner().invoke(main, ["--project", str(root), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def order(root, players=2, **kw) -> list[str]:
    script = make_script(Project.at(root), "g", players, seed="s", **kw)
    return script.sections[0].events[0].items


def test_labels_print_lists_decimals_and_nulls_the_same_in_every_language(tmp_path):
    # a spreadsheet deck: 1e3 is a decimal (1000.0), tags[] a list, ~ a null
    root = game(tmp_path, '"{name}: {cost} [{tags}] {note}"',
                "name,cost,tags[],note\nAmber,1e3,sea;2;2.5,~\nSalt,0.1,,yes\n")
    # Salt's empty tags cell leaves the field unset: a field the card lacks gives its name
    assert sorted(order(root)) == ["Amber: 1000 [sea, 2, 2.5] —", "Salt"]


@pytest.mark.parametrize("pattern", ["{name.upper}", "{name!r}", "{name:>5}", "{}", "{name",
                                     "name}", "{ name }"])
def test_a_malformed_show_pattern_is_refused_at_its_line(tmp_path, pattern):
    root = game(tmp_path, json.dumps(pattern))
    result = run(root, "dice", "g", "-n", "2", "-s", "x")
    assert result.exit_code == 2, result.output
    assert "data/g/dice.yaml:4: setup.0.shuffle.show: show " in result.output
    assert "opens no {field}" in result.output
    assert "0x" not in result.output  # never an object's address, as '{name.upper}' printed


def test_a_name_without_a_letter_or_digit_to_keep_is_an_error(tmp_path):
    root = game(tmp_path, csv="name\nᚠᚢᚦ\nÞórr's Æsir-ðø\n")
    result = run(root, "dice", "g", "-n", "2", "-s", "x")
    assert result.exit_code == 2
    assert "wares.csv" in result.output and "the name 'ᚠᚢᚦ' gives no id" in result.output
    root = game(tmp_path / "ok", '"{id}"', csv="name\nÞórr's Æsir-ðø\nStraße\n")
    assert sorted(order(root)) == ["strae", "thorr-s-aesir-do"]


def test_a_face_down_count_must_match_every_player_count(tmp_path):
    dice = DICE + ("  - {kind: deal, id: hand, label: Hand, from: deck, per_player: 1,\n"
                   "     face_down: {2: 1}}\n")
    root = game(tmp_path, dice=dice, csv="name\nA\nB\nC\nD\nE\nF\nG\nH\n")
    result = run(root, "dice", "g", "-n", "2", "-s", "x")
    assert result.exit_code == 2
    assert "dice.yaml:6: face_down: no count for 3 players; add the key 3 or 'other'" \
        in result.output


SHORT = "data/g/variants/short.yaml"


@pytest.mark.parametrize("dice, line, message", [
    ("dice:\n  turns: 6\n", 3, "variant 'short': turns: Extra inputs are not permitted"),
    ("dice:\n  rounds: -1\n", 3, "rounds: Input should be greater than or equal to 0"),
    ("dice:\n  steps:\n    nope: {reveal: 1}\n", 4, "changes unknown step(s) ['nope']"),
    ("dice:\n  steps:\n    deck:\n      reveal: lots\n", 5, "Input should be a valid integer"),
])
def test_a_playtest_dice_mistake_is_at_its_line_in_the_variant_file(tmp_path, dice, line,
                                                                   message):
    root = game(tmp_path, **{SHORT: "title: Short\n" + dice})
    result = run(root, "dice", "g", "-n", "2", "-s", "x", "--variant", "short")
    assert result.exit_code == 2
    assert f"{SHORT}:{line}: " in result.output and message in result.output, result.output


def test_a_playtest_file_may_set_rounds_and_the_body_names_it(copy_game):
    root = copy_game("roll-and-might")
    base = make_script(Project.at(root), "roll-and-might", 3, seed="s")
    short = make_script(Project.at(root), "roll-and-might", 3, seed="s", variant="short-game")
    assert len(base.sections) - 1 == 8 and len(short.sections) - 1 == 6
    assert short.body()["variant"] == "short-game" and "variant" not in base.body()
    assert (REPO / "data" / "roll-and-might" / "variants" / "short-game.yaml").is_file()
