"""A document's compressed form streams kept in a temporary file, not in memory, until the
document is written (issue 36: a big deck's memory must not grow with its faces).

A big deck draws each distinct face once and never replays it (``draw_form(keep=False)``), so
its compressed content stream (about 5 KB a face) has no use until the file is formatted. The
spool appends each stream to an anonymous temporary file as soon as it is compressed and reads
it back when its form is written: the written bytes are the same, and a form holds only where
its stream is.
"""

from __future__ import annotations

import tempfile
from collections import deque

from .pdf_objects import Deflating, LazyFlateStream

# streams left compressing at most: beyond, the oldest is waited for (memory stays bounded
# however far the compressing thread falls behind)
MAX_PENDING = 16


class SpooledStream(LazyFlateStream):
    """A Flate stream whose compressed content waits in a :class:`StreamSpool` (or, until it
    is spooled, in the worker compressing it)."""

    def __init__(self, spool: "StreamSpool", deflating: Deflating):
        # no bound method of its own kept (a reference cycle): the stream, its content read
        # back as its form is written, would live until the cycle collector ran, so every
        # face's content was in memory again as the file was formatted (issue 36)
        super().__init__(None)
        self.spool = spool
        self.deflating: Deflating | None = deflating
        self.where: tuple[int, int] | None = None  # (offset, length) in the spool

    @property
    def content(self) -> bytes:
        """The compressed content, read back from the spool the first time."""
        if self._content is None:
            self._content = self.spool.read(self)
        return self._content

    @content.setter
    def content(self, value) -> None:
        self._content = value


class StreamSpool:
    """The compressed streams of one document's forms, in a temporary file (opened on first
    use, deleted when closed or collected)."""

    def __init__(self):
        self.file = None
        self.size = 0
        self.pending: deque[SpooledStream] = deque()

    def add(self, deflating: Deflating) -> SpooledStream:
        """Return a stream of the content ``deflating`` is compressing, to be spooled once it
        is done (streams compressed before it are written first: the worker keeps order)."""
        stream = SpooledStream(self, deflating)
        self.pending.append(stream)
        self._write(MAX_PENDING)
        return stream

    def _write(self, keep: int = 0) -> None:
        """Append the pending streams that are compressed to the file, and more (waiting for
        them) until at most ``keep`` wait."""
        while self.pending and (len(self.pending) > keep or self.pending[0].deflating.done):
            stream = self.pending.popleft()
            data = stream.deflating.result()
            if self.file is None:
                self.file = tempfile.TemporaryFile(prefix="sheetgen-spool-")
            self.file.seek(self.size)
            self.file.write(data)
            stream.where, stream.deflating = (self.size, len(data)), None
            self.size += len(data)

    def read(self, stream: SpooledStream) -> bytes:
        """Return the compressed content of ``stream`` (spooling what waits before it)."""
        if stream.where is None:
            self._write()
        offset, length = stream.where
        self.file.seek(offset)
        return self.file.read(length)

    def close(self) -> None:
        """Delete the file (the document is written: nothing will be read again)."""
        if self.file is not None:
            self.file.close()
            self.file = None
