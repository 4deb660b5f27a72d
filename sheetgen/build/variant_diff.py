"""What a variant (or another version of the project) changes in a game, item by item and face
by face, for ``sheetgen diff`` and the studio's variant page alike.

Both sides are loaded with the same loader the build uses, so the diff is exactly what would
print: items added and removed, and for changed items each field ``old -> new`` (nested
fields as ``winter.ships``); component settings the same way. ``changed_faces`` pairs the
faces whose keys differ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..load.templates import every_element

MISSING = "(none)"


@dataclass
class ItemChange:
    """One item's fields that differ: ``{field: (old, new)}``."""

    component: str
    item: str
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)


@dataclass
class Diff:
    """Everything that differs between two loads of one game."""

    game: str
    a: str
    b: str
    added: list[tuple[str, str]] = field(default_factory=list)      # (component, item id)
    removed: list[tuple[str, str]] = field(default_factory=list)
    changed: list[ItemChange] = field(default_factory=list)
    settings: list[ItemChange] = field(default_factory=list)        # item "" = the component
    dice: list[ItemChange] = field(default_factory=list)    # dice.yaml: "(rules)" or a step

    def is_empty(self) -> bool:
        """Return whether the two sides print the same items and script the same dice."""
        return not (self.added or self.removed or self.changed or self.settings or self.dice)

    def as_json(self) -> str:
        """Return the diff for tools: added, removed, changed (field -> [old, new])."""
        def change(c):
            return {"component": c.component, "item": c.item,
                    "fields": {k: list(v) for k, v in c.fields.items()}}
        return json.dumps({
            "game": self.game, "a": self.a, "b": self.b,
            "added": [{"component": c, "item": i} for c, i in self.added],
            "removed": [{"component": c, "item": i} for c, i in self.removed],
            "changed": [change(c) for c in self.changed],
            "settings": [change(c) for c in self.settings],
            "dice": [change(c) for c in self.dice]}, indent=2, default=str)

    def as_text(self) -> str:
        """Return the diff as a terminal table, one line per added, removed or changed field."""
        lines = [f"{self.game}: {self.a} -> {self.b}"]
        if self.is_empty():
            return lines[0] + "\nno differences"
        rows = [("", "component", "item", "field", "change")]
        rows += [("+", c, i, "", "added") for c, i in self.added]
        rows += [("-", c, i, "", "removed") for c, i in self.removed]
        for c in self.settings + self.changed + self.dice:
            for name, (old, new) in c.fields.items():
                every = "(fields)" if name.startswith("fields.") else "(settings)"
                rows.append(("~", c.component, c.item or every, name,
                             f"{_show(old)} -> {_show(new)}"))
        widths = [max(len(str(r[i])) for r in rows) for i in range(4)]
        for row in rows:
            lines.append("  ".join(str(v).ljust(w) for v, w in zip(row, widths)) + "  " + row[4])
        return "\n".join(lines)


def _show(value: Any) -> str:
    return MISSING if value is MISSING else json.dumps(value, ensure_ascii=False, default=str)


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Return nested fields as ``a.b`` and list entries of mappings as ``a.1.b`` (1-based)."""
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(_flatten(inner, f"{prefix}{key}."))
        return out
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        out = {}
        for index, inner in enumerate(value, start=1):
            out.update(_flatten(inner, f"{prefix}{index}."))
        return out
    return {prefix.rstrip("."): value}


def field_changes(old: dict, new: dict) -> dict[str, tuple[Any, Any]]:
    """Return each (nested) field that differs between two mappings: ``name: (old, new)``."""
    a, b = _flatten(old), _flatten(new)
    return {k: (a.get(k, MISSING), b.get(k, MISSING)) for k in dict.fromkeys([*a, *b])
            if a.get(k, MISSING) != b.get(k, MISSING)}


def _element_changes(comp, templates) -> dict[str, tuple[Any, Any]]:
    """Return a component's template element changes as ``element.key: (old, new)``."""
    if not comp.element_changes or templates is None:
        return {}
    model = comp.model
    raw: dict[str, dict] = {}
    for key in ("front", "back", "template"):
        name = getattr(model, key, None)
        if isinstance(name, str):
            for element in every_element(templates.get(name, (str(comp.path), 0)).elements):
                raw.setdefault(element.get("id"), element)
    return {f"{eid}.{key}": (raw.get(eid, {}).get(key, MISSING), value)
            for eid, keys in comp.element_changes.items() for key, (value, _, _) in keys.items()}


