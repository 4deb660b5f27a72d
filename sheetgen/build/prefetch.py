"""Read a component's fonts and art in a forked child while this process prepares its faces.

A cold one-deck build spends its first 0.13 s of preparing on imports (Jinja, ReportLab, the
print checks, the element kinds) before the first face needs a font or a picture; then parsing
the six fonts takes 0.013 s and reading the Mythology deck's 66 SVG files 0.035 s (issue 21:
the cold start). The child does that reading meanwhile: first every font file of the project's
font families, then the art the component's text *names*: every icon or art name written in
the component's file and in the templates it names (and theirs), in the order written, each
also as ``set/name`` of every art set (which art a face draws is known only once its template
is filled). It sends each font and art as soon as it has read it. When the build needs one, it
takes it if it has arrived and reads the file itself if not.

Nothing printed depends on the child: each file is read by the same function either way, and
a file the child could not read is read (and reported) here. A name the child guessed wrongly
costs only its own time. Only a one-output build on a machine with more than one core starts
it (:mod:`sheetgen.build.component_build`), as it does the print checks' child.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import struct
from pathlib import Path

from ..base.child_process import end_child

_WORD = re.compile(r"[A-Za-z0-9_.~-]+(?:/[A-Za-z0-9_.~-]+)?")  # a name, or set/name
_HEADER = struct.Struct(">HI")  # a record: key length, pickled data length, key, data
_PIPE_BYTES = 1 << 20  # room for a deck's fonts and art (the usual most a pipe may hold)
_ART, _FONT = "art:", "font:"  # the keys of the two kinds of record


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


class Prefetch:
    """A forked child reading ``fonts`` (font files) and then ``names`` (art, by name: paths
    in ``files``), each sent as it is read."""

    def __init__(self, fonts: list[Path], names: list[str], files: dict[str, Path]):
        self._arrived: dict[str, bytes] = {}
        # given every record as it arrives, (key, data): a deck's partner (partner.py)
        self.forward = None
        self._buffer = bytearray()
        self.finished = False  # the child has sent all it will
        reader, writer = os.pipe()
        try:
            import fcntl

            fcntl.fcntl(writer, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        except (ImportError, AttributeError, OSError):
            pass  # a smaller pipe: the child waits until the build reads
        try:
            self._pid = os.fork()
        except OSError:  # no process to spare: the caller reads everything itself
            os.close(reader)
            os.close(writer)
            raise
        if self._pid == 0:  # the child: read, send, leave without running exit handlers
            try:
                os.close(reader)
                _send_all(writer, fonts, [(name, files[name]) for name in names])
            finally:
                os._exit(0)
        os.close(writer)
        os.set_blocking(reader, False)
        self._reader: int | None = reader

    def take(self, name: str):
        """Return the :class:`~sheetgen.fill.art.model.Art` of ``name`` if the child has sent it
        (once), else None."""
        data = self._take(_ART + name)
        return None if data is None else pickle.loads(data)

    def take_font(self, path: Path):
        """Return the parsed face of font file ``path`` if the child has sent it (once), else
        None.

        The child sends what it parsed without the file's bytes (a deck's fonts would not fit
        the pipe): they are read here, and must be the bytes it parsed (their SHA-1)."""
        from ..write.font_subsets import face_from_state  # with ReportLab, as the fonts need it

        record = self._take(_FONT + str(path))
        if record is None:
            return None
        state, digest = pickle.loads(record)
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        if hashlib.sha1(data).hexdigest() != digest:
            return None  # the file changed since (or is not what the face holds): parse it
        return face_from_state({**state, "_ttf_data": data})

    def receive_now(self) -> None:
        """Take every record the child has sent so far (a process forked now has them)."""
        self._receive()

    def give(self, key: str, data: bytes) -> None:
        """Keep a record another process received (see :attr:`forward`)."""
        self._arrived[key] = data

    def detach(self) -> None:
        """Stop reading the child in this process (a forked copy: the build that started the
        child reads it, and gives on what this process needs)."""
        if self._reader is not None:
            os.close(self._reader)
        self._reader = self._pid = None
        self.finished = True  # nothing more arrives here but what is given

    def close(self) -> None:
        """Stop the child (its work is no longer needed) and wait for it."""
        if self._reader is None or self._pid is None:
            return
        os.close(self._reader)
        self._reader = None
        end_child(self._pid)

    def _take(self, key: str) -> bytes | None:
        if key not in self._arrived:
            self._receive()
        return self._arrived.pop(key, None)

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
            key_size, data_size = _HEADER.unpack_from(buffer, start)
            end = start + _HEADER.size + key_size + data_size
            if len(buffer) < end:
                break
            key_end = start + _HEADER.size + key_size
            key = bytes(buffer[start + _HEADER.size:key_end]).decode()
            self._arrived[key] = data = bytes(buffer[key_end:end])
            if self.forward is not None:
                self.forward(key, data)
            start = end
        del buffer[:start]


def _send_all(writer: int, fonts: list[Path], art: list[tuple[str, Path]]) -> None:
    """Read each font and each art and write it to ``writer`` as one record; skip what
    fails (the build reads it again and reports it)."""
    with os.fdopen(writer, "wb") as out:
        def send(key: str, value) -> None:
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            encoded = key.encode()
            out.write(_HEADER.pack(len(encoded), len(data)) + encoded + data)
            out.flush()

        if fonts:
            from reportlab.pdfbase.ttfonts import TTFontFace  # in the child only

            from ..write.font_subsets import face_state

            for path in fonts:
                try:
                    face = TTFontFace(str(path))
                except Exception:  # noqa: BLE001 - any fault of a font file: the build says it
                    continue
                state = face_state(face)
                data = state.pop("_ttf_data")
                send(_FONT + str(path), (state, hashlib.sha1(data).hexdigest()))
        if art:
            from ..fill.art.read import read_art  # start-up: the XML reader loads in the child only

            for name, path in art:
                try:
                    value = read_art(path)
                except (OSError, ValueError):
                    continue
                send(_ART + name, value)
