"""An edition of a game: the same data read in another language.

``game.yaml`` declares the editions (``editions: [{code: es, title: ...}]``); the source
language is the default edition and ``qps`` (a pseudo-translation) exists for every game.
Translation happens here, at load time, on the located values of every file the game reads
(its YAML, its tables' cells and its templates), so filling, imposition, the checks and the
dice see the translated text through the same model. One walker decides what is translated
and where it was written: ``sheetgen translate extract`` collects with it, the build
translates with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from sheetgen.base.errors import ProblemList
from sheetgen.base.limits import MAX_ID
from sheetgen.load.model import BCP47, EditionSpec, slugify
from sheetgen.load.yamlload import LineDict, LineList, line_of

from .catalogs import Catalog, catalog_path, read_catalog
from .strings import QPS, pieces, pseudo, replace_pieces

# keys whose values are names the files refer to, never words printed for a reader
# keys whose plain values are always printed: a lone lowercase word there is a word, not an id
SHOWN = frozenset({"text", "label", "title", "subtitle", "caption"})
NOT_TEXT = frozenset({"id", "kind", "template", "front", "back", "extends", "generator",
                      "components", "profiles", "meaning_colors", "rulebook", "editions"})
ALL = "all"
EXTRACT = "!extract"  # the reading `sheetgen translate extract` makes: records, translates none


@dataclass(eq=False)
class Edition:
    """The edition being read: its code, title and catalog, and the texts it lacked."""

    code: str
    title: str
    catalog: Catalog | None            # None for the qps pseudo-edition
    spec: EditionSpec | None = None
    # source text -> where written (the first place in file:line order, so a build in
    # several processes, each reading some of the files, names the same place as one)
    missing: dict[str, str] = field(default_factory=dict)
    made: dict[str, str] = field(default_factory=dict)  # translation -> its source text
    found: dict[str, list[str]] | None = None  # extract: source text -> every place written

    @property
    def pseudo(self) -> bool:
        """Whether this is the ``qps`` pseudo-edition."""
        return self.catalog is None

    def text(self, source: str, where: str = "") -> str:
        """Return the translation of one source text (the source when it is missing)."""
        if self.found is not None:
            self.found.setdefault(source, []).append(where)
            return source
        if self.catalog is None:
            found = pseudo(source)
        else:
            found = self.catalog.translation(source)
            if found is None:
                self.lack(source, where)
                return source
        self.made[found] = source
        return found

    def lack(self, source: str, where: str) -> None:
        """Record that ``source`` (written at ``where``) has no translation."""
        known = self.missing.get(source)
        if known is None or where < known:
            self.missing[source] = where

    def entry_in(self, text: str) -> str:
        """Return, for a message, the catalog entry whose translation ``text`` holds (the
        longest such), or an empty string."""
        held = [tr for tr in self.made if tr and tr in text]
        if not held:
            return ""
        source = self.made[max(held, key=len)]
        if self.catalog is None:
            return f"; the pseudo-translation of {source[:60]!r}"
        entry = self.catalog.entries[source]
        return f"; PO entry {self.catalog.path.name}:{entry.line} {source[:60]!r}"

    def value(self, value: str, where: str = "", shown: bool = False) -> str:
        """Return a value with each of its translatable pieces translated (``shown``: the
        value of a key always printed, see :data:`SHOWN`)."""
        return replace_pieces(value, lambda piece: self.text(piece, where), shown)

    def tree(self, data: Any) -> Any:
        """Translate a loaded YAML tree in place (item ids still come from the source names)
        and return it."""
        keep_item_ids(data)
        walk(data, lambda value, path, line, shown: self.value(value, f"{path}:{line}", shown))
        return data

    def fields(self, fields: dict, cells: dict[str, str]) -> None:
        """Translate a table row's fields in place; ``cells``: field -> cell reference."""
        name = fields.get("name") or fields.get("title")
        if "id" not in fields and isinstance(name, str) and name:
            fields["id"] = slugify(name)[:MAX_ID].rstrip("-")
        for key, value in fields.items():
            where = cells.get(key, "")
            fields[key] = _map(value, lambda v, w=where: self.value(v, w))

    def missing_message(self) -> str:
        """Return one sentence saying which texts this edition lacks (for a warning)."""
        first = sorted(self.missing.items(), key=lambda kv: kv[1])[:3]
        shown = "; ".join(f"{where}: {source[:40]!r}" for source, where in first)
        return (f"{len(self.missing)} text(s) have no translation in "
                f"{self.catalog.path.name} and print in the source language ({shown}); "
                f"`sheetgen translate update` adds them")


