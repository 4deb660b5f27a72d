"""Which games a ``sheetgen build`` can skip without loading them, from file stamps alone.

The incremental cache (cache.py) decides per output, exactly, but only once the games are
loaded (YAML and pydantic: most of a rebuild's time when little changed). So each cached build
also records, for its command (game, components, profiles and the options that change bytes),
the size and modification time of every file the build read, taken before it read them. The
files are the build's own record of reads (:mod:`sheetgen.load.reads`), no list kept here:

- per game: the files each of its outputs was made from (as cache.py records them per
  output, the places looked at and found empty included) and those loading the game read,
  with the outputs as written;
- shared: any other file the command read (for no one game), and sheetgen's own version (a
  hash of its code).

A later run of the same command skips loading a game whose files all have the same stamps and
whose outputs are as written; when a shared file changed, or a game is new, nothing is
skipped. A file no build read is no input: changing, adding or removing it skips as before. A
touched but unchanged file only costs the exact check, never a stale output. This module
imports nothing heavy, so a rebuild with nothing to do never loads ReportLab or pydantic.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable

from ..load.reads import stamp
from . import cache as cache_module
from .cache import BuildCache, output_stamp


def command_key(game: str | None, components: list[str], profiles: list[str] | None,
                back_offset_mm, copies: int | None, cmyk: bool, ink_saver: bool,
                pdfx: bool = False, edition: str | None = None, root: Path | None = None) -> str:
    """Return one build command's identity: the project it builds (``root``: a copy of a
    project with its out/ folder is another command, since the record names the files where
    they were read), what it selects, the options that change bytes and the edition it reads
    (None: the source)."""
    return json.dumps([str(Path(root).resolve()) if root else None,
                       game, list(components), list(profiles or []),
                       [float(v) for v in back_offset_mm], copies, cmyk, ink_saver]
                      + (["pdfx"] if pdfx else []) + ([f"edition {edition}"] if edition else []))


def as_recorded(value) -> list | None:
    """Return a stamp (sheetgen.load.reads.stamp) as the record keeps it (JSON: a list, or
    None for an absent file)."""
    return list(value) if value is not None else None


def _record(cache: BuildCache, key: str) -> dict:
    record = cache.commands.get(key)
    return record if isinstance(record, dict) else {}


def _games(record: dict) -> dict:
    games = record.get("games")
    return games if isinstance(games, dict) else {}


def recorded_files(cache: BuildCache, key: str) -> set[str]:
    """Return every file the last build of command ``key`` read (shared and per game)."""
    record = _record(cache, key)
    found = set(record.get("shared", {}) or {})
    for mine in _games(record).values():
        if isinstance(mine, dict):
            found |= set(mine.get("files", {}) or {})
    return found


def _unchanged(files, now: Callable[[str], list | None]) -> bool:
    return isinstance(files, dict) and all(now(path) == taken for path, taken in files.items())


def fresh_games(cache: BuildCache, key: str,
                known: dict[str, list | None] | None = None) -> set[str]:
    """Return the games whose outputs for command ``key`` need no look: sheetgen's code, every
    file their build read and every shared one with the same stamps, every output as
    written. ``known``: stamps already taken (by path), the others are taken now."""
    record = _record(cache, key)
    if not record or record.get("code") != cache_module.code_version():
        return set()

    def now(path: str) -> list | None:
        return known[path] if known is not None and path in known else as_recorded(stamp(path))

    if not _unchanged(record.get("shared"), now):
        return set()
    fresh = set()
    for game, mine in _games(record).items():
        if not isinstance(mine, dict) or not _unchanged(mine.get("files"), now):
            continue
        outputs = mine.get("outputs")
        if isinstance(outputs, dict) and all(output_stamp(Path(path)) == taken
                                             for path, taken in outputs.items()):
            fresh.add(game)
    return fresh


def remember(cache: BuildCache, key: str, outputs: dict[str, list[Path]],
             game_reads: dict[str, Iterable[Path]], read: Iterable[Path],
             stamp_of: Callable[[str], list | None], fresh: set[str]) -> bool:
    """Record command ``key``: per game built (or checked), the outputs it planned
    (``outputs``) and the stamps ``stamp_of(path)`` (taken before the build read them) of every
    file they were made from (cache.py's record) and loading it read (``game_reads``); every
    other file the command ``read``, shared. Games it skipped as ``fresh`` keep their record.

    When a file's stamp now differs from the one taken before it was read (saved while the
    build ran), nothing is recorded and the next build looks again; return whether recorded."""
    old = _record(cache, key)
    games = {game: _games(old)[game] for game in fresh if game in _games(old)}
    for game, paths in outputs.items():
        files: dict[str, None] = dict.fromkeys(str(p) for p in game_reads.get(game, ()))
        for path in paths:
            files.update(dict.fromkeys(cache.inputs_of(path)))
        games[game] = {"files": {path: stamp_of(path) for path in sorted(files)},
                       "outputs": {str(p): output_stamp(p) for p in sorted(paths)}}
    mine = {path for entry in games.values() for path in entry["files"]}
    shared = {path: stamp_of(path) for path in sorted({str(p) for p in read} - mine)}
    taken = {**shared, **{p: s for entry in games.values() for p, s in entry["files"].items()}}
    if any(as_recorded(stamp(path)) != value for path, value in taken.items()):
        return False
    cache.commands[key] = {"code": cache_module.code_version(), "shared": shared, "games": games}
    return True


def up_to_date(project, out_dir: Path, key: str, game: str | None) -> bool:
    """Return whether command ``key`` (building ``game``, or the default games) has nothing to
    build, judged from stamps only."""
    cache = BuildCache(out_dir)
    if key not in cache.commands:
        return False
    wanted = [game] if game else project.default_game_ids()
    return bool(wanted) and set(wanted) <= fresh_games(cache, key)
