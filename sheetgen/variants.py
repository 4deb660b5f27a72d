"""Playtest variants: ``data/<game>/variants/<name>.yaml`` overlays on a game's components.

A variant file says what a playtest changes, and nothing else::

    title: Harder winters
    description: Level III raids cost one more ship in winter. Does anyone still raid them?
    extends: other-variant          # optional: start from another variant's changes
    changes:
      raid-cards:                   # a component id
        york: {defense: 9}          # an item id: fields set or changed (count too)
        add:                        # new items, as in the component file
          - {name: Hamburg, players: 3, level: III, ...}
        remove: [paris]             # item ids left out
        settings: {back: raid-back} # component keys (front, back, template, copies...)
        elements:                   # template elements by id: keys to change, for this
          turns-label: {text: "6 turns"}   # component only (a sheet's track, a card's rule)
    dice:                           # optional: the dice script's step changes (dice.yaml)
      steps: {raid-deck: {reveal: 2}}

Changes are applied to the loaded component (after ``defaults``, ``items_from`` and ids), so
they work on YAML and spreadsheet decks alike, and the dice engine, which reads decks with
the same loader, shuffles exactly the variant's deck. Every mistake is reported at its line
in the variant file: an unknown component or item id (with the close matches), a field no
item of the component has and its templates do not fill (a typo such as ``defence``), a bad
value.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from .errors import ProblemList, UserError, user_error
from .model import KEBAB, Item, Strict, slugify
from .project import DICE_FILE, VARIANTS_DIR, user_path
from .suggest import close_matches, unknown
from .yamlload import LineDict, line_of, load_yaml
from .validation import describe

RESERVED = ("add", "remove", "settings", "elements")
_JINJA_NAME = re.compile(r"\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)|\{%-?\s*if\s+([A-Za-z_]\w*)")


class VariantFile(Strict):
    """``data/<game>/variants/<name>.yaml``: what one playtest variant changes."""

    title: str = Field(description="Short name printed on the variant's stamp and in diffs.")
    description: str = Field("", description="What the variant tests, for the designer.")
    extends: str | None = Field(None, description="Another variant whose changes come first.")
    changes: dict[str, dict[str, Any]] = Field(default_factory=dict, description=(
        "Component id -> its changes: item id -> fields to set; add: [new items]; "
        "remove: [item ids]; settings: {component keys}."))
    dice: dict[str, Any] | None = Field(None, description=(
        "Changes to the dice script, as a dice.yaml variant: steps (step id -> fields), "
        "players."))


@dataclass
class Variant:
    """A resolved variant: its name, title, the chain it extends and its change sets."""

    name: str
    title: str
    description: str
    path: Path
    chain: list[str]
    changes: list[tuple[Path, dict]] = field(default_factory=list)  # (file, changes) in order
    dice: dict | None = None   # dice.yaml step changes; None: the base script (or dice mode)

    @property
    def has_file(self) -> bool:
        """Whether the variant is a variant file (not only a dice.yaml game mode)."""
        return self.path.parent.name == VARIANTS_DIR

    @property
    def digest(self) -> str:
        """A short hash of everything the variant changes (printed on its stamp)."""
        payload = json.dumps([c for _, c in self.changes] + [self.dice], sort_keys=True,
                             default=str)
        return hashlib.sha256(payload.encode()).hexdigest()[:6]

    def component_ids(self) -> set[str]:
        """Return the ids of the components the variant changes."""
        return {cid for _, changes in self.changes for cid in changes}




def _dice_modes(game_dir: Path) -> dict:
    """Return the game modes ``dice.yaml`` defines under ``variants:`` (dice-only variants)."""
    path = game_dir / DICE_FILE
    if not path.is_file():
        return {}
    raw = load_yaml(path)
    modes = raw.get("variants") if isinstance(raw, dict) else None
    return modes if isinstance(modes, dict) else {}


def _variant_files(game_dir: Path) -> list[str]:
    """Return the names of the game's variant files (``variants/<name>.yaml``)."""
    folder = game_dir / VARIANTS_DIR
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def variant_names(game_dir: Path) -> list[str]:
    """Return the names of a game's variants: its variant files and its dice.yaml modes."""
    return sorted(set(_variant_files(game_dir)) | set(_dice_modes(game_dir)))


