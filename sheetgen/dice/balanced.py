"""Balanced mode: 2d6 from a seeded deck of all 36 combinations instead of dice.

The deck order is the one the algorithm shuffles (first die major), and the same list gives
the cards of a printable dice-deck component.
"""

from __future__ import annotations

from typing import Any, Sequence

FACES = (1, 2, 3, 4, 5, 6)


def dice_deck_pairs(faces: Sequence[Any] = FACES) -> list[tuple[Any, Any]]:
    """Return every (first die, second die) pair in deck order: (1,1), (1,2) ... (6,6)."""
    return [(a, b) for a in faces for b in faces]


def dice_deck_cards(faces: Sequence[int] = FACES) -> list[dict[str, Any]]:
    """Return the 36 cards as component items: name, both dice and their total."""
    return [{"id": f"dice-{a}-{b}", "name": f"{a} + {b}", "die1": a, "die2": b, "total": a + b}
            for a, b in dice_deck_pairs(faces)]
