"""A throw-away sheetgen project for the dice tests (a copy of the five games' data), and
checks of the deck reader."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sheetgen.dice.decks import read_deck, slugify
from sheetgen.base.errors import UserError

REPO = Path(__file__).resolve().parent.parent
GAMES = {
    "roll-and-raid": "Roll & Raid", "rolling-thunder": "Rolling Thunder",
    "roll-and-might": "Roll & Might", "reavers-of-midgard": "Reavers of Midgard",
    "ragnarocks": "Ragnarocks",
}


def make_project(root: Path) -> Path:
    """Copy the five games' data files (dice.yaml, the decks it reads, their tables)."""
    for game in GAMES:
        folder = root / "data" / game
        folder.mkdir(parents=True, exist_ok=True)
        for path in (REPO / "data" / game).glob("*.*"):
            if path.suffix in (".yaml", ".csv", ".xlsx"):
                shutil.copy(path, folder / path.name)
    return root


def test_game_decks_read(tmp_path):
    root = make_project(tmp_path)
    _, raid = read_deck(root / "data" / "roll-and-raid", "raid-cards")
    setup_cards = [c for c in raid if c.fields.get("players") is not None]  # all but Paris
    assert len(raid) - len(setup_cards) <= 1
    assert all(c.fields.get("level") in ("I", "II", "III") for c in setup_cards)
    assert all(1 <= int(c.fields["players"]) <= 6 for c in setup_cards)
    _, myths = read_deck(root / "data" / "ragnarocks", "mythology-cards")
    assert "odin" in {c.id for c in myths}


DECK_HEAD = "id: deck\ntitle: Deck\nkind: cards\nfront: poker-front\n"


def test_reader_expands_counts_and_slugs_names(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        DECK_HEAD + "items:\n  - {name: Wild Die, count: 2}\n  - {name: Ask and Embla, id: ask}\n"
        "  - {name: Gone, count: 0}\n", encoding="utf-8")
    _, cards = read_deck(tmp_path, "deck")
    assert [(c.id, c.copy, c.order) for c in cards] == [("wild-die", 1, 0), ("wild-die", 2, 1),
                                                        ("ask", 1, 2)]
    assert cards[0].line == 6 and cards[2].line == 7
    assert slugify("Gullinbursti & Sól") == "gullinbursti-sol"


def test_reader_takes_defaults_titles_and_norse_letters_as_the_renderer_does(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        DECK_HEAD + "defaults: {count: 3}\nitems:\n  - {title: Þórr's Hammer}\n"
        "  - {name: Gerðr, count: 1}\n", encoding="utf-8")
    _, cards = read_deck(tmp_path, "deck")
    assert [(c.id, c.name) for c in cards] == [("thorr-s-hammer", "Þórr's Hammer")] * 3 + [
        ("gerdr", "Gerðr")]
def test_reader_errors_point_at_the_line(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        DECK_HEAD + "items:\n  - {name: A}\n  - {name: B, count: two}\n", encoding="utf-8")
    with pytest.raises(UserError) as exc:
        read_deck(tmp_path, "deck")
    assert exc.value.problems[0].line == 7 and "count" in exc.value.problems[0].message
    with pytest.raises(UserError, match="not found"):
        read_deck(tmp_path, "missing")


def test_a_deck_computed_by_a_generator_is_refused_at_its_items_from_line(tmp_path):
    # a dice.yaml deck is read as written: the loader never computes items (the dice-deck
    # generator itself reads decks, so a generated deck would read itself)
    (tmp_path / "deck.yaml").write_text(
        DECK_HEAD + "items_from:\n  generator: dice-deck\n", encoding="utf-8")
    with pytest.raises(UserError) as exc:
        read_deck(tmp_path, "deck")
    problem = exc.value.problems[0]
    assert problem.line == 5 and "computed by generator 'dice-deck'" in problem.message
