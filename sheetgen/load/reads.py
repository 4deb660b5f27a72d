"""One record of the files a build read: every reader reports here, the build record, ``watch``
and the studio take their inputs from it.

A reader calls :func:`opened` with the file whose content it used (or looked for and did not
find: a file that appears later, such as a project's own template shadowing a built-in one, is a
change too). A reader that keeps what it read as process state, beyond one game's loading (a
font registered with ReportLab, the profiles, the credits, a parsed icon), or draws it as it is
(an icon, art, an image: a face's key holds only its name), says so (``held=True``): a warm
process (the studio) takes a change to such a file in only by starting afresh.

The report goes to every :class:`ReadRecorder` being recorded into in this context
(:meth:`ReadRecorder.recording`): the build session's, and any narrower one open inside it (one
component's preparing, one output's rendering), so each output knows the files ITS build read.

A value computed from files and kept for later (a parsed template, a game's art sets) keeps the
files it was made from and reports them again each time it is used (:func:`remembered`), so a
second component using a cached template still records it. A warm process (the studio) keeps
such a value across changes (:func:`kept`): it is made again only when a file it read holds
other content (or a folder it listed other names) than when it was made. Work done in a
forked worker records into the worker's copy; the worker sends its recorders' files back with
its result, and the stamps they had when it first read them (:func:`reported`).
"""

from __future__ import annotations

import hashlib
import os
import time
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
Stamp = tuple[int, int]  # a file's modification time in nanoseconds and its size

# the recorders being recorded into, outermost first
_ACTIVE: ContextVar[tuple["ReadRecorder", ...]] = ContextVar("sheetgen_reads", default=())


def stamp(path: str | Path) -> Stamp | None:
    """Return ``path``'s modification time (in nanoseconds) and size, None when it is absent:
    a quick edit within one timestamp tick still changes the size."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)


def stamps(paths: Iterable[str | Path]) -> dict[Path, Stamp | None]:
    """Return the :func:`stamp` of each path."""
    return {Path(path): stamp(path) for path in paths}


_NOW = object()  # _record: stamp the file now


class ReadRecorder:
    """The files one build (or one part of it) read, in the order first read."""

    def __init__(self, files: Iterable[Path] = (), stamped: bool = False):
        """``stamped``: also keep each file's stamp (modification time in nanoseconds and
        size, None when absent) from when it was first reported, that is before it was read:
        ``watch`` then sees an edit saved while the build ran, even to a file it did not yet
        follow."""
        self._files: dict[Path, None] = {}
        self._held: dict[Path, None] = {}
        self._stamps: dict[Path, Stamp | None] | None = {} if stamped else None
        for path in files:
            self._record(Path(path))

    def _record(self, path: Path, taken=_NOW, held: bool = False) -> None:
        if held:
            self._held[path] = None
        if path in self._files:
            return
        self._files[path] = None
        if self._stamps is not None:
            self._stamps[path] = stamp(path) if taken is _NOW else taken

    @property
    def stamped(self) -> bool:
        """Whether this recorder keeps each file's stamp from before it was read."""
        return self._stamps is not None

    def stamp(self, path: Path) -> Stamp | None:
        """Return the stamp ``path`` had when first reported (a stamped recorder only)."""
        assert self._stamps is not None, "not a stamped recorder"
        return self._stamps[path if isinstance(path, Path) else Path(path)]

    def stamps(self) -> dict[Path, Stamp | None]:
        """Return every file recorded with the stamp it had when first reported (a stamped
        recorder only)."""
        assert self._stamps is not None, "not a stamped recorder"
        return dict(self._stamps)

    def files(self) -> list[Path]:
        """Return every file recorded, in the order first read."""
        return list(self._files)

    def held(self) -> list[Path]:
        """Return the files recorded whose readers keep them as process state or draw them
        as they are (reported ``held``: fonts, profiles, credits, icons, art, images)."""
        return list(self._held)

    def report(self) -> None:
        """Report every file recorded here (held ones as held) to the recorders recording
        now: the reads of a value made earlier, used again."""
        for path in self._files:
            for recorder in _ACTIVE.get():
                recorder._record(path, held=path in self._held)

    def add(self, path: str | Path) -> None:
        """Record ``path`` here only (see :func:`opened` to report to every active recorder)."""
        self._record(Path(path))

    def __contains__(self, path) -> bool:
        return (path if isinstance(path, Path) else Path(path)) in self._files

    def __len__(self) -> int:
        return len(self._files)

    @contextmanager
    def recording(self) -> Iterator["ReadRecorder"]:
        """Record here every file reported while the block runs (and in every recorder
        already recording around it)."""
        token = _ACTIVE.set(_ACTIVE.get() + (self,))
        try:
            yield self
        finally:
            _ACTIVE.reset(token)


# (path as reported, held) -> the recorders that were active when it was last reported: a
# report to the same recorders again changes nothing (a recorder only ever gains files), and
# a font or an icon is reported on every use, tens of thousands of times a build
_REPORTED: dict[tuple, tuple] = {}


