"""Outputs of components that no longer exist: listed by ``build``, removed by ``sheetgen clean``.

sheetgen knows what it wrote from the build record (cache.py): every output a build moved into
place is recorded with the game and the component it is an output of, and the size and
modification time of each of its files. An output is stale when its game, or its component in
the game's ``game.yaml``, no longer exists. ``clean`` removes a stale output only when it lies
inside the output folder and is exactly as sheetgen wrote it (the same files, sizes and times:
a folder output holding a file someone added is kept whole). Anything else (a file someone put
there, an output edited since, a game whose ``game.yaml`` cannot be read) is never touched.
Variant, preview and ``check`` builds are not recorded, so never cleaned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .cache import GAME_OUTPUT, BuildCache, output_stamp
from ..base.errors import UserError
from ..load.project import GAME_FILE
from ..load.yamlload import load_yaml


@dataclass(frozen=True)
class StaleOutput:
    """A recorded output whose game or component is gone."""

    path: Path
    game: str
    component: str
    game_exists: bool

    def reason(self) -> str:
        """Return why the output is stale, in words."""
        if not self.game_exists or self.component == GAME_OUTPUT:
            return f"game {self.game!r} no longer exists"
        return f"game {self.game!r} has no component {self.component!r} any more"


@dataclass
class Cleaned:
    """What ``clean`` did: the outputs removed, and those kept with the reason."""

    removed: list[Path] = field(default_factory=list)
    kept: list[tuple[Path, str]] = field(default_factory=list)


def _components(project, game: str) -> list[str] | None:
    """Return the component ids ``game.yaml`` lists; None when it cannot be read."""
    try:
        raw = load_yaml(project.game_dir(game) / GAME_FILE)
    except UserError:
        return None
    listed = raw.get("components") if isinstance(raw, dict) else None
    return [c for c in listed if isinstance(c, str)] if isinstance(listed, list) else None


def stale_outputs(project, out_dir: Path, just_built=()) -> list[StaleOutput]:
    """Return the recorded outputs in ``out_dir`` whose game or component no longer exists.

    ``just_built``: outputs a build has just written (so their component exists): a build
    that wrote every recorded output reads no game to list its components.
    """
    record = BuildCache(out_dir)
    built = {str(Path(path).resolve()) for path in just_built}
    games: set[str] | None = None
    listed: dict[str, list[str] | None] = {}
    stale = []
    for name, entry in sorted(record.entries.items()):
        if name in built:
            continue
        if games is None:
            games = set(project.game_ids())
        source = entry.get("source") if isinstance(entry, dict) else None
        if not (isinstance(source, list) and len(source) == 2
                and all(isinstance(s, str) for s in source)):
            continue  # recorded by an older sheetgen: whose output it is, nobody knows
        game, component = source
        if game not in listed:
            listed[game] = _components(project, game) if game in games else []
        components = listed[game]
        path = Path(name)
        owned = game in games if component == GAME_OUTPUT else component in components \
            if components is not None else True
        if owned or not path.exists():
            continue
        if not path.resolve().is_relative_to(record.out_dir):
            continue
        stale.append(StaleOutput(path, game, component, game in games))
    return stale


def clean(project, out_dir: Path, dry_run: bool = False) -> Cleaned:
    """Remove the stale outputs of ``out_dir`` that are still as sheetgen wrote them."""
    record = BuildCache(out_dir)
    done = Cleaned()
    for stale in stale_outputs(project, out_dir):
        key = str(stale.path)
        written = record.entries[key].get("output")
        if output_stamp(stale.path) != written:
            done.kept.append((stale.path, "changed since sheetgen wrote it"))
            continue
        if not dry_run:
            _remove(stale.path, written)
            del record.entries[key]
        done.removed.append(stale.path)
    if done.removed and not dry_run:
        record.save()
    return done


def _remove(path: Path, written: list) -> None:
    """Remove an output: a file, or a folder's recorded files, then its emptied folders."""
    if not path.is_dir():
        path.unlink()
        return
    for relative, _size, _mtime in written:
        (path / relative).unlink()
    for folder in sorted((p for p in path.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    if not any(path.iterdir()):
        path.rmdir()
