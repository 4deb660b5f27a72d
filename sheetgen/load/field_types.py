"""Typed item fields: a component's ``fields: {die: {type: int, min: 1, max: 6}}``.

Items are free mappings, so a spreadsheet cell reading ``not-a-number`` in a column of die
faces would otherwise pass ``validate`` and print a card. Each typed field is checked on every
item (its own value, else the component's ``defaults:``), and a wrong value is reported where
it was written: the spreadsheet cell, the item's key line, or the variant line that set it.
Checking never changes a value, so typing a deck changes no output byte.
"""

from __future__ import annotations

from typing import Any

from ..base.errors import ProblemList
from .yamlload import line_of

TYPES = {"text": (str, "text"), "int": (int, "a whole number"), "number": ((int, float),
         "a number"), "bool": (bool, "true or false"), "list": (list, "a list"),
         "mapping": (dict, "a mapping")}


def expected(spec) -> str:
    """Return what a field type allows, in words (``a whole number from 1 to 6 or 'any'``)."""
    if spec.choices is not None:
        words = "one of " + ", ".join(repr(c) for c in spec.choices)
    else:
        words = TYPES[spec.type][1] if spec.type else "any value"
        if spec.min is not None and spec.max is not None:
            words += f" from {spec.min:g} to {spec.max:g}"
        elif spec.min is not None:
            words += f" of at least {spec.min:g}"
        elif spec.max is not None:
            words += f" of at most {spec.max:g}"
    if spec.also:
        words += " or " + " or ".join(repr(a) for a in spec.also)
    return words


def fits(spec, value: Any) -> bool:
    """Return whether ``value`` is allowed by the field type ``spec``."""
    if value in spec.also:
        return True
    if spec.choices is not None:
        return value in spec.choices
    if spec.type is not None:
        kind = TYPES[spec.type][0]
        if not isinstance(value, kind) or (isinstance(value, bool) and spec.type != "bool"):
            return False
    if spec.type in ("int", "number"):
        return ((spec.min is None or value >= spec.min)
                and (spec.max is None or value <= spec.max))
    return True


def check_items(loaded, problems: ProblemList) -> None:
    """Record every item field that does not fit its type, where it was written."""
    model = loaded.model
    if not model.fields:
        return
    path, raw = str(loaded.path), loaded.raw
    for index, item in enumerate(model.items):
        own = item.model_extra or {}
        cells = dict(loaded.cells_of(item.id))
        for name, spec in model.fields.items():
            if name in own:
                value, from_item = own[name], True
            elif name in model.defaults:
                value, from_item = model.defaults[name], False
            else:
                if spec.required:
                    problems.add(*loaded.item_where(index),
                                 f"item {item.id!r}: field {name!r} is required "
                                 f"({expected(spec)})")
                continue
            if value is None and not spec.required:
                continue
            if fits(spec, value):
                continue
            message = f"{name}: expected {expected(spec)}, got {value!r}"
            if not from_item:
                problems.add(path, line_of(raw, ("defaults", name)), f"defaults: {message}")
            elif name in cells:
                problems.add(cells[name], 0, message)
            else:
                where, line = loaded.item_where(index)
                if where == path:  # an item of this file: the key's own line
                    line = line_of(raw, ("items", index, name)) or line
                problems.add(where, line, f"item {item.id!r}: {message}")
