"""``sheetgen watch``: build, then rebuild whenever a file the last build read changes.

The files followed are the ones the build itself reports reading (:mod:`sheetgen.load.reads`:
templates and their ``extends``, component files and tables, ``game.yaml``, variants, fonts at
any depth, icons, art, images, credits, ``profiles.yaml``), and the places it looked for a file
that was absent (a project's own template made later shadows the built-in one). With the serve
extra installed, watchfiles has the operating system say when one changes; without it, the same
files are polled twice a second.

A user error is printed in the usual ``path:line`` form and the loop goes on; so does any other
exception a rebuild raises (a bug in sheetgen, a full disk), printed with where it happened.
Since every write is atomic, the last good PDF stays in place until the next good build
replaces it.
"""

from __future__ import annotations

import threading
import time
import traceback
from pathlib import Path
from typing import Callable

from ..base.errors import UserError
from ..load.project import Project
from ..load.reads import ReadRecorder, stamps


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


class Followed:
    """The files the last build read, with their stamps from before it read them."""

    def __init__(self) -> None:
        self.seen: dict[Path, tuple[int, int] | None] = {}

    def build(self, build: Callable[[ReadRecorder], list], report: Callable[[str], None]) -> None:
        """Run ``build`` with a new record of reads and follow what it read. A file known
        before keeps the stamp taken before the build, and a new one the stamp from when the
        build first reported it (before reading it), so an edit saved while it ran (or just
        after it reported its result) is a change; a build that failed also keeps following
        what the last one read."""
        before = stamps(self.seen)
        recorder = ReadRecorder(stamped=True)  # a file new to the watch: stamped as first read
        ok = rebuild(lambda: build(recorder), report)
        paths = set(recorder.files()) | (set() if ok else set(self.seen))
        self.seen = {path: before[path] if path in before else recorder.stamp(path)
                     for path in paths}

    def changed(self) -> bool:
        """Return whether any followed file differs from its stamp."""
        return stamps(self.seen) != self.seen

    def folders(self) -> list[Path]:
        """Return the nearest existing folder of each followed file, outermost ones only."""
        found: set[Path] = set()
        for path in self.seen:
            folder = path.parent
            while not folder.is_dir() and folder != folder.parent:
                folder = folder.parent
            found.add(folder)
        return [f for f in sorted(found) if not any(f.is_relative_to(o) and f != o
                                                     for o in found)]


def notifications_available() -> bool:
    """Return whether watchfiles (the serve extra) is installed."""
    try:
        import watchfiles  # noqa: F401
    except ImportError:
        return False
    return True


def watch(project: Project, build: Callable[[ReadRecorder], list],
          report: Callable[[str], None], interval: float = 0.5, debounce: float = 0.3,
          rounds: int | None = None, stop: Callable[[], bool] | None = None,
          notify: bool | None = None) -> None:
    """Build now and after every change to a file the last build read, until interrupted (or
    ``rounds`` waits of ``interval`` seconds, or until ``stop()`` is true: for tests).

    ``build(recorder)`` builds, reporting what it reads to ``recorder``. ``notify``: wait for
    the operating system's notifications (watchfiles) rather than poll; by default, when
    watchfiles is installed.
    """
    notify = notifications_available() if notify is None else notify
    followed = Followed()
    followed.build(build, report)
    waited = 0
    while (rounds is None or waited < rounds) and not (stop and stop()):
        changed, spent = (_notified(followed, interval, rounds, waited, stop) if notify
                          else _polled(followed, interval))
        waited += spent
        if changed:
            time.sleep(debounce)  # let an editor finish writing every file it saves
            followed.build(build, report)


def _polled(followed: Followed, interval: float) -> tuple[bool, int]:
    """Wait one interval; return whether a followed file changed, and 1 wait spent."""
    time.sleep(interval)
    return followed.changed(), 1


def _notified(followed: Followed, interval: float, rounds: int | None, waited: int,
              stop: Callable[[], bool] | None) -> tuple[bool, int]:
    """Wait for the operating system to report a change to a followed file; return whether
    one changed and the waits spent.

    The stamps are compared as well after every wait, an event or not: an edit saved after
    the last comparison but before the watcher started (while the last build ended, on a
    loaded machine a while) has no event, and would otherwise wait for some later one."""
    from watchfiles import watch as os_watch

    spent = 0
    if followed.changed():
        return True, spent
    folders = [str(folder) for folder in followed.folders()]
    for changes in os_watch(*folders, stop_event=threading.Event(), yield_on_timeout=True,
                            rust_timeout=int(interval * 1000), debounce=0, recursive=True):
        spent += 1
        if followed.changed():  # an event in a folder, or a change the watcher never saw
            return True, spent
        if (rounds is not None and waited + spent >= rounds) or (stop and stop()):
            return False, spent
    return False, spent