def opened(path: str | Path, held: bool = False) -> None:
    """Report that the content (or the absence) of ``path`` was used; ``held``: the reader
    keeps it as process state or draws it as it is (see the module's docstring)."""
    active = _ACTIVE.get()
    if active:
        key = (path, held)
        if _REPORTED.get(key) is active:
            return
        path = path if isinstance(path, Path) else Path(path)
        for recorder in active:
            recorder._record(path, held=held)
        _REPORTED[key] = active


# (id(paths), held) -> (paths, the recorders active when it was last reported): a tuple of
# files reported again to the same recorders (a template's files, on every face built from
# it: 35 files at each of a big deck's faces) changes nothing either
_REPORTED_ALL: dict[tuple, tuple] = {}


def opened_all(paths: Iterable[str | Path], held: bool = False) -> None:
    """Report every path of ``paths`` (see :func:`opened`)."""
    active = _ACTIVE.get()
    if active:
        key = (id(paths), held) if type(paths) is tuple else None
        if key is not None:
            last = _REPORTED_ALL.get(key)
            if last is not None and last[0] is paths and last[1] is active:
                return
        for path in paths:
            path = path if isinstance(path, Path) else Path(path)
            for recorder in active:
                recorder._record(path, held=held)
        if key is not None:
            if len(_REPORTED_ALL) >= 4096:  # a long studio session's templates read again
                _REPORTED_ALL.clear()
            _REPORTED_ALL[key] = (paths, active)


def reported(elsewhere: ReadRecorder) -> None:
    """Report the files another process read (a forked worker), from its stamped recorder:
    each with the stamp it had when that process first reported it (a file saved after the
    worker read it is then a change, though this process hears of it later), held ones as
    held."""
    for path in elsewhere.files():
        for recorder in _ACTIVE.get():
            recorder._record(path, elsewhere.stamp(path), held=path in elsewhere._held)


@contextmanager
def part() -> Iterator[ReadRecorder]:
    """Record the files read while the block runs into a new recorder (also reported to the
    recorders around it): the reads of one part of a build."""
    with ReadRecorder().recording() as recorder:
        yield recorder


@contextmanager
def unrecorded() -> Iterator[None]:
    """Record nothing read while the block runs (a guess at what may be read, such as the
    templates a component's settings might name: the caller reports what it used)."""
    token = _ACTIVE.set(())
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def remembered(cache: dict, key, make: Callable[[], T]) -> T:
    """Return ``cache[key]``, made by ``make()`` the first time; the files ``make`` read are
    kept with the value and reported again on every later use."""
    entry = cache.get(key)
    if entry is None:
        with part() as reads:
            value = make()
        entry = cache[key] = (value, reads)
    else:
        entry[1].report()
    return entry[0]


def content(path: Path) -> str | None:
    """Return a digest of what ``path`` holds now: a file's bytes, a folder's names (its
    listing), None when it is absent or unreadable."""
    try:
        if path.is_dir():
            return "dir:" + hashlib.sha1("\0".join(sorted(os.listdir(path))).encode()).hexdigest()
        return hashlib.sha1(path.read_bytes()).hexdigest()
    except OSError:
        return None


RACY = 2.0  # seconds: a stamp this close to when it was taken may hide a later save
_UNREAD = object()  # Made.taken: a file old when read, whose stamp alone tells a change


class Made:
    """A value made from files (:func:`kept`): the files it read, each with its stamp and
    content when it was made."""

    def __init__(self, value, recorder: ReadRecorder, taken: dict):
        self.value, self.recorder, self.taken = value, recorder, taken
        self.at = time.time()

    def unchanged(self) -> bool:
        """Return whether every file read holds what it held when the value was made. A file
        whose stamp is as it was, and was already old then, is not read again (a save within
        one timestamp tick of the reading could leave the stamp as it was: such a file's
        content is compared, as git compares a racily clean file)."""
        for path, (was, digest) in self.taken.items():
            now = stamp(path)
            if digest is _UNREAD:  # old when read: its stamp tells (a font is not hashed)
                if now != was:
                    return False
                continue
            if was is not None and now == was and was[0] / 1e9 < self.at - RACY:
                continue
            if content(path) != digest:
                return False
        return True


def kept(cache: dict, key, make: Callable[[], T]) -> T:
    """Return ``cache[key]``'s value if no file it read changed since it was made (by the
    record of reads: every file ``make`` reported, looked for or listed), else ``make()``'s,
    kept for next time; the files are reported as read on every use, as :func:`remembered`.
    A value during whose making a file changed (its stamp moved since it was read) is not
    kept."""
    entry = cache.get(key)
    if entry is not None and entry.unchanged():
        entry.recorder.report()
        return entry.value
    cache.pop(key, None)
    with ReadRecorder(stamped=True).recording() as recorder:
        value = make()
    files = recorder.files()
    racy = time.time() - RACY
    taken = {path: (was, _UNREAD if was is not None and was[0] / 1e9 < racy else content(path))
             for path in files for was in (recorder.stamp(path),)}
    if all(stamp(path) == taken[path][0] for path in files):
        cache[key] = Made(value, recorder, taken)
    return value
