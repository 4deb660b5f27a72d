"""Where a project's files live: the user's folder first, then sheetgen's built-in one.

A project folder is any folder with ``data/`` (and optionally ``templates/`` and ``fonts/``).
The five built-in games, the templates, icons and fonts ship inside the package
(``sheetgen/_builtin`` in a wheel, the repository root in a source checkout), so a designer's
own folder can use them without copying. Every path a user writes is resolved here, once,
and must stay inside the project or the built-in folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .errors import user_error
from .suggest import unknown

GAME_FILE = "game.yaml"


def builtin_root() -> Path:
    """Return the folder holding the built-in ``data/``, ``templates/`` and ``fonts/``."""
    packaged = Path(__file__).parent / "_builtin"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Project:
    """A project folder plus the built-in folder behind it."""

    root: Path

    @classmethod
    def at(cls, folder: str | Path | None = None) -> "Project":
        """Return the project at ``folder`` (default: the working directory)."""
        return cls(Path(folder or ".").resolve())

    @cached_property
    def roots(self) -> tuple[Path, ...]:
        """The folders searched, user's first; the built-in one appears once."""
        builtin = builtin_root().resolve()
        return (self.root,) if self.root == builtin else (self.root, builtin)

    def subdirs(self, name: str) -> list[Path]:
        """Return every existing ``name`` folder (``data``, ``templates``, ``fonts``) in order."""
        return [r / name for r in self.roots if (r / name).is_dir()]

    @property
    def out_dir(self) -> Path:
        """The default build output folder, ``out/`` in the project."""
        return self.root / "out"

    def game_ids(self) -> list[str]:
        """Return the ids of every game found, user's games shadowing built-in ones."""
        seen: dict[str, None] = {}
        for data in self.subdirs("data"):
            for game in sorted(data.iterdir()):
                if (game / GAME_FILE).is_file():
                    seen.setdefault(game.name, None)
        return list(seen)

    def default_game_ids(self) -> list[str]:
        """Return the games a bare ``sheetgen build`` builds: the project's own, if it has any.

        A designer's folder builds its own games; an empty folder (or the repository, whose
        games are the built-in ones) builds the built-in games.
        """
        own = self.root / "data"
        mine = [g for g in self.game_ids() if (own / g / GAME_FILE).is_file()]
        return mine or self.game_ids()

    def game_dir(self, game_id: str) -> Path:
        """Return the folder of ``game_id``; an unknown id is a UserError listing the known."""
        for data in self.subdirs("data"):
            if (data / game_id / GAME_FILE).is_file():
                return data / game_id
        raise user_error(self.root, 0, unknown("game", game_id, self.game_ids(),
                                               "see `sheetgen list`"))

    def find(self, subdir: str, name: str) -> Path | None:
        """Return the first ``<root>/<subdir>/<name>`` that exists, or None."""
        for folder in self.subdirs(subdir):
            if (folder / name).is_file():
                return folder / name
        return None

    def confine(self, base: Path, relative: str, path: str, line: int) -> Path:
        """Resolve ``relative`` against ``base``; refuse a result outside every root, or a
        name no file system takes (over 1000 characters, a part over 255 bytes, a NUL)."""
        if "\0" in relative or len(relative) > 1000 or any(
                len(part.encode("utf-8")) > 255 for part in Path(relative).parts):
            raise user_error(path, line, f"path {relative[:80]!r} is not a file name (over "
                             "1000 characters, a part over 255 bytes, or a NUL)")
        try:
            target = (base / relative).resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop, a path too long for the OS
            raise user_error(path, line, f"path {relative[:80]!r} cannot be followed: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        if not any(target.is_relative_to(r) for r in self.roots):
            raise user_error(
                path, line, f"path {relative!r} leaves the project folder {self.root}; "
                "keep images and includes inside it"
            )
        return target
