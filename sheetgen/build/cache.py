"""The incremental build cache: an output whose inputs are unchanged is not built again.

After a build, each output is recorded with the files it was made from and their hashes:

- the component's file, ``game.yaml``, the variant files applied, a spreadsheet it reads;
- every template in the ``extends`` chain of every template the component names;
- the icons and images its faces draw, every font file, the profile registries;
- for a generated component (``items_from: {generator: ...}``), the files its generator reads
  (``odds-card`` reads ``raid-cards``; the printable dice read ``dice.yaml``);
- sheetgen's own code (every ``.py`` and ``.yaml`` of the package) and the build options
  that change bytes (profile, ``--cmyk``, ``--ink-saver``, ``--back-offset``, ``--copies``);
- the output's size and modification time, so an output edited or deleted by hand is built
  again (a stat, not a hash: the outputs are the big files), and the game and component it
  is an output of, so ``sheetgen clean`` knows what sheetgen wrote (clean.py).

The next build loads the YAML (which is fast and validates everything), and skips preparing
and rendering every component whose outputs are all recorded with the same inputs. The
record lives in ``out/.sheetgen-cache.json`` (or in ``$SHEETGEN_CACHE_DIR``), is written only
after a build has moved its outputs into place, and is never trusted for a file it did not
record: it can make a build faster, never different.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from ..base.errors import UserError

CACHE_FILE = ".sheetgen-cache.json"
FORMAT = 1


def file_hash(path: Path) -> str | None:
    """Return the SHA-1 of a file's bytes (a folder: of its files' names and bytes)."""
    try:
        if path.is_dir():
            digest = hashlib.sha1()
            for child in sorted(path.rglob("*")):
                if child.is_file():
                    digest.update(str(child.relative_to(path)).encode() + b"\0")
                    digest.update(child.read_bytes())
            return digest.hexdigest()
        return hashlib.sha1(path.read_bytes()).hexdigest()
    except OSError:
        return None


def output_stamp(path: Path) -> list | None:
    """Return an output's size and modification time (a folder: its files'), or None."""
    try:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        return [[str(p.relative_to(path)) if path.is_dir() else "", p.stat().st_size,
                 p.stat().st_mtime_ns] for p in files]
    except OSError:
        return None


@lru_cache(maxsize=1)
def code_version() -> str:
    """Return a hash of sheetgen's own code and data files (the version that built an output)."""
    root = Path(__file__).parent.parent  # the whole sheetgen package
    found: list[tuple[str, ...]] = []  # each file's parts below root (os.walk: no Path objects)
    for folder, dirs, files in os.walk(root):
        dirs[:] = [name for name in dirs if name != "__pycache__"]
        rel = os.path.relpath(folder, root)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        found.extend((*parts, name) for name in files
                     if os.path.splitext(name)[1] in (".py", ".yaml"))
    digest = hashlib.sha1()
    for parts in sorted(found):  # the order of sorted paths
        name = "/".join(parts)
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    return digest.hexdigest()


def template_chain(project, names: set[str]) -> set[Path]:
    """Return the files of the named templates and of every template they extend."""
    found: set[Path] = set()
    todo = list(names)
    while todo:
        try:
            path = project.find("templates", todo.pop(), (project.root, 0), suffix=".yaml")
        except UserError:
            continue  # no template can have this name: the build reports it where it is used
        if path is None or path in found:
            continue
        found.add(path)
        parent = _extends(path)
        if parent is not None:
            todo.append(parent)
    return found


_EXTENDS: dict[bytes, str | None] = {}


def _extends(path: Path) -> str | None:
    """Return the template a template file extends (None: none, or a broken file, which the
    build itself reports). Parsed once per process for each distinct file content."""
    from ..load.yamlload import load_yaml

    try:
        data = path.read_bytes()
    except OSError:
        return None
    key = hashlib.sha1(data).digest()
    if key not in _EXTENDS:
        try:
            raw = load_yaml(path)
        except UserError:
            raw = None
        _EXTENDS[key] = (raw["extends"] if isinstance(raw, dict)
                         and isinstance(raw.get("extends"), str) else None)
    return _EXTENDS[key]


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def template_names(model) -> set[str]:
    """Return every string of a component's settings (not its items) that may name a
    template: the names its faces are drawn from, and harmless others."""
    return {s for s in _strings(model.model_dump(exclude={"items"}))
            if s and "/" not in s and len(s) < 100}