def _settings(comp) -> dict:
    """Return a component's settings as the designer set them: its defaults without a
    variant's ``fields:`` (those are shown as ``fields.NAME``, :func:`_fields_changes`)."""
    dump = comp.model.model_dump(exclude={"items"})
    if comp.defaults_before_fields is not None:
        dump["defaults"] = comp.defaults_before_fields
    return dump


def _fields_changes(a, b) -> dict[str, tuple[Any, Any]]:
    """Return ``fields.NAME: (old, new)`` for each ``fields:`` value either side's variant
    sets, as written: the old value is the other side's, or the base game's (the template's
    ``fields:`` or the component's ``defaults``)."""
    out = {}
    for name in dict.fromkeys([*a.variant_fields, *b.variant_fields]):
        base = (b.variant_fields.get(name) or a.variant_fields[name])[0]
        old = a.variant_fields[name][1] if name in a.variant_fields else base
        new = b.variant_fields[name][1] if name in b.variant_fields else base
        if old != new:
            out[f"fields.{name}"] = (MISSING if old is None else old,
                                     MISSING if new is None else new)
    return out


def diff_games(a, b, label_a: str, label_b: str, templates=None) -> Diff:
    """Return the differences between two LoadedGames of the same game (``templates``, a
    TemplateBook, shows the old values of changed template elements)."""
    result = Diff(b.spec.id, label_a, label_b)
    old = {c.model.id: c.model for c in a.components}
    for comp in b.components:
        new_model = comp.model
        old_model = old.get(new_model.id)
        if old_model is None:
            result.added += [(new_model.id, item.id) for item in new_model.items]
            continue
        old_comp = next(c for c in a.components if c.model.id == new_model.id)
        settings = field_changes(_settings(old_comp), _settings(comp))
        settings |= {f"elements.{k}": v for k, v in _element_changes(comp, templates).items()}
        settings |= _fields_changes(old_comp, comp)
        if settings:
            result.settings.append(ItemChange(new_model.id, "", settings))
        before = {item.id: item for item in old_model.items}
        after = {item.id: item for item in new_model.items}
        result.removed += [(new_model.id, i) for i in before if i not in after]
        for item_id, item in after.items():
            if item_id not in before:
                result.added.append((new_model.id, item_id))
                continue
            changes = field_changes(before[item_id].fields(), item.fields())
            if changes:
                result.changed.append(ItemChange(new_model.id, item_id, changes))
    return result


def changed_faces(a_prepared: list, b_prepared: list, diff: Diff) -> list:
    """Return (label, old face, new face) for every card front or back the diff touches."""
    wanted = {(c.component, c.item) for c in diff.changed} | set(diff.added) | set(diff.removed)
    wanted |= {(c.component, None) for c in diff.settings}

    def firsts(prepared):
        out = {}
        for _, comp, ready in prepared:
            for card in ready.cards:
                out.setdefault((comp.model.id, card.label), card)
        return out

    old, new = firsts(a_prepared), firsts(b_prepared)
    pairs = []
    for key in dict.fromkeys([*old, *new]):
        if key not in wanted and (key[0], None) not in wanted:
            continue
        before, after = old.get(key), new.get(key)
        for side in ("front", "back"):
            face_a = getattr(before, side, None) if before else None
            face_b = getattr(after, side, None) if after else None
            if (face_a.key if face_a else None) != (face_b.key if face_b else None):
                pairs.append((f"{key[0]} / {key[1]} ({side})", face_a, face_b))
    return pairs
