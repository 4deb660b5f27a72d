"""A template expression that fails on an item's value, said in words at the value's place.

``{{ die > 1 }}`` with ``die`` read as the text ``four`` from a spreadsheet raises Python's
``TypeError: '>' not supported between instances of 'str' and 'int'``. The designer wrote the
spreadsheet, not the Python: the mistake is reported at the cell (``cards.csv:3:4``,
``guests.xlsx:Guests!C4``) or the item's line, naming the field, its value and what the
expression does with it ("compares it with a whole number").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jinja2 import meta

TYPE_WORDS = {"str": "text", "int": "a whole number", "float": "a number",
              "NoneType": "nothing", "bool": "true or false", "list": "a list",
              "dict": "a mapping", "tuple": "a list", "Undefined": "nothing"}
_COMPARE = re.compile(r"'(.+)' not supported between instances of '(\w+)' and '(\w+)'")
_OPERATE = re.compile(r"unsupported operand type\(s\) for (.+): '(\w+)' and '(\w+)'")
_JOIN = re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+')
_NOT = re.compile(r"'(\w+)' object (?:is not (\w+)|has no attribute '(\w+)')")


@dataclass(frozen=True)
class Explained:
    """The field to blame (None: the template's own mistake) and the sentence."""

    field: str | None
    message: str


def _words(type_name: str) -> str:
    return TYPE_WORDS.get(type_name, type_name)


def _what_it_does(exc: Exception) -> tuple[str, set[str]]:
    """Return what the failing operation does, in words, and the Python types involved."""
    text = str(exc)
    if match := _COMPARE.search(text):
        op, a, b = match.groups()
        return f"compares {_words(a)} with {_words(b)} ({op})", {a, b}
    if match := _OPERATE.search(text):
        op, a, b = match.groups()
        return f"computes {_words(a)} {op} {_words(b)}", {a, b}
    if match := _JOIN.search(text):
        a, b = match.groups()
        return f"joins {_words(a)} and {_words(b)}", {a, b}
    if match := _NOT.search(text):
        kind, what, attribute = match.groups()
        use = f"uses it as {what}" if what else f"asks it for {attribute!r}"
        return f"{use}, but it is {_words(kind)}", {kind}
    return "cannot work with it", set()


def explain(exc: Exception, expression: str, env, values: dict[str, Any],
            item_fields: set[str]) -> Explained:
    """Return who is to blame for ``exc`` raised by ``expression``, and why, in words.

    ``values`` are the names the expression could read, ``item_fields`` those that came from
    the item (not the game or the template). The field blamed is one the expression uses whose
    value's type the failing operation names (else the first item field it uses).
    """
    try:
        used = meta.find_undeclared_variables(env.parse(expression))
    except Exception:  # noqa: BLE001 - an expression that failed to render may not parse alone
        used = set()
    does, types = _what_it_does(exc)
    fields = [name for name in sorted(used) if name in item_fields]
    blamed = next((name for name in fields if type(values.get(name)).__name__ in types),
                  fields[0] if fields else None)
    if blamed is None:
        return Explained(None, f"the template's expression {expression} {does}")
    value = values.get(blamed)
    return Explained(blamed, f"field {blamed!r} is {_words(type(value).__name__)} {value!r}, "
                             f"but the template's expression {expression} {does}")
