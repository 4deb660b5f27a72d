"""How a script names a card: the dice.yaml ``show`` pattern(s) over the card's fields.

``show`` is a pattern (``"{name} ({level})"``) or a list of them; with a list the first
pattern whose every field is present and not empty is used (``None``, ``""`` and ``[]`` are
empty), else the last one. A placeholder is ``{field}``, a field name of letters, digits,
``_`` and ``-``; ``{{`` and ``}}`` are braces; any other brace is a mistake, refused when
dice.yaml is read (:func:`pattern_fields`). A pattern naming a field the card lacks gives
the card's name.

Values print the same in every language (:func:`value_text`): ``None`` as ``—``, booleans
``True``/``False``, whole numbers in decimal, a decimal as its shortest round-trip digits
without exponent (``2.5``, ``0.0000001``; ``1000.0`` as ``1000``), a list as its items joined
by ``", "``, a mapping as ``key: value`` pairs in the order written, joined by ``", "``. Icon
markup in text (``:food:``) prints as the icon's name with spaces for hyphens (``food``), so
labels read as plain text; markup followed by spaces and then its own name (``:troll: Troll
trophy``, ``:axe: axes``) is dropped with the spaces, so the name is not said twice.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the model imports this module for pattern_fields: keep it light
    from .decks import Card

_ICON = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):( *)")
_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}|[{}]")
_EMPTY = (None, "", [])
NULL_TEXT = "—"  # U+2014


def tokens(pattern: str) -> list[tuple[str, bool]]:
    """Return a pattern as (text, is_field) pieces; a stray or malformed brace -> ValueError."""
    out: list[tuple[str, bool]] = []
    at = 0
    for m in _TOKEN.finditer(pattern):
        if m.start() > at:
            out.append((pattern[at:m.start()], False))
        if m[1] is not None:
            out.append((m[1], True))
        elif m[0] in ("{{", "}}"):
            out.append((m[0][0], False))
        else:
            raise ValueError(f"show {pattern!r}: the brace at character {m.start() + 1} "
                             "opens no {field} (a field name is ASCII letters, digits, _ and "
                             "-, not starting with a digit or -; write {{ or }} for a brace)")
        at = m.end()
    if at < len(pattern):
        out.append((pattern[at:], False))
    return out


def pattern_fields(pattern: str) -> list[str]:
    """Return the field names a pattern uses; a malformed pattern -> ValueError."""
    return [text for text, is_field in tokens(pattern) if is_field]


def pick_pattern(show: str | list[str], values: dict[str, Any]) -> str:
    """Return the pattern of ``show`` to use for a card with these field values."""
    if isinstance(show, str):
        return show
    for pattern in show:
        if all(values.get(f) not in _EMPTY for f in pattern_fields(pattern)):
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


def number_text(value: float) -> str:
    """Return a decimal as its shortest round-trip digits, never with an exponent; a whole
    decimal as a whole number (``1000.0`` -> ``1000``, ``1e-07`` -> ``0.0000001``)."""
    if not math.isfinite(value):
        return str(value)
    if value.is_integer():
        return str(int(value))
    return format(Decimal(repr(value)), "f")


def value_text(value: Any) -> str:
    """Return a field value as a label prints it (see the module docstring)."""
    if value is None:
        return NULL_TEXT
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return number_text(value)
    if isinstance(value, str):
        return plain_text(value)
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{value_text(k)}: {value_text(v)}" for k, v in value.items())
    return str(value)


def card_label(card: Card, show: str | list[str]) -> str:
    """Return the label of ``card`` under the ``show`` pattern(s)."""
    values = {**card.fields, "id": card.id, "name": card.name}
    out = []
    for text, is_field in tokens(pick_pattern(show, values)):
        if not is_field:
            out.append(text)
        elif text not in values:
            return card.name
        else:
            out.append(value_text(values[text]))
    return "".join(out)
