"""Licence credits printed with every build, read from the font, icon and art metadata files.

``fonts/fonts.yaml`` and ``templates/icons/credit.yaml`` each carry a ``credit:`` with a
``line`` (the credits block a template prints as ``{{ credits }}``) and a ``short`` form (the
margin footer of home-printed pages). The built-in folders come first, then a project's own,
so a designer who adds fonts or icons adds their credit in the same place as the files.

Each colour art set has its own ``templates/art/<set>/credit.yaml``: it is printed only where
the set is used (the footer of a component's pages when its faces draw a piece of the set; the
credits block of a game whose files name a piece of it). A project's own file of a set wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cache import input_files
from ..base.errors import user_error
from ..load.yamlload import line_of, load_yaml

SOURCES = (("templates", "icons/credit.yaml"), ("fonts", "fonts.yaml"))


def _credit(path) -> dict | None:
    """Return the ``credit:`` of a metadata file ({line, short}), None without one."""
    raw = load_yaml(path) if path.is_file() else None
    credit = raw.get("credit") if isinstance(raw, dict) else None
    if credit is None:
        return None
    if not (isinstance(credit, dict) and set(credit) == {"line", "short"}
            and all(isinstance(v, str) for v in credit.values())):
        raise user_error(path, line_of(raw, ("credit",)), "credit: give 'line:' (the "
                         "credits block) and 'short:' (the page footer) as text")
    return credit


@dataclass(frozen=True)
class Credits:
    """The credit lines of a project's fonts and icons, long and short."""

    lines: tuple[str, ...]
    short: tuple[str, ...]
    art: dict = field(default_factory=dict)  # art set -> its credit {line, short}

    @classmethod
    def for_project(cls, project) -> "Credits":
        """Read every ``credit:`` of the built-in and the project's font, icon and art
        folders."""
        lines: dict[str, None] = {}
        short: dict[str, None] = {}
        for subdir, name in SOURCES:
            for folder in reversed(project.subdirs(subdir)):
                credit = _credit(folder / name)
                if credit is not None:
                    lines.setdefault(credit["line"])
                    short.setdefault(credit["short"])
        art = {}
        for folder in reversed(project.subdirs("templates")):
            for path in sorted((folder / "art").glob("*/credit.yaml")):
                credit = _credit(path)
                if credit is not None:
                    art[path.parent.name] = credit
        return cls(tuple(lines), tuple(short), art)

    def block(self, game_credits: str, art_sets=()) -> str:
        """Return the credits block of a game: its own credits, then icons and fonts, then the
        art sets it uses."""
        art = [self.art[s]["line"] for s in sorted(art_sets) if s in self.art]
        return " · ".join(filter(None, [game_credits, *self.lines, *art, "Made with sheetgen"]))

    def footer(self, *about: str, art_sets=()) -> str:
        """Return a page footer: what the page is, then the short licence credits (with the
        art sets the page's component draws)."""
        art = [self.art[s]["short"] for s in sorted(art_sets) if s in self.art]
        return " · ".join([*about, *self.short, *art, "sheetgen"])

    def art_sets_of(self, project, game) -> tuple[str, ...]:
        """Return the art sets whose pieces a game's files name (``set/`` in a component file,
        its spreadsheet or its templates): the game's credits block credits them."""
        if not self.art:
            return ()
        named = re.compile(r"\b(" + "|".join(map(re.escape, self.art)) + r")/[a-z0-9]")
        found: set[str] = set()
        # each file once: the components of a game share its templates, fonts and profiles
        paths = {path for comp in game.components for path in input_files(project, game, comp)}
        for path in paths:
            if path.suffix in (".yaml", ".csv") and path.is_file():
                found |= set(named.findall(path.read_text(encoding="utf-8", errors="replace")))
        return tuple(sorted(found))


class ArtSets:
    """The art sets each game's files name (:meth:`Credits.art_sets_of`), found once per game
    of one build: its record, its faces' credits blocks and its footers all ask."""

    def __init__(self, project, credits: Credits | None = None):
        self.project = project
        self._credits = credits
        self._found: dict[int, tuple] = {}  # id(game) -> (game, its art sets)

    @property
    def credits(self) -> Credits:
        """The project's credits, read the first time they are needed."""
        if self._credits is None:
            self._credits = Credits.for_project(self.project)
        return self._credits

    def __call__(self, game) -> tuple[str, ...]:
        """Return the art sets ``game``'s files name."""
        entry = self._found.get(id(game))
        if entry is None or entry[0] is not game:
            entry = self._found[id(game)] = (game, self.credits.art_sets_of(self.project, game))
        return entry[1]
