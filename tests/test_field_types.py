"""Typed item fields (``fields: {die: {type: int, min: 1, max: 6}}``): every item's value is
checked where it was written, the shipped decks type theirs, and typing changes no output."""

from __future__ import annotations

import csv
import shutil

import pytest

from conftest import REPO, run_cli
from sheetgen.generate.games import load_game
from sheetgen.load.project import Project


@pytest.fixture
def might(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-might", tmp_path / "data" / "roll-and-might")
    return tmp_path, tmp_path / "data" / "roll-and-might"


def test_not_a_number_in_the_die_column_is_refused_at_its_cell(might):
    root, game = might
    with (game / "cards.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    die = rows[0].index("die")
    rows[4][die] = "not-a-number"
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    for command in ("validate", "build"):
        result = run_cli("--project", str(root), command, "roll-and-might", "cards")
        assert result.exit_code == 2, result.output
        assert (f"cards.csv:5:{die + 1}: die: expected a whole number from 1 to 6 or 'any', "
                "got 'not-a-number'") in result.output
    assert not (root / "out").exists()


def test_yaml_items_defaults_and_required_fields_are_checked_at_their_lines(tmp_path):
    game = tmp_path / "data" / "typed"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: typed\nname: Typed\ncomponents: [deck]\n")
    (game / "deck.yaml").write_text(
        "id: deck\ntitle: Deck\nkind: cards\nfront: plain\n"
        "fields:\n"
        "  die: {type: int, min: 1, max: 6}\n"
        "  level: {choices: [I, II, III], required: true}\n"
        "  ships: {type: int}\n"
        "defaults:\n"
        "  ships: many\n"                                   # line 10
        "items:\n"
        "  - {name: A, die: 3, level: I}\n"
        "  - name: B\n"                                     # line 13
        "    die: 7\n"                                      # line 14
        "    level: II\n"
        "  - {name: C, die: 2, level: IV}\n"                # line 16
        "  - {name: D, die: 2}\n")                          # line 17
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "plain.yaml").write_text(
        "width: 63.5mm\nheight: 88.9mm\nelements:\n"
        "  - {type: text, x: 5mm, y: 5mm, w: 50mm, h: 10mm, text: \"{{ name }}\", size: 12}\n")
    result = run_cli("--project", str(tmp_path), "validate", "typed")
    assert result.exit_code == 2
    out = result.output
    assert "deck.yaml:10: defaults: ships: expected a whole number, got 'many'" in out
    assert "deck.yaml:14: item 'b': die: expected a whole number from 1 to 6, got 7" in out
    assert "deck.yaml:16: item 'c': level: expected one of 'I', 'II', 'III', got 'IV'" in out
    assert "deck.yaml:17: item 'd': field 'level' is required (one of 'I', 'II', 'III')" in out
    assert "item 'a'" not in out


def test_a_variant_value_is_typed_too(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    (tmp_path / "data" / "roll-and-raid" / "variants" / "typo.yaml").write_text(
        "title: Typo\nchanges:\n  raid-cards:\n    york: {defense: nine}\n")
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-raid")
    assert result.exit_code == 2
    assert ("variants/typo.yaml:4: item 'york': defense: expected a whole number from 1 to 12, "
            "got 'nine'") in result.output


SHIPPED_DECKS = {"ragnarocks": ["mythology-cards"],
                 "reavers-of-midgard": ["reaver-cards", "village-spoils", "keep-spoils",
                                        "journey-cards", "sea-battle-cards", "prophecy-cards",
                                        "territory-tiles", "ship-upgrade-tiles"],
                 "roll-and-might": ["cards"],
                 "roll-and-raid": ["raid-cards", "creature-cards", "dice-deck"]}


@pytest.mark.parametrize("game", sorted(SHIPPED_DECKS))
def test_the_shipped_decks_type_their_fields(game):
    loaded = load_game(Project.at(REPO), game)
    for deck in SHIPPED_DECKS[game]:
        model = loaded.component(deck).model
        assert model.fields, f"{game}/{deck} types no field"
        used = {name for item in model.items for name in (item.model_extra or {})}
        assert set(model.fields) <= used | set(model.defaults), (game, deck)
