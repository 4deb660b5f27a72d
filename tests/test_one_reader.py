"""One reader: the deck a dice script shuffles is the deck the renderer prints."""

from __future__ import annotations

from collections import Counter

import pytest

from sheetgen.api import Session
from sheetgen.dice.decks import read_deck
from sheetgen.generate.games import load_game
from sheetgen.load.yamlload import load_yaml

from conftest import REPO


def decks_named(node) -> set[str]:
    """Every value of a ``deck:`` key anywhere in a dice.yaml (variants included)."""
    if isinstance(node, dict):
        found = {node["deck"]} if isinstance(node.get("deck"), str) else set()
        return found.union(*(decks_named(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(decks_named(v) for v in node))
    return set()


DECKS = sorted((path.parent.name, deck) for path in (REPO / "data").glob("*/dice.yaml")
               for deck in decks_named(load_yaml(path)))


def test_every_game_with_decks_is_covered():
    games = {game for game, _ in DECKS}
    assert {"roll-and-raid", "ragnarocks", "reavers-of-midgard", "roll-and-might"} <= games


@pytest.mark.parametrize("game,deck", DECKS, ids=[f"{g}:{d}" for g, d in DECKS])
def test_dice_deck_is_the_printed_deck(project, game, deck):
    loaded = load_game(project, game, only=[deck])
    (_, _, prepared), = Session(project).prepare_all([(loaded, loaded.component(deck))])
    printed = Counter(card.label for card in prepared.cards)
    _, shuffled = read_deck(REPO / "data" / game, deck)
    assert Counter(card.id for card in shuffled) == printed
    assert sum(printed.values()) > 0
