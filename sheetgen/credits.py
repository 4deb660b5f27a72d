"""Licence credits printed with every build, read from the font and icon metadata files.

``fonts/fonts.yaml`` and ``templates/icons/credit.yaml`` each carry a ``credit:`` with a
``line`` (the credits block a template prints as ``{{ credits }}``) and a ``short`` form (the
margin footer of home-printed pages). The built-in folders come first, then a project's own,
so a designer who adds fonts or icons adds their credit in the same place as the files.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import user_error
from .yamlload import line_of, load_yaml

SOURCES = (("templates", "icons/credit.yaml"), ("fonts", "fonts.yaml"))


@dataclass(frozen=True)
class Credits:
    """The credit lines of a project's fonts and icons, long and short."""

    lines: tuple[str, ...]
    short: tuple[str, ...]

    @classmethod
    def for_project(cls, project) -> "Credits":
        """Read every ``credit:`` of the built-in and the project's font and icon folders."""
        lines: dict[str, None] = {}
        short: dict[str, None] = {}
        for subdir, name in SOURCES:
            for folder in reversed(project.subdirs(subdir)):
                path = folder / name
                raw = load_yaml(path) if path.is_file() else None
                credit = raw.get("credit") if isinstance(raw, dict) else None
                if credit is None:
                    continue
                if not (isinstance(credit, dict) and set(credit) == {"line", "short"}
                        and all(isinstance(v, str) for v in credit.values())):
                    raise user_error(path, line_of(raw, ("credit",)), "credit: give 'line:' (the "
                                     "credits block) and 'short:' (the page footer) as text")
                lines.setdefault(credit["line"])
                short.setdefault(credit["short"])
        return cls(tuple(lines), tuple(short))

    def block(self, game_credits: str) -> str:
        """Return the credits block of a game: its own credits, then icons and fonts."""
        return " · ".join(filter(None, [game_credits, *self.lines, "Made with sheetgen"]))

    def footer(self, *about: str) -> str:
        """Return a page footer: what the page is, then the short licence credits."""
        return " · ".join([*about, *self.short, "sheetgen"])
