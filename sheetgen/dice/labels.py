"""How a script names a card: the dice.yaml ``show`` pattern(s) over the card's fields.

``show`` is a ``str.format`` pattern (``"{name} ({level})"``) or a list of them; with a list
the first pattern whose every field is present and not empty is used (``None``, ``""`` and
``[]`` are empty), else the last one. A ``None`` value prints as ``—``; a pattern naming a
field the card lacks falls back to the card's name. Icon markup in a value (``:food:``)
prints as the icon's name with spaces for hyphens (``food``), so labels read as plain text;
markup followed by spaces and then its own name (``:troll: Troll trophy``, ``:axe: axes``)
is dropped with the spaces, so the name is not said twice (``Troll trophy``).
"""

from __future__ import annotations

import re
import string
from typing import Any

from .decks import Card

_ICON = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):( *)")
_EMPTY = (None, "", [])


def _fields_of(pattern: str) -> list[str]:
    """Return the field names a format pattern uses."""
    return [name for _, name, _, _ in string.Formatter().parse(pattern) if name]


def pick_pattern(show: str | list[str], values: dict[str, Any]) -> str:
    """Return the pattern of ``show`` to use for a card with these field values."""
    if isinstance(show, str):
        return show
    for pattern in show:
        if all(values.get(f) not in _EMPTY for f in _fields_of(pattern)):
            return pattern
    return show[-1]


def plain_text(value: Any) -> Any:
    """Return a field value with icon markup written as words (``2 :food:`` -> ``2 food``).

    Markup followed by one or more spaces (U+0020) and then the icon's words (ignoring
    ASCII case) is dropped with those spaces: ``1 :troll: Troll trophy`` -> ``1 Troll
    trophy``.
    """
    if not isinstance(value, str):
        return value

    def words(match: re.Match) -> str:
        name = match[1].replace("-", " ")
        follows = value[match.end():match.end() + len(name)]
        if match[2] and follows.isascii() and follows.lower() == name:
            return ""
        return name + match[2]

    return _ICON.sub(words, value)


def card_label(card: Card, show: str | list[str]) -> str:
    """Return the label of ``card`` under the ``show`` pattern(s)."""
    values = {**card.fields, "id": card.id, "name": card.name}
    pattern = pick_pattern(show, values)
    shown = {k: "—" if v is None else plain_text(v) for k, v in values.items()}
    try:
        return pattern.format_map(shown)
    except (KeyError, IndexError, ValueError):
        return card.name
