"""Small ReportLab PDF objects that carry work done once: formatted bytes, compressed streams,
and streams compressed on a worker thread while the document draws on."""

from __future__ import annotations

import os
import queue
import threading
import zlib
from typing import Callable

from reportlab.pdfbase import pdfdoc


class Preformatted(pdfdoc.PDFObject):
    """A direct PDF object (written in place, not by reference) given as its formatted bytes.

    Only for bytes that hold no document state (numbers, names), or whose document is fixed.
    """

    def __init__(self, data: bytes):
        self.data = data

    def format(self, document) -> bytes:  # noqa: ARG002 - ReportLab's API
        """Return the bytes."""
        return self.data


_FLATE = pdfdoc.PDFName("FlateDecode")


def flate_stream(compressed: bytes, dictionary: dict | None = None) -> pdfdoc.PDFStream:
    """Return a stream object holding ``compressed`` (content already Flate-compressed).

    ReportLab applies no filter to a stream whose dictionary already names one, so the
    written object is byte for byte the one ReportLab writes when it compresses the content
    itself.
    """
    stream = pdfdoc.PDFStream(content=compressed)
    for key, value in (dictionary or {}).items():
        stream.dictionary[key] = value
    stream.dictionary["Filter"] = pdfdoc.PDFArray([_FLATE])
    return stream


class LazyFlateStream(pdfdoc.PDFStream):
    """A stream of Flate-compressed content asked of ``content_of`` only when the stream is
    written (:class:`Deflating` content may still be compressing); then it is byte for byte
    :func:`flate_stream` of that content."""

    def __init__(self, content_of: Callable[[], bytes]):
        self._content_of = content_of
        super().__init__()
        self.dictionary["Filter"] = pdfdoc.PDFArray([_FLATE])

    @property
    def content(self) -> bytes:
        """The compressed content (waited for the first time)."""
        if self._content is None:
            self._content = self._content_of()
        return self._content

    @content.setter
    def content(self, value) -> None:
        self._content = value


class Deflating:
    """Bytes being compressed (``zlib.compress``, as ReportLab compresses) on a worker thread:
    zlib lets go of the GIL while it deflates, so the next face is drawn meanwhile."""

    def __init__(self, data: bytes):
        self._data = data
        self._error: BaseException | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        """Whether the bytes are compressed (:meth:`result` returns at once)."""
        return self._done.is_set()

    def result(self) -> bytes:
        """Return the compressed bytes, waiting for them."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._data

    def run(self) -> None:
        """Compress (on the worker)."""
        try:
            self._data = zlib.compress(self._data)
        except BaseException as exc:  # noqa: BLE001 - given to whoever waits for the result
            self._error = exc
        self._done.set()


_WORKER: tuple[int, queue.SimpleQueue] | None = None  # (the process it serves, its jobs)


def deflate_soon(data: bytes) -> Deflating:
    """Return ``data`` being compressed on this process's worker thread (started on first use;
    a forked child, which has no copy of the thread, starts its own)."""
    global _WORKER
    if _WORKER is None or _WORKER[0] != os.getpid():
        jobs: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=_deflate_jobs, args=(jobs,), name="sheetgen-deflate",
                         daemon=True).start()
        _WORKER = (os.getpid(), jobs)
    job = Deflating(data)
    _WORKER[1].put(job)
    return job


def _deflate_jobs(jobs: queue.SimpleQueue) -> None:
    while True:
        jobs.get().run()