def walk(data: Any, visit: Callable[[str, str, int, bool], str | None]) -> None:
    """Call ``visit(text, path, line, shown)`` for every string value of a YAML tree (keys and
    the values of :data:`NOT_TEXT` keys left out; ``shown``: a :data:`SHOWN` key's value); a
    returned string replaces the value."""
    if isinstance(data, LineDict):
        for key, value in data.items():
            if key in NOT_TEXT:
                continue
            line = data.key_lines.get(key, data.line)
            if isinstance(value, str):
                new = visit(value, data.path, line, key in SHOWN)
                if new is not None:
                    data[key] = new
            else:
                walk(value, visit)
    elif isinstance(data, LineList):
        for index, value in enumerate(data):
            if isinstance(value, str):
                new = visit(value, data.path, data.item_lines[index], False)
                if new is not None:
                    data[index] = new
            else:
                walk(value, visit)


def _map(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_map(v, change) for v in value]
    if isinstance(value, dict):
        return {k: _map(v, change) for k, v in value.items()}
    return value


def keep_item_ids(data: Any) -> None:
    """Give every item without an ``id:`` the id its source name gives it, before the name
    is translated: an item's id is the same in every edition (variants and dice use it)."""
    if isinstance(data, LineDict):
        for key, value in data.items():
            if key == "items" and isinstance(value, LineList):
                for item in value:
                    _keep_id(item)
            elif isinstance(value, (LineDict, LineList)):
                keep_item_ids(value)
    elif isinstance(data, LineList):
        for value in data:
            keep_item_ids(value)


def _keep_id(item: Any) -> None:
    if not isinstance(item, LineDict) or "id" in item:
        return
    name = item.get("name") or item.get("title")
    if isinstance(name, str) and name:
        item["id"] = slugify(name)[:MAX_ID].rstrip("-")
        item.key_lines["id"] = item.key_lines.get("name", item.key_lines.get("title", 0))


def texts_of(data: Any) -> list[tuple[str, str, int]]:
    """Return (source text, path, line) of every translatable piece of a YAML tree."""
    found: list[tuple[str, str, int]] = []
    walk(data, lambda value, path, line, shown: found.extend(
        (p, path, line) for p in pieces(value, shown)))
    return found


def texts_of_row(fields: dict, cells: dict[str, str]) -> list[tuple[str, str]]:
    """Return (source text, cell) of every translatable piece of a table row."""
    found: list[tuple[str, str]] = []
    for key, value in fields.items():
        where = cells.get(key, "")
        _map(value, lambda v, w=where: found.extend((p, w) for p in pieces(v)) or v)
    return found


def translate_game_texts(edition: Edition, spec, raw_game: Any) -> None:
    """Translate the texts game.yaml itself prints: its ``credits:`` line (the credits block
    starts with it) and the label and meaning of each symbol (``symbols:``, which a ``legend``
    prints); the extract reading collects them from here too."""
    path = getattr(raw_game, "path", "game.yaml")
    if spec.credits:
        line = line_of(raw_game, ("credits",))
        spec.credits = edition.value(spec.credits, f"{path}:{line}", True)
    for name, symbol in spec.symbols.items():
        for key in ("label", "meaning"):
            text = getattr(symbol, key)
            if text:
                line = line_of(raw_game, ("symbols", name, key))
                setattr(symbol, key, edition.value(text, f"{path}:{line}", True))


