"""Read a game folder into typed models, collecting every mistake with its ``path:line``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .component_models import component_models
from ..base.errors import Problem, ProblemList, UserError
from .field_types import check_items
from ..base.limits import MAX_COUNT, MAX_ID
from .model import KEBAB, GameSpec, Item, derived_id, no_id_message
from . import reads
from .project import GAME_FILE, Project, user_path
from .yamlload import MAX_COMPONENT_BYTES, LineDict, line_of, load_yaml
from ..base.suggest import unknown
from .validation import describe, validate_model


@dataclass
class LoadedComponent:
    """A validated component with the file it came from and the raw YAML (for lines)."""

    model: Any
    path: Path
    raw: LineDict
    # where each item came from when not from this file's items: (path, line); a table's row
    # is (its first cell, 0), a variant's added or changed item its line in the variant file
    item_sources: list[tuple[str, int]] | None = None
    # a variant's changes to template elements (element id -> {key: (value, path, line)})
    element_changes: dict | None = None
    # the cell of each field of a table's items: item id -> {field: "cards.csv:7:3"}
    item_cells: dict | None = None
    # the files read to load it: its own, its table, its generator's (reads.py)
    reads: tuple[Path, ...] = ()
    # warnings of loading it (Problems): a variant's line that changes nothing
    warnings: list = field(default_factory=list)
    # a variant's ``fields:`` as written: name -> (the base value every face had, the new one),
    # and the component's defaults before them (a diff shows the fields, not the defaults)
    variant_fields: dict = field(default_factory=dict)
    defaults_before_fields: dict | None = None

    def cells_of(self, item_id: str) -> tuple[tuple[str, str], ...]:
        """Return (field, cell) of every field of a table's item; empty for a YAML item."""
        return tuple((self.item_cells or {}).get(item_id, {}).items())

    def item_line(self, index: int) -> int:
        """Return the line where item ``index`` starts (in the component file)."""
        return line_of(self.raw, ("items", index))

    def item_where(self, index: int) -> tuple[str, int]:
        """Return (path, line) to blame for item ``index``: its YAML line, table row or
        variant line."""
        if self.item_sources is not None:
            return self.item_sources[index]
        return (str(self.path), self.item_line(index))


@dataclass
class LoadedGame:
    """A validated game and its components, in game.yaml order."""

    spec: GameSpec
    folder: Path
    components: list[LoadedComponent]
    edition: Any = None             # the edition read (sheetgen.load.editions.Edition), if any
    variant: Any = None             # the applied variant (sheetgen.load.variants.Variant), if any
    changed: set = field(default_factory=set)  # ids of the components the variant changed
    # the files read to load the game itself (game.yaml, its edition's catalog, its variant):
    # every component's outputs depend on them (reads.py)
    reads: tuple[Path, ...] = ()

    def component(self, component_id: str) -> LoadedComponent:
        """Return one component; an unknown id is a UserError listing the known ones."""
        for comp in self.components:
            if comp.model.id == component_id:
                return comp
        known = ", ".join(c.model.id for c in self.components)
        raise UserError(f"game {self.spec.id!r} has no component {component_id!r}; "
                        f"its components: {known}")


def load_game_files(project: Project, game_id: str, only: list[str] | None,
                    problems: ProblemList) -> LoadedGame | None:
    """Load and validate ``data/<game_id>/``, recording every mistake in ``problems``.

    ``only`` limits the component files read to those ids (a build of one component need not
    validate the rest); an id the game does not list is a problem naming the listed ones.
    The game comes back with the components that loaded (None when game.yaml itself is
    unusable); generated items are not computed here (``games.load_game`` does it next).
    """
    folder = project.game_dir(game_id)
    game_path = folder / GAME_FILE
    game_reads = reads.ReadRecorder()
    try:
        with game_reads.recording():
            raw_game = load_yaml(game_path)
    except UserError as exc:
        problems.extend(exc)
        return None
    spec = validate_model(GameSpec, raw_game, game_path, problems)
    # a game.yaml with mistakes still names its components: check them in the same run
    listed = spec.components if spec else _listed_ids(raw_game)
    if spec is not None and spec.id != folder.name:
        problems.add(game_path, line_of(raw_game, ("id",)),
                     f"id {spec.id!r} must match the folder name {folder.name!r}")
    edition = None
    if spec is not None and project.edition is not None:
        from .editions import open_edition, translate_game_texts  # start-up: edition builds only

        with game_reads.recording():
            edition = open_edition(project.edition, folder, spec, raw_game, problems)
        if edition is not None:
            spec.name = edition.title
            translate_game_texts(edition, spec, raw_game)
    if only is not None:
        unknown = [cid for cid in only if cid not in listed]
        if unknown:
            problems.add(game_path, line_of(raw_game, ("components",)) or 1,
                         f"game {game_id!r} has no component {unknown[0]!r}; its components: "
                         f"{', '.join(listed)}")
    components = []
    for index, cid in enumerate(listed):
        if only is not None and cid not in only:
            continue
        where = line_of(raw_game, ("components", index))
        try:
            path = user_path(folder, cid, (game_path, where), "component", ".yaml")
            with reads.part() as comp_reads:
                comp = load_component(project, path, cid, problems, edition)
            if comp is not None:
                comp.reads = tuple(comp_reads.files())
        except UserError as exc:
            problems.extend(exc)
            continue
        if comp is None:
            if not path.is_file():
                problems.add(game_path, where, f"component {cid!r}: file {cid}.yaml not found")
            continue
        components.append(comp)
    if spec is None:
        return None
    if edition is not None:
        from .editions import apply_overrides

        apply_overrides(edition, components, game_path, raw_game, problems)
    return LoadedGame(spec, folder, components, edition, reads=tuple(game_reads.files()))


