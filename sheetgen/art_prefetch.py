"""Read a component's art in a forked child while this process prepares its faces.

Reading SVG art is about a quarter of preparing a deck with pictures: the Mythology deck reads
66 files, 36 ms of its 124 ms of preparing (issue 21: the cold start of a one-deck build).
Which art a face draws is known only once its template is filled, so the child reads the art
the component's text *names*: every icon or art name written in the component's file and in
the templates it names (and theirs), in the order written, each also as ``set/name`` of every
art set. It sends each art as soon as it is read. When the build needs a name, it takes the
art if it has arrived and reads the file itself if not.

Nothing printed depends on the child: the art is read by the same function from the same file
either way, and a file the child could not read is read (and reported) here. A name the child
guessed wrongly costs only its own time. Only a one-output build on a machine with more than
one core starts it (:mod:`sheetgen.component_build`), as it does the print checks' child.
"""

from __future__ import annotations

import os
import pickle
import re
import signal
import struct
from pathlib import Path

_WORD = re.compile(r"[A-Za-z0-9_.~-]+(?:/[A-Za-z0-9_.~-]+)?")  # a name, or set/name
_HEADER = struct.Struct(">HI")  # a record: name length, pickled art length, name, art
_PIPE_BYTES = 1 << 20  # room for every art of a deck, so the child never waits for a reader


def names_written(first: Path, templates: list[Path], files: dict[str, Path]) -> list[str]:
    """Return the icon and art names (keys of ``files``) written in file ``first`` and in the
    template files it names (and those they name), in the order written.

    A word is taken as a name itself and as ``set/word`` of every art set, so a template's
    ``icon: "fluent/{{ picture }}"`` and an item's ``picture: raven`` give ``fluent/raven``.
    """
    sets = sorted({name.split("/")[0] for name in files if "/" in name})
    by_stem = {}
    for folder in templates:
        for path in sorted(folder.glob("*.yaml")):
            by_stem.setdefault(path.stem, path)
    found: dict[str, None] = {}
    queue, seen = [first], {first}
    while queue:
        try:
            text = queue.pop(0).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the build itself reports an unreadable file
        for word in dict.fromkeys(_WORD.findall(text)):
            for name in (word, *(f"{art_set}/{word}" for art_set in sets)):
                if name in files:
                    found.setdefault(name)
            template = by_stem.get(word)
            if template is not None and template not in seen:
                seen.add(template)
                queue.append(template)
    return list(found)


class ArtPrefetch:
    """A forked child reading ``names`` (paths in ``files``) in order, each sent as read."""

    def __init__(self, names: list[str], files: dict[str, Path]):
        self._arrived: dict[str, bytes] = {}
        self._buffer = bytearray()
        self.finished = False  # the child has sent all it will
        reader, writer = os.pipe()
        try:
            import fcntl

            fcntl.fcntl(writer, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        except (ImportError, AttributeError, OSError):
            pass  # a smaller pipe: the child waits until the build reads
        self._pid = os.fork()
        if self._pid == 0:  # the child: read, send, leave without running exit handlers
            try:
                os.close(reader)
                _send_all(writer, names, files)
            finally:
                os._exit(0)
        os.close(writer)
        os.set_blocking(reader, False)
        self._reader: int | None = reader

    def take(self, name: str):
        """Return the art of ``name`` if the child has sent it (once), else None."""
        if name not in self._arrived:
            self._receive()
        data = self._arrived.pop(name, None)
        return None if data is None else pickle.loads(data)

    def close(self) -> None:
        """Stop the child (its work is no longer needed) and wait for it."""
        if self._reader is None:
            return
        os.close(self._reader)
        self._reader = None
        try:
            os.kill(self._pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self._pid, 0)

    def _receive(self) -> None:
        """Take every whole record the child has written so far."""
        if self._reader is None or self.finished:
            return
        while True:
            try:
                chunk = os.read(self._reader, _PIPE_BYTES)
            except BlockingIOError:
                break
            if not chunk:
                self.finished = True
                break
            self._buffer += chunk
        buffer, start = self._buffer, 0
        while len(buffer) - start >= _HEADER.size:
            name_size, art_size = _HEADER.unpack_from(buffer, start)
            end = start + _HEADER.size + name_size + art_size
            if len(buffer) < end:
                break
            name_end = start + _HEADER.size + name_size
            name = bytes(buffer[start + _HEADER.size:name_end]).decode()
            self._arrived[name] = bytes(buffer[name_end:end])
            start = end
        del buffer[:start]


def _send_all(writer: int, names: list[str], files: dict[str, Path]) -> None:
    """Read each name's art and write it to ``writer`` as one record; skip what fails."""
    from .art.read import read_art  # start-up: the XML reader loads in the child only

    with os.fdopen(writer, "wb") as out:
        for name in names:
            try:
                art = read_art(files[name])
            except (OSError, ValueError):
                continue  # read again by the build, which reports it
            data = pickle.dumps(art, protocol=pickle.HIGHEST_PROTOCOL)
            encoded = name.encode()
            out.write(_HEADER.pack(len(encoded), len(data)) + encoded + data)
            out.flush()
