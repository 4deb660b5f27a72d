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

from ..base.errors import user_error
from ..base.suggest import command, unknown
from . import reads

GAME_FILE = "game.yaml"
DICE_FILE = "dice.yaml"       # a game's dice, decks and modes (the dice engine's input)
VARIANTS_DIR = "variants"     # a game's playtest variants, one YAML file each
MAX_PATH_CHARS = 1000  # a relative path a user writes; file systems refuse longer ones
MAX_PART_BYTES = 255   # one folder or file name, the limit of every common file system


def user_path(base: Path, text: str, where: tuple[str | Path, int], what: str = "path",
              suffix: str = "") -> Path:
    """Return ``base / (text + suffix)`` for a name or relative path a user wrote.

    Every file path sheetgen builds from user text (a template, variant or game name, an
    ``extends:``, an image, a font file, a table) is built here: text that is empty, holds a
    NUL, is absolute, has a ``..`` part, or is longer than a file system takes (over 1000
    characters, a part over 255 bytes) is a UserError at ``where`` (path, line).
    """
    text = str(text)
    reason = None
    if not text:
        reason = "it is empty"
    elif "\0" in text:
        reason = "it holds a NUL character"
    elif len(text) > MAX_PATH_CHARS or any(
            len(part.encode("utf-8", "surrogatepass")) > MAX_PART_BYTES
            for part in Path(text + suffix).parts):
        reason = f"over {MAX_PATH_CHARS} characters, or a part over {MAX_PART_BYTES} bytes"
    elif Path(text).is_absolute():
        reason = "an absolute path (write it relative to the folder that holds it)"
    elif ".." in Path(text).parts:
        reason = "'..' leaves the folder that holds it"
    if reason:
        raise user_error(where[0], where[1], f"{what} {text[:80]!r} is not a file name: {reason}")
    return base / f"{text}{suffix}"


def builtin_root() -> Path:
    """Return the folder holding the built-in ``data/``, ``templates/`` and ``fonts/``."""
    packaged = Path(__file__).parent.parent / "_builtin"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Project:
    """A project folder plus the built-in folder behind it."""

    root: Path
    edition: str | None = None  # the language read (sheetgen.load.editions); None: the source

    @classmethod
    def at(cls, folder: str | Path | None = None) -> "Project":
        """Return the project at ``folder`` (default: the working directory)."""
        return cls(Path(folder or ".").resolve())

    def with_edition(self, code: str | None) -> "Project":
        """Return this project reading edition ``code`` of its games (None: the source)."""
        return Project(self.root, code)

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
            folder = user_path(data, game_id, (self.root, 0), "game")
            if "/" not in game_id and (folder / GAME_FILE).is_file():
                return folder
        raise user_error(self.root, 0, unknown("game", game_id, self.game_ids(),
                                               f"see `{command(name='list')}`"))

    def same_place(self, target: Path) -> Path:
        """Return ``target`` (a file in one of the roots) if it exists, else the file at the same
        place in another root that has it (a project's template naming ``art/scenes/sea.svg``
        draws the built-in scene; a file of the project's own shadows it), else ``target``."""
        if target.is_file():
            return target
        reads.opened(target)  # looked for: a file made there later is drawn instead
        place = next((target.relative_to(r) for r in self.roots if target.is_relative_to(r)),
                     None)
        for root in self.roots if place is not None else ():
            other = (root / place).resolve()
            if other != target and other.is_relative_to(root) and other.is_file():
                reads.opened(other)
                return other
        return target

    def find(self, subdir: str, name: str, where: tuple[str | Path, int], what: str = "file",
             suffix: str = "") -> Path | None:
        """Return the first ``<root>/<subdir>/<name><suffix>`` that exists, or None; a name
        no file there can have is a UserError at ``where`` (see :func:`user_path`)."""
        for root in self.roots:  # every root, with the folder or not: a file made there later
            path = user_path(root / subdir, name, where, what, suffix)  # shadows the one found
            reads.opened(path)
            if path.is_file():
                return path
        return None

    def confine(self, base: Path, relative: str, path: str, line: int) -> Path:
        """Resolve ``relative`` against ``base``; refuse (see :func:`user_path`) a name no
        file system takes, and a result that leaves every root through a symbolic link."""
        try:
            target = user_path(base, relative, (path, line)).resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop, a path too long for the OS
            raise user_error(path, line, f"path {relative[:80]!r} cannot be followed: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        if not any(target.is_relative_to(r) for r in self.roots):
            raise user_error(
                path, line, f"path {relative!r} leaves the project folder {self.root}; "
                "keep images and includes inside it"
            )
        return target
