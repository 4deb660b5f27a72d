"""The symbol key check: every symbol a component prints is keyed where a player looks.

A symbol (``symbol/NAME``, declared under ``symbols:`` in game.yaml) printed on a component
needs a ``legend`` that keys it on that component, or the game's ``symbol_key`` component
(an aid or reference card) whose legends key every symbol of the game. A failure names the
component, the symbol and the template line that printed it first.
"""

from __future__ import annotations

from ..base.errors import Problem


def symbol_key_problems(component: str, path: str, symbols: dict, key: str | None,
                        seen) -> list[Problem]:
    """Return the problems of one component (id, display path of its file)'s symbols.

    ``symbols`` is the game's vocabulary (name -> SymbolSpec), ``key`` the id of its symbol
    key component (or None), ``seen`` the component's
    :class:`~sheetgen.fill.symbols.SymbolsSeen`.
    """
    problems = []
    if component == key:
        unkeyed = [name for name in symbols if name not in seen.keyed]
        if unkeyed:
            where, line = next(iter(seen.keyed.values()), (path, 1))
            problems.append(Problem(where, line, (
                f"{component} is the game's symbol_key but its legends do not key "
                f"{', '.join(unkeyed)} (a legend with no symbols: list keys them all)")))
        return problems
    for name, (where, line) in seen.printed.items():
        if name in seen.keyed or key is not None:
            continue
        problems.append(Problem(where, line, (
            f"{component} prints symbol {name!r} ({symbols[name].label}) but no legend keys "
            "it: add a legend element to this component, or name the component whose legend "
            "keys every symbol in game.yaml (symbol_key:)")))
    return problems
