"""``sheetgen watch``: build, then rebuild whenever a project file changes.

Polling (twice a second) keeps it dependency-free. A user error is printed in the usual
``path:line`` form and the loop goes on; so does any other exception a rebuild raises (a bug in
sheetgen, a full disk), printed with where it happened. Since every write is atomic, the last
good PDF stays in place until the next good build replaces it.
"""

from __future__ import annotations

import time
import traceback
from pathlib import Path
from typing import Callable

from ..base.errors import UserError
from ..load.project import Project

WATCHED = ("data", "templates", "fonts")


def snapshot(project: Project) -> dict[Path, tuple[int, int]]:
    """Return the modification time (in nanoseconds) and size of every file the project's
    builds read: a quick edit within one timestamp tick still changes the size."""
    stamps = {}
    for name in WATCHED:
        for folder in project.subdirs(name):
            for path in folder.rglob("*"):
                try:
                    if path.is_file():
                        stat = path.stat()
                        stamps[path] = (stat.st_mtime_ns, stat.st_size)
                except OSError:
                    continue  # deleted or renamed while we looked: the next poll sees it
    return stamps


def rebuild(build: Callable[[], list], report: Callable[[str], None]) -> bool:
    """Run one build; report what it wrote or every error; return whether it succeeded."""
    try:
        written = build()
    except UserError as exc:
        for problem in exc.problems:
            report(f"error: {problem}")
        report("build failed; the previous files are untouched. Waiting for changes...")
        return False
    except Exception as exc:  # noqa: BLE001 - a watch outlives any one failed rebuild
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        report(f"error: unexpected {type(exc).__name__} at {frame.filename}:{frame.lineno}: "
               f"{exc} (a sheetgen bug: please report it)")
        report("build failed; the previous files are untouched. Waiting for changes...")
        return False
    done = (f"built {len(written)} file(s)" if written
            else "every output is up to date (nothing to rebuild)")
    report(f"{done}. Waiting for changes...")
    return True


def watch(project: Project, build: Callable[[], list], report: Callable[[str], None],
          interval: float = 0.5, debounce: float = 0.3, rounds: int | None = None,
          stop: Callable[[], bool] | None = None) -> None:
    """Build now and after every change, until interrupted (or ``rounds`` polls, or until
    ``stop()`` is true: for tests)."""
    # The snapshot is taken before each build, never after: an edit saved while a build runs
    # (or just after it reports) differs from it, so the next poll rebuilds.
    seen = snapshot(project)
    rebuild(build, report)
    polls = 0
    while (rounds is None or polls < rounds) and not (stop and stop()):
        time.sleep(interval)
        polls += 1
        current = snapshot(project)
        if current == seen:
            continue
        time.sleep(debounce)  # let an editor finish writing every file it saves
        seen = snapshot(project)
        rebuild(build, report)
