"""Playtest variants: ``data/<game>/variants/<name>.yaml`` overlays on a game's components.

This module reads a variant file and the chain it ``extends``; ``variant_changes.py`` applies
its changes to the loaded components and ``variant_stamps.py`` stamps the faces they change.

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
        settings: {back: raid-back} # component keys (front, back, template, copies...);
                                    # mappings (defaults) merge key by key, as item fields do
        fields: {rounds: 6}         # a value every face gets (a sheet's or template's fields)
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
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from ..base.docs_links import see
from ..base.errors import ProblemList, user_error
from . import reads
from .model import Strict
from .project import DICE_FILE, VARIANTS_DIR, user_path
from ..base.suggest import close_matches, command, unknown
from .yamlload import LineDict, line_of, load_yaml
from .validation import describe

class VariantFile(Strict):
    """``data/<game>/variants/<name>.yaml``: what one playtest variant changes."""

    title: str = Field(description="Short name printed on the variant's stamp and in diffs.")
    description: str = Field("", description="What the variant tests, for the designer.")
    extends: str | None = Field(None, description="Another variant whose changes come first.")
    changes: dict[str, dict[str, Any]] = Field(default_factory=dict, description=(
        "Component id -> its changes: item id -> fields to set; add: [new items]; "
        "remove: [item ids]; settings: {component keys}; elements: {element id -> keys}; "
        "fields: {field -> the value every face gets}. Mappings merge key by key."))
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
    reads.opened(path)  # looked for: a dice.yaml made later brings its modes
    if not path.is_file():
        return {}
    raw = load_yaml(path)
    modes = raw.get("variants") if isinstance(raw, dict) else None
    return modes if isinstance(modes, dict) else {}


def _variant_files(game_dir: Path) -> list[str]:
    """Return the names of the game's variant files (``variants/<name>.yaml``)."""
    folder = game_dir / VARIANTS_DIR
    reads.opened(folder)  # listed: a variant file added later is a change
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
                     f" (add {VARIANTS_DIR}/NAME.yaml to make one)" + see("variants"))


def load_variant(game_dir: Path, name: str, _chain: tuple[str, ...] = (),
                 where: tuple[str | Path, int] | None = None, edition=None) -> Variant:
    """Read variant ``name`` of the game in ``game_dir`` and the variants it extends.

    A name with no variant file but a game mode in ``dice.yaml`` (Roll & Raid's ``paris``)
    is a variant too: it changes no component, only the dice script. ``where`` is blamed
    for a name that is neither (default: the variants folder). In ``edition``
    (:class:`sheetgen.load.editions.Edition`) its texts (title, description, the values its
    changes print) are read translated, like the game's own files.
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
    if edition is not None:
        edition.tree(raw)
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
                              (path, line_of(raw, ("extends",))), edition)
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
                problems.add(path, line_of(changes, (cid,)), unknown(
                    "component", cid, known, f"see `{command(name='list')}`"))
