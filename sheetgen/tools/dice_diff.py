"""What a variant changes in a game's dice script: ``dice.yaml`` rules, step by step.

Both sides are the rules the dice engine would run (a variant file's ``dice:`` step changes,
or a ``dice.yaml`` game mode), read with the engine's own loader, so the diff lists exactly
what ``sheetgen dice --variant`` changes: the game's fields (``rounds``, ``players``, a die's
faces) as one entry, and each step's fields under its id; a step only one side runs (a
step of a game mode, ``modes: [creatures]``) is ``step: (none) -> roll``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ..build.variant_diff import MISSING, ItemChange, field_changes

DICE = "dice"        # the "component" column of a dice change
RULES = "(rules)"    # the "item" column of a change to the game's own fields
_NOT_RULES = {"name", "mode_title", "mode_note", "variants", "setup", "each_round"}


def dice_rules(game_dir: Path, variant: str | None) -> dict | None:
    """Return the dice rules a variant (None: the base game) runs, as plain data; None when
    the game has no ``dice.yaml``."""
    from ..dice.load import DICE_FILE, load_dice_dir

    if not (game_dir / DICE_FILE).is_file():
        return None
    rules = _plain(load_dice_dir(game_dir, variant=variant).model)
    for part in ("setup", "each_round"):  # a step of other game modes does not run here
        rules[part] = [step for step in rules.get(part) or []
                       if step.get("modes") is None or variant in step["modes"]]
    return rules


def _plain(node: Any) -> Any:
    if isinstance(node, SimpleNamespace):
        node = vars(node)
    if isinstance(node, dict):
        return {key: _plain(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_plain(value) for value in node]
    return node


def _steps(rules: dict) -> dict[str, dict]:
    return {step["id"]: step for part in ("setup", "each_round") for step in rules.get(part) or []}


def dice_changes(old: dict | None, new: dict | None) -> list[ItemChange]:
    """Return the changes from dice rules ``old`` to ``new`` (either None: no dice.yaml)."""
    if old is None or new is None:
        return []
    changes = []
    rules = field_changes({k: v for k, v in old.items() if k not in _NOT_RULES},
                          {k: v for k, v in new.items() if k not in _NOT_RULES})
    if rules:
        changes.append(ItemChange(DICE, RULES, rules))
    before, after = _steps(old), _steps(new)
    for step_id in dict.fromkeys([*before, *after]):
        if step_id not in before or step_id not in after:
            kinds = (before.get(step_id, {}).get("kind", MISSING),
                     after.get(step_id, {}).get("kind", MISSING))
            changes.append(ItemChange(DICE, step_id, {"step": kinds}))
            continue
        fields = field_changes(before[step_id], after[step_id])
        if fields:
            changes.append(ItemChange(DICE, step_id, fields))
    return changes