def edition_codes(raw_game: Any) -> list[str]:
    """Return the codes of the editions a game.yaml declares (validated or not)."""
    listed = raw_game.get("editions") if isinstance(raw_game, dict) else None
    return [e["code"] for e in listed or [] if isinstance(e, dict)
            and isinstance(e.get("code"), str) and re.match(BCP47, e["code"])]


def open_edition(code: str | None, folder: Path, spec, raw_game: Any,
                 problems: ProblemList) -> Edition | None:
    """Return the edition ``code`` of the game in ``folder`` (None: the source language);
    an edition game.yaml does not declare, or a catalog mistake, is recorded in
    ``problems``."""
    if code is None:
        return None
    if code == EXTRACT:
        return Edition(code, spec.name, None, found={})
    if code == QPS:
        return Edition(QPS, pseudo(spec.name), None)
    declared = {e.code: e for e in spec.editions}
    if code not in declared:
        known = ", ".join([*declared, QPS])
        problems.add(getattr(raw_game, "path", folder / "game.yaml"),
                     line_of(raw_game, ("editions",)) or 1,
                     f"game {spec.id!r} has no edition {code!r}; its editions: {known} "
                     "(declare it under editions: with its code and title)")
        return None
    catalog = read_catalog(catalog_path(folder, code), problems)
    return Edition(code, declared[code].title, catalog, declared[code])


def apply_overrides(edition: Edition, components: list, game_path: Path, raw_game: Any,
                    problems: ProblemList) -> None:
    """Change the template elements the edition's ``overrides:`` name, component by
    component, as a variant changes them (a component it does not load is left alone)."""
    if edition.spec is None:
        return
    index = next(i for i, e in enumerate(raw_game["editions"]) if e.get("code") == edition.code)
    by_id = {comp.model.id: comp for comp in components}
    for cid, elements in edition.spec.overrides.items():
        where = line_of(raw_game, ("editions", index, "overrides", cid))
        comp = by_id.get(cid)
        if comp is None:
            if cid not in raw_game.get("components", []):
                problems.add(game_path, where, f"overrides: the game has no component {cid!r}")
            continue
        changes = dict(comp.element_changes or {})
        for eid, keys in elements.items():
            line = line_of(raw_game, ("editions", index, "overrides", cid, eid)) or where
            changes[eid] = {**changes.get(eid, {}),
                            **{k: (v, str(game_path), line) for k, v in keys.items()}}
        comp.element_changes = changes


def chosen_editions(project, game_id: str | None, choice: str | None) -> list:
    """Return one project per edition ``--edition`` chose: ``None`` (the source only), a
    code (that edition), or ``all`` (the source and every edition the game declares)."""
    if choice is None:
        return [project]
    if choice != ALL:
        return [project.with_edition(choice)]
    from sheetgen.base.errors import UserError
    from sheetgen.load.project import GAME_FILE
    from sheetgen.load.yamlload import load_yaml

    if game_id is None:
        raise UserError("--edition all builds one game's editions: name the game, e.g. "
                        "`sheetgen build GAME --edition all`")
    codes = edition_codes(load_yaml(project.game_dir(game_id) / GAME_FILE))
    return [project, *(project.with_edition(code) for code in codes)]


def game_edition(project, game_id: str) -> Edition | None:
    """Return the edition ``project.edition`` of game ``game_id`` (None: the source); a
    mistake in game.yaml or in the catalog is a UserError."""
    from sheetgen.load.model import GameSpec
    from sheetgen.load.project import GAME_FILE
    from sheetgen.load.validation import validate_model
    from sheetgen.load.yamlload import load_yaml

    problems = ProblemList()
    path = project.game_dir(game_id) / GAME_FILE
    raw = load_yaml(path)
    spec = validate_model(GameSpec, raw, path, problems)
    edition = None if spec is None else open_edition(project.edition, path.parent, spec, raw,
                                                     problems)
    problems.raise_if_any()
    return edition
