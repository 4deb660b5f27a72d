"""The incremental build cache: an output whose inputs are unchanged is not built again.

After a build, each output is recorded with the files ITS build read and their hashes, as the
readers reported them (:mod:`sheetgen.load.reads`: no list of inputs is kept by hand here), a
place looked at and found empty recorded as absent; with them:

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

CACHE_FILE = ".sheetgen-cache.json"
FORMAT = 2  # 2: each output's inputs are the files its build read (reads.py)

GAME_OUTPUT = ""  # the component of an output of a game as a whole (its roll sheets)


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
    """Return a hash of sheetgen's own code and data files (the version that built an output):
    its Python, its YAML and its chrome catalogs (locale/*.po, the words an edition's pages
    print around the faces)."""
    root = Path(__file__).parent.parent  # the whole sheetgen package
    found: list[tuple[str, ...]] = []  # each file's parts below root (os.walk: no Path objects)
    for folder, dirs, files in os.walk(root):
        dirs[:] = [name for name in dirs if name != "__pycache__"]
        rel = os.path.relpath(folder, root)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        found.extend((*parts, name) for name in files
                     if os.path.splitext(name)[1] in (".py", ".yaml", ".po"))
    digest = hashlib.sha1()
    for parts in sorted(found):  # the order of sorted paths
        name = "/".join(parts)
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    return digest.hexdigest()


def drawn(prepared) -> tuple[set[str], set[Path]]:
    """Return the icon names and the image files the prepared faces draw."""
    faces = {id(f): f for card in prepared.cards for f in (card.front, card.back) if f}
    names: set[str] = set()
    files: set[Path] = set()
    for face in faces.values():
        names |= face.icons()
        files.update(Path(src) for src in face.images())
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
        # each file's hash by its name (a str: a Path made again and hashed for each of a
        # catalogue's 16,000 recorded inputs cost more than the hashing)
        self._hashes: dict[str, str | None] = {}

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

    def _hash(self, path: Path | str) -> str | None:
        name = str(path)
        known = self._hashes.get(name, self)
        if known is self:
            known = self._hashes[name] = file_hash(Path(name))
        return known

    def recorded(self, output: Path) -> bool:
        """Return whether an earlier build recorded ``output`` (a first build has nothing)."""
        return self.enabled and self._name(output) in self.entries

    def fresh(self, output: Path, options_key: str) -> bool:
        """Return whether ``output`` exists as recorded and every file its build read is
        unchanged (a file absent then, such as a project's own template that would shadow a
        built-in one, is still absent)."""
        if not self.enabled:
            return False
        entry = self.entries.get(self._name(output))
        if not entry or entry.get("options") != options_key:
            return False
        if entry.get("code") != code_version() or output_stamp(output) != entry.get("output"):
            return False
        recorded = entry.get("inputs", {})
        return all(self._hash(p) == h for p, h in recorded.items())

    def record(self, output: Path, options_key: str, inputs, source: tuple[str, str]) -> None:
        """Remember what ``output`` (already in place) was built from: every file its build
        read (``inputs``, from the build's record of reads: sheetgen.load.reads), and the
        (game, component) it is an output of (``sheetgen clean`` reads it)."""
        self.entries[self._name(output)] = {
            "source": list(source),
            "options": options_key, "code": code_version(), "output": output_stamp(output),
            "inputs": {name: self._hash(name) for name in sorted({str(p) for p in inputs})}}

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
