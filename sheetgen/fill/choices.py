"""Styling by data, without Jinja: a value picked by an item's field, a count read from one.

Any element value may be a choice, ``fill: {by: type, warrior: red, skald: blue, else: ink}``:
the item's ``type`` picks the value (``else`` when it matches no choice). An element whose
class names count fields (``counts = ("repeat",)``) may give a field's name there,
``repeat: appetite``, and gets the item's number. Both are resolved per item after Jinja, before
the element is validated; a mistake names the field, the item's value and the choices.
"""

from __future__ import annotations

from typing import Any, Mapping

from .elements import element_class
from .elements.base import MAX_FIELD_COUNT as MAX_COUNT
from ..base.suggest import close_matches

ELSE = "else"


class ChoiceError(ValueError):
    """A choice or count that cannot be resolved: ``loc`` leads to the value in the element;
    ``blame_item`` says whether the item's value is wrong (else the template is)."""

    def __init__(self, loc: tuple, message: str, blame_item: bool):
        super().__init__(message)
        self.loc, self.message, self.blame_item = loc, message, blame_item


def has_choices(value: Any) -> bool:
    """Return whether ``value`` (nested lists and mappings) holds a ``by:`` choice."""
    if isinstance(value, dict):
        return "by" in value or any(has_choices(v) for v in value.values())
    if isinstance(value, list):
        return any(has_choices(v) for v in value)
    return False


def needs_resolving(element: dict) -> bool:
    """Return whether an element as written (or a child of it) holds a choice or a count."""
    if has_choices(element):
        return True
    cls = element_class(element.get("type")) if isinstance(element.get("type"), str) else None
    if any(key in element for key in getattr(cls, "counts", ())):
        return True
    children = element.get("children")
    return isinstance(children, list) and any(isinstance(c, dict) and needs_resolving(c)
                                              for c in children)


def resolve(values: dict, fields: Mapping[str, Any], loc: tuple = (),
            plan: "ResolvePlan | None" = None) -> dict:
    """Return an element's values with every choice picked and every count read from
    ``fields``; children of a container are resolved alike.

    ``plan`` (:func:`resolve_plan` of the element as written) names the values that can hold a
    choice; the others, and the children that hold neither a choice, a count nor Jinja, are
    kept as they are (the same values: a big deck resolves every face's element tree)."""
    if plan is None:
        out = {key: value if key == "children" else _pick(value, fields, loc + (key,))
               for key, value in values.items()}
    else:
        out = dict(values)
        for key in plan.picks:
            if key in out:
                out[key] = _pick(out[key], fields, loc + (key,))
    cls = element_class(out.get("type")) if isinstance(out.get("type"), str) else None
    for key in getattr(cls, "counts", ()):
        if isinstance(out.get(key), str):
            out[key] = _count(key, out[key], fields, loc + (key,))
    children = out.get("children")
    if isinstance(children, list):
        plans = plan.children if plan is not None else None
        if plans is None or len(plans) != len(children):
            plans = [None] * len(children)
            whole = True
        else:
            whole = False
        out["children"] = [
            child if not isinstance(child, dict) or (not whole and plans[i] is False)
            else resolve(child, fields, loc + ("children", i), plans[i] or None)
            for i, child in enumerate(children)]
    return out


class ResolvePlan:
    """Where an element as written can need resolving (:func:`resolve_plan`)."""

    __slots__ = ("picks", "children")

    def __init__(self, picks: tuple, children: list | None):
        # the keys (in the element's order, ``children`` left out) whose values hold a choice
        # or Jinja (whose result may hold one)
        self.picks = picks
        # per child as written: its plan, or False when it holds no choice, count or Jinja
        # (kept as it is); None when the children are not a written list (all resolved)
        self.children = children


def resolve_plan(element: dict, templated) -> ResolvePlan:
    """Return the :class:`ResolvePlan` of ``element`` as written; ``templated(value)`` says
    whether a value holds Jinja."""
    picks = tuple(key for key, value in element.items()
                  if key != "children" and (has_choices(value) or templated(value)))
    written = element.get("children")
    children = None
    if isinstance(written, list):
        children = [resolve_plan(child, templated)
                    if isinstance(child, dict) and (templated(child) or needs_resolving(child))
                    else False for child in written]
    return ResolvePlan(picks, children)


def _pick(value: Any, fields: Mapping[str, Any], loc: tuple) -> Any:
    """Return ``value`` with its choices picked (a choice's pick may hold choices itself)."""
    if isinstance(value, list):
        return [_pick(v, fields, loc + (i,)) for i, v in enumerate(value)]
    if not isinstance(value, dict):
        return value
    if "by" not in value:
        return {k: _pick(v, fields, loc + (k,)) for k, v in value.items()}
    name = value["by"]
    choices = {str(k): v for k, v in value.items() if k not in ("by", ELSE)}
    what = _name(loc)
    if not isinstance(name, str) or not name:
        raise ChoiceError(loc, f"{what}: by: expected the name of an item field, got "
                          f"{name!r}", False)
    if not choices:
        raise ChoiceError(loc, f"{what}: by {name} has no choices; write `value: pick` "
                          "pairs beside by (and else: for the rest)", False)
    if name not in fields:
        raise ChoiceError(loc, f"{what}: picks by field {name!r}, which is missing"
                          f"{_near(name, fields)}; give it on the item or in the component's "
                          "defaults", False)
    key = _key(fields[name])
    if key in choices:
        return _pick(choices[key], fields, loc + (key,))
    if ELSE in value:
        return _pick(value[ELSE], fields, loc + (ELSE,))
    near = close_matches(key, choices)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    raise ChoiceError(loc, f"{what}: {name} is {key!r}, not one of the choices "
                      f"{', '.join(choices)}{hint} (or give else: in the template)", True)


def _count(key: str, name: str, fields: Mapping[str, Any], loc: tuple) -> Any:
    """Return the number field ``name`` holds (a whole number from 0 to MAX_COUNT)."""
    if name.strip().lstrip("-").isdigit():
        return name  # a number written as text: the element validates it
    if name not in fields:
        raise ChoiceError(loc, f"{key}: field {name!r} is missing{_near(name, fields)}; "
                          "give it on the item or in the component's defaults, or write a "
                          "number", False)
    value = fields[name]
    number = value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(value, str) and value.strip().isdigit():
        number = int(value)
    if number is None or not 0 <= number <= MAX_COUNT:
        raise ChoiceError(loc, f"{key}: {name} is {value!r}; {key} takes a whole number from "
                          f"0 to {MAX_COUNT}", True)
    return number


def _name(loc: tuple) -> str:
    """Return the key a value was written at, from its element (a child's own, not
    ``children.2.fill``: the message's line is the child's)."""
    starts = [i + 2 for i, step in enumerate(loc) if step == "children"]
    return ".".join(str(step) for step in loc[max(starts, default=0):])


def _key(value: Any) -> str:
    """Return a field's value as a choice key (YAML keys true/3 match values True/3)."""
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(value)


def _near(name: str, fields: Mapping[str, Any]) -> str:
    near = close_matches(name, [k for k in fields if isinstance(k, str)])
    return f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
