"""Re-roll rules of a ``roll`` step: which dice are watched, when to roll again, which dice.

A rule holds exactly one condition over the watched dice: ``of_a_kind`` (some face at least
N times), ``faces`` (exactly these faces, in any order) or ``any`` (some die shows a face).
Faces compare as text, so ``3`` and ``"3"`` are the same face.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence


def watched(rule: Any, count: int) -> list[int]:
    """Return the 0-based positions the rule looks at (all dice when it names none)."""
    return [p - 1 for p in rule.dice] if rule.dice else list(range(count))


def thrown_again(rule: Any, count: int) -> list[int]:
    """Return the 0-based positions rolled again when the rule holds."""
    return list(range(count)) if rule.reroll == "all" else watched(rule, count)


def holds(rule: Any, faces: Sequence[Any]) -> bool:
    """Return whether a roll must be rolled again."""
    seen = [str(faces[p]) for p in watched(rule, len(faces))]
    if rule.of_a_kind is not None:
        return max(Counter(seen).values()) >= rule.of_a_kind
    if rule.faces is not None:
        return Counter(seen) == Counter(map(str, rule.faces))
    return str(rule.any) in seen


def can_end(rule: Any, dice_faces: Sequence[Sequence[Any]]) -> bool:
    """Return whether some roll of the thrown-again dice stops the rule (no endless loop).

    The watched dice are always among those thrown again, so it is enough that the watched
    dice can show something the rule does not re-roll.
    """
    faces = [sorted(set(map(str, dice_faces[p]))) for p in watched(rule, len(dice_faces))]
    if rule.of_a_kind is not None:
        sides = min(len(f) for f in faces)
        return len(faces) <= sides * (rule.of_a_kind - 1)
    if rule.faces is not None:
        return not all(len(f) == 1 for f in faces) or \
            Counter(f[0] for f in faces) != Counter(map(str, rule.faces))
    return all(f != [str(rule.any)] for f in faces)
