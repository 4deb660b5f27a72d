"""``sheetgen new``: write a working skeleton project (a deck, a sheet, dice) to start from.

The project also gets ``schemas/`` (the JSON Schemas) that the skeleton's YAML modelines name,
so an editor with the YAML language server completes and checks keys from the first edit.

The skeleton is plain files under ``sheetgen/skeleton/`` with ``__GAME__`` (the game id) and
``__NAME__`` (its display name) in place of the real values, so what a designer gets is what a
maintainer reads. The project is written to a temporary folder and renamed into place, so a
failure never leaves half a project.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from ..base.errors import UserError
from ..load.model import KEBAB
from ..base.output import _umask
from .schema import write_schemas

SKELETON = Path(__file__).parent.parent / "skeleton"


def skeleton_files(game_id: str, name: str) -> dict[str, str]:
    """Return every file of the skeleton as ``{relative path: text}`` for this game."""
    files = {}
    for path in sorted(SKELETON.rglob("*.yaml")):
        relative = str(path.relative_to(SKELETON)).replace("__GAME__", game_id)
        text = path.read_text(encoding="utf-8")
        files[relative] = text.replace("__GAME__", game_id).replace("__NAME__", name)
    return files


def default_name(game_id: str) -> str:
    """Return a display name from a game id: ``my-game`` gives ``My Game``."""
    return " ".join(word.capitalize() for word in game_id.split("-"))


def new_project(folder: str | Path, game_id: str | None = None, name: str | None = None) -> Path:
    """Write a skeleton project into ``folder`` (which must not exist, or be empty)."""
    target = Path(folder).resolve()
    game_id = game_id or target.name
    if not re.match(KEBAB, game_id):
        raise UserError(f"game id {game_id!r} must be kebab-case (lower-case words joined by "
                        "'-', e.g. my-game); pass --id to choose one")
    if '"' in (name or "") or "\n" in (name or ""):
        raise UserError("the game name may not hold a double quote or a line break")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UserError(f"{target} already exists and is not an empty folder; nothing written")
    parent = target.parent
    if not parent.is_dir():
        raise UserError(f"cannot create {target}: {parent} is not a folder")
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    except OSError as exc:
        raise UserError(f"cannot create {target}: {exc.strerror}") from None
    try:
        for relative, text in skeleton_files(game_id, name or default_name(game_id)).items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        write_schemas(staging / "schemas")
        os.chmod(staging, 0o777 & ~_umask())
        if target.exists():
            target.rmdir()
        staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise UserError(f"cannot create {target}: {exc.strerror}") from None
    return target