def input_files(project, game, comp) -> set[Path]:
    """Return the files a component's outputs depend on before its faces are drawn."""
    files = {Path(comp.path), Path(game.folder) / "game.yaml"}
    if game.variant is not None:
        files |= {Path(path) for path, _ in game.variant.changes}
    model = comp.model
    source = model.items_from
    if source is not None:
        if source.generator is not None:
            from ..generate.generators import generator_inputs

            files |= generator_inputs(source.generator, source.options, Path(game.folder))
        else:
            files.add(Path(comp.path).parent / (source.csv or source.xlsx))
    files |= template_chain(project, template_names(model))
    for root in project.subdirs("fonts"):
        files |= {p for p in root.iterdir() if p.is_file()}
    from ..load.profiles import BUILTIN_FILE, PROJECT_FILE

    files.add(BUILTIN_FILE)
    files |= {Path(r) / PROJECT_FILE for r in project.roots if (Path(r) / PROJECT_FILE).is_file()}
    return files


def drawn(prepared) -> tuple[set[str], set[Path]]:
    """Return the icon names and the image files the prepared faces draw."""
    faces = {id(f): f for card in prepared.cards for f in (card.front, card.back) if f}
    names: set[str] = set()
    files: set[Path] = set()
    for face in faces.values():
        names |= face.icons()
        for element in face.elements:
            src = getattr(element, "src", None)
            if element.type == "image" and src is not None:
                files.add(Path(src))
    return names, files


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


class BuildCache:
    """The record of what each output was built from, for one output folder."""

    def __init__(self, out_dir: Path, enabled: bool = True):
        self.out_dir = Path(out_dir).resolve()
        self.enabled = enabled
        folder = os.environ.get("SHEETGEN_CACHE_DIR")
        if folder:
            key = hashlib.sha1(str(self.out_dir).encode()).hexdigest()[:16]
            self.path = Path(folder) / f"{key}.json"
        else:
            self.path = self.out_dir / CACHE_FILE
        data = self._read() if enabled else {}
        self.entries: dict[str, dict] = _mapping(data.get("outputs"))
        # per build command, the stamps that let a rebuild skip loading games (uptodate.py)
        self.commands: dict[str, dict] = _mapping(data.get("commands"))
        self._hashes: dict[Path, str | None] = {}

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        return data

    def inputs_of(self, output: Path) -> list[str]:
        """Return the files ``output`` was recorded as made from."""
        entry = self.entries.get(self._name(output))
        return list(entry.get("inputs", {})) if isinstance(entry, dict) else []

    def _hash(self, path: Path) -> str | None:
        path = Path(path)
        if path not in self._hashes:
            self._hashes[path] = file_hash(path)
        return self._hashes[path]

    def recorded(self, output: Path) -> bool:
        """Return whether an earlier build recorded ``output`` (a first build has nothing)."""
        return self.enabled and self._name(output) in self.entries

    def fresh(self, output: Path, options_key: str, inputs: set[Path],
              icons: dict[str, Path]) -> bool:
        """Return whether ``output`` exists as recorded, was made from the same files (a file
        that now shadows one, such as a project's own template or icon, is a change) and
        every one of them is unchanged. ``inputs``: the files known before drawing;
        ``icons``: the project's icon files by name."""
        if not self.enabled:
            return False
        entry = self.entries.get(self._name(output))
        if not entry or entry.get("options") != options_key:
            return False
        if entry.get("code") != code_version() or output_stamp(output) != entry.get("output"):
            return False
        recorded = entry.get("inputs", {})
        if {str(p) for p in inputs} != set(entry.get("before", [])):
            return False
        if any(str(icons.get(name)) != path for name, path in entry.get("icons", {}).items()):
            return False
        return all(self._hash(Path(p)) == h for p, h in recorded.items())

    def record(self, output: Path, options_key: str, inputs: set[Path],
               icons: dict[str, Path], images: set[Path], source: tuple[str, str]) -> None:
        """Remember what ``output`` (already in place) was built from: the files known before
        drawing (``inputs``), the icons its faces drew (name -> file) and their images, and
        the (game, component) it is an output of (``sheetgen clean`` reads it)."""
        files = set(inputs) | set(icons.values()) | set(images)
        self.entries[self._name(output)] = {
            "source": list(source),
            "options": options_key, "code": code_version(), "output": output_stamp(output),
            "before": sorted(str(p) for p in inputs),
            "icons": {name: str(path) for name, path in sorted(icons.items())},
            "inputs": {str(p): self._hash(Path(p)) for p in sorted(files, key=str)}}

    def save(self) -> None:
        """Write the record atomically; a cache that cannot be written only costs speed."""
        if not self.enabled:
            return
        from ..base.output import OutputWriter

        data = {"format": FORMAT, "outputs": dict(sorted(self.entries.items())),
                "commands": dict(sorted(self.commands.items()))}
        try:
            OutputWriter.write_file(self.path, json.dumps(data, indent=1).encode())
        except OSError:
            pass

    def _name(self, output: Path) -> str:
        return str(Path(output).resolve())
