"""Which games a ``sheetgen build`` can skip without loading them, from file stamps alone.

The incremental cache (cache.py) decides per output, exactly, but only once the games are
loaded (YAML and pydantic: most of a rebuild's time when little changed). So each cached build
also records, for its command (game, components, profiles and the options that change bytes),
the size and modification time of every file it could read, taken before it read them:

- shared by every game: sheetgen's own version (a hash of its code), each root's
  ``templates/`` and ``fonts/`` trees and ``profiles.yaml`` (present or not);
- per game: its ``data/<game>/`` folder(s), the outputs its build planned (as written) and any
  other file those outputs were made from (an image elsewhere in the project).

A later run of the same command skips loading a game whose files all have the same stamps and
whose outputs are as written; when the shared files changed, or a game is new, nothing is
skipped. A touched but unchanged file only costs the exact check, never a stale output. This
module imports nothing heavy, so a rebuild with nothing to do never loads ReportLab or pydantic.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from . import cache as cache_module
from .cache import BuildCache, output_stamp

SHARED_TREES = ("templates", "fonts")
PROFILES_FILE = "profiles.yaml"


def command_key(game: str | None, components: list[str], profiles: list[str] | None,
                back_offset_mm, copies: int | None, cmyk: bool, ink_saver: bool,
                pdfx: bool = False) -> str:
    """Return one build command's identity: what it selects and the options that change bytes."""
    return json.dumps([game, list(components), list(profiles or []),
                       [float(v) for v in back_offset_mm], copies, cmyk, ink_saver]
                      + (["pdfx"] if pdfx else []))


def _tree(folder: Path, into: dict) -> None:
    """Add the [mtime_ns, size] of every file under ``folder`` to ``into`` (by path)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name == "__pycache__":
            continue
        try:
            if entry.is_dir():
                _tree(Path(entry.path), into)
            elif entry.is_file():
                stat = entry.stat()
                into[entry.path] = [stat.st_mtime_ns, stat.st_size]
        except OSError:
            continue


def _stamp(path: str) -> list | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return [stat.st_mtime_ns, stat.st_size]


def snapshot(project, code: bool = True) -> dict:
    """Return the stamps of every file a build could read: ``shared`` and per ``games``
    (``code=False``: without sheetgen's own version, which :func:`with_code` adds later)."""
    shared: dict = {"sheetgen": cache_module.code_version()} if code else {}
    games: dict[str, dict] = {}
    for root in project.roots:
        for name in SHARED_TREES:
            _tree(root / name, shared)
        shared[str(root / PROFILES_FILE)] = _stamp(str(root / PROFILES_FILE))
        try:
            folders = sorted(os.scandir(root / "data"), key=lambda e: e.name)
        except OSError:
            continue
        for folder in folders:
            if folder.is_dir():
                _tree(Path(folder.path), games.setdefault(folder.name, {}))
    return {"shared": shared, "games": games}


def with_code(stamps: dict) -> dict:
    """Return ``stamps`` (a :func:`snapshot`) with sheetgen's own version in ``shared``."""
    if "sheetgen" in stamps["shared"]:
        return stamps
    return {**stamps, "shared": {"sheetgen": cache_module.code_version(), **stamps["shared"]}}


def fresh_games(cache: BuildCache, key: str, now: dict) -> set[str]:
    """Return the games whose outputs for command ``key`` need no look: same files, same
    stamps, every output as written."""
    record = cache.commands.get(key)
    if not isinstance(record, dict) or record.get("shared") != now["shared"]:
        return set()
    fresh = set()
    for game, files in now["games"].items():
        mine = record.get("games", {}).get(game)
        if not isinstance(mine, dict) or mine.get("files") != files:
            continue
        if any(_stamp(path) != stamp for path, stamp in mine.get("others", {}).items()):
            continue
        if all(output_stamp(Path(path)) == stamp
               for path, stamp in mine.get("outputs", {}).items()):
            fresh.add(game)
    return fresh


def remember(cache: BuildCache, key: str, before: dict, outputs: dict[str, list[Path]],
             fresh: set[str]) -> None:
    """Record command ``key``: the stamps ``before`` it read anything, and per game built (or
    checked) the outputs it planned and the other files they were made from. Games it skipped
    as ``fresh`` keep their record."""
    old = cache.commands.get(key) if isinstance(cache.commands.get(key), dict) else {}
    games = {game: old["games"][game] for game in fresh
             if game in old.get("games", {})}
    for game, paths in outputs.items():
        files = before["games"].get(game, {})
        others: dict = {}
        for path in paths:
            for source in cache.inputs_of(path):
                if source not in files and source not in before["shared"]:
                    others[source] = _stamp(source)
        games[game] = {"files": files, "others": others,
                       "outputs": {str(p): output_stamp(p) for p in sorted(paths)}}
    cache.commands[key] = {"shared": before["shared"], "games": games}


def up_to_date(project, out_dir: Path, key: str, game: str | None) -> bool:
    """Return whether command ``key`` (building ``game``, or the default games) has nothing to
    build, judged from stamps only."""
    cache = BuildCache(out_dir)
    if key not in cache.commands:
        return False
    fresh = fresh_games(cache, key, snapshot(project))
    wanted = [game] if game else project.default_game_ids()
    return bool(wanted) and set(wanted) <= fresh