def variant_file(game_dir: Path, name: str, where: tuple[str | Path, int] | None = None
                 ) -> Path | None:
    """Return the file of variant ``name``, or None for a dice.yaml game mode without one.

    A variant is a name, never a path: a file of the game's ``variants/`` folder or a game
    mode of its ``dice.yaml``. Anything else is a UserError at ``where`` (default: the
    variants folder) listing both kinds of name.
    """
    where = where or (game_dir / VARIANTS_DIR, 0)
    files, modes = _variant_files(game_dir), list(_dice_modes(game_dir))
    if name in files:
        return user_path(game_dir / VARIANTS_DIR, name, where, "variant", ".yaml")
    if name in modes:
        return None
    near = close_matches(str(name)[:100], files + modes)
    raise user_error(*where, f"unknown variant {str(name)[:100]!r}"
                     + (f"; did you mean {' or '.join(map(repr, near))}?" if near else ";")
                     + f" variant files ({VARIANTS_DIR}/): {', '.join(files) or 'none'};"
                     f" game modes of {DICE_FILE}: {', '.join(modes) or 'none'}"
                     f" (add {VARIANTS_DIR}/NAME.yaml to make one)")


def load_variant(game_dir: Path, name: str, _chain: tuple[str, ...] = (),
                 where: tuple[str | Path, int] | None = None) -> Variant:
    """Read variant ``name`` of the game in ``game_dir`` and the variants it extends.

    A name with no variant file but a game mode in ``dice.yaml`` (Roll & Raid's ``paris``)
    is a variant too: it changes no component, only the dice script. ``where`` is blamed
    for a name that is neither (default: the variants folder).
    """
    path = variant_file(game_dir, name, where)
    if path is None:
        mode = _dice_modes(game_dir)[name]
        return Variant(name, str(mode.get("title", name)) if isinstance(mode, dict) else name,
                       str(mode.get("note", "")) if isinstance(mode, dict) else "",
                       game_dir / DICE_FILE, [], [], None)
    if name in _chain:
        raise user_error(path, 1, f"variant extends itself: {' -> '.join(_chain + (name,))}")
    raw = load_yaml(path)
    problems = ProblemList()
    if not isinstance(raw, dict):
        raise user_error(path, 1, "a variant file is a mapping with title: and changes:")
    try:
        spec = VariantFile.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            problems.add(path, line_of(raw, tuple(err["loc"])), describe(err, VariantFile))
        problems.raise_if_any()
    chain: list[str] = []
    changes: list[tuple[Path, dict]] = []
    dice = None
    if spec.extends:
        parent = load_variant(game_dir, spec.extends, _chain + (name,),
                              (path, line_of(raw, ("extends",))))
        chain, changes, dice = parent.chain + [parent.name], list(parent.changes), parent.dice
    if spec.dice is not None:
        dice = _merge_dice(dice, raw["dice"])
    changes.append((path, raw.get("changes") or LineDict()))
    return Variant(name, spec.title, spec.description, path, chain, changes, dice)


def _merge_dice(base: dict | None, more: dict) -> dict:
    merged = copy.deepcopy(dict(base or {}))
    for key, value in more.items():
        if key == "steps" and isinstance(value, dict):
            steps = merged.setdefault("steps", {})
            for step, fields in value.items():
                steps.setdefault(step, {}).update(fields)
        else:
            merged[key] = value
    return merged


def check_component_ids(variant: Variant, known: list[str], problems: ProblemList) -> None:
    """Record every changed component id the game does not have, at its line."""
    for path, changes in variant.changes:
        for cid in changes:
            if cid not in known:
                problems.add(path, line_of(changes, (cid,)),
                             unknown("component", cid, known, "see `sheetgen list`"))


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
        sources = _apply_items(model, change, path, usable, sources, problems)
    loaded.item_sources = sources
    return touched


def _usable_fields(model, templates, where) -> set[str]:
    names = [getattr(model, key) for key in ("front", "back", "template")
             if isinstance(getattr(model, key, None), str)]
    usable = {"id", "count", "name", "title"} | set(model.defaults)
    for item in model.items:
        usable |= set(item.model_extra or {})
    return usable | template_fields(templates, names, where)


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
    data = {**model.model_dump(exclude={"items"}), **settings}
    try:
        updated = type(model).model_validate({**data, "items": []})
    except ValidationError as exc:
        for err in exc.errors():
            problems.add(path, line_of(settings, tuple(err["loc"])) or line,
                         describe(err, type(model)))
        return
    for key in settings:
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
    model = loaded.model
    names = [getattr(model, key) for key in ("front", "back", "template")
             if isinstance(getattr(model, key, None), str)]
    known: list[str] = []
    for name in names:
        try:
            known += [e.get("id") for e in templates.get(name, (str(loaded.path), 0)).elements
                      if e.get("id")]
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
        overrides[element_id] = {**overrides.get(element_id, {}),
                                 **{k: (v, str(path), line_of(keys, (k,)))
                                    for k, v in keys.items()}}
    loaded.element_changes = overrides


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
                elements = [_patched_element(element, changes[element.get("id")])
                            if changes.get(element.get("id")) else element
                            for element in template.elements]
                patched[name] = replace(template, elements=elements)
            return patched[name]

    return Patched()


