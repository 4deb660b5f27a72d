"""Player-count values and conditions used by dice.yaml, without any pydantic import.

``ByPlayers`` values are an integer, ``"players"``, or a mapping from a count (``6``),
a range (``"2-5"``) or ``other`` to either. Conditions are an operator and a value
(``">= 3"``, ``"<= players"``); a plain value means ``==``, a list means membership.
"""

from __future__ import annotations

import re
from typing import Any

_RANGE = re.compile(r"^\s*([0-9]+)\s*-\s*([0-9]+)\s*$")
_COND = re.compile(r"^\s*(<=|>=|==|!=|<|>)\s*(.+?)\s*$")


def resolve_count(value: Any, players: int) -> int | None:
    """Return a ByPlayers value for ``players``, or None when no key of a mapping matches.

    A key equal to the count wins; then the first range (in file order) holding it; then
    ``other``. (Order-free for exact keys, so that every language reads a mapping alike.)
    """
    if not isinstance(value, dict):
        return _count(value, players)
    ranges = []
    for key, result in value.items():
        if key == "other":
            continue
        if isinstance(key, int) or str(key).strip().isdigit():
            if int(key) == players:
                return _count(result, players)
        elif m := _RANGE.match(str(key)):
            ranges.append((int(m[1]), int(m[2]), result))
        else:
            raise ValueError(f"player-count key {key!r}: use 3, '2-5' or 'other'")
    for lo, hi, result in ranges:
        if lo <= players <= hi:
            return _count(result, players)
    return None if "other" not in value else _count(value["other"], players)


def _count(value: Any, players: int) -> int:
    return players if value == "players" else int(value)


def parse_condition(text: Any) -> tuple[str, Any]:
    """Split ``'<= players'`` into an operator and a value (a plain value means ``==``)."""
    if isinstance(text, str) and (m := _COND.match(text)):
        raw = m[2]
        value: Any = int(raw) if re.fullmatch(r"-?[0-9]+", raw) else raw
        return m[1], value
    if isinstance(text, str) and re.fullmatch(r"\s*-?[0-9]+\s*", text):
        return "==", int(text)
    return "==", text


def holds(op: str, left: Any, right: Any) -> bool:
    """Compare ``left op right``; a list on the right means membership."""
    if op == "==" and isinstance(right, list):
        return left in right
    if op in ("==", "!="):
        same = left == right or str(left) == str(right)
        return same if op == "==" else not same
    # Ordering holds only between two numbers (not booleans) or two texts.
    numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (left, right))
    if not numbers and not (isinstance(left, str) and isinstance(right, str)):
        return False
    return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[op]


def fields_match(fields: dict, where: dict, players: int) -> bool:
    """Return whether card fields satisfy every ``where`` condition (``players`` = the count)."""
    for key, cond in where.items():
        op, value = parse_condition(cond)
        if value == "players":
            value = players
        if not holds(op, fields.get(key), value):
            return False
    return True
