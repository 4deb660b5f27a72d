"""One way to say "unknown NAME": the closest known names first, then where to find the rest."""

from __future__ import annotations

import shlex
from collections.abc import Iterable

MAX_LISTED = 12
_RUN: dict[str, str | None] = {"project": None, "command": None}


def remember_run(project: str | None, command: str | None) -> None:
    """Remember how this command line was run (``--project DIR``, the subcommand), so that a
    command a message suggests can be typed as it is; ``None, None`` forgets it."""
    _RUN["project"], _RUN["command"] = project, command


def command(args: str = "", name: str | None = None) -> str:
    """Return the command to suggest: ``sheetgen [--project DIR] NAME ARGS``, where NAME is the
    subcommand the user ran unless given (``list``, ``profiles``), ``build`` outside the CLI."""
    parts = ["sheetgen"]
    if _RUN["project"]:
        parts += ["--project", shlex.quote(_RUN["project"])]
    parts.append(name or _RUN["command"] or "build")
    return " ".join(parts + ([args] if args else []))


def close_matches(name: str, known: Iterable[str], limit: int = 3) -> list[str]:
    """Return up to ``limit`` known names close to ``name`` (spelling, prefix or plural)."""
    known = list(dict.fromkeys(str(k) for k in known))
    text = str(name).strip().lower()
    import difflib  # start-up: only a mistake looks for close names

    found = difflib.get_close_matches(text, known, n=limit, cutoff=0.6)
    for other in known:  # "dice" -> "die", "hammer" -> "two-hammers"
        if len(found) >= limit:
            break
        if other not in found and len(text) >= 3 and (other.startswith(text[:3]) and
                                                     text.startswith(other[:3])):
            found.append(other)
    return found


def unknown(what: str, name: object, known: Iterable[str], more: str = "") -> str:
    """Return ``unknown WHAT 'NAME'; did you mean ...?`` with the known names or a pointer.

    Short lists are given whole (in their own order); long ones (icons, colours) only their
    close matches and ``more`` (e.g. "see `sheetgen reference`").
    """
    known = list(dict.fromkeys(str(k) for k in known))
    message = f"unknown {what} {name!r}"
    near = close_matches(str(name), known)
    if near:
        message += f"; did you mean {' or '.join(repr(n) for n in near)}?"
    if len(known) <= MAX_LISTED:
        message += f"{' ' if near else '; '}known {plural(what)}: {', '.join(known) or 'none'}"
    elif more:
        message += f"{' ' if near else '; '}{len(known)} known {plural(what)}: {more}"
    return message


def plural(what: str) -> str:
    """Return the plural of a described thing: ``item of raiders`` -> ``items of raiders``."""
    head, of, tail = what.partition(" of ")
    return f"{head}s{of}{tail}"