def _patched_element(element: LineDict, change: dict) -> LineDict:
    copy_ = LineDict(element)
    copy_.path, copy_.line = element.path, element.line
    copy_.key_lines = dict(element.key_lines)
    for key, (value, _path, line) in change.items():
        copy_[key] = value
        copy_.key_lines[key] = line
    return copy_


def _apply_items(model, change: dict, path: Path, usable: set[str], sources: list,
                 problems: ProblemList) -> list:
    """Change, remove and add items; return the new (path, line) source of every item."""
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
            merged = _merge(getattr(item, name, None) if name == "count"
                            else (item.model_extra or {}).get(name), value)
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
            item.id = slugify(name)
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


STAMP_SIZE = 6.5          # points: at least the print checks' 6 pt minimum
STAMP_INSET_MM = 3.5      # inside the 3 mm safe area


def stamp_text(variant: Variant) -> str:
    """Return what a changed face carries: the variant's name and its content hash."""
    return f"VARIANT {variant.name} · {variant.digest}"


def stamped(face, text: str, fonts, icons, path: Path):
    """Return ``face`` with the variant stamp (ink on a white plaque) in the corner its template
    names (``stamp_corner``; lower left unless a template says otherwise), inside the safe area."""
    from .elements import DrawContext, element_class
    from .faces import element_origin
    from .units import MM

    inset, height = STAMP_INSET_MM * MM, 3.4 * MM
    width = min(fonts.width(text, fonts.font_name("body", True), STAMP_SIZE) + 2 * MM,
                face.width - 2 * inset)
    vertical, horizontal = face.stamp_corner.split("-")
    top = inset if vertical == "upper" else face.height - inset - height
    left = inset if horizontal == "left" else face.width - inset - width
    ctx = {"width": face.width, "height": face.height, "fonts": fonts, "icons": icons,
           "colors": {}, "project": None, "base_dir": path.parent, "where_path": str(path),
           "where_line": 0}
    plaque = element_class("box").model_validate(
        {"type": "box", "id": "variant-stamp-plaque", "x": f"{left}pt", "y": f"{top}pt",
         "w": f"{width}pt", "h": f"{height}pt", "fill": "white", "stroke": "ink",
         "stroke_width": "0.5pt", "radius": "1pt"}, context=ctx)
    label = element_class("text").model_validate(
        {"type": "text", "id": "variant-stamp", "x": f"{left}pt", "y": f"{top}pt",
         "w": f"{width}pt", "h": f"{height}pt", "text": text, "size": STAMP_SIZE,
         "min_size": 6, "bold": True, "align": "center", "valign": "middle", "color": "ink"},
        context=ctx)
    label.prepare(DrawContext(face.width, face.height, fonts, icons))
    key = hashlib.sha1(f"{face.key}|{text}".encode()).hexdigest()[:16]
    origins = list(face.origins) + [element_origin(str(path), 0, e) for e in (plaque, label)]
    return dataclasses.replace(face, elements=[*face.elements, plaque, label], key=key,
                               origins=origins)


def mark_changes(prepared: list, base: list, variant: Variant, fonts, icons,
                 stamp_all: bool = False, changed_only: bool = False) -> list:
    """Stamp the faces the variant changed (or every face) and drop the rest if asked.

    A face is changed when its item is new or it differs from the same face of the base
    game's card of the same item and copy; ``changed_only`` keeps every card with a changed
    face (both its faces, for duplex). Returns (game, component, Prepared) triples.
    """
    from .components.contract import Prepared
    from .faces import Card

    base_cards = {comp.model.id: ready.cards for _, comp, ready in base}
    text = stamp_text(variant)
    cache: dict[str, object] = {}

    def stamp(face):
        if face is None:
            return None
        if face.key not in cache:
            cache[face.key] = stamped(face, text, fonts, icons, variant.path)
        return cache[face.key]

    out = []
    for game, comp, ready in prepared:
        before: dict[str, list] = {}
        for card in base_cards.get(comp.model.id, []):
            before.setdefault(card.label, []).append(card)
        seen: dict[str, int] = {}
        cards = []
        for card in ready.cards:
            n = seen[card.label] = seen.get(card.label, -1) + 1
            old = before[card.label][n] if n < len(before.get(card.label, [])) else None
            changed = old is None or _keys(old) != _keys(card)
            front_changed = old is None or old.front.key != card.front.key
            back_changed = old is None or _keys(old)[1] != _keys(card)[1]
            if changed or stamp_all:
                card = Card(stamp(card.front) if front_changed or stamp_all else card.front,
                            stamp(card.back) if back_changed or stamp_all else card.back,
                            card.label)
            if changed or not changed_only:
                cards.append(card)
        if changed_only and comp.model.kind == "sheet":
            cards = list({card.front.key: card for card in cards}.values())
        if cards:
            out.append((game, comp, Prepared(cards)))
    return out


def _keys(card) -> tuple:
    return (card.front.key, card.back.key if card.back else None)
