"""Licence credits printed with every build, read from the font, icon and art metadata files.

``fonts/fonts.yaml`` and ``templates/icons/credit.yaml`` each carry a ``credit:`` with a
``line`` (the credits block a template prints as ``{{ credits }}``) and a ``short`` form (the
margin footer of home-printed pages). The built-in folders come first, then a project's own,
so a designer who adds fonts or icons adds their credit in the same place as the files.

Each colour art set has its own ``templates/art/<set>/credit.yaml``: it is printed only where
the set is used (the footer of a component's pages when its faces draw a piece of the set; the
credits block of a component whose own files name a piece of it, and the print guide's, which
credits the whole game, when any component's files do). A project's own file of a set wins.
An output's credits thus depend only on the files it is made from, never on what else one
build happened to load.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import UserError, user_error
from ..load import reads
from ..load.yamlload import line_of, load_yaml

SOURCES = (("templates", "icons/credit.yaml"), ("fonts", "fonts.yaml"))


def _credit(path, places: dict | None = None) -> dict | None:
    """Return the ``credit:`` of a metadata file ({line, short}), None without one;
    ``places`` receives where each of its texts is written (``path:line``, an edition's PO
    reference)."""
    reads.opened(path, held=True)  # the credits are read once per session
    raw = load_yaml(path) if path.is_file() else None
    credit = raw.get("credit") if isinstance(raw, dict) else None
    if credit is None:
        return None
    if not (isinstance(credit, dict) and set(credit) == {"line", "short"}
            and all(isinstance(v, str) for v in credit.values())):
        raise user_error(path, line_of(raw, ("credit",)), "credit: give 'line:' (the "
                         "credits block) and 'short:' (the page footer) as text")
    if places is not None:
        for key in ("line", "short"):
            places.setdefault(credit[key], f"{path}:{line_of(raw, ('credit', key))}")
    return credit


@dataclass(frozen=True)
class Credits:
    """The credit lines of a project's fonts and icons, long and short."""

    lines: tuple[str, ...]
    short: tuple[str, ...]
    art: dict = field(default_factory=dict)  # art set -> its credit {line, short}
    places: dict = field(default_factory=dict)  # a credit's text -> "path:line" written at

    @classmethod
    def for_project(cls, project) -> "Credits":
        """Read every ``credit:`` of the built-in and the project's font, icon and art
        folders."""
        lines: dict[str, None] = {}
        short: dict[str, None] = {}
        places: dict[str, str] = {}
        for subdir, name in SOURCES:
            reads.opened_all((root / subdir / name for root in project.roots), held=True)
            for folder in reversed(project.subdirs(subdir)):
                credit = _credit(folder / name, places)
                if credit is not None:
                    lines.setdefault(credit["line"])
                    short.setdefault(credit["short"])
        # each art set's credit.yaml in every root, absent or not: one made later credits the set
        sets = sorted({path.name for folder in project.subdirs("templates")
                       for path in (folder / "art").glob("*/") if path.is_dir()})
        reads.opened_all((root / "templates" / "art" / name / "credit.yaml"
                          for name in sets for root in project.roots), held=True)
        art = {}
        for folder in reversed(project.subdirs("templates")):
            for path in sorted((folder / "art").glob("*/credit.yaml")):
                credit = _credit(path, places)
                if credit is not None:
                    art[path.parent.name] = credit
        return cls(tuple(lines), tuple(short), art, places)

    def in_edition(self, edition, art_sets=()) -> "Credits":
        """Return these credits as an edition prints them: each licence line (of the fonts,
        the icons and the art sets ``art_sets``) through the edition's catalog, like any
        text of the game (its PO reference: the credit file's line). ``edition`` None: these
        credits."""
        if edition is None:
            return self

        def words(text: str) -> str:
            return edition.value(text, self.places.get(text, ""))

        art = {name: {key: words(text) for key, text in credit.items()}
               if name in art_sets else credit for name, credit in self.art.items()}
        return Credits(tuple(map(words, self.lines)), tuple(map(words, self.short)), art,
                       self.places)

    def block(self, game_credits: str, art_sets=()) -> str:
        """Return the credits block of a game: its own credits, then icons and fonts, then the
        art sets it uses (the licences; no tool's name: players read it)."""
        art = [self.art[s]["line"] for s in sorted(art_sets) if s in self.art]
        return " · ".join(filter(None, [game_credits, *self.lines, *art]))

    def footer(self, *about: str, art_sets=()) -> str:
        """Return a page footer: what the page is, then the short licence credits (with the
        art sets the page's component draws)."""
        art = [self.art[s]["short"] for s in sorted(art_sets) if s in self.art]
        return " · ".join([*about, *self.short, *art])

    def art_sets_named(self, files) -> tuple[str, ...]:
        """Return the art sets whose pieces ``files`` name (``set/`` in a component file, its
        spreadsheet or a template), each file reported as read."""
        if not self.art:
            return ()
        # a piece by its name, or one an item's field names ("art/scenes/{{ scene }}.svg")
        named = re.compile(r"\b(" + "|".join(map(re.escape, self.art)) + r")/([a-z0-9]|\{\{)")
        found: set[str] = set()
        for path in dict.fromkeys(files):
            reads.opened(path)
            if path.suffix in (".yaml", ".csv") and path.is_file():
                found |= {match.group(1) for match in named.finditer(
                    path.read_text(encoding="utf-8", errors="replace"))}
        return tuple(sorted(found))


