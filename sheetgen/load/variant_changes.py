"""Apply a playtest variant's changes to loaded components, every mistake at its line.

Changes are applied after ``defaults``, ``items_from`` and ids: items set, added and removed by
id, component settings, and template elements patched for one component
(:func:`patched_templates`). A field no item has and no template fills (a typo such as
``defence``) is refused with the close matches.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..base.errors import Problem, ProblemList, UserError, display_path
from .field_types import check_items
from .model import KEBAB, Item, derived_id, no_id_message
from ..base.suggest import unknown
from .yamlload import LineDict, LineList, line_of
from .validation import describe
from .templates import TemplateBook, every_element
from .variants import Variant, check_component_ids, load_variant

RESERVED = ("add", "remove", "settings", "elements", "fields")
_JINJA_NAME = re.compile(r"\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)|\{%-?\s*if\s+([A-Za-z_]\w*)")


def template_fields(templates, names: list[str], where: tuple[str, int]) -> set[str]:
    """Return the item fields the named templates (and their parents) fill in."""
    found: set[str] = set()
    for name in names:
        try:
            template = templates.get(name, where)
        except UserError:
            continue
        found |= set(template.fields)
        text = json.dumps(template.elements, default=str)
        found |= {a or b for a, b in _JINJA_NAME.findall(text)}
    return found


def apply_changes(loaded, variant: Variant, templates, problems: ProblemList) -> bool:
    """Apply the variant's changes to one loaded component; return whether it changed.

    Problems are recorded at their variant-file lines; the component is left unusable
    (``False`` returned) only when one was recorded.
    """
    model = loaded.model
    sources = [loaded.item_where(i) for i in range(len(model.items))]
    touched = False
    for path, changes in variant.changes:
        change = changes.get(model.id)
        if change is None:
            continue
        touched = True
        if not isinstance(change, dict):
            problems.add(path, line_of(changes, (model.id,)),
                         "a component's changes are a mapping: item ids, add, remove, settings")
            continue
        usable = _usable_fields(model, templates, (str(loaded.path), 0))
        _apply_settings(loaded, change, path, problems)
        _apply_elements(loaded, change, path, templates, problems)
        _apply_fields(loaded, change, path, usable, templates, problems)
        sources = _apply_items(loaded, change, path, usable, sources, problems)
    loaded.item_sources = sources
    return touched


def _unchanged(loaded, path: Path, line: int, what: str, value: Any) -> None:
    """Warn, at a variant's line, that it gives ``what`` the value the base game has already:
    the line changes nothing (a diff or ``--changed-only`` build would not show it)."""
    shown = json.dumps(value, ensure_ascii=False, default=str)
    loaded.warnings.append(Problem(
        display_path(path), line, f"{what} is {shown} in the base game already: this line "
        "changes nothing (remove it, or give the value the variant means)"))


def _template_names(model) -> list[str]:
    """Return the templates a component draws with (its front, back, template, board sides')."""
    names = [getattr(model, key) for key in ("front", "back", "template")
             if isinstance(getattr(model, key, None), str)]
    names += [side.template for side in getattr(model, "sides", None) or []
              if isinstance(getattr(side, "template", None), str)]
    return list(dict.fromkeys(names))


def _usable_fields(model, templates, where) -> set[str]:
    usable = {"id", "count", "name", "title"} | set(model.defaults)
    for item in model.items:
        usable |= set(item.model_extra or {})
    for side in getattr(model, "sides", None) or []:
        usable |= set(getattr(side, "fields", None) or {})
    return usable | template_fields(templates, _template_names(model), where)


def _apply_settings(loaded, change: dict, path: Path, problems: ProblemList) -> None:
    settings = change.get("settings")
    if settings is None:
        return
    line = line_of(change, ("settings",))
    model = loaded.model
    if not isinstance(settings, dict):
        problems.add(path, line, "settings: a mapping of component keys, e.g. {back: other}")
        return
    for key in settings:
        if key in ("id", "kind", "items", "items_from") or key not in type(model).model_fields:
            allowed = [k for k in type(model).model_fields
                       if k not in ("id", "kind", "items", "items_from")]
            problems.add(path, line_of(settings, (key,)),
                         "settings: " + unknown("component key", key, allowed))
            return
    data = model.model_dump(exclude={"items"})
    for key, value in settings.items():  # mappings merge key by key, as item fields do
        data[key] = _merge(data.get(key), value)
    try:
        updated = type(model).model_validate({**data, "items": []})
    except ValidationError as exc:
        for err in exc.errors():
            problems.add(path, line_of(settings, tuple(err["loc"])) or line,
                         describe(err, type(model)))
        return
    for key in settings:
        if getattr(model, key) == getattr(updated, key):
            _unchanged(loaded, path, line_of(settings, (key,)) or line,
                       f"{model.id} settings: {key}", settings[key])
        setattr(model, key, getattr(updated, key))


def _apply_elements(loaded, change: dict, path: Path, templates,
                    problems: ProblemList) -> None:
    """Record template element changes (by element id) for this component's faces."""
    elements = change.get("elements")
    if elements is None:
        return
    if not isinstance(elements, dict):
        problems.add(path, line_of(change, ("elements",)),
                     "elements: a mapping of element id -> keys to change")
        return
    names = _template_names(loaded.model)
    known: list[str] = []
    drawn: dict[str, list] = {}  # element id -> its elements in the templates
    for name in names:
        try:
            for element in every_element(templates.get(name, (str(loaded.path), 0)).elements):
                if element.get("id"):
                    known.append(element.get("id"))
                    drawn.setdefault(element.get("id"), []).append(element)
        except UserError:
            continue
    overrides = dict(getattr(loaded, "element_changes", None) or {})
    for element_id, keys in elements.items():
        line = line_of(elements, (element_id,))
        if element_id not in known:
            problems.add(path, line, "elements: " + unknown(
                f"element of {', '.join(names)}", element_id, known))
            continue
        if not isinstance(keys, dict) or "type" in keys or "id" in keys:
            problems.add(path, line, f"{element_id}: the keys to change (not type or id), "
                         "e.g. {text: ...}")
            continue
        for key, value in keys.items():
            if all(key in e and e[key] == value for e in drawn[element_id]):
                _unchanged(loaded, path, line_of(keys, (key,)) or line,
                           f"element {element_id}: {key}", value)
        overrides[element_id] = {**overrides.get(element_id, {}),
                                 **{k: (v, str(path), line_of(keys, (k,)))
                                    for k, v in keys.items()}}
    loaded.element_changes = overrides


def _apply_fields(loaded, change: dict, path: Path, usable: set[str], templates,
                  problems: ProblemList) -> None:
    """Give every face of the component a field's value (``fields: {rounds: 6}``): over the
    templates' ``fields:``, the component's ``defaults`` and each item's or side's own value,
    mappings merged key by key. A change to one item (below) still wins over it."""
    values = change.get("fields")
    if values is None:
        return
    if not isinstance(values, dict):
        problems.add(path, line_of(change, ("fields",)),
                     "fields: a mapping of field -> the value every face gets, e.g. {rounds: 6}")
        return
    model = loaded.model
    template_values: dict = {}
    for name in reversed(_template_names(model)):  # the first template's value wins
        try:
            template_values.update(templates.get(name, (str(loaded.path), 0)).fields)
        except UserError:
            continue
    for name, value in values.items():
        if name in ("id", "count") or name not in usable:
            problems.add(path, line_of(values, (name,)), "fields: " + unknown(
                f"field of {model.id}", name, sorted(usable - {"id", "count"}),
                "no item has it and no template uses it"))
            continue
        old = model.defaults.get(name, template_values.get(name))
        if loaded.defaults_before_fields is None:
            loaded.defaults_before_fields = json.loads(json.dumps(model.defaults, default=str))
        model.defaults[name] = _merge(old, value)
        base = loaded.variant_fields.get(name, (old, None))[0]
        loaded.variant_fields[name] = (base, model.defaults[name])
        same = model.defaults[name] == old
        for owner in [item.model_extra for item in model.items] + [
                getattr(side, "fields", None) for side in getattr(model, "sides", None) or []]:
            if isinstance(owner, dict) and name in owner:
                new = _merge(owner[name], value)
                same = same and new == owner[name]
                owner[name] = new
        if same:
            _unchanged(loaded, path, line_of(values, (name,)), f"fields: {name} of every face "
                       f"of {model.id}", value)


def patched_templates(templates, changes: dict):
    """Return a template book whose templates have the variant's element changes applied."""
    from dataclasses import replace

    patched: dict[str, object] = {}  # each template patched once, not once per face

    class Patched:
        """The project's templates, with some elements' keys changed for one component."""

        def __getattr__(self, name):
            return getattr(templates, name)

        def get(self, name, where, _chain=()):
            if name not in patched:
                template = templates.get(name, where, _chain)
                elements = [_patched(element, changes) for element in template.elements]
                patched[name] = replace(template, elements=elements)
            return patched[name]

    return Patched()


def _patched(element: LineDict, changes: dict) -> LineDict:
    """Return ``element`` with its changes, and its children's (inside a container), applied;
    the element itself when nothing in it changes."""
    out = _patched_element(element, changes[element.get("id")]) \
        if changes.get(element.get("id")) else element
    children = element.get("children")
    if isinstance(children, list):
        new = [_patched(c, changes) if isinstance(c, dict) else c for c in children]
        if any(a is not b for a, b in zip(new, children)):
            out = _patched_element(out, {}) if out is element else out
            kids = LineList(new)
            kids.path, kids.line = getattr(children, "path", ""), getattr(children, "line", 0)
            kids.item_lines = list(getattr(children, "item_lines", [0] * len(new)))
            out["children"] = kids
    return out


def _patched_element(element: LineDict, change: dict) -> LineDict:
    copy_ = LineDict(element)
    copy_.path, copy_.line = element.path, element.line
    copy_.key_lines = dict(element.key_lines)
    for key, (value, _path, line) in change.items():
        copy_[key] = value
        copy_.key_lines[key] = line
    return copy_


def _apply_items(loaded, change: dict, path: Path, usable: set[str], sources: list,
                 problems: ProblemList) -> list:
    """Change, remove and add items; return the new (path, line) source of every item."""
    model = loaded.model
    ids = [item.id for item in model.items]
    for key, fields in change.items():
        if key in RESERVED:
            continue
        line = line_of(change, (key,))
        if key not in ids:
            problems.add(path, line, unknown(f"item of {model.id}", key, ids))
            continue
        if not isinstance(fields, dict):
            problems.add(path, line, f"{key}: the fields to change, e.g. {{count: 2}}")
            continue
        index = ids.index(key)
        item = model.items[index]
        for name, value in fields.items():
            if name == "id":
                problems.add(path, line_of(fields, (name,)), "an item's id cannot change; "
                             "remove it and add a new item instead")
                continue
            if name not in usable:
                problems.add(path, line_of(fields, (name,)),
                             unknown(f"field of {model.id} items", name, sorted(usable),
                                     "no item has it and no template uses it"))
                continue
            extra = item.model_extra or {}
            old = getattr(item, name, None) if name == "count" else extra.get(name)
            merged = _merge(old, value)
            before = old if name == "count" or name in extra else model.defaults.get(name)
            if _merge(before, value) == before and (before is not None or name == "count"):
                _unchanged(loaded, path, line_of(fields, (name,)), f"{key}: {name}", value)
            try:
                model.items[index] = item = Item.model_validate(
                    {**item.fields(), name: merged})
            except ValidationError as exc:
                for err in exc.errors():
                    problems.add(path, line_of(fields, (name,)), describe(err))
        sources[index] = (str(path), line)
    removed = change.get("remove") or []
    if not isinstance(removed, list):
        problems.add(path, line_of(change, ("remove",)), "remove: a list of item ids")
        removed = []
    for n, item_id in enumerate(removed):
        if item_id not in ids:
            problems.add(path, line_of(change, ("remove", n)),
                         "remove: " + unknown(f"item of {model.id}", item_id, ids))
    keep = [i for i, item in enumerate(model.items) if item.id not in removed]
    model.items = [model.items[i] for i in keep]
    sources = [sources[i] for i in keep]
    added = change.get("add") or []
    if not isinstance(added, list):
        problems.add(path, line_of(change, ("add",)), "add: a list of new items")
        return sources
    existing = {item.id for item in model.items}
    for n, raw_item in enumerate(added):
        line = line_of(change, ("add", n))
        try:
            item = Item.model_validate(raw_item)
        except ValidationError as exc:
            for err in exc.errors():
                problems.add(path, line_of(change, ("add", n, *err["loc"])), describe(err))
            continue
        extra = item.model_extra or {}
        if item.id is None:
            name = extra.get("name") or extra.get("title")
            if not name:
                problems.add(path, line, "a new item needs an 'id:' or a 'name:'")
                continue
            item.id = derived_id(name)
            if not item.id:
                problems.add(path, line, no_id_message(name))
                continue
        if not re.match(KEBAB, item.id) or item.id in existing:
            problems.add(path, line, f"a new item's id {item.id!r} is taken or not kebab-case; "
                         "give it its own 'id:'")
            continue
        if "count" not in item.model_fields_set and isinstance(model.defaults.get("count"), int):
            item.count = model.defaults["count"]
        for name in extra:
            if name not in usable:
                problems.add(path, line_of(change, ("add", n, name)),
                             unknown(f"field of {model.id} items", name, sorted(usable),
                                     "no item has it and no template uses it"))
        existing.add(item.id)
        model.items.append(item)
        sources.append((str(path), line))
    return sources


def _merge(old: Any, new: Any) -> Any:
    """Merge a changed value into the old one: mappings key by key, anything else replaced."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {**old, **{k: _merge(old.get(k), v) for k, v in new.items()}}
    return new


def overlay_variant(project, game, name: str, problems: ProblemList) -> None:
    """Apply variant ``name``'s changes to ``game``'s loaded components (problems at the
    variant file's lines); ``game.variant`` and ``game.changed`` say what was applied."""
    try:
        game.variant = load_variant(game.folder, name, edition=game.edition)
    except UserError as exc:
        problems.extend(exc)
        return
    check_component_ids(game.variant, game.spec.components, problems)
    templates = TemplateBook(project)
    for comp in game.components:
        if apply_changes(comp, game.variant, templates, problems):
            game.changed.add(comp.model.id)
            check_items(comp, problems)  # the variant's values are typed too