def _listed_ids(raw_game: Any) -> list[str]:
    """Return the usable component ids of a game.yaml that did not validate."""
    listed = raw_game.get("components") if isinstance(raw_game, dict) else None
    if not isinstance(listed, list):
        return []
    return list(dict.fromkeys(c for c in listed if isinstance(c, str) and re.match(KEBAB, c)
                              and len(c) <= MAX_ID))


def load_component(project: Project, path: Path, component_id: str,
                   problems: ProblemList, edition=None) -> LoadedComponent | None:
    """Load one component file (translated into ``edition``, a
    :class:`sheetgen.load.editions.Edition`, when given); problems are recorded, None
    returned if it is unusable."""
    if not path.is_file():
        return None
    raw = load_yaml(path, MAX_COMPONENT_BYTES)
    if edition is not None:
        edition.tree(raw)
    if not isinstance(raw, dict):
        problems.add(path, 1, "a component file is a mapping with id, title, kind and items")
        return None
    kinds = component_models()
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        problems.add(path, line_of(raw, ("kind",)),
                     "kind: " + unknown("component kind", kind, kinds))
        return None
    model = validate_model(kinds[kind], raw, path, problems)
    if model is None:
        return None
    before = len(problems.problems)  # the model's own mistakes do not stop its later checks
    if model.id != component_id:
        problems.add(path, line_of(raw, ("id",)),
                     f"id {model.id!r} must match the file name {component_id!r}")
    loaded = LoadedComponent(model, path, raw)
    cells = None
    if model.items_from is not None:
        cells = _items_from(project, model, raw, path, problems, edition)
        loaded.item_sources = (None if cells is None
                               else [(next(iter(c.values()), ""), 0) for c in cells])
    assign_item_ids(loaded, problems)
    if cells is not None:
        loaded.item_cells = {item.id: c for item, c in zip(model.items, cells)}
    check_items(loaded, problems)
    if len(problems.problems) > before:
        return None
    return loaded


def _items_from(project: Project, model, raw, path: Path, problems: ProblemList,
                edition=None) -> list[str] | None:
    """Replace the component's items with a table's rows (a generator's items are computed
    after loading, by ``generators.expand_generated``).

    Returns the cells of each table row (field -> cell reference, for messages), or None
    for a generator.
    """
    line = line_of(raw, ("items_from",))
    if model.items:
        problems.add(path, line, "give either items: or items_from:, not both")
        return None
    source = model.items_from
    if source.generator is not None:
        return None
    name = source.csv or source.xlsx
    key_line = line_of(raw, ("items_from", "csv" if source.csv else "xlsx"))
    try:
        table = project.confine(path.parent, name, str(path), key_line)
    except UserError as exc:
        problems.extend(exc)
        return None
    if not table.is_file():
        problems.add(path, key_line, f"items_from: file {name!r} not found beside {path.name}")
        return None
    from .tabular import read_rows  # start-up: csv and openpyxl, for a table's items only

    items, cells = [], []
    for row in read_rows(table, source.sheet, problems, (str(path), key_line)):
        if edition is not None:
            edition.fields(row.fields, row.cells)
        try:
            items.append(Item.model_validate(row.fields))
            cells.append({"": row.where(), **row.cells})
        except ValidationError as exc:
            for err in exc.errors():
                field = str(err["loc"][0]) if err["loc"] else None
                problems.problems.append(Problem(row.where(field), 0, describe(err)))
    model.items = items
    return cells


def assign_item_ids(loaded: LoadedComponent, problems: ProblemList) -> None:
    """Give every item a stable id (given, or from its name) and refuse duplicates."""
    model, raw, path = loaded.model, loaded.raw, loaded.path
    seen: dict[str, str] = {}
    default_count = model.defaults.get("count")
    for index, item in enumerate(model.items):
        where = loaded.item_where(index)
        if default_count is not None and "count" not in item.model_fields_set:
            if (not isinstance(default_count, int) or isinstance(default_count, bool)
                    or not 0 <= default_count <= MAX_COUNT):
                problems.add(path, line_of(raw, ("defaults", "count")),
                             f"defaults: count must be a whole number from 0 to {MAX_COUNT}")
                return
            item.count = default_count
        if item.id is None:
            extra = item.model_extra or {}
            name = extra.get("name") or extra.get("title")
            if not name:
                problems.add(*where, "item needs an 'id:' or a 'name:' to derive one from")
                continue
            item.id = derived_id(name)
            if not item.id:
                problems.add(*where, no_id_message(name))
                continue
        if item.id in seen:
            problems.add(*where, f"two items have the id {item.id!r} (the other is at "
                         f"{seen[item.id]}); give one of them its own 'id:'")
        seen.setdefault(item.id, f"line {where[1]}" if where[1] else where[0])