class ArtSets:
    """The art sets a component's credits block credits, found once per component of one
    build from the files its outputs are made from (never from what else the build loaded:
    a component built alone prints the same bytes as in its whole game)."""

    def __init__(self, project, credits: Credits | None = None):
        self.project = project
        self._credits = credits
        # ("component" | "game", id) -> (the component or game, (its art sets, files read))
        self._found: dict[tuple, tuple] = {}
        self._read: dict = {}  # "credits" -> (Credits, the files they were read from)
        # what template_chain found (a name's file, a file's parent), for every component of
        # the session: emptied when a template changes (Session.reload_templates)
        self.chains: dict = {}

    @property
    def credits(self) -> Credits:
        """The project's credits, read the first time they are needed (their files are
        reported as read at each use: reads.py)."""
        if self._credits is not None:
            return self._credits
        return reads.remembered(self._read, "credits", lambda: Credits.for_project(self.project))

    def forget_except(self, games) -> None:
        """Forget the art sets found for games (and their components) other than ``games``."""
        keep = {id(x) for game in games for x in (game, *game.components)}
        self._found = {k: v for k, v in self._found.items() if k[1] in keep}

    def _remembered(self, key: tuple, owner, make) -> tuple[str, ...]:
        """Return the art sets ``make()`` finds for ``owner``, found once; the files looked
        through are reported as read at each use (they are what the sets are made from)."""
        entry = self._found.get(key)
        if entry is None or entry[0] is not owner:
            entry = self._found[key] = (owner, {})
        return reads.remembered(entry[1], "sets", make)

    def of_component(self, game, comp) -> tuple[str, ...]:
        """Return the art sets named by the files ``comp``'s outputs are made from: the
        game's and the component's files and the templates its settings name."""
        return self._remembered(("component", id(comp)), comp, lambda: self.credits.art_sets_named(
            _files_naming(self.project, game, comp, self.chains)))

    def of_game(self, game) -> tuple[str, ...]:
        """Return the art sets of every component of ``game`` (those this build did not load
        read here, generate.games.whole_game): what a page about the whole game credits."""
        from ..generate.games import whole_game

        def make() -> tuple[str, ...]:
            # each component's own, found once for its credits block and the game's page
            found: set[str] = set()
            for comp in whole_game(self.project, game).values():
                found |= set(self.of_component(game, comp))
            return tuple(sorted(found))

        return self._remembered(("game", id(game)), game, make)

    def __call__(self, game, comp) -> tuple[str, ...]:
        """Return the art sets ``comp``'s credits block credits: its own
        (:meth:`of_component`), or the whole game's for a page made from every component's
        counts (the print guide: generate.games.counts_pieces)."""
        from ..generate.games import counts_pieces

        return self.of_game(game) if counts_pieces(comp) else self.of_component(game, comp)


def _files_naming(project, game, comp, known: dict | None = None) -> tuple[Path, ...]:
    """Return the files that may name a piece of art for ``comp``: the files read to load
    the game and the component, and the templates its settings name, with their ``extends``
    (``known``: as for :func:`template_chain`)."""
    return (*game.reads, *comp.reads,
            *sorted(template_chain(project, template_names(comp.model), known)))


def template_chain(project, names: set[str], known: dict | None = None) -> set[Path]:
    """Return the files of the named templates and of every template they extend.

    ``known``: what earlier calls found while no template changed (each name's file or None,
    each file's parent), filled in here: the components of a build name mostly the same
    strings (2,200 looked up for 500 distinct in the catalogue). Each file found is reported
    as read at every call, as when it is looked up."""
    known = {} if known is None else known
    found: set[Path] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in known:
            path = known[name]
        else:
            try:
                with reads.unrecorded():  # a guess: only the files found are reads
                    path = project.find("templates", name, (project.root, 0), suffix=".yaml")
            except UserError:
                path = None  # no template can have this name: the build reports it where used
            known[name] = path
        if path is None or path in found:
            continue
        found.add(path)
        if path in known:  # (a path, never a name: a name is text)
            reads.opened(path)
            parent = known[path]
        else:
            parent = known[path] = _extends(path)
        if parent is not None:
            todo.append(parent)
    return found


_EXTENDS: dict[bytes, str | None] = {}


def _extends(path: Path) -> str | None:
    """Return the template a template file extends (None: none, or a broken file, which the
    build itself reports). Parsed once per process for each distinct file content."""
    reads.opened(path)
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
