"""Reavers of Midgard's seeded scripts never send a table back to shuffling by hand.

Each deck's scripted orders are played against the worst case of a whole game: every round
takes the most cards the rules let it take from each deck, and the cards go back to the
discard pile in varying amounts (all of them, some, few). Under this edition's ruling a
deck is refilled from its discard pile at most once a round; the test fails if a refill
is needed and the script has no refill order left for it.
"""

from __future__ import annotations

import random

import pytest

from sheetgen.dice.api import make_script
from sheetgen.dice.formats import writer
from sheetgen.load.project import Project
from test_dice_project import make_project

GAME, ROUNDS = "reavers-of-midgard", 6
# Cards on the Recruit Reavers spaces (players + 1 spaces, two of them pairs).
RECRUIT = {2: 4, 3: 5, 4: 6, 5: 8}


def most_per_round(players: int) -> dict[str, int]:
    """Return the most cards one round can take from each deck (the rules and the board).

    A Location is activated at most once a round (one pawn each). Raid Villages and Raid
    Keeps: one pair a player on the board, each player may take 2 from the top instead, 3
    bonus draws (2 and 1); an Artifact draws one more (Horn of Plenty, Raven Banner), and
    up to 3 Treasure Galleys won give a Keep card each. Recruit: each player may take the
    top card instead, Skidbladnir's Sail one more. Battle at Sea: a card a player on the
    board or from the top, a Journey each, Sea-Stone one more. Prophecy: 3 face up, one
    a Trade action (3 + 2 + 1 each other, Brisingamen one more), one a Raven Lead (at most
    2 Reavers a player, Skidbladnir one more).
    """
    p = players
    return {"reaver-deck": RECRUIT[p] + p + 1, "village-deck": 4 * p + 4,
            "keep-deck": 4 * p + 4 + min(p, 3), "journey-deck": p + 1,
            "sea-battle-deck": 2 * p, "prophecy-deck": 3 + (p + 4) + (2 * p + 1)}


def once_per_game(players: int) -> dict[str, int]:
    """Return the cards a whole game can take from a deck once (drawn in round 1 here):
    the Prophecy deal and the Territory tiles that give a Prophecy (4) or Keep card (2)."""
    return {"keep-deck": 2, "prophecy-deck": players + 4}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return Project.at(make_project(tmp_path_factory.mktemp("refills")))


def play(order: list[str], refills: list[list[str]], draws: list[int], keep_share: float,
         rng: random.Random) -> int:
    """Play one deck through the rounds; return the refill orders used.

    Raises AssertionError when a refill is due and the script has none left.
    """
    deck, discard, used = list(order), [], 0
    for wanted in draws:
        refilled, board = False, []
        for _ in range(wanted):
            if not deck:
                if refilled or not discard:
                    break  # empty until the next Round Setup (or nothing to refill with)
                assert used < len(refills), "the script ran out of refill orders"
                pile = list(discard)
                deck = []
                for card in refills[used]:  # stack the pile in the refill order
                    if card in pile:
                        pile.remove(card)
                        deck.append(card)
                assert not pile
                discard, used, refilled = [], used + 1, True
            card = deck.pop(0)
            (board if rng.random() >= keep_share else []).append(card)
        discard += board  # Cleanup: what nobody kept goes to the discard pile
    return used


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_worst_case_games_never_need_a_hand_shuffle(project, players):
    used_most = {}
    for seed in ("longship", "fjord", 7, "ragnarok", 2026, "skald"):
        script = make_script(project, GAME, players, seed=seed)
        text = writer("text")(script)
        assert "by hand" not in text
        setup = {e.id: e for e in script.sections[0].events}
        for step, per_round in most_per_round(players).items():
            event = setup[step]
            refills = [g.items for g in event.groups if g.name.startswith("refill ")]
            draws = [per_round] * ROUNDS
            draws[0] += once_per_game(players).get(step, 0)
            for keep_share in (0.0, 0.3, 0.6, 0.9):
                rng = random.Random(f"{seed}-{step}-{keep_share}")
                used = play(event.items, refills, draws, keep_share, rng)
                used_most[step] = max(used_most.get(step, 0), used)
    # The worst cases really use refills where the deck is short (the test can fail).
    if players == 5:
        assert used_most["village-deck"] >= 3 and used_most["prophecy-deck"] >= 5


def test_a_script_with_too_few_refill_orders_is_caught(project):
    script = make_script(project, GAME, 5, seed="longship")
    event = next(e for e in script.sections[0].events if e.id == "village-deck")
    refills = [g.items for g in event.groups if g.name.startswith("refill ")]
    with pytest.raises(AssertionError, match="ran out of refill orders"):
        play(event.items, refills[:1], [most_per_round(5)["village-deck"]] * ROUNDS, 0.0,
             random.Random(1))
