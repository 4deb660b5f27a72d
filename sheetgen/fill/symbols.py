"""A game's symbols: ``symbol/NAME`` names the one picture the game declares for NAME.

``symbols:`` in game.yaml gives each idea of the game one picture, a label and a meaning.
Wherever a template or a data file names an icon (an element's ``icon: symbol/army``,
``:symbol/army:`` in text, a track space's icons), ``symbol/NAME`` stands for that picture:
the names are resolved when an element is filled, before it is validated, so every later
stage (drawing, caching, credits) sees the plain icon name. :class:`SymbolsSeen` keeps which
symbols a component printed and which its legends key, for the key check
(:mod:`sheetgen.checks.symbol_key`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..base.suggest import unknown

PREFIX = "symbol/"
# symbol/NAME as a whole value or inside text (":symbol/army:"), not the tail of another name
_NAME = re.compile(r"(?<![A-Za-z0-9_/-])symbol/([a-z0-9][a-z0-9-]*)")


@dataclass
class SymbolsSeen:
    """The symbols one component's faces print and key, each with where it was first seen
    (template path, line)."""

    printed: dict[str, tuple[str, int]] = field(default_factory=dict)
    keyed: dict[str, tuple[str, int]] = field(default_factory=dict)


def resolve_symbols(value: Any, symbols: dict, printed: dict, where: tuple[str, int]) -> Any:
    """Return ``value`` (a filled element's values: strings, lists, mappings) with every
    ``symbol/NAME`` replaced by the symbol's icon; record each in ``printed`` (first place).

    Raises ValueError naming the unknown symbols and the game's own.
    """
    if isinstance(value, str):
        if PREFIX not in value:
            return value
        unknown_names = [n for n in _NAME.findall(value) if n not in symbols]
        if unknown_names:
            hint = "a game declares its symbols under symbols: in game.yaml"
            raise ValueError(unknown("symbol", unknown_names[0], symbols, hint))
        for name in _NAME.findall(value):
            printed.setdefault(name, where)
        return _NAME.sub(lambda m: symbols[m.group(1)].icon, value)
    if isinstance(value, list):
        return [resolve_symbols(v, symbols, printed, where) for v in value]
    if isinstance(value, dict):
        return {k: resolve_symbols(v, symbols, printed, where) for k, v in value.items()}
    return value
